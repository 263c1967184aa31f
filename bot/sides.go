package bot

import (
	"fmt"

	"gaslamp/game"
)

// OptionsView is implemented by views that carry their table's options. Bots
// use it to learn which side each seat plays for ([game.Rules.Seats]).
type OptionsView interface {
	game.View
	Options() game.Options
}

// SeatSides returns, for each seat, the side it plays for, from the options the
// view carries (when it is an [OptionsView]) or the game's default seating.
func SeatSides(r game.Rules, v game.View) ([]string, error) {
	var opts game.Options
	if ov, ok := v.(OptionsView); ok {
		opts = ov.Options()
	}
	seats, err := r.Seats(opts)
	if err != nil {
		return nil, fmt.Errorf("bot: seats of %s: %w", r.ID(), err)
	}
	sides := make([]string, len(seats))
	for i, s := range seats {
		sides[i] = s.Side
	}
	return sides, nil
}
