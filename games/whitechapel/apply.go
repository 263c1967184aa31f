package whitechapel

import "gaslamp/game"

// Refusals shared by several phases.
var (
	errBadMove = game.Illegal("whitechapel.err.bad-move")
	errNotNow  = game.Illegal("whitechapel.err.not-now")
)

// Apply implements game.State. It checks the move completely before changing
// anything, so a refused move leaves the state as it was.
func (s *State) Apply(seat game.Seat, m game.Move, log *game.Log) error {
	if s.c.Phase == phOver {
		return game.ErrGameOver
	}
	if !s.ToAct().Has(seat) {
		return game.ErrNotYourTurn
	}
	if !wellFormed(m) {
		return errBadMove
	}
	var err *game.Error
	switch s.c.Phase {
	case phHideout:
		err = s.applyHideout(m, log)
	case phWomen:
		err = s.applyWoman(m, log)
	case phPatrol:
		err = s.applyPatrol(m, log)
	case phKill:
		err = s.applyKillOrWait(m, log)
	case phWretched:
		err = s.applyWretched(m, log)
	case phReveal:
		err = s.applyReveal(m, log)
	case phSecond:
		err = s.applySecond(m, log)
	case phJack:
		err = s.applyJack(m, log)
	case phMove:
		err = s.applyPoliceMove(m, log)
	case phAction:
		err = s.applyAction(m, log)
	case phSearch:
		err = s.applySearch(m, log)
	default:
		err = errNotNow
	}
	if err != nil {
		return err
	}
	if s.ded != nil { // a playout has none: no write barrier
		s.ded = nil
	}
	return nil
}

// end finishes the game.
func (s *State) end(winner, reason uint8, log *game.Log) {
	s.c.Phase = phOver
	s.c.Winner = winner
	s.c.Reason = reason
	if log.On() {
		log.Add(game.Event{Type: "whitechapel.game-over", To: toAll, Text: s.Outcome().Reason})
	}
}
