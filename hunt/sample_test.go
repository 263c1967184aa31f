package hunt

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"gaslamp/board"
	"gaslamp/game"
	"gaslamp/internal/testscale"
)

// chiSquareBound is a loose upper bound for a chi-square statistic with df
// degrees of freedom (about six standard deviations above the mean); the
// seeds are fixed, so the test is deterministic.
func chiSquareBound(df int) float64 {
	return float64(df) + 6*math.Sqrt(2*float64(df)) + 20
}

func trailKey(tr []int) string { return fmt.Sprint(tr) }

func TestSampleUniform(t *testing.T) {
	b := board.Whitehall()
	rng := game.NewRand(7)
	tested := 0
	want := testscale.Size(4, 15)
	for tries := 0; tested < want && tries < 5000; tries++ {
		p := genRound(b, &rng, genOpts{
			moves: 2 + rng.IntN(5), obsRate: 70, late: 10,
			specials: 40, coachRate: 30, figures: 3,
		})
		r := &p.round
		all := map[string]bool{}
		ok := bruteForce(b, r, 200_000, func(tr []int) { all[trailKey(tr)] = true })
		if !ok || len(all) < 5 || len(all) > 1500 {
			continue
		}
		sol, err := Solve(b, r)
		if err != nil {
			t.Fatal(err)
		}
		if sol.Total() != uint64(len(all)) {
			t.Fatalf("Total %d, brute force %d", sol.Total(), len(all))
		}
		tested++
		draws := min(40*len(all), 50_000)
		byTrail := map[string]int{}
		byCell := make([]int, b.NumCircles+1)
		for d := 0; d < draws; d++ {
			// Sample and SampleKinds agree on the trail.
			r1, r2 := rng, rng
			tr := sol.Sample(&r1)
			tr2, kinds := sol.SampleKinds(&r2)
			if !slices.Equal(tr, tr2) {
				t.Fatalf("Sample %v, SampleKinds %v", tr, tr2)
			}
			rng = r1
			if !all[trailKey(tr)] || !legalTrail(b, r, tr) {
				t.Fatalf("sampled trail %v is not consistent with %+v", tr, *r)
			}
			checkKinds(t, b, r, tr, kinds)
			byTrail[trailKey(tr)]++
			byCell[tr[len(tr)-1]]++
		}
		// Every trail equally likely.
		exp := float64(draws) / float64(len(all))
		chi := 0.0
		for k := range all {
			d := float64(byTrail[k]) - exp
			chi += d * d / exp
		}
		if chi > chiSquareBound(len(all)-1) {
			t.Errorf("trails: chi-square %.1f over %d trails (%d draws), bound %.1f", chi, len(all), draws, chiSquareBound(len(all)-1))
		}
		// The last cell follows Count/Total.
		chi, df := 0.0, -1
		for c := 1; c <= b.NumCircles; c++ {
			if sol.Count(c) == 0 {
				if byCell[c] != 0 {
					t.Fatalf("sampled impossible last cell %d", c)
				}
				continue
			}
			df++
			e := float64(draws) * float64(sol.Count(c)) / float64(sol.Total())
			d := float64(byCell[c]) - e
			chi += d * d / e
		}
		if df > 0 && chi > chiSquareBound(df) {
			t.Errorf("last cells: chi-square %.1f, df %d, bound %.1f", chi, df, chiSquareBound(df))
		}
	}
	if tested < want {
		t.Fatalf("only %d rounds tested", tested)
	}
}

// checkKinds checks that each move kind SampleKinds reports makes the
// sampled step, and that Hidden was resolved.
func checkKinds(t *testing.T, b *board.Board, r *Round, tr []int, kinds []MoveKind) {
	t.Helper()
	if len(kinds) != len(r.Moves) {
		t.Fatalf("%d kinds for %d moves", len(kinds), len(r.Moves))
	}
	at := 0
	for i, m := range r.Moves {
		k := kinds[i]
		if m.Kind == Hidden {
			if k != Alley && k != Boat {
				t.Fatalf("hidden move reported as %v", k)
			}
		} else if k != m.Kind {
			t.Fatalf("move %d of kind %v reported as %v", i, m.Kind, k)
		}
		cells := tr[at+1 : at+1+k.Cells()]
		found := false
		for _, c := range bruteNext(b, tr[at], Move{Kind: k, Occupied: m.Occupied}) {
			found = found || slices.Equal(c, cells)
		}
		if !found {
			t.Fatalf("move %d (%v) cannot go %d -> %v", i, k, tr[at], cells)
		}
		at += k.Cells()
	}
}

// TestSampleLong samples from long, loosely observed rounds (too big for
// brute force) and checks every trail and the last-cell distribution.
func TestSampleLong(t *testing.T) {
	b := board.Whitehall()
	rng := game.NewRand(11)
	n := testscale.Size(4, 20)
	for i := 0; i < n; i++ {
		p := genRound(b, &rng, genOpts{moves: 12 + rng.IntN(4), obsRate: 80, late: 10, specials: 20, coachRate: 30, figures: 3})
		r := &p.round
		sol, err := Solve(b, r)
		if err != nil {
			t.Fatal(err)
		}
		draws := 4000
		byCell := make([]int, b.NumCircles+1)
		for d := 0; d < draws; d++ {
			tr, kinds := sol.SampleKinds(&rng)
			if !legalTrail(b, r, tr) {
				t.Fatalf("sampled trail %v is not consistent", tr)
			}
			checkKinds(t, b, r, tr, kinds)
			byCell[tr[len(tr)-1]]++
		}
		chi, df := 0.0, -1
		for c := 1; c <= b.NumCircles; c++ {
			if sol.Count(c) == 0 {
				continue
			}
			df++
			e := float64(draws) * float64(sol.Count(c)) / float64(sol.Total())
			d := float64(byCell[c]) - e
			chi += d * d / e
		}
		if df > 0 && chi > chiSquareBound(df) {
			t.Errorf("round %d: last cells chi-square %.1f, df %d", i, chi, df)
		}
		t.Logf("round %d: %d moves, %d obs, %d trails over %d circles, chi-square %.1f df %d", i, len(r.Moves), len(r.Obs), sol.Total(), sol.Where().Count(), chi, df)
	}
}
