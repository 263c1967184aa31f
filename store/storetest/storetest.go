// Package storetest is the conformance suite of [store.Store]: the same tests
// run against every implementation (SQLite, PostgreSQL), so that the server
// sees one behaviour whatever the database.
//
// An implementation's test calls [Run] with a function that makes a new, empty
// database private to one test:
//
//	func TestConformance(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) storetest.DB {
//			dir := t.TempDir()
//			return storetest.DB{Open: func() (store.Store, error) {
//				return store.OpenSQLite(context.Background(), dir)
//			}}
//		})
//	}
//
// The suite closes every Store it opens.
package storetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"gaslamp/store"
)

// DB is a database private to one test.
type DB struct {
	// Open opens a Store on the database; the test closes it. Opening again
	// after Close must find everything stored before.
	Open func() (store.Store, error)
	// Count runs a query that returns one integer (such as a COUNT(*))
	// directly on the database, bypassing the Store, so that the suite can
	// check how things are kept (no raw tokens, one row per migration). Nil
	// skips those checks.
	Count func(query string) (int, error)
}

// Run runs every conformance test as a subtest of t. newDB is called once
// per subtest and must make a new, empty database (and remove it with
// t.Cleanup when that is needed).
func Run(t *testing.T, newDB func(t *testing.T) DB) {
	tests := []struct {
		name string
		fn   func(t *testing.T, db DB)
	}{
		{"Migrations", testMigrations},
		{"Users", testUsers},
		{"Sessions", testSessions},
		{"SessionLastSeen", testSessionLastSeen},
		{"TablesSeatsInvites", testTablesSeatsInvites},
		{"TablesOrder", testTablesOrder},
		{"Moves", testMoves},
		{"MovesAfter", testMovesAfter},
		{"Chat", testChat},
		{"ConcurrentWriters", testConcurrentWriters},
		{"CloseKeepsAcknowledgedMoves", testCloseKeepsAcknowledgedMoves},
		{"Leases", testLeases},
		{"ConcurrentLeaseClaims", testConcurrentLeaseClaims},
		{"Settings", testSettings},
		{"SeatOwnersAndHolders", testSeatOwnersAndHolders},
		{"Transfers", testTransfers},
		{"PushSubscriptions", testPushSubscriptions},
		{"TablesOfAPlayer", testTablesOfAPlayer},
		{"Resign", testResign},
		{"Accounts", testAccounts},
		{"Results", testResults},
		{"Passkeys", testPasskeys},
		{"Challenges", testChallenges},
		{"Moderation", testModeration},
		{"Archive", testArchive},
		{"MailPrefsAndClaims", testMailPrefsAndClaims},
		{"Absences", testAbsences},
		{"TimeWarnings", testTimeWarnings},
		{"ChapterRecords", testChapterRecords},
		{"MoveResults", testMoveResults},
	}
	for _, tc := range tests {
		// Each on its own database: they run side by side (a new
		// PostgreSQL schema and its migrations mostly wait for the server).
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tc.fn(t, newDB(t))
		})
	}
}

// open opens a Store on the test's database; the caller closes it.
func open(t *testing.T, db DB) store.Store {
	t.Helper()
	s, err := db.Open()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func count(t *testing.T, db DB, query string) (int, bool) {
	t.Helper()
	if db.Count == nil {
		return 0, false
	}
	n, err := db.Count(query)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n, true
}

var ctx = context.Background()

// newTable creates a table with one free human seat (with an invite) and
// one bot seat.
func newTable(t *testing.T, s store.Store, id string, created time.Time) {
	t.Helper()
	err := s.CreateTable(ctx, store.Table{
		ID: id, Game: "test", Options: map[string]string{"x": "true", "é": "ü"}, Seed: 1<<63 + 5,
		Status: store.StatusOpen, Takeover: 30, Creator: "u1", Created: created,
		Seats: []store.Seat{
			{Seat: 0, Kind: store.KindHuman, InviteHash: store.Hash("inv-" + id)},
			{Seat: 1, Kind: store.KindBot, Bot: "random", Level: "easy"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
}

func sameMS(a, b time.Time) bool { return a.UnixMilli() == b.UnixMilli() && a.Location() == time.UTC }

func testMigrations(t *testing.T, db DB) {
	s := open(t, db)
	last := store.Migrations[len(store.Migrations)-1].Version
	v, err := s.SchemaVersion(ctx)
	if err != nil || v != last {
		t.Fatalf("schema version %d, %v; want %d", v, err, last)
	}
	newTable(t, s, "t1", time.Now())
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	// Reopening applies nothing again and keeps the data.
	s = open(t, db)
	defer s.Close()
	if v2, err := s.SchemaVersion(ctx); v2 != v || err != nil {
		t.Fatalf("version changed %d -> %d (%v)", v, v2, err)
	}
	if n, ok := count(t, db, `SELECT COUNT(*) FROM schema_migrations`); ok && n != len(store.Migrations) {
		t.Fatalf("%d migration rows, want %d", n, len(store.Migrations))
	}
	if _, err := s.Table(ctx, "t1"); err != nil {
		t.Fatal(err)
	}
}

func testUsers(t *testing.T, db DB) {
	s := open(t, db)
	defer s.Close()
	now := time.Now()
	if err := s.CreateUser(ctx, store.User{ID: "u1", Name: "Émile 🎩", Created: now}); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateUser(ctx, store.User{ID: "u1", Name: "other"}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("duplicate user: %v", err)
	}
	u, err := s.User(ctx, "u1")
	if err != nil || u.ID != "u1" || u.Name != "Émile 🎩" || !sameMS(u.Created, now) {
		t.Fatalf("user %+v, %v", u, err)
	}
	if _, err := s.User(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("missing user: %v", err)
	}
}

func testSessions(t *testing.T, db DB) {
	s := open(t, db)
	defer s.Close()
	if err := s.CreateUser(ctx, store.User{ID: "u1", Name: "Alice", Created: time.Now()}); err != nil {
		t.Fatal(err)
	}
	h := store.Hash("secret-token")
	now := time.Now()
	if err := s.CreateSession(ctx, store.Session{TokenHash: h, UserID: "u1", CSRF: "c", Created: now}); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateSession(ctx, store.Session{TokenHash: h, UserID: "u1", CSRF: "d", Created: now}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("duplicate session: %v", err)
	}
	x, u, err := s.SessionByHash(ctx, h)
	if err != nil || u.Name != "Alice" || u.ID != "u1" || x.CSRF != "c" || x.UserID != "u1" || x.TokenHash != h ||
		!sameMS(x.Created, now) || !sameMS(x.LastSeen, now) {
		t.Fatalf("%+v %+v %v", x, u, err)
	}
	if _, _, err := s.SessionByHash(ctx, "secret-token"); !errors.Is(err, store.ErrNotFound) {
		t.Fatal("a session must be found only by the hash of its token")
	}
	// SessionsSeen answers for many hashes at once, past one query's chunk,
	// and leaves out those with no session.
	h2 := store.Hash("other-token")
	later := now.Add(time.Minute)
	if err := s.CreateSession(ctx, store.Session{TokenHash: h2, UserID: "u1", CSRF: "e", Created: later}); err != nil {
		t.Fatal(err)
	}
	ask := []string{h}
	for i := range 1200 {
		ask = append(ask, store.Hash(fmt.Sprint("missing-", i)))
	}
	ask = append(ask, "secret-token", h2)
	seen, err := s.SessionsSeen(ctx, ask)
	if err != nil || len(seen) != 2 || !sameMS(seen[h], now) || !sameMS(seen[h2], later) {
		t.Fatalf("sessions seen: %v %v", seen, err)
	}
	if none, err := s.SessionsSeen(ctx, nil); err != nil || len(none) != 0 {
		t.Fatalf("no hashes: %v %v", none, err)
	}
	if err := s.DeleteSession(ctx, h2); err != nil {
		t.Fatal(err)
	}
	if n, ok := count(t, db, `SELECT COUNT(*) FROM sessions WHERE token_hash = 'secret-token' OR csrf = 'secret-token'`); ok && n != 0 {
		t.Fatal("raw token stored")
	}
	if err := s.DeleteSession(ctx, h); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.SessionByHash(ctx, h); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("deleted session: %v", err)
	}
	if err := s.DeleteSession(ctx, h); err != nil {
		t.Fatalf("deleting a missing session: %v", err)
	}
}

// testSessionLastSeen checks that a session starts seen at its creation (or
// at the LastSeen it is given), that a use renews it (never backwards), and
// that sessions idle since before a time are deleted, the others kept.
func testSessionLastSeen(t *testing.T, db DB) {
	s := open(t, db)
	defer s.Close()
	if err := s.CreateUser(ctx, store.User{ID: "u1", Name: "Alice", Created: time.Now()}); err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	for i, h := range []string{store.Hash("a"), store.Hash("b"), store.Hash("c")} {
		if err := s.CreateSession(ctx, store.Session{TokenHash: h, UserID: "u1", CSRF: "c", Created: t0.Add(time.Duration(i) * time.Hour)}); err != nil {
			t.Fatal(err)
		}
	}
	x, _, err := s.SessionByHash(ctx, store.Hash("b"))
	if err != nil || !x.LastSeen.Equal(t0.Add(time.Hour)) {
		t.Fatalf("new session last seen %v, %v", x.LastSeen, err)
	}
	if err := s.CreateSession(ctx, store.Session{TokenHash: store.Hash("d"), UserID: "u1", Created: t0, LastSeen: t0.Add(20 * time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if x, _, err := s.SessionByHash(ctx, store.Hash("d")); err != nil || !x.LastSeen.Equal(t0.Add(20*time.Hour)) || !x.Created.Equal(t0) {
		t.Fatalf("session given its last use: %+v, %v", x, err)
	}
	if err := s.TouchSession(ctx, store.Hash("a"), t0.Add(10*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := s.TouchSession(ctx, store.Hash("a"), t0.Add(5*time.Hour)); err != nil { // older: no change
		t.Fatal(err)
	}
	if err := s.TouchSession(ctx, store.Hash("nope"), t0); err != nil {
		t.Fatalf("touching an unknown session: %v", err)
	}
	x, _, _ = s.SessionByHash(ctx, store.Hash("a"))
	if !x.LastSeen.Equal(t0.Add(10 * time.Hour)) {
		t.Fatalf("renewed session last seen %v", x.LastSeen)
	}
	// b (seen at 1h) and c (2h) are idle since before 3h; a (10h) and d (20h)
	// are not.
	n, err := s.DeleteSessionsSeenBefore(ctx, t0.Add(3*time.Hour))
	if err != nil || n != 2 {
		t.Fatalf("deleted %d, %v", n, err)
	}
	for _, h := range []string{store.Hash("a"), store.Hash("d")} {
		if _, _, err := s.SessionByHash(ctx, h); err != nil {
			t.Fatalf("a recent session was deleted: %v", err)
		}
	}
	for _, h := range []string{store.Hash("b"), store.Hash("c")} {
		if _, _, err := s.SessionByHash(ctx, h); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("an idle session is still there: %v", err)
		}
	}
	if n, err := s.DeleteSessionsSeenBefore(ctx, t0.Add(3*time.Hour)); err != nil || n != 0 {
		t.Fatalf("deleted again %d, %v", n, err)
	}
}

func testTablesSeatsInvites(t *testing.T, db DB) {
	s := open(t, db)
	defer s.Close()
	now := time.Now()
	newTable(t, s, "t1", now)
	newTable(t, s, "t2", now.Add(time.Second))
	if err := s.CreateTable(ctx, store.Table{ID: "t1", Options: map[string]string{}}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("duplicate table: %v", err)
	}
	tb, err := s.Table(ctx, "t1")
	if err != nil {
		t.Fatal(err)
	}
	if tb.ID != "t1" || tb.Game != "test" || tb.Seed != 1<<63+5 || tb.Options["x"] != "true" || tb.Options["é"] != "ü" ||
		len(tb.Options) != 2 || tb.Status != store.StatusOpen || tb.Takeover != 30 || tb.Creator != "u1" || !sameMS(tb.Created, now) {
		t.Fatalf("table %+v", tb)
	}
	want := []store.Seat{
		{Seat: 0, Kind: store.KindHuman, InviteHash: store.Hash("inv-t1")},
		{Seat: 1, Kind: store.KindBot, Bot: "random", Level: "easy"},
	}
	if !slices.Equal(tb.Seats, want) {
		t.Fatalf("seats %+v", tb.Seats)
	}
	if err := s.SetSeatHolder(ctx, "t1", 0, "u2", "Bob"); err != nil {
		t.Fatal(err)
	}
	if err := s.SetStatus(ctx, "t1", store.StatusRunning); err != nil {
		t.Fatal(err)
	}
	tb, _ = s.Table(ctx, "t1")
	if tb.Seats[0].UserID != "u2" || tb.Seats[0].Name != "Bob" || tb.Status != store.StatusRunning {
		t.Fatalf("table %+v", tb)
	}
	if err := s.SetSeatHolder(ctx, "t1", 0, "", ""); err != nil {
		t.Fatal(err)
	}
	if tb, _ = s.Table(ctx, "t1"); tb.Seats[0].UserID != "" || tb.Seats[0].Name != "" {
		t.Fatalf("freed seat %+v", tb.Seats[0])
	}
	id, seat, err := s.SeatByInvite(ctx, store.Hash("inv-t2"))
	if err != nil || id != "t2" || seat != 0 {
		t.Fatalf("invite: %s %d %v", id, seat, err)
	}
	if _, _, err := s.SeatByInvite(ctx, store.Hash("nope")); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown invite: %v", err)
	}
	if _, _, err := s.SeatByInvite(ctx, ""); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("empty invite: %v", err)
	}
	running, err := s.Tables(ctx, 0, store.StatusRunning)
	if err != nil || len(running) != 1 || running[0].ID != "t1" || len(running[0].Seats) != 2 {
		t.Fatalf("running %+v, %v", running, err)
	}
	all, err := s.Tables(ctx, 0)
	if err != nil || len(all) != 2 {
		t.Fatalf("all %+v, %v", all, err)
	}
	both, err := s.Tables(ctx, 0, store.StatusRunning, store.StatusOpen)
	if err != nil || len(both) != 2 || both[0].ID != "t2" || both[1].ID != "t1" || !slices.Equal(both[0].Seats, []store.Seat{
		{Seat: 0, Kind: store.KindHuman, InviteHash: store.Hash("inv-t2")},
		{Seat: 1, Kind: store.KindBot, Bot: "random", Level: "easy"},
	}) {
		t.Fatalf("open or running %+v, %v", both, err)
	}
	if none, err := s.Tables(ctx, 0, store.StatusFinished); err != nil || len(none) != 0 {
		t.Fatalf("finished %+v, %v", none, err)
	}
	counts, err := s.CountTables(ctx)
	if err != nil || len(counts) != 2 || counts[store.StatusOpen] != 1 || counts[store.StatusRunning] != 1 {
		t.Fatalf("counts %v, %v", counts, err)
	}
	if _, err := s.Table(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("missing table: %v", err)
	}
	if err := s.SetStatus(ctx, "nope", store.StatusFinished); err != nil {
		t.Fatalf("status of a missing table: %v", err)
	}
	// A table without seats and with nil options.
	if err := s.CreateTable(ctx, store.Table{ID: "bare", Game: "g", Status: store.StatusFinished, Created: now}); err != nil {
		t.Fatal(err)
	}
	if tb, err := s.Table(ctx, "bare"); err != nil || len(tb.Seats) != 0 || len(tb.Options) != 0 || tb.Seed != 0 {
		t.Fatalf("bare table %+v, %v", tb, err)
	}
}

func testTablesOrder(t *testing.T, db DB) {
	s := open(t, db)
	defer s.Close()
	t0 := time.Now()
	// Newest first; on equal times, ids in byte order ("B" before "a").
	newTable(t, s, "old", t0)
	newTable(t, s, "a", t0.Add(time.Minute))
	newTable(t, s, "B", t0.Add(time.Minute))
	newTable(t, s, "new", t0.Add(2*time.Minute))
	ids := func(ts []store.Table) []string {
		var out []string
		for _, x := range ts {
			out = append(out, x.ID)
		}
		return out
	}
	all, err := s.Tables(ctx, 0)
	if got := ids(all); err != nil || !slices.Equal(got, []string{"new", "B", "a", "old"}) {
		t.Fatalf("order %v, %v", got, err)
	}
	two, err := s.Tables(ctx, 2, store.StatusOpen)
	if got := ids(two); err != nil || !slices.Equal(got, []string{"new", "B"}) {
		t.Fatalf("limit 2: %v, %v", got, err)
	}
}

func appendMoves(t *testing.T, s store.Store, table string, from, to int64) {
	t.Helper()
	for i := from; i <= to; i++ {
		m := store.Move{Table: table, Seq: i, Seat: int(i % 2), Move: []byte(fmt.Sprintf(`{"n":%d,"s":"é"}`, i)), At: time.UnixMilli(1_700_000_000_000 + i)}
		if err := s.AppendMove(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
}

func checkMoves(t *testing.T, ms []store.Move, table string, from, to int64) {
	t.Helper()
	if int64(len(ms)) != to-from+1 {
		t.Fatalf("%d moves, want %d", len(ms), to-from+1)
	}
	for i, m := range ms {
		q := from + int64(i)
		if m.Table != table || m.Seq != q || string(m.Move) != fmt.Sprintf(`{"n":%d,"s":"é"}`, q) || m.Seat != int(q%2) ||
			!sameMS(m.At, time.UnixMilli(1_700_000_000_000+q)) {
			t.Fatalf("move %d: %+v", i, m)
		}
	}
}

func testMoves(t *testing.T, db DB) {
	s := open(t, db)
	newTable(t, s, "t1", time.Now())
	newTable(t, s, "t2", time.Now())
	if ms, err := s.Moves(ctx, "t1"); err != nil || len(ms) != 0 {
		t.Fatalf("no moves yet: %+v, %v", ms, err)
	}
	appendMoves(t, s, "t1", 1, 5)
	appendMoves(t, s, "t2", 1, 2)
	if err := s.AppendMove(ctx, store.Move{Table: "t1", Seq: 3, Move: []byte(`{}`)}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("duplicate seq: %v", err)
	}
	if err := s.AppendMove(ctx, store.Move{Table: "nope", Seq: 1, Move: []byte(`{}`)}); err == nil || errors.Is(err, store.ErrConflict) {
		t.Fatalf("move of a missing table: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	// Acknowledged moves are durable: a new Store finds them.
	s = open(t, db)
	defer s.Close()
	ms, err := s.Moves(ctx, "t1")
	if err != nil {
		t.Fatal(err)
	}
	checkMoves(t, ms, "t1", 1, 5)
	ms, err = s.Moves(ctx, "t2")
	if err != nil {
		t.Fatal(err)
	}
	checkMoves(t, ms, "t2", 1, 2)
	if ms, err := s.Moves(ctx, "nope"); err != nil || len(ms) != 0 {
		t.Fatalf("moves of a missing table: %+v, %v", ms, err)
	}
}

func testMovesAfter(t *testing.T, db DB) {
	s := open(t, db)
	defer s.Close()
	newTable(t, s, "t1", time.Now())
	newTable(t, s, "t2", time.Now())
	appendMoves(t, s, "t1", 1, 6)
	appendMoves(t, s, "t2", 1, 3)
	for after := int64(0); after <= 7; after++ {
		ms, err := s.MovesAfter(ctx, "t1", after)
		if err != nil {
			t.Fatal(err)
		}
		checkMoves(t, ms, "t1", min(after+1, 7), 6)
	}
	if ms, err := s.MovesAfter(ctx, "nope", 0); err != nil || len(ms) != 0 {
		t.Fatalf("moves of a missing table: %+v, %v", ms, err)
	}
	newTable(t, s, "t3", time.Now())
	vs, err := s.TableVersions(ctx, []string{"t1", "t2", "t3", "nope"})
	if err != nil || len(vs) != 2 || vs["t1"] != 6 || vs["t2"] != 3 {
		t.Fatalf("versions %v, %v", vs, err)
	}
	if vs, err := s.TableVersions(ctx, nil); err != nil || len(vs) != 0 {
		t.Fatalf("versions of no table %v, %v", vs, err)
	}
	many := []string{"t2"}
	for i := range 1200 {
		many = append(many, fmt.Sprint("x", i))
	}
	many = append(many, "t1")
	if vs, err := s.TableVersions(ctx, many); err != nil || len(vs) != 2 || vs["t1"] != 6 {
		t.Fatalf("versions of many tables %v, %v", vs, err)
	}
}

func testChat(t *testing.T, db DB) {
	s := open(t, db)
	defer s.Close()
	newTable(t, s, "t1", time.Now())
	newTable(t, s, "t2", time.Now())
	now := time.Now()
	for i := int64(1); i <= 4; i++ {
		c := store.Chat{Table: "t1", Seq: i, UserID: "u", Name: "Zoë", Seat: -1, Text: fmt.Sprint(i, " ½ 🕯"), At: now}
		if err := s.AppendChat(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.AppendChat(ctx, store.Chat{Table: "t1", Seq: 2, Text: "again"}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("duplicate chat seq: %v", err)
	}
	if err := s.AppendChat(ctx, store.Chat{Table: "t2", Seq: 1, Seat: 1, Text: "other"}); err != nil {
		t.Fatal(err)
	}
	c, err := s.Chat(ctx, "t1", 2)
	if err != nil || len(c) != 2 || c[0].Text != "3 ½ 🕯" || c[1].Text != "4 ½ 🕯" || c[0].Seat != -1 || c[0].Seq != 3 ||
		c[0].Table != "t1" || c[0].Name != "Zoë" || c[0].UserID != "u" || !sameMS(c[0].At, now) {
		t.Fatalf("%+v %v", c, err)
	}
	if c, err := s.Chat(ctx, "t1", 10); err != nil || len(c) != 4 || c[0].Seq != 1 || c[3].Seq != 4 {
		t.Fatalf("%+v %v", c, err)
	}
	if c, err := s.Chat(ctx, "t2", 10); err != nil || len(c) != 1 || c[0].Text != "other" || c[0].Seat != 1 {
		t.Fatalf("%+v %v", c, err)
	}
	if c, err := s.Chat(ctx, "nope", 10); err != nil || len(c) != 0 {
		t.Fatalf("%+v %v", c, err)
	}
}

func testConcurrentWriters(t *testing.T, db DB) {
	s := open(t, db)
	defer s.Close()
	const tables, moves = 8, 50
	for i := 0; i < tables; i++ {
		newTable(t, s, fmt.Sprint("t", i), time.Now())
	}
	var wg sync.WaitGroup
	errs := make(chan error, tables*2)
	for i := 0; i < tables; i++ {
		wg.Add(2)
		id := fmt.Sprint("t", i)
		go func() {
			defer wg.Done()
			for q := int64(1); q <= moves; q++ {
				if err := s.AppendMove(ctx, store.Move{Table: id, Seq: q, Move: []byte(`{}`), At: time.Now()}); err != nil {
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
	// Writers racing for the same sequence number: exactly one wins.
	newTable(t, s, "race", time.Now())
	var won sync.WaitGroup
	results := make(chan error, 10)
	for i := 0; i < 10; i++ {
		won.Add(1)
		go func() {
			defer won.Done()
			results <- s.AppendMove(ctx, store.Move{Table: "race", Seq: 1, Seat: i, Move: []byte(`{}`)})
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
		} else if !errors.Is(err, store.ErrConflict) {
			t.Fatal(err)
		}
	}
	if ok != 1 {
		t.Fatalf("%d writers stored seq 1", ok)
	}
	for i := 0; i < tables; i++ {
		ms, err := s.Moves(ctx, fmt.Sprint("t", i))
		if err != nil || len(ms) != moves {
			t.Fatalf("table %d has %d moves, %v", i, len(ms), err)
		}
	}
}

// testCloseKeepsAcknowledgedMoves closes the store while moves are being
// appended: every move acknowledged must be found after reopening, and no
// move that was refused.
func testCloseKeepsAcknowledgedMoves(t *testing.T, db DB) {
	s := open(t, db)
	const writers, moves = 4, 200
	for i := 0; i < writers; i++ {
		newTable(t, s, fmt.Sprint("w", i), time.Now())
	}
	acked := make([]int64, writers) // the last acknowledged seq of each table
	var wg sync.WaitGroup
	started := make(chan struct{}, writers)
	for i := 0; i < writers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for q := int64(1); q <= moves; q++ {
				err := s.AppendMove(ctx, store.Move{Table: fmt.Sprint("w", i), Seq: q, Move: []byte(`{}`), At: time.Now()})
				if err != nil {
					return // closed: later moves are not tried
				}
				acked[i] = q
				if q == 5 {
					started <- struct{}{}
				}
			}
		}()
	}
	for i := 0; i < writers; i++ {
		<-started
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	if err := s.AppendMove(ctx, store.Move{Table: "w0", Seq: moves + 1, Move: []byte(`{}`)}); err == nil {
		t.Fatal("a closed store accepted a move")
	}
	s = open(t, db)
	defer s.Close()
	for i := 0; i < writers; i++ {
		ms, err := s.Moves(ctx, fmt.Sprint("w", i))
		if err != nil {
			t.Fatal(err)
		}
		if int64(len(ms)) != acked[i] {
			t.Fatalf("table w%d: %d moves acknowledged, %d stored", i, acked[i], len(ms))
		}
	}
}

// testLeases checks a table lease's life: claimed when free, renewed by its
// holder, refused to others until it expires or is released, dropped.
func testLeases(t *testing.T, db DB) {
	s := open(t, db)
	defer s.Close()
	newTable(t, s, "t1", time.Now())
	newTable(t, s, "t2", time.Now())
	t0 := time.UnixMilli(1_700_000_000_000)
	claim := func(table, owner string, now time.Time, want bool) {
		t.Helper()
		got, err := s.ClaimLease(ctx, table, owner, now, now.Add(10*time.Second))
		if err != nil || got != want {
			t.Fatalf("%s claims %s at %v: %v, %v; want %v", owner, table, now.Sub(t0), got, err, want)
		}
	}
	expired := func(now time.Time, want ...string) {
		t.Helper()
		got, err := s.ExpiredLeases(ctx, now, 10)
		if err != nil || !slices.Equal(got, append([]string{}, want...)) {
			t.Fatalf("expired at %v: %v, %v; want %v", now.Sub(t0), got, err, want)
		}
	}
	expired(t0)
	claim("t1", "a", t0, true)                             // free: a takes it
	claim("t1", "b", t0.Add(time.Second), false)           // held by a
	claim("t1", "a", t0.Add(5*time.Second), true)          // a renews, until t0+15s
	claim("t1", "b", t0.Add(12*time.Second), false)        // still a's
	expired(t0.Add(14 * time.Second))                      // none
	expired(t0.Add(15*time.Second), "t1")                  // a stopped renewing
	claim("t1", "b", t0.Add(15*time.Second), true)         // b takes the expired lease
	claim("t1", "a", t0.Add(16*time.Second), false)        // a lost it
	claim("t2", "a", t0.Add(16*time.Second), true)         // a holds t2 until t0+26s
	if err := s.ReleaseLease(ctx, "t1", "a"); err != nil { // not a's: nothing
		t.Fatal(err)
	}
	claim("t1", "a", t0.Add(17*time.Second), false)
	if err := s.ReleaseLease(ctx, "t1", "b"); err != nil {
		t.Fatal(err)
	}
	expired(t0.Add(17*time.Second), "t1")
	claim("t1", "a", t0.Add(17*time.Second), true) // released: a takes it back at once
	expired(t0.Add(30*time.Second), "t2", "t1")    // oldest expiry first
	if err := s.DropLease(ctx, "t1"); err != nil {
		t.Fatal(err)
	}
	expired(t0.Add(30*time.Second), "t2")
	if err := s.DropLease(ctx, "nope"); err != nil {
		t.Fatal(err)
	}
	// Kept across a reopening.
	s.Close()
	s = open(t, db)
	expired(t0.Add(30*time.Second), "t2")
	claim("t2", "b", t0.Add(20*time.Second), false)
}

// testConcurrentLeaseClaims has several nodes claim one free lease at once:
// exactly one gets it.
func testConcurrentLeaseClaims(t *testing.T, db DB) {
	s := open(t, db)
	defer s.Close()
	now := time.Now()
	for round := range 5 {
		id := fmt.Sprintf("t%d", round)
		newTable(t, s, id, now)
		const nodes = 8
		var won sync.WaitGroup
		got := make([]bool, nodes)
		errs := make([]error, nodes)
		for i := range nodes {
			won.Add(1)
			go func() {
				defer won.Done()
				got[i], errs[i] = s.ClaimLease(ctx, id, fmt.Sprintf("n%d", i), now, now.Add(time.Minute))
			}()
		}
		won.Wait()
		n := 0
		for i := range nodes {
			if errs[i] != nil {
				t.Fatalf("node %d: %v", i, errs[i])
			}
			if got[i] {
				n++
			}
		}
		if n != 1 {
			t.Fatalf("round %d: %d nodes hold the lease", round, n)
		}
	}
}
