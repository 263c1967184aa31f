package pocket

import (
	"gaslamp/game"
)

// RandomGame plays one full game from seed, each action chosen uniformly
// among the legal moves with a generator derived from seed, and returns the
// number of moves and the outcome. It allocates nothing per move; the bench
// command uses it to measure the engine's speed.
func RandomGame(seed uint64) (moves int, out game.Outcome) {
	s := newState(seed)
	r := game.NewRand(seed ^ 0x6a09e667f3bcc909)
	var arr [MaxLegal]game.Move
	for !s.over() {
		n := s.legal(&arr)
		a, _ := Parse(arr[r.IntN(n)])
		s.play(s.tokenFor(a.Kind), a, nil)
		moves++
	}
	return moves, s.Outcome()
}
