package whitechapelbot

import (
	"gaslamp/game"
	"gaslamp/games/whitechapel"
)

// The levels in words (game.RegisterLevel), per side, as measured with
// gaslamp arena (see the README's bot table).
func init() {
	for _, l := range []struct{ level, jack, police string }{
		{game.LevelEasy, "baseline", "baseline"},
		{game.LevelNormal, "search:20", "search:normal-60"},
		{game.LevelHard, "search:60", "search:hard-60"},
	} {
		game.RegisterLevel(whitechapel.ID, "jack", l.level, game.Pick(l.jack))
		game.RegisterLevel(whitechapel.ID, "police", l.level, game.Pick(l.police))
	}
}
