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
	// crossWalks[x] lists the walks (board.Walks[c][i]) with a route
	// through crossing x: the only walks a figure on x can block.
	crossWalks [][]walkRef

	ballsOnce sync.Once
	balls     [][]board.Set // balls[x][d]: circles at most d cells from x
	all       board.Set     // every circle
}

// ball returns the circles from which circle x can be reached in at most d
// trail cells by any moves (walks ignoring figures, alleys, boats).
func (r *rules) ball(x, d int) board.Set {
	r.ballsOnce.Do(r.buildBalls)
	if d < 0 {
		return board.Set{}
	}
	b := r.balls[x]
	if d >= len(b) {
		return r.all
	}
	return b[d]
}

// buildBalls runs a breadth-first search from every circle over the union
// of all one-cell moves (a Coach is two walks). The moves are symmetric, so
// the circles within d of x are also those x reaches within d.
func (r *rules) buildBalls() {
	adj := make([]board.Set, r.n+1)
	for c := 1; c <= r.n; c++ {
		r.all.Add(c)
		adj[c] = r.walkSet[c].Union(r.alley[c]).Union(r.boat[c])
	}
	// Make it symmetric in case a table is not.
	for c := 1; c <= r.n; c++ {
		for x := adj[c].Next(0); x >= 0; x = adj[c].Next(x + 1) {
			if x <= r.n {
				adj[x].Add(c)
			}
		}
	}
	r.balls = make([][]board.Set, r.n+1)
	for x := 1; x <= r.n; x++ {
		seen := board.SetOf(x)
		frontier := seen
		balls := []board.Set{seen}
		for {
			var next board.Set
			for c := frontier.Next(0); c >= 0; c = frontier.Next(c + 1) {
				next = next.Union(adj[c])
			}
			next = next.Minus(seen)
			if next.Empty() {
				break
			}
			seen = seen.Union(next)
			frontier = next
			balls = append(balls, seen)
		}
		if seen != r.all {
			// Not connected: keep the last ball for every larger distance
			// by padding up to n (distances never exceed n-1).
			for len(balls) < r.n {
				balls = append(balls, seen)
			}
		}
		r.balls[x] = balls
	}
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
	r.crossWalks = make([][]walkRef, board.SetSize)
	for c := 1; c <= n && c < len(b.Walks); c++ {
		for i, w := range b.Walks[c] {
			var through board.Set
			for _, p := range w.Paths {
				through = through.Union(p)
			}
			for x := through.Next(0); x >= 0; x = through.Next(x + 1) {
				r.crossWalks[x] = append(r.crossWalks[x], walkRef{c: int32(c), i: int32(i)})
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
	if m.Kind != Walk {
		return s
	}
	occ := m.Occupied
	for x := occ.Next(0); x >= 0 && x < len(r.crossWalks); x = occ.Next(x + 1) {
		for _, ref := range r.crossWalks[x] {
			c := int(ref.c)
			w := &b.Walks[c][ref.i]
			if !w.Blocked(occ) {
				continue
			}
			k := -1
			if s.cutSet.Has(c) {
				for j, y := range s.cut {
					if y == c {
						k = j
						break
					}
				}
			} else {
				if s.cut == nil {
					s.cut = make([]int, 0, 8)
					s.cutTo = make([]board.Set, 0, 8)
				}
				s.cutSet.Add(c)
				s.cut = append(s.cut, c)
				s.cutTo = append(s.cutTo, r.walkSet[c])
				k = len(s.cut) - 1
			}
			s.cutTo[k].Remove(w.To)
		}
	}
	return s
}

// walkRef names the walk board.Walks[c][i].
type walkRef struct{ c, i int32 }

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
