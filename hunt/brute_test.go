package hunt

import (
	"gaslamp/board"
)

// This file is the reference: a plain depth-first enumeration of every
// trail, written without the package's tables or counting, straight from
// the rules.

// bruteNext lists the cell sequences one move may write after circle cur.
func bruteNext(b *board.Board, cur int, m Move) [][]int {
	var out [][]int
	n := b.NumCircles
	isBlue := func(c int) bool { return b.Circles[c].Color == board.Blue }
	inBoat := func(from, to int) bool { return len(b.BoatSet) > from && b.BoatSet[from].Has(to) }
	switch m.Kind {
	case Walk:
		for _, w := range b.Walks[cur] {
			if !w.Blocked(m.Occupied) {
				out = append(out, []int{w.To})
			}
		}
	case Alley:
		for x := 1; x <= n; x++ {
			if b.AlleySet[cur].Has(x) {
				out = append(out, []int{x})
			}
		}
	case Boat:
		for x := 1; x <= n; x++ {
			if inBoat(cur, x) {
				out = append(out, []int{x})
			}
		}
	case Hidden:
		// One trail per distinct cell, whichever card made it.
		for x := 1; x <= n; x++ {
			if b.AlleySet[cur].Has(x) || inBoat(cur, x) {
				out = append(out, []int{x})
			}
		}
	case Coach:
		for _, w1 := range b.Walks[cur] {
			x1 := w1.To
			if isBlue(x1) || x1 == cur {
				continue
			}
			for _, w2 := range b.Walks[x1] {
				x2 := w2.To
				if isBlue(x2) || x2 == cur || x2 == x1 {
					continue
				}
				out = append(out, []int{x1, x2})
			}
		}
	}
	return out
}

// obsHolds reports whether observation o holds on trail (which must reach
// o.Time).
func obsHolds(o Obs, trail []int) bool {
	switch o.Kind {
	case Clue:
		for _, c := range trail[:o.Time+1] {
			if c == o.Circle {
				return true
			}
		}
		return false
	case NoClue:
		for _, c := range trail[:o.Time+1] {
			if c == o.Circle {
				return false
			}
		}
		return true
	case NotHere:
		return trail[o.Time] != o.Circle
	}
	return false
}

// bruteForce enumerates every trail of r consistent with its observations
// and calls visit on each (the slice is reused). It returns false if it
// gave up after limit trails were tried.
func bruteForce(b *board.Board, r *Round, limit int, visit func(trail []int)) bool {
	trail := []int{r.Start}
	tried := 0
	var rec func(mi int) bool
	rec = func(mi int) bool {
		tried++
		if tried > limit {
			return false
		}
		// Check every observation the trail already reaches.
		for _, o := range r.Obs {
			if o.Time < len(trail) && !obsHolds(o, trail) {
				return true
			}
		}
		if mi == len(r.Moves) {
			visit(trail)
			return true
		}
		for _, cells := range bruteNext(b, trail[len(trail)-1], r.Moves[mi]) {
			trail = append(trail, cells...)
			ok := rec(mi + 1)
			trail = trail[:len(trail)-len(cells)]
			if !ok {
				return false
			}
		}
		return true
	}
	return rec(0)
}

// bruteCounts returns the number of consistent trails ending on each
// circle, or ok false if the enumeration was too big.
func bruteCounts(b *board.Board, r *Round, limit int) (counts map[int]uint64, ok bool) {
	counts = map[int]uint64{}
	ok = bruteForce(b, r, limit, func(trail []int) { counts[trail[len(trail)-1]]++ })
	return counts, ok
}

// legalTrail reports whether trail is one the moves of r can write and that
// satisfies every observation.
func legalTrail(b *board.Board, r *Round, trail []int) bool {
	if len(trail) == 0 || trail[0] != r.Start {
		return false
	}
	at := 0
	for _, m := range r.Moves {
		ok := false
		for _, cells := range bruteNext(b, trail[at], m) {
			if at+len(cells) >= len(trail) {
				continue
			}
			same := true
			for i, c := range cells {
				if trail[at+1+i] != c {
					same = false
				}
			}
			if same {
				ok = true
				at += len(cells)
				break
			}
		}
		if !ok {
			return false
		}
	}
	if at != len(trail)-1 {
		return false
	}
	for _, o := range r.Obs {
		if !obsHolds(o, trail) {
			return false
		}
	}
	return true
}
