package hunt

import (
	"math/bits"

	"gaslamp/board"
	"gaslamp/game"
)

// Solution is every trail consistent with a round, counted by the circle it
// ends on. A trail is a sequence of cells (circles) 0..Now; two trails are
// the same trail when their cells are the same, however the moves were
// made. A Solution is immutable and safe for concurrent use.
type Solution struct {
	r      *rules
	start  int
	steps  []step
	forbid []board.Set
	plan   plan
	layers []*layer
	final  []uint64 // per circle: consistent trails ending there
	where  board.Set
	total  uint64
}

// Now returns the index of the last trail cell (the number of cells minus
// one).
func (s *Solution) Now() int { return len(s.layers) - 1 }

// Where returns the circles where Jack can be now (the last cell of a
// consistent trail). It is never empty.
func (s *Solution) Where() board.Set { return s.where }

// Count returns the number of consistent trails ending on circle c (0 for a
// circle Jack cannot be on, or a number that is not a circle).
func (s *Solution) Count(c int) uint64 {
	if c < 0 || c >= len(s.final) {
		return 0
	}
	return s.final[c]
}

// Total returns the number of consistent trails (at least 1).
func (s *Solution) Total() uint64 { return s.total }

// Sample returns one consistent trail, cells 0..Now, drawn uniformly among
// all consistent trails (exactly, as long as no count saturated; see
// Count). It draws from rng only.
func (s *Solution) Sample(rng *game.Rand) []int {
	trail, _ := s.SampleKinds(rng)
	return trail
}

// SampleKinds is Sample that also returns, for each move of the round, its
// kind on the sampled trail: the move's own kind, except that a Hidden move
// is reported as the Alley or the Boat that made the step. (On Whitehall no
// step can be both: alleys join white and black circles, boats blue ones.
// Were one both, it is reported as an Alley.) For the same rng state it
// returns the same trail as Sample.
func (s *Solution) SampleKinds(rng *game.Rand) ([]int, []MoveKind) {
	now := s.Now()
	trail := make([]int, now+1)
	kinds := make([]MoveKind, len(s.steps))

	// The last cell, weighted by its counts.
	last := s.layers[now]
	var sum uint64
	for g := range last.masks {
		sum = sadd(sum, sumCounts(last, g))
	}
	pick := below(rng, sum)
	g, c := 0, 0
	for gi := range last.masks {
		cnt, sp := last.cnt[gi], last.supp[gi]
		for x := sp.Next(0); x >= 0; x = sp.Next(x + 1) {
			if pick < cnt[x] {
				g, c = gi, x
				goto found
			}
			pick -= cnt[x]
		}
	}
found:
	m := last.masks[g]
	trail[now] = c

	// Then each earlier cell, weighted by its forward counts among the
	// predecessors that lead to the cell already drawn.
	for i := len(s.steps) - 1; i >= 0; i-- {
		st := &s.steps[i]
		src := s.layers[st.from]
		kinds[i] = st.kind
		if st.kind == Coach {
			g0, c0, c1 := s.pickCoach(rng, src, st, m, c)
			trail[st.from+1] = c1
			g, c = g0, c0
		} else {
			g, c = s.pickSingle(rng, src, st, m, c)
			if st.kind == Hidden {
				kinds[i] = Alley
				if !s.r.alley[c].Has(trail[st.to]) {
					kinds[i] = Boat
				}
			}
		}
		m = src.masks[g]
		trail[st.from] = c
	}
	return trail, kinds
}

// sumCounts returns the total of group g of layer l.
func sumCounts(l *layer, g int) uint64 {
	var sum uint64
	cnt, sp := l.cnt[g], l.supp[g]
	for x := sp.Next(0); x >= 0; x = sp.Next(x + 1) {
		sum = sadd(sum, cnt[x])
	}
	return sum
}

// next returns the pending-clue mask after cell at holds circle x, coming
// from mask m, and whether the prefix survives the clues due at that cell.
func (p *plan) next(m uint64, at, x int) (uint64, bool) {
	m |= p.bits[x] & p.active[at]
	d := p.dead[at]
	if m&d != d {
		return 0, false
	}
	return m &^ d, true
}

// pickSingle draws the state (group, circle) of cell st.from among those a
// one-cell step leads from to state (m, c) of cell st.to.
func (s *Solution) pickSingle(rng *game.Rand, src *layer, st *step, m uint64, c int) (int, int) {
	var sum uint64
	for pass := 0; pass < 2; pass++ {
		var pick uint64
		if pass == 1 {
			pick = below(rng, sum)
		}
		for g, gm := range src.masks {
			nm, ok := s.plan.next(gm, st.to, c)
			if !ok || nm != m {
				continue
			}
			cnt, sp := src.cnt[g], src.supp[g]
			for x := sp.Next(0); x >= 0; x = sp.Next(x + 1) {
				if !st.targets(s.r, x).Has(c) {
					continue
				}
				if pass == 0 {
					sum = sadd(sum, cnt[x])
					continue
				}
				if pick < cnt[x] {
					return g, x
				}
				pick -= cnt[x]
			}
		}
	}
	panic("hunt: internal error: no predecessor while sampling")
}

// pickCoach draws the state (group, circle) of cell st.from and the middle
// circle among those a Coach leads from to state (m, c) of cell st.to.
func (s *Solution) pickCoach(rng *game.Rand, src *layer, st *step, m uint64, c int) (int, int, int) {
	mid := st.from + 1
	fb1 := s.forbid[mid]
	act1 := s.plan.active[mid]
	var sum uint64
	for pass := 0; pass < 2; pass++ {
		var pick uint64
		if pass == 1 {
			pick = below(rng, sum)
		}
		for g, gm := range src.masks {
			cnt, sp := src.cnt[g], src.supp[g]
			for c0 := sp.Next(0); c0 >= 0; c0 = sp.Next(c0 + 1) {
				if c0 == c {
					continue
				}
				first := s.r.coachFirst(c0).Minus(fb1)
				for c1 := first.Next(0); c1 >= 0; c1 = first.Next(c1 + 1) {
					if !s.r.coachSecond(c0, c1).Has(c) {
						continue
					}
					nm, ok := s.plan.next(gm|s.plan.bits[c1]&act1, st.to, c)
					if !ok || nm != m {
						continue
					}
					if pass == 0 {
						sum = sadd(sum, cnt[c0])
						continue
					}
					if pick < cnt[c0] {
						return g, c0, c1
					}
					pick -= cnt[c0]
				}
			}
		}
	}
	panic("hunt: internal error: no predecessor while sampling")
}

// below returns a uniform value in [0, n) drawn from rng; n must be > 0.
func below(rng *game.Rand, n uint64) uint64 {
	hi, lo := bits.Mul64(rng.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(rng.Uint64(), n)
		}
	}
	return hi
}
