package whitechapel

import (
	"fmt"
	"testing"

	"gaslamp/board"
	"gaslamp/game"
)

func TestL3HideoutAnyCircleButRed(t *testing.T) {
	st, _ := Rules{}.New(nil, 1)
	s := st.(*State)
	refuse(t, s, 0, Hideout(3), "whitechapel.err.hideout-red")
	refuse(t, s, 1, Hideout(4), "err.not-your-turn")
	if n := len(s.Legal(0, nil)); n != numCircles-8 {
		t.Fatalf("%d hideouts offered, want %d", n, numCircles-8)
	}
	log := must(t, s, 0, Hideout(4))
	if s.c.Hideout != 4 || s.c.Phase != phWomen || s.c.Night != 0 {
		t.Fatalf("hideout %d phase %s", s.c.Hideout, phaseIDs[s.c.Phase])
	}
	if !hasEvent(log, 0, "whitechapel.ev.hideout") || hasEvent(log, 1, "whitechapel.ev.hideout") ||
		!hasEvent(log, game.Spectator, "whitechapel.ev.hideout-public") {
		t.Fatal("the hideout event went to the wrong seats")
	}
	if s.View(0).(*View).Hideout != 4 || s.View(1).(*View).Hideout != 0 || s.View(game.Spectator).(*View).Hideout != 0 {
		t.Fatal("the hideout is shown to the wrong seats")
	}
}

func TestC51JackGetsTheNightsCoachesAndAlleys(t *testing.T) {
	s := newGame(t, nil, 4)
	if s.c.Coaches != 3 || s.c.Alleys != 2 {
		t.Fatalf("night 1: %d coaches, %d alleys", s.c.Coaches, s.c.Alleys)
	}
	for n, want := range [][2]uint8{{3, 2}, {2, 2}, {2, 1}, {1, 1}} {
		s.c.Coaches, s.c.Alleys = 0, 0
		s.startNight(n, nil)
		if s.c.Coaches != want[0] || s.c.Alleys != want[1] {
			t.Fatalf("night %d: %d coaches, %d alleys, want %v", n+1, s.c.Coaches, s.c.Alleys, want)
		}
	}
}

func TestC52WomenFaceDownOnRedCircles(t *testing.T) {
	s := newGame(t, nil, 4)
	refuse(t, s, 0, Woman(4, true), "whitechapel.err.not-red")
	must(t, s, 0, Woman(3, true))
	refuse(t, s, 0, Woman(3, false), "whitechapel.err.woman-there")
	for _, c := range []int{21, 27, 65, 84} {
		must(t, s, 0, Woman(c, true))
	}
	refuse(t, s, 0, Woman(147, true), "whitechapel.err.no-marked-left")
	must(t, s, 0, Woman(147, false))
	must(t, s, 0, Woman(149, false))
	// RULINGS L10: until the last token is down the police see only how
	// many are left; then where they all are, in circle order, never which
	// are marked nor the order Jack placed them in.
	pv := s.View(1).(*View)
	if len(pv.Women) != 0 || pv.Marked != nil || pv.WomenLeft != 1 {
		t.Fatalf("police view: women %v marked %v left %d", pv.Women, pv.Marked, pv.WomenLeft)
	}
	if jv := s.View(0).(*View); len(jv.Marked) != 5 || len(jv.Women) != 7 {
		t.Fatalf("Jack's view: women %v marked %v", jv.Women, jv.Marked)
	}
	must(t, s, 0, Woman(158, false))
	if s.c.Phase != phPatrol {
		t.Fatalf("phase %s after the 8th token", phaseIDs[s.c.Phase])
	}
	pv = s.View(1).(*View)
	if fmt.Sprint(pv.Women) != "[3 21 27 65 84 147 149 158]" || pv.Marked != nil {
		t.Fatalf("police view after the placement: women %v marked %v", pv.Women, pv.Marked)
	}
}

func TestC52NoWomanOnAnOldCrimeScene(t *testing.T) {
	s := newGame(t, nil, 4)
	s.c.Scenes[0], s.c.NScenes = 21, 1
	s.startNight(1, nil)
	refuse(t, s, 0, Woman(21, true), "whitechapel.err.crime-scene")
	if s.womanTargets().Has(21) || s.womanTargets().Count() != 7 {
		t.Fatalf("woman targets %v", s.womanTargets())
	}
}

func TestC53Night1PatrolsOnYellowCrossings(t *testing.T) {
	s := newGame(t, nil, 4)
	placeWomen(t, s, 3, 21, 27, 65, 84)
	starts := tbl().b.Starts
	if actor(s) != 1 {
		t.Fatalf("seat %d places the patrols on night 1, want blue (1)", actor(s))
	}
	notYellow := 0
	for tbl().starts.Has(notYellow) {
		notYellow++
	}
	refuse(t, s, 1, Patrol(notYellow, TokenBlue), "whitechapel.err.patrol-yellow")
	must(t, s, 1, Patrol(starts[0], TokenFake))
	refuse(t, s, 1, Patrol(starts[0], TokenBlue), "whitechapel.err.patrol-there")
	must(t, s, 1, Patrol(starts[1], TokenFake))
	refuse(t, s, 1, Patrol(starts[2], TokenFake), "whitechapel.err.token-placed")
	must(t, s, 1, Patrol(starts[2], TokenRed))
	refuse(t, s, 1, Patrol(starts[3], TokenRed), "whitechapel.err.token-placed")
	for _, m := range s.Legal(1, nil) {
		if !tbl().starts.Has(To(m)) || Token(Arg(m)) == TokenRed || Token(Arg(m)) == TokenFake {
			t.Fatalf("legal patrol %s", Rules{}.EncodeMove(m))
		}
	}
	// The police know their tokens; Jack and the spectators see them face
	// down.
	if pv := s.View(3).(*View); pv.Patrols[0].Token != "fake" || pv.Patrols[2].Token != "red" {
		t.Fatalf("police view of the patrols: %+v", pv.Patrols)
	}
	for _, seat := range []game.Seat{0, game.Spectator} {
		for _, p := range s.View(seat).(*View).Patrols {
			if p.Token != "" || p.FaceUp {
				t.Fatalf("seat %d sees patrol %+v", seat, p)
			}
		}
	}
}

// nightTwoAt plays night 1 to its end with the policemen ending on the
// crossings xs (by index) and returns the game in night 2's patrol phase.
func nightTwoAt(t *testing.T, xs []int) *State {
	t.Helper()
	s := newGame(t, nil, 4)
	toKill(t, s, 3, 21, 27, 65, 84)
	must(t, s, 0, Kill(3))
	// Jack next to his hideout, the policemen where wanted.
	from := tbl().walk[4].Next(0)
	copy(s.c.Police[:], bytesOf(xs))
	s.c.Cur = uint8(from)
	if !s.walkTargets().Has(4) {
		t.Fatal("the walk home is blocked")
	}
	must(t, s, 0, Walk(4))
	if s.c.Night != 1 || s.c.Phase != phWomen {
		t.Fatalf("night %d phase %s after the walk home", s.c.Night+1, phaseIDs[s.c.Phase])
	}
	placeWomen(t, s, 21, 27, 65, 84)
	return s
}

func bytesOf(xs []int) []uint8 {
	out := make([]uint8, len(xs))
	for i, x := range xs {
		out[i] = uint8(x)
	}
	return out
}

func TestC53Nights2To4PatrolsWhereThePolicemenEndedAndTwoYellow(t *testing.T) {
	starts := tbl().b.Starts
	// Two policemen ended on yellow crossings, three elsewhere.
	others := spare(3, tbl().starts)
	ended := []int{starts[0], others[0], starts[1], others[1], others[2]}
	s := nightTwoAt(t, ended)
	head := game.Seat(2)
	if actor(s) != head {
		t.Fatalf("seat %d places night 2's patrols, want yellow (2)", actor(s))
	}
	var prev board.Set
	for _, x := range ended {
		prev.Add(x)
	}
	want := prev.Union(tbl().starts)
	if got := s.patrolTargets(); got != want {
		t.Fatalf("targets %v, want %v", got, want)
	}
	if len(s.View(1).(*View).Policemen[0].Crossing) != 0 {
		t.Fatal("the policemen are still on the board while the patrols are placed")
	}
	// Two tokens on free yellow crossings: then only the policemen's
	// crossings are left.
	must(t, s, head, Patrol(starts[2], TokenFake))
	must(t, s, head, Patrol(starts[3], TokenBlue))
	if got := s.patrolTargets(); got != prev {
		t.Fatalf("targets after two yellow %v, want %v", got, prev)
	}
	refuse(t, s, head, Patrol(starts[4], TokenRed), "whitechapel.err.patrol-place")
	for i, x := range ended {
		if s.c.Phase != phPatrol {
			t.Fatalf("placement ended after %d tokens", i+2)
		}
		must(t, s, head, Patrol(x, s.nextToken()))
	}
	if s.c.Phase != phKill {
		t.Fatalf("phase %s after 7 tokens", phaseIDs[s.c.Phase])
	}
}

// nextToken returns a token still to place.
func (s *State) nextToken() Token {
	for id := uint8(0); id <= tokenFake; id++ {
		if s.tokenLeft(id) {
			return Token(id)
		}
	}
	return TokenFake
}

func TestC54MarkedWomenBecomeWretchedUnmarkedRemoved(t *testing.T) {
	s := newGame(t, nil, 4)
	toKill(t, s, 147, 3, 65, 21, 27)
	if got := s.wretchedSet(); got != board.SetOf(3, 21, 27, 65, 147) || s.c.NWomen != 0 {
		t.Fatalf("wretched %v, %d women left", got, s.c.NWomen)
	}
	if s.c.Time != 1 || s.View(game.Spectator).(*View).TimeOfCrime != 1 {
		t.Fatalf("Time of the Crime %d, want I", s.c.Time)
	}
	if l := s.Legal(0, nil); len(l) != 6 || !game.Contains(l, Wait()) || !game.Contains(l, Kill(147)) {
		t.Fatalf("legal %v", l)
	}
	refuse(t, s, 0, Kill(84), "whitechapel.err.no-wretched")
}

// waitOnce waits: every wretched moves to its first legal circle and Jack
// turns over the first face-down patrol token.
func waitOnce(t *testing.T, s *State) {
	t.Helper()
	must(t, s, 0, Wait())
	for s.c.Phase == phWretched {
		must(t, s, actor(s), s.Legal(actor(s), nil)[0])
	}
	if s.c.Phase != phReveal {
		t.Fatalf("phase %s after the wretched moved", phaseIDs[s.c.Phase])
	}
	must(t, s, 0, s.Legal(0, nil)[0])
}

func TestC55MustKillOnV(t *testing.T) {
	s := newGame(t, nil, 4)
	toKill(t, s, 3, 21, 27, 65, 84)
	for i := 0; i < 4; i++ {
		waitOnce(t, s)
	}
	if s.c.Time != 5 {
		t.Fatalf("Time of the Crime %d after 4 waits", s.c.Time)
	}
	refuse(t, s, 0, Wait(), "whitechapel.err.must-kill")
	for _, m := range s.Legal(0, nil) {
		if KindOf(m) != MoveKill {
			t.Fatalf("on V Jack may %s", Rules{}.EncodeMove(m))
		}
	}
	if s.prompt().Key != "whitechapel.prompt.must-kill" {
		t.Fatalf("prompt %s", s.prompt().Key)
	}
}

// wretchedAt sets a wait up by hand: one wretched on w, patrol tokens on
// xs; the Head moves it.
func wretchedAt(s *State, w int, xs ...int) {
	c := &s.c
	c.Phase = phWretched
	c.Actor = 0
	c.NWretched = 1
	c.Wretched[0] = uint8(w)
	c.NPatrols = uint8(len(xs))
	c.PatrolUp, c.PatrolOff = 0, 0
	for i, x := range xs {
		c.Patrols[i] = uint8(x)
		c.PatrolID[i] = uint8(i % numPolice)
	}
}

func TestC56WretchedMayNotEndNextToAPatrol(t *testing.T) {
	s := newGame(t, nil, 4)
	tb := tbl()
	// A wretched's walk to y whose routes avoid a crossing x joined to y.
	for w := 1; w <= numCircles; w++ {
		for _, wk := range tb.b.Walks[w] {
			y := wk.To
			for x := tb.b.CircleCrossings[y].Next(0); x >= 0; x = tb.b.CircleCrossings[y].Next(x + 1) {
				if wk.Blocked(board.SetOf(x)) || tb.b.NearSet[x].Has(w) {
					continue
				}
				far := spare(1, board.Set{}, w, y)[0]
				wretchedAt(s, w, far)
				if !s.wretchedTargets(0).Has(y) {
					continue
				}
				wretchedAt(s, w, x)
				refuse(t, s, 1, Wretched(w, y), "whitechapel.err.wretched-to")
				wretchedAt(s, w, far)
				must(t, s, 1, Wretched(w, y))
				return
			}
		}
	}
	t.Fatal("no position found")
}

func TestC56WretchedMayNotPassAPatrol(t *testing.T) {
	s := newGame(t, nil, 4)
	tb := tbl()
	// A walk w -> y with a single route through two crossings or more; a
	// patrol on its first crossing, which is not joined to y.
	for w := 1; w <= numCircles; w++ {
		for _, wk := range tb.b.Walks[w] {
			if len(wk.Paths) != 1 || wk.Paths[0].Count() < 2 {
				continue
			}
			y := wk.To
			for x := wk.Paths[0].Next(0); x >= 0; x = wk.Paths[0].Next(x + 1) {
				if tb.b.NearSet[x].Has(y) {
					continue
				}
				wretchedAt(s, w, x)
				refuse(t, s, 1, Wretched(w, y), "whitechapel.err.wretched-to")
				wretchedAt(s, w, spare(1, board.Set{}, w, y)[0])
				if !s.wretchedTargets(0).Has(y) {
					continue
				}
				must(t, s, 1, Wretched(w, y))
				return
			}
		}
	}
	t.Fatal("no position found")
}

func TestC56WretchedNotOnAnotherWretchedOrACrimeScene(t *testing.T) {
	s := newGame(t, nil, 4)
	w := 40
	nb := tbl().walk[w]
	a := nb.Next(0)
	b := nb.Next(a + 1)
	far := spare(1, board.Set{}, w, a, b)[0]
	wretchedAt(s, w, far)
	s.c.NWretched = 2
	s.c.Wretched[1] = uint8(a)
	s.c.Scenes[0], s.c.NScenes = uint8(b), 1
	got := s.wretchedTargets(0)
	if got.Has(a) || got.Has(b) || got != nb.Minus(board.SetOf(a, b)) {
		t.Fatalf("targets %v from %d (neighbours %v, wretched on %d, crime scene on %d)", got, w, nb, a, b)
	}
	refuse(t, s, 1, Wretched(w, a), "whitechapel.err.wretched-to")
	refuse(t, s, 1, Wretched(w, b), "whitechapel.err.wretched-to")
	refuse(t, s, 1, Wretched(a, nb.Minus(board.SetOf(a, b)).Next(0)), "whitechapel.err.wretched-turn")
}

func TestC56WretchedWithNoLegalMoveStays(t *testing.T) {
	s := newGame(t, nil, 4)
	toKill(t, s, 3, 21, 27, 65, 84)
	// Crime scenes all around the wretched on 3.
	nb := tbl().walk[3]
	s.c.NScenes = 0
	for c := nb.Next(0); c >= 0 && s.c.NScenes < numScenes; c = nb.Next(c + 1) {
		s.c.Scenes[s.c.NScenes] = uint8(c)
		s.c.NScenes++
	}
	if nb.Count() > numScenes {
		t.Skip("circle 3 has too many neighbours for this test")
	}
	log := must(t, s, 0, Wait())
	if !hasEvent(log, game.Spectator, "whitechapel.ev.wretched-stays") {
		t.Fatal("no event for the wretched that stays")
	}
	if s.c.Phase == phWretched && s.c.Wretched[s.c.Actor] == 3 {
		t.Fatal("the wretched with no legal move must move")
	}
	for s.c.Phase == phWretched {
		must(t, s, actor(s), s.Legal(actor(s), nil)[0])
	}
	if !s.wretchedSet().Has(3) {
		t.Fatal("the wretched on 3 moved")
	}
}

func TestC57FakePatrolRevealedIsRemovedRealStaysFaceUp(t *testing.T) {
	s := newGame(t, nil, 4)
	placeWomen(t, s, 3, 21, 27, 65, 84)
	starts := tbl().b.Starts
	placePatrols(t, s, []Token{TokenFake, TokenBlue, TokenYellow, TokenBrown, TokenRed, TokenGreen, TokenFake}, starts...)
	must(t, s, 0, Wait())
	for s.c.Phase == phWretched {
		must(t, s, actor(s), s.Legal(actor(s), nil)[0])
	}
	if len(s.Legal(0, nil)) != 7 {
		t.Fatalf("%d tokens to turn over, want 7", len(s.Legal(0, nil)))
	}
	log := must(t, s, 0, Reveal(starts[0]))
	if !hasEvent(log, 0, "whitechapel.ev.reveal-fake") || s.patrolOn().Has(starts[0]) {
		t.Fatal("the fake token is still on the board")
	}
	for _, p := range s.View(0).(*View).Patrols {
		if p.Crossing == label(starts[0]) {
			t.Fatal("Jack's view still shows the fake token")
		}
	}
	waitOnceReveal(t, s, starts[1])
	pv := s.View(0).(*View)
	if !pv.Patrols[0].FaceUp || pv.Patrols[0].Token != "blue" || pv.Patrols[1].Token != "" {
		t.Fatalf("Jack's view after a real token: %+v", pv.Patrols)
	}
}

// waitOnceReveal waits and turns over the token on crossing x.
func waitOnceReveal(t *testing.T, s *State, x int) {
	t.Helper()
	must(t, s, 0, Wait())
	for s.c.Phase == phWretched {
		must(t, s, actor(s), s.Legal(actor(s), nil)[0])
	}
	must(t, s, 0, Reveal(x))
	if s.c.Phase != phKill {
		t.Fatalf("phase %s after the reveal", phaseIDs[s.c.Phase])
	}
	refuse(t, s, 0, Reveal(x), "whitechapel.err.not-now")
}

func TestC59AlarmRealPatrolsBecomePolicemen(t *testing.T) {
	s := newGame(t, nil, 4)
	placeWomen(t, s, 3, 21, 27, 65, 84)
	starts := tbl().b.Starts
	tokens := []Token{TokenFake, TokenRed, TokenGreen, TokenFake, TokenBlue, TokenBrown, TokenYellow}
	placePatrols(t, s, tokens, starts...)
	log := must(t, s, 0, Kill(21))
	for i, tok := range tokens {
		if tok == TokenFake {
			continue
		}
		if int(s.c.Police[tok]) != starts[i] {
			t.Fatalf("policeman %s on %d, want %d", tok, s.c.Police[tok], starts[i])
		}
	}
	if s.c.NPatrols != 0 || s.c.NWretched != 0 || !hasEvent(log, game.Spectator, "whitechapel.ev.alarm") {
		t.Fatal("patrol tokens or wretched left after the alarm")
	}
	if s.c.Phase != phJack || s.scenes() != board.SetOf(21) || s.c.Cur != 21 {
		t.Fatalf("phase %s scenes %v", phaseIDs[s.c.Phase], s.scenes())
	}
}

func TestL4KillingOnVGives19Moves(t *testing.T) {
	for waits, want := range []int{15, 16, 17, 18, 19} {
		s := newGame(t, nil, 4)
		toKill(t, s, 3, 21, 27, 65, 84)
		for i := 0; i < waits; i++ {
			waitOnce(t, s)
		}
		must(t, s, 0, Kill(To(s.Legal(0, nil)[0])))
		if got := s.movesLeft(); got != want {
			t.Fatalf("%d waits: %d moves, want %d", waits, got, want)
		}
		tv := s.View(game.Spectator).(*View).Track
		if tv == nil || tv.Start != 4-waits || tv.Left != want || tv.Used != 0 {
			t.Fatalf("%d waits: track %+v", waits, tv)
		}
	}
}
