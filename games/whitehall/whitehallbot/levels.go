package whitehallbot

import (
	"gaslamp/game"
	"gaslamp/games/whitehall"
)

// The levels in words (game.RegisterLevel): the best of this package's bots
// within each level's budget, per side, as measured with gaslamp arena (see
// the README's bot table). Jack's search takes the iterations that fit the
// budget: 5,000 iterations had a p95 of 0.12 s and 20,000 of 0.56 s on one
// core of the shared machine, so normal takes 15,000 and hard 50,000 (the
// level's budget cuts a slower decision short); the figures' search bot
// decides in milliseconds at every level.
func init() {
	for _, l := range []struct{ level, jack, police string }{
		// The search Jack at 200 iterations is weaker than the baseline's,
		// which thinks in microseconds.
		{game.LevelEasy, "baseline", "ismcts:easy"},
		{game.LevelNormal, "ismcts:15000", "ismcts:normal"},
		{game.LevelHard, "ismcts:50000", "ismcts:hard"},
	} {
		game.RegisterLevel(whitehall.ID, "jack", l.level, game.Pick(l.jack))
		game.RegisterLevel(whitehall.ID, "investigators", l.level, game.Pick(l.police))
	}
}
