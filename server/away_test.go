package server

import (
	"net/http"
	"testing"
	"time"
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
