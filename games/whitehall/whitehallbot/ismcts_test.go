package whitehallbot

import (
	"testing"

	"gaslamp/bot"
	"gaslamp/game"
	"gaslamp/games/whitehall"
)

func search(seat game.Seat, seed uint64) game.Bot {
	return NewSearch(game.BotConfig{Seat: seat, Seed: seed}, bot.Search{Iterations: 40, Budget: -1})
}

// TestSearchLegalAndDeterministic plays the search bot on each side against
// the baseline, under several option sets; match checks every move is legal.
func TestSearchLegalAndDeterministic(t *testing.T) {
	for g := 0; g < 4; g++ {
		opts := optionSets[g%len(optionSets)]
		jack, inv := maker(search), maker(baseline)
		if g%2 == 1 {
			jack, inv = baseline, search
		}
		a := match(t, opts, uint64(g), jack, inv)
		b := match(t, opts, uint64(g), jack, inv)
		if a.Winner != b.Winner || a.Reason.Key != b.Reason.Key {
			t.Fatalf("game %d: %v, then %v", g, a, b)
		}
	}
}

func TestSearchRegistered(t *testing.T) {
	b, err := game.NewBot("ismcts", game.BotConfig{Rules: whitehall.Rules{}, Seat: 0, Seed: 1, Level: "easy"})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := b.(*Search); !ok {
		t.Fatalf("ismcts for whitehall is a %T", b)
	}
}
