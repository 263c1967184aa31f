package server

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"gaslamp/game"
	"gaslamp/internal/testscale"
	"gaslamp/store"
)

// finishedBy plays a two-move srvtest game between two new guests to its end
// (resign: the second player resigns after the first move instead) and
// returns the table's id once its finish is recorded.
func finishedBy(e *env, alice, bob *user, resign bool) string {
	e.t.Helper()
	c := alice.table("2", 0, "human", "human")
	alice.sit(c.ID, 0)
	bob.sit(c.ID, 1)
	ca, cb := e.dial(alice, c.ID), e.dial(bob, c.ID)
	defer ca.close()
	defer cb.close()
	ca.hello(-1)
	cb.hello(-1)
	ca.next("state")
	cb.next("state")
	ca.move(0, 0, `{"kind":"pick","n":1}`)
	ca.update(1)
	cb.update(1)
	if resign {
		if code := bob.do("POST", fmt.Sprintf("/api/tables/%s/seats/1/resign", c.ID), nil, nil); code != http.StatusOK {
			e.t.Fatalf("resigning: %d", code)
		}
	} else {
		cb.move(1, 1, `{"kind":"pick","n":2}`)
	}
	waitFinish(e, c.ID)
	return c.ID
}

// waitFinish waits until table id's finish is stored.
func waitFinish(e *env, id string) store.Finish {
	e.t.Helper()
	deadline := time.Now().Add(testscale.Timeout(10 * time.Second))
	for {
		rec, err := e.st.Table(e.t.Context(), id)
		if err == nil && rec.Finish != nil {
			return *rec.Finish
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("table %s: no finish recorded (status %q, err %v)", id, rec.Status, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// archive lists the archive with the query, and returns the ids and the
// next cursor.
func archive(e *env, u *user, query string) ([]string, string, int) {
	e.t.Helper()
	req, _ := newGet(e, "/api/tables?status=finished&"+query, u)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	var list []*tableSummary
	data, _ := io.ReadAll(resp.Body)
	json.Unmarshal(data, &list)
	ids := []string{}
	for _, s := range list {
		if s.Finish == nil {
			e.t.Fatalf("archive %q: table %s without its finish", query, s.ID)
		}
		ids = append(ids, s.ID)
	}
	return ids, resp.Header.Get("X-Next-Cursor"), resp.StatusCode
}

func TestArchiveFilters(t *testing.T) {
	e := newEnv(t, nil)
	alice, bob, carol := e.guest("Alice"), e.guest("Bob"), e.guest("Carol")
	byRules := finishedBy(e, alice, bob, false)
	resigned := finishedBy(e, alice, carol, true)
	running := alice.table("2", 0, "human", "human")
	var sum tableSummary
	alice.do("GET", "/api/tables/"+resigned, nil, &sum)
	if sum.Finish == nil || sum.Finish.Winner != "north" || sum.Finish.Ended != store.EndResigned {
		t.Fatalf("summary of the resigned table: finish %+v", sum.Finish)
	}
	f := waitFinish(e, byRules)
	if f.Ended != store.EndRules || (f.Winner != "north" && f.Winner != "south") {
		t.Fatalf("finish by the rules %+v", f)
	}
	winner, loser := f.Winner, "south"
	if winner == "south" {
		loser = "north"
	}
	day := f.At.Format(time.DateOnly)
	// The resigned game: north won it (south resigned).
	wonBy := map[string][]string{"north": {resigned, byRules}, "south": {byRules}}
	for _, tc := range []struct {
		query string
		want  []string
	}{
		{"", []string{resigned, byRules}},
		{"game=srvtest", []string{resigned, byRules}},
		{"game=pocket", []string{}},
		{"player=carol", []string{resigned}},
		{"player=BOB", []string{byRules}},
		{"player=Alice", []string{resigned, byRules}},
		{"outcome=resigned", []string{resigned}},
		{"outcome=rules", []string{byRules}},
		{"outcome=time", []string{}},
		{"outcome=won:" + winner, wonBy[winner]},
		{"outcome=won:" + winner + "&player=bob", []string{byRules}},
		{"game=srvtest&outcome=won:" + loser + "&player=bob", []string{}},
		{"from=" + day + "&to=" + day, []string{resigned, byRules}},
		{"from=2001-01-01&to=2001-01-31", []string{}},
	} {
		got, _, code := archive(e, alice, tc.query)
		if code != http.StatusOK || !slices.Equal(got, tc.want) {
			t.Errorf("archive %q: %d %v, want %v", tc.query, code, got, tc.want)
		}
	}
	if slices.Contains(func() []string { ids, _, _ := archive(e, nil, ""); return ids }(), running.ID) {
		t.Fatal("the archive lists a table still open")
	}
	// Bad filters are refused, saying so.
	for _, q := range []string{"game=chess", "from=yesterday", "to=2026-13-01", "from=2026-02-02&to=2026-02-01",
		"outcome=won:nobody", "outcome=lost", "after=12", "after=x~t_1", "player=" + strings.Repeat("x", 65)} {
		var out httpErr
		req, _ := newGet(e, "/api/tables?status=finished&"+q, alice)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		json.NewDecoder(resp.Body).Decode(&out)
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest || out.Text.Key != "err.bad-archive-filter" {
			t.Errorf("archive %q: %d %+v, want 400 err.bad-archive-filter", q, resp.StatusCode, out)
		}
	}
}

// TestArchivePaging pages the archive with its cursor while more games
// finish: no table is listed twice or left out.
func TestArchivePaging(t *testing.T) {
	e := newEnv(t, nil)
	ctx := t.Context()
	n := LobbyPageSize + 7
	base := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	mk := func(id string, at time.Time) {
		t.Helper()
		err := e.st.CreateTable(ctx, store.Table{ID: id, Game: "pocket", Options: map[string]string{}, Status: store.StatusFinished,
			Created: base, Seats: []store.Seat{{Seat: 0, Kind: store.KindHuman}, {Seat: 1, Kind: store.KindHuman}}})
		if err == nil {
			err = e.st.RecordFinish(ctx, id, store.Finish{Winner: "jack", Ended: store.EndRules, At: at})
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	for i := range n {
		mk(fmt.Sprintf("t_%03d", i), base.Add(time.Duration(i/3)*time.Minute)) // three at each minute
	}
	u := e.guest("Reader")
	page1, next, code := archive(e, u, "game=pocket")
	if code != http.StatusOK || len(page1) != LobbyPageSize || next == "" {
		t.Fatalf("first page: %d, %d tables, cursor %q", code, len(page1), next)
	}
	// Games finishing now come first; they shift nothing in the next page.
	mk("t_new1", base.Add(time.Hour))
	mk("t_new2", base.Add(time.Hour))
	page2, next2, code := archive(e, u, "game=pocket&after="+next)
	if code != http.StatusOK || len(page2) != n-LobbyPageSize || next2 != "" {
		t.Fatalf("second page: %d, %d tables, cursor %q", code, len(page2), next2)
	}
	seen := map[string]bool{}
	for _, id := range append(page1, page2...) {
		if seen[id] {
			t.Fatalf("table %s listed twice", id)
		}
		seen[id] = true
	}
	if len(seen) != n {
		t.Fatalf("%d tables listed, want %d", len(seen), n)
	}
	if first, _, _ := archive(e, u, "game=pocket"); first[0] != "t_new2" || first[1] != "t_new1" {
		t.Fatalf("the new games are not first: %v", first[:3])
	}
}

// TestExport downloads a finished game's record and replays it as `gaslamp
// replay` does: the same outcome. A game still being played is refused
// (its seed and moves would show every secret).
func TestExport(t *testing.T) {
	e := newEnv(t, nil)
	alice, bob := e.guest("Alice"), e.guest("Bob")
	running := alice.table("2", 0, "human", "human")
	id := finishedBy(e, alice, bob, false)
	resigned := finishedBy(e, alice, bob, true)
	for _, tc := range []struct {
		path string
		code int
	}{
		{"/api/tables/" + running.ID + "/export", http.StatusForbidden},
		{"/api/tables/t_nope/export", http.StatusNotFound},
	} {
		if code := bob.do("GET", tc.path, nil, nil); code != tc.code {
			t.Fatalf("GET %s: %d, want %d", tc.path, code, tc.code)
		}
	}
	req, _ := newGet(e, "/api/tables/"+id+"/export", nil) // public: no session needed
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(resp.Header.Get("Content-Disposition"), "attachment") {
		t.Fatalf("export: %d, %q", resp.StatusCode, resp.Header.Get("Content-Disposition"))
	}
	var rec game.Record
	if err := json.Unmarshal(data, &rec); err != nil || rec.Game != "srvtest" || len(rec.Moves) != 2 || rec.Options["length"] != "2" {
		t.Fatalf("export %s: %+v, %v", data, rec, err)
	}
	st, err := game.Replay(rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := waitFinish(e, id)
	if o := st.Outcome(); !o.Over || o.Winner != f.Winner {
		t.Fatalf("replayed export: %+v, the table's finish %+v", o, f)
	}
	var ex exportRecord
	bob.do("GET", "/api/tables/"+resigned+"/export", nil, &ex)
	if ex.Table != resigned || ex.Ended != store.EndResigned || ex.Outcome == nil || ex.Outcome.Winner != "north" || len(ex.Moves) != 1 {
		t.Fatalf("export of the resigned game: %+v", ex)
	}
}
