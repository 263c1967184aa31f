package main

// The games and bots built into the binary. Each registers itself with the game
// package when imported; every command (serve, arena, bench, replay) sees the
// same set.
import (
	_ "gaslamp/bot"                              // the generic bots: random, ismcts
	_ "gaslamp/games/jekyll"                     // Jekyll & Hyde vs Scotland Yard (and its partner bot)
	_ "gaslamp/games/pocket"                     // Mr Jack Pocket
	_ "gaslamp/games/whitechapel"                // Letters from Whitechapel
	_ "gaslamp/games/whitechapel/whitechapelbot" // Whitechapel's baseline bots
	_ "gaslamp/games/whitehall"                  // Whitehall Mystery
	_ "gaslamp/games/whitehall/whitehallbot"     // Whitehall's baseline bots
)
