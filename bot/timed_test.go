package bot_test

import (
	"slices"
	"testing"
	"time"

	"gaslamp/game"
	"gaslamp/internal/testscale"
)

// instantBots are the kinds that answer at once and need no deadline.
var instantBots = []string{"random", "baseline"}

// TestBotsTakeADeadline: every bot that thinks (every level's pick, every
// kind but the instant ones) is a game.TimedBot, so that a server whose bot
// pool is behind can give a decision what is left of its budget; given a
// deadline already past, each still answers a legal move, and a bot that
// counts its work (iterations, rollouts) stops after its first.
func TestBotsTakeADeadline(t *testing.T) {
	forEachBot(t, func(t *testing.T, r game.Rules, seat game.Seat, b botUnderTest) {
		bt, err := maker(r, b.pick)(seat, 11)
		if err != nil {
			t.Fatal(err)
		}
		tb, ok := bt.(game.TimedBot)
		if slices.Contains(instantBots, b.pick.Bot) {
			return
		}
		if !ok {
			t.Fatalf("%s:%s (%T) takes no deadline", b.pick.Bot, b.pick.Level, bt)
		}
		st, err := r.New(game.Options{}, 5)
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRand(17)
		asked := 0
		for steps := 0; asked < testscale.Size(4, 20) && steps < 5000 && !st.Outcome().Over; steps++ {
			var mover game.Seat = -1
			var legal []game.Move
			for _, s := range st.ToAct().Seats() {
				mover, legal = s, st.Legal(s, nil)
				break
			}
			if mover < 0 || len(legal) == 0 {
				t.Fatalf("no seat can move at step %d", steps)
			}
			mv := legal[rng.IntN(len(legal))]
			if mover == seat && len(legal) > 1 {
				asked++
				got := tb.ChooseBy(st.View(seat), legal, time.Now().Add(-time.Second))
				if !slices.Contains(legal, got) {
					t.Fatalf("decision %d: %v is not legal", asked, got)
				}
				if c, ok := bt.(interface{ Iterations() int }); ok && c.Iterations() > 2 {
					t.Fatalf("decision %d: %d iterations past the deadline", asked, c.Iterations())
				}
				if c, ok := bt.(interface{ Rollouts() int }); ok && c.Rollouts() > 2*8 {
					t.Fatalf("decision %d: %d rollouts past the deadline", asked, c.Rollouts())
				}
				mv = got
			}
			if err := st.Apply(mover, mv, nil); err != nil {
				t.Fatalf("step %d: %v", steps, err)
			}
		}
		if asked == 0 {
			t.Fatal("the seat was never asked")
		}
	})
}
