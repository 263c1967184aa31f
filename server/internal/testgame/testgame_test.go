package testgame

import (
	"fmt"
	"strings"
	"testing"

	"gaslamp/game"
	"gaslamp/game/gametest"
)

func TestConformance(t *testing.T) {
	gametest.Run(t, gametest.Config{
		Rules:   Rules{},
		Options: []game.Options{{}, {"length": "10"}},
		Games:   50,
		Seed:    1,
		Seats:   2,
		CheckView: func(st game.State, viewer game.Seat, data []byte, events []game.Event) error {
			s := st.(*State)
			for i, sec := range s.Secret {
				if game.Seat(i) == viewer {
					continue
				}
				if strings.Contains(string(data), Word(sec)) {
					return fmt.Errorf("view leaks seat %d's secret", i)
				}
				for _, e := range events {
					if strings.Contains(fmt.Sprint(e.Text, e.Data), Word(sec)) {
						return fmt.Errorf("event leaks seat %d's secret", i)
					}
				}
			}
			return nil
		},
		DeterminizeEvery: 1,
	})
}
