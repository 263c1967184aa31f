package pocket

import (
	"embed"
	"encoding/json"

	"gaslamp/game"
)

// ID is the id the game is registered under.
const ID = "pocket"

// Rules is Mr Jack Pocket's game.Rules. It is stateless.
type Rules struct{}

func init() { game.Register(Rules{}) }

var (
	_ game.Rules = Rules{}
	_ game.State = (*State)(nil)
	_ game.View  = (*View)(nil)
)

// ID implements game.Rules.
func (Rules) ID() string { return ID }

// Name implements game.Rules.
func (Rules) Name() game.Text { return game.T("pocket.name") }

// Sides implements game.Rules: "jack" and "investigator".
func (Rules) Sides() []string { return []string{"jack", "investigator"} }

// OptionSpecs implements game.Rules: the game has no options.
func (Rules) OptionSpecs() []game.OptionSpec { return []game.OptionSpec{} }

// Seats implements game.Rules: seat 0 is Jack, seat 1 the investigator.
func (r Rules) Seats(opts game.Options) ([]game.SeatInfo, error) {
	if err := game.Validate(r.OptionSpecs(), opts); err != nil {
		return nil, err
	}
	return []game.SeatInfo{
		{ID: "jack", Side: "jack", Name: game.T("pocket.side.jack")},
		{ID: "investigator", Side: "investigator", Name: game.T("pocket.side.investigator")},
	}, nil
}

// New implements game.Rules.
func (r Rules) New(opts game.Options, seed uint64) (game.State, error) {
	if err := game.Validate(r.OptionSpecs(), opts); err != nil {
		return nil, err
	}
	s := newState(seed)
	return &s, nil
}

//go:embed messages/*.json
var messageFiles embed.FS

var catalog = func() game.Catalog {
	c := game.Catalog{}
	for _, lang := range game.Languages {
		data, err := messageFiles.ReadFile("messages/" + lang + ".json")
		if err != nil {
			panic("pocket: missing messages for " + lang)
		}
		m := map[string]string{}
		if err := json.Unmarshal(data, &m); err != nil {
			panic("pocket: bad messages for " + lang + ": " + err.Error())
		}
		c[lang] = m
	}
	return c
}()

// Messages implements game.Rules; it returns a fresh copy of the catalogue.
func (Rules) Messages() game.Catalog { return game.Catalog{}.Merge(catalog) }
