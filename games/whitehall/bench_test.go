package whitehall

import (
	"testing"

	"gaslamp/game"
)

// BenchmarkRandomGame plays whole random games (default options) and reports
// games per second.
func BenchmarkRandomGame(b *testing.B) {
	moves := 0
	for i := 0; i < b.N; i++ {
		n, _ := RandomGame(uint64(i), nil)
		moves += n
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
}

// BenchmarkRandomGameAllOptions is BenchmarkRandomGame with every option on.
func BenchmarkRandomGameAllOptions(b *testing.B) {
	opts := optionSets[6]
	for i := 0; i < b.N; i++ {
		RandomGame(uint64(i), opts)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkPlayoutMoves measures one random move (Legal and Apply) of a
// playout loop on a cloned state; it must not allocate.
func BenchmarkPlayoutMoves(b *testing.B) {
	st, _ := Rules{}.New(nil, 1)
	start := st.(*State)
	s := *start
	rng := game.NewRand(1)
	buf := make([]game.Move, 0, 512)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if s.c.Phase == phOver {
			s = *start
		}
		seat := s.ToAct().First()
		buf = s.Legal(seat, buf[:0])
		if err := s.Apply(seat, buf[rng.IntN(len(buf))], nil); err != nil {
			b.Fatal(err)
		}
	}
}

func TestPlayoutDoesNotAllocate(t *testing.T) {
	st, _ := Rules{}.New(optionSets[6], 1)
	s := st.(*State)
	rng := game.NewRand(3)
	buf := make([]game.Move, 0, 512)
	allocs := testing.AllocsPerRun(20, func() {
		c := *s
		Playout(&c, &rng, 0, buf)
	})
	if allocs != 0 {
		t.Fatalf("%.1f allocations per playout", allocs)
	}
}

// BenchmarkTableMoveAndView plays random games (default options: the
// deduction on) as a table does, each move applied on a clone, and builds
// an investigator's view after every move; it reports the time per move.
func BenchmarkTableMoveAndView(b *testing.B) {
	rng := game.NewRand(1)
	buf := make([]game.Move, 0, 512)
	moves := 0
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		st, _ := Rules{}.New(nil, uint64(i+1))
		s := st.(*State)
		for !s.Outcome().Over {
			seat := s.ToAct().Seats()[0]
			buf = s.Legal(seat, buf[:0])
			next := s.Clone().(*State)
			if err := next.Apply(seat, buf[rng.IntN(len(buf))], nil); err != nil {
				b.Fatal(err)
			}
			s = next
			s.View(1)
			moves++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(moves), "ns/move")
}

// BenchmarkViewBuiltAndWritten builds and writes an investigator's view of a
// game late in its first round (the deduction on, already up to date) as the
// server does: View and AppendJSON, or AppendViewJSON on reused storage.
// Run: go test -run '^$' -bench ViewBuiltAndWritten -benchmem ./games/whitehall/
func BenchmarkViewBuiltAndWritten(b *testing.B) {
	st, err := Rules{}.New(nil, 3)
	if err != nil {
		b.Fatal(err)
	}
	s := st.(*State)
	rng := game.NewRand(3)
	for step := 0; step < 60 && !s.Outcome().Over; step++ {
		act := s.ToAct().Seats()
		seat := act[rng.IntN(len(act))]
		legal := s.Legal(seat, nil)
		if err := s.Apply(seat, legal[rng.IntN(len(legal))], nil); err != nil {
			b.Fatal(err)
		}
	}
	var buf []byte
	b.Run("view", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf, _ = s.View(1).(*View).AppendJSON(buf[:0])
		}
	})
	b.Run("append-view", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf, _ = s.AppendViewJSON(buf[:0], 1)
		}
	})
}
