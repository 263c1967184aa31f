package whitehall

import (
	"strconv"

	"gaslamp/board"
	"gaslamp/game"
)

// startActions begins the investigators' actions, first offering Jack a
// false clue when he holds one (W21).
func (s *State) startActions(log *game.Log) {
	if s.c.Cfg.FalseClues && s.c.Blue > 0 {
		s.c.Phase = phFalseClue
		s.c.Actor = 0
		return
	}
	s.nextAction(0, log)
}

// finishAction ends the acting figure's action and passes on.
func (s *State) finishAction(log *game.Log) {
	s.c.Named = board.Set{}
	s.c.Scent = false
	s.nextAction(int(s.c.Actor)+1, log)
}

// nextAction gives the action to figure index from or the next one that may
// act (yellow rests after Speed), or ends the turn.
func (s *State) nextAction(from int, log *game.Log) {
	for a := from; a < numFigures; a++ {
		if s.c.Speed && s.figureOf(a) == figYellow {
			if log.On() {
				emit(log, "pass", toAll, "rests", "who", s.who(a))
			}
			continue
		}
		s.c.Phase = phAction
		s.c.Actor = uint8(a)
		return
	}
	s.endTurn(log)
}

// endTurn closes a turn after the actions: a location reached this turn is
// announced (W12), otherwise Jack moves again.
func (s *State) endTurn(log *game.Log) {
	s.c.Speed = false
	if !s.c.Pending || int(s.c.NReached) >= len(s.c.Order) {
		s.c.Pending = false
		s.startJackTurn(log)
		return
	}
	c := s.c.Cur
	s.c.Pending = false
	s.c.Unreached.Remove(int(c))
	s.c.Order[s.c.NReached] = c
	s.c.NReached++
	if log.On() {
		emit(log, "announced", toAll, "announced", "circle", int(c), "n", int(s.c.NReached))
	}
	if s.c.NReached == 4 {
		s.end(winJack, rsEscaped, log)
		return
	}
	s.newRound(log)
}

// newRound ends the current round and starts the next at Jack's circle
// (W4, W18): face-down cards are revealed (W22), clue and false clue markers
// come off (W21), the track goes back to 0.
func (s *State) newRound(log *game.Log) {
	r := s.c.Round
	if int(r)+1 >= numRounds {
		// Unreachable in play: the 4th location ends the game.
		s.end(winJack, rsEscaped, log)
		return
	}
	if s.c.Cfg.Murderer && log.On() {
		for _, jm := range s.c.Moves[r][:s.c.NMoves[r]] {
			if jm.Kind != jkWalk {
				if log.On() {
					emit(log, "special-revealed", toAll, "revealed-"+jackKindNames[jm.Kind], "space", int(jm.Cell))
				}
			}
		}
	}
	r++
	s.c.Round = r
	s.c.Trail[r][0] = s.c.Cur
	s.c.TrailSet = circleSet(int(s.c.Cur))
	s.c.Clues = board.Set{}
	s.c.FClues = board.Set{}
	s.c.Blue = 0
	if log.On() {
		emit(log, "round", toAll, "round", "round", int(r)+1, "circle", int(s.c.Cur))
	}
	if s.c.Cfg.Newspaper && s.c.Out[CardAlley]+s.c.Out[CardBoat] > 0 {
		s.c.Phase = phNewspaper
		s.c.Actor = 0
		return
	}
	s.startJackTurn(log)
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
