package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"gaslamp/bus"
	"gaslamp/bus/natsbus"
	"gaslamp/internal/servicetest"
	"gaslamp/internal/testscale"
)

func TestServeBackendFlags(t *testing.T) {
	for _, args := range [][]string{
		{"--database", "mysql://root@localhost/x"},
		{"--database", "/var/lib/gaslamp.db"},
		{"--nats", "http://127.0.0.1:4222"},
		{"--nats", "nats://a:4222,127.0.0.1:4222"},
		{"--nats-prefix", "a..b"},
		{"--nats-prefix", "gaslamp.*"},
	} {
		code, _, errOut := runCaptured(t, "", append([]string{"serve", "--addr", "127.0.0.1:0", "--data", t.TempDir()}, args...)...)
		if code != 2 || !strings.Contains(errOut, args[0]) {
			t.Errorf("serve %v: exit %d, stderr %q", args, code, errOut)
		}
	}
	// A server that is not there: exit 1 with a message, no hang.
	code, _, errOut := runCaptured(t, "", "serve", "--addr", "127.0.0.1:0", "--database", "postgres://nobody@127.0.0.1:1/x?connect_timeout=5")
	if code != 1 || !strings.Contains(errOut, "pgstore") {
		t.Errorf("unreachable database: exit %d, stderr %q", code, errOut)
	}
	// A NATS that does not answer at start is retried: see
	// TestServeStartsBeforeNATS.
}

// service returns the URL in the environment variable name, or skips the
// test when it is unset (fails it under CI=true).
func service(t *testing.T, name, what string) string {
	t.Helper()
	return servicetest.URL(t, name, "serving on "+what, "the .ci/run value")
}

// runServer serves with args until the test ends; it returns the address.
func runServer(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	addrc := make(chan string, 1)
	exit := make(chan int, 1)
	go func() {
		exit <- serve(ctx, append([]string{"--addr", "127.0.0.1:0", "--log-level", "error"}, args...),
			func(a net.Addr) { addrc <- a.String() })
	}()
	t.Cleanup(func() {
		cancel()
		if code := <-exit; code != 0 {
			t.Errorf("serve exited %d", code)
		}
	})
	select {
	case a := <-addrc:
		return a
	case code := <-exit:
		exit <- code
		t.Fatalf("serve exited %d before listening", code)
	case <-time.After(testscale.Timeout(30 * time.Second)):
		t.Fatal("serve does not listen")
	}
	return ""
}

func healthy(t *testing.T, addr string) {
	t.Helper()
	res, err := http.Get("http://" + addr + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("/healthz: %s", res.Status)
	}
}

func metrics(t *testing.T, addr string) string {
	t.Helper()
	res, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(body)
}

func TestServeSQLite(t *testing.T) {
	healthy(t, runServer(t, "--data", t.TempDir()))
}

// pgSchema makes a PostgreSQL schema of the test's own on the test server
// (GASLAMP_TEST_POSTGRES), dropped when the test ends, and returns its name,
// a URL whose search_path is that schema, and a direct connection.
func pgSchema(t *testing.T) (schema, dbURL string, conn *pgx.Conn) {
	t.Helper()
	pgURL := service(t, "GASLAMP_TEST_POSTGRES", "PostgreSQL")
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, pgURL)
	if err != nil {
		t.Fatalf("GASLAMP_TEST_POSTGRES: %v", err)
	}
	b := make([]byte, 6)
	rand.Read(b)
	schema = "gaslamp_test_" + hex.EncodeToString(b)
	if _, err := conn.Exec(ctx, `CREATE SCHEMA `+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { // after the servers have stopped (cleanups run last first)
		if _, err := conn.Exec(ctx, `DROP SCHEMA `+schema+` CASCADE`); err != nil {
			t.Errorf("drop schema: %v", err)
		}
		conn.Close(ctx)
	})
	u, err := url.Parse(pgURL)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return schema, u.String(), conn
}

// TestServePostgresNATS serves two nodes on one PostgreSQL schema and one
// NATS prefix of their own.
func TestServePostgresNATS(t *testing.T) {
	schema, dbURL, conn := pgSchema(t)
	natsURL := service(t, "GASLAMP_TEST_NATS", "NATS")
	ctx := context.Background()
	prefix := "gaslamp_test." + strings.TrimPrefix(schema, "gaslamp_test_")
	args := []string{"--database", dbURL, "--nats", natsURL, "--nats-prefix", prefix}
	nodes := []string{runServer(t, args...), runServer(t, args...)}
	for _, a := range nodes {
		healthy(t, a)
	}
	// A notice on the deployment's subject reaches both nodes' servers.
	nb, err := natsbus.Connect(natsURL, prefix)
	if err != nil {
		t.Fatal(err)
	}
	defer nb.Close()
	for _, a := range nodes {
		deadline := time.Now().Add(testscale.Timeout(20 * time.Second))
		for !regexp.MustCompile(`(?m)^gaslamp_bus_notices_total [1-9]`).MatchString(metrics(t, a)) {
			if time.Now().After(deadline) {
				t.Fatalf("node %s heard no notice:\n%s", a, metrics(t, a))
			}
			nb.Publish(bus.Notice{Table: "t", Version: 1, Kind: "move"})
			time.Sleep(50 * time.Millisecond)
		}
	}
	var n int
	if err := conn.QueryRow(ctx, `SELECT COUNT(*) FROM `+schema+`.schema_migrations`).Scan(&n); err != nil || n == 0 {
		t.Fatalf("schema not migrated: %d rows, %v", n, err)
	}
}
