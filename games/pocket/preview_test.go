package pocket

import (
	"encoding/json"
	"testing"

	"gaslamp/game"
)

// The view of the seat to act previews, for each legal move in Legal's order,
// what the detectives would see once it is played (A8's line of sight): the
// same sight the board shows after the move, and the witness call's counts on
// that board. The other seat and the spectators get no preview.
func TestPreviewMatchesTheBoardAfterEachMove(t *testing.T) {
	checked := 0
	for seed := range uint64(games(120, 20)) {
		s := newState(seed)
		rng := game.NewRand(seed + 5)
		for !s.over() {
			seat := s.ToAct().First()
			legal := s.Legal(seat, nil)
			v := s.View(seat).(*View)
			p := v.Preview
			if p == nil || len(p.Moves) != len(legal) {
				t.Fatalf("seed %d turn %d: preview %+v for %d legal moves", seed, s.turn, p, len(legal))
			}
			for _, other := range []game.Seat{1 - seat, game.Spectator} {
				if s.View(other).(*View).Preview != nil {
					t.Fatalf("seed %d: seat %d, not to act, gets a preview", seed, other)
				}
			}
			used := make([]bool, len(p.Outlooks))
			for i, m := range legal {
				k := p.Moves[i]
				if k < 0 || k >= len(p.Outlooks) {
					t.Fatalf("seed %d: move %d points at outlook %d of %d", seed, i, k, len(p.Outlooks))
				}
				used[k] = true
				o := p.Outlooks[k]
				a, _ := Parse(m)
				after := s
				after.b.apply(a)
				if a.Kind == KindAlibi {
					after.b = s.b // the card is not known in advance
				}
				want := after.b.Sight()
				if o.Sight != want {
					t.Fatalf("seed %d: move %s previews %+v, the board then shows %+v", seed, Rules{}.EncodeMove(m), o.Sight, want)
				}
				if s.step < 3 && a.Kind != KindAlibi { // no witness call in between: play it for real
					real := s
					if err := real.Apply(seat, m, nil); err != nil {
						t.Fatal(err)
					}
					if got := real.b.Sight(); got != o.Sight {
						t.Fatalf("seed %d: move %s previews %+v, playing it gives %+v", seed, Rules{}.EncodeMove(m), o.Sight, got)
					}
				}
				n := s.b.Suspects().Len()
				if o.ClearIfUnseen != o.Sight.Seen.Len() || o.ClearIfSeen != n-o.Sight.Seen.Len() {
					t.Fatalf("seed %d: counts %d/%d with %d suspects, %d seen", seed, o.ClearIfSeen, o.ClearIfUnseen, n, o.Sight.Seen.Len())
				}
				checked++
			}
			for k, u := range used {
				if !u {
					t.Fatalf("seed %d: outlook %d is no move's", seed, k)
				}
				for j := range k {
					if p.Outlooks[j].Sight == p.Outlooks[k].Sight {
						t.Fatalf("seed %d: outlooks %d and %d are the same", seed, j, k)
					}
				}
			}
			if err := s.Apply(seat, legal[rng.IntN(len(legal))], nil); err != nil {
				t.Fatal(err)
			}
		}
		if v := s.View(JackSeat).(*View); v.Preview != nil {
			t.Fatalf("seed %d: a preview once the game is over", seed)
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d moves checked", checked)
	}
}

// The preview's JSON form is compact: the investigator's first view, with
// every legal move previewed, stays under a few kilobytes.
func TestPreviewIsCompact(t *testing.T) {
	worst := 0
	for seed := range uint64(50) {
		s := midGame(seed, int(seed%28))
		if s.over() {
			continue
		}
		data, err := json.Marshal(s.View(s.ToAct().First()).(*View).Preview)
		if err != nil {
			t.Fatal(err)
		}
		worst = max(worst, len(data))
	}
	if worst > 4096 {
		t.Errorf("a preview takes %d bytes", worst)
	}
	t.Logf("largest preview: %d bytes", worst)
}
