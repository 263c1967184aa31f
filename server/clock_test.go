package server

import (
	"encoding/json"
	"math"
	"net/http"
	"testing"
	"time"

	"gaslamp/internal/testscale"
	"gaslamp/server/internal/testgame"
)

// pacedTable creates a two-human table of the test game with pace p.
func pacedTable(t *testing.T, u *user, p map[string]any) created {
	t.Helper()
	var c created
	if code := u.do("POST", "/api/tables", map[string]any{"game": testgame.ID, "options": map[string]string{"length": "40"},
		"seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}, "pace": p}, &c); code != http.StatusCreated {
		t.Fatalf("create: %d", code)
	}
	return c
}

// clocksOf reads the table's clocks from the lobby API, by seat.
func clocksOf(t *testing.T, u *user, id string) map[int]clockInfo {
	t.Helper()
	var sum tableSummary
	if code := u.do("GET", "/api/tables/"+id, nil, &sum); code != http.StatusOK {
		t.Fatalf("table %d", code)
	}
	out := map[int]clockInfo{}
	for _, c := range sum.Clocks {
		out[c.Seat] = c
	}
	return out
}

// tick makes the table look at its clocks now (the fake clock moved; the
// real timer would fire later).
func tick(e *env, id string) {
	if tb := e.srv.hub.loaded(id); tb != nil {
		tb.ask(e.t.Context(), tb.armClock)
	}
}

// TestLiveClockAccounting: a live table charges each seat from when it must
// act to when its move is stored, adds the increment, runs out into a bot's
// move for that seat only, and after a restart charges nothing for the time
// the server was down.
func TestLiveClockAccounting(t *testing.T) {
	dir := t.TempDir()
	clk := newClock()
	e := startEnv(t, dir, func(c *Config) { c.Now = clk.Now; c.BotBudget = 100 * time.Millisecond })
	alice, bob := e.guest("Alice"), e.guest("Bob")
	for _, bad := range []map[string]any{{"kind": "live", "bank_seconds": 5}, {"kind": "turn", "move_seconds": 60}, {"kind": "blitz"}, {"kind": "live", "bank_seconds": 600, "on_timeout": "explode"}} {
		var refused httpErr
		if code := alice.do("POST", "/api/tables", map[string]any{"game": testgame.ID, "pace": bad}, &refused); code != http.StatusBadRequest {
			t.Fatalf("pace %v: %d", bad, code)
		}
	}
	c := pacedTable(t, alice, map[string]any{"kind": "live", "bank_seconds": 60, "increment_seconds": 10})
	alice.sit(c.ID, 0)
	bob.sit(c.ID, 1) // the game starts: seat 0's clock runs
	ca, cb := e.dial(alice, c.ID), e.dial(bob, c.ID)
	ca.hello(-1)
	cb.hello(-1)
	ca.next("state")
	cb.next("state")
	if k := clocksOf(t, alice, c.ID); !k[0].Running || k[0].LeftMS != 60000 || k[1].Running || k[1].LeftMS != 60000 {
		t.Fatalf("clocks at the start %+v", k)
	}
	clk.advance(20 * time.Second)
	ca.move(0, 0, `{"kind":"pick","n":1}`)
	ca.update(1)
	clk.advance(5 * time.Second)
	cb.update(1)
	cb.move(1, 1, `{"kind":"pick","n":2}`)
	cb.update(2)
	ca.update(2)
	// Alice's first move of the game consumes no bank: 60 + 10; Bob: 60 -
	// 5 + 10, and Alice's clock runs again.
	k := clocksOf(t, alice, c.ID)
	if !k[0].Running || k[0].LeftMS != 70000 || k[1].Running || k[1].LeftMS != 65000 {
		t.Fatalf("clocks after two moves %+v", k)
	}
	if k[0].Deadline == nil || !k[0].Deadline.Equal(clk.Now().Add(70*time.Second)) {
		t.Fatalf("deadline %v, want now + 70 s", k[0].Deadline)
	}
	// Before it runs out nothing happens; then a bot plays her move, and
	// only that one.
	clk.advance(69 * time.Second)
	tick(e, c.ID)
	cb.quiet("update", 200*time.Millisecond)
	clk.advance(2 * time.Second)
	tick(e, c.ID)
	var pres struct {
		Seats []presenceSeat `json:"seats"`
	}
	if err := json.Unmarshal(cb.next("presence").Raw, &pres); err != nil || !pres.Seats[0].Bot {
		t.Fatalf("presence at the timeout %+v, %v: seat 0 played by a bot", pres, err)
	}
	cb.update(3)
	// After the bot's move the seat is its player's again, and every page
	// is told so (it kept showing "(bot)" with no seat buttons).
	if err := json.Unmarshal(cb.next("presence").Raw, &pres); err != nil || pres.Seats[0].Bot {
		t.Fatalf("presence after the bot's move %+v, %v: seat 0 is Alice's again", pres, err)
	}
	k = clocksOf(t, alice, c.ID)
	if k[0].Running || k[0].LeftMS != 10000 || !k[1].Running || k[1].LeftMS != 65000 {
		t.Fatalf("clocks after the timeout %+v", k)
	}
	// Bob thinks 30 s, then the server restarts; an hour passes meanwhile.
	clk.advance(30 * time.Second)
	ca.close()
	cb.close()
	<-ca.done
	<-cb.done
	e.close()
	clk.advance(time.Hour)
	e2 := startEnv(t, dir, func(c *Config) { c.Now = clk.Now; c.BotBudget = 100 * time.Millisecond })
	bob.e = e2
	k = clocksOf(t, bob, c.ID)
	// Bob's bank is whole again from the stored moves; his current turn
	// starts at the restart (the 30 s before the crash are not charged, nor
	// the hour the server was down).
	if !k[1].Running || k[1].LeftMS != 65000 || k[0].LeftMS != 10000 {
		t.Fatalf("clocks after the restart %+v", k)
	}
}

// TestTurnBasedClock: a turn-based table gives each move its limit, from
// when the seat must act; past it a bot plays that move.
func TestTurnBasedClock(t *testing.T) {
	clk := newClock()
	e := newEnv(t, func(c *Config) { c.Now = clk.Now; c.BotBudget = 100 * time.Millisecond })
	alice, bob := e.guest("Alice"), e.guest("Bob")
	c := pacedTable(t, alice, map[string]any{"kind": "turn", "move_seconds": 86400})
	alice.sit(c.ID, 0)
	bob.sit(c.ID, 1)
	cb := e.dial(bob, c.ID)
	cb.hello(-1)
	cb.next("state")
	start := clk.Now()
	clk.advance(23 * time.Hour)
	tick(e, c.ID)
	cb.quiet("update", 200*time.Millisecond)
	// left_ms is as of the summary; the deadline is what a page counts to.
	if k := clocksOf(t, bob, c.ID); !k[0].Running || k[0].Deadline == nil || !k[0].Deadline.Equal(start.Add(24*time.Hour)) || !k[0].MoveLimit {
		t.Fatalf("clocks after 23 h %+v", k)
	}
	clk.advance(time.Hour)
	tick(e, c.ID)
	cb.update(1) // a bot played Alice's move
	if k := clocksOf(t, bob, c.ID); k[0].Running || !k[1].Running || k[1].LeftMS != 86400000 {
		t.Fatalf("clocks after the timeout %+v", k)
	}
}

// TestClockDeadlineActsOnceWithTwoNodes: two nodes hold a paced table whose
// players are on different nodes; when the deadline passes and both look
// at the clock, only the node holding the lease acts: one timeout, one bot
// move, stored once.
func TestClockDeadlineActsOnceWithTwoNodes(t *testing.T) {
	clk := newClock()
	nodes := newCluster(t, 2, func(i int, c *Config) { c.Now = clk.Now; c.BotBudget = 100 * time.Millisecond })
	a, b := nodes[0], nodes[1]
	alice := a.guest("Alice")
	bob := a.guest("Bob").on(b)
	c := pacedTable(t, alice, map[string]any{"kind": "live", "bank_seconds": 60})
	alice.sit(c.ID, 0)
	bob.sit(c.ID, 1)
	ca, cb := a.dial(alice, c.ID), b.dial(bob, c.ID)
	ca.hello(-1)
	cb.hello(-1)
	ca.next("state")
	cb.next("state")
	// Both know of the start before the fake clock moves on: a node that
	// learns of it later would start the clocks then.
	seeStart(t, c.ID, a, b)
	// Wait until one of the nodes holds the lease.
	deadline := time.Now().Add(testscale.Timeout(20 * time.Second))
	for {
		leaders := 0
		for _, n := range nodes {
			if tb := n.srv.hub.loaded(c.ID); tb != nil {
				var lead bool
				tb.ask(t.Context(), func() { lead = tb.leader })
				if lead {
					leaders++
				}
			}
		}
		if leaders == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d nodes lead the table", leaders)
		}
		time.Sleep(20 * time.Millisecond)
	}
	clk.advance(61 * time.Second)
	// Both nodes look at the clock until the move is stored: on a busy
	// machine the short test lease may lapse and pass to the other node
	// between the check above and the look, and a node that does not
	// hold it does not act.
	deadline = time.Now().Add(testscale.Timeout(20 * time.Second))
	for {
		tick(a, c.ID)
		tick(b, c.ID)
		ms, err := a.st.Moves(t.Context(), c.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(ms) > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no move stored %v after the deadline passed", testscale.Timeout(20*time.Second))
		}
		time.Sleep(20 * time.Millisecond)
	}
	ca.update(1)
	cb.update(1)
	tick(a, c.ID)
	tick(b, c.ID)
	if n := a.srv.metrics.clockTimeouts.Load() + b.srv.metrics.clockTimeouts.Load(); n != 1 {
		t.Fatalf("%d timeouts over the two nodes, want 1", n)
	}
	ms, err := a.st.Moves(t.Context(), c.ID)
	if err != nil || len(ms) != 1 || ms[0].Seat != 0 {
		t.Fatalf("stored moves %+v, %v", ms, err)
	}
}

// TestLoseOnTime: at a table whose pace makes a player lose on time, the
// seat whose clock runs out loses the game: the other side wins, the reason
// says so, and it is stored (a restart still says so).
func TestLoseOnTime(t *testing.T) {
	dir := t.TempDir()
	clk := newClock()
	e := startEnv(t, dir, func(c *Config) { c.Now = clk.Now })
	alice, bob := e.guest("Alice"), e.guest("Bob")
	c := pacedTable(t, alice, map[string]any{"kind": "live", "bank_seconds": 60, "on_timeout": "lose"})
	alice.sit(c.ID, 0)
	bob.sit(c.ID, 1)
	cb := e.dial(bob, c.ID)
	cb.hello(-1)
	cb.next("state")
	clk.advance(61 * time.Second)
	tick(e, c.ID)
	st := cb.next("state") // the finished table
	if o := st.Outcome; o == nil || !o.Over || o.Reason.Key != "web.outcome.out-of-time" || o.Winner == "" {
		t.Fatalf("outcome %s", st.Raw)
	}
	// The loser's clock ends at 0:00, out of time (it read its bank, 1:00).
	if k := clocksOf(t, bob, c.ID); k[0].Running || k[0].LeftMS != 0 || !k[0].TimedOut || k[1].LeftMS != 60000 {
		t.Fatalf("clocks after the loss on time %+v", k)
	}
	e.close()
	e2 := startEnv(t, dir, func(c *Config) { c.Now = clk.Now })
	rec, err := e2.st.Table(t.Context(), c.ID)
	if err != nil || rec.Status != "finished" || rec.Resigned == nil || rec.Resigned.Reason != "time" || rec.Resigned.Seat != 0 {
		t.Fatalf("stored %+v, %v", rec.Resigned, err)
	}
}

// TestResignIsARatedLoss: at a rated table, resigning finishes the game as
// a loss for the resigning side in the ratings (issue 16, must-have 6).
func TestResignIsARatedLoss(t *testing.T) {
	e := newEnv(t, nil)
	alice, _ := e.register(nil, "Alice", "correct horse")
	bob, _ := e.register(nil, "Bob", "correct horse")
	var c created
	if code := alice.do("POST", "/api/tables", map[string]any{"game": "srvtest", "options": map[string]string{"length": "40"},
		"seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}, "rated": true}, &c); code != http.StatusCreated {
		t.Fatalf("create rated: %d", code)
	}
	alice.sit(c.ID, 0)
	bob.sit(c.ID, 1)
	// Each side moves once: the game was played.
	ca, cb := e.dial(alice, c.ID), e.dial(bob, c.ID)
	ca.hello(-1)
	cb.hello(-1)
	ca.next("state")
	cb.next("state")
	ca.move(0, 0, `{"kind":"pick","n":1}`)
	cb.update(1)
	cb.move(1, 1, `{"kind":"pick","n":1}`)
	ca.update(2)
	if code := bob.do("POST", "/api/tables/"+c.ID+"/seats/1/resign", nil, nil); code != http.StatusOK {
		t.Fatalf("resign %d", code)
	}
	ra, _ := e.st.RatingsOf(t.Context(), alice.id)
	rb, _ := e.st.RatingsOf(t.Context(), bob.id)
	if len(ra) != 1 || len(rb) != 1 || ra[0].Wins != 1 || rb[0].Wins != 0 || ra[0].Rating <= 1500 || rb[0].Rating >= 1500 {
		t.Fatalf("ratings after a resignation: %+v %+v", ra, rb)
	}

	// The end screen's figures: each player's rating before and after.
	var tr struct {
		Pending bool          `json:"pending"`
		Ratings []tableRating `json:"ratings"`
	}
	if code := bob.do("GET", "/api/tables/"+c.ID+"/ratings", nil, &tr); code != http.StatusOK || tr.Pending || len(tr.Ratings) != 2 ||
		tr.Ratings[0] != (tableRating{Seat: 0, Name: "Alice", Rated: true, Before: 1500, After: int(math.Round(ra[0].Rating))}) ||
		tr.Ratings[1] != (tableRating{Seat: 1, Name: "Bob", Rated: true, Before: 1500, After: int(math.Round(rb[0].Rating))}) {
		t.Fatalf("the table's ratings: %d %+v", code, tr)
	}

	// A rated game resigned before every side moved moves no rating (as
	// lichess aborts one): it was not played. Its result is kept, unrated.
	var c2 created
	if code := alice.do("POST", "/api/tables", map[string]any{"game": "srvtest", "options": map[string]string{"length": "40"},
		"seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}, "rated": true}, &c2); code != http.StatusCreated {
		t.Fatalf("create rated: %d", code)
	}
	alice.sit(c2.ID, 0)
	bob.sit(c2.ID, 1)
	if code := alice.do("POST", "/api/tables/"+c2.ID+"/seats/0/resign", nil, nil); code != http.StatusOK {
		t.Fatalf("resign %d", code)
	}
	ra2, _ := e.st.RatingsOf(t.Context(), alice.id)
	rb2, _ := e.st.RatingsOf(t.Context(), bob.id)
	if ra2[0] != ra[0] || rb2[0] != rb[0] {
		t.Fatalf("a resignation before any move moved the ratings: %+v -> %+v, %+v -> %+v", ra, ra2, rb, rb2)
	}
	if code := bob.do("GET", "/api/tables/"+c2.ID+"/ratings", nil, &tr); code != http.StatusOK || tr.Pending || len(tr.Ratings) != 2 || tr.Ratings[0].Rated || tr.Ratings[1].Rated {
		t.Fatalf("the unrated table's ratings: %d %+v", code, tr)
	}

	// A third game, played and resigned by Alice: its end screen starts from
	// the first game's ratings, and the first game's figures do not change
	// (they were read from a history taken as newest first, which it is not:
	// the first game then showed the third's ratings as its "before").
	var c3 created
	if code := alice.do("POST", "/api/tables", map[string]any{"game": "srvtest", "options": map[string]string{"length": "40"},
		"seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}, "rated": true}, &c3); code != http.StatusCreated {
		t.Fatalf("create rated: %d", code)
	}
	alice.sit(c3.ID, 0)
	bob.sit(c3.ID, 1)
	ca3, cb3 := e.dial(alice, c3.ID), e.dial(bob, c3.ID)
	ca3.hello(-1)
	cb3.hello(-1)
	ca3.next("state")
	cb3.next("state")
	ca3.move(0, 0, `{"kind":"pick","n":1}`)
	cb3.update(1)
	cb3.move(1, 1, `{"kind":"pick","n":1}`)
	ca3.update(2)
	if code := alice.do("POST", "/api/tables/"+c3.ID+"/seats/0/resign", nil, nil); code != http.StatusOK {
		t.Fatalf("resign %d", code)
	}
	ra3, _ := e.st.RatingsOf(t.Context(), alice.id)
	rb3, _ := e.st.RatingsOf(t.Context(), bob.id)
	if code := bob.do("GET", "/api/tables/"+c3.ID+"/ratings", nil, &tr); code != http.StatusOK || tr.Pending || len(tr.Ratings) != 2 ||
		tr.Ratings[0] != (tableRating{Seat: 0, Name: "Alice", Rated: true, Before: int(math.Round(ra[0].Rating)), After: int(math.Round(ra3[0].Rating))}) ||
		tr.Ratings[1] != (tableRating{Seat: 1, Name: "Bob", Rated: true, Before: int(math.Round(rb[0].Rating)), After: int(math.Round(rb3[0].Rating))}) {
		t.Fatalf("the third table's ratings: %d %+v", code, tr)
	}
	if code := alice.do("GET", "/api/tables/"+c.ID+"/ratings", nil, &tr); code != http.StatusOK || tr.Pending || len(tr.Ratings) != 2 ||
		tr.Ratings[0] != (tableRating{Seat: 0, Name: "Alice", Rated: true, Before: 1500, After: int(math.Round(ra[0].Rating))}) {
		t.Fatalf("the first table's ratings after a third: %d %+v", code, tr)
	}
}
