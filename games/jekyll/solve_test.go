package jekyll

import (
	"sort"
	"strconv"
	"testing"
	"time"

	"gaslamp/game"
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
// engine itself, without table or bounds.
func bruteForce(st *State) int {
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
			v = bruteForce(&c)
		} else {
			v = c.res[rnd].value()
		}
		best = max(best, v)
	}
	return best
}

func TestSolverMatchesBruteForce(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 80
	}
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
		want := bruteForce(st)
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
				v = bruteForce(&c)
			} else {
				v = c.res[st.rnd].value()
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

// TestSolverSpeed checks the median time of a whole-round solve.
func TestSolverSpeed(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("timing")
	}
	s := NewSolver()
	var times []time.Duration
	for i := 0; i < 60; i++ {
		st := randomUntil(game.Options{}, uint64(i+1), nightStart(uint8(i%2)))
		if st == nil {
			continue
		}
		t0 := time.Now()
		s.Value(st)
		times = append(times, time.Since(t0))
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	med := times[len(times)/2]
	t.Logf("median %v, max %v over %d rounds", med, times[len(times)-1], len(times))
	if med > 5*time.Millisecond {
		t.Errorf("median solve %v, want under 5ms", med)
	}
}

func BenchmarkSolveRound(b *testing.B) {
	var states []*State
	for i := 0; len(states) < 32; i++ {
		if st := randomUntil(game.Options{}, uint64(i+1), nightStart(uint8(i%2))); st != nil {
			states = append(states, st)
		}
	}
	s := NewSolver()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Value(states[i%len(states)])
	}
}
