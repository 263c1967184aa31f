package testgame

import (
	"encoding/json"
	"fmt"
	"strconv"

	"gaslamp/game"
)

// ID is the id the game is registered under.
const ID = "srvtest"

func init() { game.Register(Rules{}) }

// Rules is the test game's definition.
type Rules struct{}

// Move kinds, packed in the move's high byte.
const (
	kindPick = 1
	kindPeek = 2
)

// ID implements game.Rules.
func (Rules) ID() string { return ID }

// Name implements game.Rules.
func (Rules) Name() game.Text { return game.T("srvtest.name") }

// Sides implements game.Rules.
func (Rules) Sides() []string { return []string{"north", "south"} }

// OptionSpecs implements game.Rules.
func (Rules) OptionSpecs() []game.OptionSpec {
	return []game.OptionSpec{
		{Name: "length", Kind: "choice", Default: "6", Choices: []string{"2", "6", "10", "40"}, Label: game.T("srvtest.opt.length")},
		{Name: "silent", Kind: "bool", Default: "false", Label: game.T("srvtest.opt.silent")},
	}
}

// Seats implements game.Rules.
func (Rules) Seats(game.Options) ([]game.SeatInfo, error) {
	return []game.SeatInfo{
		{ID: "north", Side: "north", Name: game.T("srvtest.north")},
		{ID: "south", Side: "south", Name: game.T("srvtest.south")},
	}, nil
}

// New implements game.Rules.
func (r Rules) New(o game.Options, seed uint64) (game.State, error) {
	if err := game.Validate(r.OptionSpecs(), o); err != nil {
		return nil, err
	}
	rng := game.NewRand(seed)
	s := &State{Length: o.Int("length", 6), Silent: o.Bool("silent"), Rng: rng}
	s.Secret[0] = 100000 + s.Rng.IntN(900000)
	for s.Secret[1] = s.Secret[0]; s.Secret[1] == s.Secret[0]; {
		s.Secret[1] = 100000 + s.Rng.IntN(900000)
	}
	return s, nil
}

// Word is the form of a secret number in views and events.
func Word(n int) string { return "sec-" + strconv.Itoa(n) }

type intent struct {
	Kind string `json:"kind"`
	N    int    `json:"n,omitempty"`
}

// EncodeMove implements game.Rules.
func (Rules) EncodeMove(m game.Move) json.RawMessage {
	var in intent
	switch m >> 8 {
	case kindPick:
		in = intent{Kind: "pick", N: int(m & 0xff)}
	default:
		in = intent{Kind: "peek"}
	}
	data, _ := json.Marshal(in)
	return data
}

// DecodeMove implements game.Rules.
func (Rules) DecodeMove(data []byte) (game.Move, error) {
	var in intent
	if err := json.Unmarshal(data, &in); err != nil {
		return 0, game.ErrMalformed
	}
	switch in.Kind {
	case "pick":
		if in.N < 0 || in.N > 255 {
			return 0, game.ErrMalformed
		}
		return game.Move(kindPick<<8 | in.N), nil
	case "peek":
		return game.Move(kindPeek << 8), nil
	}
	return 0, game.ErrMalformed
}

// Determinize implements game.Rules.
func (Rules) Determinize(v game.View, rng *game.Rand) (game.State, error) {
	tv, ok := v.(*View)
	if !ok {
		return nil, fmt.Errorf("srvtest: not a srvtest view")
	}
	s := &State{Length: tv.Length, Picks: append([]int(nil), tv.Picks...), Moves: tv.Moves, Rng: game.NewRand(rng.Uint64())}
	for i := range s.Secret {
		switch {
		case tv.Secrets != nil:
			s.Secret[i] = tv.Secrets[i]
		case tv.Viewer() == game.Seat(i):
			s.Secret[i] = tv.Mine
		default:
			s.Secret[i] = 100000 + rng.IntN(900000)
		}
	}
	return s, nil
}

// Messages implements game.Rules.
func (Rules) Messages() game.Catalog {
	en := map[string]string{
		"srvtest.name": "Server test", "srvtest.north": "North", "srvtest.south": "South",
		"srvtest.opt.length": "Length", "srvtest.opt.silent": "Silent", "srvtest.picked": "{seat} picked {n}",
		"srvtest.peeked": "You peeked at {secret}", "srvtest.peek": "{seat} peeked",
		"srvtest.won": "The larger secret wins",
	}
	return game.Catalog{"en": en, "fr": en, "nl": en}
}

// State is a game in progress.
type State struct {
	Length int
	Silent bool // chat is closed while the game runs (game.ChatGate)
	Secret [2]int
	Picks  []int
	Moves  int
	Rng    game.Rand
}

// ChatOpen implements game.ChatGate: a silent game closes the chat.
func (s *State) ChatOpen() bool { return !s.Silent }

// ToAct implements game.State.
func (s *State) ToAct() game.SeatSet {
	if s.Moves >= s.Length {
		return 0
	}
	return game.SeatsOf(game.Seat(s.Moves % 2))
}

// Legal implements game.State.
func (s *State) Legal(seat game.Seat, buf []game.Move) []game.Move {
	if !s.ToAct().Has(seat) {
		return buf
	}
	return append(buf, kindPick<<8|1, kindPick<<8|2, kindPick<<8|3, kindPeek<<8)
}

// Apply implements game.State.
func (s *State) Apply(seat game.Seat, m game.Move, log *game.Log) error {
	if s.Moves >= s.Length {
		return game.ErrGameOver
	}
	if !s.ToAct().Has(seat) {
		return game.ErrNotYourTurn
	}
	if !game.Contains(s.Legal(seat, nil), m) {
		return game.Illegal("srvtest.err.bad-pick")
	}
	name := []string{"north", "south"}[seat]
	if m>>8 == kindPick {
		s.Picks = append(s.Picks, int(m&0xff))
		if log.On() {
			log.Add(game.Event{Type: "srvtest.picked", To: game.Public, Text: game.T("srvtest.picked", "seat", name, "n", int(m&0xff))})
		}
	} else {
		s.Picks = append(s.Picks, 0)
		if log.On() {
			log.Add(game.Event{Type: "srvtest.peeked", To: game.Only(seat), Text: game.T("srvtest.peeked", "secret", Word(s.Secret[seat])),
				Data: map[string]string{"secret": Word(s.Secret[seat])}})
			log.Add(game.Event{Type: "srvtest.peek", To: game.AllBut(seat), Text: game.T("srvtest.peek", "seat", name)})
		}
	}
	s.Moves++
	return nil
}

// View is what one seat may know.
type View struct {
	Seat    game.Seat `json:"seat"`
	Length  int       `json:"length"`
	Moves   int       `json:"moves"`
	Picks   []int     `json:"picks"`
	Mine    int       `json:"-"`
	MineW   string    `json:"mine,omitempty"`
	Secrets []int     `json:"-"`
	All     []string  `json:"secrets,omitempty"`
}

// Viewer implements game.View.
func (v *View) Viewer() game.Seat { return v.Seat }

// View implements game.State.
func (s *State) View(seat game.Seat) game.View {
	v := &View{Seat: seat, Length: s.Length, Moves: s.Moves, Picks: append([]int{}, s.Picks...)}
	if seat >= 0 && seat < 2 {
		v.Mine, v.MineW = s.Secret[seat], Word(s.Secret[seat])
	}
	if s.Moves >= s.Length {
		v.Secrets = []int{s.Secret[0], s.Secret[1]}
		v.All = []string{Word(s.Secret[0]), Word(s.Secret[1])}
	}
	return v
}

// Outcome implements game.State.
func (s *State) Outcome() game.Outcome {
	if s.Moves < s.Length {
		return game.Outcome{}
	}
	w := "north"
	if s.Secret[1] > s.Secret[0] {
		w = "south"
	}
	return game.Outcome{Over: true, Winner: w, Reason: game.T("srvtest.won")}
}

// Clone implements game.State.
func (s *State) Clone() game.State {
	c := *s
	c.Picks = append([]int(nil), s.Picks...)
	return &c
}

// Snapshot implements game.State.
func (s *State) Snapshot() []byte {
	data, _ := json.Marshal(s)
	return data
}
