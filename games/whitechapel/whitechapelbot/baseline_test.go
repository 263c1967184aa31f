package whitechapelbot

import (
	"testing"

	"gaslamp/game"
	"gaslamp/games/whitechapel"
	"gaslamp/internal/testscale"
)

// play plays one game with a bot per seat (nil: uniformly random) and
// returns the outcome and the number of nights begun.
func play(t testing.TB, seed uint64, opts game.Options, bots [6]game.Bot) (game.Outcome, int) {
	t.Helper()
	st, err := whitechapel.Rules{}.New(opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := game.NewRand(seed)
	var buf []game.Move
	for moves := 0; !st.Outcome().Over; moves++ {
		if moves > 20000 {
			t.Fatal("game too long")
		}
		seat := st.ToAct().First()
		buf = st.Legal(seat, buf[:0])
		legal := append([]game.Move(nil), buf...)
		var m game.Move
		if b := bots[seat]; b != nil {
			m = b.Choose(st.View(seat), legal)
			if !game.Contains(legal, m) {
				t.Fatalf("seat %d chose %s, not legal", seat, whitechapel.Rules{}.EncodeMove(m))
			}
		} else {
			m = legal[rng.IntN(len(legal))]
		}
		if err := st.Apply(seat, m, nil); err != nil {
			t.Fatal(err)
		}
	}
	return st.Outcome(), st.View(game.Spectator).(*whitechapel.View).Night
}

// botsFor makes baseline bots for the seats of side ("jack", "police" or
// "both") at level.
func botsFor(side, level string, seed uint64) [6]game.Bot {
	var bots [6]game.Bot
	for s := 0; s < 6; s++ {
		if (s == 0 && side != "police") || (s > 0 && side != "jack") {
			bots[s] = NewBaseline(game.Seat(s), seed+uint64(s), level)
		}
	}
	return bots
}

func TestBaselineRegistered(t *testing.T) {
	b, err := game.NewBot("baseline", game.BotConfig{Rules: whitechapel.Rules{}, Seat: 2, Seed: 1, Level: "hard"})
	if err != nil || b == nil {
		t.Fatalf("baseline bot: %v", err)
	}
}

// TestBaselineBeatsRandom checks that each side's baseline beats a random
// opponent nearly always, at every level, with and without deduction.
func TestBaselineBeatsRandom(t *testing.T) {
	games := testscale.Size(2, 12)
	for _, level := range []string{"easy", "normal", "hard"} {
		jackWins, policeWins := 0, 0
		for g := 0; g < games; g++ {
			opts := game.Options{}
			if g%2 == 1 {
				opts[whitechapel.OptDeduction] = "off"
			}
			if o, _ := play(t, uint64(g), opts, botsFor("jack", level, uint64(g))); o.Winner == "jack" {
				jackWins++
			}
			if o, _ := play(t, uint64(g), opts, botsFor("police", level, uint64(g))); o.Winner == "police" {
				policeWins++
			}
		}
		t.Logf("%s: baseline Jack beats random police %d/%d, baseline police beat random Jack %d/%d",
			level, jackWins, games, policeWins, games)
		if level != "easy" && (jackWins < games*2/3 || policeWins < games*2/3) {
			t.Errorf("%s: the baseline does not beat random play", level)
		}
	}
}

// TestBaselineAgainstItself plays baseline against baseline: both sides
// must win some games (neither is hopeless).
func TestBaselineAgainstItself(t *testing.T) {
	games := testscale.Size(2, 16)
	wins := map[string]int{}
	nights := 0
	for g := 0; g < games; g++ {
		o, n := play(t, uint64(100+g), nil, botsFor("both", "normal", uint64(g)))
		wins[o.Winner]++
		nights += n
	}
	t.Logf("baseline vs baseline: %v, %.1f nights a game", wins, float64(nights)/float64(games))
}
