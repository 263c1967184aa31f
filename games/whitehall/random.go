package whitehall

import "gaslamp/game"

func init() {
	game.RegisterBot(ID, "random", func(cfg game.BotConfig) (game.Bot, error) {
		return NewRandom(cfg.Seed), nil
	})
}

// Random is a bot that picks uniformly among the legal moves. It is
// deterministic for a seed and a sequence of calls.
type Random struct {
	rng game.Rand
}

// NewRandom returns a random bot seeded with seed.
func NewRandom(seed uint64) *Random { return &Random{rng: game.NewRand(seed ^ 0x5768697465)} }

// Choose implements game.Bot.
func (r *Random) Choose(_ game.View, legal []game.Move) game.Move {
	return legal[r.rng.IntN(len(legal))]
}

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
			panic("whitehall: playout: legal move refused: " + err.Error())
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
	n, _ := Playout(s, &rng, 0, make([]game.Move, 0, 256))
	return n, s.Outcome()
}
