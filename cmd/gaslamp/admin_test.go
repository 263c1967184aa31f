package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"gaslamp/internal/servicetest"
	"gaslamp/server"
	"gaslamp/store"
	"gaslamp/store/pgstore"
)

// TestAdmin: gaslamp admin lists the open reports with their context,
// resolves one, suspends an account (ending its sessions) and lifts the
// suspension, on the SQLite data directory of a server that holds its
// lock; bad input gets a clear message and changes nothing.
func TestAdmin(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	st, err := store.OpenSQLite(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	for _, u := range []struct{ id, name string }{{"u1", "Irene"}, {"u2", "Moriarty"}} {
		st.CreateUser(ctx, store.User{ID: u.id, Name: u.name, Created: now})
		if err := st.CreateAccount(ctx, store.Account{UserID: u.id, Name: u.name, Key: server.NameKey(u.name), Password: "p", Created: now}); err != nil {
			t.Fatal(err)
		}
	}
	st.CreateSession(ctx, store.Session{TokenHash: "h1", UserID: "u2", CSRF: "c", Created: now})
	rc, _ := json.Marshal(server.ReportContext{Table: "t1", Game: "pocket", ReporterName: "Irene", ReportedName: "Moriarty",
		Lines: []server.ReportLine{{Seq: 3, Name: "Moriarty", Text: "you will lose, Holmes", At: now, Reported: true}}})
	if err := st.AddReport(ctx, store.Report{ID: "r_1", Reporter: "u1", Reported: "u2", Table: "t1", ChatSeq: 3, Reason: "threats", Context: rc, Created: now}); err != nil {
		t.Fatal(err)
	}
	// A server runs on the directory: it holds the lock, the store is
	// open.
	release, err := lockDataDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	defer st.Close()

	code, out, errs := runCaptured(t, "", "admin", "--data", dir, "reports")
	if code != 0 || !strings.Contains(out, "r_1") || !strings.Contains(out, "Irene reported Moriarty (account): chat line 3, at table t1 (pocket)") ||
		!strings.Contains(out, "reason: threats") || !strings.Contains(out, ">    3") || !strings.Contains(out, "you will lose, Holmes") {
		t.Fatalf("reports: %d\n%s\n%s", code, out, errs)
	}
	if code, _, errs := runCaptured(t, "", "admin", "--data", dir, "resolve", "r_9"); code != 1 || !strings.Contains(errs, `no open report "r_9"`) {
		t.Fatalf("resolve of no report: %d %s", code, errs)
	}
	if code, out, _ := runCaptured(t, "", "admin", "--data", dir, "resolve", "r_1"); code != 0 || !strings.Contains(out, "resolved") {
		t.Fatalf("resolve: %d %s", code, out)
	}
	if code, out, _ := runCaptured(t, "", "admin", "--data", dir, "reports"); code != 0 || !strings.Contains(out, "No open report.") {
		t.Fatalf("reports after resolve: %d %s", code, out)
	}
	if code, out, _ := runCaptured(t, "", "admin", "--data", dir, "reports", "--all"); code != 0 || !strings.Contains(out, "resolved 20") {
		t.Fatalf("all reports: %d %s", code, out)
	}

	for _, bad := range [][]string{
		{"suspend"}, {"suspend", "nobody"}, {"suspend", "Moriarty", "--until", "tomorrow"}, {"suspend", "Moriarty", "--until", "2001-01-01"},
		{"unsuspend", "Moriarty", "extra"}, {"frobnicate"},
	} {
		code, _, errs := runCaptured(t, "", append([]string{"admin", "--data", dir}, bad...)...)
		if code == 0 || errs == "" {
			t.Fatalf("%v: %d %q", bad, code, errs)
		}
	}
	if a, _ := st.AccountByUser(ctx, "u2"); !a.SuspendedUntil.IsZero() {
		t.Fatalf("bad input suspended %+v", a)
	}
	until := now.AddDate(0, 0, 7).Format(time.DateOnly)
	code, out, errs = runCaptured(t, "", "admin", "--data", dir, "suspend", "moriarty", "--until", until, "--reason", "threats in chat")
	if code != 0 || !strings.Contains(out, "Moriarty is suspended until "+until) || !strings.Contains(out, "1 session ended") {
		t.Fatalf("suspend: %d %s %s", code, out, errs)
	}
	a, _ := st.AccountByUser(ctx, "u2")
	if !a.Suspended(now) || a.SuspendReason != "threats in chat" || a.SuspendedUntil.Format(time.DateOnly) != until {
		t.Fatalf("suspended account %+v", a)
	}
	// The list of suspended accounts shows it, its end and its reason.
	if code, out, _ := runCaptured(t, "", "admin", "--data", dir, "suspended"); code != 0 || !strings.Contains(out, "Moriarty  until "+until) || !strings.Contains(out, "reason: threats in chat") {
		t.Fatalf("suspended: %d %s", code, out)
	}
	if _, _, err := st.SessionByHash(ctx, "h1"); err == nil {
		t.Fatal("the suspended account's session is still there")
	}
	if code, out, _ := runCaptured(t, "", "admin", "--data", dir, "suspend", "Moriarty"); code != 0 || !strings.Contains(out, "until unsuspended") {
		t.Fatalf("suspend without an end: %d %s", code, out)
	}
	if code, out, _ := runCaptured(t, "", "admin", "--data", dir, "unsuspend", "Moriarty"); code != 0 || !strings.Contains(out, "no longer suspended") {
		t.Fatalf("unsuspend: %d %s", code, out)
	}
	if a, _ := st.AccountByUser(ctx, "u2"); a.Suspended(now) {
		t.Fatalf("still suspended %+v", a)
	}
	if code, out, _ := runCaptured(t, "", "admin", "--data", dir, "suspended"); code != 0 || !strings.Contains(out, "No account is suspended.") {
		t.Fatalf("suspended after unsuspend: %d %s", code, out)
	}
	// A reported guest: signed out by end-guest (it has no account to
	// suspend); a report about an account is sent to suspend.
	st.CreateUser(ctx, store.User{ID: "g1", Name: "Spammer", Created: now})
	st.CreateSession(ctx, store.Session{TokenHash: "hg1", UserID: "g1", CSRF: "c", Created: now})
	st.CreateSession(ctx, store.Session{TokenHash: "hg2", UserID: "g1", CSRF: "c", Created: now})
	st.CreateSession(ctx, store.Session{TokenHash: "hi", UserID: "u1", CSRF: "c", Created: now})
	rcg, _ := json.Marshal(server.ReportContext{Table: "t1", Game: "pocket", ReporterName: "Irene", ReportedName: "Spammer"})
	if err := st.AddReport(ctx, store.Report{ID: "r_2", Reporter: "u1", Reported: "g1", Table: "t1", Reason: "spam", Context: rcg, Created: now}); err != nil {
		t.Fatal(err)
	}
	for _, bad := range [][]string{{"end-guest"}, {"end-guest", "r_9"}, {"end-guest", "r_1"}, {"end-guest", "r_2", "extra"}} {
		if code, _, errs := runCaptured(t, "", append([]string{"admin", "--data", dir}, bad...)...); code == 0 || errs == "" {
			t.Fatalf("%v: %d %q", bad, code, errs)
		}
	}
	if code, _, errs := runCaptured(t, "", "admin", "--data", dir, "end-guest", "r_1"); !strings.Contains(errs, "gaslamp admin suspend Moriarty") {
		t.Fatalf("end-guest of an account's report: %d %s", code, errs)
	}
	code, out, errs = runCaptured(t, "", "admin", "--data", dir, "end-guest", "r_2")
	if code != 0 || !strings.Contains(out, "Guest Spammer signed out: 2 sessions ended") || !strings.Contains(out, "--guest-chat=false") {
		t.Fatalf("end-guest: %d %s %s", code, out, errs)
	}
	for _, h := range []string{"hg1", "hg2"} {
		if _, _, err := st.SessionByHash(ctx, h); err == nil {
			t.Fatalf("the guest's session %s is still there", h)
		}
	}
	if _, _, err := st.SessionByHash(ctx, "hi"); err != nil {
		t.Fatalf("another user's session went too: %v", err)
	}
	// A reset link, for an account whose site sends no mail (its use is
	// server.TestAccountRecovery's).
	for _, bad := range [][]string{{"reset-link"}, {"reset-link", "Irene"}, {"reset-link", "Irene", "--url", "play.example.org"},
		{"reset-link", "Irene", "--url", "https://play.example.org/t/x"}, {"reset-link", "nobody", "--url", "https://play.example.org"}} {
		if code, _, errs := runCaptured(t, "", append([]string{"admin", "--data", dir}, bad...)...); code == 0 || errs == "" {
			t.Fatalf("%v: %d %q", bad, code, errs)
		}
	}
	code, out, errs = runCaptured(t, "", "admin", "--data", dir, "reset-link", "irene", "--url", "https://play.example.org/")
	if code != 0 || !strings.Contains(out, "A link for Irene") || !strings.Contains(out, "\nhttps://play.example.org/account/reset?t=") {
		t.Fatalf("reset-link: %d %s %s", code, out, errs)
	}
	if code, _, errs := runCaptured(t, "", "admin", "--data", t.TempDir()+"/none", "reports"); code != 1 || !strings.Contains(errs, "no data directory") {
		t.Fatalf("no data directory: %d %s", code, errs)
	}
	// A directory without a database: refused, no database created in it.
	empty := t.TempDir()
	if code, _, errs := runCaptured(t, "", "admin", "--data", empty, "reports"); code != 1 || !strings.Contains(errs, "no gaslamp database") {
		t.Fatalf("a directory without a database: %d %s", code, errs)
	}
	if _, err := os.Stat(filepath.Join(empty, "gaslamp.db")); err == nil {
		t.Fatal("admin created a database in a directory without one")
	}
	for _, help := range [][]string{{"suspend", "--help"}, {"reset-link", "-h"}, {"end-guest", "--help"}} {
		if code, _, errs := runCaptured(t, "", append([]string{"admin", "--data", dir}, help...)...); code != 0 || !strings.Contains(errs, "Usage: gaslamp admin") {
			t.Fatalf("%v: %d %q", help, code, errs)
		}
	}
}

// TestAdminLeavesAnOlderSchema: admin never upgrades a database (serve does,
// at its start): on a database of an older schema it refuses, and the
// schema stays as it was, so that the older server running on it can still
// start again.
func TestAdminLeavesAnOlderSchema(t *testing.T) {
	ctx := context.Background()
	dir := emptyDataDir(t)
	latest := store.LatestSchemaVersion()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "gaslamp.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`DELETE FROM schema_migrations WHERE version = ?`, latest); err != nil {
		t.Fatal(err)
	}
	db.Close()
	code, _, errs := runCaptured(t, "", "admin", "--data", dir, "reports")
	if code != 1 || !strings.Contains(errs, fmt.Sprintf("schema version %d and this gaslamp's is %d", latest-1, latest)) {
		t.Fatalf("admin on an older schema: %d %q", code, errs)
	}
	if v, err := store.SQLiteSchemaVersion(ctx, dir); err != nil || v != latest-1 {
		t.Fatalf("after admin the schema is at %d (%v), want %d, untouched", v, err, latest-1)
	}
}

// TestAdminPostgres: gaslamp admin works on a PostgreSQL store given by
// --database, as serve's nodes share it.
func TestAdminPostgres(t *testing.T) {
	u := servicetest.URL(t, "GASLAMP_TEST_POSTGRES", "PostgreSQL", "postgres://postgres@127.0.0.1:5432/test")
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, u)
	if err != nil {
		t.Fatalf("GASLAMP_TEST_POSTGRES: %v", err)
	}
	schema := fmt.Sprintf("gaslamp_admin_%d", time.Now().UnixNano())
	if _, err := conn.Exec(ctx, `CREATE SCHEMA `+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		conn.Exec(context.Background(), `DROP SCHEMA `+schema+` CASCADE`)
		conn.Close(context.Background())
	})
	p, _ := url.Parse(u)
	q := p.Query()
	q.Set("search_path", schema)
	p.RawQuery = q.Encode()
	dsn := p.String()
	st, err := pgstore.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	now := time.Now().UTC()
	st.CreateUser(ctx, store.User{ID: "u1", Name: "Moriarty", Created: now})
	if err := st.CreateAccount(ctx, store.Account{UserID: "u1", Name: "Moriarty", Key: server.NameKey("Moriarty"), Password: "p", Created: now}); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := runCaptured(t, "", "admin", "--database", dsn, "suspend", "Moriarty", "--reason", "spam"); code != 0 || !strings.Contains(out, "until unsuspended") {
		t.Fatalf("suspend: %d %s %s", code, out, errs)
	}
	if a, _ := st.AccountByUser(ctx, "u1"); !a.Suspended(now) || a.SuspendReason != "spam" {
		t.Fatalf("account %+v", a)
	}
	if code, out, _ := runCaptured(t, "", "admin", "--database", dsn, "reports"); code != 0 || !strings.Contains(out, "No open report.") {
		t.Fatalf("reports: %d %s", code, out)
	}
}

// TestAdminHelpAndFlagsAfterTheCommand: each admin command's --help prints
// its own usage and exits 0 without a database (it said "no data directory
// ./gaslamp-data"; unsuspend showed suspend's flags); --data and --database
// may follow the command (admin reports --data DIR), which read the
// default directory instead; "reports --all" on none says "No report.".
func TestAdminHelpAndFlagsAfterTheCommand(t *testing.T) {
	t.Chdir(t.TempDir()) // no ./gaslamp-data here
	for cmd, want := range map[string]string{
		"reports": "admin reports [--all]", "resolve": "admin resolve ID", "suspend": "-until",
		"unsuspend": "admin unsuspend NAME\n", "suspended": "admin suspended", "end-guest": "admin end-guest REPORT",
		"reset-link": "-url",
	} {
		code, _, errs := runCaptured(t, "", "admin", cmd, "--help")
		if code != 0 || !strings.Contains(errs, "Usage: gaslamp ") || !strings.Contains(errs, want) || strings.Contains(errs, "no data directory") {
			t.Errorf("admin %s --help: exit %d\n%s", cmd, code, errs)
		}
		if cmd == "unsuspend" && strings.Contains(errs, "-until") {
			t.Errorf("admin unsuspend --help shows suspend's flags:\n%s", errs)
		}
	}

	// admin --help: the commands' descriptions start in one column.
	_, _, help := runCaptured(t, "", "admin", "--help")
	cols := map[int]bool{}
	for _, l := range strings.Split(help, "\n") {
		for _, d := range []string{"list the open reports", "close a report", "suspend an account", "lift a suspension", "sign out the guest", "print a link"} {
			if i := strings.Index(l, d); i > 0 {
				cols[i] = true
			}
		}
	}
	if len(cols) != 1 {
		t.Errorf("admin --help: descriptions in columns %v:\n%s", cols, help)
	}

	dir := emptyDataDir(t)
	for _, args := range [][]string{
		{"admin", "reports", "--data", dir},
		{"admin", "reports", "--data=" + dir, "--all"},
		{"admin", "-data", dir, "reports"},
	} {
		code, out, errs := runCaptured(t, "", args...)
		if code != 0 || !strings.Contains(out, "No") {
			t.Errorf("%v: exit %d\n%s%s", args, code, out, errs)
		}
	}
	if code, out, _ := runCaptured(t, "", "admin", "reports", "--all", "--data", dir); code != 0 || out != "No report.\n" {
		t.Errorf("reports --all on none: exit %d, %q", code, out)
	}
	if code, _, errs := runCaptured(t, "", "admin", "suspend", "Nobody", "--data", dir); code != 1 || !strings.Contains(errs, `no account named "Nobody"`) {
		t.Errorf("suspend NAME --data DIR: exit %d, %q", code, errs)
	}
}

// TestNewerDatabaseReadsPlainly: admin and restore on a database a newer
// gaslamp upgraded say so without the package's "store:" prefixes (admin
// said "opening the store: store: the database was upgraded...").
func TestNewerDatabaseReadsPlainly(t *testing.T) {
	dir := emptyDataDir(t)
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "gaslamp.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO schema_migrations (version, name, applied) VALUES (9999, 'future', 0)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	code, _, errs := runCaptured(t, "", "admin", "--data", dir, "reports")
	if code != 1 || !strings.HasPrefix(errs, "gaslamp admin: the database was upgraded by a newer gaslamp") || strings.Contains(errs, "store:") {
		t.Errorf("admin on a newer database: exit %d, %q", code, errs)
	}
	backup := filepath.Join(t.TempDir(), "newer.db")
	if code, _, errs := runCaptured(t, "", "backup", "--data", dir, backup); code != 0 {
		t.Fatalf("backup: exit %d, %q", code, errs)
	}
	code, _, errs = runCaptured(t, "", "restore", "--data", t.TempDir(), backup)
	if code != 1 || !strings.Contains(errs, "the backup "+backup+": the database was upgraded by a newer gaslamp") {
		t.Errorf("restore of a newer backup: exit %d, %q", code, errs)
	}
}

// TestAdminChecksArgumentsBeforeTheStore: a wrong flag, a bad --until or an
// unknown command exits 2 with its own message before any database is
// looked for (they said "no data directory ./gaslamp-data", exit 1).
func TestAdminChecksArgumentsBeforeTheStore(t *testing.T) {
	t.Chdir(t.TempDir()) // no ./gaslamp-data here
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"reports", "--bogus"}, "gaslamp admin reports: flag provided but not defined: -bogus"},
		{[]string{"suspend", "Moriarty", "--bogus"}, "gaslamp admin suspend: flag provided but not defined: -bogus"},
		{[]string{"suspend", "Moriarty", "--until", "someday"}, `gaslamp admin suspend: --until: "someday" is neither a date`},
		{[]string{"suspend", "Moriarty", "--until", "2020-01-01"}, "is not in the future"},
		{[]string{"reset-link", "Moriarty", "--url", "play.example.org"}, "gaslamp admin reset-link: --url: give the site's address"},
		{[]string{"frobnicate"}, "gaslamp admin frobnicate: unknown command"},
	} {
		code, _, errs := runCaptured(t, "", append([]string{"admin"}, c.args...)...)
		if code != 2 || !strings.Contains(errs, c.says) || strings.Contains(errs, "no data directory") {
			t.Errorf("admin %v: exit %d, %q (want 2, saying %q)", c.args, code, errs, c.says)
		}
	}
}

// TestAdminDataOrDatabase: admin given both --data and --database refuses
// (exit 2) instead of acting on PostgreSQL while the admin may believe it
// acts on the SQLite directory named.
func TestAdminDataOrDatabase(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"admin", "--data", dir, "--database", "postgres://gaslamp:secret@127.0.0.1:1/gaslamp", "reports"},
		{"admin", "--database", "postgres://gaslamp:secret@127.0.0.1:1/gaslamp", "reports", "--data", dir},
	} {
		code, _, errs := runCaptured(t, "", args...)
		if code != 2 || !strings.Contains(errs, "give --data (the embedded SQLite database) or --database (PostgreSQL), not both") || strings.Contains(errs, "secret") {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
	}
}

// TestAdminLeavesAnOlderPostgres: admin run with a newer gaslamp than the
// nodes' refuses their PostgreSQL database instead of migrating it under
// them (older nodes then could not restart), as it does for SQLite; a
// database without gaslamp's tables (a wrong URL) is refused too, not
// given the tables.
func TestAdminLeavesAnOlderPostgres(t *testing.T) {
	schema, dsn, conn := pgSchema(t)
	ctx := context.Background()
	if code, _, errs := runCaptured(t, "", "admin", "--database", dsn, "reports"); code != 1 || !strings.Contains(errs, "no gaslamp tables in that PostgreSQL database") {
		t.Fatalf("admin on an empty database: exit %d, %q", code, errs)
	}
	var n int
	if err := conn.QueryRow(ctx, `SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = $1`, schema).Scan(&n); err != nil || n != 0 {
		t.Fatalf("admin made %d tables in an empty database (%v)", n, err)
	}
	all := store.Migrations
	store.Migrations = all[:len(all)-1]
	st, err := pgstore.Open(ctx, dsn)
	store.Migrations = all
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	older := all[len(all)-2].Version
	code, _, errs := runCaptured(t, "", "admin", "--database", dsn, "reports")
	if code != 1 || !strings.Contains(errs, fmt.Sprintf("the PostgreSQL database is at schema version %d and this gaslamp's is %d", older, store.LatestSchemaVersion())) {
		t.Fatalf("admin on an older database: exit %d, %q", code, errs)
	}
	var v int
	if err := conn.QueryRow(ctx, `SELECT MAX(version) FROM `+schema+`.schema_migrations`).Scan(&v); err != nil || v != older {
		t.Fatalf("the schema is at %d after admin (%v), want %d, untouched", v, err, older)
	}
}
