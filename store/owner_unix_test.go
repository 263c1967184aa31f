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

// TestNewDatabaseOwnerOnly: a new database and its WAL are readable by
// their owner only (0600), even in a data directory others may enter and
// under a umask of 022: SQLite alone made them 0644, and the database holds
// password and session hashes and e-mail addresses.
func TestNewDatabaseOwnerOnly(t *testing.T) {
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	s := open(t, dir)
	defer s.Close()
	newTable(t, s, "t1") // a write, so that the WAL exists
	for _, name := range []string{"gaslamp.db", "gaslamp.db-wal"} {
		st, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %v, want 0600", name, st.Mode().Perm())
		}
	}
}
