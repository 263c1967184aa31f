package whitehall

import (
	"fmt"

	"gaslamp/hunt"
)

// Hunt converts the public record of a round into hunt's input: each move
// with its kind (a face-down "special" card is hunt.Hidden, or hunt.Coach
// when it took 2 track spaces) and the crossings the figures held, and each
// answer as an observation.
func (r RoundView) Hunt() (hunt.Round, error) {
	hr := hunt.Round{Start: r.Start, Moves: make([]hunt.Move, 0, len(r.Moves)), Obs: make([]hunt.Obs, 0, len(r.Obs))}
	for i, m := range r.Moves {
		var k hunt.MoveKind
		switch {
		case m.Kind == "walk":
			k = hunt.Walk
		case m.Kind == "coach" || (m.Kind == "special" && m.Cells == 2):
			k = hunt.Coach
		case m.Kind == "alley":
			k = hunt.Alley
		case m.Kind == "boat":
			k = hunt.Boat
		case m.Kind == "special":
			k = hunt.Hidden
		default:
			return hunt.Round{}, fmt.Errorf("whitehall: move %d: unknown kind %q", i, m.Kind)
		}
		hm := hunt.Move{Kind: k}
		for _, l := range m.Occupied {
			x := crossingOf(l)
			if x < 0 {
				return hunt.Round{}, fmt.Errorf("whitehall: move %d: unknown crossing %q", i, l)
			}
			hm.Occupied.Add(x)
		}
		hr.Moves = append(hr.Moves, hm)
	}
	for i, o := range r.Obs {
		var k hunt.ObsKind
		switch o.Kind {
		case "clue":
			k = hunt.Clue
		case "no-clue":
			k = hunt.NoClue
		case "not-here":
			k = hunt.NotHere
		default:
			return hunt.Round{}, fmt.Errorf("whitehall: answer %d: unknown kind %q", i, o.Kind)
		}
		hr.Obs = append(hr.Obs, hunt.Obs{Time: o.Time, Circle: o.Circle, Kind: k})
	}
	return hr, nil
}
