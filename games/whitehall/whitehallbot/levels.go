package whitehallbot

import (
	"gaslamp/game"
	"gaslamp/games/whitehall"
)

// The levels in words (game.RegisterLevel): the best of this package's bots
// within each level's budget, per side, as measured with gaslamp arena (see
// the README's bot table).
func init() {
	for _, l := range []struct{ level, jack, police string }{
		// The search Jack at easy (200 iterations) is weaker than the
		// baseline's, which thinks in microseconds.
		{game.LevelEasy, "baseline", "ismcts:easy"},
		{game.LevelNormal, "ismcts:normal", "ismcts:normal"},
		{game.LevelHard, "ismcts:hard", "ismcts:hard"},
	} {
		game.RegisterLevel(whitehall.ID, "jack", l.level, game.Pick(l.jack))
		game.RegisterLevel(whitehall.ID, "investigators", l.level, game.Pick(l.police))
	}
}
