package whitehall

import (
	"testing"

	"gaslamp/board"
	"gaslamp/game"
)

func TestW5WalkThroughOccupiedCrossingRefused(t *testing.T) {
	from, to, _, x := singlePathWalk(t)
	s := newGame(t, nil, from, to)
	sp := spare(2, from, to)
	teleport(t, s, from, labels(x, sp[0], sp[1])...)
	refuse(t, s, 0, Walk(to), "whitehall.err.blocked")
	teleport(t, s, from, labels(sp[0], sp[1], spare(3, from, to)[2])...)
	must(t, s, 0, Walk(to))
}

func TestW5WalkToNeighboursOnlyBackAllowedNoPass(t *testing.T) {
	from, to, _, _ := singlePathWalk(t)
	s := newGame(t, nil, from, to)
	sp := spare(3, from, to)
	teleport(t, s, from, labels(sp...)...)
	far := 1
	for tbl().b.WalkSet[from].Has(far) || far == from {
		far++
	}
	refuse(t, s, 0, Walk(far), "whitehall.err.not-neighbour")
	refuse(t, s, 0, Pass(), "whitehall.err.not-now")
	must(t, s, 0, Walk(to))
	endTurn(t, s)
	must(t, s, 0, Walk(from)) // back to an earlier circle
	if s.c.Trail[0][2] != uint8(from) {
		t.Fatal("the walk back is not on the trail")
	}
}

func TestW5BlueCircleReachableByWalk(t *testing.T) {
	tb := tbl()
	for c := 1; c <= numCircles; c++ {
		b := tb.b.WalkSet[c].Intersect(tb.blue).Next(0)
		if b < 0 {
			continue
		}
		s := newGame(t, nil, c, b)
		teleport(t, s, c, labels(spare(3, c, b)...)...)
		must(t, s, 0, Walk(b))
		return
	}
	t.Fatal("no walk to a blue circle on the board")
}

func TestW6CoachThroughOccupiedCrossingAllowed(t *testing.T) {
	from, via, to, x := singlePathWalk(t)
	s := newGame(t, nil, from, via, to)
	sp := spare(2, from, via, to)
	teleport(t, s, from, labels(x, sp[0], sp[1])...)
	refuse(t, s, 0, Walk(via), "whitehall.err.blocked")
	must(t, s, 0, Coach(via, to))
	if s.c.Cells[0] != 2 || s.c.Trail[0][1] != uint8(via) || s.c.Trail[0][2] != uint8(to) || s.c.Left[CardCoach] != 1 {
		t.Fatalf("coach not written on two spaces: %v", s.c.Trail[0][:3])
	}
	// Both circles are on the trail: the first one yields a clue.
	stayAll(t, s)
	sp = spare(2, from, via, to)
	setFigs(s, tbl().b.CircleCrossings[via].Next(0), sp[0], sp[1])
	must(t, s, 1, Search(via))
	if !s.c.Clues.Has(via) {
		t.Fatal("the coach's first circle gave no clue")
	}
}

func TestW6CoachOntoBlueRefused(t *testing.T) {
	tb := tbl()
	for c := 1; c <= numCircles; c++ {
		if tb.blue.Has(c) {
			continue
		}
		for v := tb.b.WalkSet[c].Next(0); v >= 0; v = tb.b.WalkSet[c].Next(v + 1) {
			if tb.blue.Has(v) {
				continue
			}
			w := tb.b.WalkSet[v].Intersect(tb.blue).Next(0)
			if w < 0 || w == c {
				continue
			}
			s := newGame(t, nil, c, v, w)
			teleport(t, s, c, labels(spare(3, c, v, w)...)...)
			refuse(t, s, 0, Coach(v, w), "whitehall.err.coach-blue")
			if u := tb.b.WalkSet[c].Intersect(tb.blue).Next(0); u >= 0 {
				if x := tb.b.WalkSet[u].Minus(tb.blue).Next(0); x >= 0 && x != c {
					refuse(t, s, 0, Coach(u, x), "whitehall.err.coach-blue")
				}
			}
			return
		}
	}
	t.Fatal("no coach towards a blue circle on the board")
}

func TestW6CoachWithOneTrackSpaceLeftRefused(t *testing.T) {
	from, via, to, _ := singlePathWalk(t)
	s := newGame(t, nil, from, via, to)
	teleport(t, s, from, labels(spare(3, from, via, to)...)...)
	s.c.Cells[0] = trackLen - 1
	refuse(t, s, 0, Coach(via, to), "whitehall.err.coach-short")
	s.c.Cells[0] = trackLen - 2
	must(t, s, 0, Coach(via, to))
	if s.c.Cells[0] != trackLen || s.c.Phase != phOver || s.c.Reason != rsTooSlow {
		t.Fatalf("a coach onto space 15 without a location must lose: phase %s", phaseIDs[s.c.Phase])
	}
}

func TestW6CoachCirclesDistinctAndNoUnreachedLocation(t *testing.T) {
	tb := tbl()
	from, via, to, _ := singlePathWalk(t)
	s := newGame(t, nil, from, via, to)
	teleport(t, s, from, labels(spare(3, from, via, to)...)...)
	refuse(t, s, 0, Coach(via, from), "whitehall.err.coach-distinct")
	// Neither circle may be an unreached location (W6, W9).
	for _, first := range []bool{true, false} {
		found := false
		for c := 1; c <= numCircles && !found; c++ {
			for _, p := range tb.coach[c] {
				loc := int(p.to)
				if first {
					loc = int(p.via)
				}
				if tb.quad[loc] <= 0 || tb.quad[c] == tb.quad[loc] {
					continue
				}
				s := newGame(t, nil, c, int(p.via), int(p.to))
				teleport(t, s, c, labels(spare(3, c, int(p.via), int(p.to))...)...)
				must(t, s.Clone().(*State), 0, Coach(int(p.via), int(p.to)))
				setLocation(t, s, loc)
				refuse(t, s, 0, Coach(int(p.via), int(p.to)), "whitehall.err.special-location")
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("no coach with a white circle (first %v)", first)
		}
	}
}

func TestW7AlleyWithinLandBlockIgnoresFigures(t *testing.T) {
	tb := tbl()
	from, _, _, x := singlePathWalk(t)
	a := tb.b.AlleySet[from].Next(0)
	if a < 0 {
		for from = 1; tb.b.AlleySet[from].Empty(); from++ {
		}
		a = tb.b.AlleySet[from].Next(0)
		x = tb.b.CircleCrossings[from].Next(0)
	}
	s := newGame(t, nil, from, a)
	sp := spare(2, from, a)
	teleport(t, s, from, labels(x, sp[0], sp[1])...)
	not := 1
	for tb.b.AlleySet[from].Has(not) || not == from {
		not++
	}
	refuse(t, s, 0, Alley(not), "whitehall.err.not-alley")
	must(t, s, 0, Alley(a))
	if s.c.Left[CardAlley] != 1 || s.c.Cur != uint8(a) {
		t.Fatal("alley not played")
	}
	for b := tb.blue.Next(0); b >= 0; b = tb.blue.Next(b + 1) {
		if !tb.b.AlleySet[b].Empty() {
			t.Fatalf("blue circle %d has alleys", b)
		}
	}
}

func TestW8BoatWithinWaterGroup(t *testing.T) {
	tb := tbl()
	b := tb.blue.Next(0)
	for tb.b.BoatSet[b].Empty() {
		b = tb.blue.Next(b + 1)
	}
	to := tb.b.BoatSet[b].Next(0)
	s := newGame(t, nil, b, to)
	teleport(t, s, b, labels(spare(3, b, to)...)...)
	other := tb.blue.Minus(tb.b.BoatSet[b])
	other.Remove(b)
	refuse(t, s, 0, Boat(other.Next(0)), "whitehall.err.not-boat")
	refuse(t, s, 0, Boat(tb.white.Next(0)), "whitehall.err.not-boat")
	must(t, s, 0, Boat(to))
	if s.c.Left[CardBoat] != 1 {
		t.Fatal("boat card not used")
	}
}

func TestW9NoSpecialMoveEndsOnUnreachedLocation(t *testing.T) {
	tb := tbl()
	for c := 1; c <= numCircles; c++ {
		set := tb.b.AlleySet[c]
		for a := set.Next(0); a >= 0; a = set.Next(a + 1) {
			if tb.quad[a] <= 0 || tb.quad[c] == tb.quad[a] {
				continue
			}
			s := newGame(t, nil, c, a)
			teleport(t, s, c, labels(spare(3, c, a)...)...)
			setLocation(t, s, a)
			refuse(t, s, 0, Alley(a), "whitehall.err.special-location")
			if game.Contains(s.Legal(0, nil), Alley(a)) {
				t.Fatal("Legal offers an alley onto a location")
			}
			return
		}
	}
	t.Fatal("no alley to a white circle")
}

func TestW10UsedCardsOutForTheGameAndPublic(t *testing.T) {
	tb := tbl()
	from := 1
	for tb.b.AlleySet[from].Count() < 2 {
		from++
	}
	a := tb.b.AlleySet[from].Next(0)
	s := newGame(t, nil, from, a)
	teleport(t, s, from, labels(spare(3, from, a)...)...)
	must(t, s, 0, Alley(a))
	endTurn(t, s)
	must(t, s, 0, Alley(from))
	endTurn(t, s)
	refuse(t, s, 0, Alley(a), "whitehall.err.no-card-alley")
	v := publicView(s)
	if v.Cards.Alley.Out != 2 || v.Cards.Alley.Left != 0 || v.Track[0] != "alley" || v.Rounds[0].Moves[1].Kind != "alley" {
		t.Fatalf("public view of used cards: %+v %v", v.Cards, v.Track)
	}
}

// cornerCircle finds a circle whose every walk passes a crossing joined to
// it, with at most 3 such crossings.
func cornerCircle(t *testing.T) (int, []int) {
	tb := tbl()
	for c := 1; c <= numCircles; c++ {
		around := tb.b.CircleCrossings[c]
		if around.Count() > 3 || around.Empty() {
			continue
		}
		if tb.b.WalkTargets(c, around).Empty() {
			return c, around.AppendTo(nil)
		}
	}
	t.Fatal("no circle can be cornered by 3 figures")
	return 0, nil
}

func TestW11JackWithNoLegalMoveLoses(t *testing.T) {
	c, around := cornerCircle(t)
	s := newGame(t, nil, c)
	xs := append(around, spare(3, c)...)[:3]
	teleport(t, s, c, labels(xs...)...)
	s.c.Left = [3]uint8{}
	// The last action of a turn hands over to Jack, who cannot move.
	s.c.Phase, s.c.Actor = phAction, 2
	log := must(t, s, 3, Pass())
	out := s.Outcome()
	if !out.Over || out.Winner != "investigators" || out.Reason.Key != "whitehall.outcome.cornered" || !s.ToAct().Empty() {
		t.Fatalf("outcome %+v", out)
	}
	if !hasEvent(log, 1, "whitehall.ev.cornered") {
		t.Fatal("no public event")
	}
	// With a card left he may still move.
	s2 := newGame(t, nil, c)
	teleport(t, s2, c, labels(xs...)...)
	s2.c.Left = [3]uint8{0, 0, 0}
	if s2.jackCanMove() {
		t.Fatal("jackCanMove with every street blocked and no card")
	}
	s2.c.Left = [3]uint8{1, 0, 0}
	if len(tbl().coach[c]) > 0 && !s2.jackCanMove() {
		t.Fatal("a coach ignores the figures")
	}
}

func TestW12ReachedLocationAnnouncedOnlyAfterActions(t *testing.T) {
	from, to := walkToLocation(t)
	s := newGame(t, nil, from, to)
	teleport(t, s, from, labels(spare(3, from, to)...)...)
	setLocation(t, s, to)
	log := must(t, s, 0, Walk(to))
	if !hasEvent(log, 0, "whitehall.ev.you-reached") || hasEvent(log, 1, "whitehall.ev.you-reached") {
		t.Fatal("the reach is Jack's secret until the end of the turn")
	}
	stayAll(t, s)
	for s.c.Phase == phAction {
		if v := publicView(s); len(v.Reached) != 1 || s.c.Round != 0 {
			t.Fatal("location announced before the actions ended")
		}
		if actor(s) == 3 {
			break
		}
		must(t, s, actor(s), Pass())
	}
	log = must(t, s, 3, Pass())
	if !hasEvent(log, 1, "whitehall.ev.announced") || len(publicView(s).Reached) != 2 {
		t.Fatal("location not announced at the end of the turn")
	}
}

func TestW12ArrestOnTheReachedLocationWins(t *testing.T) {
	from, to := walkToLocation(t)
	s := newGame(t, nil, from, to)
	x := tbl().b.CircleCrossings[to].Next(0)
	sp := spare(2, from, to)
	teleport(t, s, from, labels(sp[0], sp[1], x)...)
	setLocation(t, s, to)
	if !s.walkTargets().Has(to) {
		teleport(t, s, from, labels(spare(3, from, to)...)...)
		must(t, s, 0, Walk(to))
		setFigs(s, int(s.c.Fig[0]), int(s.c.Fig[1]), x)
	} else {
		must(t, s, 0, Walk(to))
	}
	stayAll(t, s)
	must(t, s, 1, Pass())
	must(t, s, 2, Pass())
	must(t, s, 3, Arrest(to))
	if out := s.Outcome(); out.Winner != "investigators" || out.Reason.Key != "whitehall.outcome.arrested" {
		t.Fatalf("outcome %+v", out)
	}
}

func TestW12FifteenthMoveWithoutLocationLoses(t *testing.T) {
	from, to, _, _ := singlePathWalk(t)
	s := newGame(t, nil, from, to)
	teleport(t, s, from, labels(spare(3, from, to)...)...)
	s.c.Cells[0] = trackLen - 1
	log := must(t, s, 0, Walk(to))
	if out := s.Outcome(); !out.Over || out.Reason.Key != "whitehall.outcome.too-slow" {
		t.Fatalf("outcome %+v", out)
	}
	if !hasEvent(log, 2, "whitehall.ev.too-slow") {
		t.Fatal("no public event")
	}
	// A 15th move onto a location goes on to the investigators' turn.
	from, to = walkToLocation(t)
	s = newGame(t, nil, from, to)
	teleport(t, s, from, labels(spare(3, from, to)...)...)
	setLocation(t, s, to)
	s.c.Cells[0] = trackLen - 1
	must(t, s, 0, Walk(to))
	if s.c.Phase != phMove {
		t.Fatalf("phase %s after reaching a location on space 15", phaseIDs[s.c.Phase])
	}
	endTurn(t, s)
	if s.c.Round != 1 {
		t.Fatal("round did not end")
	}
}

var _ = board.Set{}
