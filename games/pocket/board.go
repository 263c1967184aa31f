package pocket

import (
	"encoding/json"
	"errors"
	"math/bits"
)

// NumPlaces is the number of places around the grid where detectives stand.
const NumPlaces = 12

// Start places of the detectives (A5): Holmes left of the top row, Watson
// right of the top row, Toby below the middle column.
const (
	HolmesStart = 12
	WatsonStart = 4
	TobyStart   = 8
)

// Board is the public layout of the game: which tile lies in each cell
// (cells 0..8, row by row from the top left), the side its wall is on, which
// characters are cleared (their tile shows its empty side), and the place
// (1..12, clockwise from above the top-left tile) of each detective.
type Board struct {
	Tiles   [9]Character // the character of the tile in each cell
	Walls   [9]Side      // the wall (or barricade) side of the tile in each cell
	Cleared CharSet      // characters whose tile shows its empty side
	Places  [3]uint8     // places 1..12 of Holmes, Watson and Toby
}

// sightLine lists, for each place 1..12 (index place-1), the three cells the
// detective there looks at, nearest first, and the side of those tiles that
// faces the detective.
var sightLine = func() (t [NumPlaces]struct {
	cells  [3]uint8
	facing Side
}) {
	for i := 0; i < 3; i++ {
		// Places 1..3: above column i, looking south.
		t[i].cells = [3]uint8{uint8(i), uint8(i + 3), uint8(i + 6)}
		t[i].facing = North
		// Places 4..6: right of row i, looking west.
		t[3+i].cells = [3]uint8{uint8(3*i + 2), uint8(3*i + 1), uint8(3 * i)}
		t[3+i].facing = East
		// Places 7..9: below column 2-i, looking north.
		c := 2 - i
		t[6+i].cells = [3]uint8{uint8(c + 6), uint8(c + 3), uint8(c)}
		t[6+i].facing = South
		// Places 10..12: left of row 2-i, looking east.
		r := 2 - i
		t[9+i].cells = [3]uint8{uint8(3 * r), uint8(3*r + 1), uint8(3*r + 2)}
		t[9+i].facing = West
	}
	return t
}()

// nextPlace returns the place n steps clockwise from p.
func nextPlace(p uint8, n int) uint8 { return uint8((int(p)-1+n)%NumPlaces + 1) }

// wallAt returns the effective wall side of the tile in cell c: NoWall for
// Joseph Lane's flipped crossroads (A3).
func (b *Board) wallAt(c uint8) Side {
	if b.Tiles[c] == Lane && b.Cleared.Has(Lane) {
		return NoWall
	}
	return b.Walls[c]
}

// Line returns the cells (bit i for cell i) a detective standing at place
// 1..12 sees (A8): a wall facing it stops the line before the tile, a wall on
// the far side stops it after the tile, a wall at right angles lets it
// through.
func (b *Board) Line(place uint8) uint16 {
	if place < 1 || place > NumPlaces {
		return 0
	}
	l := &sightLine[place-1]
	far := l.facing.Opposite()
	var m uint16
	for _, c := range l.cells {
		w := b.wallAt(c)
		if w == l.facing {
			break
		}
		m |= 1 << c
		if w == far {
			break
		}
	}
	return m
}

// charsIn returns the characters of the tiles in the cells of mask.
func (b *Board) charsIn(mask uint16) CharSet {
	var s CharSet
	for x := mask; x != 0; x &= x - 1 {
		s |= 1 << b.Tiles[bits.TrailingZeros16(x)]
	}
	return s
}

// Sight returns what the three detectives see now.
func (b *Board) Sight() Sight {
	var s Sight
	var all uint16
	for d := range 3 {
		s.Cells[d] = b.Line(b.Places[d])
		all |= s.Cells[d]
	}
	s.Seen = b.charsIn(all) &^ b.Cleared
	return s
}

// Suspects returns the characters whose tile still shows its suspect side.
func (b *Board) Suspects() CharSet { return AllCharacters &^ b.Cleared }

// cellOf returns the cell of character c's tile.
func (b *Board) cellOf(c Character) uint8 {
	for i, x := range b.Tiles {
		if x == c {
			return uint8(i)
		}
	}
	return 255
}

// Sight is what the detectives see: the cells in each detective's line of
// sight (bit i for cell i) and the suspects (characters still suspect side up)
// seen by at least one of them. Its JSON form is
// {"holmes":[cells],"watson":[cells],"toby":[cells],"seen":[ids]}.
type Sight struct {
	Cells [3]uint16 // Holmes, Watson, Toby
	Seen  CharSet
}

// sightJSON is the JSON form of a Sight.
type sightJSON struct {
	Holmes []int   `json:"holmes"`
	Watson []int   `json:"watson"`
	Toby   []int   `json:"toby"`
	Seen   CharSet `json:"seen"`
}

// MarshalJSON gives the readable form.
func (s Sight) MarshalJSON() ([]byte, error) {
	list := func(m uint16) []int {
		out := make([]int, 0, bits.OnesCount16(m))
		for x := m; x != 0; x &= x - 1 {
			out = append(out, bits.TrailingZeros16(x))
		}
		return out
	}
	return json.Marshal(sightJSON{list(s.Cells[0]), list(s.Cells[1]), list(s.Cells[2]), s.Seen})
}

// UnmarshalJSON reads the readable form.
func (s *Sight) UnmarshalJSON(b []byte) error {
	var j sightJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*s = Sight{Seen: j.Seen}
	for d, l := range [3][]int{j.Holmes, j.Watson, j.Toby} {
		for _, c := range l {
			if c < 0 || c > 8 {
				return errors.New("pocket: bad cell in sight")
			}
			s.Cells[d] |= 1 << c
		}
	}
	return nil
}
