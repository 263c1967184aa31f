package whitehall

import (
	"testing"

	"gaslamp/game"
)

func TestW18EndOfRoundClearsCluesAndTrackKeepsRedMarkers(t *testing.T) {
	from, to := walkToLocation(t)
	s := newGame(t, game.Options{OptFalseClues: "true"}, from, to)
	teleport(t, s, from, labels(spare(3, from, to)...)...)
	setLocation(t, s, to)
	must(t, s, 0, Walk(to))
	stayAll(t, s)
	sp := spare(2, from, to)
	setFigs(s, tbl().b.CircleCrossings[from].Next(0), sp[0], sp[1])
	must(t, s, 1, Search(from))
	s.c.FClues.Add(5)
	s.c.Blue = 2
	if !s.c.Clues.Has(from) {
		t.Fatal("no clue on cell 0")
	}
	passAll(t, s)
	v := publicView(s)
	if v.Round != 2 || len(v.Clues) != 0 || len(v.FalseClues) != 0 || v.BlueMarkers != 0 || len(v.Track) != 0 {
		t.Fatalf("round 2 view: %+v", v)
	}
	if len(v.Reached) != 2 || v.Reached[1] != to || v.CluesFound != 1 {
		t.Fatalf("red markers %v, clues found %d", v.Reached, v.CluesFound)
	}
	if len(v.Rounds) != 2 || len(v.Rounds[0].Obs) != 1 {
		t.Fatal("the record of round 1 must stay")
	}
}

func TestW19JackWinsWhenHeAnnouncesHisFourthLocation(t *testing.T) {
	tb := tbl()
	for c := 1; c <= numCircles; c++ {
		for _, w := range tb.b.Walks[c] {
			if tb.quad[w.To] != 3 || tb.white.Has(c) {
				continue
			}
			s := newGame(t, nil, c, w.To)
			setLocation(t, s, w.To)
			for q := 1; q <= 2; q++ {
				s.c.Order[q] = s.c.Locs[q]
				s.c.Unreached.Remove(int(s.c.Locs[q]))
			}
			s.c.NReached = 3
			s.c.Round = 2
			teleport(t, s, c, labels(spare(3, c, w.To)...)...)
			must(t, s, 0, Walk(w.To))
			endTurn(t, s)
			out := s.Outcome()
			if !out.Over || out.Winner != "jack" || out.Reason.Key != "whitehall.outcome.escaped" {
				t.Fatalf("outcome %+v", out)
			}
			// Once over, every view shows everything.
			v := publicView(s)
			if len(v.Locations) != 4 || len(v.Trail) != 3 || v.Circle != w.To || v.Rounds[2].End != w.To {
				t.Fatalf("final public view hides the trail: %+v", v)
			}
			return
		}
	}
	t.Fatal("no walk into quadrant bB")
}

func TestOptionsValidatedAndSeats(t *testing.T) {
	bad := []game.Options{
		{OptReid: "blue", OptSwanson: "blue"},
		{OptReid: "blue", OptSwanson: "red"}, // W20: at most one of Reid and Swanson
		{OptPowers: "true", OptReid: "yellow"},
		{OptPowers: "true", OptSwanson: "yellow"},
		{OptReid: "green"},
		{OptDeduction: "maybe"},
		{"nope": "true"},
	}
	for _, o := range bad {
		if _, err := (Rules{}).New(o, 1); game.CodeOf(err) != game.CodeBadOptions {
			t.Errorf("options %q: want bad-options, got %v", o.String(), err)
		}
	}
	seats, err := Rules{}.Seats(game.Options{OptSwanson: "yellow"})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, s := range seats {
		ids = append(ids, s.ID)
	}
	if len(ids) != 4 || ids[0] != "jack" || ids[1] != "blue" || ids[2] != "red" || ids[3] != "brown" {
		t.Fatalf("seats %v", ids)
	}
	if seats[0].Side != "jack" || seats[3].Side != "investigators" {
		t.Fatal("sides")
	}
}
