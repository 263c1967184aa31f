package whitehall

import (
	"testing"

	"gaslamp/game"
)

// searchSpot finds a crossing x joined to circles a, b and n, with b a
// walking neighbour of a: a trail a -> b lies next to x, n off it.
func searchSpot(t *testing.T) (x, a, b, n int) {
	tb := tbl()
	for x := 0; x < numCrossings; x++ {
		near := tb.b.Near[x]
		if len(near) < 3 {
			continue
		}
		for _, a := range near {
			for _, b := range near {
				if a == b || !tb.b.WalkSet[a].Has(b) {
					continue
				}
				for _, n := range near {
					if n != a && n != b {
						return x, a, b, n
					}
				}
			}
		}
	}
	t.Fatal("no search spot")
	return
}

// searchPosition: Jack went a -> b; yellow stands on x, the others far off;
// it is yellow's action.
func searchPosition(t *testing.T, opts game.Options) (s *State, x, a, b, n int) {
	x, a, b, n = searchSpot(t)
	s = newGame(t, opts, a, b, n)
	sp := spare(2, a, b, n)
	teleport(t, s, a, labels(sp[0], sp[1], spare(3, a, b, n)[2])...)
	must(t, s, 0, Walk(b))
	setFigs(s, x, sp[0], sp[1])
	stayAll(t, s)
	if s.c.Phase != phAction || actor(s) != 1 {
		t.Fatalf("phase %s, actor %d", phaseIDs[s.c.Phase], actor(s))
	}
	return s, x, a, b, n
}

func TestW13FigureMovesUpToTwoStepsMayPassNotEndOnFigure(t *testing.T) {
	tb := tbl()
	s := newGame(t, nil)
	for x := 0; x < numCrossings; x++ {
		for _, y := range tb.b.Steps[x] {
			for _, z := range tb.b.Steps[y] {
				if z == x || tb.b.StepSet[x].Has(z) {
					continue
				}
				far := tb.reach3[x].Minus(tb.reach2[x]).Next(0)
				other := tb.reach3[x].Union(tb.reach3[z]).Next(0)
				for tb.reach3[x].Has(other) || tb.reach3[z].Has(other) {
					other++
				}
				setFigs(s, x, y, other)
				s.c.Phase, s.c.Actor = phMove, 0
				if err := s.Apply(2, Figure(y), nil); game.CodeOf(err) != game.CodeNotYourTurn {
					t.Fatalf("blue moved before yellow: %v", err)
				}
				refuse(t, s, 1, Figure(y), "whitehall.err.crossing-taken")
				if far >= 0 {
					refuse(t, s, 1, Figure(far), "whitehall.err.too-far")
				}
				refuse(t, s, 1, Speed(far), "whitehall.err.no-power")
				if !game.Contains(s.Legal(1, nil), Figure(x)) {
					t.Fatal("staying put is not offered")
				}
				must(t, s, 1, Figure(z)) // passing blue on y
				must(t, s, 2, Figure(y))
				if s.c.Fig[0] != uint8(z) || actor(s) != 3 {
					t.Fatal("moves not in priority order")
				}
				return
			}
		}
	}
	t.Fatal("no two-step route")
}

func TestW14ActionsInPriorityOrderOnAdjacentCircles(t *testing.T) {
	s, x, _, _, _ := searchPosition(t, nil)
	far := 1
	for tbl().b.NearSet[x].Has(far) {
		far++
	}
	refuse(t, s, 1, Arrest(far), "whitehall.err.not-adjacent")
	refuse(t, s, 1, Search(far), "whitehall.err.not-adjacent")
	if err := s.Apply(3, Pass(), nil); game.CodeOf(err) != game.CodeNotYourTurn {
		t.Fatal("red acted before yellow")
	}
	must(t, s, 1, Pass())
	must(t, s, 2, Pass())
	if actor(s) != 3 || s.c.Phase != phAction {
		t.Fatal("actions not in priority order")
	}
}

func TestW15SearchStopsAtFirstCircleOfTheRoundsTrail(t *testing.T) {
	s, _, a, b, n := searchPosition(t, nil)
	must(t, s, 1, Search(n))
	if s.c.Phase != phSearch || s.c.Clues.Has(n) {
		t.Fatal("a miss must let the search go on")
	}
	must(t, s, 1, Search(b))
	if !s.c.Clues.Has(b) || s.c.Phase != phAction || actor(s) != 2 {
		t.Fatal("a hit must mark the circle and end the search")
	}
	if s.c.Clues.Has(a) {
		t.Fatal("the search went on after the hit")
	}
	v := publicView(s)
	if len(v.Rounds[0].Obs) != 2 || v.Rounds[0].Obs[0].Kind != "no-clue" || v.Rounds[0].Obs[1] != (ObsRecord{Time: 1, Circle: b, Kind: "clue"}) {
		t.Fatalf("public record %+v", v.Rounds[0].Obs)
	}
}

func TestW15RoundStartCircleYieldsClue(t *testing.T) {
	s, _, a, _, _ := searchPosition(t, nil)
	must(t, s, 1, Search(a))
	if !s.c.Clues.Has(a) {
		t.Fatal("cell 0 gave no clue")
	}
}

func TestW15MarkedCirclesNotOfferedSearchEndsWhenNothingLeft(t *testing.T) {
	s, x, a, b, n := searchPosition(t, nil)
	must(t, s, 1, Search(b))
	passAll(t, s)
	// Next turn: the marker stays for the round and b is not offered.
	must(t, s, 0, Walk(a))
	setFigs(s, x, int(s.c.Fig[1]), int(s.c.Fig[2]))
	stayAll(t, s)
	refuse(t, s, 1, Search(b), "whitehall.err.already-marked")
	must(t, s, 1, Search(n))
	refuse(t, s, 1, Search(n), "whitehall.err.already-named")
	for s.c.Phase == phSearch {
		legal := s.Legal(1, nil)
		if game.Contains(legal, Search(b)) {
			t.Fatal("a marked circle is offered")
		}
		must(t, s, 1, legal[len(legal)-1])
	}
	if actor(s) != 2 {
		t.Fatal("the search did not end by itself")
	}
}

func TestW16ArrestNeedsJacksExactCircle(t *testing.T) {
	s, x, a, b, _ := searchPosition(t, nil)
	must(t, s, 1, Arrest(a))
	if s.Outcome().Over {
		t.Fatal("arrest on an earlier circle of the trail won")
	}
	if o := s.c.Obs[0][0]; o.Kind != obNotHere || int(o.Circle) != a {
		t.Fatal("failed arrest not in the record")
	}
	y := tbl().b.CircleCrossings[b].Minus(circleSet(x)).Minus(s.others(1)).Next(0)
	if y < 0 {
		t.Skip("no second crossing next to b")
	}
	s.c.Fig[1] = uint8(y)
	must(t, s, 2, Arrest(b))
	if out := s.Outcome(); out.Winner != "investigators" {
		t.Fatalf("arrest on Jack's circle: %+v", out)
	}
}

func TestW17InvestigatorsHaveNoPrivateChannel(t *testing.T) {
	// Every event hidden from Jack is the public twin of one he sees.
	for seed := uint64(1); seed <= 30; seed++ {
		st, _ := Rules{}.New(optionSets[seed%uint64(len(optionSets))], seed)
		rng := game.NewRand(seed)
		var log game.Log
		for !st.Outcome().Over {
			seat := st.ToAct().First()
			legal := st.Legal(seat, nil)
			log.Reset()
			if err := st.Apply(seat, legal[rng.IntN(len(legal))], &log); err != nil {
				t.Fatal(err)
			}
			for _, e := range log.Events {
				if e.To.Sees(0) {
					continue
				}
				twin := false
				for _, f := range log.Events {
					twin = twin || (f.Type == e.Type && f.To.Sees(0))
				}
				if !twin {
					t.Fatalf("event %s hidden from Jack without a twin", e.Type)
				}
				if !e.To.Spectators {
					t.Fatalf("event %s for investigators only", e.Type)
				}
			}
		}
	}
}
