package jekyll

import (
	"math/bits"
	"strconv"
)

// Card is one of the 28 cards of the game: the coloured cards 0..23 (colour
// c, value v at index 8c+v-1) and the four potions 24..27.
type Card uint8

// NoCard marks an empty place (no card played yet, no card known).
const NoCard Card = 255

// The three colours and the number of cards.
const (
	Red       = 0 // Cunning (Ruse)
	Blue      = 1 // Fear (Peur)
	Black     = 2 // Manipulation
	NumCards  = 28
	potionLo  = 24
	allCards  = uint32(1)<<NumCards - 1
	potionSet = uint32(0xF) << potionLo
)

var colourNames = [3]string{"red", "blue", "black"}

// colourSet[c] holds the eight cards of colour c.
var colourSet = [3]uint32{0xFF, 0xFF << 8, 0xFF << 16}

// eightSet holds the three 8s; lowSet the nine cards of value 1, 2 or 3.
const (
	eightSet = uint32(1)<<7 | 1<<15 | 1<<23
	lowSet   = uint32(7) | 7<<8 | 7<<16
)

// IsPotion reports whether c is a potion.
func (c Card) IsPotion() bool { return c >= potionLo && c < NumCards }

// Colour returns the colour of a coloured card (Red, Blue, Black), or -1 for a
// potion.
func (c Card) Colour() int {
	if c >= potionLo {
		return -1
	}
	return int(c) / 8
}

// Value returns the value 1..8 of a coloured card, or the potion number 1..4.
func (c Card) Value() int {
	if c >= potionLo {
		return int(c) - potionLo + 1
	}
	return int(c)%8 + 1
}

// String returns the card's id: "red-8", "blue-1", "potion-2".
func (c Card) String() string {
	if c >= NumCards {
		return "none"
	}
	if c.IsPotion() {
		return "potion-" + strconv.Itoa(c.Value())
	}
	return colourNames[c.Colour()] + "-" + strconv.Itoa(c.Value())
}

var cardByName = func() map[string]Card {
	m := make(map[string]Card, NumCards)
	for c := Card(0); c < NumCards; c++ {
		m[c.String()] = c
	}
	return m
}()

// ParseCard reads a card id such as "red-8" or "potion-2".
func ParseCard(s string) (Card, bool) {
	c, ok := cardByName[s]
	return c, ok
}

func colourIndex(s string) int {
	for i, n := range colourNames {
		if n == s {
			return i
		}
	}
	return -1
}

func bit(c Card) uint32 { return 1 << c }

func count(m uint32) int { return bits.OnesCount32(m) }

// cardsOf lists the cards of a mask in increasing order.
func cardsOf(m uint32) []Card {
	out := make([]Card, 0, count(m))
	for ; m != 0; m &= m - 1 {
		out = append(out, Card(bits.TrailingZeros32(m)))
	}
	return out
}

// names lists the ids of the cards of a mask in increasing order.
func names(m uint32) []string {
	out := make([]string, 0, count(m))
	for ; m != 0; m &= m - 1 {
		out = append(out, Card(bits.TrailingZeros32(m)).String())
	}
	return out
}

func trailing(m uint32) int { return bits.TrailingZeros32(m) }
