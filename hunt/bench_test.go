package hunt

import (
	"testing"

	"gaslamp/board"
	"gaslamp/game"
)

// benchRound plays a realistic 12-move Whitehall round: mostly walks with
// figures around Jack, one coach and one hidden special now and then, and
// 10 observations the way searches give them (5 clues on circles of the
// trail, found a few moves late, and 5 misses on circles next to it). All
// observations are made by the end of move 11.
func benchRound(seed uint64) (Round, []int) {
	b := board.Whitehall()
	for {
		rng := game.NewRand(seed)
		seed += 1000
		p := genRound(b, &rng, genOpts{moves: 12, specials: 10, coachRate: 40, figures: 3})
		if len(p.round.Moves) != 12 {
			continue
		}
		r := Round{Start: p.round.Start, Moves: p.round.Moves}
		// Cell index after each move.
		ends := []int{0}
		for _, m := range r.Moves {
			ends = append(ends, ends[len(ends)-1]+m.Kind.Cells())
		}
		onTrail := func(x, at int) bool {
			for _, c := range p.trail[:at+1] {
				if c == x {
					return true
				}
			}
			return false
		}
		clues, misses := 0, 0
		for k := 2; k <= 11 && clues+misses < 10; k++ {
			at := ends[k]
			if clues < 5 && (k%2 == 0 || misses == 5) {
				// A clue a few cells back.
				back := max(0, at-1-rng.IntN(4))
				x := p.trail[back]
				dup := false
				for _, o := range r.Obs {
					dup = dup || (o.Kind == Clue && o.Circle == x)
				}
				if !dup {
					r.Obs = append(r.Obs, Obs{Time: at, Circle: x, Kind: Clue})
					clues++
				}
			}
			if misses < 5 {
				nb := b.WalkSet[p.trail[at]]
				for x := nb.Next(0); x >= 0; x = nb.Next(x + 1) {
					if !onTrail(x, at) && rng.IntN(2) == 0 {
						r.Obs = append(r.Obs, Obs{Time: at, Circle: x, Kind: NoClue})
						misses++
						break
					}
				}
			}
		}
		if clues+misses == 10 {
			return r, p.trail
		}
	}
}

const benchRounds = 16

func BenchmarkSolve(b *testing.B) {
	bd := board.Whitehall()
	rounds := make([]Round, benchRounds)
	for i := range rounds {
		rounds[i], _ = benchRound(uint64(i + 1))
		if _, err := Solve(bd, &rounds[i]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Solve(bd, &rounds[i%benchRounds]); err != nil {
			b.Fatal(err)
		}
	}
}

// benchTrackers returns Trackers holding the first 11 moves and the 10
// observations of each bench round, up to date, and the 12th moves.
func benchTrackers(b *testing.B) ([]*Tracker, []Move) {
	bd := board.Whitehall()
	trs := make([]*Tracker, benchRounds)
	last := make([]Move, benchRounds)
	for i := range trs {
		r, _ := benchRound(uint64(i + 1))
		tr := NewTracker(bd, r.Start)
		for _, m := range r.Moves[:11] {
			if err := tr.AddMove(m); err != nil {
				b.Fatal(err)
			}
		}
		for _, o := range r.Obs {
			if err := tr.AddObs(o); err != nil {
				b.Fatal(err)
			}
		}
		if _, err := tr.Solution(); err != nil {
			b.Fatal(err)
		}
		trs[i], last[i] = tr, r.Moves[11]
	}
	return trs, last
}

// BenchmarkUpdateAfterMove measures one more Jack move on a Tracker that
// already holds 11 moves and 10 observations: AddMove then Solution.
func BenchmarkUpdateAfterMove(b *testing.B) {
	trs, last := benchTrackers(b)
	b.ReportAllocs()
	b.ResetTimer()
	var batch []*Tracker
	for i := 0; i < b.N; i++ {
		k := i % benchRounds
		if len(batch) == 0 {
			batch = cloneBatch(b, trs, i)
		}
		tr := batch[0]
		batch = batch[1:]
		if err := tr.AddMove(last[k]); err != nil {
			b.Fatal(err)
		}
		if _, err := tr.Solution(); err != nil {
			b.Fatal(err)
		}
	}
}

// cloneBatch returns, outside the timer, fresh clones of the trackers for
// the next iterations from i on (so that the timer is not stopped and
// started around every iteration).
func cloneBatch(b *testing.B, trs []*Tracker, i int) []*Tracker {
	b.StopTimer()
	n := min(4096, b.N-i)
	batch := make([]*Tracker, n)
	for j := range batch {
		batch[j] = trs[(i+j)%len(trs)].Clone()
	}
	b.StartTimer()
	return batch
}

// BenchmarkUpdateAfterTurn measures a whole investigators' turn after the
// move: the move, then three searches about the past (a clue on a circle
// of the trail two moves back, two misses next to it), then Solution.
func BenchmarkUpdateAfterTurn(b *testing.B) {
	trs, last := benchTrackers(b)
	bd := board.Whitehall()
	obs := make([][]Obs, benchRounds)
	for k := range trs {
		r, trail := benchRound(uint64(k + 1))
		now := len(trail) - 1
		x := trail[now-2]
		obs[k] = append(obs[k], Obs{Time: now, Circle: x, Kind: Clue})
		nb := bd.WalkSet[trail[now]]
		for y := nb.Next(0); y >= 0 && len(obs[k]) < 3; y = nb.Next(y + 1) {
			seen := false
			for _, c := range trail {
				seen = seen || c == y
			}
			if !seen {
				obs[k] = append(obs[k], Obs{Time: now, Circle: y, Kind: NoClue})
			}
		}
		_ = r
	}
	b.ReportAllocs()
	b.ResetTimer()
	var batch []*Tracker
	for i := 0; i < b.N; i++ {
		k := i % benchRounds
		if len(batch) == 0 {
			batch = cloneBatch(b, trs, i)
		}
		tr := batch[0]
		batch = batch[1:]
		if err := tr.AddMove(last[k]); err != nil {
			b.Fatal(err)
		}
		for _, o := range obs[k] {
			if err := tr.AddObs(o); err != nil {
				b.Fatal(err)
			}
		}
		if _, err := tr.Solution(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSample measures drawing one trail from a solved bench round.
func BenchmarkSample(b *testing.B) {
	bd := board.Whitehall()
	sols := make([]*Solution, benchRounds)
	for i := range sols {
		r, _ := benchRound(uint64(i + 1))
		var err error
		if sols[i], err = Solve(bd, &r); err != nil {
			b.Fatal(err)
		}
	}
	rng := game.NewRand(1)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sols[i%benchRounds].Sample(&rng)
	}
}

// TestBenchRoundsShape logs the size of the bench rounds' counting.
func TestBenchRoundsShape(t *testing.T) {
	bd := board.Whitehall()
	for i := 0; i < benchRounds; i++ {
		r, trail := benchRound(uint64(i + 1))
		sol, err := Solve(bd, &r)
		if err != nil {
			t.Fatal(err)
		}
		if !sol.Where().Has(trail[len(trail)-1]) {
			t.Fatal("true position missing")
		}
		groups := 0
		for _, l := range sol.layers {
			if l != nil {
				groups = max(groups, len(l.masks))
			}
		}
		t.Logf("round %d: %d cells, %d obs, %d trails over %d circles, at most %d groups per cell", i, sol.Now(), len(r.Obs), sol.Total(), sol.Where().Count(), groups)
	}
}

// BenchmarkClone measures Tracker.Clone of a 12-move, 10-observation round.
func BenchmarkClone(b *testing.B) {
	trs, _ := benchTrackers(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		trs[i%benchRounds].Clone()
	}
}

// states returns the number of (group, circle) states a Solution stores.
func states(s *Solution) (n, groups int) {
	for _, l := range s.layers {
		if l == nil {
			continue
		}
		groups = max(groups, len(l.masks))
		for _, sp := range l.supp {
			n += sp.Count()
		}
	}
	return n, groups
}

// TestPruneSameCounts checks that the distance pruning changes no count,
// and logs how many states it saves on the bench rounds.
func TestPruneSameCounts(t *testing.T) {
	bd := board.Whitehall()
	defer func() { prune = true }()
	var with, without int
	for i := 0; i < benchRounds; i++ {
		r, _ := benchRound(uint64(i + 1))
		prune = true
		a, errA := Solve(bd, &r)
		prune = false
		b, errB := Solve(bd, &r)
		sameSolution(t, "prune", a, b, errA, errB)
		na, ga := states(a)
		nb, gb := states(b)
		with += na
		without += nb
		t.Logf("round %d: %d states (%d groups) pruned, %d (%d groups) not", i, na, ga, nb, gb)
	}
	t.Logf("states: %d with pruning, %d without", with, without)
}
