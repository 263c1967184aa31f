package hunt

import (
	"fmt"

	"gaslamp/board"
	"gaslamp/game"
)

// Letters from Whitechapel
//
// A night of Letters from Whitechapel is a Round that starts at a crime
// scene. The counting of Solve applies unchanged: a Walk may not pass a
// crossing holding a policeman (Move.Occupied), a Coach makes two walks
// that ignore the policemen and writes two distinct cells different from
// the circle it left, an Alley crosses one block (board AlleySet). The one
// rule of Whitehall that does not apply, a Coach never stopping on a blue
// circle, is board-driven: it bans the board's blue circles, and the
// Whitechapel board has none. Boats need water groups, which Whitechapel
// lacks as well (every BoatSet is empty).
//
// What is new is the double event of night 3: Jack kills twice, the second
// kill is his first move, and both crime scenes are public. The trail is
// then cell 0 = the first crime scene, cell 1 = the second, and Jack flees
// from the second. Night counts such a night as a Round starting at the
// second crime scene, with every observation moved one cell back: the
// police skip tonight's crime scenes when they search, and an observation
// about the first crime scene is decided by cell 0 alone (a clue there is
// always true, a miss there never), except a failed arrest, which is about
// Jack's circle at its time and moves back like the others.

// Night is one night of Letters from Whitechapel as the public saw it.
// Trail cells are numbered from the crime scene: cell 0 is Scene, cell 1 is
// Second in a double event, and each move writes the next cells (a Coach
// two). Observation times use that numbering.
type Night struct {
	// Scene is the crime scene: cell 0 (the first one in a double event).
	Scene int
	// Second is the double event's second crime scene, cell 1; 0 when the
	// night had one victim.
	Second int
	// Moves lists Jack's moves after the kill(s), in order.
	Moves []Move
	// Obs lists the observations, in any order.
	Obs []Obs
	// Home says that the night is over: Jack's last move, which must be a
	// Walk, reached his hideout. A night without Home is still being played.
	Home bool
}

// Now returns the index of the last trail cell written: 0 (or 1 after a
// double event) before Jack's first move.
func (n *Night) Now() int {
	now := n.shift()
	for _, m := range n.Moves {
		now += m.Kind.Cells()
	}
	return now
}

// shift is the number of cells before the cell the counting starts from: 1
// in a double event, else 0.
func (n *Night) shift() int {
	if n.Second != 0 {
		return 1
	}
	return 0
}

// walkCells returns the cells written by the night's walks, in the
// numbering of the Round that round returns (shifted back in a double
// event). With Home, the last walk (the one home) is left out.
func (n *Night) walkCells() []int {
	var out []int
	at := 0
	for i, m := range n.Moves {
		at += m.Kind.Cells()
		if m.Kind == Walk && !(n.Home && i == len(n.Moves)-1) {
			out = append(out, at)
		}
	}
	return out
}

// round returns the night as a Round that Solve counts the same trails of
// (without the first crime scene of a double event, which is fixed). It
// returns an error wrapping ErrMalformed when the night cannot be read, and
// one wrapping ErrInconsistent when an observation contradicts the first
// crime scene.
func (n *Night) round(b *board.Board) (Round, error) {
	if b == nil {
		return Round{}, fmt.Errorf("%w: nil board", ErrMalformed)
	}
	nc := b.NumCircles
	if n.Scene < 1 || n.Scene > nc || n.Second < 0 || n.Second > nc {
		return Round{}, fmt.Errorf("%w: crime scene %d/%d is not a circle (1..%d)", ErrMalformed, n.Scene, n.Second, nc)
	}
	if n.Home && (len(n.Moves) == 0 || n.Moves[len(n.Moves)-1].Kind != Walk) {
		return Round{}, fmt.Errorf("%w: a night ends home only with a walk", ErrMalformed)
	}
	if n.Second == 0 {
		return Round{Start: n.Scene, Moves: n.Moves, Obs: n.Obs}, nil
	}
	r := Round{Start: n.Second, Moves: n.Moves, Obs: make([]Obs, 0, len(n.Obs))}
	now := n.Now()
	for _, o := range n.Obs {
		if o.Time < 0 || o.Time > now {
			return Round{}, fmt.Errorf("%w: observation time %d outside 0..%d", ErrMalformed, o.Time, now)
		}
		if o.Circle < 1 || o.Circle > nc {
			return Round{}, fmt.Errorf("%w: observation circle %d is not a circle (1..%d)", ErrMalformed, o.Circle, nc)
		}
		switch {
		case o.Kind > NotHere:
			return Round{}, fmt.Errorf("%w: unknown observation kind %d", ErrMalformed, o.Kind)
		case o.Time == 0:
			// About cell 0 alone: decided by the first crime scene.
			if (o.Kind == Clue) != (o.Circle == n.Scene) {
				return Round{}, fmt.Errorf("%w: observation %v/%d about the first crime scene", ErrInconsistent, o.Kind, o.Circle)
			}
			continue
		case o.Circle == n.Scene && o.Kind == Clue:
			continue // cell 0 holds it
		case o.Circle == n.Scene && o.Kind == NoClue:
			return Round{}, fmt.Errorf("%w: no clue on the first crime scene", ErrInconsistent)
		}
		r.Obs = append(r.Obs, Obs{Time: o.Time - 1, Circle: o.Circle, Kind: o.Kind})
	}
	return r, nil
}

// tracker returns a Tracker holding the whole night (in round's numbering)
// and the Round it holds.
func (n *Night) tracker(b *board.Board) (*Tracker, Round, error) {
	r, err := n.round(b)
	if err != nil {
		return nil, r, err
	}
	t := NewTracker(b, r.Start)
	for _, m := range r.Moves {
		if err := t.AddMove(m); err != nil {
			return nil, r, err
		}
	}
	for _, o := range r.Obs {
		if err := t.AddObs(o); err != nil {
			return nil, r, err
		}
	}
	return t, r, nil
}

// NightSolution is every trail consistent with a night's public record,
// counted by the circle it ends on, whatever Jack's hideout (see Hideouts
// for what the hideout adds). It is immutable and safe for concurrent use.
type NightSolution struct {
	sol   *Solution
	scene int
	shift int
}

// SolveNight returns every trail of night n on board b consistent with its
// moves and observations. It returns an error wrapping ErrMalformed when n
// cannot be read and one wrapping ErrInconsistent when no trail fits.
// Home is checked for its form only: the hideout is not known here.
func SolveNight(b *board.Board, n *Night) (*NightSolution, error) {
	t, _, err := n.tracker(b)
	if err != nil {
		return nil, err
	}
	sol, err := t.Solution()
	if err != nil {
		return nil, err
	}
	return &NightSolution{sol: sol, scene: n.Scene, shift: n.shift()}, nil
}

// Now returns the index of the last trail cell, numbered from the crime
// scene.
func (s *NightSolution) Now() int { return s.sol.Now() + s.shift }

// Where returns the circles where Jack can be now. It is never empty.
func (s *NightSolution) Where() board.Set { return s.sol.Where() }

// Count returns the number of consistent trails ending on circle c.
func (s *NightSolution) Count(c int) uint64 { return s.sol.Count(c) }

// Total returns the number of consistent trails (at least 1).
func (s *NightSolution) Total() uint64 { return s.sol.Total() }

// Sample returns one consistent trail, cells 0..Now (both crime scenes
// first in a double event), drawn uniformly. It draws from rng only.
func (s *NightSolution) Sample(rng *game.Rand) []int {
	return withScene(s.sol.Sample(rng), s.scene, s.shift)
}

// withScene puts the first crime scene back in front of a trail counted
// from the second one.
func withScene(trail []int, scene, shift int) []int {
	if shift == 0 {
		return trail
	}
	out := make([]int, 0, len(trail)+1)
	out = append(out, scene)
	return append(out, trail...)
}
