package whitehall

import (
	"testing"

	"gaslamp/game"
	"gaslamp/game/gametest"
)

// TestTwinWorlds runs gametest's twin-world check: world b starts as a copy
// of world a; Jack writes other locations in b (any legal ones), the police
// play the same moves. The comparison ends at Jack's first other move (the
// reveal of his start makes a location public).
func TestTwinWorlds(t *testing.T) {
	n := gametest.RunTwins(t, gametest.TwinConfig{Rules: Rules{}, Seed: 1, Seats: 4, Secret: 0,
		Twin:   func(a game.State, _ *game.Rand) (game.State, bool) { return a.Clone(), true },
		Mirror: mirrorJack})
	if n == 0 {
		t.Fatal("no move compared")
	}
}

func mirrorJack(a, b game.State, seat game.Seat, m game.Move, rng *game.Rand) (game.Move, bool) {
	if seat != 0 {
		for _, x := range b.Legal(seat, nil) {
			if x == m {
				return m, true
			}
		}
		return 0, false
	}
	if KindOf(m) != MoveLocation {
		return 0, false
	}
	var alt []game.Move
	for _, x := range b.Legal(seat, nil) {
		if KindOf(x) == MoveLocation {
			alt = append(alt, x)
		}
	}
	if len(alt) == 0 {
		return 0, false
	}
	return alt[rng.IntN(len(alt))], true
}
