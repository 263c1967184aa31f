package whitechapel

import (
	"testing"

	"gaslamp/board"
	"gaslamp/game"
)

// hideoutAway returns a circle that is not red and not among or next to
// the circles given, for a hideout out of the way.
func hideoutAway(circles ...int) int {
	t := tbl()
	var near board.Set
	for _, c := range circles {
		near.Add(c)
		near = near.Union(t.walk[c])
	}
	return t.circle.Minus(t.red).Minus(near).Next(100)
}

// huntAt starts a game whose hunt is on with Jack on circle jack (the crime
// scene, killed on I), the hideout out of the way unless given, and the
// policemen on spare crossings; it is Jack's move.
func huntAt(t *testing.T, jack, hideout int, near ...int) *State {
	t.Helper()
	if hideout == 0 {
		hideout = hideoutAway(append([]int{jack}, near...)...)
	}
	s := newGame(t, nil, hideout)
	teleport(t, s, jack, 1, spare(numPolice, board.Set{}, append([]int{jack, hideout}, near...)...)...)
	return s
}

func TestC81WalkMayNotPassAPoliceman(t *testing.T) {
	from, to, x := singlePathWalk(t)
	s := huntAt(t, from, 0, to)
	s.c.Police[0] = uint8(x)
	refuse(t, s, 0, Walk(to), "whitechapel.err.blocked")
	far := 1
	for tbl().walk[from].Has(far) || far == from {
		far++
	}
	refuse(t, s, 0, Walk(far), "whitechapel.err.not-neighbour")
	s.c.Police[0] = uint8(spare(numPolice+1, board.Set{}, from, to)[numPolice])
	must(t, s, 0, Walk(to))
	if s.c.Cur != uint8(to) || s.cells() != 1 || s.c.Phase != phMove {
		t.Fatalf("after the walk: circle %d cells %d phase %s", s.c.Cur, s.cells(), phaseIDs[s.c.Phase])
	}
}

func TestC81CoachPassesPolicemenAndWritesBothCircles(t *testing.T) {
	from, via, x := singlePathWalk(t)
	to := tbl().walk[via].Minus(board.SetOf(from)).Next(0)
	s := huntAt(t, from, 0, via, to)
	s.c.Police[0] = uint8(x)
	refuse(t, s, 0, Walk(via), "whitechapel.err.blocked")
	refuse(t, s, 0, Coach(via, from), "whitechapel.err.coach-distinct")
	refuse(t, s, 0, Coach(from, via), "whitechapel.err.coach-distinct")
	must(t, s, 0, Coach(via, to))
	n := s.c.Night
	if s.cells() != 2 || s.c.Trail[n][1] != uint8(via) || s.c.Trail[n][2] != uint8(to) || s.c.Coaches != 2 {
		t.Fatalf("coach not written on two spaces: %v, %d coaches left", s.c.Trail[n][:3], s.c.Coaches)
	}
	if s.movesLeft() != 13 {
		t.Fatalf("%d moves left after a coach from 15", s.movesLeft())
	}
	// The first circle yields a clue.
	stayAll(t, s)
	s.c.Police[s.actor()] = uint8(tbl().b.CircleCrossings[via].Next(0))
	must(t, s, actor(s), Search(via))
	if !s.c.Clues.Has(via) {
		t.Fatal("the coach's first circle gave no clue")
	}
}

func TestC81CoachNeedsTwoSpacesAndATokenAlleyOneAndAToken(t *testing.T) {
	from, via, _ := singlePathWalk(t)
	to := tbl().walk[via].Minus(board.SetOf(from)).Next(0)
	s := huntAt(t, from, 0, via, to)
	s.c.Cells[0] = 14 // one space left
	refuse(t, s, 0, Coach(via, to), "whitechapel.err.coach-short")
	s.c.Cells[0] = 0
	s.c.Coaches = 0
	refuse(t, s, 0, Coach(via, to), "whitechapel.err.no-coach")
	a := tbl().b.AlleySet[from].Next(0)
	s.c.Alleys = 0
	refuse(t, s, 0, Alley(a), "whitechapel.err.no-alley")
	for _, m := range s.Legal(0, nil) {
		if KindOf(m) != MoveWalk {
			t.Fatalf("legal %s without tokens", Rules{}.EncodeMove(m))
		}
	}
}

func TestC81AlleyCannotBeBlocked(t *testing.T) {
	tb := tbl()
	for c := 1; c <= numCircles; c++ {
		cc := tb.b.CircleCrossings[c]
		if cc.Count() > numPolice || tb.b.AlleySet[c].Empty() || tb.red.Has(c) {
			continue
		}
		s := huntAt(t, c, 0)
		i := 0
		for x := cc.Next(0); x >= 0; x = cc.Next(x + 1) {
			s.c.Police[i] = uint8(x)
			i++
		}
		if !s.walkTargets().Empty() {
			continue // a direct street
		}
		a := tb.b.AlleySet[c].Next(0)
		must(t, s, 0, Alley(a))
		if s.c.Alleys != 1 || s.c.Cur != uint8(a) {
			t.Fatalf("alley: %d left, on %d", s.c.Alleys, s.c.Cur)
		}
		return
	}
	t.Fatal("no position found")
}

func TestC81JackWithNoLegalMoveLoses(t *testing.T) {
	tb := tbl()
	for c := 1; c <= numCircles; c++ {
		cc := tb.b.CircleCrossings[c]
		if cc.Count() > numPolice || tb.red.Has(c) {
			continue
		}
		s := huntAt(t, c, 0)
		i := 0
		for x := cc.Next(0); x >= 0; x = cc.Next(x + 1) {
			s.c.Police[i] = uint8(x)
			i++
		}
		if !s.walkTargets().Empty() {
			continue
		}
		s.c.Coaches, s.c.Alleys = 0, 0
		s.c.Phase, s.c.Actor = phMove, 0
		endTurn(t, s)
		o := s.Outcome()
		if !o.Over || o.Winner != "police" || o.Reason.Key != "whitechapel.outcome.cornered" || !s.ToAct().Empty() {
			t.Fatalf("outcome %+v", o)
		}
		return
	}
	t.Fatal("no position found")
}

func TestL4CoachOrAlleyLandingOnTheHideoutDoesNotEndTheNight(t *testing.T) {
	tb := tbl()
	from, via, _ := singlePathWalk(t)
	for h := tb.walk[via].Next(0); h >= 0; h = tb.walk[via].Next(h + 1) {
		if h == from || tb.red.Has(h) {
			continue
		}
		s := huntAt(t, from, h, via)
		must(t, s, 0, Coach(via, h))
		if s.c.Night != 0 || s.c.Phase != phMove || s.c.Cur != uint8(h) {
			t.Fatalf("a coach onto the hideout ended the night: night %d phase %s", s.c.Night+1, phaseIDs[s.c.Phase])
		}
		break
	}
	for c := 1; c <= numCircles; c++ {
		h := tb.b.AlleySet[c].Minus(tb.red).Next(0)
		if h < 0 || tb.red.Has(c) {
			continue
		}
		s := huntAt(t, c, h)
		must(t, s, 0, Alley(h))
		if s.c.Night != 0 || s.c.Phase != phMove {
			t.Fatal("an alley onto the hideout ended the night")
		}
		// A walk away and back home does.
		endTurn(t, s)
		away := s.walkTargets().Next(0)
		must(t, s, 0, Walk(away))
		endTurn(t, s)
		must(t, s, 0, Walk(h))
		if s.c.Night != 1 || s.c.Phase != phWomen {
			t.Fatal("the walk home did not end the night")
		}
		return
	}
}

func TestC82WalkHomeEndsTheNightAtOnceCluesGoScenesAndPolicemenStay(t *testing.T) {
	from, to, _ := singlePathWalk(t)
	s := huntAt(t, from, to)
	police := s.c.Police
	s.c.Clues = board.SetOf(from)
	log := must(t, s, 0, Walk(to))
	if s.c.Night != 1 || s.c.Phase != phWomen || s.c.Home != 1 {
		t.Fatalf("night %d phase %s home %b", s.c.Night+1, phaseIDs[s.c.Phase], s.c.Home)
	}
	if !hasEvent(log, 3, "whitechapel.ev.home") {
		t.Fatal("no home event")
	}
	if !s.c.Clues.Empty() {
		t.Fatal("clue markers left after the night")
	}
	if s.scenes() != board.SetOf(from) {
		t.Fatalf("crime scenes %v", s.scenes())
	}
	if s.c.Prev != police {
		t.Fatalf("the policemen's crossings %v were not kept: %v", police, s.c.Prev)
	}
	v := s.View(1).(*View)
	if len(v.Nights) != 1 || !v.Nights[0].Home || len(v.Nights[0].Moves) != 1 || len(v.CrimeScenes) != 1 {
		t.Fatalf("public record %+v", v.Nights)
	}
	if v.Hideouts == nil {
		t.Fatal("no hideout deduction after a finished night")
	}
	for _, h := range v.Hideouts {
		if h.Circle == from || tbl().red.Has(h.Circle) {
			t.Fatalf("impossible hideout %d", h.Circle)
		}
	}
}

func TestL4OutOfMovesPoliceWin(t *testing.T) {
	from, to, _ := singlePathWalk(t)
	s := huntAt(t, from, 0, to)
	s.c.Cells[0] = 14
	if s.movesLeft() != 1 {
		t.Fatalf("%d moves left", s.movesLeft())
	}
	must(t, s, 0, Walk(to))
	o := s.Outcome()
	if !o.Over || o.Winner != "police" || o.Reason.Key != "whitechapel.outcome.too-slow" {
		t.Fatalf("outcome %+v", o)
	}
}

func TestC83PolicemenMayPassButNotShareACrossing(t *testing.T) {
	tb := tbl()
	for a := 0; a < numCrossings; a++ {
		for _, b := range tb.b.Steps[a] {
			for _, c := range tb.b.Steps[b] {
				if c == a || tb.b.StepSet[a].Has(c) {
					continue
				}
				s := huntAt(t, 1, 0)
				s.c.Phase, s.c.Actor = phMove, 0
				i := s.actor()
				s.c.Police[i] = uint8(a)
				s.c.Police[(i+1)%numPolice] = uint8(b)
				refuse(t, s, actor(s), Police(b), "whitechapel.err.crossing-taken")
				far := tb.b.StepTargets(a, 3).Minus(tb.reach2[a]).Next(0)
				refuse(t, s, actor(s), Police(far), "whitechapel.err.too-far")
				must(t, s, actor(s), Police(c))
				return
			}
		}
	}
	t.Fatal("no position found")
}

// searchSpot finds a crossing x with three circles a, b, c joined to it,
// with b a walk from a, none red.
func searchSpot(t *testing.T) (x, a, b, c int) {
	tb := tbl()
	for x := 0; x < numCrossings; x++ {
		n := tb.b.Near[x]
		if len(n) < 3 {
			continue
		}
		a, b, c := n[0], n[1], n[2]
		if tb.walk[a].Has(b) && !tb.red.Has(a) && !tb.red.Has(b) && !tb.red.Has(c) {
			return x, a, b, c
		}
	}
	t.Fatal("no crossing with three circles")
	return
}

func TestL5SearchStopsAtTheFirstClueAndSkipsCluesAndTonightsCrimeScene(t *testing.T) {
	x, a, b, c := searchSpot(t)
	s := huntAt(t, a, 0, b, c)
	must(t, s, 0, Walk(b))
	stayAll(t, s)
	i := s.actor()
	s.c.Police[i] = uint8(x)
	seat := actor(s)
	refuse(t, s, seat, Search(a), "whitechapel.err.scene-skipped")
	must(t, s, seat, Search(c))
	if s.c.Phase != phSearch || !s.c.Clues.Empty() {
		t.Fatal("a miss ended the search")
	}
	refuse(t, s, seat, Search(c), "whitechapel.err.already-named")
	must(t, s, seat, Search(b))
	if !s.c.Clues.Has(b) || s.c.Phase != phAction || actor(s) == seat {
		t.Fatal("a clue did not end the search")
	}
	passAll(t, s)
	// The next turn: a clue marker is skipped.
	must(t, s, 0, Walk(s.walkTargets().Next(0)))
	stayAll(t, s)
	refuse(t, s, seat, Search(b), "whitechapel.err.already-marked")
	obs := s.View(game.Spectator).(*View).Nights[0].Obs
	if len(obs) != 2 || obs[0].Kind != "no-clue" || obs[1].Kind != "clue" || obs[1].Circle != b || obs[1].Time != 1 {
		t.Fatalf("public record %+v", obs)
	}
}

func TestL5ArrestNamesOneCircle(t *testing.T) {
	x, a, b, c := searchSpot(t)
	s := huntAt(t, a, 0, b, c)
	must(t, s, 0, Walk(b))
	stayAll(t, s)
	s.c.Police[s.actor()] = uint8(x)
	must(t, s, actor(s), Arrest(c))
	if s.c.Phase != phAction {
		t.Fatal("a failed arrest did not end the action")
	}
	if o := s.View(1).(*View).Nights[0].Obs; len(o) != 1 || o[0].Kind != "not-here" || o[0].Circle != c {
		t.Fatalf("public record %+v", o)
	}
	s.c.Police[s.actor()] = uint8(x)
	log := must(t, s, actor(s), Arrest(b))
	o := s.Outcome()
	if !o.Over || o.Winner != "police" || o.Reason.Key != "whitechapel.outcome.arrested" || !hasEvent(log, 0, "whitechapel.ev.arrested") {
		t.Fatalf("outcome %+v", o)
	}
	if v := s.View(1).(*View); v.Hideout == 0 || v.Trail == nil {
		t.Fatal("the finished game's view hides Jack's secrets")
	}
}

func TestL6SecondVictimCountsAsTheFirstMoveThenThePoliceMove(t *testing.T) {
	s := newGame(t, nil, hideoutAway(3, 21, 27))
	copy(s.c.Police[:], bytesOf(spare(numPolice, tbl().starts)))
	s.c.Scenes[0], s.c.Scenes[1], s.c.NScenes = 100, 101, 2 // nights 1 and 2
	s.startNight(2, nil)
	toKill(t, s, 3, 21, 27)
	must(t, s, 0, Kill(21))
	if s.c.Phase != phSecond || actor(s) != 0 {
		t.Fatalf("phase %s after the first kill of night 3", phaseIDs[s.c.Phase])
	}
	refuse(t, s, 0, Wait(), "whitechapel.err.not-now")
	refuse(t, s, 0, Kill(21), "whitechapel.err.no-wretched")
	must(t, s, 0, Kill(3))
	n := s.c.Night
	if s.c.Phase != phMove || s.cells() != 1 || s.c.Trail[n][0] != 21 || s.c.Trail[n][1] != 3 || s.c.Cur != 3 {
		t.Fatalf("phase %s cells %d trail %v", phaseIDs[s.c.Phase], s.cells(), s.c.Trail[n][:2])
	}
	if s.movesLeft() != 14 || actor(s) != 3 {
		t.Fatalf("%d moves left, seat %d to act (want 14, brown)", s.movesLeft(), actor(s))
	}
	pub := s.View(game.Spectator).(*View).Nights
	nv := pub[len(pub)-1]
	jt := s.View(0).(*View).Trail
	if nv.Scene != 21 || nv.Second != 3 || jt[len(jt)-1][1] != 3 {
		t.Fatalf("record %+v", nv)
	}
	endTurn(t, s)
	if s.c.Phase != phJack {
		t.Fatalf("phase %s after the police's turn", phaseIDs[s.c.Phase])
	}
	// Both crime scenes are skipped by searches.
	if s.tonightScenes() != board.SetOf(3, 21) {
		t.Fatalf("tonight's scenes %v", s.tonightScenes())
	}
}

func TestL7HeadOfTheInvestigationRotates(t *testing.T) {
	s := newGame(t, nil, 4)
	for n := 0; n < numNights; n++ {
		s.startNight(n, nil)
		placeWomen(t, s)
		if actor(s) != game.Seat(1+n) {
			t.Fatalf("night %d: seat %d places the patrols, want %d", n+1, actor(s), 1+n)
		}
		v := s.View(game.Spectator).(*View)
		if v.Head != colourIDs[n] || v.Order[0] != colourIDs[n] {
			t.Fatalf("night %d: head %s order %v", n+1, v.Head, v.Order)
		}
		s.c.Phase, s.c.Actor = phMove, 0
		if actor(s) != game.Seat(1+n) {
			t.Fatalf("night %d: seat %d moves first, want the Head", n+1, actor(s))
		}
		s.c.Actor = 4
		if actor(s) != game.Seat(1+(n+4)%numPolice) {
			t.Fatalf("night %d: seat %d moves last", n+1, actor(s))
		}
	}
}

func TestL8JackWinsHomeAfterTheFourthNight(t *testing.T) {
	from, to, _ := singlePathWalk(t)
	s := huntAt(t, from, to)
	s.c.Night = 3
	teleport(t, s, from, 2, spare(numPolice, board.Set{}, from, to)...)
	log := must(t, s, 0, Walk(to))
	o := s.Outcome()
	if !o.Over || o.Winner != "jack" || o.Reason.Key != "whitechapel.outcome.escaped" || !s.ToAct().Empty() {
		t.Fatalf("outcome %+v", o)
	}
	if !hasEvent(log, game.Spectator, "whitechapel.ev.home") {
		t.Fatal("no home event")
	}
	if v := s.View(game.Spectator).(*View); v.Hideout != to || !v.Nights[len(v.Nights)-1].Home {
		t.Fatalf("final view %+v", v)
	}
}

func TestL8WholeGamesEndWithEveryReason(t *testing.T) {
	reasons := map[string]int{}
	for seed := uint64(0); seed < 200; seed++ {
		s, _ := guided(seed, game.Options{OptDeduction: "off"}, nil)
		o := s.Outcome()
		reasons[o.Reason.Key]++
		if o.Winner == "jack" && (s.c.Night != 3 || s.c.Home != 0xf || s.c.NScenes != numScenes) {
			t.Fatalf("Jack won with night %d home %b scenes %d", s.c.Night+1, s.c.Home, s.c.NScenes)
		}
	}
	for seed := uint64(0); seed < 20000 && reasons[reasonKeys[rsCornered]] == 0; seed++ {
		_, o := RandomGame(seed, nil)
		reasons[o.Reason.Key]++
	}
	for _, k := range reasonKeys[1:] {
		if reasons[k] == 0 {
			t.Errorf("no game ended with %s: %v", k, reasons)
		}
	}
}
