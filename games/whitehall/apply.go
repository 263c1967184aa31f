package whitehall

import "gaslamp/game"

// Refusals shared by several phases.
var (
	errBadMove = game.Illegal("whitehall.err.bad-move")
	errNotNow  = game.Illegal("whitehall.err.not-now")
)

// Apply implements game.State. It checks the move completely before changing
// anything, so a refused move leaves the state as it was.
func (s *State) Apply(seat game.Seat, m game.Move, log *game.Log) error {
	s.saidOK = false
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
	case phLocations:
		err = s.applyLocation(m, log)
	case phPlace:
		err = s.applyPlace(m, log)
	case phReveal:
		err = s.applyReveal(m, log)
	case phNewspaper:
		err = s.applyNewspaper(m, log)
	case phJack:
		err = s.applyJack(m, log)
	case phMove:
		err = s.applyFigureMove(m, log)
	case phFalseClue:
		err = s.applyFalseClue(m, log)
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
	s.dedStale = true
	return nil
}

// end finishes the game.
func (s *State) end(winner, reason uint8, log *game.Log) {
	s.c.Phase = phOver
	s.c.Actor = 0
	s.c.Winner = winner
	s.c.Reason = reason
	if log.On() {
		log.Add(game.Event{Type: "whitehall.game-over", To: toAll, Text: s.Outcome().Reason})
	}
}
