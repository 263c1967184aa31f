package server

import (
	"net/http"
	"testing"
	"time"

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
	cb.update(3)
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
