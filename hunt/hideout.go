package hunt

import (
	"errors"
	"fmt"
	"sync"

	"gaslamp/board"
	"gaslamp/game"
)

// Jack's hideout
//
// A night of Letters from Whitechapel ends when a walk of Jack lands on his
// hideout; a coach or an alley that lands there does not end it. So a
// hideout H allows a trail of a finished night when the trail's last move is
// a walk onto H and no earlier walk landed on H, and a trail of the night in
// progress when none of its walks landed on H.
//
// The weight of H is the number of public histories it allows: the product,
// over the nights given, of the number of consistent trails of that night
// that H allows. It is the posterior of H, up to a constant, for a Jack who
// picks his hideout uniformly among the allowed circles and then, each night,
// one trail uniformly among those the record allows. A circle is a possible
// hideout when its weight is not zero: it is among the possible end circles
// of every finished night. Weights are float64 (a product of four nights'
// counts can exceed 2^64); each night's count is exact (Count).
//
// Each count is one pass of the trail counting of a Tracker holding the
// night, with H forbidden on the cells written by walks (a NotHere
// observation each), from the first such cell where H was possible; a
// candidate the night's walks never reach costs nothing.

// Hideouts weighs every circle of allowed as Jack's hideout, given the
// public record of nights (in order; each night but the last must have
// Home, the last may be the night in progress). With no night, every
// allowed circle weighs 1. It returns an error wrapping ErrMalformed when a
// night cannot be read, and one wrapping ErrInconsistent when no allowed
// circle fits. When the last night is in progress, Tonight weighs where
// Jack may be in it.
func Hideouts(b *board.Board, nights []Night, allowed board.Set) (*HideoutSolution, error) {
	if b == nil {
		return nil, fmt.Errorf("%w: nil board", ErrMalformed)
	}
	h := &HideoutSolution{b: b}
	for c := 1; c <= b.NumCircles; c++ {
		if allowed.Has(c) {
			h.where.Add(c)
		}
	}
	for i := range nights {
		if !nights[i].Home && i < len(nights)-1 {
			return nil, fmt.Errorf("%w: night %d is not finished but is not the last", ErrMalformed, i+1)
		}
		if err := h.add(&nights[i]); err != nil {
			return nil, err
		}
	}
	if h.where.Empty() {
		return nil, fmt.Errorf("%w: no allowed circle can be the hideout", ErrInconsistent)
	}
	h.sum()
	return h, nil
}

// With returns the weights of h's nights followed by night n (finished or
// in progress), as Hideouts over all of them would, reusing h's work. h
// must not end with a night in progress. Errors are those of Hideouts.
func (h *HideoutSolution) With(n *Night) (*HideoutSolution, error) {
	if k := len(h.nights); k > 0 && !h.nights[k-1].night.Home {
		return nil, fmt.Errorf("%w: night %d is not finished but is not the last", ErrMalformed, k)
	}
	g := &HideoutSolution{b: h.b, where: h.where,
		nights: append([]*hideoutNight(nil), h.nights...), counts: append([][]uint64(nil), h.counts...)}
	if err := g.add(n); err != nil {
		return nil, err
	}
	if g.where.Empty() {
		return nil, fmt.Errorf("%w: no allowed circle can be the hideout", ErrInconsistent)
	}
	g.sum()
	return g, nil
}

// add counts night n for every candidate left in h.where, dropping those
// it allows no trail of. For a night in progress it also sums, per circle
// Jack may stand on now, the weight of the earlier nights of each candidate
// times the number of the night's trails the candidate allows that end
// there (h.ends).
func (h *HideoutSolution) add(n0 *Night) error {
	n := cloneNight(n0)
	hn, err := newHideoutNight(h.b, n)
	if err != nil {
		return err
	}
	counts := make([]uint64, h.b.NumCircles+1)
	var ends []float64
	if !n.Home {
		ends = make([]float64, h.b.NumCircles+1)
	}
	for c := h.where.Next(0); c >= 0; c = h.where.Next(c + 1) {
		sol := hn.allowing(c)
		switch {
		case sol == nil:
		case n.Home:
			counts[c] = sol.Count(c)
		default:
			counts[c] = sol.Total()
		}
		if counts[c] == 0 {
			h.where.Remove(c)
			continue
		}
		if ends != nil {
			w := 1.0
			for i := range h.counts {
				w *= float64(h.counts[i][c])
			}
			at := sol.Where()
			for x := at.Next(0); x >= 0; x = at.Next(x + 1) {
				ends[x] += w * float64(sol.Count(x))
			}
		}
	}
	h.nights = append(h.nights, hn)
	h.counts = append(h.counts, counts)
	h.ends = ends
	return nil
}

// sum computes the weights and their total from the counts.
func (h *HideoutSolution) sum() {
	h.weight = make([]float64, h.b.NumCircles+1)
	h.total = 0
	for c := h.where.Next(0); c >= 0; c = h.where.Next(c + 1) {
		w := 1.0
		for i := range h.counts {
			w *= float64(h.counts[i][c])
		}
		h.weight[c] = w
		h.total += w
	}
	h.tonight = board.Set{}
	for x, w := range h.ends {
		if w > 0 {
			h.tonight.Add(x)
		}
	}
}

// Tonight returns, when the last night is in progress, the circles where
// Jack may stand now and, for each circle x, its weight: the sum over the
// possible hideouts H of the weight of H over the earlier nights times the
// number of tonight's consistent trails that H allows (no walk of tonight
// landed on H) and that end on x. The weights sum to Total: they are the
// posterior of Jack's circle, up to that constant, under the model of
// Hideouts. ok is false when there is no night or the last one is over.
func (h *HideoutSolution) Tonight() (where board.Set, weight []float64, ok bool) {
	if h.ends == nil {
		return board.Set{}, nil, false
	}
	return h.tonight, append([]float64(nil), h.ends...), true
}

// cloneNight returns a copy of n that shares nothing with it.
func cloneNight(n *Night) Night {
	c := *n
	c.Moves = append([]Move(nil), n.Moves...)
	c.Obs = append([]Obs(nil), n.Obs...)
	return c
}

// HideoutSolution weighs the possible hideouts. It is immutable and safe
// for concurrent use.
type HideoutSolution struct {
	b      *board.Board
	nights []*hideoutNight
	counts [][]uint64 // per night, per circle: trails of the night the circle allows
	weight []float64
	where  board.Set
	total  float64
	// ends weighs Jack's circle in the last night when it is in progress
	// (nil otherwise), tonight holds the circles of positive weight.
	ends    []float64
	tonight board.Set
}

// Where returns the possible hideouts. It is never empty.
func (h *HideoutSolution) Where() board.Set { return h.where }

// Weight returns the weight of circle c: the number of public histories
// that c allows as the hideout (0 when it is not possible).
func (h *HideoutSolution) Weight(c int) float64 {
	if c < 0 || c >= len(h.weight) {
		return 0
	}
	return h.weight[c]
}

// Total returns the sum of the weights.
func (h *HideoutSolution) Total() float64 { return h.total }

// Nights returns the number of nights the weights come from.
func (h *HideoutSolution) Nights() int { return len(h.nights) }

// Count returns the number of consistent trails of night i (0-based) that
// circle c allows as the hideout; 0 for a circle that is not possible.
func (h *HideoutSolution) Count(i, c int) uint64 {
	if i < 0 || i >= len(h.counts) || !h.where.Has(c) {
		return 0
	}
	return h.counts[i][c]
}

// Sample draws a hideout with probability proportional to its weight.
func (h *HideoutSolution) Sample(rng *game.Rand) int {
	x := rng.Float64() * h.total
	last := -1
	for c := h.where.Next(0); c >= 0; c = h.where.Next(c + 1) {
		last = c
		if x < h.weight[c] {
			return c
		}
		x -= h.weight[c]
	}
	return last
}

// SampleNight draws a trail of night i (0-based), cells 0..Now numbered
// from the crime scene, uniformly among the consistent trails that hideout
// allows. It returns an error wrapping ErrInconsistent when hideout allows
// none.
func (h *HideoutSolution) SampleNight(i, hideout int, rng *game.Rand) ([]int, error) {
	if i < 0 || i >= len(h.nights) {
		return nil, fmt.Errorf("%w: no night %d", ErrMalformed, i)
	}
	sol, err := h.nights[i].given(hideout)
	if err != nil {
		return nil, err
	}
	return h.nights[i].full(sol.Sample(rng)), nil
}

// SampleTonight draws Jack's hideout and his trail of the night in progress
// together, given the weights of the finished nights (h, which must not
// hold tonight) and tonight's record: exactly as if tonight were a last
// night of Hideouts, the hideout drawn by its weight and then the trail
// uniformly among those it allows. sol may be tonight's SolveNight result,
// or nil. It draws pairs from h and sol and keeps the first that fits (no
// walk of the trail lands on the hideout); after many misses it counts
// every pair instead.
func (h *HideoutSolution) SampleTonight(tonight *Night, sol *NightSolution, rng *game.Rand) (int, []int, error) {
	if tonight.Home {
		return 0, nil, fmt.Errorf("%w: tonight is over", ErrMalformed)
	}
	if sol == nil {
		var err error
		if sol, err = SolveNight(h.b, tonight); err != nil {
			return 0, nil, err
		}
	}
	walks := tonight.walkCells()
	shift := tonight.shift()
	for try := 0; try < sampleTries; try++ {
		hid := h.Sample(rng)
		trail := sol.Sample(rng)
		if fits(trail, walks, shift, hid) {
			return hid, trail, nil
		}
	}
	nights := make([]Night, 0, len(h.nights)+1)
	for _, hn := range h.nights {
		nights = append(nights, hn.night)
	}
	nights = append(nights, *tonight)
	all, err := Hideouts(h.b, nights, h.where)
	if err != nil {
		return 0, nil, err
	}
	hid := all.Sample(rng)
	trail, err := all.SampleNight(len(nights)-1, hid, rng)
	return hid, trail, err
}

// sampleTries bounds the draws of SampleTonight before it counts (tests
// set it to 0 to check the counting path).
var sampleTries = 64

// fits reports whether no walk cell of trail (walks in the night's round
// numbering, shifted by shift) holds hideout.
func fits(trail, walks []int, shift, hideout int) bool {
	for _, c := range walks {
		if trail[c+shift] == hideout {
			return false
		}
	}
	return true
}

// hideoutNight is one night of Hideouts: its Tracker, kept unchanged and
// cloned for each candidate.
type hideoutNight struct {
	b     *board.Board
	night Night
	round Round
	base  *Tracker
	sol   *Solution
	walks []int // walk cells in round numbering (the last one left out with Home)
	final int   // the last cell in round numbering

	mu    sync.Mutex
	cache map[int]*Solution // per hideout, for SampleNight
}

func newHideoutNight(b *board.Board, n Night) (*hideoutNight, error) {
	t, r, err := n.tracker(b)
	if err != nil {
		return nil, err
	}
	sol, err := t.Solution()
	if err != nil {
		return nil, err
	}
	return &hideoutNight{b: b, night: n, round: r, base: t, sol: sol, walks: n.walkCells(), final: r.Now()}, nil
}

// full returns a trail in the night's numbering.
func (hn *hideoutNight) full(trail []int) []int {
	return withScene(trail, hn.night.Scene, hn.night.shift())
}

// allowing returns the night's consistent trails that circle c allows as
// the hideout as a Solution (for a finished night, also those that do not
// end on c: its Count(c) is what counts), or nil when c allows none.
func (hn *hideoutNight) allowing(c int) *Solution {
	if hn.night.Home && hn.sol.Count(c) == 0 {
		return nil
	}
	if !hn.reaches(c) {
		return hn.sol
	}
	sol, err := hn.solve(c, false)
	if err != nil {
		return nil
	}
	return sol
}

// reaches reports whether a stored state of the base Tracker stands on c
// at a walk cell (otherwise forbidding c there changes nothing).
func (hn *hideoutNight) reaches(c int) bool {
	for _, at := range hn.walks {
		if hn.base.support[at].Has(c) {
			return true
		}
	}
	return false
}

// solve counts the night with c forbidden on its walk cells and, with end,
// on nothing but c at the last cell of a finished night.
func (hn *hideoutNight) solve(c int, end bool) (*Solution, error) {
	t := hn.base.Clone()
	for _, at := range hn.walks {
		if err := t.AddObs(Obs{Time: at, Circle: c, Kind: NotHere}); err != nil {
			return nil, err
		}
	}
	if end {
		other := hn.sol.Where()
		for x := other.Next(0); x >= 0; x = other.Next(x + 1) {
			if x != c {
				if err := t.AddObs(Obs{Time: hn.final, Circle: x, Kind: NotHere}); err != nil {
					return nil, err
				}
			}
		}
	}
	return t.Solution()
}

// given returns the Solution of the trails the hideout c allows (ending on
// c for a finished night), cached.
func (hn *hideoutNight) given(c int) (*Solution, error) {
	hn.mu.Lock()
	sol, ok := hn.cache[c]
	hn.mu.Unlock()
	if ok {
		return sol, nil
	}
	sol, err := hn.solve(c, hn.night.Home)
	if err != nil {
		if errors.Is(err, ErrInconsistent) {
			return nil, fmt.Errorf("%w: hideout %d allows no trail of the night", ErrInconsistent, c)
		}
		return nil, err
	}
	hn.mu.Lock()
	if hn.cache == nil {
		hn.cache = map[int]*Solution{}
	}
	hn.cache[c] = sol
	hn.mu.Unlock()
	return sol, nil
}
