package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"gaslamp/internal/testscale"
)

// TestRedactURLHidesEverySecret: a password, a NATS token (the user part
// alone) and password-like query parameters never show in what serve logs
// or prints of a URL, parsed or not.
func TestRedactURLHidesEverySecret(t *testing.T) {
	for _, c := range []struct{ url, secret, keep string }{
		{"postgres://u:PWSECRET@h/db", "PWSECRET", "postgres://u:xxxxx@h/db"},
		{"postgres://u@h/db?password=QSECRET&sslmode=disable", "QSECRET", "sslmode=disable"},
		{"postgresql://u@h/db?sslpassword=SSLSECRET", "SSLSECRET", "postgresql://u@h/db"},
		{"nats://TOKSECRET@h:4222", "TOKSECRET", "nats://xxxxx@h:4222"},
		{"tls://u:NPWSECRET@h:4222", "NPWSECRET", "tls://"},
		{"nats://h:4222?token=QTOKSECRET", "QTOKSECRET", "nats://h:4222"},
	} {
		got := redactURL(c.url)
		if strings.Contains(got, c.secret) || !strings.Contains(got, c.keep) {
			t.Errorf("redactURL(%q) = %q: want no %q and %q kept", c.url, got, c.secret, c.keep)
		}
		err := scrubSecrets(fmt.Errorf("driver: cannot use %q", c.url), c.url)
		if strings.Contains(err.Error(), c.secret) {
			t.Errorf("scrubSecrets left %q in %q", c.secret, err)
		}
	}
	// An escaped secret is hidden as written and unescaped.
	err := scrubSecrets(errors.New(`bad "nats://TOK%41SECRET@h" (TOKASECRET)`), "nats://TOK%41SECRET@h")
	if s := err.Error(); strings.Contains(s, "TOK%41SECRET") || strings.Contains(s, "TOKASECRET") {
		t.Errorf("scrubSecrets: %q", s)
	}
	// A user name without a password is no secret outside NATS.
	if got := redactURL("postgres://gaslamp@h/db"); got != "postgres://gaslamp@h/db" {
		t.Errorf("redactURL hid a PostgreSQL user: %q", got)
	}
}

// TestServeStartsBeforeNATS: a node whose NATS does not answer at start
// serves, says so in /readyz (503, the bus disconnected) while /livez stays
// 200, and connects once NATS is up, /readyz then 200. It runs on the
// PostgreSQL of GASLAMP_TEST_POSTGRES and starts a nats-server of its own
// (the one .ci/run installs).
func TestServeStartsBeforeNATS(t *testing.T) {
	bin, err := exec.LookPath("nats-server")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("nats-server not found: under CI=true it must be installed (.ci/run does)")
		}
		t.Skip("nats-server not found (apt-get install nats-server)")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	_, dbURL, _ := pgSchema(t)
	addr := runServer(t, "--database", dbURL, "--nats", fmt.Sprintf("nats://TOKSECRET@127.0.0.1:%d", port))

	ready := func() (int, map[string]any) {
		res, err := http.Get("http://" + addr + "/readyz")
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var body map[string]any
		json.NewDecoder(res.Body).Decode(&body)
		return res.StatusCode, body
	}
	if code, body := ready(); code != http.StatusServiceUnavailable || body["bus"] != "disconnected" {
		t.Fatalf("/readyz before NATS: %d %v, want 503 with the bus disconnected", code, body)
	}
	if res, err := http.Get("http://" + addr + "/livez"); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("/livez before NATS: %v %v", res, err)
	}

	ns := exec.Command(bin, "-a", "127.0.0.1", "-p", fmt.Sprint(port), "--auth", "TOKSECRET")
	if err := ns.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ns.Process.Kill(); ns.Wait() })
	deadline := time.Now().Add(testscale.Timeout(30 * time.Second))
	for {
		code, body := ready()
		if code == http.StatusOK && body["bus"] == "ok" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("/readyz once NATS is up: %d %v, want 200 with the bus ok", code, body)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestServeWarnsDataUnused: serve given --data with --database says in its
// log that --data is not used (it was silently ignored: an admin moving to
// PostgreSQL could believe the SQLite data came along).
func TestServeWarnsDataUnused(t *testing.T) {
	dir := t.TempDir()
	// PostgreSQL is unreachable here: serve stops after the warning.
	code, _, errs := runCaptured(t, "", "serve", "--addr", "127.0.0.1:0", "--data", dir, "--database", "postgres://gaslamp:secret@127.0.0.1:1/gaslamp")
	if code != 1 || !strings.Contains(errs, `"msg":"--data is not used with --database`) || strings.Contains(errs, "secret") {
		t.Fatalf("serve --data --database: exit %d\n%s", code, errs)
	}
	if code, _, errs := runCaptured(t, "", "serve", "--addr", "127.0.0.1:0", "--database", "postgres://gaslamp@127.0.0.1:1/gaslamp"); code != 1 || strings.Contains(errs, "--data is not used") {
		t.Fatalf("serve --database alone: exit %d\n%s", code, errs)
	}
}
