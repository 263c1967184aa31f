package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

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
	ctx := context.Background()
	err := s.CreateTable(ctx, Table{
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

func TestMigrationsApplyOnce(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	s := open(t, dir)
	v, err := s.SchemaVersion(ctx)
	if err != nil || v != Migrations[len(Migrations)-1].Version {
		t.Fatalf("version %d, %v", v, err)
	}
	newTable(t, s, "t1")
	s.Close()
	// Reopening applies nothing again and keeps the data.
	s = open(t, dir)
	defer s.Close()
	if v2, _ := s.SchemaVersion(ctx); v2 != v {
		t.Fatalf("version changed %d -> %d", v, v2)
	}
	var n int
	if err := s.(*sqlStore).r.QueryRow(`SELECT COUNT(*) FROM schema_migrations`).Scan(&n); err != nil || n != len(Migrations) {
		t.Fatalf("%d migration rows, %v", n, err)
	}
	if _, err := s.Table(ctx, "t1"); err != nil {
		t.Fatal(err)
	}
	for i, m := range Migrations {
		if m.Version != i+1 {
			t.Fatalf("migration %d has version %d: versions must be 1, 2, 3...", i, m.Version)
		}
	}
}

func TestTablesSeatsInvites(t *testing.T) {
	ctx := context.Background()
	s := open(t, t.TempDir())
	defer s.Close()
	newTable(t, s, "t1")
	newTable(t, s, "t2")
	if err := s.CreateTable(ctx, Table{ID: "t1", Options: map[string]string{}}); !errors.Is(err, ErrConflict) {
		t.Fatalf("duplicate table: %v", err)
	}
	tb, err := s.Table(ctx, "t1")
	if err != nil {
		t.Fatal(err)
	}
	if tb.Seed != 1<<63+5 || tb.Options["x"] != "true" || len(tb.Seats) != 2 || tb.Seats[1].Bot != "random" || tb.Takeover != 30 {
		t.Fatalf("table %+v", tb)
	}
	if err := s.SetSeatHolder(ctx, "t1", 0, "u2", "Bob"); err != nil {
		t.Fatal(err)
	}
	if err := s.SetStatus(ctx, "t1", StatusRunning); err != nil {
		t.Fatal(err)
	}
	tb, _ = s.Table(ctx, "t1")
	if tb.Seats[0].UserID != "u2" || tb.Seats[0].Name != "Bob" || tb.Status != StatusRunning {
		t.Fatalf("table %+v", tb)
	}
	id, seat, err := s.SeatByInvite(ctx, Hash("inv-t2"))
	if err != nil || id != "t2" || seat != 0 {
		t.Fatalf("invite: %s %d %v", id, seat, err)
	}
	if _, _, err := s.SeatByInvite(ctx, Hash("nope")); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown invite: %v", err)
	}
	if _, _, err := s.SeatByInvite(ctx, ""); !errors.Is(err, ErrNotFound) {
		t.Fatalf("empty invite: %v", err)
	}
	running, _ := s.Tables(ctx, 0, StatusRunning)
	all, _ := s.Tables(ctx, 0)
	if len(running) != 1 || len(all) != 2 {
		t.Fatalf("running %d all %d", len(running), len(all))
	}
	counts, _ := s.CountTables(ctx)
	if counts[StatusOpen] != 1 || counts[StatusRunning] != 1 {
		t.Fatalf("counts %v", counts)
	}
	if _, err := s.Table(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("missing table: %v", err)
	}
}

func TestMovesAppendLoad(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := open(t, dir)
	newTable(t, s, "t1")
	for i := int64(1); i <= 5; i++ {
		if err := s.AppendMove(ctx, Move{Table: "t1", Seq: i, Seat: int(i % 2), Move: []byte(fmt.Sprintf(`{"n":%d}`, i)), At: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.AppendMove(ctx, Move{Table: "t1", Seq: 3, Move: []byte(`{}`)}); !errors.Is(err, ErrConflict) {
		t.Fatalf("duplicate seq: %v", err)
	}
	s.Close()
	s = open(t, dir)
	defer s.Close()
	ms, err := s.Moves(ctx, "t1")
	if err != nil || len(ms) != 5 {
		t.Fatalf("%d moves, %v", len(ms), err)
	}
	for i, m := range ms {
		if m.Seq != int64(i+1) || string(m.Move) != fmt.Sprintf(`{"n":%d}`, i+1) || m.Seat != (i+1)%2 {
			t.Fatalf("move %d: %+v", i, m)
		}
	}
}

func TestSessionsByHash(t *testing.T) {
	ctx := context.Background()
	s := open(t, t.TempDir())
	defer s.Close()
	if err := s.CreateUser(ctx, User{ID: "u1", Name: "Alice", Created: time.Now()}); err != nil {
		t.Fatal(err)
	}
	h := Hash("secret-token")
	if err := s.CreateSession(ctx, Session{TokenHash: h, UserID: "u1", CSRF: "c", Created: time.Now()}); err != nil {
		t.Fatal(err)
	}
	x, u, err := s.SessionByHash(ctx, h)
	if err != nil || u.Name != "Alice" || x.CSRF != "c" || x.UserID != "u1" {
		t.Fatalf("%+v %+v %v", x, u, err)
	}
	if _, _, err := s.SessionByHash(ctx, "secret-token"); !errors.Is(err, ErrNotFound) {
		t.Fatal("a session must be found only by the hash of its token")
	}
	var n int
	s.(*sqlStore).r.QueryRow(`SELECT COUNT(*) FROM sessions WHERE token_hash = 'secret-token' OR csrf = 'secret-token'`).Scan(&n)
	if n != 0 {
		t.Fatal("raw token stored")
	}
	if err := s.DeleteSession(ctx, h); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.SessionByHash(ctx, h); !errors.Is(err, ErrNotFound) {
		t.Fatalf("deleted session: %v", err)
	}
}

func TestChat(t *testing.T) {
	ctx := context.Background()
	s := open(t, t.TempDir())
	defer s.Close()
	newTable(t, s, "t1")
	for i := int64(1); i <= 4; i++ {
		if err := s.AppendChat(ctx, Chat{Table: "t1", Seq: i, UserID: "u", Name: "A", Seat: -1, Text: fmt.Sprint(i), At: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	c, err := s.Chat(ctx, "t1", 2)
	if err != nil || len(c) != 2 || c[0].Text != "3" || c[1].Text != "4" || c[0].Seat != -1 {
		t.Fatalf("%+v %v", c, err)
	}
}

func TestConcurrentWriters(t *testing.T) {
	ctx := context.Background()
	s := open(t, t.TempDir())
	defer s.Close()
	const tables, moves = 8, 50
	for i := 0; i < tables; i++ {
		newTable(t, s, fmt.Sprint("t", i))
	}
	var wg sync.WaitGroup
	errs := make(chan error, tables*2)
	for i := 0; i < tables; i++ {
		wg.Add(2)
		id := fmt.Sprint("t", i)
		go func() {
			defer wg.Done()
			for q := int64(1); q <= moves; q++ {
				if err := s.AppendMove(ctx, Move{Table: id, Seq: q, Move: []byte(`{}`), At: time.Now()}); err != nil {
					errs <- err
					return
				}
			}
		}()
		go func() { // readers at the same time
			defer wg.Done()
			for q := 0; q < 20; q++ {
				if _, err := s.Moves(ctx, id); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	// Two writers racing for the same sequence number: exactly one wins.
	newTable(t, s, "race")
	var won sync.WaitGroup
	results := make(chan error, 10)
	for i := 0; i < 10; i++ {
		won.Add(1)
		go func() {
			defer won.Done()
			results <- s.AppendMove(ctx, Move{Table: "race", Seq: 1, Move: []byte(`{}`)})
		}()
	}
	wg.Wait()
	won.Wait()
	close(errs)
	close(results)
	for err := range errs {
		t.Fatal(err)
	}
	ok := 0
	for err := range results {
		if err == nil {
			ok++
		} else if !errors.Is(err, ErrConflict) {
			t.Fatal(err)
		}
	}
	if ok != 1 {
		t.Fatalf("%d writers stored seq 1", ok)
	}
	for i := 0; i < tables; i++ {
		ms, _ := s.Moves(ctx, fmt.Sprint("t", i))
		if len(ms) != moves {
			t.Fatalf("table %d has %d moves", i, len(ms))
		}
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

// TestSessionLastSeen checks that a session starts seen at its creation,
// that a use renews it (never backwards), and that sessions idle since
// before a time are deleted, the others kept.
func TestSessionLastSeen(t *testing.T) {
	ctx := context.Background()
	s := open(t, t.TempDir())
	defer s.Close()
	if err := s.CreateUser(ctx, User{ID: "u1", Name: "Alice", Created: time.Now()}); err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	for i, h := range []string{Hash("a"), Hash("b"), Hash("c")} {
		if err := s.CreateSession(ctx, Session{TokenHash: h, UserID: "u1", CSRF: "c", Created: t0.Add(time.Duration(i) * time.Hour)}); err != nil {
			t.Fatal(err)
		}
	}
	x, _, err := s.SessionByHash(ctx, Hash("b"))
	if err != nil || !x.LastSeen.Equal(t0.Add(time.Hour)) {
		t.Fatalf("new session last seen %v, %v", x.LastSeen, err)
	}
	if err := s.TouchSession(ctx, Hash("a"), t0.Add(10*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := s.TouchSession(ctx, Hash("a"), t0.Add(5*time.Hour)); err != nil { // older: no change
		t.Fatal(err)
	}
	if err := s.TouchSession(ctx, Hash("nope"), t0); err != nil {
		t.Fatalf("touching an unknown session: %v", err)
	}
	x, _, _ = s.SessionByHash(ctx, Hash("a"))
	if !x.LastSeen.Equal(t0.Add(10 * time.Hour)) {
		t.Fatalf("renewed session last seen %v", x.LastSeen)
	}
	// b (seen at 1h) and c (2h) are idle since before 3h; a (10h) is not.
	n, err := s.DeleteSessionsSeenBefore(ctx, t0.Add(3*time.Hour))
	if err != nil || n != 2 {
		t.Fatalf("deleted %d, %v", n, err)
	}
	if _, _, err := s.SessionByHash(ctx, Hash("a")); err != nil {
		t.Fatalf("a recent session was deleted: %v", err)
	}
	for _, h := range []string{Hash("b"), Hash("c")} {
		if _, _, err := s.SessionByHash(ctx, h); !errors.Is(err, ErrNotFound) {
			t.Fatalf("an idle session is still there: %v", err)
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
	if v, _ := s.SchemaVersion(ctx); v != 2 {
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
