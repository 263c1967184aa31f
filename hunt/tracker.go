package hunt

import (
	"fmt"
	"math"
	"math/bits"
	"sync"

	"gaslamp/board"
)

// Tracker follows one round as it is played: moves and observations arrive
// one at a time and Solution answers for everything seen so far.
//
// The Tracker keeps the forward counts of every trail cell. A move only
// extends them by one step (the cells before it are untouched). An
// observation recomputes from the first cell it can change: the first cell
// where its circle was still possible, or its own cell for a failed arrest;
// one that changes nothing (a repeated clue, a circle never possible)
// recomputes nothing. Work is done lazily, when Solution is called.
//
// A Tracker is not safe for concurrent use. Solutions it returned stay
// valid and unchanged after further moves and observations.
type Tracker struct {
	b     *board.Board
	r     *rules
	start int
	err   error // sticky: set by NewTracker on bad arguments

	moves []Move
	obs   []Obs
	steps []step

	// Per trail cell (index 0..now).
	forbid []board.Set // circles the cell may not hold
	// support: circles of the cell's stored states (valid below t.valid; a
	// superset at Coach middles). A circle outside it is on no consistent
	// trail at that cell; hideout.go relies on this.
	support  []board.Set
	layers   []*layer // forward counts; nil at Coach middles
	cellStep []int32  // index of the step writing the cell (-1 for cell 0)
	middle   []bool   // the cell is the middle of a Coach

	clues []clue // at most MaxClueCircles, one per circle; bit i is clues[i]

	// valid is the number of leading cells whose layer and support are up
	// to date.
	valid int

	// shared is the number of leading cells of forbid and layers that a
	// returned Solution also reads: they are copied before being changed.
	shared int

	// plan is up to date unless planDirty (a clue changed). Its arrays are
	// shared with returned Solutions: a rebuild allocates new ones, and
	// new cells only append.
	plan      plan
	planDirty bool
	// bd is the builder of the layers, taken from builders for the
	// duration of refresh only (nil otherwise): a Tracker between moves,
	// and each of its clones, holds none.
	bd *builder

	// last is the Solution last returned (or its error), kept until the
	// next move or observation.
	last    *Solution
	lastErr error
}

// clue is a Clue constraint: circle is one of cells 0..deadline.
type clue struct {
	circle   int
	deadline int
}

// plan is the per-cell shape of the constraints, rebuilt before counting.
type plan struct {
	active []uint64    // per cell: bits of clues whose deadline is >= the cell
	dead   []uint64    // per cell: bits of clues whose deadline is the cell
	clue   []board.Set // per cell: circles of the active clues
	bits   []uint64    // per circle: the bit of its clue (0 if none)
}

// NewTracker starts following a round on board b whose trail starts on
// circle start (cell 0). With a nil board or a start that is not a circle
// of b, every method of the Tracker returns an error wrapping ErrMalformed.
func NewTracker(b *board.Board, start int) *Tracker {
	t := &Tracker{b: b, start: start}
	switch {
	case b == nil:
		t.err = fmt.Errorf("%w: nil board", ErrMalformed)
		return t
	default:
		t.r = rulesFor(b)
		if !t.r.valid() {
			t.err = fmt.Errorf("%w: board %q has incomplete tables", ErrMalformed, b.Name)
			return t
		}
		if start < 1 || start > t.r.n {
			t.err = fmt.Errorf("%w: start %d is not a circle (1..%d)", ErrMalformed, start, t.r.n)
			return t
		}
	}
	t.plan.bits = make([]uint64, t.r.n+1)
	t.addCell(-1, false)
	return t
}

// Clone returns an independent copy of t (for a search that tries moves
// and observations on several branches). Layers are shared: they are never
// modified once built.
func (t *Tracker) Clone() *Tracker {
	c := *t
	c.moves = grown(t.moves)
	c.obs = grown(t.obs)
	c.steps = grown(t.steps)
	c.forbid = grown(t.forbid)
	c.support = grown(t.support)
	c.layers = grown(t.layers)
	c.cellStep = grown(t.cellStep)
	c.middle = grown(t.middle)
	c.clues = grown(t.clues)
	c.plan = plan{
		active: grown(t.plan.active),
		dead:   grown(t.plan.dead),
		clue:   grown(t.plan.clue),
		bits:   t.plan.bits, // never changed in place
	}
	c.shared = 0
	c.bd = nil
	return &c
}

// grown returns a copy of s with room to grow.
func grown[T any](s []T) []T {
	return append(make([]T, 0, len(s)+4), s...)
}

// addCell appends a trail cell written by step s.
func (t *Tracker) addCell(s int, middle bool) {
	t.forbid = append(t.forbid, board.Set{})
	t.support = append(t.support, board.Set{})
	t.layers = append(t.layers, nil)
	t.cellStep = append(t.cellStep, int32(s))
	t.middle = append(t.middle, middle)
	// Every clue's deadline is an earlier cell: nothing is pending here.
	t.plan.active = append(t.plan.active, 0)
	t.plan.dead = append(t.plan.dead, 0)
	t.plan.clue = append(t.plan.clue, board.Set{})
}

// own makes forbid and layers private to the Tracker before a change to
// one of their first cells (a returned Solution may read them).
func (t *Tracker) own() {
	if t.shared > 0 {
		t.forbid = grown(t.forbid)
		t.layers = grown(t.layers)
		t.shared = 0
	}
}

// Now returns the index of the last trail cell written so far (0 before
// the first move).
func (t *Tracker) Now() int { return len(t.forbid) - 1 }

// Round returns a copy of the round as seen so far: the start, the moves in
// order and the observations in the order they were added.
func (t *Tracker) Round() Round {
	return Round{
		Start: t.start,
		Moves: append([]Move(nil), t.moves...),
		Obs:   append([]Obs(nil), t.obs...),
	}
}

// AddMove records Jack's next move. It returns an error wrapping
// ErrMalformed for an unknown kind, and then records nothing.
func (t *Tracker) AddMove(m Move) error {
	if t.err != nil {
		return t.err
	}
	cells := m.Kind.Cells()
	if cells == 0 {
		return fmt.Errorf("%w: unknown move kind %d", ErrMalformed, m.Kind)
	}
	t.last, t.lastErr = nil, nil
	s := newStep(t.b, t.r, m, t.Now())
	idx := len(t.steps)
	t.steps = append(t.steps, s)
	t.moves = append(t.moves, m)
	for i := 1; i <= cells; i++ {
		t.addCell(idx, i < cells)
	}
	return nil
}

// AddObs records a public observation. It returns an error wrapping
// ErrMalformed, and records nothing, when the circle is not a circle of the
// board, the time is not a written cell or is the middle cell of a Coach,
// the kind is unknown, or a Clue would name a circle beyond the first
// MaxClueCircles distinct clue circles.
func (t *Tracker) AddObs(o Obs) error {
	if t.err != nil {
		return t.err
	}
	if o.Circle < 1 || o.Circle > t.r.n {
		return fmt.Errorf("%w: observation circle %d is not a circle (1..%d)", ErrMalformed, o.Circle, t.r.n)
	}
	if o.Time < 0 || o.Time > t.Now() {
		return fmt.Errorf("%w: observation time %d outside 0..%d", ErrMalformed, o.Time, t.Now())
	}
	if t.middle[o.Time] {
		return fmt.Errorf("%w: observation time %d is the middle of a coach", ErrMalformed, o.Time)
	}
	x, at := o.Circle, o.Time
	last, lastErr := t.last, t.lastErr
	t.last, t.lastErr = nil, nil
	switch o.Kind {
	case NotHere:
		if !t.forbid[at].Has(x) {
			t.own()
			t.forbid[at].Add(x)
			if at < t.valid && t.support[at].Has(x) {
				t.valid = at
			}
		}
	case NoClue:
		t.own()
		first := -1
		for i := 0; i <= at; i++ {
			if t.forbid[i].Has(x) {
				continue
			}
			t.forbid[i].Add(x)
			if first < 0 && i < t.valid && t.support[i].Has(x) {
				first = i
			}
		}
		if first >= 0 {
			t.valid = first
		}
	case Clue:
		k := -1
		for i, c := range t.clues {
			if c.circle == x {
				k = i
				break
			}
		}
		switch {
		case k >= 0 && t.clues[k].deadline <= at:
			// Already known: nothing changes.
		case k < 0 && len(t.clues) == MaxClueCircles:
			t.last, t.lastErr = last, lastErr
			return fmt.Errorf("%w: more than %d distinct clue circles", ErrMalformed, MaxClueCircles)
		default:
			if k < 0 {
				t.clues = append(t.clues, clue{circle: x, deadline: at})
			} else {
				t.clues[k].deadline = at
			}
			t.planDirty = true
			// The counts change from the first cell where x was possible;
			// if it never was up to the deadline, from the deadline (where
			// every trail now fails).
			first := min(at, t.valid)
			for i := 0; i < first; i++ {
				if t.support[i].Has(x) {
					first = i
					break
				}
			}
			t.valid = min(t.valid, first)
		}
	default:
		t.last, t.lastErr = last, lastErr
		return fmt.Errorf("%w: unknown observation kind %d", ErrMalformed, o.Kind)
	}
	t.obs = append(t.obs, o)
	return nil
}

// Solution brings the counts up to date and returns them; until the next
// move or observation it returns the same Solution again. It returns an
// error wrapping ErrInconsistent when no trail fits what was seen (the
// Tracker stays usable, but no later move or observation can make the round
// consistent again).
func (t *Tracker) Solution() (*Solution, error) {
	if t.err != nil {
		return nil, t.err
	}
	if t.last != nil || t.lastErr != nil {
		return t.last, t.lastErr
	}
	t.last, t.lastErr = t.solution()
	return t.last, t.lastErr
}

// solution computes what Solution returns.
func (t *Tracker) solution() (*Solution, error) {
	t.refresh()
	now := t.Now()
	n := t.r.n
	cells := now + 1
	s := &Solution{
		r:      t.r,
		start:  t.start,
		steps:  t.steps[:len(t.steps):len(t.steps)],
		layers: t.layers[:cells:cells],
		forbid: t.forbid[:cells:cells],
		plan: plan{
			active: t.plan.active[:cells:cells],
			dead:   t.plan.dead[:cells:cells],
			clue:   t.plan.clue[:cells:cells],
			bits:   t.plan.bits,
		},
	}
	t.shared = cells
	// Every clue is due by now, so the last cell has at most one group
	// (no pending clue); its counts are the answer.
	last := t.layers[now]
	switch len(last.masks) {
	case 0:
		s.final = make([]uint64, n+1)
	case 1:
		s.final = last.cnt[0]
		s.where = last.supp[0]
	default:
		s.final = make([]uint64, n+1)
		for g := range last.masks {
			cnt, sp := last.cnt[g], last.supp[g]
			s.where = s.where.Union(sp)
			for c := sp.Next(0); c >= 0; c = sp.Next(c + 1) {
				s.final[c] = sadd(s.final[c], cnt[c])
			}
		}
	}
	for c := s.where.Next(0); c >= 0; c = s.where.Next(c + 1) {
		s.total = sadd(s.total, s.final[c])
	}
	if s.total == 0 {
		return nil, fmt.Errorf("%w (start %d, %d moves, %d observations)", ErrInconsistent, t.start, len(t.moves), len(t.obs))
	}
	return s, nil
}

// buildPlan rebuilds the per-cell constraint shape from the clue list.
func (t *Tracker) buildPlan() {
	cells := len(t.forbid)
	p := &t.plan
	// New arrays: returned Solutions may hold the old ones.
	p.active = make([]uint64, cells, cells+8)
	p.dead = make([]uint64, cells, cells+8)
	p.clue = make([]board.Set, cells, cells+8)
	p.bits = make([]uint64, t.r.n+1)
	t.planDirty = false
	for i, c := range t.clues {
		bit := uint64(1) << uint(i)
		p.bits[c.circle] = bit
		p.dead[c.deadline] |= bit
		for j := 0; j <= c.deadline; j++ {
			p.active[j] |= bit
			p.clue[j].Add(c.circle)
		}
	}
}

// refresh recomputes every stale layer.
func (t *Tracker) refresh() {
	now := t.Now()
	if t.valid > now {
		return
	}
	if t.valid < t.shared {
		t.own()
	}
	if t.planDirty {
		t.buildPlan()
	}
	bd := builders.Get().(*builder)
	t.bd = bd
	defer func() {
		bd.release()
		builders.Put(bd)
		t.bd = nil
	}()
	bd.init(t.r, &t.plan, t.clues)
	if t.valid == 0 {
		bd.begin(0, 1)
		if !t.forbid[0].Has(t.start) {
			bd.emitOne(t.plan.bits[t.start]&t.plan.active[0], 1, t.start)
		}
		t.layers[0], t.support[0] = bd.end()
		t.valid = 1
	}
	if t.valid > now {
		return
	}
	for i := int(t.cellStep[t.valid]); i < len(t.steps); i++ {
		s := &t.steps[i]
		src := t.layers[s.from]
		if s.kind == Coach {
			mid := s.from + 1
			t.layers[mid] = nil
			t.support[mid] = t.coach(src, s.from)
		} else {
			t.single(src, s)
		}
		t.layers[s.to], t.support[s.to] = bd.end()
	}
	t.valid = now + 1
}

// single counts a one-cell step from layer src into the builder.
func (t *Tracker) single(src *layer, s *step) {
	bd := t.bd
	bd.begin(s.to, len(src.masks)+bits.OnesCount64(t.plan.active[s.to]))
	fb := t.forbid[s.to]
	// Without a pending clue circle to visit or a clue due, every state
	// keeps its mask: a tight loop.
	if bd.clue.Empty() && bd.dead == 0 {
		for g, m := range src.masks {
			cnt, sp := src.cnt[g], src.supp[g]
			dg := bd.group(m)
			dst := bd.dst.cnt[dg]
			var supp board.Set
			for c := sp.Next(0); c >= 0; c = sp.Next(c + 1) {
				tg := s.targets(t.r, c).Minus(fb)
				supp = supp.Union(tg)
				addAll(dst, tg, cnt[c])
			}
			bd.dst.supp[dg] = bd.dst.supp[dg].Union(supp)
		}
		return
	}
	// Otherwise the groups a source group leads to are looked up once per
	// source group: xg[i] is the group reached by visiting the circle of
	// clue i (-2: not looked up yet, -1: dropped).
	if cap(bd.xg) < len(t.clues) {
		bd.xg = make([]int32, len(t.clues))
	}
	xg := bd.xg[:len(t.clues)]
	dead, act, clueSet := bd.dead, bd.act, bd.clue
	for g, m := range src.masks {
		cnt, sp := src.cnt[g], src.supp[g]
		for i := range xg {
			xg[i] = -2
		}
		base := int32(-1)
		var dst []uint64
		if m&dead == dead {
			base = bd.group(m &^ dead)
			dst = bd.dst.cnt[base]
		}
		var supp board.Set
		for c := sp.Next(0); c >= 0; c = sp.Next(c + 1) {
			v := cnt[c]
			tg := s.targets(t.r, c).Minus(fb)
			if base >= 0 {
				plain := tg.Minus(clueSet)
				supp = supp.Union(plain)
				addAll(dst, plain, v)
			}
			cl := tg.Intersect(clueSet)
			for x := cl.Next(0); x >= 0; x = cl.Next(x + 1) {
				bit := t.plan.bits[x]
				i := bits.TrailingZeros64(bit)
				if xg[i] == -2 {
					xg[i] = -1
					if m2 := m | bit&act; m2&dead == dead {
						xg[i] = bd.group(m2 &^ dead)
					}
				}
				if k := xg[i]; k >= 0 {
					d := bd.dst.cnt[k]
					d[x] = sadd(d[x], v)
					bd.dst.supp[k].Add(x)
				}
			}
		}
		if base >= 0 {
			bd.dst.supp[base] = bd.dst.supp[base].Union(supp)
		}
	}
}

// addAll adds v, saturating, to cnt[i] for every i in s.
func addAll(cnt []uint64, s board.Set, v uint64) {
	for w, word := range s {
		for word != 0 {
			i := w<<6 + bits.TrailingZeros64(word)
			cnt[i] = sadd(cnt[i], v)
			word &= word - 1
		}
	}
}

// coach counts a Coach from cell from (layer src) into the builder and
// returns a superset of the circles the middle cell may hold.
func (t *Tracker) coach(src *layer, from int) board.Set {
	bd := t.bd
	mid, to := from+1, from+2
	bd.begin(to, len(src.masks)+bits.OnesCount64(t.plan.active[to]))
	fb1, fb2 := t.forbid[mid], t.forbid[to]
	act1 := t.plan.active[mid]
	bitsOf := t.plan.bits
	var midSupp board.Set
	for g, m := range src.masks {
		cnt := src.cnt[g]
		sp := src.supp[g]
		for c0 := sp.Next(0); c0 >= 0; c0 = sp.Next(c0 + 1) {
			v := cnt[c0]
			first := t.r.coachFirst(c0).Minus(fb1)
			midSupp = midSupp.Union(first)
			for c1 := first.Next(0); c1 >= 0; c1 = first.Next(c1 + 1) {
				bd.emit(m|bitsOf[c1]&act1, v, t.r.coachSecond(c0, c1).Minus(fb2))
			}
		}
	}
	return midSupp
}

// layer holds the forward counts of one trail cell: for each group (a mask
// of the pending clues already visited), the number of consistent trail
// prefixes ending on each circle.
//
// Clue bits are pending from cell 0 to the clue's deadline: a prefix sets
// the bit when it visits the circle, the counting drops prefixes without the
// bit at the deadline, and then clears the bit. A layer is never modified
// once built.
type layer struct {
	masks []uint64
	supp  []board.Set // per group: circles with a nonzero count
	cnt   [][]uint64  // per group: counts indexed by circle

	// Room for the first group, the usual case.
	masks1 [1]uint64
	supp1  [1]board.Set
	cnt1   [1][]uint64
}

// builder assembles a layer.
type builder struct {
	r       *rules
	clues   []clue // bit i is clues[i]
	at      int
	stride  int
	p       *plan
	dst     *layer
	idx     map[uint64]int32
	last    uint64 // mask of the last group looked up
	lastG   int32  // its index, or -1
	mapUsed bool   // idx holds entries
	cache   [1 << cacheBits]cacheEntry
	chunk   []uint64

	act, dead uint64
	clue      board.Set
	xg        []int32 // scratch of single
}

// builders are the builders refresh borrows: their map, cache and scratch
// serve every Tracker in turn. The arrays a builder hands out (chunk) are
// each handed out once, to one layer, whichever Tracker it belongs to.
var builders = sync.Pool{New: func() any { return new(builder) }}

// release drops what the builder refers to of the Tracker that used it, so
// that a pooled builder keeps no Tracker's plan, clues or layer alive.
func (bd *builder) release() {
	bd.r, bd.clues, bd.p, bd.dst = nil, nil, nil, nil
}

func (bd *builder) init(r *rules, p *plan, clues []clue) {
	bd.r = r
	bd.clues = clues
	bd.stride = r.n + 1
	bd.p = p
	if bd.idx == nil {
		bd.idx = make(map[uint64]int32)
	}
}

// begin starts the layer of cell at, expecting about hint groups.
func (bd *builder) begin(at, hint int) {
	if bd.mapUsed {
		clear(bd.idx)
		bd.mapUsed = false
	}
	clear(bd.cache[:])
	l := &layer{}
	if hint <= 1 {
		l.masks, l.supp, l.cnt = l.masks1[:0], l.supp1[:0], l.cnt1[:0]
	} else {
		l.masks = make([]uint64, 0, hint)
		l.supp = make([]board.Set, 0, hint)
		l.cnt = make([][]uint64, 0, hint)
	}
	bd.dst = l
	bd.at = at
	bd.lastG = -1
	bd.act = bd.p.active[at]
	bd.dead = bd.p.dead[at]
	bd.clue = bd.p.clue[at]
}

// end returns the finished layer and the circles it may hold.
//
// It first drops the states that cannot reach, in the cells left before
// its deadline, a pending clue circle they have not visited (by the
// distance on the board ignoring figures). Those states have no consistent
// completion, and neither have the states they lead to, so the counts of
// every state that does have one, and so the final counts, are unchanged.
func (bd *builder) end() (*layer, board.Set) {
	l := bd.dst
	bd.dst = nil
	if pend := bd.act &^ bd.dead; pend != 0 && prune {
		k := 0
		for g, m := range l.masks {
			sp := l.supp[g]
			if miss := pend &^ m; miss != 0 {
				allowed := sp
				for ; miss != 0; miss &= miss - 1 {
					i := bits.TrailingZeros64(miss)
					c := bd.clues[i]
					allowed = allowed.Intersect(bd.r.ball(c.circle, c.deadline-bd.at))
				}
				cnt := l.cnt[g]
				cut := sp.Minus(allowed)
				for c := cut.Next(0); c >= 0; c = cut.Next(c + 1) {
					cnt[c] = 0
				}
				sp = allowed
			}
			if sp.Empty() {
				continue
			}
			l.masks[k], l.supp[k], l.cnt[k] = m, sp, l.cnt[g]
			k++
		}
		l.masks, l.supp, l.cnt = l.masks[:k], l.supp[:k], l.cnt[:k]
	}
	var all board.Set
	for _, s := range l.supp {
		all = all.Union(s)
	}
	return l, all
}

// prune enables the distance pruning of builder.end (tests turn it off to
// check that it changes no count).
var prune = true

// smallGroups is the number of groups up to which group looks masks up by
// scanning rather than in the map.
const smallGroups = 24

// group returns the index of the group with final mask m, creating it.
func (bd *builder) group(m uint64) int32 {
	if bd.lastG >= 0 && bd.last == m {
		return bd.lastG
	}
	h := (m * 0x9e3779b97f4a7c15) >> (64 - cacheBits)
	if e := &bd.cache[h]; e.g > 0 && e.m == m {
		bd.last, bd.lastG = m, e.g-1
		return e.g - 1
	}
	l := bd.dst
	g, ok := int32(-1), false
	if len(l.masks) <= smallGroups {
		for i, x := range l.masks {
			if x == m {
				g, ok = int32(i), true
				break
			}
		}
	} else {
		g, ok = bd.idx[m]
	}
	if !ok {
		if len(bd.chunk) < bd.stride {
			// Room for as many groups again as the layer has, 1 to 32.
			bd.chunk = make([]uint64, min(max(len(l.masks), 1), 32)*bd.stride)
		}
		g = int32(len(l.masks))
		l.masks = append(l.masks, m)
		l.supp = append(l.supp, board.Set{})
		l.cnt = append(l.cnt, bd.chunk[:bd.stride:bd.stride])
		bd.chunk = bd.chunk[bd.stride:]
		switch {
		case len(l.masks) == smallGroups+1:
			// From now on look groups up in the map.
			bd.mapUsed = true
			for i, x := range l.masks {
				bd.idx[x] = int32(i)
			}
		case len(l.masks) > smallGroups+1:
			bd.idx[m] = g
		}
	}
	bd.cache[h] = cacheEntry{m: m, g: g + 1}
	bd.last, bd.lastG = m, g
	return g
}

// cacheBits sizes the builder's direct-mapped cache of group indices.
const cacheBits = 5

// cacheEntry maps a mask to its group index plus one (0: empty).
type cacheEntry struct {
	m uint64
	g int32
}

// emit adds v prefixes, whose pending-clue mask before this cell is m, on
// every circle of tg.
func (bd *builder) emit(m, v uint64, tg board.Set) {
	plain := tg.Minus(bd.clue)
	if !plain.Empty() && m&bd.dead == bd.dead {
		g := bd.group(m &^ bd.dead)
		addAll(bd.dst.cnt[g], plain, v)
		bd.dst.supp[g] = bd.dst.supp[g].Union(plain)
	}
	cl := tg.Intersect(bd.clue)
	for x := cl.Next(0); x >= 0; x = cl.Next(x + 1) {
		bd.emitOne(m|bd.p.bits[x]&bd.act, v, x)
	}
}

// emitOne adds v prefixes ending on circle x whose mask, x included, is m.
func (bd *builder) emitOne(m, v uint64, x int) {
	if m&bd.dead != bd.dead {
		return
	}
	g := bd.group(m &^ bd.dead)
	cnt := bd.dst.cnt[g]
	cnt[x] = sadd(cnt[x], v)
	bd.dst.supp[g].Add(x)
}

// sadd adds with saturation at math.MaxUint64.
//
// Counts cannot overflow in a real round: on both boards a trail cell has at
// most 15 possible successors (walk, alley, boat, hidden and each coach leg
// alike; TestBranchingBound checks it), a Whitehall round has at most 15
// moves writing at most 15 cells after the start, and every count is at most
// the number of unconstrained trails, 15^15 < 2^59 (15^16 < 2^63 still
// fits). Longer rounds saturate: counts are then lower bounds and sampling
// is no longer exactly uniform.
func sadd(a, b uint64) uint64 {
	s := a + b
	if s < a {
		return math.MaxUint64
	}
	return s
}
