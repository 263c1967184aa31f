package whitechapel

import (
	"testing"

	"gaslamp/game"
)

// TestRandomLegalMatchesLegal checks that the playouts' draw without a list
// (randomLegal, on moveRuns) sees exactly Legal's moves in Legal's order,
// for every seat, along random and guided games: so Playout plays the same
// games as a loop over Legal with the same draws.
func TestRandomLegalMatchesLegal(t *testing.T) {
	check := func(s *State) {
		for seat := game.Seat(0); seat <= numPolice; seat++ {
			want := s.Legal(seat, nil)
			var r moveRuns
			s.legalRuns(seat, &r)
			if r.total != len(want) {
				t.Fatalf("phase %s, seat %d: %d moves in runs, Legal has %d", phaseIDs[s.c.Phase], seat, r.total, len(want))
			}
			for k, m := range want {
				if got := r.at(k); got != m {
					t.Fatalf("phase %s, seat %d: move %d is %s, Legal has %s", phaseIDs[s.c.Phase], seat, k,
						Rules{}.EncodeMove(got), Rules{}.EncodeMove(m))
				}
			}
		}
	}
	for seed := uint64(0); seed < 200; seed++ {
		st, _ := Rules{}.New(nil, seed)
		s := st.(*State)
		rng := game.NewRand(seed)
		for s.c.Phase != phOver {
			check(s)
			seat := s.ToAct().First()
			m := s.randomLegal(seat, &rng)
			if seed%2 == 1 && s.c.Phase == phJack {
				m = s.homeward(&rng)
			}
			if err := s.Apply(seat, m, nil); err != nil {
				t.Fatal(err)
			}
		}
		check(s)
	}
}

func TestSelectBit(t *testing.T) {
	for _, w := range []uint64{1, 0x8000000000000000, 0xffffffffffffffff, 0x8001_0000_8100_0421, 0x0123456789abcdef} {
		k := 0
		for i := 0; i < 64; i++ {
			if w&(1<<i) != 0 {
				if got := selectBit(w, k); got != i {
					t.Fatalf("selectBit(%#x, %d) = %d, want %d", w, k, got, i)
				}
				k++
			}
		}
	}
}
