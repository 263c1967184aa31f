package pocket

import (
	"math"
	"testing"

	"gaslamp/game"
)

func newBeliefFor(t *testing.T, seed uint64) *Belief {
	t.Helper()
	b, err := game.NewBot("belief", game.BotConfig{Rules: Rules{}, Seat: JackSeat, Seed: seed, Level: "200", Budget: -1})
	if err != nil {
		t.Fatal(err)
	}
	return b.(*Belief)
}

// TestBeliefInvestigatorDoesNotKnowJack: in the belief bot's turn search the
// investigator plays by what he knows: the values it gives every suspect are
// the same whoever Jack really is (the identity changed, every public fact
// and Jack's hourglasses kept), at the investigator's decisions and Jack's.
func TestBeliefInvestigatorDoesNotKnowJack(t *testing.T) {
	b := newBeliefFor(t, 1)
	checked := 0
	for seed := uint64(1); checked < 12 && seed < 400; seed++ {
		s := endPosition(seed, uint8(2+seed%5), uint8(1+seed%3))
		if s == nil || s.b.Suspects().Len() < 3 {
			continue
		}
		var other Character = NoCharacter
		for _, c := range s.b.Suspects().List() {
			if c != s.jack {
				other = c
			}
		}
		o := *s
		o.jack = other
		if o.Hourglasses() != s.Hourglasses() {
			continue
		}
		a, c := b.value(s, int(s.step)), b.value(&o, int(o.step))
		for _, j := range s.b.Suspects().List() {
			if math.Abs(a[j]-c[j]) > 1e-12 {
				t.Fatalf("seed %d: suspect %s is worth %v with Jack %s and %v with Jack %s", seed, j, a[j], s.jack, c[j], other)
			}
		}
		checked++
	}
	if checked < 12 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// TestBeliefLastActionBest: at Jack's last action of an even turn the turn
// search is one move deep: the bot's cut keeps the moves whose witness call
// leaves Jack the highest value (beliefTable or the game's end), computed
// here move by move.
func TestBeliefLastActionBest(t *testing.T) {
	checked := 0
	for seed := uint64(1); checked < 20 && seed < 2000; seed++ {
		s := endPosition(seed, uint8(2+2*(seed%3)), 3)
		if s == nil || s.actor() != sideJack {
			continue
		}
		legal := s.Legal(JackSeat, nil)
		if len(legal) <= beliefTop {
			continue
		}
		direct := func(m game.Move) float64 {
			a, _ := Parse(m)
			c := *s
			c.used |= 1 << c.tokenFor(a.Kind)
			if a.Kind == KindAlibi {
				return -1 // a chance node: not compared here
			}
			c.b.apply(a)
			c.step++
			return leafValues(&c)[c.jack]
		}
		b := newBeliefFor(t, seed)
		top, ok := b.cut(s.View(JackSeat).(*View), legal)
		if !ok || len(top) != beliefTop {
			t.Fatalf("seed %d: cut gave %d moves (%v)", seed, len(top), ok)
		}
		worstTop := 2.0
		for _, m := range top {
			if v := direct(m); v >= 0 {
				worstTop = min(worstTop, v)
			}
		}
		for _, m := range legal {
			if v := direct(m); v > worstTop+1e-12 && !contains(top, m) {
				t.Fatalf("seed %d: move %s of value %v left out of the cut, whose worst is %v", seed, Rules{}.EncodeMove(m), v, worstTop)
			}
		}
		checked++
	}
	if checked < 20 {
		t.Fatalf("only %d positions checked", checked)
	}
}

func contains(ms []game.Move, m game.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}
