package server

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"slices"
	"syscall"
	"testing"

	"gaslamp/store"
)

// fullDiskStore is a store whose disk is full: its heartbeat (the write
// /readyz tries) fails as SQLite's does then.
type fullDiskStore struct{ store.Store }

func (fullDiskStore) Heartbeat(context.Context, string) error {
	return fmt.Errorf("store: heartbeat: %w", &os.PathError{Op: "write", Path: "gaslamp.db-wal", Err: syscall.ENOSPC})
}

// TestReadyNamesFullDisk: /readyz of a node whose store refuses writes
// because the disk is full says so among its issues (it said only "the
// store does not take writes"), still 503 with store "refusing writes".
func TestReadyNamesFullDisk(t *testing.T) {
	dir := t.TempDir()
	base, err := store.OpenSQLite(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	e := newEnvWithStore(t, dir, fullDiskStore{base}, nil)
	var ready readiness
	if code := getJSON(t, e.url+"/readyz", &ready); code != http.StatusServiceUnavailable || ready.Store != "refusing writes" ||
		!slices.Contains(ready.Issues, "the store does not take writes: the disk is full") {
		t.Fatalf("/readyz on a full disk: %d %+v", code, ready)
	}
}
