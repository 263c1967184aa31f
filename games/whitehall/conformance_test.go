package whitehall

import (
	"testing"

	"gaslamp/game"
	"gaslamp/game/gametest"
)

func TestConformanceQuick(t *testing.T) {
	gametest.Run(t, gametest.Config{
		Rules:    Rules{},
		Options:  []game.Options{{}},
		Games:    20,
		Seed:     1,
		MaxMoves: 5000,
		Seats:    4,
	})
}
