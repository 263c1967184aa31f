package pocket

import (
	"slices"
	"testing"
	"time"

	"gaslamp/bot"
	"gaslamp/game"
)

// midGameFor returns a position of turn 3 or later, from seed on, where seat
// must act and has at least 8 legal moves.
func midGameFor(tb testing.TB, seed uint64, seat game.Seat) *State {
	tb.Helper()
	for sd := seed; sd < seed+50; sd++ {
		for n := 9; n < 24; n++ {
			s := midGame(sd, n)
			if !s.over() && s.ToAct().First() == seat && len(s.Legal(seat, nil)) >= 8 {
				return s
			}
		}
	}
	tb.Fatalf("seed %d: no mid-game position for seat %d", seed, seat)
	return nil
}

// BenchmarkHardBotDecision measures one decision of the generic ISMCTS bot at
// level "hard" (20,000 iterations at most) with its default budget of one
// second, from a mid-game position, for each seat. It reports the median
// decision time (median-ms) and the iterations done (iters); a decision must
// end within the budget.
func BenchmarkHardBotDecision(b *testing.B) {
	for _, seat := range []game.Seat{JackSeat, InvestigatorSeat} {
		b.Run(sideNames[sideOfSeat(seat)], func(b *testing.B) {
			s := midGameFor(b, 3, seat)
			v := s.View(seat)
			legal := s.Legal(seat, nil)
			b.Logf("turn %d, action %d: %d legal moves, %d suspects", s.turn, s.step+1, len(legal), s.b.Suspects().Len())
			nb, err := game.NewBot("ismcts", game.BotConfig{Rules: Rules{}, Seat: seat, Seed: 1, Level: "hard"})
			if err != nil {
				b.Fatal(err)
			}
			isb := nb.(*bot.ISMCTS)
			var times []time.Duration
			iters := 0
			for b.Loop() {
				start := time.Now()
				m := isb.Choose(v, legal)
				times = append(times, time.Since(start))
				iters += isb.Iterations()
				if !game.Contains(legal, m) {
					b.Fatalf("the bot chose %d, not a legal move", m)
				}
			}
			slices.Sort(times)
			median := times[len(times)/2]
			b.ReportMetric(float64(median.Microseconds())/1000, "median-ms")
			b.ReportMetric(float64(iters)/float64(len(times)), "iters")
			// The budget is checked between iterations: one more iteration
			// (well under a millisecond) is the most it can overrun.
			if median > bot.DefaultBudget+50*time.Millisecond {
				b.Errorf("median decision %v, over the %v budget", median, bot.DefaultBudget)
			}
		})
	}
}
