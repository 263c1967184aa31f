package pocket

import "gaslamp/game"

// The levels in words (game.RegisterLevel): the generic ISMCTS of package bot
// at each level, within the level's budget, for both sides.
func init() {
	for _, l := range game.Levels {
		game.RegisterLevel(ID, "", l, game.LevelPick{Bot: "ismcts", Level: l})
	}
}
