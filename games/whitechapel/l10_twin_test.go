package whitechapel

import (
	"bytes"
	"encoding/json"
	"testing"

	"gaslamp/game"
)

// TestL10PlacementOrderIsSecret plays night 1's placement in two worlds that
// differ only in Jack's secrets: the order in which he lays the same eight
// circles and which of them are marked. Every policeman's and a spectator's
// view (as JSON) and events must be the same bytes in both after every move
// (RULINGS L10: the placement becomes public only as a whole).
func TestL10PlacementOrderIsSecret(t *testing.T) {
	circles := []int{3, 21, 27, 65, 84, 147, 149, 158}
	a := newGame(t, nil, 4)
	b := newGame(t, nil, 4)
	// a: the marked first, in circle order; b: reversed, the marked last.
	for i := range circles {
		ma := Woman(circles[i], i < 5)
		mb := Woman(circles[len(circles)-1-i], i >= 3)
		la, lb := must(t, a, 0, ma), must(t, b, 0, mb)
		for seat := game.Spectator; seat < game.Seat(numPolice+1); seat++ {
			if seat == 0 {
				continue
			}
			va, _ := json.Marshal(a.View(seat))
			vb, _ := json.Marshal(b.View(seat))
			if !bytes.Equal(va, vb) {
				t.Fatalf("token %d, seat %d: views differ:\n%s\n%s", i+1, seat, va, vb)
			}
			ea, _ := json.Marshal(la.For(seat))
			eb, _ := json.Marshal(lb.For(seat))
			if !bytes.Equal(ea, eb) {
				t.Fatalf("token %d, seat %d: events differ:\n%s\n%s", i+1, seat, ea, eb)
			}
		}
	}
	if a.c.Phase != phPatrol {
		t.Fatalf("phase %s after the placement", phaseIDs[a.c.Phase])
	}
}
