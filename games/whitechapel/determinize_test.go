package whitechapel

import (
	"testing"

	"gaslamp/game"
)

// TestDeterminizeFromJacksViewKnowsAllButThePatrols rebuilds Jack's secrets
// exactly from his view, and the identities of the face-down patrol tokens
// only where Jack turned them over.
func TestDeterminizeFromJacksViewKnowsAllButThePatrols(t *testing.T) {
	rng := game.NewRand(1)
	differ, steps := 0, 0
	for seed := uint64(0); seed < 4; seed++ {
		guided(seed, nil, func(s *State, _ game.Seat, _ []game.Move, _ *game.Log) {
			steps++
			if steps%3 != 0 {
				return
			}
			d, err := Rules{}.Determinize(s.View(0), &rng)
			if err != nil {
				t.Fatal(err)
			}
			ds := d.(*State)
			c, dc := &s.c, &ds.c
			if dc.Hideout != c.Hideout || dc.Cur != c.Cur || dc.Trail != c.Trail || dc.TrailSet != c.TrailSet ||
				ds.markedSet() != s.markedSet() || ds.womenSet() != s.womenSet() || dc.Home != c.Home || dc.Police != c.Police || dc.Prev != c.Prev {
				t.Fatalf("night %d phase %s: Jack's secrets differ", c.Night+1, phaseIDs[c.Phase])
			}
			for i, p := range s.View(0).(*View).Patrols {
				if p.FaceUp && ds.c.PatrolID[i] != tokenIDsIndex(p.Token) {
					t.Fatalf("face-up token %d drawn as %d", i, ds.c.PatrolID[i])
				}
			}
			if s.c.NPatrols == numPatrols && c.PatrolOff == 0 && dc.PatrolID != c.PatrolID {
				differ++
			}
		})
	}
	if differ == 0 {
		t.Fatal("the face-down patrol tokens were never drawn differently")
	}
}

func tokenIDsIndex(id string) uint8 {
	for i, x := range tokenIDs {
		if x == id {
			return uint8(i)
		}
	}
	return 255
}

// TestDeterminizeFromAPolicemansView keeps the patrol tokens and draws a
// hideout and a trail that fit the public record: the hideout among the
// possible ones, Jack among tonight's possible circles, no walk of tonight
// onto the hideout, and the marked women among the tokens.
func TestDeterminizeFromAPolicemansView(t *testing.T) {
	rng := game.NewRand(2)
	hideouts := map[uint8]bool{}
	steps := 0
	for seed := uint64(10); seed < 14; seed++ {
		guided(seed, nil, func(s *State, _ game.Seat, _ []game.Move, _ *game.Log) {
			steps++
			if steps%4 != 0 {
				return
			}
			v := s.View(2).(*View)
			d, err := Rules{}.Determinize(v, &rng)
			if err != nil {
				t.Fatal(err)
			}
			ds := d.(*State)
			np := s.c.NPatrols
			if string(ds.c.PatrolID[:np]) != string(s.c.PatrolID[:np]) && s.c.PatrolOff == 0 {
				t.Fatal("the police's own patrol tokens were redrawn")
			}
			if s.c.Phase == phHideout {
				return
			}
			if s.c.Night > 0 {
				hideouts[ds.c.Hideout] = true
				found := false
				for _, h := range v.Hideouts {
					found = found || h.Circle == int(ds.c.Hideout)
				}
				if !found {
					t.Fatalf("hideout %d not among %v", ds.c.Hideout, v.Hideouts)
				}
			}
			if ds.hunting() {
				found := false
				for _, p := range v.Possible {
					found = found || p.Circle == int(ds.c.Cur)
				}
				if !found {
					t.Fatalf("Jack on %d, not among %v", ds.c.Cur, v.Possible)
				}
				n := ds.c.Night
				for _, jm := range ds.c.Moves[n][:ds.c.NMoves[n]] {
					if jm.Kind == jkWalk && ds.c.Trail[n][jm.Cell] == ds.c.Hideout {
						t.Fatal("the drawn trail walks onto the drawn hideout")
					}
				}
			}
			if bitsCount(ds.c.Marked) > int(nightMarked[s.c.Night]) {
				t.Fatalf("%d marked women drawn", bitsCount(ds.c.Marked))
			}
		})
	}
	if len(hideouts) < 2 {
		t.Fatalf("hideouts drawn: %v", hideouts)
	}
}

func bitsCount(x uint8) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// TestHuntNightMatchesTheRecord checks that a view's nights convert to the
// same hunt.Night as the state's record.
func TestHuntNightMatchesTheRecord(t *testing.T) {
	s, _ := guided(3, nil, nil)
	v := s.View(1).(*View)
	for i := range v.Nights {
		got, err := v.HuntNight(i)
		if err != nil {
			t.Fatal(err)
		}
		want := s.publicNight(i)
		if string(nightKey(nil, &got)) != string(nightKey(nil, &want)) {
			t.Fatalf("night %d: %+v, want %+v", i+1, got, want)
		}
	}
	if _, err := v.HuntNight(len(v.Nights)); err == nil {
		t.Fatal("a night out of range converts")
	}
}
