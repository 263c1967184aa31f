//go:build unix

package store

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestRestoreKeepsOwner: a restore run as root gives the restored database
// the owner of the one it replaces, so that the service's user can open it
// (it was left to root, mode 0600, and serve then failed with "unable to
// open database file").
func TestRestoreKeepsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("the owner of a restored file is checked as root only")
	}
	ctx := context.Background()
	dir := t.TempDir()
	s := open(t, dir)
	newTable(t, s, "t1")
	s.Close()
	backup := filepath.Join(t.TempDir(), "backup.db")
	if _, err := BackupSQLite(ctx, dir, backup); err != nil {
		t.Fatal(err)
	}
	const uid, gid = 65534, 65534 // nobody
	if err := os.Chown(dbFile(dir), uid, gid); err != nil {
		t.Fatal(err)
	}
	if _, err := RestoreSQLite(ctx, dir, backup, time.Now()); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(dbFile(dir))
	if err != nil {
		t.Fatal(err)
	}
	if s := st.Sys().(*syscall.Stat_t); s.Uid != uid || s.Gid != gid {
		t.Fatalf("the restored database is owned by %d:%d, want %d:%d (the one it replaced)", s.Uid, s.Gid, uid, gid)
	}
}
