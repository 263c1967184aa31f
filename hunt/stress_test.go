package hunt

import (
	"testing"
	"time"

	"gaslamp/board"
	"gaslamp/game"
	"gaslamp/internal/testscale"
)

// heavyRound plays a 15-move round where every turn the searches find up
// to perClue clues on circles of the trail (not yet marked).
func heavyRound(b *board.Board, rng *game.Rand, perClue int, walkOnly bool) Round {
	for {
		p := genRound(b, rng, genOpts{moves: 15, specials: 10, coachRate: 40, figures: 3, walkOnly: walkOnly})
		if len(p.round.Moves) < 15 {
			continue
		}
		r := Round{Start: p.round.Start, Moves: p.round.Moves}
		marked := map[int]bool{}
		at := 0
		for _, m := range r.Moves {
			at += m.Kind.Cells()
			for k := 0; k < perClue; k++ {
				x := p.trail[rng.IntN(at+1)]
				if !marked[x] {
					marked[x] = true
					r.Obs = append(r.Obs, Obs{Time: at, Circle: x, Kind: Clue})
				}
			}
		}
		return r
	}
}

// TestStressClues runs full 15-move rounds with a clue from every search
// (up to three a turn, on circles of the trail): the incremental Tracker
// agrees with Solve, pruning changes nothing, and sampled trails are legal.
func TestStressClues(t *testing.T) {
	b := board.Whitehall()
	rng := game.NewRand(5)
	n := testscale.Size(15, 150)
	worst, worstG, worstS := time.Duration(0), 0, 0
	defer func() { prune = true }()
	for i := 0; i < n; i++ {
		r := heavyRound(b, &rng, 3, false)
		t0 := time.Now()
		sol, err := Solve(b, &r)
		worst = max(worst, time.Since(t0))
		if err != nil {
			t.Fatal(err)
		}
		st, g := states(sol)
		worstG, worstS = max(worstG, g), max(worstS, st)
		// Table order: each move, then the clues found after it.
		tr := NewTracker(b, r.Start)
		at, oi := 0, 0
		for _, m := range r.Moves {
			tr.AddMove(m)
			at += m.Kind.Cells()
			for ; oi < len(r.Obs) && r.Obs[oi].Time == at; oi++ {
				if err := tr.AddObs(r.Obs[oi]); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := tr.Solution(); err != nil {
				t.Fatal(err)
			}
		}
		tsol, terr := tr.Solution()
		sameSolution(t, "stress tracker", tsol, sol, terr, err)
		prune = false
		nsol, nerr := Solve(b, &r)
		prune = true
		sameSolution(t, "stress no pruning", nsol, sol, nerr, err)
		for d := 0; d < 20; d++ {
			if tr := sol.Sample(&rng); !legalTrail(b, &r, tr) {
				t.Fatalf("sampled trail %v not legal", tr)
			}
		}
	}
	t.Logf("%d rounds: slowest Solve %v, at most %d groups in a cell, %d states in a round", n, worst, worstG, worstS)
}
