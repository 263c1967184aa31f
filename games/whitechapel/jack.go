package whitechapel

import (
	"gaslamp/board"
	"gaslamp/game"
)

// Part 2 of a night, "Hunting" (DIGEST C8): Jack's moves.

// startJackTurn begins Jack's move; with no legal move at all he loses
// (C8.1).
func (s *State) startJackTurn(log *game.Log) {
	s.c.Phase = phJack
	s.c.Actor = 0
	if !s.jackCanMove() {
		if log.On() {
			emit(log, "cornered", toAll, "cornered")
		}
		s.end(winPolice, rsCornered, log)
	}
}

// walkTargets returns the circles Jack may walk to: walking neighbours along
// streets whose crossings hold no policeman.
func (s *State) walkTargets() board.Set {
	cur := int(s.c.Cur)
	w := tbl().b.WalkTargets(cur, s.occupied())
	w.Remove(cur)
	return w
}

// canCoach reports whether Jack holds a coach and has two track spaces left.
func (s *State) canCoach() bool { return s.c.Coaches > 0 && s.movesLeft() >= 2 }

// jackCanMove reports whether Jack has any legal move.
func (s *State) jackCanMove() bool {
	cur := int(s.c.Cur)
	if !s.walkTargets().Empty() {
		return true
	}
	if s.c.Alleys > 0 && !tbl().alley[cur].Empty() {
		return true
	}
	return s.canCoach() && len(tbl().coach[cur]) > 0
}

// applyJack checks and plays Jack's move (C8.1).
func (s *State) applyJack(m game.Move, log *game.Log) *game.Error {
	t := tbl()
	cur := int(s.c.Cur)
	to, via := To(m), Arg(m)
	var kind uint8
	switch KindOf(m) {
	case MoveWalk:
		if !t.walk[cur].Has(to) {
			return game.Illegal("whitechapel.err.not-neighbour", "circle", to)
		}
		if !s.walkTargets().Has(to) {
			return game.Illegal("whitechapel.err.blocked", "circle", to)
		}
		kind = jkWalk
	case MoveCoach:
		switch {
		case s.c.Coaches == 0:
			return game.Illegal("whitechapel.err.no-coach")
		case s.movesLeft() < 2:
			return game.Illegal("whitechapel.err.coach-short")
		case via == cur || to == cur || to == via:
			return game.Illegal("whitechapel.err.coach-distinct")
		case !t.walk[cur].Has(via) || !t.walk[via].Has(to):
			return game.Illegal("whitechapel.err.coach-route", "via", via, "circle", to)
		}
		kind = jkCoach
	case MoveAlley:
		switch {
		case s.c.Alleys == 0:
			return game.Illegal("whitechapel.err.no-alley")
		case !t.alley[cur].Has(to):
			return game.Illegal("whitechapel.err.not-alley", "circle", to)
		}
		kind = jkAlley
	default:
		return errNotNow
	}
	s.jackMoved(kind, via, to, log)
	return nil
}

// jackMoved records a legal move of Jack on his trail and the public
// record. A walk onto the hideout ends the night at once (C8.2; a coach or
// an alley landing there does not, L4); a move that fills the last track
// space without reaching home loses (L4); otherwise the police move.
func (s *State) jackMoved(kind uint8, via, to int, log *game.Log) {
	c := &s.c
	n := c.Night
	cell := c.Cells[n]
	if kind == jkCoach {
		cell++
		c.Trail[n][cell] = uint8(via)
		c.TrailSet.Add(via)
		c.Coaches--
	}
	if kind == jkAlley {
		c.Alleys--
	}
	cell++
	c.Trail[n][cell] = uint8(to)
	c.TrailSet.Add(to)
	c.Cells[n] = cell
	c.Moves[n][c.NMoves[n]] = jackMove{Kind: kind, Cell: cell, Occ: c.Police}
	c.NMoves[n]++
	c.Cur = uint8(to)
	if log.On() {
		left := s.movesLeft()
		if kind == jkCoach {
			emit(log, "jack-moved", toJack, "you-coach", "via", via, "circle", to, "left", left)
		} else {
			emit(log, "jack-moved", toJack, "you-"+jackKindNames[kind], "circle", to, "left", left)
		}
		emit(log, "jack-moved", toOthers, "jack-"+jackKindNames[kind], "move", int(c.NMoves[n]), "left", left)
	}
	if kind == jkWalk && to == int(c.Hideout) {
		s.nightHome(log)
		return
	}
	if s.movesLeft() == 0 {
		if log.On() {
			emit(log, "too-slow", toAll, "too-slow")
		}
		s.end(winPolice, rsTooSlow, log)
		return
	}
	c.Phase = phMove
	c.Actor = 0
}

// nightHome ends the night with Jack home (C8.2): after night 4 he wins
// (L8); otherwise the next night begins. The policemen and the crime scenes
// stay; the clue markers go (startNight).
func (s *State) nightHome(log *game.Log) {
	n := int(s.c.Night)
	s.c.Home |= 1 << n
	if log.On() {
		emit(log, "home", toAll, "home", "night", n+1, "moves", int(s.c.NMoves[n]))
	}
	if n == numNights-1 {
		s.end(winJack, rsEscaped, log)
		return
	}
	s.startNight(n+1, log)
}
