package whitehallbot

import (
	"gaslamp/board"
	"gaslamp/game"
	"gaslamp/games/whitehall"
)

// worlds are the rules Jack's search bot searches with: Whitehall's, except
// that Determinize returns [simState]s, which keep the positions the
// rollouts read, and that the exact world Jack's view shows is built once
// per view and cloned for every iteration (a view of another seat is
// determinized at every call).
type worlds struct {
	whitehall.Rules

	view  game.View // the view exact was built for
	exact *simState
}

// Determinize implements game.Rules.
func (w *worlds) Determinize(gv game.View, rng *game.Rand) (game.State, error) {
	if gv == w.view && w.exact != nil {
		return w.exact.clone(), nil
	}
	st, err := w.Rules.Determinize(gv, rng)
	if err != nil {
		return nil, err
	}
	s := newSimState(st.(*whitehall.State))
	if v, ok := gv.(*whitehall.View); ok && (v.Seat == 0 || v.Outcome.Over) {
		w.view, w.exact = gv, s
		return s.clone(), nil
	}
	return s, nil
}

// simState is a Whitehall state that keeps, as moves are applied, Jack's
// circle, the figures' crossings and Jack's unreached locations (a
// whitehall.State only shows them through a View, too slow to build at
// every rollout).
type simState struct {
	*whitehall.State
	jack      int
	figs      [3]int
	unreached board.Set
}

func newSimState(st *whitehall.State) *simState {
	s := &simState{State: st}
	v := st.View(0).(*whitehall.View)
	s.jack = v.Circle
	copy(s.figs[:], figures(v))
	s.unreached = setOf(unreached(v))
	if v.Announce {
		// Reached by his last walk, to be announced.
		s.unreached.Remove(v.Circle)
	}
	return s
}

func (s *simState) clone() *simState {
	c := *s
	c.State = s.State.Clone().(*whitehall.State)
	return &c
}

// Clone implements game.State.
func (s *simState) Clone() game.State { return s.clone() }

// Apply implements game.State.
func (s *simState) Apply(seat game.Seat, m game.Move, log *game.Log) error {
	if err := s.State.Apply(seat, m, log); err != nil {
		return err
	}
	switch whitehall.KindOf(m) {
	case whitehall.MoveWalk:
		s.jack = whitehall.To(m)
		s.unreached.Remove(s.jack)
	case whitehall.MoveCoach, whitehall.MoveAlley, whitehall.MoveBoat:
		s.jack = whitehall.To(m)
	case whitehall.MoveFigure, whitehall.MoveSpeed, whitehall.MovePlace:
		if i := int(seat) - 1; i >= 0 && i < len(s.figs) {
			s.figs[i] = whitehall.To(m)
		}
	}
	return nil
}
