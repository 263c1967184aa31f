package storetest

import (
	"maps"
	"sync"
	"testing"
	"time"

	"gaslamp/store"
)

// testTimeWarnings: one time-short warning per table, seat and move, even
// when several clients claim it at once; a later move may warn again, an
// earlier one never.
func testTimeWarnings(t *testing.T, db DB) {
	s := open(t, db)
	defer s.Close()
	var wg sync.WaitGroup
	var mu sync.Mutex
	won := 0
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ok, err := s.ClaimTimeWarning(ctx, "t1", 0, 3)
			if err != nil {
				t.Error(err)
			}
			if ok {
				mu.Lock()
				won++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if won != 1 {
		t.Fatalf("%d of 8 clients warned for one move", won)
	}
	for _, c := range []struct {
		table   string
		seat    int
		version int64
		want    bool
	}{
		{"t1", 0, 3, false}, // the same move again
		{"t1", 0, 2, false}, // an earlier move
		{"t1", 1, 3, true},  // another seat
		{"t2", 0, 3, true},  // another table
		{"t1", 0, 5, true},  // a later move
		{"t1", 0, 5, false},
	} {
		if ok, err := s.ClaimTimeWarning(ctx, c.table, c.seat, c.version); err != nil || ok != c.want {
			t.Fatalf("claim %+v: %v, %v", c, ok, err)
		}
	}
}

// testChapterRecords: chapter results are stored once per table and user
// and add up, per game, chapter and campaign flag, to games played and won
// and the best results of the won ones; deleting the account forgets them.
func testChapterRecords(t *testing.T, db DB) {
	s := open(t, db)
	defer s.Close()
	now := time.Now().UTC().Truncate(time.Millisecond)
	for _, id := range []string{"u1", "u2"} {
		if err := s.CreateUser(ctx, store.User{ID: id, Name: id, Created: now}); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateAccount(ctx, store.Account{UserID: id, Name: id, Key: id, Password: "p", Created: now}); err != nil {
			t.Fatal(err)
		}
	}
	if recs, err := s.ChapterRecords(ctx, "u1"); err != nil || len(recs) != 0 {
		t.Fatalf("no results yet: %+v, %v", recs, err)
	}
	res := func(table, user string, chapter int, key string, campaign, won bool, city, stars int) store.ChapterResult {
		return store.ChapterResult{Table: table, UserID: user, Game: "jekyll", Chapter: chapter, Key: key, Campaign: campaign,
			Won: won, CityTricks: city, Stars: stars, At: now}
	}
	batches := [][]store.ChapterResult{
		{res("t1", "u1", 4, "classic", false, false, 9, 0), res("t1", "u2", 4, "classic", false, false, 9, 0)},
		{res("t2", "u1", 4, "classic", false, true, 5, 0)},
		{res("t3", "u1", 4, "classic", false, true, 3, 0)},
		{res("t4", "u1", 4, "classic", true, true, 6, 2), res("t5", "u1", 4, "classic", true, true, 4, 1)},
		{res("t6", "u1", 10, "before-dawn", false, false, 7, 0)},
		{res("t2", "u1", 4, "classic", false, false, 16, 0)}, // t2 again: kept as it was
	}
	for _, b := range batches {
		if err := s.RecordChapters(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	recs, err := s.ChapterRecords(ctx, "u1")
	if err != nil {
		t.Fatal(err)
	}
	want := []store.ChapterRecord{
		{Game: "jekyll", Chapter: 4, Key: "classic", Played: 3, Won: 2, BestCityTricks: 3},
		{Game: "jekyll", Chapter: 4, Key: "classic", Campaign: true, Played: 2, Won: 2, BestCityTricks: 4, BestStars: 2},
		{Game: "jekyll", Chapter: 10, Key: "before-dawn", Played: 1, BestCityTricks: -1},
	}
	if len(recs) != len(want) {
		t.Fatalf("records %+v, want %+v", recs, want)
	}
	for i := range want {
		if recs[i] != want[i] {
			t.Fatalf("record %d: %+v, want %+v", i, recs[i], want[i])
		}
	}
	if recs, err := s.ChapterRecords(ctx, "u2"); err != nil || len(recs) != 1 || recs[0].Played != 1 || recs[0].Won != 0 {
		t.Fatalf("u2's records %+v, %v", recs, err)
	}
	if _, err := s.DeleteAccount(ctx, "u1"); err != nil {
		t.Fatal(err)
	}
	if recs, err := s.ChapterRecords(ctx, "u1"); err != nil || len(recs) != 0 {
		t.Fatalf("a deleted account's records: %+v, %v", recs, err)
	}
}

// testMoveResults: a guest's results at a finished table (per side, and its
// chapter record) go to the account it signs in to; where the account has
// the same side's result, or a chapter record, there already, the
// account's stays; other tables and other people's results are untouched.
func testMoveResults(t *testing.T, db DB) {
	s := open(t, db)
	defer s.Close()
	now := time.Now().UTC().Truncate(time.Millisecond)
	for _, id := range []string{"u1", "guest", "acct", "other"} {
		if err := s.CreateUser(ctx, store.User{ID: id, Name: id, Created: now}); err != nil {
			t.Fatal(err)
		}
	}
	for _, id := range []string{"m1", "m2"} {
		newTable(t, s, id, now)
	}
	rec := func(table string, results ...store.Result) {
		t.Helper()
		if ok, err := s.RecordResults(ctx, table, now, results, nil, nil); err != nil || !ok {
			t.Fatalf("results of %s: %v, %v", table, ok, err)
		}
	}
	r := func(user, side string, won bool) store.Result {
		return store.Result{UserID: user, Game: "test", Side: side, Won: won}
	}
	// m1: the guest played a and b, the account a (lost) as well.
	rec("m1", r("guest", "a", true), r("guest", "b", false), r("acct", "a", false), r("other", "b", false))
	rec("m2", r("guest", "a", true))
	ch := func(table, user string, won bool) store.ChapterResult {
		return store.ChapterResult{Table: table, UserID: user, Game: "jekyll", Chapter: 4, Key: "classic", Won: won, CityTricks: 5, At: now}
	}
	if err := s.RecordChapters(ctx, []store.ChapterResult{ch("m1", "guest", true), ch("m1", "acct", false), ch("m2", "guest", true)}); err != nil {
		t.Fatal(err)
	}
	if err := s.MoveResults(ctx, "m1", "guest", "acct"); err != nil {
		t.Fatal(err)
	}
	sides := func(user string) map[string]bool {
		t.Helper()
		rs, err := s.ResultsOf(ctx, user, 10)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]bool{}
		for _, x := range rs {
			out[x.Table+"/"+x.Side] = x.Won
		}
		return out
	}
	if got, want := sides("acct"), map[string]bool{"m1/a": false, "m1/b": false}; !maps.Equal(got, want) {
		t.Errorf("the account's results %v, want %v (its own side a kept, b moved)", got, want)
	}
	if got, want := sides("guest"), map[string]bool{"m2/a": true}; !maps.Equal(got, want) {
		t.Errorf("the guest's results %v, want %v (the other table untouched)", got, want)
	}
	if got, want := sides("other"), map[string]bool{"m1/b": false}; !maps.Equal(got, want) {
		t.Errorf("another player's results %v, want %v", got, want)
	}
	recs, err := s.ChapterRecords(ctx, "acct")
	if err != nil || len(recs) != 1 || recs[0].Played != 1 || recs[0].Won != 0 {
		t.Errorf("the account's chapter records %+v, %v: want its own (lost) only", recs, err)
	}
	recs, err = s.ChapterRecords(ctx, "guest")
	if err != nil || len(recs) != 1 || recs[0].Played != 1 || recs[0].Won != 1 {
		t.Errorf("the guest's chapter records %+v, %v: want m2's only", recs, err)
	}
	// The guest's chapter record moves where the account has none.
	if err := s.MoveResults(ctx, "m2", "guest", "acct"); err != nil {
		t.Fatal(err)
	}
	if recs, err := s.ChapterRecords(ctx, "acct"); err != nil || len(recs) != 1 || recs[0].Played != 2 || recs[0].Won != 1 {
		t.Errorf("the account's chapter records after m2 %+v, %v", recs, err)
	}
	if got := sides("guest"); len(got) != 0 {
		t.Errorf("the guest kept results %v", got)
	}
}
