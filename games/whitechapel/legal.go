package whitechapel

import (
	"math/bits"
	"slices"

	"gaslamp/board"
	"gaslamp/game"
)

// Legal implements game.State: it appends seat's legal moves to buf, in a
// fixed order and without duplicates, and allocates nothing when buf has
// room.
func (s *State) Legal(seat game.Seat, buf []game.Move) []game.Move {
	var r moveRuns
	s.legalRuns(seat, &r)
	for i := range r.runs[:r.n] {
		x := &r.runs[i]
		if KindOf(x.base) == MoveCoach {
			buf = append(buf, tbl().coach[To(x.base)]...)
		} else {
			buf = appendSet(buf, x.base, x.set)
		}
	}
	return buf
}

// randomLegal returns one of seat's legal moves drawn uniformly from rng,
// without building the list: the move Legal(seat, nil)[rng.IntN(n)] would
// be, with the same draw (n is the number of legal moves). It panics when
// seat has no legal move.
func (s *State) randomLegal(seat game.Seat, rng *game.Rand) game.Move {
	var r moveRuns
	s.legalRuns(seat, &r)
	return r.at(rng.IntN(r.total))
}

// maxRuns bounds the runs of a seat's legal moves: at most one per
// face-down patrol token to turn over.
const maxRuns = numPatrols

// run is a block of legal moves: base (a kind and its Arg) with To set to
// each member of set, ascending; or, when base is a coach move, the coach
// moves from circle To(base) (tables.coach). It holds no pointer, so that
// filling runs costs no write barrier.
type run struct {
	base game.Move
	set  board.Set
}

// moveRuns holds a seat's legal moves as runs, in Legal's order.
type moveRuns struct {
	n     int          // runs
	total int          // moves
	count [maxRuns]int // moves of each run
	runs  [maxRuns]run
}

// add appends the run of the moves of kind k and second argument arg to
// the members of set.
func (r *moveRuns) add(k MoveKind, arg int, set board.Set) {
	n := set.Count()
	r.runs[r.n] = run{base: mv(k, 0, arg), set: set}
	r.count[r.n] = n
	r.total += n
	r.n++
}

// coaches appends the run of the coach moves from circle c.
func (r *moveRuns) coaches(c int) {
	n := len(tbl().coach[c])
	r.runs[r.n] = run{base: mv(MoveCoach, c, 0)}
	r.count[r.n] = n
	r.total += n
	r.n++
}

// one appends the run of move m alone.
func (r *moveRuns) one(m game.Move) {
	x := &r.runs[r.n]
	x.base = m &^ (0xff << 8)
	x.set = board.Set{}
	add8(&x.set, uint8(To(m)))
	r.count[r.n] = 1
	r.total++
	r.n++
}

// at returns move k of r (0 <= k < r.total).
func (r *moveRuns) at(k int) game.Move {
	i := 0
	for k >= r.count[i] {
		k -= r.count[i]
		i++
	}
	x := &r.runs[i]
	if KindOf(x.base) == MoveCoach {
		return tbl().coach[To(x.base)][k]
	}
	for w, word := range x.set {
		if c := bits.OnesCount64(word); k >= c {
			k -= c
			continue
		}
		return x.base | game.Move(w<<6|selectBit(word, k))<<8
	}
	panic("whitechapel: legal move index out of range")
}

// selectBit returns the index of the set bit of w of rank k (0 for the
// lowest); w has more than k set bits.
func selectBit(w uint64, k int) int {
	i := 0
	if c := bits.OnesCount32(uint32(w)); k >= c {
		k -= c
		w >>= 32
		i += 32
	}
	if c := bits.OnesCount16(uint16(w)); k >= c {
		k -= c
		w >>= 16
		i += 16
	}
	if c := bits.OnesCount8(uint8(w)); k >= c {
		k -= c
		w >>= 8
		i += 8
	}
	for ; k > 0; k-- {
		w &= w - 1
	}
	return i + bits.TrailingZeros64(w)
}

// legalRuns puts seat's legal moves into r, in Legal's order.
func (s *State) legalRuns(seat game.Seat, r *moveRuns) {
	if !s.ToAct().Has(seat) {
		return
	}
	t := tbl()
	switch s.c.Phase {
	case phHideout:
		r.add(MoveHideout, 0, t.circle.Minus(t.red))
	case phWomen:
		free := s.womanTargets()
		if s.markedLeft() > 0 {
			r.add(MoveWoman, 1, free)
		}
		if s.unmarkedLeft() > 0 {
			r.add(MoveWoman, 0, free)
		}
	case phPatrol:
		free := s.patrolTargets()
		for id := uint8(0); id <= tokenFake; id++ {
			if s.tokenLeft(id) {
				r.add(MovePatrol, int(id), free)
			}
		}
	case phKill, phSecond:
		r.add(MoveKill, 0, s.wretchedSet())
		if s.c.Phase == phKill && s.c.Time < 5 {
			r.one(Wait())
		}
	case phWretched:
		k := int(s.c.Actor)
		r.add(MoveWretched, int(s.c.Wretched[k]), s.wretchedTargets(k))
	case phReveal:
		for i := 0; i < int(s.c.NPatrols); i++ {
			if s.faceDown(i) {
				r.one(Reveal(int(s.c.Patrols[i])))
			}
		}
	case phJack:
		cur := int(s.c.Cur)
		r.add(MoveWalk, 0, s.walkTargets())
		if s.canCoach() && len(t.coach[cur]) > 0 {
			r.coaches(cur)
		}
		if s.c.Alleys > 0 {
			r.add(MoveAlley, 0, t.alley[cur])
		}
	case phMove:
		i := s.actor()
		r.add(MovePolice, 0, t.reach2[s.c.Police[i]].Minus(s.others(i)))
	case phAction:
		i := s.actor()
		r.one(Pass())
		r.add(MoveSearch, 0, s.searchable(i))
		r.add(MoveArrest, 0, s.nameable(i))
	case phSearch:
		r.one(Stop())
		r.add(MoveSearch, 0, s.searchable(s.actor()))
	}
}

// appendSet appends base (a move kind with its Arg) with To set to each
// member of set, ascending.
func appendSet(buf []game.Move, base game.Move, set board.Set) []game.Move {
	i, n := len(buf), set.Count()
	buf = slices.Grow(buf, n)[:i+n]
	for w, word := range set {
		for word != 0 {
			buf[i] = base | game.Move(w<<6|trailing(word))<<8
			i++
			word &= word - 1
		}
	}
	return buf
}
