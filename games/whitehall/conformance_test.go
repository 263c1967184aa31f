package whitehall

import (
	"testing"

	"gaslamp/game"
	"gaslamp/game/gametest"
)

// optionSets cycles through the table options; every option is on in some
// set.
var optionSets = []game.Options{
	{},
	{OptDeduction: "off"},
	{OptPowers: "true", OptFalseClues: "true"},
	{OptMurderer: "true", OptNewspaper: "true"},
	{OptReid: "blue", OptSwanson: "red", OptFalseClues: "true", OptMurderer: "true"},
	{OptReid: "yellow", OptSwanson: "blue", OptNewspaper: "true", OptDeduction: "off"},
	{OptPowers: "true", OptReid: "red", OptSwanson: "blue", OptFalseClues: "true", OptMurderer: "true", OptNewspaper: "true"},
	{OptSwanson: "yellow", OptMurderer: "true"},
}

func TestConformance(t *testing.T) {
	games := 600
	if testing.Short() {
		games = 80
	}
	gametest.Run(t, gametest.Config{
		Rules:    Rules{},
		Options:  optionSets,
		Games:    games,
		Seed:     1,
		MaxMoves: 5000,
		Seats:    4,
	})
}
