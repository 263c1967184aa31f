package pocket

import (
	"math"
	"testing"
	"time"

	"gaslamp/game"
	"gaslamp/internal/testscale"
)

// bruteValue is Jack's value of s by plain expectimax: every move, every
// card an alibi draw may turn up and every throw, no pruning, no table.
func bruteValue(s *State) float64 {
	if s.over() {
		return terminal(s)
	}
	var arr [MaxLegal]game.Move
	n := s.legal(arr[:])
	jack := s.actor() == sideJack
	best := 2.0
	if jack {
		best = -1
	}
	for _, m := range arr[:n] {
		a, _ := Parse(m)
		t := s.tokenFor(a.Kind)
		var v float64
		cards := 1
		if a.Kind == KindAlibi && s.pileN > 1 {
			cards = int(s.pileN)
		}
		for i := 0; i < cards; i++ {
			c := *s
			if cards > 1 {
				c.pile[i], c.pile[cards-1] = c.pile[cards-1], c.pile[i]
			}
			c.play(t, a, nil)
			if !c.over() && c.step == 0 && c.turn&1 == 1 {
				sum := 0.0
				for f := range uint8(16) {
					x := c
					x.face = f
					sum += bruteValue(&x)
				}
				v += sum / 16
			} else {
				v += bruteValue(&c)
			}
		}
		v /= float64(cards)
		if jack && v > best || !jack && v < best {
			best = v
		}
	}
	return best
}

// endPosition plays random moves from seed until turn turn, action step+1,
// or returns nil when the game ends first.
func endPosition(seed uint64, turn, step uint8) *State {
	s := newState(seed)
	r := game.NewRand(seed + 99)
	var arr [MaxLegal]game.Move
	for !s.over() && (s.turn < turn || s.turn == turn && s.step < step) {
		k := s.legal(arr[:])
		a, _ := Parse(arr[r.IntN(k)])
		s.play(s.tokenFor(a.Kind), a, nil)
	}
	if s.over() {
		return nil
	}
	return &s
}

// TestSolveMatchesBruteForce: the exact search's value (pruned, with its
// table) equals plain expectimax's on positions of the last two turns with
// up to three actions left, and its per-move values and best move for Jack
// agree with it too.
func TestSolveMatchesBruteForce(t *testing.T) {
	sv := newSolver(1 << 30)
	checked, alibis := 0, 0
	for seed := uint64(1); checked < testscale.Size(40, 200) && seed < 5000; seed++ {
		turn, step := uint8(8), uint8(1+seed%3)
		if seed%4 == 0 {
			turn, step = 7, 3
		}
		s := endPosition(seed, turn, step)
		if s == nil {
			continue
		}
		var arr [MaxLegal]game.Move
		legal := arr[:s.legal(arr[:])]
		if s.available()&(1<<KindAlibi) != 0 {
			alibis++
		}
		want := bruteValue(s)
		sv.reset()
		got, ok := sv.value(s, 0, 0, 1)
		if !ok || math.Abs(got-want) > 1e-9 {
			t.Fatalf("seed %d, turn %d action %d: value %v (done %v), plain expectimax %v", seed, s.turn, s.step+1, got, ok, want)
		}
		sv.reset()
		vals, ok := sv.moveValues(s, legal, nil)
		if !ok {
			t.Fatal("moveValues gave up without a limit")
		}
		ext := vals[0]
		for _, x := range vals {
			if s.actor() == sideJack && x > ext || s.actor() != sideJack && x < ext {
				ext = x
			}
		}
		if math.Abs(ext-want) > 1e-9 {
			t.Fatalf("seed %d: the best of the moves' values is %v, the position's %v", seed, ext, want)
		}
		if s.actor() == sideJack {
			sv.reset()
			i, v, ok := sv.bestForJack(s, legal)
			if !ok || math.Abs(v-want) > 1e-9 || math.Abs(vals[i]-want) > 1e-9 {
				t.Fatalf("seed %d: bestForJack gave move %d of value %v (%v), want %v", seed, i, v, vals[i], want)
			}
		}
		checked++
	}
	if checked < testscale.Size(40, 200) || alibis == 0 {
		t.Fatalf("checked %d positions, %d with an alibi draw", checked, alibis)
	}
	t.Logf("%d positions, %d with an alibi to draw", checked, alibis)
}

// TestSolveThrows: from the last action of turn 6 the search averages the
// 16 throws of turn 7; its value equals the average of its values of the 16
// positions after each throw. The positions are made cheap to solve: two
// suspects left and Jack at 4 hourglasses, so that turn 7 mostly ends the
// game.
func TestSolveThrows(t *testing.T) {
	// Seed 37 is the first whose position solves cheaply; the later ones are
	// tried should the rules' course change.
	for seed := uint64(37); seed < 400; seed++ {
		s := endPosition(seed, 6, 3)
		if s == nil || s.b.Suspects().Len() > 2 || s.alibiHourglasses() > 4 {
			continue
		}
		s.jackTokens = uint8(4 - s.alibiHourglasses())
		sv := newSolver(300_000)
		var arr [MaxLegal]game.Move
		n := s.legal(arr[:])
		for _, m := range arr[:n] {
			a, _ := Parse(m)
			c := *s
			c.play(s.tokenFor(a.Kind), a, nil)
			if c.over() || a.Kind == KindAlibi {
				continue
			}
			sv.reset()
			got, ok := sv.child(s, m, 0, 0, 1)
			if !ok {
				break
			}
			sum := 0.0
			for f := range uint8(16) {
				x := c
				x.face = f
				sv.reset()
				v, ok := sv.value(&x, 0, 0, 1)
				if !ok {
					t.Fatal("gave up on a throw the whole search had solved")
				}
				sum += v
			}
			if math.Abs(got-sum/16) > 1e-9 {
				t.Fatalf("seed %d: value %v, average of the throws %v", seed, got, sum/16)
			}
			t.Logf("seed %d: value %v over the 16 throws, %d nodes", seed, got, sv.nodes)
			return
		}
	}
	t.Fatal("no position of turn 6 with two suspects solved")
}

// TestSolveGivesUp: past its node limit the search says so.
func TestSolveGivesUp(t *testing.T) {
	var s *State
	for seed := uint64(1); s == nil && seed < 100; seed++ {
		s = endPosition(seed, 7, 0)
	}
	if s == nil {
		t.Fatal("no game of seeds 1..99 reaches turn 7")
	}
	sv := newSolver(100)
	if _, ok := sv.value(s, 0, 0, 1); ok {
		t.Fatalf("a search of two turns finished within 100 nodes (%d)", sv.nodes)
	}
}

// BenchmarkSolve measures the exact search of whole last turns and of the
// last two from their first action.
func BenchmarkSolve(b *testing.B) {
	for _, c := range []struct {
		name string
		turn uint8
	}{{"turn8", 8}, {"turn7", 7}} {
		b.Run(c.name, func(b *testing.B) {
			sv := newSolver(1 << 30)
			nodes, n, seed := 0, 0, uint64(1)
			var worst time.Duration
			for b.Loop() {
				var s *State
				for s == nil {
					s = endPosition(seed, c.turn, 0)
					seed++
				}
				sv.reset()
				start := time.Now()
				sv.value(s, 0, 0, 1)
				worst = max(worst, time.Since(start))
				nodes += sv.nodes
				n++
			}
			b.ReportMetric(float64(nodes)/float64(n), "nodes")
			b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
		})
	}
}
