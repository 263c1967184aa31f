package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"strings"
	"testing"
	"time"

	"gaslamp/bus"
	"gaslamp/bus/natsbus"
	"gaslamp/internal/servicetest"
	"gaslamp/store"
)

// TestAwayPausesTurnClock: at a turn-based table that allows it, a player
// away has their move's deadline moved on by the absence and the others see
// "away until"; past the moved deadline a bot plays the move. A table that
// does not allow it keeps its deadline. An account is away at most
// AwayDaysPerMonth days per calendar month; bad input changes nothing.
func TestAwayPausesTurnClock(t *testing.T) {
	clk := newClock() // 2026-03-01 09:00 UTC
	e := newEnv(t, func(c *Config) { c.Now = clk.Now; c.BotBudget = 100 * time.Millisecond })
	alice, bob := e.account("Alice"), e.account("Bob")
	start := clk.Now()
	day := 24 * time.Hour
	allow := pacedTable(t, alice, map[string]any{"kind": "turn", "move_seconds": 86400, "away": true})
	plain := pacedTable(t, alice, map[string]any{"kind": "turn", "move_seconds": 86400})
	for _, c := range []created{allow, plain} {
		alice.sit(c.ID, 0)
		bob.sit(c.ID, 1)
	}
	var refused httpErr
	if code := alice.do("POST", "/api/tables", map[string]any{"game": "srvtest", "pace": map[string]any{"kind": "live", "bank_seconds": 600, "away": true}}, &refused); code != http.StatusBadRequest {
		t.Fatalf("a live table allowing absences: %d", code)
	}
	if code := e.guest("Carol").do("POST", "/api/account/away", map[string]any{"until": start.Add(day)}, nil); code != http.StatusForbidden {
		t.Fatalf("a guest away: %d", code)
	}
	for _, bad := range []any{
		map[string]any{"until": start.Add(-time.Hour)},
		map[string]any{"until": start.Add(8 * day)},
		map[string]any{"until": "tomorrow"},
	} {
		if code := alice.do("POST", "/api/account/away", bad, &refused); code != http.StatusBadRequest || refused.Text.Key == "" {
			t.Fatalf("away %v: %d %+v", bad, code, refused)
		}
	}
	var away awayOut
	if code := alice.do("GET", "/api/account/away", nil, &away); code != http.StatusOK || away.Until != nil || away.UsedSeconds != 0 || away.LimitDays != AwayDaysPerMonth {
		t.Fatalf("refused absences changed something: %d %+v", code, away)
	}
	// Alice, who must move at both tables, is away for two days.
	until := start.Add(2 * day)
	if code := alice.do("POST", "/api/account/away", map[string]any{"until": until}, &away); code != http.StatusOK || away.Until == nil || !away.Until.Equal(until) || away.UsedSeconds != 2*86400 {
		t.Fatalf("away: %d %+v", code, away)
	}
	k := clocksOf(t, bob, allow.ID)
	if !k[0].Running || k[0].Deadline == nil || !k[0].Deadline.Equal(start.Add(3*day)) || k[0].AwayUntil == nil || !k[0].AwayUntil.Equal(until) {
		t.Fatalf("clocks where absences pause them %+v", k)
	}
	if k := clocksOf(t, bob, plain.ID); k[0].Deadline == nil || !k[0].Deadline.Equal(start.Add(day)) || k[0].AwayUntil != nil {
		t.Fatalf("clocks where they do not %+v", k)
	}
	// A day and a half in: the table has not timed her out.
	clk.advance(36 * time.Hour)
	tick(e, allow.ID)
	if k := clocksOf(t, bob, allow.ID); k[0].TimedOut || !k[0].Running {
		t.Fatalf("timed out while away %+v", k)
	}
	// Back early, at 36 h: the pause is the day and a half she was away.
	away = awayOut{}
	if code := alice.do("POST", "/api/account/away", map[string]any{"until": nil}, &away); code != http.StatusOK || away.Until != nil || away.UsedSeconds != 36*3600 {
		t.Fatalf("back: %d %+v", code, away)
	}
	if k := clocksOf(t, bob, allow.ID); k[0].Deadline == nil || !k[0].Deadline.Equal(start.Add(day+36*time.Hour)) || k[0].AwayUntil != nil {
		t.Fatalf("clocks after coming back %+v", k)
	}
	// A day and a half used in March: six more days would be too many,
	// five and a half are allowed (and a new absence replaces none).
	if code := alice.do("POST", "/api/account/away", map[string]any{"until": clk.Now().Add(6 * day)}, &refused); code != http.StatusBadRequest {
		t.Fatalf("seven and a half days in March: %d", code)
	}
	away = awayOut{}
	if code := alice.do("GET", "/api/account/away", nil, &away); code != http.StatusOK || away.Until != nil || away.UsedSeconds != 36*3600 {
		t.Fatalf("a refused absence changed something: %+v", away)
	}
	cb := e.dial(bob, allow.ID)
	cb.hello(-1)
	cb.next("state")
	clk.advance(day)
	tick(e, allow.ID)
	cb.update(1) // her time ran out: a bot played her move
}

// TestAwayReachesOtherNodes: an absence declared through one node moves, at
// once, the deadline of the player's table that another node acts for (its
// lease holder), through an "away" notice on the bus; coming back early
// does too. It runs on the in-process bus, and on NATS when
// GASLAMP_TEST_NATS is set.
func TestAwayReachesOtherNodes(t *testing.T) {
	t.Run("local", func(t *testing.T) {
		clk := newClock()
		nodes := newCluster(t, 2, func(_ int, c *Config) { c.Now = clk.Now })
		awayAcrossNodes(t, clk, nodes[0], nodes[1])
	})
	t.Run("nats", func(t *testing.T) {
		natsURL := servicetest.URL(t, "GASLAMP_TEST_NATS", "NATS", "nats://127.0.0.1:4222")
		st, err := store.OpenSQLite(context.Background(), t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		var rnd [6]byte
		rand.Read(rnd[:])
		prefix := "gaslamp_away_" + hex.EncodeToString(rnd[:])
		var buses []bus.Bus
		for range 2 {
			nb, err := natsbus.Connect(natsURL, prefix)
			if err != nil {
				t.Fatal(err)
			}
			buses = append(buses, nb)
		}
		t.Cleanup(func() {
			for _, b := range buses {
				b.Close()
			}
			st.Close()
		})
		clk := newClock()
		nodes := startNodes(t, 2, st, func(i int) bus.Bus { return buses[i] }, func(_ int, c *Config) { c.Now = clk.Now })
		awayAcrossNodes(t, clk, nodes[0], nodes[1])
	})
}

// awayAcrossNodes: Alice says she is away through node a, at a table node
// b acts for, which a does not hold.
func awayAcrossNodes(t *testing.T, clk *clock, a, b *env) {
	day := 24 * time.Hour
	start := clk.Now()
	alice, bob := b.account("Alice"), b.account("Bob")
	c := pacedTable(t, alice, map[string]any{"kind": "turn", "move_seconds": 86400, "away": true})
	alice.sit(c.ID, 0)
	bob.sit(c.ID, 1)
	eventually(t, "node b acts for the table", func() bool { return b.leader(c.ID) })
	if a.srv.hub.loaded(c.ID) != nil {
		t.Fatal("node a holds the table: the test would prove nothing")
	}
	deadline := func() time.Time {
		tb := b.srv.hub.loaded(c.ID)
		var d time.Time
		tb.ask(context.Background(), func() { d, _ = tb.deadline(0) })
		return d
	}
	if d := deadline(); !d.Equal(start.Add(day)) {
		t.Fatalf("deadline before: %v", d)
	}
	until := start.Add(2 * day)
	if code := alice.on(a).do("POST", "/api/account/away", map[string]any{"until": until}, nil); code != http.StatusOK {
		t.Fatalf("away: %d", code)
	}
	eventually(t, "node b moves the deadline by the absence", func() bool { return deadline().Equal(start.Add(3 * day)) })
	eventually(t, "node b shows away until", func() bool {
		k := clocksOf(t, bob, c.ID)
		return k[0].AwayUntil != nil && k[0].AwayUntil.Equal(until)
	})
	clk.advance(12 * time.Hour)
	if code := alice.on(a).do("POST", "/api/account/away", map[string]any{"until": nil}, nil); code != http.StatusOK {
		t.Fatalf("back: %d", code)
	}
	eventually(t, "node b ends the pause when she is back", func() bool { return deadline().Equal(start.Add(day + 12*time.Hour)) })
}

// TestAwayMutesYourMove: a player away is not mailed "your move" at a
// turn-based table that stops their clock for the absence (the move waits
// for them; they asked for mails but said they are away), while a table
// that does not allow absences, whose clock runs, still mails them; back,
// they are mailed again.
func TestAwayMutesYourMove(t *testing.T) {
	e, sink, clk := mailEnv(t)
	alice, bob := e.account("Alice"), e.account("Bob")
	if code := bob.do("POST", "/api/account/mail", map[string]any{"password": "a long enough password", "email": "bob@example.org", "mail_turns": true, "lang": "en"}, nil); code != http.StatusOK {
		t.Fatalf("mail settings %d", code)
	}
	sink.confirmNext(e, "the confirmation of Bob's address")
	allow := pacedTable(t, alice, map[string]any{"kind": "turn", "move_seconds": 86400, "away": true})
	plain := pacedTable(t, alice, map[string]any{"kind": "turn", "move_seconds": 86400})
	for _, c := range []created{allow, plain} {
		alice.sit(c.ID, 0)
		bob.sit(c.ID, 1)
	}
	until := clk.Now().Add(48 * time.Hour)
	if code := bob.do("POST", "/api/account/away", map[string]any{"until": until}, nil); code != http.StatusOK {
		t.Fatalf("away: %d", code)
	}
	e.playOnce(alice, allow.ID, 0, 0)
	e.playOnce(alice, plain.ID, 0, 0)
	// The mails go in turn: the first is the plain table's.
	if m := sink.next("Bob's mail"); !strings.Contains(m.Body, plain.ID) {
		t.Fatalf("a mail about the table that waits for Bob:\n%s", m.Body)
	}
	sink.none("a mail about the table that waits for Bob")

	// Back: mailed again.
	clk.advance(49 * time.Hour)
	later := pacedTable(t, alice, map[string]any{"kind": "turn", "move_seconds": 86400, "away": true})
	alice.sit(later.ID, 0)
	bob.sit(later.ID, 1)
	e.playOnce(alice, later.ID, 0, 0)
	if m := sink.next("Bob's mail, back"); !strings.Contains(m.Body, later.ID) {
		t.Fatalf("Bob back, a mail about another table:\n%s", m.Body)
	}
}
