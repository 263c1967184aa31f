package whitehall

import (
	"testing"

	"gaslamp/game"
)

func TestW1FourWhiteLocationsOnePerQuadrant(t *testing.T) {
	st, _ := Rules{}.New(nil, 1)
	s := st.(*State)
	tb := tbl()
	black := tb.white.Union(tb.blue)
	var notWhite int
	for c := 1; c <= numCircles; c++ {
		if !black.Has(c) {
			notWhite = c
			break
		}
	}
	refuse(t, s, 0, Location(notWhite), "whitehall.err.not-white")
	refuse(t, s, 0, Location(tb.blue.Next(0)), "whitehall.err.not-white")
	a := tb.quadSet[0].Next(0)
	b := tb.quadSet[0].Next(a + 1)
	must(t, s, 0, Location(a))
	refuse(t, s, 0, Location(b), "whitehall.err.quadrant-taken")
	legal := s.Legal(0, nil)
	want := tb.quadSet[1].Count() + tb.quadSet[2].Count() + tb.quadSet[3].Count()
	if len(legal) != want {
		t.Fatalf("%d legal locations, want %d", len(legal), want)
	}
	for q := 1; q < 4; q++ {
		must(t, s, 0, Location(tb.quadSet[q].Next(0)))
	}
	if s.c.Phase != phPlace || s.ToAct() != game.SeatsOf(1) {
		t.Fatalf("after 4 locations: phase %s, to act %v", phaseIDs[s.c.Phase], s.ToAct().Seats())
	}
	// The investigators see the count, never the circles.
	v := publicView(s)
	if v.LocationsChosen != 4 || v.Locations != nil {
		t.Fatalf("public view of the locations: %d %v", v.LocationsChosen, v.Locations)
	}
}

func TestW2FiguresOnDistinctYellowStartingCrossings(t *testing.T) {
	st, _ := Rules{}.New(game.Options{OptReid: "blue"}, 1)
	s := st.(*State)
	tb := tbl()
	for q := 0; q < 4; q++ {
		must(t, s, 0, Location(tb.quadSet[q].Next(0)))
	}
	notStart := 0
	for tb.starts.Has(notStart) {
		notStart++
	}
	// Priority order: yellow (seat 1), red (seat 2), green (seat 3).
	if err := s.Apply(2, Place(tb.b.Starts[0]), nil); game.CodeOf(err) != game.CodeNotYourTurn {
		t.Fatalf("red placed before yellow: %v", err)
	}
	refuse(t, s, 1, Place(notStart), "whitehall.err.not-start-crossing")
	must(t, s, 1, Place(tb.b.Starts[0]))
	refuse(t, s, 2, Place(tb.b.Starts[0]), "whitehall.err.crossing-taken")
	if n := len(s.Legal(2, nil)); n != 5 {
		t.Fatalf("red has %d starting crossings, want 5", n)
	}
	must(t, s, 2, Place(tb.b.Starts[1]))
	must(t, s, 3, Place(tb.b.Starts[5]))
	v := publicView(s)
	if v.Phase != "reveal" || v.Figures[2].ID != "green" || v.Figures[2].Crossing != label(tb.b.Starts[5]) {
		t.Fatalf("view after placement: %+v", v.Figures)
	}
}

func TestW3StartIsRevealedReachedAndCellZero(t *testing.T) {
	st, _ := Rules{}.New(nil, 1)
	s := st.(*State)
	tb := tbl()
	for q := 0; q < 4; q++ {
		must(t, s, 0, Location(tb.quadSet[q].Next(0)))
	}
	for i := 0; i < 3; i++ {
		must(t, s, game.Seat(i+1), Place(tb.b.Starts[i]))
	}
	other := tb.white.Minus(s.c.Unreached).Next(0)
	refuse(t, s, 0, Reveal(other), "whitehall.err.not-location")
	start := int(s.c.Locs[2])
	log := must(t, s, 0, Reveal(start))
	if !hasEvent(log, 1, "whitehall.ev.start") {
		t.Fatal("the start is not announced to the investigators")
	}
	v := publicView(s)
	if len(v.Reached) != 1 || v.Reached[0] != start || v.Round != 1 || v.Rounds[0].Start != start {
		t.Fatalf("public view after the reveal: reached %v round %d", v.Reached, v.Round)
	}
	if s.c.Trail[0][0] != uint8(start) || s.c.Unreached.Has(start) || s.c.Phase != phJack {
		t.Fatal("the start is not cell 0, reached, and Jack's turn")
	}
}

func TestW4RoundStartsAtReachedLocationWithFifteenSpaces(t *testing.T) {
	from, to := walkToLocation(t)
	s := newGame(t, nil, from, to)
	teleport(t, s, from, "FP", "HP", "HZ")
	setLocation(t, s, to)
	if got := s.prompt(); got.Args["space"] != 1 {
		t.Fatalf("prompt %v", got)
	}
	must(t, s, 0, Walk(to))
	endTurn(t, s)
	if s.c.Round != 1 || s.c.Trail[1][0] != uint8(to) || s.c.Cells[1] != 0 || s.c.Phase != phJack {
		t.Fatalf("round %d, cell 0 %d, cells %d, phase %s", s.c.Round+1, s.c.Trail[1][0], s.c.Cells[1], phaseIDs[s.c.Phase])
	}
	if v := publicView(s); v.Round != 2 || len(v.Track) != 0 || v.Rounds[1].Start != to || v.Rounds[0].End != to {
		t.Fatalf("public view of round 2: %+v", v.Rounds)
	}
}
