package jekyll

import (
	"bytes"
	"encoding/json"
	"testing"

	"gaslamp/game"
	"gaslamp/game/gametest"
	"gaslamp/internal/testscale"
)

// TestTwinWorlds runs gametest's twin-world check: once the cards are dealt,
// world b is Determinize of seat 1's view (another hand for seat 0, another
// City deck); seat 1 plays the same moves in both; the comparison ends at
// seat 0's first move (each gives or plays one of the cards that differ).
func TestTwinWorlds(t *testing.T) {
	n := gametest.RunTwins(t, gametest.TwinConfig{Rules: Rules{}, Seed: 1, Seats: 2, Secret: 0, Observer: 1,
		TwinAt: func(a game.State) bool { return a.(*State).phase != phaseTalk },
		Mirror: func(a, b game.State, seat game.Seat, m game.Move, _ *game.Rand) (game.Move, bool) {
			if seat == 0 {
				return 0, false
			}
			for _, x := range b.Legal(seat, nil) {
				if x == m {
					return m, true
				}
			}
			return 0, false
		}})
	if n == 0 {
		t.Fatal("no move compared")
	}
}

// TestConventionBotTwinWorlds: the convention bot (and the plain partner)
// reads only its own view and the public history. At night positions of
// random games, world b is Determinize of the acting seat's view (another
// hand for the partner, another City deck, the same public history); the
// seat's views of both worlds are identical, and the bot, seeded alike,
// chooses the same move in both. The test also checks that the convention's
// replay found partner plays to weigh in some of the positions.
func TestConventionBotTwinWorlds(t *testing.T) {
	rng := game.NewRand(5)
	compared, weighed := 0, 0
	for seed := uint64(1); seed <= uint64(testscale.Size(20, 40)); seed++ {
		a := randomUntil(game.Options{"chapter": "4"}, seed, func(st *State) bool {
			return st.phase == phaseNight && st.r.N >= uint8(1+seed%6) && st.r.Pend == pendNone && st.ToAct().Len() == 1
		})
		if a == nil {
			continue
		}
		s := a.ToAct().First()
		va := a.view(s)
		bs, err := determinize(va, &rng)
		if err != nil {
			t.Fatal(err)
		}
		if bs.r.Hand[1-s] == a.r.Hand[1-s] {
			continue // the sample happened to deal the same hand: no twin
		}
		vb := bs.view(s)
		ja, _ := json.Marshal(va)
		jb, _ := json.Marshal(vb)
		if !bytes.Equal(ja, jb) {
			t.Fatalf("seed %d: the seat's views of the twin worlds differ:\n%s\n%s", seed, ja, jb)
		}
		legal := a.Legal(s, nil)
		for _, kind := range []string{"convention", "partner"} {
			mk := map[string]game.BotFactory{"convention": newConvention, "partner": newPartner}[kind]
			cfg := game.BotConfig{Rules: Rules{}, Seat: s, Seed: seed, Budget: -1, Level: "easy"}
			ba, _ := mk(cfg)
			bb, _ := mk(cfg)
			if ma, mb := ba.Choose(va, legal), bb.Choose(vb, bs.Legal(s, nil)); ma != mb {
				t.Fatalf("seed %d, %s bot: %v in world a, %v in world b", seed, kind, ma, mb)
			}
		}
		// The convention weighs a sampled world by the partner's plays.
		p := &Partner{seat: s, solver: NewSolver()}
		if p.consistency(va, bs) < 1 || p.consistency(va, a) < 1 {
			weighed++
		}
		compared++
	}
	if compared < 10 {
		t.Fatalf("only %d positions compared", compared)
	}
	if weighed == 0 {
		t.Fatal("the convention never weighed a world")
	}
	t.Logf("%d positions compared, %d with a world weighed below 1", compared, weighed)
}

// TestConventionReplay: in the true world, the convention's replay of the
// night from the public record rebuilds the present (the hands and the
// position), except where it must stop (a black reaction, a blue choice).
func TestConventionReplay(t *testing.T) {
	full, stopped := 0, 0
	for seed := uint64(1); seed <= 300; seed++ {
		a := randomUntil(game.Options{"chapter": "4"}, seed, func(st *State) bool {
			return st.phase == phaseNight && st.r.N >= uint8(seed%8) && st.r.Pend == pendNone && st.ToAct().Len() == 1
		})
		if a == nil {
			continue
		}
		s := a.ToAct().First()
		var last round
		ok := convReplay(a.view(s), a, int(s), func(r *round, c Card) bool { last = *r; last.play(last.toAct(), c); return true })
		if !ok {
			stopped++
			continue
		}
		full++
		if last.Pos > 0 && last.N == a.r.N && last.Pos == a.r.Pos && last.Hand != a.r.Hand {
			t.Fatalf("seed %d: replayed hands %x, true %x", seed, last.Hand, a.r.Hand)
		}
	}
	if full < stopped {
		t.Fatalf("the replay reached the present in %d positions only, stopped in %d", full, stopped)
	}
	t.Logf("replayed %d, stopped %d", full, stopped)
}
