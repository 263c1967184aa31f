package whitechapel

import (
	"math"
	"testing"

	"gaslamp/board"
	"gaslamp/game"
	"gaslamp/hunt"
	"gaslamp/internal/testscale"
)

// bruteTrails enumerates every trail of night n (cells from the crime
// scene) that fits its moves and observations, written from the rules
// (C8: a walk not through a policeman's crossing, a coach of two walks
// ignoring them with three distinct circles, an alley across a block),
// calling visit with the trail and its walk cells. It gives up (false)
// after limit prefixes.
func bruteTrails(n *hunt.Night, limit int, visit func(trail, walks []int)) bool {
	b := tbl().b
	trail := []int{n.Scene}
	if n.Second != 0 {
		trail = append(trail, n.Second)
	}
	var walks []int
	tried := 0
	holds := func() bool {
		for _, o := range n.Obs {
			if o.Time >= len(trail) {
				continue
			}
			on := false
			for _, c := range trail[:o.Time+1] {
				on = on || c == o.Circle
			}
			switch o.Kind {
			case hunt.Clue:
				if !on {
					return false
				}
			case hunt.NoClue:
				if on {
					return false
				}
			case hunt.NotHere:
				if trail[o.Time] == o.Circle {
					return false
				}
			}
		}
		return true
	}
	var rec func(mi int) bool
	rec = func(mi int) bool {
		if tried++; tried > limit {
			return false
		}
		if !holds() {
			return true
		}
		if mi == len(n.Moves) {
			visit(trail, walks)
			return true
		}
		cur := trail[len(trail)-1]
		m := n.Moves[mi]
		var next [][]int
		switch m.Kind {
		case hunt.Walk:
			w := b.WalkTargets(cur, m.Occupied)
			for x := w.Next(0); x >= 0; x = w.Next(x + 1) {
				next = append(next, []int{x})
			}
		case hunt.Coach:
			for v := b.WalkSet[cur].Next(0); v >= 0; v = b.WalkSet[cur].Next(v + 1) {
				for x := b.WalkSet[v].Next(0); x >= 0; x = b.WalkSet[v].Next(x + 1) {
					if v != cur && x != cur && x != v {
						next = append(next, []int{v, x})
					}
				}
			}
		case hunt.Alley:
			for x := b.AlleySet[cur].Next(0); x >= 0; x = b.AlleySet[cur].Next(x + 1) {
				next = append(next, []int{x})
			}
		}
		for _, cells := range next {
			trail = append(trail, cells...)
			if m.Kind == hunt.Walk {
				walks = append(walks, len(trail)-1)
			}
			ok := rec(mi + 1)
			if m.Kind == hunt.Walk {
				walks = walks[:len(walks)-1]
			}
			trail = trail[:len(trail)-len(cells)]
			if !ok {
				return false
			}
		}
		return true
	}
	return rec(0)
}

// TestDeductionUsesEveryPublicFact checks the police's deduction (issue 15)
// against a brute force on random prefixes of guided games: for every
// hideout H that is not red, the weight of H is the product over the nights
// of the trails H allows (a finished night ends with a walk onto H and no
// earlier walk onto it; tonight no walk onto it so far), and tonight's weight
// of circle x sums, over H, H's weight over the finished nights for each
// trail of tonight that H allows and that ends on x. The view's possible
// hideouts and circles must be exactly those of positive weight, with the
// same weights.
func TestDeductionUsesEveryPublicFact(t *testing.T) {
	want := testscale.Size(40, 200)
	allowed := allowedHideouts()
	checked, withFin := 0, 0
	for seed := uint64(0); checked < want && seed < uint64(40*want); seed++ {
		var pick *State
		k := 0
		guided(seed, nil, func(s *State, _ game.Seat, _ []game.Move, _ *game.Log) {
			if s.hunting() && s.c.Phase == phMove {
				k++
				if k == int(seed%7)+1 {
					pick = s.Clone().(*State)
				}
			}
		})
		if pick == nil {
			continue
		}
		s := pick
		var nights []hunt.Night
		nights = append(nights, s.finishedNights()...)
		nights = append(nights, s.publicNight(int(s.c.Night)))
		// Per night, per hideout: the trails it allows (ends per circle tonight).
		counts := make([][]float64, len(nights))
		var ends [numCircles + 1][]float64 // tonight: per end circle, per hideout
		ok := true
		for i := range nights {
			n := &nights[i]
			last := i == len(nights)-1
			counts[i] = make([]float64, numCircles+1)
			ok = ok && bruteTrails(n, 200_000, func(tr, walks []int) {
				end := tr[len(tr)-1]
				for h := allowed.Next(0); h >= 0; h = allowed.Next(h + 1) {
					if n.Home && end != h {
						continue
					}
					fine := true
					for j, at := range walks {
						if tr[at] == h && !(n.Home && j == len(walks)-1) {
							fine = false
						}
					}
					if !fine {
						continue
					}
					counts[i][h]++
					if last {
						if ends[end] == nil {
							ends[end] = make([]float64, numCircles+1)
						}
						ends[end][h]++
					}
				}
			})
		}
		if !ok {
			continue
		}
		checked++
		fin := len(nights) - 1
		if fin > 0 {
			withFin++
		}
		weight := func(h int, upto int) float64 {
			w := 1.0
			for i := 0; i < upto; i++ {
				w *= counts[i][h]
			}
			return w
		}
		v := s.View(1).(*View)
		// Hideouts (shown once Jack got home once).
		if fin > 0 {
			got := map[int]float64{}
			for _, h := range v.Hideouts {
				got[h.Circle] = h.Weight
			}
			for h := allowed.Next(0); h >= 0; h = allowed.Next(h + 1) {
				if w := weight(h, len(nights)); !near(got[h], w) {
					t.Fatalf("seed %d: hideout %d weighs %g, want %g", seed, h, got[h], w)
				}
			}
			if !intsOf(v.Hideouts).Has(int(s.c.Hideout)) {
				t.Fatalf("seed %d: the hideout %d is not possible", seed, s.c.Hideout)
			}
		}
		got := map[int]float64{}
		var sum float64
		for _, p := range v.Possible {
			got[p.Circle] = p.Weight
			sum += p.Weight
		}
		for x := 1; x <= numCircles; x++ {
			var w float64
			for h, n := range ends[x] {
				w += n * weight(h, fin)
			}
			if !near(got[x], w) {
				t.Fatalf("seed %d: circle %d weighs %g, want %g", seed, x, got[x], w)
			}
		}
		if !near(sum, v.PossibleTotal) || got[int(s.c.Cur)] == 0 {
			t.Fatalf("seed %d: total %g (sum %g), Jack's circle %d weighs %g", seed, v.PossibleTotal, sum, s.c.Cur, got[int(s.c.Cur)])
		}
	}
	t.Logf("%d prefixes checked, %d with finished nights", checked, withFin)
	if checked < want || withFin == 0 {
		t.Fatalf("too few prefixes: %d (%d with finished nights)", checked, withFin)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(math.Abs(a), math.Abs(b)) }

func intsOf(hs []PossibleHideout) board.Set {
	var s board.Set
	for _, h := range hs {
		s.Add(h.Circle)
	}
	return s
}
