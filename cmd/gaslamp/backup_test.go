package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gaslamp/server"
	"gaslamp/store"
)

// TestBackupAndRestore: gaslamp backup copies the database of a data
// directory a server holds (its lock taken, its store open) and says what
// the copy holds; it never replaces a file; gaslamp restore refuses while a
// server holds the directory, and once it is free puts the backup in place
// and the former database aside. Wrong arguments exit 2 with a message.
func TestBackupAndRestore(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	st, err := store.OpenSQLite(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	st.CreateUser(ctx, store.User{ID: "u1", Name: "Irene", Created: now})
	if err := st.CreateAccount(ctx, store.Account{UserID: "u1", Name: "Irene", Key: server.NameKey("Irene"), Password: "p", Created: now}); err != nil {
		t.Fatal(err)
	}
	release, err := lockDataDir(dir)
	if err != nil {
		t.Fatal(err)
	}

	file := filepath.Join(t.TempDir(), "nightly.db")
	code, out, errs := runCaptured(t, "", "backup", "--data", dir, file)
	if code != 0 || !strings.Contains(out, "backup written: "+file) || !strings.Contains(out, "0 tables, 0 moves, 1 account,") {
		t.Fatalf("backup: %d\n%s\n%s", code, out, errs)
	}
	if code, _, errs := runCaptured(t, "", "backup", "--data", dir, file); code != 2 || !strings.Contains(errs, "already exists") {
		t.Fatalf("backup over the same file: %d %s", code, errs)
	}
	for _, bad := range [][]string{{"backup"}, {"backup", "a.db", "b.db"}, {"backup", "--database", "postgres://u:secret@h/db", "x.db"},
		{"restore"}, {"backup", "--frobnicate", "x.db"}} {
		code, _, errs := runCaptured(t, "", bad...)
		if code != 2 || errs == "" || strings.Contains(errs, "secret") {
			t.Fatalf("%v: %d %q", bad, code, errs)
		}
	}
	if code, _, errs := runCaptured(t, "", "backup", "--data", t.TempDir(), filepath.Join(t.TempDir(), "x.db")); code != 1 || !strings.Contains(errs, "no database") {
		t.Fatalf("backup of an empty directory: %d %s", code, errs)
	}

	// More happens after the backup.
	st.CreateUser(ctx, store.User{ID: "u2", Name: "Moriarty", Created: now})
	if err := st.CreateAccount(ctx, store.Account{UserID: "u2", Name: "Moriarty", Key: server.NameKey("Moriarty"), Password: "p", Created: now}); err != nil {
		t.Fatal(err)
	}
	// A --data that names no directory: refused, nothing created.
	missing := filepath.Join(t.TempDir(), "gaslamp-data")
	if code, _, errs := runCaptured(t, "", "restore", "--data", missing, file); code != 1 || !strings.Contains(errs, "no data directory") {
		t.Fatalf("restore into a missing directory: %d %s", code, errs)
	}
	if _, err := os.Stat(missing); err == nil {
		t.Fatal("restore created the missing data directory")
	}
	if code, _, errs := runCaptured(t, "", "restore", "--data", dir, file); code != 1 || !strings.Contains(errs, "is running on the data directory "+dir+": stop it first") {
		t.Fatalf("restore while a server runs: %d %s", code, errs)
	}
	st.Close()
	release()

	code, out, errs = runCaptured(t, "", "restore", "--data", dir, file)
	if code != 0 || !strings.Contains(out, "1 account") || !strings.Contains(out, "the database it replaced is in "+filepath.Join(dir, "before-restore-")) {
		t.Fatalf("restore: %d\n%s\n%s", code, out, errs)
	}
	st, err = store.OpenSQLite(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.AccountByUser(ctx, "u2"); err == nil {
		t.Fatal("the account made after the backup is still there after the restore")
	}
	if _, err := st.AccountByUser(ctx, "u1"); err != nil {
		t.Fatalf("the account in the backup: %v", err)
	}
	aside, _ := filepath.Glob(filepath.Join(dir, "before-restore-*", "gaslamp.db"))
	if len(aside) != 1 {
		t.Fatalf("the former database: %v", aside)
	}
	if fi, err := os.Stat(aside[0]); err != nil || fi.Size() == 0 {
		t.Fatalf("the former database: %v", err)
	}
}

// TestRestoreRefusalsReadPlainly: gaslamp restore of a file that is no
// backup, or is missing, says what is wrong in the admin's words: no
// package prefix ("store:"), no SQLite result code, exit 1, nothing
// changed; a backup into a missing directory names it.
func TestRestoreRefusalsReadPlainly(t *testing.T) {
	dir := emptyDataDir(t)
	files := t.TempDir()
	junk := filepath.Join(files, "junk.db")
	if err := os.WriteFile(junk, []byte(strings.Repeat("not a database ", 100)), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ file, says string }{
		{junk, "not a gaslamp backup: " + junk + " is not an SQLite database (nothing in " + dir + " was changed)"},
		{files, "not a gaslamp backup: " + files + " is a directory"},
		{filepath.Join(files, "missing.db"), "no file " + filepath.Join(files, "missing.db")},
	} {
		code, _, errs := runCaptured(t, "", "restore", "--data", dir, c.file)
		if code != 1 || !strings.Contains(errs, "gaslamp restore: "+c.says) || strings.Contains(strings.TrimPrefix(errs, "gaslamp restore: "), "store:") || strings.Contains(errs, "(26)") {
			t.Errorf("restore %s: exit %d, %q (want 1, saying %q)", c.file, code, errs, c.says)
		}
	}
	missing := filepath.Join(files, "backups")
	code, _, errs := runCaptured(t, "", "backup", "--data", dir, filepath.Join(missing, "b.db"))
	if code != 1 || !strings.Contains(errs, "gaslamp backup: no directory "+missing+" to write b.db in: create it first") {
		t.Errorf("backup into a missing directory: exit %d, %q", code, errs)
	}
}

// TestBackupFlagsAfterTheFile: backup and restore read their flags after
// the file too (gaslamp backup FILE --data DIR), as replay does, instead of
// taking --data for a second file and asking for "one file"; after "--"
// everything is a file.
func TestBackupFlagsAfterTheFile(t *testing.T) {
	dir := emptyDataDir(t)
	file := filepath.Join(t.TempDir(), "nightly.db")
	code, out, errs := runCaptured(t, "", "backup", file, "--data", dir)
	if code != 0 || !strings.Contains(out, "backup written: "+file) {
		t.Fatalf("backup FILE --data DIR: exit %d\n%s\n%s", code, out, errs)
	}
	code, out, errs = runCaptured(t, "", "restore", file, "--data", dir)
	if code != 0 || !strings.Contains(out, "restored "+file+" into "+dir) {
		t.Fatalf("restore FILE --data DIR: exit %d\n%s\n%s", code, out, errs)
	}
	if code, _, errs := runCaptured(t, "", "backup", "--data", dir, "--", file+"2", "--data"); code != 2 || !strings.Contains(errs, "give one file") {
		t.Fatalf("backup -- FILE --data: exit %d, %q", code, errs)
	}
}

// TestBackupIntoADirectory: a backup given a directory for its file says
// that it wants a file name there, with an example (it said "already
// exists: a backup never replaces a file"), exit 2.
func TestBackupIntoADirectory(t *testing.T) {
	dir := emptyDataDir(t)
	backups := t.TempDir()
	code, _, errs := runCaptured(t, "", "backup", "--data", dir, backups)
	if code != 2 || !strings.Contains(errs, backups+" is a directory: give the backup's file name, e.g. "+filepath.Join(backups, "gaslamp-")) {
		t.Fatalf("backup into a directory: exit %d, %q", code, errs)
	}
}

// TestDataIsTheDatabaseFile: --data naming the database file rather than
// its directory (a likely slip) is a usage error that gives the directory
// to use, for every command that takes --data; serve said "data directory:
// mkdir .../gaslamp.db: not a directory", backup "stat ...: not a
// directory".
func TestDataIsTheDatabaseFile(t *testing.T) {
	dir := emptyDataDir(t)
	db := filepath.Join(dir, "gaslamp.db")
	other := filepath.Join(t.TempDir(), "b.db")
	for _, args := range [][]string{
		{"serve", "--addr", "127.0.0.1:0", "--data", db},
		{"backup", "--data", db, other},
		{"restore", "--data", db, other},
		{"admin", "--data", db, "reports"},
		{"to-postgres", "--data", db, "--database", "postgres://gaslamp@127.0.0.1:1/gaslamp"},
	} {
		code, _, errs := runCaptured(t, "", args...)
		if want := "gaslamp " + args[0] + ": --data " + db + " is the database file: give the directory that holds it, --data " + dir + "\n"; code != 2 || errs != want {
			t.Errorf("%s --data FILE: exit %d, %q (want 2, %q)", args[0], code, errs, want)
		}
	}
}

// emptyDataDir returns a new data directory holding an empty, migrated
// SQLite database, as a first serve leaves it.
func emptyDataDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	st, err := store.OpenSQLite(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	return dir
}
