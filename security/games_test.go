package security

// Every game is registered, so that each attack can be tried on the game
// where it matters.
import (
	_ "gaslamp/games/jekyll"
	_ "gaslamp/games/pocket"
	_ "gaslamp/games/whitechapel"
	_ "gaslamp/games/whitehall"
)
