package jekyll

import (
	"testing"
	"time"

	"gaslamp/game"
)

// TestPartnerRegret checks the partner bot's night moves against the exact
// values of the true state: sampling what it cannot see, it should mostly
// pick a best move.
func TestPartnerRegret(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("slow")
	}
	r := Rules{}
	s := NewSolver()
	tot, n, bad := 0, 0, 0
	for g := 0; g < 24; g++ {
		st := randomUntil(classic, uint64(700+g), func(st *State) bool {
			return st.phase == phaseNight && st.r.N == uint8(g%6)
		})
		if st == nil {
			continue
		}
		seat := game.Seat(st.r.toAct())
		b, _ := game.NewBot("partner", game.BotConfig{Rules: r, Seat: seat, Seed: 1, Level: "normal", Budget: 200 * time.Millisecond})
		m := b.Choose(st.View(seat), st.Legal(seat, nil))
		vals := s.SolveMoves(st, nil)
		best, got := -1000, 0
		for _, x := range vals {
			best = max(best, x.Value)
			if x.Move == m {
				got = x.Value
			}
		}
		tot += best - got
		n++
		if best != got {
			bad++
		}
	}
	mean := float64(tot) / float64(n)
	t.Logf("mean regret %.2f over %d decisions, %d not best", mean, n, bad)
	if mean > 5 || bad > n/3 {
		t.Fatalf("the partner bot plays badly: mean regret %.2f, %d of %d not best", mean, bad, n)
	}
}
