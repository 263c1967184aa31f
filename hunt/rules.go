package hunt

import (
	"sync"

	"gaslamp/board"
)

// rules holds the movement tables of one board, in the shape the counting
// needs. Everything a move kind may reach is read from here, so another
// game (Letters from Whitechapel) can reuse the counting with its own tables.
type rules struct {
	n        int         // number of circles; circles are 1..n
	walkSet  []board.Set // walking neighbours ignoring figures (Coach legs)
	alley    []board.Set // Alley targets
	boat     []board.Set // Boat targets (empty sets where the board has none)
	coachBan board.Set   // circles a Coach may not stop on (blue ones)
}

var rulesCache sync.Map // *board.Board -> *rules

// rulesFor returns the (shared, read-only) rules of board b.
func rulesFor(b *board.Board) *rules {
	if r, ok := rulesCache.Load(b); ok {
		return r.(*rules)
	}
	n := b.NumCircles
	r := &rules{n: n, walkSet: b.WalkSet, alley: b.AlleySet, boat: b.BoatSet}
	if len(r.boat) < n+1 {
		r.boat = make([]board.Set, n+1)
	}
	for c := 1; c <= n && c < len(b.Circles); c++ {
		if b.Circles[c].Color == board.Blue {
			r.coachBan.Add(c)
		}
	}
	v, _ := rulesCache.LoadOrStore(b, r)
	return v.(*rules)
}

// valid reports whether the board's tables are complete enough to count on.
func (r *rules) valid() bool {
	return r.n > 0 && r.n < board.SetSize && len(r.walkSet) > r.n && len(r.alley) > r.n && len(r.boat) > r.n
}

// step is one of Jack's moves placed on the trail: it writes cells
// from+1..to from cell from.
type step struct {
	kind     MoveKind
	from, to int
	// walk[c] is the set of Walk targets from circle c under the move's
	// occupied crossings (Walk only). It is never modified once built.
	walk []board.Set
}

// targets returns the cells a one-cell step may write after circle c.
func (s *step) targets(r *rules, c int) board.Set {
	switch s.kind {
	case Walk:
		return s.walk[c]
	case Alley:
		return r.alley[c]
	case Boat:
		return r.boat[c]
	case Hidden:
		return r.alley[c].Union(r.boat[c])
	}
	return board.Set{}
}

// coachFirst returns the cells the first leg of a Coach from c may write.
func (r *rules) coachFirst(c int) board.Set {
	return r.walkSet[c].Minus(r.coachBan)
}

// coachSecond returns the cells the second leg of a Coach that left c0 and
// stopped on c1 may write.
func (r *rules) coachSecond(c0, c1 int) board.Set {
	s := r.walkSet[c1].Minus(r.coachBan)
	s.Remove(c0)
	return s
}
