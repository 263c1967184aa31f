package whitechapel

import (
	"strconv"

	"gaslamp/board"
	"gaslamp/game"
)

// Part 2 of a night, "Hunting" (DIGEST C8): the police. Each turn every
// policeman moves, in tonight's order (the Head first, then the others in
// seat order), then each takes one action in the same order.

// applyPoliceMove handles C8.3: the acting policeman moves 0-2 steps,
// passing other policemen if he likes, to a crossing no other one holds.
func (s *State) applyPoliceMove(m game.Move, log *game.Log) *game.Error {
	if KindOf(m) != MovePolice {
		return errNotNow
	}
	i := s.actor()
	x := To(m)
	if !tbl().reach2[s.c.Police[i]].Has(x) {
		return game.Illegal("whitechapel.err.too-far", "crossing", label(x))
	}
	for j, y := range s.c.Police {
		if j != i && int(y) == x {
			return game.Illegal("whitechapel.err.crossing-taken", "crossing", label(x))
		}
	}
	s.c.Police[i] = uint8(x)
	if log.On() {
		emit(log, "moved", toAll, "moved", "who", who(i), "policeman", colourIDs[i], "crossing", label(x))
	}
	s.c.Actor++
	if s.c.Actor == numPolice {
		s.c.Phase = phAction
		s.c.Actor = 0
	}
	return nil
}

// nameable returns the circles policeman i may name in an arrest: those
// joined directly to his crossing.
func (s *State) nameable(i int) board.Set {
	return tbl().near[s.c.Police[i]]
}

// searchable returns the circles policeman i may still name in a search:
// nameable, without a clue marker, not tonight's crime scene, not named yet
// in this search (C8.4).
func (s *State) searchable(i int) board.Set {
	return s.nameable(i).Minus(s.c.Clues).Minus(s.tonightScenes()).Minus(s.c.Named)
}

// finishAction ends the acting policeman's action and passes on; after the
// last one, Jack moves.
func (s *State) finishAction(log *game.Log) {
	s.c.Named = board.Set{}
	s.c.Actor++
	if s.c.Actor < numPolice {
		s.c.Phase = phAction
		return
	}
	s.startJackTurn(log)
}

// applyAction handles C8.4: a search, an arrest or nothing.
func (s *State) applyAction(m game.Move, log *game.Log) *game.Error {
	i := s.actor()
	c := To(m)
	switch KindOf(m) {
	case MovePass:
		if log.On() {
			emit(log, "pass", toAll, "pass", "who", who(i))
		}
		s.finishAction(log)
	case MoveSearch:
		if err := s.checkSearched(i, c); err != nil {
			return err
		}
		s.c.Named = circleSet(c)
		s.answer(i, c, log)
	case MoveArrest:
		if !s.nameable(i).Has(c) {
			return game.Illegal("whitechapel.err.not-adjacent", "circle", c)
		}
		if c == int(s.c.Cur) {
			if log.On() {
				emit(log, "arrest", toAll, "arrested", "who", who(i), "circle", c)
			}
			s.c.WhoEnded, s.c.EndedAt = uint8(i), uint8(c)
			s.end(winPolice, rsArrested, log)
			return nil
		}
		s.addObs(c, obNotHere)
		if log.On() {
			emit(log, "arrest", toAll, "arrest-failed", "who", who(i), "circle", c)
		}
		s.finishAction(log)
	default:
		return errNotNow
	}
	return nil
}

// checkSearched checks that policeman i may name circle c in his search.
func (s *State) checkSearched(i, c int) *game.Error {
	switch {
	case !s.nameable(i).Has(c):
		return game.Illegal("whitechapel.err.not-adjacent", "circle", c)
	case s.c.Clues.Has(c):
		return game.Illegal("whitechapel.err.already-marked", "circle", c)
	case s.tonightScenes().Has(c):
		return game.Illegal("whitechapel.err.scene-skipped", "circle", c)
	case s.c.Named.Has(c):
		return game.Illegal("whitechapel.err.already-named", "circle", c)
	}
	return nil
}

// applySearch handles the rest of a search: name the next circle, or stop.
func (s *State) applySearch(m game.Move, log *game.Log) *game.Error {
	i := s.actor()
	switch KindOf(m) {
	case MoveStop:
		if log.On() {
			emit(log, "search", toAll, "search-stopped", "who", who(i))
		}
		s.finishAction(log)
	case MoveSearch:
		c := To(m)
		if err := s.checkSearched(i, c); err != nil {
			return err
		}
		s.c.Named.Add(c)
		s.answer(i, c, log)
	default:
		return errNotNow
	}
	return nil
}

// answer resolves one circle named in a search (L5, W15): a clue if it is
// on tonight's trail (the crime scene included), which ends the search;
// otherwise the search goes on while circles are left to name.
func (s *State) answer(i, c int, log *game.Log) {
	if s.c.TrailSet.Has(c) {
		s.addObs(c, obClue)
		s.c.Clues.Add(c)
		if log.On() {
			emit(log, "search", toAll, "clue", "who", who(i), "circle", c)
		}
		s.finishAction(log)
		return
	}
	s.addObs(c, obNoClue)
	if log.On() {
		emit(log, "search", toAll, "no-clue", "who", who(i), "circle", c)
	}
	if s.searchable(i).Empty() {
		if log.On() {
			emit(log, "search", toAll, "search-done", "who", who(i))
		}
		s.finishAction(log)
		return
	}
	s.c.Phase = phSearch
}

// addObs appends an answer to tonight's public record.
func (s *State) addObs(c int, kind uint8) {
	n := s.c.Night
	s.c.Obs[n][s.c.NObs[n]] = obs{Time: s.c.Cells[n], Circle: uint8(c), Kind: kind}
	s.c.NObs[n]++
}

// joinSet formats a set of circles as "12, 14, 15".
func joinSet(set board.Set) string {
	var b []byte
	for c := set.Next(0); c >= 0; c = set.Next(c + 1) {
		if len(b) > 0 {
			b = append(b, ", "...)
		}
		b = strconv.AppendInt(b, int64(c), 10)
	}
	return string(b)
}
