package jekyll

import (
	"fmt"
	"strconv"
	"testing"

	"gaslamp/game"
	"gaslamp/internal/testscale"
)

// TestGiftPriorFavoursTheTrueWorld: in chapters played by two partner bots,
// the gift prior weighs the true world (where the partner's gifts are the
// ones it made by the heuristic) well above the worlds Determinize draws
// from the acting seat's view, on average over the night positions met; and
// it weighs every world 1 outside the night.
func TestGiftPriorFavoursTheTrueWorld(t *testing.T) {
	rng := game.NewRand(3)
	var trueW, sampledW float64
	n, ns := 0, 0
	for seed := uint64(1); seed <= uint64(testscale.Size(12, 40)); seed++ {
		gs, err := Rules{}.New(game.Options{"chapter": "4"}, seed)
		if err != nil {
			t.Fatal(err)
		}
		st := gs.(*State)
		var bots [2]game.Bot
		for i := range bots {
			bots[i], _ = newPartner(game.BotConfig{Seat: game.Seat(i), Seed: seed + uint64(i), Level: "easy", Budget: -1})
		}
		for !st.Outcome().Over {
			s := st.ToAct().First()
			legal := st.Legal(s, nil)
			v := st.view(s)
			mine, _ := parseCards(v.Gifts)
			if st.phase == phaseGive && giftWeight(st, int(s), mine) != 1 {
				t.Fatalf("seed %d: a world weighed %v during the day", seed, giftWeight(st, int(s), mine))
			}
			if st.phase == phaseNight && st.r.N == 2 && len(legal) > 1 {
				trueW += giftWeight(st, int(s), mine)
				n++
				for range 20 {
					x, err := determinize(v, &rng)
					if err != nil {
						t.Fatal(err)
					}
					sampledW += giftWeight(x, int(s), mine)
					ns++
				}
			}
			if err := st.Apply(s, bots[s].Choose(v, legal), nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	if n < 10 {
		t.Fatalf("only %d positions", n)
	}
	tm, sm := trueW/float64(n), sampledW/float64(ns)
	t.Logf("mean weight: true world %.3f (%d positions), sampled worlds %.3f (%d)", tm, n, sm, ns)
	if tm < 1.5*sm {
		t.Fatalf("the true world weighs %.3f on average, the sampled ones %.3f: the prior tells them apart too little", tm, sm)
	}
}

// TestGiftWeightCountsHeuristicInversions: the partner of seat 0 held twelve
// cards and gave four; a world in which it gave its highest cards of its
// short colours weighs 1, one in which it gave a potion and kept red-7
// weighs less.
func TestGiftWeightCountsHeuristicInversions(t *testing.T) {
	st := night(t, game.Options{"chapter": "4"},
		"red-1 red-2 blue-1 blue-2 blue-3 black-1 black-2 black-3",
		"red-3 red-4 red-5 red-6 blue-4 potion-1 potion-2 black-4",
		"red-8 blue-8 black-8 black-7 blue-5 blue-6 black-6 blue-7", 0)
	mine := mask(t, "red-8 blue-8 black-8 blue-7")
	// Hyde's twelve: its hand and black-7 blue-5 blue-6 black-6, its
	// highest cards of blue and black, its short colours.
	if w := giftWeight(st, 0, mine); w != 1 {
		t.Fatalf("heuristic gifts weigh %v, want 1", w)
	}
	// The same deal but Hyde gave potion-1 and kept black-7.
	st2 := night(t, game.Options{"chapter": "4"},
		"red-1 red-2 blue-1 blue-2 blue-3 black-1 black-2 black-3",
		"red-3 red-4 red-5 red-6 blue-4 black-7 potion-2 black-4",
		"red-8 blue-8 black-8 potion-1 blue-5 blue-6 black-6 blue-7", 0)
	if w := giftWeight(st2, 0, mine); !(w < 1) {
		t.Fatalf("a potion given and black-7 kept weighs %v, want below 1", w)
	}
}

// TestFutureFirstSolverMatchesBruteForce: with FutureFirst (the partner
// bots' solver), a first round of the classic chapter and of other chapters
// where the pawn cannot pass the last space is valued by the future table;
// the solver's value of the last tricks of random first rounds equals plain
// max-max through the engine valued the same way, its bound stays an upper
// bound, and in some positions the plain solver's best move is worse under
// the future table (the option changes the play).
func TestFutureFirstSolverMatchesBruteForce(t *testing.T) {
	for _, fair := range []bool{false, true} {
		t.Run(fmt.Sprintf("fair=%v", fair), func(t *testing.T) { testFutureFirstBrute(t, fair) })
	}
}

func testFutureFirstBrute(t *testing.T, fair bool) {
	n := positions(600, 60, "JEKYLL_BRUTE")
	s := NewSolver()
	s.FutureFirst = true
	s.FairFuture = fair
	plain := NewSolver()
	checked, differ := 0, 0
	for i := 0; i < n; i++ {
		ch := []int{4, 4, 5, 6, 9, 10}[i%6]
		opts := game.Options{"chapter": strconv.Itoa(ch)}
		seed := uint64(5000 + i)
		left := 3 + i%2
		st := randomUntil(opts, seed, func(st *State) bool {
			return st.phase == phaseNight && st.rnd == 0 && int(st.r.N) >= 8-left
		})
		if st == nil {
			continue
		}
		s.setup(st)
		if s.fut == nil || s.inv {
			t.Fatalf("seed %d chapter %d: the first round is not valued by the future table", seed, ch)
		}
		if fair && ch == 4 && s.fut != fairFuture(st.cfg) {
			t.Fatalf("seed %d: the classic chapter is not valued by the fair table", seed)
		}
		want := bruteForce(s, st)
		if got := s.Value(st); got != want {
			t.Fatalf("seed %d chapter %d: solver %d, brute force %d", seed, ch, got, want)
		}
		if st.r.Pos == 1 && st.r.Pend == pendNone {
			var sm summary
			r := st.r
			r.summarize(&sm)
			s.setup(st)
			if ub := s.bound(&r, &sm); ub < want {
				t.Fatalf("seed %d: bound %d below the exact value %d", seed, ub, want)
			}
		}
		pm, _ := plain.Solve(st)
		for _, x := range s.SolveMoves(st, nil) {
			if x.Move == pm && x.Value < want {
				differ++
			}
		}
		checked++
	}
	if checked < n/2 {
		t.Fatalf("only %d positions checked", checked)
	}
	if differ == 0 {
		t.Fatal("the future table never changed the best move")
	}
	t.Logf("%d positions, the plain best move worse by the future table in %d", checked, differ)
}
