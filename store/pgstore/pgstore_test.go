package pgstore

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"gaslamp/internal/servicetest"
	"gaslamp/store"
	"gaslamp/store/storetest"
)

// The tests run against the PostgreSQL server named by GASLAMP_TEST_POSTGRES
// (e.g. postgres://postgres@127.0.0.1:5432/test), each in a schema of its own
// that it drops at the end.

// serverURL returns the test server's URL, or skips the test when none is
// given (fails it under CI=true, where PostgreSQL must be tested).
func serverURL(t *testing.T) string {
	t.Helper()
	return servicetest.URL(t, "GASLAMP_TEST_POSTGRES", "PostgreSQL", "postgres://postgres@127.0.0.1:5432/test")
}

// withSearchPath returns the connection string u with its search_path set
// to schema.
func withSearchPath(t *testing.T, u, schema string) string {
	t.Helper()
	if strings.HasPrefix(u, "postgres://") || strings.HasPrefix(u, "postgresql://") {
		p, err := url.Parse(u)
		if err != nil {
			t.Fatal(err)
		}
		q := p.Query()
		q.Set("search_path", schema)
		p.RawQuery = q.Encode()
		return p.String()
	}
	return u + " search_path=" + schema
}

// newSchema creates an empty schema private to the test, dropped when the
// test ends, and returns a connection string that uses it and a direct
// connection to the database.
func newSchema(t *testing.T) (string, *pgx.Conn) {
	t.Helper()
	u := serverURL(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, u)
	if err != nil {
		t.Fatalf("GASLAMP_TEST_POSTGRES: %v", err)
	}
	b := make([]byte, 6)
	rand.Read(b)
	schema := "gaslamp_test_" + hex.EncodeToString(b)
	if _, err := conn.Exec(ctx, `CREATE SCHEMA `+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if _, err := conn.Exec(ctx, `DROP SCHEMA `+schema+` CASCADE`); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
		conn.Close(ctx)
	})
	if _, err := conn.Exec(ctx, `SET search_path = `+schema); err != nil {
		t.Fatal(err)
	}
	return withSearchPath(t, u, schema), conn
}

func TestConformance(t *testing.T) {
	serverURL(t)
	storetest.Run(t, func(t *testing.T) storetest.DB {
		u, conn := newSchema(t)
		return storetest.DB{
			Open: func() (store.Store, error) { return Open(context.Background(), u) },
			Count: func(query string) (int, error) {
				var n int
				err := conn.QueryRow(context.Background(), query).Scan(&n)
				return n, err
			},
		}
	})
}

// TestConcurrentStarts opens the store from several goroutines at once on a
// fresh schema, as nodes starting together would: each migration is applied
// once and every store works.
func TestConcurrentStarts(t *testing.T) {
	u, conn := newSchema(t)
	ctx := context.Background()
	const nodes = 6
	stores := make([]*Store, nodes)
	errs := make([]error, nodes)
	var wg sync.WaitGroup
	for i := range nodes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			stores[i], errs[i] = Open(ctx, u)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("node %d: %v", i, err)
		}
		defer stores[i].Close()
	}
	var n int
	if err := conn.QueryRow(ctx, `SELECT COUNT(*) FROM schema_migrations`).Scan(&n); err != nil || n != len(store.Migrations) {
		t.Fatalf("%d migration rows, %v", n, err)
	}
	if err := stores[0].CreateUser(ctx, store.User{ID: "u", Name: "A"}); err != nil {
		t.Fatal(err)
	}
	if u, err := stores[nodes-1].User(ctx, "u"); err != nil || u.Name != "A" {
		t.Fatalf("%+v %v", u, err)
	}
}

func TestOpenErrors(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if _, err := Open(ctx, "postgres://127.0.0.1:1/nothing?connect_timeout=5"); err == nil {
		t.Fatal("opened a server that does not exist")
	}
	if _, err := Open(ctx, "mysql://x"); err == nil {
		t.Fatal("opened a URL that is not PostgreSQL's")
	}
	u := serverURL(t)
	_, err := Open(ctx, withSearchPath(t, u, "gaslamp_no_such_schema"))
	if err == nil || !strings.Contains(err.Error(), "no existing schema") {
		t.Fatalf("missing schema: %v", err)
	}
}

// TestMoveStored checks the reading back used when a write's outcome is
// unknown: only the very move counts as stored.
func TestMoveStored(t *testing.T) {
	u, _ := newSchema(t)
	ctx := context.Background()
	s, err := Open(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.CreateTable(ctx, store.Table{ID: "t", Game: "g", Status: store.StatusRunning}); err != nil {
		t.Fatal(err)
	}
	m := store.Move{Table: "t", Seq: 1, Seat: 1, Move: []byte(`{"a":1}`), At: time.UnixMilli(12345)}
	if s.moveStored(ctx, m) {
		t.Fatal("a move not written is stored")
	}
	if err := s.AppendMove(ctx, m); err != nil {
		t.Fatal(err)
	}
	if !s.moveStored(ctx, m) {
		t.Fatal("the written move is not stored")
	}
	for _, other := range []store.Move{
		{Table: "t", Seq: 1, Seat: 0, Move: m.Move, At: m.At},
		{Table: "t", Seq: 1, Seat: 1, Move: []byte(`{"a":2}`), At: m.At},
		{Table: "t", Seq: 1, Seat: 1, Move: m.Move, At: m.At.Add(time.Millisecond)},
		{Table: "t", Seq: 2, Seat: 1, Move: m.Move, At: m.At},
	} {
		if s.moveStored(ctx, other) {
			t.Fatalf("%+v counted as stored", other)
		}
	}
}

// TestSessionExpiryMigration opens a schema at version 1 holding an old
// session and checks that migration 2 counts it as seen when the migration
// ran (its "?" is bound to that time): the upgrade signs nobody out.
func TestSessionExpiryMigration(t *testing.T) {
	u, conn := newSchema(t)
	ctx := context.Background()
	saved := store.Migrations
	store.Migrations = saved[:1]
	s, err := Open(ctx, u)
	store.Migrations = saved
	if err != nil {
		t.Fatal(err)
	}
	created := time.Now().Add(-400 * 24 * time.Hour)
	if err := s.CreateUser(ctx, store.User{ID: "u1", Name: "Alice", Created: created}); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, `INSERT INTO sessions (token_hash, user_id, csrf, created) VALUES ($1, $2, $3, $4)`,
		store.Hash("old"), "u1", "c", created.UnixMilli()); err != nil {
		t.Fatal(err)
	}
	s.Close()
	before := time.Now().Add(-time.Second)
	if s, err = Open(ctx, u); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v, _ := s.SchemaVersion(ctx); v < 2 {
		t.Fatalf("schema version %d", v)
	}
	x, _, err := s.SessionByHash(ctx, store.Hash("old"))
	if err != nil {
		t.Fatal(err)
	}
	if x.LastSeen.Before(before) || x.LastSeen.After(time.Now().Add(time.Second)) || x.Created.UnixMilli() != created.UnixMilli() {
		t.Fatalf("old session after the migration: created %v, last seen %v", x.Created, x.LastSeen)
	}
}

// TestMoveRetriedOnKilledConnection: the database kills the pool's idle
// connections (pg_terminate_backend, as an admin or a failover would); the
// next move is retried once on a fresh connection and stored, and the
// player never sees a refusal. A duplicate stays a conflict.
func TestMoveRetriedOnKilledConnection(t *testing.T) {
	u, admin := newSchema(t)
	ctx := context.Background()
	// A name of its own, so that only this store's connections are killed
	// (other tests share the database, in parallel packages too).
	b := make([]byte, 6)
	rand.Read(b)
	app := "gaslamp_killtest_" + hex.EncodeToString(b)
	pu, err := url.Parse(u)
	if err != nil {
		t.Fatal(err)
	}
	q := pu.Query()
	q.Set("application_name", app)
	pu.RawQuery = q.Encode()
	s, err := Open(ctx, pu.String())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.CreateTable(ctx, store.Table{ID: "t", Game: "g", Status: store.StatusRunning}); err != nil {
		t.Fatal(err)
	}
	at := time.UnixMilli(1000)
	for seq := int64(1); seq <= 5; seq++ {
		// Make sure the pool holds an idle connection, then kill every
		// connection of this database but the admin's own.
		if err := s.AppendMove(ctx, store.Move{Table: "t", Seq: seq*2 - 1, Move: []byte(`{}`), At: at}); err != nil {
			t.Fatalf("move %d: %v", seq*2-1, err)
		}
		var killed int
		if err := admin.QueryRow(ctx, `SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
			WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = $1) k`, app).Scan(&killed); err != nil {
			t.Fatal(err)
		}
		if killed == 0 {
			t.Fatal("no connection of the store was found to kill")
		}
		if err := s.AppendMove(ctx, store.Move{Table: "t", Seq: seq * 2, Move: []byte(`{}`), At: at}); err != nil {
			t.Fatalf("move %d after the store's connections were killed: %v", seq*2, err)
		}
	}
	if s.Retries() == 0 {
		t.Fatal("no move needed a retry: the test did not kill a connection in use")
	}
	ms, err := s.Moves(ctx, "t")
	if err != nil || len(ms) != 10 {
		t.Fatalf("%d moves stored, %v", len(ms), err)
	}
	if err := s.AppendMove(ctx, store.Move{Table: "t", Seq: 3, Move: []byte(`{"other":1}`), At: at}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a different move at a taken seq: %v", err)
	}
}

// TestSchemaNewerRefused: a database migrated by a newer gaslamp is refused
// at open, as with SQLite.
func TestSchemaNewerRefused(t *testing.T) {
	u, conn := newSchema(t)
	ctx := context.Background()
	s, err := Open(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	next := store.Migrations[len(store.Migrations)-1].Version + 1
	if _, err := conn.Exec(ctx, `INSERT INTO schema_migrations (version, name, applied) VALUES ($1, 'from the future', 0)`, next); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(ctx, u); !errors.Is(err, store.ErrSchemaNewer) {
		t.Fatalf("opening a newer database: %v", err)
	}
}
