package whitehallbot

import (
	"gaslamp/game"
	"gaslamp/games/whitehall"
)

// The levels in words (game.RegisterLevel): the best of this package's bots
// within each level's budget, per side, as measured with gaslamp arena (see
// the README's bot table). Jack's search takes the iterations that fit the
// budget (20,000 had a p95 of 0.7 s on one core); the figures' search bot
// decides in milliseconds at every level.
func init() {
	for _, l := range []struct{ level, jack, police string }{
		// The search Jack at 200 iterations is weaker than the baseline's,
		// which thinks in microseconds.
		{game.LevelEasy, "baseline", "ismcts:easy"},
		{game.LevelNormal, "ismcts:5000", "ismcts:normal"},
		{game.LevelHard, "ismcts:20000", "ismcts:hard"},
	} {
		game.RegisterLevel(whitehall.ID, "jack", l.level, game.Pick(l.jack))
		game.RegisterLevel(whitehall.ID, "investigators", l.level, game.Pick(l.police))
	}
}
