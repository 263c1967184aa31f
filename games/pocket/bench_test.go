package pocket

import (
	"testing"

	"gaslamp/game"
)

// BenchmarkRandomGame plays full random games; games/s is the figure that
// counts (the target is 200,000 on one core).
func BenchmarkRandomGame(b *testing.B) {
	b.ReportAllocs()
	moves := 0
	for i := 0; b.Loop(); i++ {
		n, _ := RandomGame(uint64(i))
		moves += n
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
}

// BenchmarkPlayout plays random games through the game.State interface, as a
// generic bot would (Legal into a reused buffer, Apply with a nil log).
func BenchmarkPlayout(b *testing.B) {
	b.ReportAllocs()
	r := game.NewRand(1)
	var buf []game.Move
	for i := 0; b.Loop(); i++ {
		s := newState(uint64(i))
		for !s.over() {
			seat := s.ToAct().First()
			buf = s.Legal(seat, buf[:0])
			if err := s.Apply(seat, buf[r.IntN(len(buf))], nil); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkDeterminize measures Determinize on the investigator's view of a
// mid-game position.
func BenchmarkDeterminize(b *testing.B) {
	s := midGame(3, 14)
	v := s.View(InvestigatorSeat)
	rng := game.NewRand(9)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := (Rules{}).Determinize(v, &rng); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkVisible measures the sight preview after one move.
func BenchmarkVisible(b *testing.B) {
	s := midGame(3, 14)
	v := s.View(InvestigatorSeat).(*View)
	m := RotateMove(4, North)
	for b.Loop() {
		if _, err := Visible(v, m); err != nil {
			b.Fatal(err)
		}
	}
}

// nthLegal and numLegal agree with Legal's list, so RandomGame chooses
// uniformly among the legal moves.
func TestNthLegalMatchesLegal(t *testing.T) {
	for seed := range uint64(300) {
		s := midGame(seed, int(seed%32))
		if s.over() {
			continue
		}
		legal := s.Legal(s.ToAct().First(), nil)
		if len(legal) != s.numLegal() {
			t.Fatalf("seed %d: %d legal moves, numLegal %d", seed, len(legal), s.numLegal())
		}
		for i, m := range legal {
			if got := s.nthLegal(i); got != m {
				t.Fatalf("seed %d: move %d is %d, nthLegal %d", seed, i, m, got)
			}
		}
	}
}
