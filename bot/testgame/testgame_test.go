package testgame

import (
	"encoding/json"
	"fmt"
	"testing"

	"gaslamp/game"
	"gaslamp/game/gametest"
)

func TestConformance(t *testing.T) {
	gametest.Run(t, gametest.Config{
		Rules:   Rules{},
		Options: []game.Options{{}, {"hand": "3"}},
		Games:   200,
		Seed:    1,
		Seats:   2,
		CheckView: func(st game.State, viewer game.Seat, data []byte, _ []game.Event) error {
			s := st.(*State)
			var v View
			if err := json.Unmarshal(data, &v); err != nil {
				return err
			}
			if v.Hands[0] != nil || v.Hands[1] != nil {
				return fmt.Errorf("view shows both hands before the end")
			}
			if viewer < 0 && v.Hand != nil || viewer >= 0 && handOf(v.Hand) != s.Hands[viewer] {
				return fmt.Errorf("view shows hand %v", v.Hand)
			}
			return nil
		},
		DeterminizeEvery: 1,
	})
}
