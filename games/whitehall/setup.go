package whitehall

import "gaslamp/game"

// applyLocation handles W1: Jack picks a white circle in a quadrant he has
// not picked yet. After the 4th, the figures are placed.
func (s *State) applyLocation(m game.Move, log *game.Log) *game.Error {
	if KindOf(m) != MoveLocation {
		return errNotNow
	}
	t := tbl()
	c := To(m)
	if !t.white.Has(c) {
		return game.Illegal("whitehall.err.not-white", "circle", c)
	}
	q := t.quad[c]
	if s.c.Locs[q] != 0 {
		return game.Illegal("whitehall.err.quadrant-taken", "quadrant", quadrantArg(q))
	}
	s.c.Locs[q] = uint8(c)
	s.c.NLocs++
	s.c.Unreached.Add(c)
	if log.On() {
		emit(log, "location", toJack, "location-chosen", "circle", c, "quadrant", quadrantArg(q))
	}
	if log.On() {
		emit(log, "location", toOthers, "location-chosen-public", "n", int(s.c.NLocs))
	}
	if s.c.NLocs == 4 {
		s.c.Phase = phPlace
		s.c.Actor = 0
	}
	return nil
}

// applyPlace handles W2: each figure in priority order goes on a free
// yellow-bordered crossing. After the last, Jack reveals his start.
func (s *State) applyPlace(m game.Move, log *game.Log) *game.Error {
	if KindOf(m) != MovePlace {
		return errNotNow
	}
	x := To(m)
	if !tbl().starts.Has(x) {
		return game.Illegal("whitehall.err.not-start-crossing", "crossing", label(x))
	}
	if s.occupied().Has(x) {
		return game.Illegal("whitehall.err.crossing-taken", "crossing", label(x))
	}
	a := int(s.c.Actor)
	s.c.Fig[a] = uint8(x)
	if log.On() {
		emit(log, "placed", toAll, "placed", "who", s.who(a), "figure", figureIDs[s.figureOf(a)], "crossing", label(x))
	}
	s.c.Actor++
	if s.c.Actor == numFigures {
		s.c.Phase = phReveal
		s.c.Actor = 0
	}
	return nil
}

// applyReveal handles W3: Jack names one of his locations as his start; it
// is reached and is cell 0 of round 1.
func (s *State) applyReveal(m game.Move, log *game.Log) *game.Error {
	if KindOf(m) != MoveReveal {
		return errNotNow
	}
	c := To(m)
	if !s.c.Unreached.Has(c) {
		return game.Illegal("whitehall.err.not-location", "circle", c)
	}
	s.c.Cur = uint8(c)
	s.c.Order[0] = uint8(c)
	s.c.NReached = 1
	s.c.Unreached.Remove(c)
	s.c.Round = 0
	s.c.Trail[0][0] = uint8(c)
	s.c.TrailSet = circleSet(c)
	if log.On() {
		emit(log, "start", toAll, "start", "circle", c)
	}
	s.startJackTurn(log)
	return nil
}

// applyNewspaper handles W23: at the start of rounds 2 and 3 Jack may take
// back one used Alley or Boat card, or decline.
func (s *State) applyNewspaper(m game.Move, log *game.Log) *game.Error {
	switch KindOf(m) {
	case MovePass:
		if log.On() {
			emit(log, "newspaper", toAll, "newspaper-declined")
		}
	case MoveNewspaper:
		card := Card(To(m))
		if s.c.Out[card] == 0 {
			return game.Illegal("whitehall.err.card-not-used")
		}
		s.c.Out[card]--
		s.c.Left[card]++
		if log.On() {
			emit(log, "newspaper", toAll, "newspaper-"+card.String())
		}
	default:
		return errNotNow
	}
	s.startJackTurn(log)
	return nil
}

// quadrantArg is quadrant q as a player reads it ("north-west"), in their
// language.
func quadrantArg(q int8) game.Text { return game.T("whitehall.quadrant." + quadNames[q]) }
