package pocket

import (
	"encoding/json"
	"testing"

	"gaslamp/game"
)

// board builds a board with character i in cell i, the given walls (one
// letter per cell) and the detectives' places.
func board(walls string, holmes, watson, toby uint8) Board {
	var b Board
	for i := range 9 {
		b.Tiles[i] = Character(i)
		b.Walls[i], _ = ParseSide(walls[i : i+1])
	}
	b.Places = [3]uint8{holmes, watson, toby}
	return b
}

func cells(list ...int) uint16 {
	var m uint16
	for _, c := range list {
		m |= 1 << c
	}
	return m
}

// The places are numbered clockwise from above the top-left tile (A5).
func TestPlacesLookDownTheirRowOrColumn(t *testing.T) {
	b := board("EEEEEEEEE", 1, 1, 1) // walls east: open north-south, and seen from the west
	for p, want := range map[uint8]uint16{
		1: cells(0, 3, 6), 2: cells(1, 4, 7), 3: cells(2, 5, 8),
		7: cells(2, 5, 8), 8: cells(1, 4, 7), 9: cells(0, 3, 6),
		10: cells(6), 11: cells(3), 12: cells(0), // looking east: the far wall stops after one tile
		4: 0, 5: 0, 6: 0, // looking west: the wall faces the detective
	} {
		if got := b.Line(p); got != want {
			t.Errorf("place %d sees %09b, want %09b", p, got, want)
		}
	}
	if got := nextPlace(12, 1); got != 1 {
		t.Errorf("clockwise from 12 gives %d, want 1", got)
	}
	if got := nextPlace(11, 2); got != 1 {
		t.Errorf("two places from 11 give %d, want 1", got)
	}
}

// A8: a wall on the side facing the detective stops the line before its tile.
func TestSightStopsAtWallFacingDetective(t *testing.T) {
	b := board("NEEEEEEEE", 1, 1, 1)
	if got := b.Line(1); got != 0 {
		t.Errorf("place 1 sees %09b through a wall facing it", got)
	}
	b = board("EEENEEEEE", 1, 1, 1) // the second tile's wall faces the detective
	if got := b.Line(1); got != cells(0) {
		t.Errorf("place 1 sees %09b, want only cell 0", got)
	}
}

// A8: a wall on the far side stops the line after its tile; a wall at right
// angles lets it through.
func TestSightPassesWallAtRightAngles(t *testing.T) {
	b := board("EEEWEEEEE", 1, 1, 1)
	if got := b.Line(1); got != cells(0, 3, 6) {
		t.Errorf("place 1 sees %09b, want the whole column", got)
	}
	b = board("EEESEEEEE", 1, 1, 1)
	if got := b.Line(1); got != cells(0, 3) {
		t.Errorf("place 1 sees %09b, want cells 0 and 3 (far wall on 3)", got)
	}
}

// A8: a flipped tile keeps its streets: sight passes it, and its character is
// no longer a suspect to be seen.
func TestSightPassesFlippedTiles(t *testing.T) {
	b := board("EEEEEEEEE", 2, 12, 12)
	b.Cleared = CharSet(0).With(Character(4))
	if got := b.Line(2); got != cells(1, 4, 7) {
		t.Errorf("place 2 sees %09b, want the whole column", got)
	}
	sight := b.Sight()
	if sight.Seen.Has(Character(4)) || !sight.Seen.Has(Character(1)) || !sight.Seen.Has(Character(7)) {
		t.Errorf("seen suspects %v", sight.Seen.List())
	}
}

// A3: Joseph Lane's suspect side is a T whose wall is the barricade; his
// flipped side is a crossroads without a wall.
func TestLaneBarricadeAndCrossroads(t *testing.T) {
	var b Board
	for i := range 9 {
		b.Tiles[i] = Character(i)
		b.Walls[i] = East
	}
	b.Tiles[3], b.Tiles[8] = Lane, b.Tiles[3] // Lane in cell 3, column 0
	b.Walls[3] = North                        // barricade towards place 1
	if got := b.Line(1); got != cells(0) {
		t.Fatalf("place 1 sees %09b past Lane's barricade, want cell 0", got)
	}
	if got := b.Line(9); got != cells(6, 3) {
		t.Fatalf("place 9 sees %09b, want cells 6 and 3 (barricade on the far side)", got)
	}
	b.Walls[3] = West // barricade at right angles to the column
	if got := b.Line(1); got != cells(0, 3, 6) {
		t.Fatalf("place 1 sees %09b, want the whole column", got)
	}
	if got := b.Line(11); got != 0 {
		t.Fatalf("place 11 sees %09b through the barricade facing it", got)
	}
	b.Cleared = b.Cleared.With(Lane) // the crossroads: no wall at all
	for _, w := range []Side{North, East, South, West} {
		b.Walls[3] = w
		if got := b.Line(1); got != cells(0, 3, 6) {
			t.Errorf("flipped Lane, wall %s: place 1 sees %09b", w, got)
		}
		if got := b.Line(11); got != cells(3, 4) {
			t.Errorf("flipped Lane, wall %s: place 11 sees %09b, want cells 3 and 4 (cell 4's far wall)", w, got)
		}
	}
	if b.Sight().Seen.Has(Lane) {
		t.Error("a flipped Lane is still seen as a suspect")
	}
}

// A4: at the start no detective sees anything.
func TestSetupFacesWalls(t *testing.T) {
	for seed := range uint64(200) {
		s := newState(seed)
		if s.b.Places != [3]uint8{12, 4, 8} {
			t.Fatalf("seed %d: places %v", seed, s.b.Places)
		}
		if sight := s.b.Sight(); sight.Cells != [3]uint16{} {
			t.Fatalf("seed %d: detectives see %v at the start", seed, sight.Cells)
		}
		var all CharSet
		for _, c := range s.b.Tiles {
			all = all.With(c)
		}
		cards := CharSet(0).With(s.jack)
		for _, c := range s.pile[:s.pileN] {
			cards = cards.With(c)
		}
		if all != AllCharacters || cards != AllCharacters || s.pileN != 8 {
			t.Fatalf("seed %d: tiles %v, cards %v", seed, all.List(), cards.List())
		}
	}
}

// Visible previews what the detectives would see after a move, from public
// facts only.
func TestVisiblePreview(t *testing.T) {
	s := &State{b: board("NNNNNNNNN", 12, 4, 8), rotated: NoCharacter, turn: 1}
	now, err := Visible(s)
	if err != nil || now.Cells[Holmes] != cells(0, 1, 2) || now.Cells[Toby] != cells(7) {
		t.Fatalf("now: %v %v", now, err)
	}
	v := s.View(InvestigatorSeat).(*View)
	after, err := Visible(v, DetectiveMove(Holmes, 2), RotateMove(4, East))
	if err != nil {
		t.Fatal(err)
	}
	// Holmes at 2 looks south down column 1: cell 1's wall N faces him.
	if after.Cells[Holmes] != 0 || !after.Seen.Has(Character(7)) || after.Seen.Has(Character(4)) {
		t.Fatalf("after: %+v", after)
	}
	after, _ = Visible(v, JokerMove(Toby))
	if after.Cells[Toby] != cells(6) {
		t.Fatalf("Toby at 9 sees %09b", after.Cells[Toby])
	}
	if _, err := Visible(v, 1<<40); err == nil {
		t.Fatal("malformed move accepted")
	}
}

// Views survive a JSON round trip (for bots out of process).
func TestViewJSONRoundTrip(t *testing.T) {
	for seed := range uint64(30) {
		s := midGame(seed, int(seed))
		for _, seat := range []game.Seat{JackSeat, InvestigatorSeat, game.Spectator} {
			data := encode(s.View(seat))
			var v View
			if err := json.Unmarshal([]byte(data), &v); err != nil {
				t.Fatal(err)
			}
			if encode(&v) != data {
				t.Fatalf("round trip:\n%s\n%s", data, encode(&v))
			}
		}
	}
}
