package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// The behaviour every Store must have is tested by the shared suite
// (storetest, run for SQLite in conformance_test.go); this file keeps what
// is about the package itself.

func open(t *testing.T, dir string) Store {
	t.Helper()
	s, err := OpenSQLite(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func newTable(t *testing.T, s Store, id string) {
	t.Helper()
	err := s.CreateTable(context.Background(), Table{
		ID: id, Game: "test", Options: map[string]string{"x": "true"}, Seed: 1<<63 + 5,
		Status: StatusOpen, Takeover: 30, Creator: "u1", Created: time.Now(),
		Seats: []Seat{
			{Seat: 0, Kind: KindHuman, InviteHash: Hash("inv-" + id)},
			{Seat: 1, Kind: KindBot, Bot: "random", Level: "easy"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestMigrationVersions(t *testing.T) {
	for i, m := range Migrations {
		if m.Version != i+1 {
			t.Fatalf("migration %d has version %d: versions must be 1, 2, 3...", i, m.Version)
		}
		if m.Name == "" || len(m.Statements) == 0 {
			t.Fatalf("migration %d has no name or no statements", m.Version)
		}
	}
}

func TestSQLiteReopenAppliesNothing(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	s := open(t, dir)
	s.Close()
	s = open(t, dir)
	defer s.Close()
	var n int
	if err := s.(*sqlStore).r.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations`).Scan(&n); err != nil || n != len(Migrations) {
		t.Fatalf("%d migration rows, %v", n, err)
	}
}

// TestGroupCommit checks that moves arriving together share transactions,
// and that a lone move on a quiet store is committed without waiting for
// company.
func TestGroupCommit(t *testing.T) {
	ctx := context.Background()
	s := open(t, t.TempDir())
	defer s.Close()
	mw := &s.(*sqlStore).mw
	const tables, moves = 40, 10
	for i := 0; i < tables; i++ {
		newTable(t, s, fmt.Sprint("t", i))
	}
	start := time.Now()
	if err := s.AppendMove(ctx, Move{Table: "t0", Seq: 1, Move: []byte(`{}`), At: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > time.Second {
		t.Fatalf("a lone move took %v", d)
	}
	before := mw.commits.Load()
	var wg sync.WaitGroup
	errs := make(chan error, tables)
	for i := 0; i < tables; i++ {
		wg.Add(1)
		go func(id string) {
			defer wg.Done()
			for q := int64(2); q <= moves+1; q++ {
				if err := s.AppendMove(ctx, Move{Table: id, Seq: q, Move: []byte(`{}`), At: time.Now()}); err != nil {
					errs <- err
					return
				}
			}
		}(fmt.Sprint("t", i))
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	n := mw.commits.Load() - before
	if n >= tables*moves/2 {
		t.Errorf("%d moves from %d tables at once took %d transactions", tables*moves, tables, n)
	}
	for i := 0; i < tables; i++ {
		ms, err := s.Moves(ctx, fmt.Sprint("t", i))
		want := moves
		if i == 0 {
			want++
		}
		if err != nil || len(ms) != want {
			t.Fatalf("table %d: %d moves, %v", i, len(ms), err)
		}
	}
}

// TestSessionExpiryMigration opens a database at schema version 1 holding an
// old session and checks that migration 2 counts it as seen when the
// migration ran: the upgrade signs nobody out.
func TestSessionExpiryMigration(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	saved := Migrations
	Migrations = Migrations[:1]
	s := open(t, dir)
	Migrations = saved
	created := time.Now().Add(-400 * 24 * time.Hour)
	if err := s.CreateUser(ctx, User{ID: "u1", Name: "Alice", Created: created}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.(*sqlStore).w.Exec(`INSERT INTO sessions (token_hash, user_id, csrf, created) VALUES (?, ?, ?, ?)`,
		Hash("old"), "u1", "c", created.UnixMilli()); err != nil {
		t.Fatal(err)
	}
	s.Close()
	before := time.Now().Add(-time.Second)
	s = open(t, dir)
	defer s.Close()
	if v, _ := s.SchemaVersion(ctx); v != Migrations[len(Migrations)-1].Version {
		t.Fatalf("schema version %d", v)
	}
	x, _, err := s.SessionByHash(ctx, Hash("old"))
	if err != nil {
		t.Fatal(err)
	}
	if x.LastSeen.Before(before) || x.LastSeen.After(time.Now().Add(time.Second)) || !x.Created.Equal(time.UnixMilli(created.UnixMilli()).UTC()) {
		t.Fatalf("old session after the migration: created %v, last seen %v", x.Created, x.LastSeen)
	}
}

// TestLeaseMigration opens a database at schema version 2 and checks that
// migration 3 gives an expired lease to the open and running tables that
// need a node to act for them (a bot seat or a takeover limit), and only
// to them.
func TestLeaseMigration(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	saved := Migrations
	Migrations = Migrations[:2]
	s := open(t, dir)
	Migrations = saved
	mk := func(id, status string, takeover int, kinds ...string) {
		t.Helper()
		// Written as version 2 wrote them (later versions add columns).
		db := s.(*sqlStore).w
		if _, err := db.ExecContext(ctx, `INSERT INTO tables (id, game, options, seed, status, takeover_seconds, creator, created)
			VALUES (?, 'g', '{}', 0, ?, ?, '', ?)`, id, status, takeover, time.Now().UnixMilli()); err != nil {
			t.Fatal(err)
		}
		for i, k := range kinds {
			if _, err := db.ExecContext(ctx, `INSERT INTO seats (table_id, seat, kind, bot, level, user_id, name, invite_hash)
				VALUES (?, ?, ?, '', '', '', '', '')`, id, i, k); err != nil {
				t.Fatal(err)
			}
		}
	}
	mk("bot", StatusRunning, 0, KindHuman, KindBot)
	mk("takeover", StatusOpen, 30, KindHuman, KindHuman)
	mk("humans", StatusRunning, 0, KindHuman, KindHuman)
	mk("over", StatusFinished, 30, KindHuman, KindBot)
	s.Close()
	s = open(t, dir)
	defer s.Close()
	ids, err := s.ExpiredLeases(ctx, time.Now(), 10)
	if err != nil || fmt.Sprint(ids) != "[bot takeover]" {
		t.Fatalf("leases after the migration: %v, %v", ids, err)
	}
}

// TestSQLiteIsDurable: the writer commits with synchronous=FULL in WAL mode,
// so an acknowledged move (AppendMove returns only after the commit) is on
// disk, fsynced, and survives an OS crash or a power loss, not only a crash
// of the process.
func TestSQLiteIsDurable(t *testing.T) {
	s := open(t, t.TempDir())
	defer s.Close()
	var mode string
	var sync int
	w := s.(*sqlStore).w
	if err := w.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Fatalf("journal_mode %q, %v", mode, err)
	}
	if err := w.QueryRow(`PRAGMA synchronous`).Scan(&sync); err != nil || sync != 2 {
		t.Fatalf("synchronous %d (2 is FULL), %v", sync, err)
	}
}

// TestSQLiteDamageFoundAtOpen: a database file damaged on disk is found by
// the integrity check when it is opened (Integrity reports it), instead of
// surfacing table by table.
func TestSQLiteDamageFoundAtOpen(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir)
	if err := s.Integrity(); err != nil {
		t.Fatalf("a new database: %v", err)
	}
	for i := range 200 {
		newTable(t, s, fmt.Sprintf("table-%03d-%s", i, strings.Repeat("x", 200)))
	}
	s.Close()
	path := filepath.Join(dir, "gaslamp.db")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	const page = 4096
	if len(data) < 12*page {
		t.Fatalf("the database is only %d bytes", len(data))
	}
	// Scribble over a page in the middle of the file (a table's b-tree).
	for i := 8 * page; i < 9*page; i++ {
		data[i] = 0xA5
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	s2, err := OpenSQLite(context.Background(), dir)
	if err != nil {
		t.Logf("refused at open: %v", err)
		return // refusing to open is finding it too
	}
	defer s2.Close()
	if err := s2.Integrity(); err == nil {
		t.Fatal("the damaged database passed the integrity check")
	} else {
		t.Logf("found: %v", err)
	}
}

// TestArchiveMigration opens a database at the schema before migration 14
// holding finished tables (by the rules with a winner among the stored
// results, resigned, lost on time, played by bots only) and a running one,
// and checks that the migration gives each finished one its finish, so the
// archive lists them.
func TestArchiveMigration(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	saved := Migrations
	i := slices.IndexFunc(Migrations, func(m Migration) bool { return m.Version == 14 })
	Migrations = Migrations[:i]
	s := open(t, dir)
	Migrations = saved
	db := s.(*sqlStore).w
	created := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	mk := func(id, status string, resignedSeat int, reason string) {
		t.Helper()
		if _, err := db.ExecContext(ctx, `INSERT INTO tables (id, game, options, seed, status, takeover_seconds, creator, created, resigned_seat, resigned_reason)
			VALUES (?, 'g', '{}', 0, ?, 0, '', ?, ?, ?)`, id, status, created.UnixMilli(), resignedSeat, reason); err != nil {
			t.Fatal(err)
		}
	}
	mk("rules", StatusFinished, -1, "")
	mk("resigned", StatusFinished, 0, "")
	mk("time", StatusFinished, 1, "time")
	mk("bots", StatusFinished, -1, "")
	mk("running", StatusRunning, -1, "")
	for _, r := range []struct {
		table, side string
		won         int
	}{{"rules", "jack", 0}, {"rules", "police", 1}, {"resigned", "jack", 0}, {"time", "jack", 1}} {
		if _, err := db.ExecContext(ctx, `INSERT INTO results (table_id, user_id, game, side, won, rated, at) VALUES (?, ?, 'g', ?, ?, 0, 0)`,
			r.table, "u-"+r.side, r.side, r.won); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	s = open(t, dir)
	defer s.Close()
	want := map[string]*Finish{
		"rules":    {Winner: "police", Ended: EndRules, At: created},
		"resigned": {Winner: "", Ended: EndResigned, At: created},
		"time":     {Winner: "jack", Ended: EndTime, At: created},
		"bots":     {Winner: "", Ended: EndRules, At: created},
		"running":  nil,
	}
	for id, w := range want {
		tb, err := s.Table(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if (w == nil) != (tb.Finish == nil) || w != nil && *w != *tb.Finish {
			t.Errorf("%s after the migration: finish %+v, want %+v", id, tb.Finish, w)
		}
	}
	list, err := s.Archive(ctx, ArchiveQuery{})
	if err != nil || len(list) != 4 {
		t.Fatalf("archive after the migration: %d tables, %v; want 4", len(list), err)
	}
}

// TestSchemaNewerRefused: a database migrated by a newer gaslamp (a
// migration this binary does not know) is refused at open with a message
// that says what to do, and left as it was.
func TestSchemaNewerRefused(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := open(t, dir)
	next := Migrations[len(Migrations)-1].Version + 1
	if _, err := s.(*sqlStore).w.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied) VALUES (?, 'from the future', 0)`, next); err != nil {
		t.Fatal(err)
	}
	s.Close()
	_, err := OpenSQLite(ctx, dir)
	if !errors.Is(err, ErrSchemaNewer) || !strings.Contains(err.Error(), fmt.Sprintf("version %d", next)) || !strings.Contains(err.Error(), "restore a backup") {
		t.Fatalf("opening a newer database: %v", err)
	}
}
