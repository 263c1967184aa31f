package whitechapel

import "gaslamp/game"

func init() { game.Register(Rules{}) }

// ID is the id the game is registered under.
const ID = "whitechapel"

// Rules is Letters from Whitechapel's definition. It implements game.Rules.
type Rules struct{}

var _ game.Rules = Rules{}

// ID implements game.Rules.
func (Rules) ID() string { return ID }

// Name implements game.Rules.
func (Rules) Name() game.Text { return game.T("whitechapel.name") }

// Sides implements game.Rules.
func (Rules) Sides() []string { return []string{"jack", "police"} }

// OptionSpecs implements game.Rules.
func (Rules) OptionSpecs() []game.OptionSpec { return optionSpecs() }

// Seats implements game.Rules: seat 0 is Jack, seats 1-5 the policemen blue,
// yellow, brown, red and green (1 to 5 people share them).
func (Rules) Seats(opts game.Options) ([]game.SeatInfo, error) {
	if _, err := parseOptions(opts); err != nil {
		return nil, err
	}
	out := []game.SeatInfo{{ID: "jack", Side: "jack", Name: game.T("whitechapel.seat.jack")}}
	for _, id := range colourIDs {
		out = append(out, game.SeatInfo{ID: id, Side: "police", Name: game.T("whitechapel.seat." + id)})
	}
	return out, nil
}

// New implements game.Rules. The game has no chance: the seed is not used.
func (Rules) New(opts game.Options, seed uint64) (game.State, error) {
	c, err := parseOptions(opts)
	if err != nil {
		return nil, err
	}
	return newState(c), nil
}

// newState returns a game at its first phase: Jack writes his hideout.
func newState(c config) *State {
	s := &State{}
	s.c.Cfg = c
	s.c.Phase = phHideout
	for i := range s.c.Police {
		s.c.Police[i] = noCrossing
		s.c.Prev[i] = noCrossing
	}
	return s
}
