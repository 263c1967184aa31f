package whitehallbot

import (
	"encoding/json"
	"testing"

	"gaslamp/bot"
	"gaslamp/game"
	"gaslamp/games/whitehall"
)

// TestJackModelRanksTrueTrails checks the model of Jack's play on baseline
// games: in positions met mid-round, Jack's true trail must weigh more than
// most of the trails hunt allows (drawn uniformly), and the model must put
// more probability on his true circle than hunt's uniform count does, on
// average.
func TestJackModelRanksTrueTrails(t *testing.T) {
	rng := game.NewRand(7)
	var ts trailSteps
	positions, rank := 0, 0.0
	var pModel, pHunt float64
	for g := 0; g < 24 && positions < 40; g++ {
		st, _ := whitehall.Rules{}.New(optionSets[g%len(optionSets)], uint64(g))
		bots := []game.Bot{NewBaseline(0, 1), NewBaseline(1, 2), NewBaseline(2, 3), NewBaseline(3, 4)}
		for n := 0; !st.Outcome().Over; n++ {
			seat := st.ToAct().First()
			legal := st.Legal(seat, nil)
			v := st.View(seat).(*whitehall.View)
			if v.Phase == "move" && v.Actor == "yellow" && len(v.Track) >= 3 && n%3 == 0 {
				jv := st.View(0).(*whitehall.View)
				truth := jv.Trail[len(jv.Trail)-1]
				f := factsOf(v)
				var d deducer
				sol := d.solve(v)
				if sol == nil {
					t.Fatal("no deduction")
				}
				w := normalModel.weight(&ts, f, truth)
				below := 0
				const samples = 200
				for i := 0; i < samples; i++ {
					if normalModel.weight(&ts, f, sol.Sample(&rng)) < w {
						below++
					}
				}
				rank += float64(below) / samples
				o := weightedOdds(sol, &rng, 256, normalModel, f)
				pModel += o.now[jv.Circle]
				pHunt += float64(sol.Count(jv.Circle)) / float64(sol.Total())
				positions++
			}
			if err := st.Apply(seat, bots[seat].Choose(v, legal), nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	if positions < 30 {
		t.Fatalf("only %d positions", positions)
	}
	n := float64(positions)
	t.Logf("%d positions: the true trail outweighs %.0f%% of hunt's trails on average; Jack's circle has probability %.2f for the model, %.2f for hunt", positions, 100*rank/n, pModel/n, pHunt/n)
	if rank/n < 0.7 || pModel < 1.5*pHunt {
		t.Fatal("the model does not recognise Jack's play")
	}
}

// TestSearchFiguresSeeOnlyTheirView gives the search bot's figures two
// determinizations of one view: with the same seed they must choose the
// same move, at every level.
func TestSearchFiguresSeeOnlyTheirView(t *testing.T) {
	checked := 0
	for g := 0; g < 4; g++ {
		st, _ := whitehall.Rules{}.New(optionSets[g%len(optionSets)], uint64(g))
		bots := []game.Bot{NewBaseline(0, 1), NewBaseline(1, 2), NewBaseline(2, 3), NewBaseline(3, 4)}
		rng := game.NewRand(uint64(g))
		for !st.Outcome().Over {
			seat := st.ToAct().First()
			legal := st.Legal(seat, nil)
			v := st.View(seat)
			if seat > 0 && rng.IntN(4) == 0 {
				a, errA := whitehall.Rules{}.Determinize(v, &rng)
				b, errB := whitehall.Rules{}.Determinize(v, &rng)
				if errA != nil || errB != nil {
					t.Fatal(errA, errB)
				}
				ja, _ := json.Marshal(a.View(seat))
				jb, _ := json.Marshal(b.View(seat))
				if string(ja) != string(jb) {
					t.Fatal("determinizations show different views")
				}
				level := []string{"easy", "normal", "hard"}[checked%3]
				mk := func() game.Bot { return mustBot(t, "ismcts", seat, level) }
				ma, mb := mk().Choose(a.View(seat), legal), mk().Choose(b.View(seat), legal)
				if ma != mb {
					t.Fatalf("game %d, level %s: same view, moves %s and %s", g, level, whitehall.Rules{}.EncodeMove(ma), whitehall.Rules{}.EncodeMove(mb))
				}
				checked++
			}
			if err := st.Apply(seat, bots[seat].Choose(v, legal), nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 30 {
		t.Fatalf("only %d positions checked", checked)
	}
}

func mustBot(t testing.TB, name string, seat game.Seat, level string) game.Bot {
	b, err := game.NewBot(name, game.BotConfig{Rules: whitehall.Rules{}, Seat: seat, Seed: 9, Level: level, Budget: -1})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSearchFiguresBeatBaselineJack plays the search bot's figures (level
// normal) against the baseline Jack: they must win clearly more often than
// the baseline's figures do (about 32%).
func TestSearchFiguresBeatBaselineJack(t *testing.T) {
	const games = 24
	figs := func(seat game.Seat, seed uint64) game.Bot {
		return NewSearch(game.BotConfig{Seat: seat, Seed: seed, Level: "normal"}, bot.Search{})
	}
	n := wins(t, "investigators", games, baseline, figs)
	// Measured: the arena gives about 89% over 200 games.
	t.Logf("the search bot's figures won %d of %d against the baseline Jack", n, games)
	if n < games*6/10 {
		t.Fatalf("the search bot's figures won only %d of %d against the baseline Jack", n, games)
	}
}
