package jekyll

import "gaslamp/game"

// The levels in words (game.RegisterLevel): the partner bot at each level,
// for both seats.
func init() {
	for _, l := range game.Levels {
		game.RegisterLevel("jekyll", "", l, game.LevelPick{Bot: "partner", Level: l})
	}
}
