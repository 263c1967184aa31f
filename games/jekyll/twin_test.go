package jekyll

import (
	"testing"

	"gaslamp/game"
	"gaslamp/game/gametest"
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
