package jekyll

import (
	"embed"
	"encoding/json"

	"gaslamp/game"
)

// Rules is the game's definition, registered as "jekyll".
type Rules struct{}

func init() { game.Register(Rules{}) }

// ID implements game.Rules.
func (Rules) ID() string { return "jekyll" }

// Name implements game.Rules.
func (Rules) Name() game.Text { return game.T("jekyll.name") }

// Sides implements game.Rules: the two players together against the City.
func (Rules) Sides() []string { return []string{"players", "city"} }

// PrivateSeats implements game.PrivateSeats: the two partners' hands are
// secret from each other, so one person never holds both seats (outside a
// hot-seat table).
func (Rules) PrivateSeats() bool { return true }

// OptionSpecs implements game.Rules.
func (Rules) OptionSpecs() []game.OptionSpec {
	return append([]game.OptionSpec(nil), optionSpecs...)
}

// Seats implements game.Rules: Jekyll and Hyde, both of side "players"; the
// City holds no seat.
func (Rules) Seats(opts game.Options) ([]game.SeatInfo, error) {
	if _, err := parseConfig(opts); err != nil {
		return nil, err
	}
	return []game.SeatInfo{
		{ID: "jekyll", Side: "players", Name: game.T("jekyll.seat.jekyll")},
		{ID: "hyde", Side: "players", Name: game.T("jekyll.seat.hyde")},
	}, nil
}

// New implements game.Rules.
func (Rules) New(opts game.Options, seed uint64) (game.State, error) {
	cfg, err := parseConfig(opts)
	if err != nil {
		return nil, err
	}
	return newState(cfg, seed), nil
}

// EncodeMove implements game.Rules.
func (Rules) EncodeMove(m game.Move) json.RawMessage { return encodeMove(m) }

// DecodeMove implements game.Rules.
func (Rules) DecodeMove(data []byte) (game.Move, error) { return decodeMove(data) }

// Determinize implements game.Rules.
func (Rules) Determinize(v game.View, rng *game.Rand) (game.State, error) {
	jv, ok := v.(*View)
	if !ok {
		return nil, game.Errorf(game.CodeInternal, "err.internal", "not a jekyll view")
	}
	st, err := determinize(jv, rng)
	if err != nil {
		return nil, err
	}
	return st, nil
}

//go:embed messages/*.json
var messageFiles embed.FS

var catalog = func() game.Catalog {
	c := game.Catalog{}
	for _, lang := range game.Languages {
		data, err := messageFiles.ReadFile("messages/" + lang + ".json")
		if err != nil {
			panic("jekyll: missing messages for " + lang)
		}
		m := map[string]string{}
		if err := json.Unmarshal(data, &m); err != nil {
			panic("jekyll: messages/" + lang + ".json: " + err.Error())
		}
		c[lang] = m
	}
	return c
}()

// Messages implements game.Rules.
func (Rules) Messages() game.Catalog { return catalog }
