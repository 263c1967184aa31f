package main

// The games and bots built into the binary. Each registers itself with the game
// package when imported; every command (serve, arena, bench, replay) sees the
// same set, the one the browser tests serve too.
import _ "gaslamp/games/builtin"
