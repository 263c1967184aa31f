package whitehallbot

import (
	"testing"

	"gaslamp/bot"
	"gaslamp/game"
	"gaslamp/games/whitehall"
)

// position is a decision of one seat: its view and legal moves.
type position struct {
	seat  game.Seat
	view  game.View
	legal []game.Move
}

// positions returns decisions of the given phase met in baseline games, up
// to n of them.
func positions(phase string, n int) []position {
	var out []position
	for g := uint64(0); len(out) < n && g < 100; g++ {
		st, _ := whitehall.Rules{}.New(nil, g)
		bots := []game.Bot{NewBaseline(0, g), NewBaseline(1, g+1), NewBaseline(2, g+2), NewBaseline(3, g+3)}
		for k := 0; !st.Outcome().Over; k++ {
			seat := st.ToAct().First()
			legal := st.Legal(seat, nil)
			v := st.View(seat)
			if wv := v.(*whitehall.View); wv.Phase == phase && len(wv.Track) < trackLen && len(legal) > 1 && k%7 == 0 && len(out) < n {
				out = append(out, position{seat, v, legal})
			}
			st.Apply(seat, bots[seat].Choose(v, legal), nil)
		}
	}
	return out
}

// BenchmarkSearchJack1000 is one decision of the search bot's Jack, 1000
// iterations.
func BenchmarkSearchJack1000(b *testing.B) {
	ps := positions("jack", 20)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := ps[i%len(ps)]
		s := NewSearch(game.BotConfig{Seat: p.seat, Seed: uint64(i)}, bot.Search{Iterations: 1000, Budget: -1})
		s.Choose(p.view, p.legal)
	}
	b.ReportMetric(float64(b.N*1000)/b.Elapsed().Seconds(), "iterations/s")
}

// BenchmarkSearchFigure is one figure's move of the search bot at each
// level (a fresh bot: the belief is computed anew).
func BenchmarkSearchFigure(b *testing.B) {
	ps := positions("move", 20)
	for _, level := range []string{"easy", "normal", "hard"} {
		b.Run(level, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				p := ps[i%len(ps)]
				s := NewSearch(game.BotConfig{Seat: p.seat, Seed: uint64(i), Level: level}, bot.Search{})
				s.Choose(p.view, p.legal)
			}
		})
	}
}
