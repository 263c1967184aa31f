package server

import (
	"fmt"
	"net/http"
	"testing"

	"gaslamp/game"
)

func TestResign(t *testing.T) {
	dir := t.TempDir()
	e := startEnv(t, dir, nil)
	id, alice, bob, ca, cb := twoPlayers(e, "40")
	ca.move(0, 0, `{"kind":"pick","n":1}`)
	ca.update(1)
	cb.update(1)
	path := func(seat int) string { return fmt.Sprintf("/api/tables/%s/seats/%d/resign", id, seat) }
	if code := alice.do("POST", path(1), nil, nil); code != http.StatusForbidden {
		t.Fatalf("alice resigned bob's seat: %d", code)
	}
	if code := bob.do("POST", path(1), nil, nil); code != http.StatusOK {
		t.Fatalf("bob resigning: %d", code)
	}
	// Both players are told at once: the game is over, north won, and why.
	for _, c := range []*client{ca, cb} {
		st := c.next("state")
		o := st.Outcome
		if o == nil || !o.Over || o.Winner != "north" || o.Reason.Key != "web.outcome.resigned" {
			t.Fatalf("state after the resignation: outcome %+v", o)
		}
		if len(st.Legal) != 0 {
			t.Fatalf("legal moves after the resignation: %v", st.Legal)
		}
	}
	// No more moves, no second resignation.
	ca.move(1, 0, `{"kind":"pick","n":1}`)
	if f := ca.next("error"); f.Code != string(game.ErrGameOver.Code) {
		t.Fatalf("a move after the resignation: %s", f.Raw)
	}
	if code := alice.do("POST", path(0), nil, nil); code != http.StatusConflict {
		t.Fatalf("resigning a finished game: %d, want 409", code)
	}
	check := func(e *env, u *user) {
		t.Helper()
		var sum tableSummary
		u.do("GET", "/api/tables/"+id, nil, &sum)
		if sum.Status != "finished" || sum.Resigned == nil || *sum.Resigned != 1 {
			t.Fatalf("summary after the resignation: status %s, resigned %v", sum.Status, sum.Resigned)
		}
		var frames []replayFrame
		if code := u.do("GET", "/api/tables/"+id+"/replay", nil, &frames); code != http.StatusOK || len(frames) != 2 {
			t.Fatalf("replay: %d, %d frames", code, len(frames))
		}
		last := frames[len(frames)-1]
		if o := last.Outcome; o == nil || !o.Over || o.Winner != "north" || o.Reason.Key != "web.outcome.resigned" {
			t.Fatalf("the replay's last frame does not show the resignation: %+v", last.Outcome)
		}
		if frames[0].Outcome != nil {
			t.Fatalf("the replay's first frame has an outcome: %+v", frames[0].Outcome)
		}
	}
	check(e, alice)
	// After a restart too.
	ca.close()
	cb.close()
	e.close()
	e2 := startEnv(t, dir, nil)
	alice.e, bob.e = e2, e2
	check(e2, alice)
	c := e2.dial(bob, id)
	c.hello(-1)
	if st := c.next("state"); st.Outcome == nil || !st.Outcome.Over || st.Outcome.Winner != "north" {
		t.Fatalf("state after a restart: %+v", st.Outcome)
	}
}

func TestMyTables(t *testing.T) {
	e := newEnv(t, nil)
	alice, bob, carol := e.guest("Alice"), e.guest("Bob"), e.guest("Carol")
	// open: Alice seated, Bob not yet.
	open := alice.table("6", 0, "human", "human")
	alice.sit(open.ID, 0)
	// waiting: Alice's move (north moves first).
	id, _, _, ca, _ := func() (string, *user, *user, *client, *client) {
		c := alice.table("40", 0, "human", "human")
		alice.sit(c.ID, 0)
		bob.sit(c.ID, 1)
		ca := e.dial(alice, c.ID)
		ca.hello(-1)
		ca.next("state")
		return c.ID, alice, bob, ca, nil
	}()
	// theirs: Bob's move after Alice's.
	theirs := alice.table("40", 0, "human", "human")
	alice.sit(theirs.ID, 0)
	bob.sit(theirs.ID, 1)
	ct := e.dial(alice, theirs.ID)
	ct.hello(-1)
	ct.next("state")
	ct.move(0, 0, `{"kind":"pick","n":1}`)
	ct.update(1)
	// finished: Alice resigned.
	done := alice.table("40", 0, "human", "human")
	alice.sit(done.ID, 0)
	bob.sit(done.ID, 1)
	if code := alice.do("POST", "/api/tables/"+done.ID+"/seats/0/resign", nil, nil); code != http.StatusOK {
		t.Fatalf("resign: %d", code)
	}
	// Carol's table is not Alice's.
	carol.sit(carol.table("6", 0, "human", "human").ID, 0)
	_ = ca

	var active []myTable
	if code := alice.do("GET", "/api/my/tables?status=active", nil, &active); code != http.StatusOK {
		t.Fatalf("my tables: %d", code)
	}
	var got []string
	for _, m := range active {
		got = append(got, m.Table.ID)
	}
	if want := []string{id, theirs.ID, open.ID}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("alice's games in progress %v, want %v (waiting for her, running, open)", got, want)
	}
	if !active[0].YourTurn || active[1].YourTurn || active[2].YourTurn || fmt.Sprint(active[0].Seats) != "[0]" {
		t.Fatalf("your turn / seats: %+v", active)
	}
	var finished []myTable
	alice.do("GET", "/api/my/tables?status=finished", nil, &finished)
	if len(finished) != 1 || finished[0].Table.ID != done.ID || finished[0].Table.Resigned == nil {
		t.Fatalf("alice's finished games %+v", finished)
	}
	var bobs []myTable
	bob.do("GET", "/api/my/tables?status=active", nil, &bobs)
	if len(bobs) != 2 || !bobs[0].YourTurn || bobs[0].Table.ID != theirs.ID {
		t.Fatalf("bob's games in progress %+v", bobs)
	}
	anon := &user{e: e}
	var none []myTable
	if code := anon.do("GET", "/api/my/tables", nil, &none); code != http.StatusOK || len(none) != 0 {
		t.Fatalf("tables of nobody: %d %+v", code, none)
	}
	if code := alice.do("GET", "/api/my/tables?status=nope", nil, nil); code != http.StatusBadRequest {
		t.Fatalf("bad status: %d", code)
	}
}

func TestMyFinishedTablesArePaged(t *testing.T) {
	e := newEnv(t, nil)
	alice, bob := e.guest("Alice"), e.guest("Bob")
	for range LobbyPageSize + 3 {
		c := alice.table("40", 0, "human", "human")
		alice.sit(c.ID, 0)
		bob.sit(c.ID, 1)
		if code := bob.do("POST", "/api/tables/"+c.ID+"/seats/1/resign", nil, nil); code != http.StatusOK {
			t.Fatalf("resign: %d", code)
		}
	}
	var page1, page2 []myTable
	req, _ := newGet(e, "/api/my/tables?status=finished", alice)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.Header.Get("X-Next-Page") != "2" {
		t.Fatalf("X-Next-Page %q", resp.Header.Get("X-Next-Page"))
	}
	alice.do("GET", "/api/my/tables?status=finished", nil, &page1)
	alice.do("GET", "/api/my/tables?status=finished&page=2", nil, &page2)
	if len(page1) != LobbyPageSize || len(page2) != 3 || page1[0].Table.ID == page2[0].Table.ID {
		t.Fatalf("pages of %d and %d", len(page1), len(page2))
	}
}
