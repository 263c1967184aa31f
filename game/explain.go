package game

import "errors"

// explainSeed seeds the hidden facts Explain draws: fixed, so that the same
// view always gets the same explanation.
const explainSeed = 0x6578706c61696e

// Explain says why move m is not a legal move of seat s, judging it only from
// what seat s may know: it draws a full state from the seat's view v
// (Rules.Determinize, with a fixed seed) and tries the move there. What it
// returns therefore never depends on a fact the seat may not know: for the
// hunters of a hidden-movement game it is the same wherever the hunted really
// is. It returns nil when the move is legal in that drawn state (the caller
// then knows only that the move is legal or needs a hidden fact to judge),
// ErrNotYourTurn when the seat need not act, and the game's own refusal
// otherwise. Nothing is changed: the drawn state is thrown away.
func Explain(r Rules, v View, s Seat, m Move) *Error {
	rng := NewRand(explainSeed)
	st, err := r.Determinize(v, &rng)
	if err != nil {
		return ErrNotLegal
	}
	if st.Outcome().Over {
		return ErrGameOver
	}
	if !st.ToAct().Has(s) {
		return ErrNotYourTurn
	}
	if Contains(st.Legal(s, nil), m) {
		return nil
	}
	if err := st.Apply(s, m, nil); err != nil {
		var e *Error
		if errors.As(err, &e) {
			return e
		}
		return ErrNotLegal
	}
	// The game accepted a move it does not list: not a choice all the same.
	return ErrNotLegal
}
