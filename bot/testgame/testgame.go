package testgame

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"strconv"

	"gaslamp/game"
)

// ID is the id the game is registered under.
const ID = "testgame"

// DeckSize is the number of cards, numbered 1..DeckSize.
const DeckSize = 13

func init() { game.Register(Rules{}) }

// Rules is the test game's definition.
type Rules struct{}

// Hand is a set of cards as a bit mask (bit c = card c).
type Hand uint16

// Has reports whether card c is in the hand.
func (h Hand) Has(c int) bool { return c >= 1 && c <= DeckSize && h&(1<<uint(c)) != 0 }

// Len is the number of cards in the hand.
func (h Hand) Len() int { return bits.OnesCount16(uint16(h)) }

// Cards lists the cards in increasing order.
func (h Hand) Cards() []int {
	out := []int{}
	for x := uint16(h); x != 0; x &= x - 1 {
		out = append(out, bits.TrailingZeros16(x))
	}
	return out
}

func handOf(cards []int) Hand {
	var h Hand
	for _, c := range cards {
		h |= 1 << uint(c)
	}
	return h
}

const allCards = Hand((1<<(DeckSize+1) - 1) &^ 1)

// ID implements game.Rules.
func (Rules) ID() string { return ID }

// Name implements game.Rules.
func (Rules) Name() game.Text { return game.T("testgame.name") }

// Sides implements game.Rules.
func (Rules) Sides() []string { return []string{"west", "east"} }

// OptionSpecs implements game.Rules: "hand" is the number of cards dealt to each
// seat.
func (Rules) OptionSpecs() []game.OptionSpec {
	return []game.OptionSpec{{Name: "hand", Kind: "choice", Default: "5", Choices: []string{"3", "5"}, Label: game.T("testgame.opt.hand")}}
}

// Seats implements game.Rules.
func (r Rules) Seats(opts game.Options) ([]game.SeatInfo, error) {
	if err := game.Validate(r.OptionSpecs(), opts); err != nil {
		return nil, err
	}
	return []game.SeatInfo{
		{ID: "west", Side: "west", Name: game.T("testgame.seat.west")},
		{ID: "east", Side: "east", Name: game.T("testgame.seat.east")},
	}, nil
}

// State is one game in progress.
type State struct {
	Opts   game.Options `json:"options,omitempty"`
	Size   int          `json:"size"`
	Hands  [2]Hand      `json:"hands"`
	Led    int          `json:"led"` // card led in the current trick, 0 when none
	Leader game.Seat    `json:"leader"`
	Tricks [2]int       `json:"tricks"`
	Played []Play       `json:"played"`
	Rng    game.Rand    `json:"rng"`
}

// Play is one card played.
type Play struct {
	Seat game.Seat `json:"seat"`
	Card int       `json:"card"`
}

// New implements game.Rules.
func (r Rules) New(opts game.Options, seed uint64) (game.State, error) {
	if err := game.Validate(r.OptionSpecs(), opts); err != nil {
		return nil, err
	}
	s := &State{Opts: opts, Size: opts.Int("hand", 5), Rng: game.NewRand(seed)}
	deck := allCards.Cards()
	s.Rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	s.Hands[0] = handOf(deck[:s.Size])
	s.Hands[1] = handOf(deck[s.Size : 2*s.Size])
	return s, nil
}

type moveJSON struct {
	Card int `json:"card"`
}

// EncodeMove implements game.Rules: {"card":7}.
func (Rules) EncodeMove(m game.Move) json.RawMessage {
	data, _ := json.Marshal(moveJSON{Card: int(m)})
	return data
}

// DecodeMove implements game.Rules.
func (Rules) DecodeMove(data []byte) (game.Move, error) {
	var j moveJSON
	if err := json.Unmarshal(data, &j); err != nil || j.Card < 0 {
		return 0, game.ErrMalformed
	}
	return game.Move(j.Card), nil
}

// Determinize implements game.Rules: the cards the viewer cannot see are dealt
// at random among the hands it cannot see.
func (Rules) Determinize(v game.View, rng *game.Rand) (game.State, error) {
	view, ok := v.(*View)
	if !ok {
		return nil, fmt.Errorf("testgame: Determinize of a %T", v)
	}
	s := &State{Opts: view.Opts, Size: view.Size, Led: view.Led, Leader: view.Leader, Tricks: view.Tricks,
		Played: append([]Play(nil), view.Played...), Rng: rng.Split()}
	if view.Over {
		s.Hands = [2]Hand{handOf(view.Hands[0]), handOf(view.Hands[1])}
		return s, nil
	}
	unseen := allCards
	for _, p := range view.Played {
		unseen &^= 1 << uint(p.Card)
	}
	if view.Seat >= 0 {
		s.Hands[view.Seat] = handOf(view.Hand)
		unseen &^= s.Hands[view.Seat]
	}
	pool := unseen.Cards()
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for seat := game.Seat(0); seat < 2; seat++ {
		if seat == view.Seat {
			continue
		}
		n := view.Counts[seat]
		if n > len(pool) {
			return nil, fmt.Errorf("testgame: view needs %d unseen cards, has %d", n, len(pool))
		}
		s.Hands[seat] = handOf(pool[:n])
		pool = pool[n:]
	}
	return s, nil
}

// Messages implements game.Rules.
func (Rules) Messages() game.Catalog {
	return game.Catalog{
		"en": {"testgame.name": "Test tricks", "testgame.opt.hand": "Cards in hand", "testgame.seat.west": "West", "testgame.seat.east": "East",
			"testgame.played": "{seat} played {card}", "testgame.trick": "{seat} takes the trick", "testgame.won": "{side} took more tricks",
			"testgame.err.card": "You do not hold that card", "testgame.err.follow": "You must follow suit"},
		"fr": {"testgame.name": "Plis de test", "testgame.opt.hand": "Cartes en main", "testgame.seat.west": "Ouest", "testgame.seat.east": "Est",
			"testgame.played": "{seat} a joué {card}", "testgame.trick": "{seat} prend le pli", "testgame.won": "{side} a pris plus de plis",
			"testgame.err.card": "Vous n'avez pas cette carte", "testgame.err.follow": "Vous devez fournir"},
		"nl": {"testgame.name": "Testslagen", "testgame.opt.hand": "Kaarten in de hand", "testgame.seat.west": "West", "testgame.seat.east": "Oost",
			"testgame.played": "{seat} speelde {card}", "testgame.trick": "{seat} neemt de slag", "testgame.won": "{side} nam meer slagen",
			"testgame.err.card": "Je hebt die kaart niet", "testgame.err.follow": "Je moet kleur bekennen"},
	}
}

func (s *State) over() bool { return s.Tricks[0]+s.Tricks[1] == s.Size }

// turn is the seat that must play now.
func (s *State) turn() game.Seat {
	if s.Led == 0 {
		return s.Leader
	}
	return 1 - s.Leader
}

// ToAct implements game.State.
func (s *State) ToAct() game.SeatSet {
	if s.over() {
		return 0
	}
	return game.SeatsOf(s.turn())
}

func suit(c int) int { return c & 1 }

// Legal implements game.State.
func (s *State) Legal(seat game.Seat, buf []game.Move) []game.Move {
	if s.over() || seat != s.turn() {
		return buf
	}
	h := s.Hands[seat]
	if s.Led != 0 {
		var follow Hand
		for _, c := range h.Cards() {
			if suit(c) == suit(s.Led) {
				follow |= 1 << uint(c)
			}
		}
		if follow != 0 {
			h = follow
		}
	}
	for x := uint16(h); x != 0; x &= x - 1 {
		buf = append(buf, game.Move(bits.TrailingZeros16(x)))
	}
	return buf
}

// Apply implements game.State.
func (s *State) Apply(seat game.Seat, m game.Move, log *game.Log) error {
	if s.over() {
		return game.ErrGameOver
	}
	if seat != s.turn() {
		return game.ErrNotYourTurn
	}
	if m > DeckSize || !s.Hands[seat].Has(int(m)) {
		return game.Illegal("testgame.err.card")
	}
	c := int(m)
	if s.Led != 0 && suit(c) != suit(s.Led) {
		for _, x := range s.Hands[seat].Cards() {
			if suit(x) == suit(s.Led) {
				return game.Illegal("testgame.err.follow")
			}
		}
	}
	s.Hands[seat] &^= 1 << uint(c)
	s.Played = append(s.Played, Play{Seat: seat, Card: c})
	names := [2]string{"west", "east"}
	if log.On() {
		log.Add(game.Event{Type: "testgame.played", To: game.Public, Text: game.T("testgame.played", "seat", names[seat], "card", c)})
	}
	if s.Led == 0 {
		s.Led = c
		return nil
	}
	winner := s.Leader
	if suit(c) == suit(s.Led) && c > s.Led {
		winner = seat
	}
	s.Tricks[winner]++
	s.Led = 0
	s.Leader = winner
	if log.On() {
		log.Add(game.Event{Type: "testgame.trick", To: game.Public, Text: game.T("testgame.trick", "seat", names[winner])})
	}
	return nil
}

// View is what one seat knows: its own hand, the cards played, the number of
// cards each seat holds. When the game is over it holds both hands.
type View struct {
	Seat   game.Seat    `json:"seat"`
	Opts   game.Options `json:"options,omitempty"`
	Size   int          `json:"size"`
	Hand   []int        `json:"hand,omitempty"`
	Counts [2]int       `json:"counts"`
	Led    int          `json:"led"`
	Leader game.Seat    `json:"leader"`
	Tricks [2]int       `json:"tricks"`
	Played []Play       `json:"played"`
	Over   bool         `json:"over"`
	Hands  [2][]int     `json:"hands,omitempty"`
}

// Viewer implements game.View.
func (v *View) Viewer() game.Seat { return v.Seat }

// Options returns the table's options.
func (v *View) Options() game.Options { return v.Opts }

// View implements game.State.
func (s *State) View(seat game.Seat) game.View {
	v := &View{Seat: seat, Opts: s.Opts, Size: s.Size, Led: s.Led, Leader: s.Leader, Tricks: s.Tricks,
		Played: append([]Play{}, s.Played...), Over: s.over(),
		Counts: [2]int{s.Hands[0].Len(), s.Hands[1].Len()}}
	if seat >= 0 && seat < 2 {
		v.Hand = s.Hands[seat].Cards()
	}
	if v.Over {
		v.Hands = [2][]int{s.Hands[0].Cards(), s.Hands[1].Cards()}
	}
	return v
}

// Outcome implements game.State.
func (s *State) Outcome() game.Outcome {
	if !s.over() {
		return game.Outcome{}
	}
	side := "west"
	if s.Tricks[1] > s.Tricks[0] {
		side = "east"
	}
	return game.Outcome{Over: true, Winner: side, Reason: game.T("testgame.won", "side", side)}
}

// Rounds is the number of tricks played, reported by the arena.
func (s *State) Rounds() int { return s.Tricks[0] + s.Tricks[1] }

// Clone implements game.State.
func (s *State) Clone() game.State {
	c := *s
	c.Played = append([]Play(nil), s.Played...)
	return &c
}

// Snapshot implements game.State.
func (s *State) Snapshot() []byte {
	data, _ := json.Marshal(s)
	return data
}

// String shows the state for debugging.
func (s *State) String() string {
	return "west " + fmt.Sprint(s.Hands[0].Cards()) + " east " + fmt.Sprint(s.Hands[1].Cards()) + " led " + strconv.Itoa(s.Led)
}
