package storetest

import (
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"gaslamp/store"
)

// testAccounts: a guest becomes an account under a unique name skeleton,
// keeping its user id and renaming its seats; a password changes; another
// device's sessions go; deleting the account removes its personal data and
// leaves its games under the neutral name "".
func testAccounts(t *testing.T, db DB) {
	s := open(t, db)
	defer s.Close()
	now := time.Now().UTC()
	for _, id := range []string{"u1", "u2"} {
		if err := s.CreateUser(ctx, store.User{ID: id, Name: "guest " + id, Created: now}); err != nil {
			t.Fatal(err)
		}
	}
	newTable(t, s, "t1", now)
	if err := s.SetSeatHolder(ctx, "t1", 0, "u1", "guest u1"); err != nil {
		t.Fatal(err)
	}
	if err := s.AppendChat(ctx, store.Chat{Table: "t1", Seq: 1, UserID: "u1", Name: "guest u1", Seat: 0, Text: "hello", At: now}); err != nil {
		t.Fatal(err)
	}
	if u, err := s.User(ctx, "u1"); err != nil || u.Registered {
		t.Fatalf("guest %+v, %v", u, err)
	}
	if _, err := s.AccountByUser(ctx, "u1"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a guest's account: %v", err)
	}
	a := store.Account{UserID: "u1", Name: "Alice", Key: "alice", Password: "$argon2id$x", Created: now}
	if err := s.CreateAccount(ctx, a); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateAccount(ctx, store.Account{UserID: "u2", Name: "ALICE", Key: "alice", Password: "p", Created: now}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a taken name: %v", err)
	}
	if err := s.CreateAccount(ctx, store.Account{UserID: "u1", Name: "Bob", Key: "bob", Password: "p", Created: now}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a second account for one user: %v", err)
	}
	if u, _ := s.User(ctx, "u2"); u.Name != "guest u2" || u.Registered {
		t.Fatalf("a refused account changed the user: %+v", u)
	}
	got, err := s.AccountByKey(ctx, "alice")
	if err != nil || got.UserID != "u1" || got.Name != "Alice" || got.Password != "$argon2id$x" || !sameMS(got.Created, now) {
		t.Fatalf("account %+v, %v", got, err)
	}
	if _, err := s.AccountByKey(ctx, "bob"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown name: %v", err)
	}
	if u, err := s.User(ctx, "u1"); err != nil || !u.Registered || u.Name != "Alice" {
		t.Fatalf("upgraded user %+v, %v", u, err)
	}
	if tb, _ := s.Table(ctx, "t1"); tb.Seats[0].UserID != "u1" || tb.Seats[0].Name != "Alice" {
		t.Fatalf("the seat after the upgrade: %+v", tb.Seats[0])
	}
	if err := s.SetPassword(ctx, "u1", "$argon2id$y"); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.AccountByUser(ctx, "u1"); got.Password != "$argon2id$y" {
		t.Fatalf("password %q", got.Password)
	}
	if err := s.SetPassword(ctx, "u2", "z"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a guest's password: %v", err)
	}
	for _, tok := range []string{"a", "b", "c"} {
		if err := s.CreateSession(ctx, store.Session{TokenHash: store.Hash(tok), UserID: "u1", CSRF: "x", Created: now}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.CreateSession(ctx, store.Session{TokenHash: store.Hash("other"), UserID: "u2", CSRF: "x", Created: now}); err != nil {
		t.Fatal(err)
	}
	_, u, err := s.SessionByHash(ctx, store.Hash("a"))
	if err != nil || !u.Registered || u.Name != "Alice" {
		t.Fatalf("session's user %+v, %v", u, err)
	}
	gone, err := s.DeleteSessionsOf(ctx, "u1", store.Hash("a"))
	want := []string{store.Hash("b"), store.Hash("c")}
	slices.Sort(want)
	if err != nil || !slices.Equal(gone, want) {
		t.Fatalf("DeleteSessionsOf = %v, %v; want %v", gone, err, want)
	}
	if _, _, err := s.SessionByHash(ctx, store.Hash("b")); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("another device's session stays: %v", err)
	}
	if _, _, err := s.SessionByHash(ctx, store.Hash("a")); err != nil {
		t.Fatalf("the kept session: %v", err)
	}
	// Deletion.
	if _, err := s.DeleteAccount(ctx, "u2"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("deleting a guest: %v", err)
	}
	rec := []store.Result{{UserID: "u1", Game: "test", Side: "a", Won: true, Rated: true}}
	keys := []store.RatingKey{{UserID: "u1", Game: "test", Side: "a"}}
	if ok, err := s.RecordResults(ctx, "t1", now, rec, keys, func(r []store.Rating) []store.Rating {
		r[0].Rating, r[0].RD, r[0].Vol, r[0].Games = 1600, 200, 0.06, 1
		return r
	}); err != nil || !ok {
		t.Fatalf("results: %v %v", ok, err)
	}
	gone, err = s.DeleteAccount(ctx, "u1")
	if err != nil || !slices.Equal(gone, []string{store.Hash("a")}) {
		t.Fatalf("DeleteAccount = %v, %v", gone, err)
	}
	if _, err := s.AccountByKey(ctx, "alice"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("the account stays: %v", err)
	}
	if _, _, err := s.SessionByHash(ctx, store.Hash("a")); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a session stays: %v", err)
	}
	if u, err := s.User(ctx, "u1"); err != nil || u.Name != "" || u.Registered {
		t.Fatalf("the user after deletion: %+v, %v", u, err)
	}
	tb, err := s.Table(ctx, "t1")
	if err != nil || tb.Seats[0].UserID != "u1" || tb.Seats[0].Name != "" {
		t.Fatalf("the game after deletion: %+v, %v", tb.Seats, err)
	}
	if c, _ := s.Chat(ctx, "t1", 10); len(c) != 1 || c[0].Name != "" || c[0].Text != "hello" {
		t.Fatalf("chat after deletion: %+v", c)
	}
	if r, _ := s.ResultsOf(ctx, "u1", 0); len(r) != 0 {
		t.Fatalf("results stay: %+v", r)
	}
	if r, _ := s.RatingsOf(ctx, "u1"); len(r) != 0 {
		t.Fatalf("ratings stay: %+v", r)
	}
	if r, _ := s.RatingHistory(ctx, "u1", "test", "a", 0); len(r) != 0 {
		t.Fatalf("rating history stays: %+v", r)
	}
	// The name is free again.
	if err := s.CreateAccount(ctx, store.Account{UserID: "u2", Name: "alice", Key: "alice", Password: "p", Created: now}); err != nil {
		t.Fatalf("the freed name: %v", err)
	}
}

// testResults: a finished table's results and ratings are recorded once,
// even by callers racing; ratings, their history, the leaderboard and a
// user's tables read back.
func testResults(t *testing.T, db DB) {
	s := open(t, db)
	defer s.Close()
	now := time.Now().UTC().Truncate(time.Millisecond)
	for _, id := range []string{"u1", "u2", "u3"} {
		if err := s.CreateUser(ctx, store.User{ID: id, Name: id, Created: now}); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateAccount(ctx, store.Account{UserID: id, Name: "N" + id, Key: id, Password: "p", Created: now}); err != nil {
			t.Fatal(err)
		}
	}
	rated := store.Table{ID: "r1", Game: "test", Options: map[string]string{}, Status: store.StatusFinished, Creator: "u1",
		Created: now, Rated: true, Seats: []store.Seat{
			{Seat: 0, Kind: store.KindHuman, UserID: "u1", Name: "Nu1", Owner: "u1"},
			{Seat: 1, Kind: store.KindHuman, UserID: "u2", Name: "Nu2", Owner: "u2"}}}
	if err := s.CreateTable(ctx, rated); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"r2", "r3"} {
		newTable(t, s, id, now.Add(time.Second))
	}
	if tb, _ := s.Table(ctx, "r1"); !tb.Rated {
		t.Fatal("rated flag lost")
	}
	if tb, _ := s.Table(ctx, "r2"); tb.Rated {
		t.Fatal("casual table rated")
	}
	keys := []store.RatingKey{{UserID: "u1", Game: "test", Side: "a"}, {UserID: "u2", Game: "test", Side: "b"}}
	results := []store.Result{
		{UserID: "u1", Game: "test", Side: "a", Won: true, Rated: true},
		{UserID: "u2", Game: "test", Side: "b", Won: false, Rated: true}}
	var mu sync.Mutex
	calls := 0
	rate := func(cur []store.Rating) []store.Rating {
		mu.Lock()
		calls++
		mu.Unlock()
		out := slices.Clone(cur)
		for i := range out {
			if out[i].Games != 0 || out[i].Rating != 0 || out[i].RatingKey != keys[i] {
				t.Errorf("current rating %+v", out[i])
			}
			out[i].Rating, out[i].RD, out[i].Vol, out[i].Games = 1500+float64(100*(1-2*i)), 250, 0.06, 1
			if i == 0 {
				out[i].Wins = 1
			}
		}
		return out
	}
	var wg sync.WaitGroup
	applied := make([]bool, 4)
	errs := make([]error, 4)
	for i := range applied {
		wg.Add(1)
		go func() {
			defer wg.Done()
			applied[i], errs[i] = s.RecordResults(ctx, "r1", now, results, keys, rate)
		}()
	}
	wg.Wait()
	n := 0
	for i := range applied {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if applied[i] {
			n++
		}
	}
	if n != 1 || calls != 1 {
		t.Fatalf("results recorded %d times, rate called %d times; want once", n, calls)
	}
	r, err := s.RatingsOf(ctx, "u1")
	if err != nil || len(r) != 1 || r[0].Rating != 1600 || r[0].RD != 250 || r[0].Vol != 0.06 || r[0].Games != 1 || r[0].Wins != 1 || !sameMS(r[0].Updated, now) {
		t.Fatalf("ratings of u1 %+v, %v", r, err)
	}
	// A second rated table: the current ratings come back to rate.
	ok, err := s.RecordResults(ctx, "r2", now.Add(time.Minute), results[:1], keys[:1], func(cur []store.Rating) []store.Rating {
		if cur[0].Rating != 1600 || cur[0].Games != 1 || cur[0].Wins != 1 {
			t.Errorf("current %+v", cur[0])
		}
		cur[0].Rating, cur[0].Games, cur[0].Wins = 1650, 2, 2
		return cur
	})
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	// A casual table: results only.
	if ok, err := s.RecordResults(ctx, "r3", now.Add(2*time.Minute), []store.Result{{UserID: "u1", Game: "test", Side: "b"}}, nil, nil); err != nil || !ok {
		t.Fatal(ok, err)
	}
	h, err := s.RatingHistory(ctx, "u1", "test", "a", 0)
	if err != nil || len(h) != 2 || h[0].Table != "r1" || h[0].Rating != 1600 || h[1].Table != "r2" || h[1].Rating != 1650 {
		t.Fatalf("history %+v, %v", h, err)
	}
	if h, _ := s.RatingHistory(ctx, "u1", "test", "a", 1); len(h) != 1 || h[0].Table != "r2" {
		t.Fatalf("last point %+v", h)
	}
	res, err := s.ResultsOf(ctx, "u1", 0)
	if err != nil || len(res) != 3 || res[0].Table != "r3" || res[0].Rated || res[0].Won || res[2].Table != "r1" || !res[2].Won || !res[2].Rated || res[2].Side != "a" {
		t.Fatalf("results %+v, %v", res, err)
	}
	if res, _ := s.ResultsOf(ctx, "u2", 0); len(res) != 1 || res[0].Won {
		t.Fatalf("results of u2 %+v", res)
	}
	// One table's results, and what it did to a rating, however old.
	if tr, err := s.TableResults(ctx, "r1"); err != nil || len(tr) != 2 || tr[0].UserID != "u1" || !tr[0].Won || tr[1].UserID != "u2" || tr[1].Won {
		t.Fatalf("results of r1 %+v, %v", tr, err)
	}
	if tr, err := s.TableResults(ctx, "nope"); err != nil || len(tr) != 0 {
		t.Fatalf("results of no table %+v, %v", tr, err)
	}
	if at, _, ok, err := s.RatingAt(ctx, "u1", "test", "a", "r1"); err != nil || ok || at.Table != "r1" || at.Rating != 1600 {
		t.Fatalf("rating at r1 %+v %v %v", at, ok, err)
	}
	if at, before, ok, err := s.RatingAt(ctx, "u1", "test", "a", "r2"); err != nil || !ok || at.Rating != 1650 || before.Table != "r1" || before.Rating != 1600 {
		t.Fatalf("rating at r2 %+v before %+v %v %v", at, before, ok, err)
	}
	if _, _, _, err := s.RatingAt(ctx, "u1", "test", "b", "r3"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("rating at a casual table: %v", err)
	}
	lb, err := s.Leaderboard(ctx, "test", "a", 2, 10)
	if err != nil || len(lb) != 1 || lb[0].UserID != "u1" || lb[0].Name != "Nu1" || lb[0].Rating != 1650 {
		t.Fatalf("leaderboard (2 games) %+v, %v", lb, err)
	}
	if lb, _ := s.Leaderboard(ctx, "test", "b", 1, 10); len(lb) != 1 || lb[0].UserID != "u2" {
		t.Fatalf("leaderboard b %+v", lb)
	}
	if lb, _ := s.Leaderboard(ctx, "test", "a", 3, 10); len(lb) != 0 {
		t.Fatalf("leaderboard (3 games) %+v", lb)
	}
	// SeatedTablesOf: held or owned seats.
	if err := s.SetSeatHolder(ctx, "r2", 0, "u3", "Nu3"); err != nil {
		t.Fatal(err)
	}
	if err := s.SetSeatOwner(ctx, "r3", 0, "u3"); err != nil {
		t.Fatal(err)
	}
	tabs, err := s.SeatedTablesOf(ctx, "u3", 0)
	if err != nil || len(tabs) != 2 || len(tabs[0].Seats) != 2 {
		t.Fatalf("tables of u3 %+v, %v", tabs, err)
	}
	if tabs, _ := s.SeatedTablesOf(ctx, "u3", 0, store.StatusFinished); len(tabs) != 0 {
		t.Fatalf("finished tables of u3 %+v", tabs)
	}
	if tabs, _ := s.SeatedTablesOf(ctx, "u1", 5, store.StatusFinished); len(tabs) != 1 || tabs[0].ID != "r1" || !tabs[0].Rated {
		t.Fatalf("finished tables of u1 %+v", tabs)
	}
}
