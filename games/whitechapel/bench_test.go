package whitechapel

import (
	"testing"

	"gaslamp/game"
)

// BenchmarkRandomGame plays whole random games (default options) and
// reports games per second.
func BenchmarkRandomGame(b *testing.B) {
	moves := 0
	for i := 0; i < b.N; i++ {
		n, _ := RandomGame(uint64(i), nil)
		moves += n
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
}

// BenchmarkPlayoutMoves measures one random move (Legal and Apply) of a
// playout loop on a copied state; it must not allocate.
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

// BenchmarkGuidedGame measures whole games that last the four nights: it
// plays GuidedGame (a Jack who heads home, random police, no event log, the
// deduction off) from a new seed each time. "4-night-games/s" counts only
// the games that ended in night 4 (Jack home at its end, or caught in it),
// over the time spent on every game played, the short ones included;
// "games/s" counts every game, and "4-nights-%" is the share of games that
// ended in night 4.
func BenchmarkGuidedGame(b *testing.B) {
	opts := game.Options{OptDeduction: "off"}
	moves, full := 0, 0
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		n, night := GuidedGame(uint64(i), opts)
		moves += n
		if night == numNights {
			full++
		}
	}
	s := b.Elapsed().Seconds()
	b.ReportMetric(float64(full)/s, "4-night-games/s")
	b.ReportMetric(float64(b.N)/s, "games/s")
	b.ReportMetric(100*float64(full)/float64(b.N), "4-nights-%")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
}

// BenchmarkGuidedGameEvents plays the guided games of the tests (guided:
// a Jack who heads home, random police) with the event log on and each move
// recorded in JSON, as a table of the server does; most last four nights.
func BenchmarkGuidedGameEvents(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		guided(uint64(i), game.Options{OptDeduction: "off"}, nil)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkDeducedView builds a policeman's view with the deduction on a
// fresh state each time (the caches of hunt's solutions stay warm, as they
// do on a server showing one table to several seats).
func BenchmarkDeducedView(b *testing.B) {
	var states []*State
	for seed := uint64(0); len(states) < 64; seed++ {
		guided(seed, nil, func(s *State, _ game.Seat, _ []game.Move, _ *game.Log) {
			if s.c.Phase == phJack && s.c.Night > 0 && len(states) < 64 && seed%3 == 0 {
				states = append(states, s.Clone().(*State))
			}
		})
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := states[i%len(states)]
		s.ded = nil
		s.View(1)
	}
}

func TestPlayoutDoesNotAllocate(t *testing.T) {
	st, _ := Rules{}.New(nil, 1)
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

// TestGuidedPlayoutDoesNotAllocate checks that the four-night playout of
// BenchmarkGuidedGame allocates nothing, and that most of its games last
// the four nights, so that the benchmark measures what it says.
func TestGuidedPlayoutDoesNotAllocate(t *testing.T) {
	st, _ := Rules{}.New(nil, 1)
	s := st.(*State)
	buf := make([]game.Move, 0, 512)
	seed := uint64(0)
	allocs := testing.AllocsPerRun(20, func() {
		c := *s
		rng := game.NewRand(seed)
		seed++
		GuidedPlayout(&c, &rng, buf)
	})
	if allocs != 0 {
		t.Fatalf("%.1f allocations per guided playout", allocs)
	}
	full := 0
	for seed := uint64(0); seed < 200; seed++ {
		if _, night := GuidedGame(seed, nil); night == numNights {
			full++
		}
	}
	if full < 160 {
		t.Fatalf("%d guided games of 200 ended in night 4, want most", full)
	}
}

// TestLateNightPlayoutDoesNotAllocate plays the later nights too.
func TestLateNightPlayoutDoesNotAllocate(t *testing.T) {
	var late []*State
	for seed := uint64(0); len(late) < 4; seed++ {
		guided(seed, game.Options{OptDeduction: "off"}, func(s *State, _ game.Seat, _ []game.Move, _ *game.Log) {
			if s.c.Night == 2 && s.c.Phase == phWomen && len(late) < 4 {
				late = append(late, s.Clone().(*State))
			}
		})
	}
	rng := game.NewRand(3)
	buf := make([]game.Move, 0, 512)
	for _, s := range late {
		allocs := testing.AllocsPerRun(20, func() {
			c := *s
			Playout(&c, &rng, 0, buf)
		})
		if allocs != 0 {
			t.Fatalf("%.1f allocations per playout from night 3", allocs)
		}
	}
}

// BenchmarkDeducedViewCold is BenchmarkDeducedView with hunt's solutions
// computed afresh each time: tonight's trails and the hideouts of the
// finished nights.
func BenchmarkDeducedViewCold(b *testing.B) {
	var states []*State
	for seed := uint64(0); len(states) < 64; seed++ {
		guided(seed, nil, func(s *State, _ game.Seat, _ []game.Move, _ *game.Log) {
			if s.c.Phase == phJack && s.c.Night > 0 && len(states) < 64 && seed%3 == 0 {
				states = append(states, s.Clone().(*State))
			}
		})
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := states[i%len(states)]
		s.ded = nil
		cacheMu.Lock()
		clear(nightCache)
		clear(hideoutsCache)
		cacheMu.Unlock()
		s.View(1)
	}
}
