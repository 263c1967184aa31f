package pocket

import (
	"testing"

	"gaslamp/game"
)

// midGame plays n random moves from seed (stopping early at the end of the
// game) and returns the state.
func midGame(seed uint64, n int) *State {
	s := newState(seed)
	r := game.NewRand(seed + 77)
	var arr [MaxLegal]game.Move
	for i := 0; i < n && !s.over(); i++ {
		k := s.legal(arr[:])
		a, _ := Parse(arr[r.IntN(k)])
		s.play(s.tokenFor(a.Kind), a, nil)
	}
	return &s
}

// mustApply plays m for the seat to act and fails the test if it is refused.
func mustApply(t *testing.T, s *State, m game.Move) *game.Log {
	t.Helper()
	var log game.Log
	if err := s.Apply(s.ToAct().First(), m, &log); err != nil {
		t.Fatalf("move %s refused: %v", Rules{}.EncodeMove(m), err)
	}
	return &log
}
