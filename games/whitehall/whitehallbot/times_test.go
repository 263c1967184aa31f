package whitehallbot

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"gaslamp/game"
	"gaslamp/games/whitehall"
)

// TestDecisionTimes measures how long the search bot thinks per decision,
// at each level, with the server's default budget (2 s), on each side
// against the baseline. It only runs when WHITEHALL_TIMES lists the levels
// (e.g. WHITEHALL_TIMES=easy,normal,hard); WHITEHALL_TIMES_GAMES sets the
// games per side (default 4):
//
//	WHITEHALL_TIMES=easy,normal,hard go test -run DecisionTimes -v ./games/whitehall/whitehallbot/
//
// It logs the median, 90th percentile and maximum of the decisions that
// offered a choice, and of Jack's that searched.
func TestDecisionTimes(t *testing.T) {
	levels := os.Getenv("WHITEHALL_TIMES")
	if levels == "" {
		t.Skip("set WHITEHALL_TIMES=easy,normal,hard to measure")
	}
	games := 4
	if n, err := strconv.Atoi(os.Getenv("WHITEHALL_TIMES_GAMES")); err == nil && n > 0 {
		games = n
	}
	for _, level := range strings.Split(levels, ",") {
		for _, side := range []string{"jack", "investigators"} {
			var all, searched []time.Duration
			for g := 0; g < games; g++ {
				seed := uint64(500 + g)
				st, err := whitehall.Rules{}.New(nil, seed)
				if err != nil {
					t.Fatal(err)
				}
				bots := make([]game.Bot, 4)
				for s := range bots {
					seat := game.Seat(s)
					if (s == 0) == (side == "jack") {
						b, err := game.NewBot("ismcts", game.BotConfig{Rules: whitehall.Rules{}, Seat: seat, Seed: seed*5 + uint64(s), Level: level, Budget: 2 * time.Second})
						if err != nil {
							t.Fatal(err)
						}
						bots[s] = b
					} else {
						bots[s] = NewBaseline(seat, seed*5+uint64(s))
					}
				}
				for !st.Outcome().Over {
					seat := st.ToAct().First()
					legal := st.Legal(seat, nil)
					v := st.View(seat)
					start := time.Now()
					m := bots[seat].Choose(v, legal)
					d := time.Since(start)
					if (seat == 0) == (side == "jack") && len(legal) > 1 {
						all = append(all, d)
						if searches(v.(*whitehall.View)) {
							searched = append(searched, d)
						}
					}
					if err := st.Apply(seat, m, nil); err != nil {
						t.Fatal(err)
					}
				}
			}
			if side == "jack" {
				t.Logf("%-6s %-13s decisions: %s; searches: %s", level, side, quantiles(all), quantiles(searched))
			} else {
				t.Logf("%-6s %-13s decisions: %s", level, side, quantiles(all))
			}
		}
	}
}

func quantiles(ds []time.Duration) string {
	if len(ds) == 0 {
		return "none"
	}
	slices.Sort(ds)
	q := func(p float64) time.Duration { return ds[int(p*float64(len(ds)-1))].Round(100 * time.Microsecond) }
	return "n=" + strconv.Itoa(len(ds)) + " median " + q(0.5).String() + " p90 " + q(0.9).String() + " max " + ds[len(ds)-1].Round(time.Millisecond).String()
}
