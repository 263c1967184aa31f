package pocket

import (
	"encoding/json"
	"testing"

	"gaslamp/game"
	"gaslamp/internal/testscale"
)

func newEndgameFor(t *testing.T, seat game.Seat, seed uint64) *Endgame {
	t.Helper()
	b, err := game.NewBot("endgame", game.BotConfig{Rules: Rules{}, Seat: seat, Seed: seed, Level: "2000", Budget: -1})
	if err != nil {
		t.Fatal(err)
	}
	return b.(*Endgame)
}

// TestEndgameJackWins: in the last turn, where the exact search is cheap,
// Jack's endgame bot plays a move of the highest value whenever that value
// is above 0 (plain expectimax says which), and the exact search made the
// decision.
func TestEndgameJackWins(t *testing.T) {
	checked := 0
	for seed := uint64(1); checked < testscale.Size(20, 60) && seed < uint64(testscale.Size(3000, 12000)); seed++ {
		s := endPosition(seed, 8, uint8(seed%4))
		if s == nil || s.actor() != sideJack {
			continue
		}
		want := bruteValue(s)
		if want <= 0 {
			continue
		}
		legal := s.Legal(JackSeat, nil)
		if len(legal) == 1 {
			continue
		}
		b := newEndgameFor(t, JackSeat, seed)
		m := b.Choose(s.View(JackSeat), legal)
		if b.ExactDecisions() != 1 {
			t.Fatalf("seed %d: the exact search did not decide (turn %d, action %d)", seed, s.turn, s.step+1)
		}
		c := *s
		a, _ := Parse(m)
		t0 := c.tokenFor(a.Kind)
		var got float64
		if a.Kind == KindAlibi && c.pileN > 1 {
			n := int(c.pileN)
			for i := 0; i < n; i++ {
				x := c
				x.pile[i], x.pile[n-1] = x.pile[n-1], x.pile[i]
				x.play(t0, a, nil)
				got += bruteValue(&x)
			}
			got /= float64(n)
		} else {
			c.play(t0, a, nil)
			got = bruteValue(&c)
		}
		if got < want-1e-9 {
			t.Fatalf("seed %d: Jack played %s of value %v; the position's value is %v", seed, Rules{}.EncodeMove(m), got, want)
		}
		checked++
	}
	if checked < testscale.Size(20, 60) {
		t.Fatalf("only %d positions checked", checked)
	}
}

// TestEndgameInvestigatorSearches: the investigator's endgame bot decides
// by the exact search in most decisions of the last turn (the rest: its
// worlds could not tell the moves apart).
func TestEndgameInvestigatorSearches(t *testing.T) {
	decisions, exact := 0, 0
	for seed := uint64(1); decisions < testscale.Size(20, 100) && seed < 3000; seed++ {
		s := endPosition(seed, 8, uint8(seed%4))
		if s == nil || s.actor() != sideInvestigator {
			continue
		}
		b := newEndgameFor(t, InvestigatorSeat, seed)
		legal := s.Legal(InvestigatorSeat, nil)
		if len(legal) == 1 {
			continue
		}
		m := b.Choose(s.View(InvestigatorSeat), legal)
		if !game.Contains(legal, m) {
			t.Fatalf("seed %d: %d is not a legal move", seed, m)
		}
		decisions++
		exact += b.ExactDecisions()
	}
	if exact*2 < decisions {
		t.Fatalf("the exact search made %d of %d decisions of the last turn", exact, decisions)
	}
	t.Logf("the exact search made %d of %d decisions of the last turn", exact, decisions)
}

// TestEndgameFair: at decisions of the last two turns, the endgame bot of
// either seat chooses the same from the real world and from a world drawn
// from its own view (its opponent's secrets drawn anew), whose view for its
// seat is the same.
func TestEndgameFair(t *testing.T) {
	decisions, differed := 0, 0
	for seed := uint64(1); decisions < testscale.Size(16, 80) && seed < 3000; seed++ {
		s := endPosition(seed, 7+uint8(seed%2), uint8(seed/2%4))
		if s == nil {
			continue
		}
		seat := s.ToAct().First()
		v := s.View(seat)
		r := game.NewRand(seed * 31)
		twin, err := Rules{}.Determinize(v, &r)
		if err != nil {
			t.Fatal(err)
		}
		ja, _ := json.Marshal(v)
		jb, _ := json.Marshal(twin.View(seat))
		if string(ja) != string(jb) {
			t.Fatalf("seed %d: the drawn world shows seat %d another view", seed, seat)
		}
		if string(s.Snapshot()) != string(twin.Snapshot()) {
			differed++
		}
		legal := s.Legal(seat, nil)
		ma := newEndgameFor(t, seat, seed).Choose(v, legal)
		mb := newEndgameFor(t, seat, seed).Choose(twin.View(seat), twin.Legal(seat, nil))
		if ma != mb {
			t.Fatalf("seed %d, seat %d: chose %s in the real world, %s in the drawn one", seed, seat,
				Rules{}.EncodeMove(ma), Rules{}.EncodeMove(mb))
		}
		decisions++
	}
	if differed == 0 {
		t.Fatal("no drawn world differed from the real one")
	}
	t.Logf("%d decisions, %d from a world that differed", decisions, differed)
}
