package whitehallbot

import (
	"encoding/json"
	"testing"

	"gaslamp/bot"
	"gaslamp/game"
	"gaslamp/games/whitehall"
	"gaslamp/internal/testscale"
)

// TestJackModelRanksTrueTrails checks the model of Jack's play on baseline
// games: in positions met mid-round, Jack's true trail must weigh more than
// most of the trails hunt allows (drawn uniformly), and the model must put
// more probability on his true circle than hunt's uniform count does, on
// average.
func TestJackModelRanksTrueTrails(t *testing.T) {
	pModel, pHunt, rank, n := modelOnBaseline(t, normalModel)
	t.Logf("%.0f positions: the true trail outweighs %.0f%% of hunt's trails on average; Jack's circle has probability %.2f for the model, %.2f for hunt", n, 100*rank, pModel, pHunt)
	if rank < 0.7 || pModel < 1.5*pHunt {
		t.Fatal("the model does not recognise Jack's play")
	}
}

// TestHardModelWeighsDanger plays the Hard figures against the baseline
// Jack, and the same figures with the danger of a circle weighed as little as
// at the other levels (0.25, progress 3: the Hard model before): weighing it
// as much as a walk of progress, as the baseline Jack does, must win more
// often (the arena: 98 against 86 of 100; here 39 against 37 of 40).
// Long: GASLAMP_TEST_LONG=1.
func TestHardModelWeighsDanger(t *testing.T) {
	if !testscale.Long() {
		t.Skip("an arena check: GASLAMP_TEST_LONG=1")
	}
	const games = 40
	figs := func(m *jackModel) maker {
		return func(seat game.Seat, seed uint64) game.Bot {
			s := NewSearch(game.BotConfig{Seat: seat, Seed: seed, Level: "hard"}, bot.Search{})
			if m != nil {
				s.baseline.model = m
			}
			return s
		}
	}
	hard := wins(t, "investigators", games, baseline, figs(nil))
	soft := wins(t, "investigators", games, baseline, figs(newJackModel(3, 0.25, 0.1, 0.05)))
	t.Logf("against the baseline Jack the Hard figures won %d of %d, with danger 0.25 %d", hard, games, soft)
	if hard <= soft {
		t.Fatal("weighing danger does not catch the baseline Jack more often")
	}
}

// modelOnBaseline plays baseline games and, in positions met mid-round,
// returns the average probability model m puts on Jack's true circle, the
// one hunt's uniform count puts on it, the share of hunt's trails (drawn
// uniformly) Jack's true trail outweighs, and the number of positions.
func modelOnBaseline(t *testing.T, m *jackModel) (pModel, pHunt, rank, n float64) {
	rng := game.NewRand(7)
	var ts trailSteps
	positions := 0
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
				w := m.weight(&ts, f, truth)
				below := 0
				const samples = 200
				for i := 0; i < samples; i++ {
					if m.weight(&ts, f, sol.Sample(&rng)) < w {
						below++
					}
				}
				rank += float64(below) / samples
				o := weightedOdds(sol, &rng, 256, m, f)
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
	n = float64(positions)
	return pModel / n, pHunt / n, rank / n, n
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
