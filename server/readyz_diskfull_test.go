package server

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"slices"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"gaslamp/store"
)

// fullDiskStore is a store whose disk is full: its heartbeat (the write
// /readyz tries) fails with err, as SQLite's or PostgreSQL's does then.
type fullDiskStore struct {
	store.Store
	err error
}

func (s fullDiskStore) Heartbeat(context.Context, string) error { return s.err }

// TestReadyNamesFullDisk: /readyz of a node whose store refuses writes
// because the disk is full says so among its issues (it said only "the
// store does not take writes"), still 503 with store "refusing writes".
// PostgreSQL's full disk (SQLSTATE 53100, disk_full, as pgx returns it) is
// named too, and a PostgreSQL refusal of another kind is not.
func TestReadyNamesFullDisk(t *testing.T) {
	for _, c := range []struct {
		name string
		err  error
		full bool
	}{
		{"sqlite", fmt.Errorf("store: heartbeat: %w", &os.PathError{Op: "write", Path: "gaslamp.db-wal", Err: syscall.ENOSPC}), true},
		{"postgres", fmt.Errorf("pgstore: heartbeat: %w", &pgconn.PgError{Severity: "ERROR", Code: "53100", Message: `could not extend file "base/16384/16501": No space left on device`}), true},
		{"postgres read-only", fmt.Errorf("pgstore: heartbeat: %w", &pgconn.PgError{Severity: "ERROR", Code: "25006", Message: "cannot execute UPDATE in a read-only transaction"}), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			base, err := store.OpenSQLite(context.Background(), dir)
			if err != nil {
				t.Fatal(err)
			}
			e := newEnvWithStore(t, dir, fullDiskStore{base, c.err}, nil)
			var ready readiness
			code := getJSON(t, e.url+"/readyz", &ready)
			named := slices.Contains(ready.Issues, "the store does not take writes: the disk is full")
			if code != http.StatusServiceUnavailable || ready.Store != "refusing writes" || named != c.full ||
				!c.full && !slices.Contains(ready.Issues, "the store does not take writes") {
				t.Fatalf("/readyz with the heartbeat failing with %v: %d %+v", c.err, code, ready)
			}
		})
	}
}
