package hunt

import (
	"errors"
	"fmt"

	"gaslamp/board"
)

// MoveKind says how Jack moved, as far as the public knows.
type MoveKind uint8

// The kinds of Jack's moves.
const (
	// Walk goes to a walking neighbour along streets whose crossings hold no
	// figure (board.Board.WalkTargets with Move.Occupied). One cell.
	Walk MoveKind = iota
	// Coach is two walks in a row that ignore figures. It writes two cells;
	// they differ from each other and from the circle the coach left, and
	// neither may be blue.
	Coach
	// Alley goes to another circle of the same land block (board AlleySet).
	// One cell.
	Alley
	// Boat goes to another blue circle of the same water group (board
	// BoatSet). One cell.
	Boat
	// Hidden is a face-down special card (murderer-at-large): an Alley or a
	// Boat, the public does not know which. One cell.
	Hidden
)

// String returns "walk", "coach", "alley", "boat" or "hidden".
func (k MoveKind) String() string {
	switch k {
	case Walk:
		return "walk"
	case Coach:
		return "coach"
	case Alley:
		return "alley"
	case Boat:
		return "boat"
	case Hidden:
		return "hidden"
	}
	return fmt.Sprintf("MoveKind(%d)", uint8(k))
}

// Cells returns the number of trail cells a move of kind k writes: 2 for a
// Coach, 1 for the other kinds, 0 for an unknown kind.
func (k MoveKind) Cells() int {
	switch k {
	case Coach:
		return 2
	case Walk, Alley, Boat, Hidden:
		return 1
	}
	return 0
}

// Move is one of Jack's moves as the public saw it.
type Move struct {
	// Kind is the kind of move (Hidden when the card was face down).
	Kind MoveKind
	// Occupied is the set of crossings holding figures when Jack moved; only
	// a Walk looks at it.
	Occupied board.Set
}

// ObsKind is the kind of a public observation.
type ObsKind uint8

// The kinds of observations.
const (
	// Clue: Obs.Circle is one of trail cells 0..Obs.Time (a search hit).
	Clue ObsKind = iota
	// NoClue: Obs.Circle is none of trail cells 0..Obs.Time (a search that
	// named the circle without a hit).
	NoClue
	// NotHere: trail cell Obs.Time is not Obs.Circle (a failed arrest).
	NotHere
)

// String returns "clue", "no-clue" or "not-here".
func (k ObsKind) String() string {
	switch k {
	case Clue:
		return "clue"
	case NoClue:
		return "no-clue"
	case NotHere:
		return "not-here"
	}
	return fmt.Sprintf("ObsKind(%d)", uint8(k))
}

// Obs is one public observation about Jack's trail.
type Obs struct {
	// Time is the index of the last trail cell written when the observation
	// was made. It is never the middle cell of a Coach.
	Time int
	// Circle is the circle the observation is about.
	Circle int
	// Kind says what was observed.
	Kind ObsKind
}

// Round is one round (Whitehall) or night (Whitechapel) as the public saw
// it. Cell 0 of the trail is Start; Jack's k-th move writes the next cell (a
// Coach writes two cells). Observations may be listed in any order.
type Round struct {
	// Start is the circle of cell 0.
	Start int
	// Moves lists Jack's moves in order.
	Moves []Move
	// Obs lists the observations.
	Obs []Obs
}

// Now returns the index of the last trail cell the moves of r write (0 when
// there is no move). Moves of unknown kind count for no cell.
func (r *Round) Now() int {
	n := 0
	for _, m := range r.Moves {
		n += m.Kind.Cells()
	}
	return n
}

// Errors returned by Solve and the Tracker. Returned errors wrap one of them
// with a detail; test with errors.Is.
var (
	// ErrInconsistent: no trail fits the moves and the observations.
	ErrInconsistent = errors.New("hunt: no trail fits the round")
	// ErrMalformed: the round cannot be read (bad circle, time or kind, nil
	// board, too many clue circles).
	ErrMalformed = errors.New("hunt: malformed round")
)

// MaxClueCircles is the largest number of distinct circles that may carry a
// Clue observation in one round. A trail of at most 63 moves visits at most
// 64 circles, so a consistent round of that length never needs more.
const MaxClueCircles = 64

// Solve returns every trail of round r on board b that is consistent with
// all its moves and observations, summarised as a Solution. It returns an
// error wrapping ErrMalformed when r cannot be read, and one wrapping
// ErrInconsistent when no trail fits.
func Solve(b *board.Board, r *Round) (*Solution, error) {
	if r == nil {
		return nil, fmt.Errorf("%w: nil round", ErrMalformed)
	}
	t := NewTracker(b, r.Start)
	for _, m := range r.Moves {
		if err := t.AddMove(m); err != nil {
			return nil, err
		}
	}
	for _, o := range r.Obs {
		if err := t.AddObs(o); err != nil {
			return nil, err
		}
	}
	return t.Solution()
}
