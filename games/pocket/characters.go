package pocket

import (
	"encoding/json"
	"fmt"
	"math/bits"

	"gaslamp/game"
)

// Character is one of the nine characters: a district tile's suspect and an
// alibi card. Its JSON form is its id ("madame", "smith", ...).
type Character uint8

// The nine characters (A2), in a fixed order used by bit sets and snapshots.
const (
	Madame Character = iota
	Goodley
	Lestrade
	Stealthy
	Smith
	Pizer
	Gull
	Bert
	Lane
	// NumCharacters is the number of characters.
	NumCharacters = 9
	// NoCharacter stands for "none"; its JSON form is "".
	NoCharacter Character = 255
)

var charIDs = [NumCharacters]string{"madame", "goodley", "lestrade", "stealthy", "smith", "pizer", "gull", "bert", "lane"}

// hourglassesOf is the number of hourglasses on each alibi card (A2).
var hourglassesOf = [NumCharacters]uint8{2, 0, 0, 1, 1, 1, 1, 1, 1}

// String returns the character's id, or "" for NoCharacter.
func (c Character) String() string {
	if c < NumCharacters {
		return charIDs[c]
	}
	return ""
}

// Hourglasses is the number of hourglasses on the character's alibi card.
func (c Character) Hourglasses() int {
	if c < NumCharacters {
		return int(hourglassesOf[c])
	}
	return 0
}

// Text is the character's translatable name.
func (c Character) Text() game.Text { return game.Text{Key: charKeys[c%16]} }

// Of is the character's name as the complement of a noun, in the language's
// own grammar: "of Insp. Lestrade", "de l'inspecteur Lestrade", "du sergent
// Goodley", "van inspecteur Lestrade". Templates put it after "the tile" or
// "the alibi", so French elides and contracts as a French reader expects.
func (c Character) Of() game.Text { return game.Text{Key: ofKeys[c%16]} }

var charKeys, ofKeys = func() (k, o [16]string) {
	for i := range k {
		k[i] = "pocket.char." + Character(i).String()
		o[i] = "pocket.of." + Character(i).String()
	}
	return k, o
}()

// MarshalText gives the character's id.
func (c Character) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a character id; "" is NoCharacter.
func (c *Character) UnmarshalText(b []byte) error {
	x, ok := ParseCharacter(string(b))
	if !ok {
		return fmt.Errorf("pocket: unknown character %q", b)
	}
	*c = x
	return nil
}

// ParseCharacter returns the character with id s ("" gives NoCharacter).
func ParseCharacter(s string) (Character, bool) {
	if s == "" {
		return NoCharacter, true
	}
	for i, id := range charIDs {
		if id == s {
			return Character(i), true
		}
	}
	return NoCharacter, false
}

// CharSet is a set of characters, bit c for character c. Its JSON form is the
// list of ids in character order.
type CharSet uint16

// AllCharacters is the set of the nine characters.
const AllCharacters CharSet = 1<<NumCharacters - 1

// Has reports whether c is in the set.
func (s CharSet) Has(c Character) bool { return c < NumCharacters && s&(1<<c) != 0 }

// With returns the set with c added.
func (s CharSet) With(c Character) CharSet { return s | 1<<c }

// Len returns the number of characters in the set.
func (s CharSet) Len() int { return bits.OnesCount16(uint16(s)) }

// List returns the characters of the set in character order.
func (s CharSet) List() []Character {
	out := make([]Character, 0, s.Len())
	for x := s & AllCharacters; x != 0; x &= x - 1 {
		out = append(out, Character(bits.TrailingZeros16(uint16(x))))
	}
	return out
}

// Texts returns the translatable names of the set's characters.
func (s CharSet) Texts() []game.Text {
	out := make([]game.Text, 0, s.Len())
	for _, c := range s.List() {
		out = append(out, c.Text())
	}
	return out
}

// MarshalJSON gives the list of ids.
func (s CharSet) MarshalJSON() ([]byte, error) { return json.Marshal(s.List()) }

// UnmarshalJSON reads a list of ids.
func (s *CharSet) UnmarshalJSON(b []byte) error {
	var l []Character
	if err := json.Unmarshal(b, &l); err != nil {
		return err
	}
	*s = 0
	for _, c := range l {
		if c >= NumCharacters {
			return fmt.Errorf("pocket: bad character in set")
		}
		*s = s.With(c)
	}
	return nil
}

// Detective is Holmes, Watson or Toby. Its JSON form is its id.
type Detective uint8

// The three detectives; NoDetective is the Joker's "move nobody" (Jack only).
const (
	Holmes Detective = iota
	Watson
	Toby
	NoDetective
)

var detectiveIDs = [4]string{"holmes", "watson", "toby", "none"}

// String returns the detective's id ("none" for NoDetective).
func (d Detective) String() string {
	if d <= NoDetective {
		return detectiveIDs[d]
	}
	return "?"
}

// Text is the detective's translatable name.
func (d Detective) Text() game.Text { return game.T("pocket.detective." + d.String()) }

// MarshalText gives the detective's id.
func (d Detective) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText reads a detective id.
func (d *Detective) UnmarshalText(b []byte) error {
	for i, id := range detectiveIDs {
		if id == string(b) {
			*d = Detective(i)
			return nil
		}
	}
	return fmt.Errorf("pocket: unknown detective %q", b)
}

// Side is a side of a tile, the side its wall (or Joseph Lane's barricade)
// is on. Its JSON form is "N", "E", "S" or "W".
type Side uint8

// The four sides, clockwise; NoWall is the wall of Joseph Lane's flipped
// crossroads (it has none).
const (
	North Side = iota
	East
	South
	West
	NoWall
)

var sideIDs = [5]string{"N", "E", "S", "W", ""}

// String returns "N", "E", "S", "W" (or "" for NoWall).
func (s Side) String() string {
	if s <= NoWall {
		return sideIDs[s]
	}
	return "?"
}

// Opposite returns the side across the tile.
func (s Side) Opposite() Side { return (s + 2) & 3 }

// MarshalText gives the side's letter.
func (s Side) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a side letter.
func (s *Side) UnmarshalText(b []byte) error {
	x, ok := ParseSide(string(b))
	if !ok {
		return fmt.Errorf("pocket: unknown side %q", b)
	}
	*s = x
	return nil
}

// ParseSide reads "N", "E", "S" or "W".
func ParseSide(s string) (Side, bool) {
	for i := North; i <= West; i++ {
		if sideIDs[i] == s {
			return i, true
		}
	}
	return NoWall, false
}
