package jekyll

import "gaslamp/game"

// RandomGame plays one chapter with uniformly random legal moves (both seats
// of a simultaneous phase drawn at random) and returns the number of moves
// and the outcome. It never allocates per move: it is the playout benchmark.
func RandomGame(seed uint64, opts game.Options) (moves int, out game.Outcome) {
	cfg, err := parseConfig(opts)
	if err != nil {
		return 0, game.Outcome{}
	}
	var st State
	st.init(cfg, seed)
	rng := game.NewRand(seed ^ 0x5eed)
	var buf [16]game.Move
	for st.phase != phaseOver {
		seat := int(st.ToAct().First())
		if st.ToAct().Len() == 2 && rng.IntN(2) == 1 {
			seat = 1
		}
		l := st.legal(seat, buf[:0])
		st.apply(seat, l[rng.IntN(len(l))], nil)
		moves++
	}
	return moves, st.Outcome()
}
