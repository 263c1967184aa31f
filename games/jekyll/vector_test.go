package jekyll

import (
	"testing"

	"gaslamp/game"
)

// With one world the vector search is the plain solve: every move's value
// agrees with SolveMoves on final nights reached by random play.
func TestVectorOneWorldIsTheSolve(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 200 && checked < 300; seed++ {
		gs, err := Rules{}.New(game.Options{"chapter": "4"}, seed)
		if err != nil {
			t.Fatal(err)
		}
		st := gs.(*State)
		rng := game.NewRand(seed * 7)
		for !st.Outcome().Over {
			s := st.ToAct().First()
			legal := st.Legal(s, nil)
			if st.rnd == 1 && st.phase == phaseNight && count(st.r.Hand[s]) <= 3 && len(legal) > 1 {
				sv := NewSolver()
				want := sv.SolveMoves(st, nil)
				sv.setup(st)
				vs := vecSearch{s: sv, me: uint8(s)}
				sums := make([]float64, len(legal))
				vs.rootSums([]round{st.r}, legal, sums)
				for i, m := range legal {
					if want[i].Move != m || int(sums[i]) != want[i].Value {
						t.Fatalf("seed %d: move %v: vector %v, solve %v", seed, m, sums[i], want[i].Value)
					}
				}
				checked++
			}
			if err := st.Apply(s, legal[rng.IntN(len(legal))], nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 50 {
		t.Fatalf("only %d positions checked", checked)
	}
	t.Logf("%d positions", checked)
}

// The vector policy never does better in a world than the plain solve of
// that world: with worlds sampled from the acting seat's view, each move's
// value in each world is at most its exact value there.
func TestVectorNeverBeatsTheSolve(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 100 && checked < 60; seed++ {
		gs, err := Rules{}.New(game.Options{"chapter": "4"}, seed)
		if err != nil {
			t.Fatal(err)
		}
		st := gs.(*State)
		rng := game.NewRand(seed * 11)
		for !st.Outcome().Over {
			s := st.ToAct().First()
			legal := st.Legal(s, nil)
			if st.rnd == 1 && st.phase == phaseNight && count(st.r.Hand[s]) <= 3 && len(legal) > 1 {
				var worlds []round
				var exact [][]MoveValue
				sv := NewSolver()
				for range 12 {
					w, err := determinize(st.view(s), &rng)
					if err != nil {
						t.Fatal(err)
					}
					worlds = append(worlds, w.r)
					exact = append(exact, sv.SolveMoves(w, nil))
				}
				sv.setup(st)
				vs := vecSearch{s: sv, me: uint8(s)}
				for i, m := range legal {
					kids, _ := vs.child(worlds, m, uint8(s), 0)
					for w, x := range vs.sub(kids, 0) {
						if x > exact[w][i].Value {
							t.Fatalf("seed %d: move %v in world %d: vector %d above the solve's %d", seed, m, w, x, exact[w][i].Value)
						}
					}
				}
				checked++
			}
			if err := st.Apply(s, legal[rng.IntN(len(legal))], nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d positions", checked)
}
