package jekyll

import (
	"testing"

	"gaslamp/game"
	"gaslamp/internal/testscale"
)

// round2At stops at a night position of round 2 where the seat to act has
// a choice of plays (no reaction pending), after at least n tricks.
func round2At(n uint8) func(*State) bool { return choiceAt(1, n) }

// choiceAt stops at a night position of round rnd (0 or 1) where the seat to
// act has a choice of plays (no reaction pending), after at least n tricks.
func choiceAt(rnd, n uint8) func(*State) bool {
	return func(st *State) bool {
		if st.rnd != rnd || st.phase != phaseNight || st.r.N < n || st.r.Pend != pendNone {
			return false
		}
		var buf [16]game.Move
		return len(st.legal(int(st.r.toAct()), buf[:0])) > 1
	}
}

// TestRolloutPlayoutIsARealGame: a playout of the blueprint is a game of the
// rules: it never lands in a world where even the all-seeing pair cannot,
// and it plays on to the end of the chapter unless no line can land any
// more (where it stops, lost).
func TestRolloutPlayoutIsARealGame(t *testing.T) {
	b := &Partner{solver: NewSolver(), giftPrior: true, lv: levels["normal"]}
	b.lv.roll = rollLevel{worlds: 4, k: 4}
	s := NewSolver()
	lost, won, n := 0, 0, 0
	for seed := uint64(1); seed <= uint64(testscale.Size(40, 120)); seed++ {
		a := randomUntil(game.Options{"chapter": "4"}, seed, round2At(uint8(seed%7)))
		if a == nil {
			continue
		}
		n++
		b.seat = game.Seat(a.r.toAct())
		v := s.Value(a)
		x := *a
		rng := game.NewRand(seed)
		w := b.playout(&x, &rng)
		if x.phase != phaseOver && (w || s.Value(&x) > -winValue) {
			t.Fatalf("seed %d: the playout stopped in phase %d where the pair could still land", seed, x.phase)
		}
		if w && v <= -winValue {
			t.Fatalf("seed %d: the playout landed where the solver finds no line", seed)
		}
		if w {
			won++
		} else {
			lost++
		}
	}
	if n < 10 || won == 0 || lost == 0 {
		t.Fatalf("%d positions, %d playouts won, %d lost: too few to tell", n, won, lost)
	}
	t.Logf("%d positions: %d won, %d lost", n, won, lost)
}

// TestRolloutOnlyInRoundTwo: the rollouts change the bot's choices in the
// second round only: in round 1 a bot with them and one without, seeded
// alike, play the same; in round 2 they differ somewhere.
func TestRolloutOnlyInRoundTwo(t *testing.T) {
	differ := 0
	for seed := uint64(1); seed <= uint64(testscale.Size(24, 60)); seed++ {
		for rnd := uint8(0); rnd < 2; rnd++ {
			a := randomUntil(game.Options{"chapter": "4"}, seed, choiceAt(rnd, uint8(seed%6)))
			if a == nil {
				continue
			}
			s := a.ToAct().First()
			v, legal := a.view(s), a.Legal(s, nil)
			cfg := game.BotConfig{Rules: Rules{}, Seat: s, Seed: seed, Budget: -1, Level: "normal"}
			with, _ := newPartner(cfg)
			without, _ := newPartner(cfg)
			if with.(*Partner).lv.roll.worlds == 0 {
				t.Fatal("the normal level has no rollouts")
			}
			without.(*Partner).lv.roll = rollLevel{}
			mw, mo := with.Choose(v, legal), without.Choose(v, legal)
			if rnd == 0 && mw != mo {
				t.Fatalf("seed %d, round 1: %v with rollouts, %v without", seed, mw, mo)
			}
			if rnd == 1 && mw != mo {
				differ++
			}
		}
	}
	if differ == 0 {
		t.Fatal("the rollouts never changed a round-2 choice")
	}
	t.Logf("round 2: %d choices changed by the rollouts", differ)
}

// TestRolloutBotTwinWorlds: with its round-2 rollouts the partner bot still
// reads only its own view: from a round-2 position and a world drawn from
// the acting seat's view (another partner hand, another City deck), the bot
// seeded alike chooses the same in both.
func TestRolloutBotTwinWorlds(t *testing.T) {
	rng := game.NewRand(9)
	compared := 0
	for seed := uint64(1); seed <= uint64(testscale.Size(16, 40)); seed++ {
		a := randomUntil(game.Options{"chapter": "4"}, seed, round2At(uint8(seed%6)))
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
			continue
		}
		cfg := game.BotConfig{Rules: Rules{}, Seat: s, Seed: seed, Budget: -1, Level: "normal"}
		ba, _ := newPartner(cfg)
		bb, _ := newPartner(cfg)
		if ma, mb := ba.Choose(va, a.Legal(s, nil)), bb.Choose(bs.view(s), bs.Legal(s, nil)); ma != mb {
			t.Fatalf("seed %d: %v in the real world, %v in the twin", seed, ma, mb)
		}
		compared++
	}
	if compared < 5 {
		t.Fatalf("only %d positions compared", compared)
	}
}
