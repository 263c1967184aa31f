package jekyll

import (
	"encoding/json"

	"gaslamp/game"
)

// Move kinds, in the low byte of a game.Move; the card or the first colour is
// in bits 8-15 and the second colour in bits 16-23.
const (
	kindReady     = 1 // ask for the deal (day, before the deal)
	kindGive      = 2 // give one card to the City (day)
	kindPlay      = 3 // play one card (night)
	kindSwapRanks = 4 // blue reaction: swap the ranks of two colours
	kindSwapCard  = 5 // black reaction: swap a card with the City's top card
)

var kindNames = [...]string{"", "ready", "give", "play", "swap-ranks", "swap-card"}

func mv(kind int, a, b int) game.Move { return game.Move(kind | a<<8 | b<<16) }

func moveKind(m game.Move) int  { return int(m & 0xFF) }
func moveCard(m game.Move) Card { return Card(m >> 8 & 0xFF) }
func moveB(m game.Move) int     { return int(m >> 16 & 0xFF) }

// Move constructors, exported for tests and tools.

// ReadyMove asks for the deal.
func ReadyMove() game.Move { return mv(kindReady, 0, 0) }

// GiveMove gives card c to the City.
func GiveMove(c Card) game.Move { return mv(kindGive, int(c), 0) }

// PlayMove plays card c.
func PlayMove(c Card) game.Move { return mv(kindPlay, int(c), 0) }

// SwapRanksMove swaps the ranks of colours a and b (a blue reaction).
func SwapRanksMove(a, b int) game.Move {
	if a > b {
		a, b = b, a
	}
	return mv(kindSwapRanks, a, b)
}

// SwapCardMove puts card c on top of the City deck and takes the top card (a
// black reaction).
func SwapCardMove(c Card) game.Move { return mv(kindSwapCard, int(c), 0) }

type intent struct {
	Kind string `json:"kind"`
	Card string `json:"card,omitempty"`
	A    string `json:"a,omitempty"`
	B    string `json:"b,omitempty"`
}

func encodeMove(m game.Move) json.RawMessage {
	k := moveKind(m)
	in := intent{}
	if k > 0 && k < len(kindNames) {
		in.Kind = kindNames[k]
	}
	switch k {
	case kindGive, kindPlay, kindSwapCard:
		in.Card = moveCard(m).String()
	case kindSwapRanks:
		a, b := int(moveCard(m)), moveB(m)
		if a < 3 && b < 3 {
			in.A, in.B = colourNames[a], colourNames[b]
		}
	}
	data, _ := json.Marshal(in)
	return data
}

func decodeMove(data []byte) (game.Move, error) {
	var in intent
	if err := json.Unmarshal(data, &in); err != nil {
		return 0, game.Errorf(game.CodeMalformed, "err.malformed-move", "bad JSON")
	}
	bad := func(why string) (game.Move, error) {
		return 0, game.Errorf(game.CodeMalformed, "err.malformed-move", why)
	}
	card := func() (Card, bool) { return ParseCard(in.Card) }
	switch in.Kind {
	case "ready":
		return ReadyMove(), nil
	case "give", "play", "swap-card":
		c, ok := card()
		if !ok {
			return bad("unknown card")
		}
		switch in.Kind {
		case "give":
			return GiveMove(c), nil
		case "play":
			return PlayMove(c), nil
		}
		return SwapCardMove(c), nil
	case "swap-ranks":
		a, b := colourIndex(in.A), colourIndex(in.B)
		if a < 0 || b < 0 || a == b {
			return bad("two different colours needed")
		}
		return SwapRanksMove(a, b), nil
	}
	return bad("unknown kind")
}
