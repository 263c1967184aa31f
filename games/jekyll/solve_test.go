package jekyll

import (
	"os"
	"runtime"
	"sort"
	"strconv"
	"testing"
	"time"

	"gaslamp/game"
	"gaslamp/internal/testscale"
)

// randomUntil plays random legal moves from a new chapter until stop says so
// or the chapter ends; it returns nil if the chapter ended first.
func randomUntil(opts game.Options, seed uint64, stop func(*State) bool) *State {
	g, err := Rules{}.New(opts, seed)
	if err != nil {
		panic(err)
	}
	st := g.(*State)
	rng := game.NewRand(seed ^ 0xabcdef)
	var buf [16]game.Move
	for st.phase != phaseOver {
		if stop(st) {
			return st
		}
		seat := st.ToAct().First()
		if st.ToAct().Len() == 2 && rng.IntN(2) == 1 {
			seat = 1
		}
		l := st.legal(int(seat), buf[:0])
		if err := st.Apply(seat, l[rng.IntN(len(l))], nil); err != nil {
			panic(err)
		}
	}
	return nil
}

// nightStart stops at the first trick of a round of the given index.
func nightStart(rnd uint8) func(*State) bool {
	return func(st *State) bool { return st.phase == phaseNight && st.rnd == rnd && st.r.N == 0 && st.r.Pos == 1 }
}

// bruteForce is plain minimax (here max-max: both players maximise) through the
// engine itself, without table or bounds; s (set up for st's round) gives the
// value of each way the round ends.
func bruteForce(s *Solver, st *State) int {
	rnd := st.rnd
	var buf [16]game.Move
	best := -1 << 20
	seat := game.Seat(st.r.toAct())
	for _, m := range st.legal(int(seat), buf[:0]) {
		c := *st
		if err := c.Apply(seat, m, nil); err != nil {
			panic(err)
		}
		var v int
		if c.phase == phaseNight && c.rnd == rnd {
			v = bruteForce(s, &c)
		} else {
			v = s.outcomeValue(c.res[rnd])
		}
		best = max(best, v)
	}
	return best
}

// TestSolverMatchesBruteForce compares the solver with plain minimax through
// the engine on the last 3 or 4 tricks of random rounds (JEKYLL_BRUTE=n sets
// the number of positions for a longer hunt).
func TestSolverMatchesBruteForce(t *testing.T) {
	n := positions(3000, 200, "JEKYLL_BRUTE")
	s := NewSolver()
	checked := 0
	for i := 0; i < n; i++ {
		ch := 1 + i%NumChapters
		opts := game.Options{"chapter": strconv.Itoa(ch)}
		if i%3 == 0 {
			opts["overshoot-to-yard"] = "true"
		}
		left := 3 + i%2
		seed := uint64(1000 + i)
		rnd := uint8(i/2) % 2
		st := randomUntil(opts, seed, func(st *State) bool {
			return st.phase == phaseNight && st.rnd == rnd && int(st.r.N) >= 8-left && (st.r.Pos > 1 || st.r.Pend != 0 || seed%2 == 0)
		})
		if st == nil {
			continue
		}
		s.setup(st)
		want := bruteForce(s, st)
		got := s.Value(st)
		if got != want {
			t.Fatalf("seed %d chapter %d round %d tricks left %d: solver %d, brute force %d", seed, ch, rnd+1, 8-st.r.N, got, want)
		}
		mv := s.SolveMoves(st, nil)
		bestMove := -1 << 20
		for _, x := range mv {
			c := *st
			c.Apply(game.Seat(st.r.toAct()), x.Move, nil)
			var v int
			if c.phase == phaseNight && c.rnd == st.rnd {
				v = bruteForce(s, &c)
			} else {
				v = s.outcomeValue(c.res[st.rnd])
			}
			if v != x.Value {
				t.Fatalf("seed %d: move %s valued %d, brute force %d", seed, encodeMove(x.Move), x.Value, v)
			}
			bestMove = max(bestMove, v)
		}
		if bestMove != want {
			t.Fatalf("seed %d: best move %d != %d", seed, bestMove, want)
		}
		checked++
	}
	if checked < n/2 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// nightStarts returns up to n states at the first trick of round rnd+1 of
// the classic chapter.
func nightStarts(rnd uint8, n int) []*State { return chapterNightStarts(game.Options{}, rnd, n) }

// chapterNightStarts returns up to n states at the first trick of round
// rnd+1 of a chapter with opts.
func chapterNightStarts(opts game.Options, rnd uint8, n int) []*State {
	var out []*State
	for i := 0; len(out) < n && i < 4*n; i++ {
		if st := randomUntil(opts, uint64(i+1), nightStart(rnd)); st != nil {
			out = append(out, st)
		}
	}
	return out
}

func median(d []time.Duration) time.Duration {
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return d[len(d)/2]
}

// benchRoundCPU reports the median whole-round solve from the start of the
// night as the solving thread's CPU time, so that other work on a shared
// machine counts less (the target is under 5 ms), and the nodes searched.
func benchRoundCPU(b *testing.B, states []*State) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	s := NewSolver()
	ds := make([]time.Duration, 0, b.N)
	nodes := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := threadCPU()
		s.Value(states[i%len(states)])
		ds = append(ds, threadCPU()-t0)
		nodes += s.Nodes
	}
	b.StopTimer()
	b.ReportMetric(float64(median(ds).Microseconds())/1000, "cpu-ms-median")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// BenchmarkSolveRound1CPU solves whole first rounds of the classic chapter
// (the hardest: the values are fine-grained and nothing is decided yet).
func BenchmarkSolveRound1CPU(b *testing.B) { benchRoundCPU(b, nightStarts(0, 60)) }

// BenchmarkSolveRound2CPU solves whole second rounds of the classic chapter
// (each decides the chapter: won or lost).
func BenchmarkSolveRound2CPU(b *testing.B) { benchRoundCPU(b, nightStarts(1, 60)) }

// BenchmarkSolveRound1AllChaptersCPU solves whole first rounds of every
// chapter, 12 deals each.
func BenchmarkSolveRound1AllChaptersCPU(b *testing.B) {
	var states []*State
	for ch := 1; ch <= NumChapters; ch++ {
		states = append(states, chapterNightStarts(game.Options{"chapter": strconv.Itoa(ch)}, 0, 12)...)
	}
	benchRoundCPU(b, states)
}

// benchRound reports the median wall time of whole-round solves.
func benchRound(b *testing.B, rnd uint8) {
	states := nightStarts(rnd, 40)
	s := NewSolver()
	ds := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		s.Value(states[i%len(states)])
		ds = append(ds, time.Since(t0))
	}
	b.StopTimer()
	b.ReportMetric(float64(median(ds).Microseconds())/1000, "ms-median")
}

// BenchmarkSolveRound1 solves whole first rounds from the start of the night.
func BenchmarkSolveRound1(b *testing.B) { benchRound(b, 0) }

// BenchmarkSolveRound2 solves whole second rounds (the chapter is decided).
func BenchmarkSolveRound2(b *testing.B) { benchRound(b, 1) }

// TestSolverWholeRoundsAgree checks whole rounds (too big for brute force)
// three ways: MTD(f), one full-window search, and the best of the values of
// each first move; across chapters, options and both rounds.
func TestSolverWholeRoundsAgree(t *testing.T) {
	n := testscale.Size(12, 60)
	s, s2 := NewSolver(), NewSolver()
	for i := 0; i < n; i++ {
		opts := game.Options{"chapter": strconv.Itoa(1 + i%NumChapters)}
		if i%4 == 1 {
			opts["overshoot-to-yard"] = "true"
		}
		st := randomUntil(opts, uint64(500+i), nightStart(uint8(i/3%2)))
		if st == nil {
			continue
		}
		v := s.Value(st)
		s2.setup(st)
		r := st.r
		full := s2.finish(s2.search(&r, -1<<20, 1<<20))
		best := -1 << 20
		for _, x := range s.SolveMoves(st, nil) {
			best = max(best, x.Value)
		}
		if v != full || v != best {
			t.Fatalf("seed %d %v: mtd %d, full window %d, best move %d", 500+i, opts, v, full, best)
		}
	}
}

// refSolver is a plain memoised max over the round's own moves, without
// bounds, table tricks or card equivalence: the reference for whole rounds.
type refSolver struct {
	cfg        config
	pawn, yard int8
	final      bool
	memo       map[round]int
	sol        *Solver // set up for the round: the value of each way it ends
}

// newRef returns a reference search for st's round.
func newRef(st *State) *refSolver {
	x := &refSolver{cfg: st.cfg, pawn: st.pawn, yard: st.yard, final: st.rnd == 1, memo: map[round]int{}, sol: NewSolver()}
	x.sol.setup(st)
	return x
}

// positions is the number of positions a solver test checks: short by
// default, def under GASLAMP_TEST_LONG=1, or the number in the environment
// variable env.
func positions(def, short int, env string) int {
	n := testscale.Size(short, def)
	if v := os.Getenv(env); v != "" {
		n, _ = strconv.Atoi(v)
	}
	return n
}

func (x *refSolver) value(r *round) int {
	if v, ok := x.memo[*r]; ok {
		return v
	}
	best := -1 << 20
	try := func(c round) {
		if c.trickDone() {
			c.resolve()
			if c.N == 8 {
				out := x.cfg.score(x.pawn, x.yard, c.T, c.Won, c.Tricks[7].Owner, x.final)
				best = max(best, x.sol.outcomeValue(out))
				return
			}
			c.reveal()
		}
		best = max(best, x.value(&c))
	}
	seat := r.toAct()
	switch r.Pend {
	case pendBlue:
		for _, p := range swapPairs {
			c := *r
			c.swapRanks(p[0], p[1])
			try(c)
		}
	case pendBlack:
		for m := r.Hand[seat]; m != 0; m &= m - 1 {
			c := *r
			c.swapCard(Card(trailing(m)))
			try(c)
		}
	default:
		for m := r.legalPlays(seat); m != 0; m &= m - 1 {
			c := *r
			c.play(seat, Card(trailing(m)))
			try(c)
		}
	}
	x.memo[*r] = best
	return best
}

// TestSolverMatchesReferenceOnWholeRounds compares the solver with the plain
// memoised reference on the last 5, 4 or 3 tricks of rounds (whole rounds are
// too slow for the reference; TestSolverWholeRoundsAgree covers them).
// JEKYLL_REF=n sets the number of positions.
func TestSolverMatchesReferenceOnWholeRounds(t *testing.T) {
	n := positions(150, 10, "JEKYLL_REF")
	s := NewSolver()
	for i := 0; i < n; i++ {
		opts := game.Options{"chapter": strconv.Itoa(1 + i%NumChapters)}
		if i%3 == 1 {
			opts["overshoot-to-yard"] = "true"
		}
		at := uint8(3 + i%3) // tricks already played: 5 or fewer left
		if v := os.Getenv("JEKYLL_REF_AT"); v != "" {
			a, _ := strconv.Atoi(v)
			at = uint8(a)
		}
		rnd := uint8(i / 4 % 2)
		st := randomUntil(opts, uint64(9000+i), func(st *State) bool {
			return st.phase == phaseNight && st.rnd == rnd && st.r.N == at && st.r.Pos == 1
		})
		if st == nil {
			continue
		}
		ref := newRef(st)
		r := st.r
		want := ref.value(&r)
		if got := s.Value(st); got != want {
			t.Fatalf("seed %d %v round %d after %d tricks: solver %d, reference %d", 9000+i, opts, rnd+1, at, got, want)
		}
	}
}

// TestBoundIsAnUpperBound checks the bound the search prunes with where
// pruning cannot hide a mistake: at every trick start that the plain
// reference search visits below random positions (5, 4 or 3 tricks left,
// every chapter, both rounds), the bound is at least the exact value.
// JEKYLL_BOUND=n sets the number of positions.
func TestBoundIsAnUpperBound(t *testing.T) {
	n := positions(120, 10, "JEKYLL_BOUND")
	checked := 0
	for i := 0; i < n; i++ {
		opts := game.Options{"chapter": strconv.Itoa(1 + i%NumChapters)}
		if i%3 == 2 {
			opts["overshoot-to-yard"] = "true"
		}
		at := uint8(3 + i%3)
		rnd := uint8(i / 5 % 2)
		st := randomUntil(opts, uint64(31000+i), func(st *State) bool {
			return st.phase == phaseNight && st.rnd == rnd && st.r.N == at && st.r.Pos == 1
		})
		if st == nil {
			continue
		}
		ref := newRef(st)
		s := ref.sol
		r := st.r
		ref.value(&r)
		for pos, v := range ref.memo {
			if pos.Pos != 1 || pos.Pend != pendNone {
				continue
			}
			var sm summary
			pos.summarize(&sm)
			if ub := s.finish(s.bound(&pos, &sm)); ub < v {
				t.Fatalf("seed %d %v round %d, %d tricks left: bound %d below the exact value %d", 31000+i, opts, rnd+1, 8-pos.N, ub, v)
			}
			checked++
		}
	}
	t.Logf("%d trick starts checked", checked)
	if checked < n {
		t.Fatalf("only %d trick starts checked", checked)
	}
}
