package whitehall

import (
	"gaslamp/game"
)

func init() { game.Register(Rules{}) }

// ID is the id the game is registered under.
const ID = "whitehall"

// Rules is Whitehall Mystery's definition. It implements game.Rules.
type Rules struct{}

var _ game.Rules = Rules{}

// ID implements game.Rules.
func (Rules) ID() string { return ID }

// Name implements game.Rules.
func (Rules) Name() game.Text { return game.T("whitehall.name") }

// Sides implements game.Rules.
func (Rules) Sides() []string { return []string{"jack", "investigators"} }

// OptionSpecs implements game.Rules.
func (Rules) OptionSpecs() []game.OptionSpec { return optionSpecs() }

// Seats implements game.Rules: seat 0 is Jack, then one seat per figure in
// priority order.
func (Rules) Seats(opts game.Options) ([]game.SeatInfo, error) {
	c, err := parseOptions(opts)
	if err != nil {
		return nil, err
	}
	return c.seats(), nil
}

func (c config) seats() []game.SeatInfo {
	out := []game.SeatInfo{{ID: "jack", Side: "jack", Name: game.T("whitehall.seat.jack")}}
	for _, f := range c.Figs {
		out = append(out, game.SeatInfo{ID: figureIDs[f], Side: "investigators", Name: game.T("whitehall.seat." + figureIDs[f])})
	}
	return out
}

// New implements game.Rules. Whitehall Mystery has no chance: the seed is
// not used.
func (Rules) New(opts game.Options, seed uint64) (game.State, error) {
	c, err := parseOptions(opts)
	if err != nil {
		return nil, err
	}
	return newState(c), nil
}

// newState returns a game at its first phase.
func newState(c config) *State {
	s := &State{}
	s.c.Cfg = c
	s.c.Phase = phLocations
	s.c.Fig = [numFigures]uint8{noCrossing, noCrossing, noCrossing}
	s.c.Left = [3]uint8{2, 2, 2}
	return s
}
