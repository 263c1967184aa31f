package whitechapel

import (
	"slices"

	"gaslamp/board"
	"gaslamp/game"
)

// Legal implements game.State: it appends seat's legal moves to buf, in a
// fixed order and without duplicates, and allocates nothing when buf has
// room.
func (s *State) Legal(seat game.Seat, buf []game.Move) []game.Move {
	if !s.ToAct().Has(seat) {
		return buf
	}
	t := tbl()
	switch s.c.Phase {
	case phHideout:
		buf = appendSet(buf, MoveHideout, 0, t.circle.Minus(t.red))
	case phWomen:
		free := s.womanTargets()
		if s.markedLeft() > 0 {
			buf = appendSet(buf, MoveWoman, 1, free)
		}
		if s.unmarkedLeft() > 0 {
			buf = appendSet(buf, MoveWoman, 0, free)
		}
	case phPatrol:
		free := s.patrolTargets()
		for id := uint8(0); id <= tokenFake; id++ {
			if s.tokenLeft(id) {
				buf = appendSet(buf, MovePatrol, int(id), free)
			}
		}
	case phKill, phSecond:
		buf = appendSet(buf, MoveKill, 0, s.wretchedSet())
		if s.c.Phase == phKill && s.c.Time < 5 {
			buf = append(buf, Wait())
		}
	case phWretched:
		k := int(s.c.Actor)
		buf = appendSet(buf, MoveWretched, int(s.c.Wretched[k]), s.wretchedTargets(k))
	case phReveal:
		for i := 0; i < int(s.c.NPatrols); i++ {
			if s.faceDown(i) {
				buf = append(buf, Reveal(int(s.c.Patrols[i])))
			}
		}
	case phJack:
		buf = s.jackMoves(buf)
	case phMove:
		i := s.actor()
		buf = appendSet(buf, MovePolice, 0, t.reach2[s.c.Police[i]].Minus(s.others(i)))
	case phAction:
		i := s.actor()
		buf = append(buf, Pass())
		buf = appendSet(buf, MoveSearch, 0, s.searchable(i))
		buf = appendSet(buf, MoveArrest, 0, s.nameable(i))
	case phSearch:
		buf = append(buf, Stop())
		buf = appendSet(buf, MoveSearch, 0, s.searchable(s.actor()))
	}
	return buf
}

// appendSet appends a move of kind k with second argument arg for every
// member of set.
func appendSet(buf []game.Move, k MoveKind, arg int, set board.Set) []game.Move {
	i, n := len(buf), set.Count()
	buf = slices.Grow(buf, n)[:i+n]
	base := mv(k, 0, arg)
	for w, word := range set {
		for word != 0 {
			buf[i] = base | game.Move(w<<6|trailing(word))<<8
			i++
			word &= word - 1
		}
	}
	return buf
}

// jackMoves appends Jack's legal moves: walks, then coaches, then alleys.
func (s *State) jackMoves(buf []game.Move) []game.Move {
	t := tbl()
	cur := int(s.c.Cur)
	buf = appendSet(buf, MoveWalk, 0, s.walkTargets())
	if s.canCoach() {
		buf = append(buf, t.coach[cur]...)
	}
	if s.c.Alleys > 0 {
		buf = appendSet(buf, MoveAlley, 0, t.alley[cur])
	}
	return buf
}
