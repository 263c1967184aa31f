package e2e

import (
	"testing"

	"gaslamp/game"
)

// TestServesTheBinarysBots checks that the browser tests' server has every
// game's own bots, as the binary does (both import gaslamp/games/builtin): a
// "Normal" bot at a browser test's table is the one players meet, not the
// generic search that a missing bot package would leave in its place.
func TestServesTheBinarysBots(t *testing.T) {
	games := game.Games()
	if len(games) != 4 {
		t.Errorf("%d games registered, want the four", len(games))
	}
	for _, r := range games {
		if !game.HasLevelPicks(r.ID()) {
			t.Errorf("%s: no level picks of its own: its bot package is not imported", r.ID())
		}
	}
}
