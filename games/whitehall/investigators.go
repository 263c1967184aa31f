package whitehall

import "gaslamp/game"

// applyFigureMove handles W13 (and Smoker's Speed, W20): the acting figure
// moves 0-2 steps (3 with Speed) to a crossing no other figure holds.
func (s *State) applyFigureMove(m game.Move, log *game.Log) *game.Error {
	t := tbl()
	a := int(s.c.Actor)
	from := s.c.Fig[a]
	x := To(m)
	switch KindOf(m) {
	case MoveFigure:
		if !t.reach2[from].Has(x) {
			return game.Illegal("whitehall.err.too-far", "crossing", label(x))
		}
	case MoveSpeed:
		if !s.hasSmoker(a) {
			return game.Illegal("whitehall.err.no-power")
		}
		if !t.reach3[from].Has(x) {
			return game.Illegal("whitehall.err.too-far", "crossing", label(x))
		}
		if t.reach2[from].Has(x) {
			return game.Illegal("whitehall.err.speed-not-needed", "crossing", label(x))
		}
	default:
		return errNotNow
	}
	if s.others(a).Has(x) {
		return game.Illegal("whitehall.err.crossing-taken", "crossing", label(x))
	}
	s.c.Fig[a] = uint8(x)
	if KindOf(m) == MoveSpeed {
		s.c.Spent |= spSmoker
		s.c.Speed = true
		if log.On() {
			emit(log, "moved", toAll, "speed", "who", s.who(a), "figure", figureIDs[s.figureOf(a)], "crossing", label(x))
		}
	} else {
		if log.On() {
			emit(log, "moved", toAll, "moved", "who", s.who(a), "figure", figureIDs[s.figureOf(a)], "crossing", label(x))
		}
	}
	s.c.Actor++
	if s.c.Actor == numFigures {
		s.startActions(log)
	}
	return nil
}

// applyFalseClue handles W21: Jack places one false clue marker he holds,
// or none.
func (s *State) applyFalseClue(m game.Move, log *game.Log) *game.Error {
	switch KindOf(m) {
	case MovePass:
		if log.On() {
			emit(log, "false-clue", toAll, "false-clue-declined")
		}
	case MoveFalseClue:
		c := To(m)
		if s.c.FClues.Has(c) {
			return game.Illegal("whitehall.err.false-clue-there", "circle", c)
		}
		if s.c.Pending && c == int(s.c.Cur) {
			return game.Illegal("whitehall.err.must-announce", "circle", c)
		}
		s.c.Blue--
		s.c.FClues.Add(c)
		if log.On() {
			emit(log, "false-clue", toAll, "false-clue", "circle", c, "held", int(s.c.Blue))
		}
	default:
		return errNotNow
	}
	s.nextAction(0, log)
	return nil
}

// checkNamed checks that figure index a may name circle c in a search or an
// arrest (W14, W21).
func (s *State) checkNamed(a, c int) *game.Error {
	if !tbl().b.NearSet[s.c.Fig[a]].Has(c) {
		return game.Illegal("whitehall.err.not-adjacent", "circle", c)
	}
	if s.c.FClues.Has(c) {
		return game.Illegal("whitehall.err.false-clue-there", "circle", c)
	}
	return nil
}

// checkSearched adds the search's own limits to checkNamed (W15).
func (s *State) checkSearched(a, c int) *game.Error {
	if err := s.checkNamed(a, c); err != nil {
		return err
	}
	if s.c.Clues.Has(c) {
		return game.Illegal("whitehall.err.already-marked", "circle", c)
	}
	if s.c.Named.Has(c) {
		return game.Illegal("whitehall.err.already-named", "circle", c)
	}
	return nil
}

// applyAction handles W14 and the powers of W20: search, arrest, Reid's
// area arrest, Swanson's guess, or nothing.
func (s *State) applyAction(m game.Move, log *game.Log) *game.Error {
	a := int(s.c.Actor)
	c := To(m)
	switch KindOf(m) {
	case MovePass:
		if log.On() {
			emit(log, "pass", toAll, "pass", "who", s.who(a))
		}
		s.finishAction(log)
	case MoveSearch, MoveScent:
		scent := KindOf(m) == MoveScent
		if scent && !s.hasSmoker(a) {
			return game.Illegal("whitehall.err.no-power")
		}
		if err := s.checkSearched(a, c); err != nil {
			return err
		}
		if scent {
			s.c.Spent |= spSmoker
			if log.On() {
				emit(log, "search", toAll, "scent", "who", s.who(a))
			}
		}
		s.c.Scent = scent
		s.c.Named = circleSet(c)
		s.answer(a, c, log)
	case MoveArrest:
		if err := s.checkNamed(a, c); err != nil {
			return err
		}
		if c == int(s.c.Cur) {
			s.arrested(a, c, log)
			return nil
		}
		s.addObs(c, obNotHere)
		if log.On() {
			emit(log, "arrest", toAll, "arrest-failed", "who", s.who(a), "circle", c)
		}
		s.finishAction(log)
	case MoveAreaArrest:
		if !s.canAreaArrest(a) {
			return game.Illegal("whitehall.err.no-power")
		}
		s.c.Spent |= spReid
		names := s.nameable(a)
		if names.Has(int(s.c.Cur)) {
			s.arrested(a, int(s.c.Cur), log)
			return nil
		}
		for x := names.Next(0); x >= 0; x = names.Next(x + 1) {
			s.addObs(x, obNotHere)
		}
		if log.On() {
			emit(log, "arrest", toAll, "area-arrest-failed", "who", s.who(a), "circles", joinSet(names))
		}
		s.finishAction(log)
	case MoveGuess:
		t := tbl()
		switch {
		case !s.canGuess(a):
			return game.Illegal("whitehall.err.no-power")
		case !t.white.Has(c):
			return game.Illegal("whitehall.err.not-white", "circle", c)
		case !s.guessable().Has(c):
			return game.Illegal("whitehall.err.already-reached", "circle", c)
		}
		s.c.Spent |= spSwanson
		// W20: a location Jack walked onto this turn counts as reached.
		if s.c.Unreached.Has(c) && !(s.c.Pending && c == int(s.c.Cur)) {
			if log.On() {
				emit(log, "guess", toAll, "guess-won", "who", s.who(a), "circle", c)
			}
			s.c.WhoEnded, s.c.EndedAt = uint8(a), uint8(c)
			s.end(winInvestigators, rsGuessed, log)
			return nil
		}
		s.c.Guess = uint8(c)
		if log.On() {
			emit(log, "guess", toAll, "guess-failed", "who", s.who(a), "circle", c)
		}
		s.finishAction(log)
	default:
		return errNotNow
	}
	return nil
}

// applySearch handles the rest of a search (W15): name the next circle, or
// stop. After the first clue of yellow's search without Scent, the search
// goes on only if Scent is declared now (W20).
func (s *State) applySearch(m game.Move, log *game.Log) *game.Error {
	a := int(s.c.Actor)
	offer := s.scentOffered()
	switch KindOf(m) {
	case MoveStop:
		if log.On() {
			emit(log, "search", toAll, "search-stopped", "who", s.who(a))
		}
		s.finishAction(log)
	case MoveSearch, MoveScent:
		c := To(m)
		scent := KindOf(m) == MoveScent
		switch {
		case scent && !offer:
			return game.Illegal("whitehall.err.no-power")
		case !scent && offer:
			return game.Illegal("whitehall.err.search-found", "circle", c)
		}
		if err := s.checkSearched(a, c); err != nil {
			return err
		}
		if scent {
			s.c.Spent |= spSmoker
			s.c.Scent = true
			if log.On() {
				emit(log, "search", toAll, "scent", "who", s.who(a))
			}
		}
		s.c.Named.Add(c)
		s.answer(a, c, log)
	default:
		return errNotNow
	}
	return nil
}

// answer resolves one circle named in a search: a clue if it is on the
// current round's row (cell 0 included), which ends the search unless Scent;
// otherwise the search goes on while circles are left to name.
func (s *State) answer(a, c int, log *game.Log) {
	if s.c.TrailSet.Has(c) {
		s.addObs(c, obClue)
		if log.On() {
			emit(log, "search", toAll, "clue", "who", s.who(a), "circle", c)
		}
		s.addClue(c, log)
		if !s.c.Scent && (!s.hasSmoker(a) || s.searchable(a).Empty()) {
			s.finishAction(log)
			return
		}
		if !s.c.Scent {
			// W20: yellow may declare Scent on the first clue found.
			s.c.Phase = phSearch
			return
		}
	} else {
		s.addObs(c, obNoClue)
		if log.On() {
			emit(log, "search", toAll, "no-clue", "who", s.who(a), "circle", c)
		}
	}
	if s.searchable(a).Empty() {
		if log.On() {
			emit(log, "search", toAll, "search-done", "who", s.who(a))
		}
		s.finishAction(log)
		return
	}
	s.c.Phase = phSearch
}

// addClue puts a clue marker on c; with false-clues, every 5th clue marker of
// the game gives Jack a false clue marker, up to 3 held (W21).
func (s *State) addClue(c int, log *game.Log) {
	s.c.Clues.Add(c)
	s.c.CluesTotal++
	if s.c.Cfg.FalseClues && s.c.CluesTotal%5 == 0 && s.c.Blue < 3 {
		s.c.Blue++
		if log.On() {
			emit(log, "blue-marker", toAll, "blue-gained", "held", int(s.c.Blue))
		}
	}
}

// addObs appends an answer to the current round's public record.
func (s *State) addObs(c int, kind uint8) {
	r := s.c.Round
	if int(s.c.NObs[r]) >= maxObsRound {
		return // unreachable in play: maxObsRound bounds a round's answers
	}
	s.c.Obs[r][s.c.NObs[r]] = obs{Time: s.c.Cells[r], Circle: uint8(c), Kind: kind}
	s.c.NObs[r]++
}

// arrested ends the game: figure index a arrested Jack on c (W16, W19).
func (s *State) arrested(a, c int, log *game.Log) {
	if log.On() {
		emit(log, "arrest", toAll, "arrested", "who", s.who(a), "circle", c)
	}
	s.c.WhoEnded, s.c.EndedAt = uint8(a), uint8(c)
	s.end(winInvestigators, rsArrested, log)
}
