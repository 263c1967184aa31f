package whitehall

import "gaslamp/game"

// startJackTurn begins Jack's move; with no legal move at all he loses (W11).
func (s *State) startJackTurn(log *game.Log) {
	s.c.Phase = phJack
	s.c.Actor = 0
	if s.cells() >= trackLen {
		// Unreachable in play: the 15th space ends the game unless a
		// location is announced (W12).
		s.end(winInvestigators, rsTooSlow, log)
		return
	}
	if !s.jackCanMove() {
		if log.On() {
			emit(log, "cornered", toAll, "cornered")
		}
		s.end(winInvestigators, rsCornered, log)
	}
}

// errTrackFull refuses a move of Jack when no track space is left (W12).
var errTrackFull = game.Illegal("whitehall.err.track-full")

// applyJack checks and plays Jack's move (W5-W9).
func (s *State) applyJack(m game.Move, log *game.Log) *game.Error {
	t := tbl()
	cur := int(s.c.Cur)
	to, via := To(m), Via(m)
	un := s.c.Unreached
	if s.cells() >= trackLen || int(s.c.NMoves[s.c.Round]) >= trackLen {
		return errTrackFull
	}
	var kind uint8
	switch KindOf(m) {
	case MoveWalk:
		if !t.b.WalkSet[cur].Has(to) {
			return game.Illegal("whitehall.err.not-neighbour", "circle", to)
		}
		if !s.walkTargets().Has(to) {
			if un.Has(to) && s.c.FClues.Has(to) && t.b.WalkTargets(cur, s.occupied()).Has(to) {
				return game.Illegal("whitehall.err.location-under-false-clue", "circle", to)
			}
			return game.Illegal("whitehall.err.blocked", "circle", to)
		}
		kind = jkWalk
	case MoveCoach:
		switch {
		case s.c.Left[CardCoach] == 0:
			return game.Illegal("whitehall.err.no-card-coach")
		case s.cells() > trackLen-2:
			return game.Illegal("whitehall.err.coach-short")
		case !t.b.WalkSet[cur].Has(via) || !t.b.WalkSet[via].Has(to):
			return game.Illegal("whitehall.err.coach-route", "via", via, "circle", to)
		case via == cur || to == cur || to == via:
			return game.Illegal("whitehall.err.coach-distinct")
		case t.blue.Has(via) || t.blue.Has(to):
			return game.Illegal("whitehall.err.coach-blue")
		case un.Has(via) || un.Has(to):
			return game.Illegal("whitehall.err.special-location")
		}
		kind = jkCoach
	case MoveAlley:
		switch {
		case s.c.Left[CardAlley] == 0:
			return game.Illegal("whitehall.err.no-card-alley")
		case !t.b.AlleySet[cur].Has(to):
			return game.Illegal("whitehall.err.not-alley", "circle", to)
		case un.Has(to):
			return game.Illegal("whitehall.err.special-location")
		}
		kind = jkAlley
	case MoveBoat:
		switch {
		case s.c.Left[CardBoat] == 0:
			return game.Illegal("whitehall.err.no-card-boat")
		case !t.b.BoatSet[cur].Has(to):
			return game.Illegal("whitehall.err.not-boat", "circle", to)
		case un.Has(to):
			return game.Illegal("whitehall.err.special-location")
		}
		kind = jkBoat
	default:
		return errNotNow
	}
	s.jackMoved(kind, via, to, log)
	return nil
}

// jackMoved records a legal move of Jack on his trail and the public record,
// then hands over to the figures, or ends the game after a 15th move that
// reached no location (W12).
func (s *State) jackMoved(kind uint8, via, to int, log *game.Log) {
	r := s.c.Round
	cell := s.c.Cells[r]
	need := uint8(1)
	if kind == jkCoach {
		need = 2
	}
	if int(cell)+int(need) > trackLen || int(s.c.NMoves[r]) >= trackLen {
		return // applyJack refuses such a move first
	}
	s.c.Moves[r][s.c.NMoves[r]] = jackMove{Kind: kind, Cell: cell + 1, Occ: s.c.Fig}
	s.c.NMoves[r]++
	if kind == jkCoach {
		s.c.Trail[r][cell+1] = uint8(via)
		s.c.TrailSet.Add(via)
		cell++
	}
	s.c.Trail[r][cell+1] = uint8(to)
	s.c.TrailSet.Add(to)
	s.c.Cells[r] = cell + 1
	if kind != jkWalk {
		card := Card(kind - jkCoach)
		s.c.Left[card]--
		s.c.Out[card]++
	}
	s.c.Cur = uint8(to)
	n := int(s.c.NMoves[r])
	if log.On() {
		switch kind {
		case jkWalk:
			if log.On() {
				emit(log, "jack-moved", toJack, "you-walked", "circle", to, "space", int(s.c.Cells[r]))
			}
		case jkCoach:
			if log.On() {
				emit(log, "jack-moved", toJack, "you-coach", "via", via, "circle", to, "space", int(s.c.Cells[r]))
			}
		case jkAlley:
			if log.On() {
				emit(log, "jack-moved", toJack, "you-alley", "circle", to, "space", int(s.c.Cells[r]))
			}
		case jkBoat:
			if log.On() {
				emit(log, "jack-moved", toJack, "you-boat", "circle", to, "space", int(s.c.Cells[r]))
			}
		}
		key := "jack-" + jackKindNames[kind]
		if s.c.Cfg.Murderer && kind != jkWalk {
			key = "jack-special"
		}
		if log.On() {
			emit(log, "jack-moved", toOthers, key, "move", n, "space", int(s.c.Cells[r]))
		}
	}
	if kind == jkWalk && s.c.Unreached.Has(to) {
		s.c.Pending = true
		if log.On() {
			emit(log, "reached", toJack, "you-reached", "circle", to)
		}
	}
	if s.c.Cells[r] == trackLen && !s.c.Pending {
		if log.On() {
			emit(log, "too-slow", toAll, "too-slow")
		}
		s.end(winInvestigators, rsTooSlow, log)
		return
	}
	s.c.Phase = phMove
	s.c.Actor = 0
}
