package server

import (
	"testing"
)

// TestHotseatCreatorHoldsEverySeat: a hot-seat table seats its creator at
// every person's seat at once (the seat chosen first), leaves no invite to
// share, and is not listed among the open tables for others to take; the
// bot seats stay the bots'.
func TestHotseatCreatorHoldsEverySeat(t *testing.T) {
	e := newEnv(t, nil)
	alice := e.guest("Alice")
	seat := 1
	var c created
	if code := alice.do("POST", "/api/tables", map[string]any{"game": "whitehall", "hotseat": true, "seat": seat}, &c); code != 201 {
		t.Fatalf("create: %d", code)
	}
	if len(c.Invites) != 0 {
		t.Errorf("a hot-seat table shares invites: %v", c.Invites)
	}
	if c.Seat == nil || *c.Seat != seat {
		t.Errorf("answer's seat %v, want %d", c.Seat, seat)
	}
	var sum tableSummary
	if code := alice.do("GET", "/api/tables/"+c.ID, nil, &sum); code != 200 {
		t.Fatalf("table: %d", code)
	}
	if len(sum.Seats) < 2 {
		t.Fatalf("seats %+v", sum.Seats)
	}
	for _, s := range sum.Seats {
		if s.Player == nil || s.Player.Name != "Alice" {
			t.Errorf("seat %d held by %+v, want Alice", s.Seat, s.Player)
		}
	}
	if sum.Status != "running" {
		t.Errorf("status %q, want running (every seat held)", sum.Status)
	}
	var open []tableSummary
	if code := e.guest("Bob").do("GET", "/api/tables?status=open", nil, &open); code != 200 {
		t.Fatalf("open tables: %d", code)
	}
	for _, o := range open {
		if o.ID == c.ID {
			t.Errorf("the hot-seat table is listed as open: %+v", o)
		}
	}

	// With a bot seat and no seat chosen: every person's seat is the
	// creator's, the first one named in the answer.
	seats := []map[string]string{{"kind": "bot"}, {"kind": "human"}, {"kind": "human"}, {"kind": "human"}}
	var d created
	if code := alice.do("POST", "/api/tables", map[string]any{"game": "whitehall", "hotseat": true, "seats": seats}, &d); code != 201 {
		t.Fatalf("create with a bot: %d", code)
	}
	if len(d.Invites) != 0 || d.Seat == nil || *d.Seat != 1 {
		t.Errorf("with a bot: invites %v, seat %v", d.Invites, d.Seat)
	}
	if code := alice.do("GET", "/api/tables/"+d.ID, nil, &sum); code != 200 {
		t.Fatalf("table: %d", code)
	}
	for _, s := range sum.Seats {
		if s.Seat == 0 && (s.Player == nil || !s.Player.Bot) {
			t.Errorf("the bot seat: %+v", s.Player)
		}
		if s.Seat > 0 && (s.Player == nil || s.Player.Name != "Alice") {
			t.Errorf("seat %d held by %+v, want Alice", s.Seat, s.Player)
		}
	}
}
