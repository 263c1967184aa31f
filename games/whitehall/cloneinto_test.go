package whitehall

import (
	"reflect"
	"testing"

	"gaslamp/game"
)

// TestCloneIntoAsClone plays random games the way the server does, each move
// applied on a copy made into the state the previous move replaced
// (game.CloneInto), beside the same game played on fresh clones: after every
// move the two states are equal, and the state copied from never changes.
func TestCloneIntoAsClone(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		rng := game.NewRand(seed)
		st, _ := Rules{}.New(nil, seed)
		a, b := st.(*State), st.Clone().(*State)
		var spare game.State
		var buf []game.Move
		for n := 0; !a.Outcome().Over; n++ {
			seat := a.ToAct().Seats()[0]
			buf = a.Legal(seat, buf[:0])
			mv := buf[rng.IntN(len(buf))]
			before := *a
			next := game.CloneInto(a, spare).(*State)
			if spare != nil && next != spare {
				t.Fatalf("seed %d move %d: the spare state was not used", seed, n)
			}
			if err := next.Apply(seat, mv, nil); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(*a, before) {
				t.Fatalf("seed %d move %d: applying to the copy changed the state copied from", seed, n)
			}
			a, spare = next, a
			nb := b.Clone().(*State)
			if err := nb.Apply(seat, mv, nil); err != nil {
				t.Fatal(err)
			}
			b = nb
			if !reflect.DeepEqual(a.c, b.c) || !reflect.DeepEqual(a.View(1), b.View(1)) {
				t.Fatalf("seed %d move %d: the states differ", seed, n)
			}
		}
	}
	s, _ := Rules{}.New(nil, 1)
	if c := game.CloneInto(s, s); c == s {
		t.Fatal("a state copied into itself")
	}
}
