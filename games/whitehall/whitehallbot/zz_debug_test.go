package whitehallbot

import (
	"fmt"
	"os"
	"testing"

	"gaslamp/game"
	"gaslamp/games/whitehall"
)

func TestDebugStats(t *testing.T) {
	if os.Getenv("WHDEBUG") == "" {
		t.Skip()
	}
	var turns, adjacentAfterMove, arrestTried, possibleSum, pTrueSum, pTrueMaxNear float64
	var games, invWins int
	for seed := uint64(1); seed <= 60; seed++ {
		st, _ := whitehall.Rules{}.New(nil, seed)
		bots := make([]game.Bot, 4)
		for i := range bots {
			bots[i] = NewBaseline(game.Seat(i), seed*10+uint64(i))
		}
		for !st.Outcome().Over {
			seat := st.ToAct().First()
			legal := st.Legal(seat, nil)
			v := st.View(seat).(*whitehall.View)
			m := bots[seat].Choose(v, legal)
			if v.Phase == "action" && v.Actor == "yellow" {
				jv := st.View(0).(*whitehall.View)
				figs := figures(jv)
				turns++
				adj := false
				for _, x := range figs {
					if tables().reach[x][jv.Circle] == 0 {
						adj = true
					}
				}
				if adj {
					adjacentAfterMove++
				}
				possibleSum += float64(len(v.Possible))
				for _, p := range v.Possible {
					if p.Circle == jv.Circle {
						pTrueSum += float64(p.Count) / float64(v.PossibleTotal)
					}
				}
			}
			if whitehall.KindOf(m) == whitehall.MoveArrest {
				arrestTried++
			}
			if err := st.Apply(seat, m, nil); err != nil {
				t.Fatal(err)
			}
		}
		games++
		if st.Outcome().Winner == "investigators" {
			invWins++
		}
	}
	_ = pTrueMaxNear
	fmt.Printf("games %d inv wins %d turns %.0f adjacent-after-move %.2f arrests/turn %.2f avg possible %.1f avg p(true) %.3f\n",
		games, invWins, turns, adjacentAfterMove/turns, arrestTried/turns, possibleSum/turns, pTrueSum/turns)
}
