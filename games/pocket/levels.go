package pocket

import "gaslamp/game"

// The levels in words (game.RegisterLevel): the generic ISMCTS of package bot
// for both sides, with the iterations that fit each level's budget on this
// project's 2-core machine under load (p95 about 80 ms at easy, 360 ms at
// normal, 1.6 s at hard; the budget cuts a slower decision short). Ten times
// the iterations won 70% of the games as Jack and 77% as the investigator
// (gaslamp arena --tournament --game pocket --entrants
// ismcts:2000,ismcts:20000 --games 30 --budget -1ns).
func init() {
	for l, iters := range map[string]string{game.LevelEasy: "5000", game.LevelNormal: "20000", game.LevelHard: "100000"} {
		game.RegisterLevel(ID, "", l, game.LevelPick{Bot: "ismcts", Level: iters})
	}
}
