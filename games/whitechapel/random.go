package whitechapel

import "gaslamp/game"

// Playout plays uniformly random legal moves from s until the game ends or
// maxMoves moves were played (0: no limit), drawing from rng, with buf as
// the legal-move buffer (grown as needed and returned for reuse). It
// allocates nothing once buf is large enough. It returns the number of
// moves played.
func Playout(s *State, rng *game.Rand, maxMoves int, buf []game.Move) (int, []game.Move) {
	n := 0
	for s.c.Phase != phOver && (maxMoves == 0 || n < maxMoves) {
		seat := s.ToAct().First()
		buf = s.Legal(seat, buf[:0])
		if err := s.Apply(seat, buf[rng.IntN(len(buf))], nil); err != nil {
			panic("whitechapel: playout: legal move refused: " + err.Error())
		}
		n++
	}
	return n, buf
}

// RandomGame plays a whole game of uniformly random legal moves from seed
// with options opts and returns its number of moves and its outcome, for
// benchmarks. It panics on invalid options.
func RandomGame(seed uint64, opts game.Options) (moves int, out game.Outcome) {
	st, err := Rules{}.New(opts, seed)
	if err != nil {
		panic(err)
	}
	rng := game.NewRand(seed)
	s := st.(*State)
	n, _ := Playout(s, &rng, 0, make([]game.Move, 0, 512))
	return n, s.Outcome()
}
