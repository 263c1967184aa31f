// Package builtin imports every game and bot the gaslamp binary serves, so that
// each registers itself with the game package. The binary and the browser tests
// import this one package, and so always serve the same games with the same
// bots: a browser test's "Normal" bot at a Whitehall or Whitechapel table is the
// one players meet.
package builtin

import (
	_ "gaslamp/bot"                              // the generic bots: random, ismcts
	_ "gaslamp/games/jekyll"                     // Jekyll & Hyde vs Scotland Yard (and its partner bot)
	_ "gaslamp/games/pocket"                     // Mr Jack Pocket (and its endgame and doubt bots)
	_ "gaslamp/games/whitechapel"                // Letters from Whitechapel
	_ "gaslamp/games/whitechapel/whitechapelbot" // Whitechapel's baseline and search bots
	_ "gaslamp/games/whitehall"                  // Whitehall Mystery
	_ "gaslamp/games/whitehall/whitehallbot"     // Whitehall's baseline and search bots
)
