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
	// crossWalks[x] is the set of circles with a walk passing crossing x:
	// the only circles a figure on x can cut off from a walking neighbour.
	crossWalks []board.Set
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
	r.crossWalks = make([]board.Set, board.SetSize)
	for c := 1; c <= n && c < len(b.Walks); c++ {
		for _, w := range b.Walks[c] {
			for _, p := range w.Paths {
				for x := p.Next(0); x >= 0; x = p.Next(x + 1) {
					r.crossWalks[x].Add(c)
				}
			}
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
	// For a Walk: the circles whose walks the move's figures cut (sorted
	// ascending in cut, their targets in cutTo); every other circle walks
	// to its whole WalkSet. Never modified once built.
	cutSet board.Set
	cut    []int
	cutTo  []board.Set
}

// newStep places a move writing cells from+1..to on board b.
func newStep(b *board.Board, r *rules, m Move, from int) step {
	s := step{kind: m.Kind, from: from, to: from + m.Kind.Cells()}
	if m.Kind == Walk && !m.Occupied.Empty() {
		var near board.Set
		for x := m.Occupied.Next(0); x >= 0; x = m.Occupied.Next(x + 1) {
			near = near.Union(r.crossWalks[x])
		}
		for c := near.Next(0); c >= 0; c = near.Next(c + 1) {
			if w := b.WalkTargets(c, m.Occupied); w != r.walkSet[c] {
				s.cutSet.Add(c)
				s.cut = append(s.cut, c)
				s.cutTo = append(s.cutTo, w)
			}
		}
	}
	return s
}

// walkTargets returns the Walk targets of circle c.
func (s *step) walkTargets(r *rules, c int) board.Set {
	if s.cutSet.Has(c) {
		for i, x := range s.cut {
			if x == c {
				return s.cutTo[i]
			}
		}
	}
	return r.walkSet[c]
}

// targets returns the cells a one-cell step may write after circle c.
func (s *step) targets(r *rules, c int) board.Set {
	switch s.kind {
	case Walk:
		return s.walkTargets(r, c)
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
