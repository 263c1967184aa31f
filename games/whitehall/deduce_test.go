package whitehall

import (
	"fmt"
	"testing"

	"gaslamp/game"
	"gaslamp/internal/testscale"
)

// TestDeductionFollowsTheRound plays random games by legal moves, with the
// table's clone-then-apply of every move, and checks at every step that the
// deduction investigators see (carried from state to state and extended by
// the moves and searches since, see followRound) is exactly the one counted
// from the start of the round, face-down cards included.
func TestDeductionFollowsTheRound(t *testing.T) {
	games := testscale.Size(24, 240)
	rng := game.NewRand(7)
	buf := make([]game.Move, 0, 512)
	followed := 0
	for g := range games {
		opts := optionSets[g%len(optionSets)]
		st, err := Rules{}.New(opts, uint64(g+1))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		if !s.c.Cfg.Deduction {
			continue
		}
		for step := 0; !s.Outcome().Over; step++ {
			seat := s.ToAct().Seats()[0]
			buf = s.Legal(seat, buf[:0])
			next := s.Clone().(*State)
			if err := next.Apply(seat, buf[rng.IntN(len(buf))], nil); err != nil {
				t.Fatal(err)
			}
			s = next
			if s.c.NReached == 0 || s.Outcome().Over {
				continue // no deduction yet; at the end every view shows the trail
			}
			v := s.View(1).(*View)
			want := fromScratch(s)
			if got := fmt.Sprint(v.Possible, v.PossibleTotal); got != want {
				t.Fatalf("game %d (options %v), step %d: the deduction followed gives %s, counted from the start %s", g, opts, step, got, want)
			}
			if s.ded != nil && s.ded.tr != nil {
				followed++
			}
		}
	}
	if followed == 0 {
		t.Fatal("no deduction was followed from the previous one")
	}
}

// fromScratch counts the current round's deduction from its start, as
// before the deduction followed the round.
func fromScratch(s *State) string {
	hr := s.publicRound(int(s.c.Round))
	v := s.cards(true)
	bs, err := solveRound(&hr, v.Alley.Left, v.Boat.Left)
	if err != nil || len(bs) == 0 {
		return fmt.Sprint([]Possible(nil), 0)
	}
	d := merge(bs)
	return fmt.Sprint(d.possible, d.total)
}

// TestPublicRoundKeyAsRoundKey: the key deduce compares, written from the
// state, is the key of the public record publicRound builds, for every round
// after every move of random games with every option set.
func TestPublicRoundKeyAsRoundKey(t *testing.T) {
	rng := game.NewRand(5)
	checked := 0
	for gi, opts := range optionSets {
		for g := range testscale.Size(2, 10) {
			st, err := Rules{}.New(opts, uint64(500*gi+g+1))
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			for !s.Outcome().Over {
				for r := 0; r <= int(s.c.Round); r++ {
					for _, left := range [][2]int{{0, 0}, {2, 1}} {
						hr := s.publicRound(r)
						want := roundKey(&hr, left[0], left[1])
						if got := string(s.appendPublicRoundKey(nil, r, left[0], left[1])); got != want {
							t.Fatalf("round %d: key %q, publicRound's %q", r, got, want)
						}
						checked++
					}
				}
				seats := s.ToAct().Seats()
				seat := seats[rng.IntN(len(seats))]
				legal := s.Legal(seat, nil)
				if err := s.Apply(seat, legal[rng.IntN(len(legal))], nil); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("nothing checked")
	}
}
