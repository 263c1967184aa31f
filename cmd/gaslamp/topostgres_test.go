package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"gaslamp/store"
)

// TestToPostgres: gaslamp to-postgres copies a stopped node's SQLite data
// into an empty PostgreSQL schema and lists what it copied; it refuses while
// a server holds the data directory, refuses a database that already holds
// data, and exits 2 on wrong flags without printing a password.
func TestToPostgres(t *testing.T) {
	schema, dst, conn := pgSchema(t)
	ctx := context.Background()

	dir := t.TempDir()
	st, err := store.OpenSQLite(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	st.CreateUser(ctx, store.User{ID: "u1", Name: "Irene", Created: time.Now()})
	release, err := lockDataDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runCaptured(t, "", "to-postgres", "--data", dir, "--database", dst); code != 1 || !strings.Contains(errs, "is running on the data directory "+dir+": stop it first") {
		t.Fatalf("while a server runs: %d %s", code, errs)
	}
	st.Close()
	release()

	for _, bad := range [][]string{{"to-postgres", "--data", dir}, {"to-postgres", "--data", dir, "--database", "mysql://u:secret@h/db"},
		{"to-postgres", "--data", dir, "--database", "postgres://u:secret@h:bad/db"}, {"to-postgres", "--data", dir, "--database", dst, "extra"}} {
		code, _, errs := runCaptured(t, "", bad...)
		if code != 2 || errs == "" || strings.Contains(errs, "secret") {
			t.Fatalf("%v: %d %q", bad, code, errs)
		}
	}

	code, out, errs := runCaptured(t, "", "to-postgres", "--data", dir, "--database", dst)
	if code != 0 || !strings.Contains(out, "users") || !strings.Contains(out, "start the nodes with --database") {
		t.Fatalf("to-postgres: %d\n%s\n%s", code, out, errs)
	}
	var n int
	if err := conn.QueryRow(ctx, `SELECT COUNT(*) FROM `+schema+`.users WHERE name = 'Irene'`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("the user in PostgreSQL: %d, %v", n, err)
	}
	if code, _, errs := runCaptured(t, "", "to-postgres", "--data", dir, "--database", dst); code != 1 || !strings.Contains(errs, "already holds gaslamp data") {
		t.Fatalf("into a filled database: %d %s", code, errs)
	}
}

// TestToPostgresWithoutDatabase: to-postgres from a data directory that
// holds no database says so before PostgreSQL is reached (it migrated the
// target, then failed with "pgstore: import: no database in DIR: stat ...");
// the unreachable URL here would fail otherwise.
func TestToPostgresWithoutDatabase(t *testing.T) {
	dir := t.TempDir()
	code, _, errs := runCaptured(t, "", "to-postgres", "--data", dir, "--database", "postgres://gaslamp:secret@127.0.0.1:1/gaslamp")
	if code != 1 || !strings.Contains(errs, "gaslamp to-postgres: no gaslamp database in "+dir) || strings.Contains(errs, "secret") {
		t.Fatalf("to-postgres from an empty directory: exit %d, %q", code, errs)
	}
}
