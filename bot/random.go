package bot

import "gaslamp/game"

func init() {
	game.RegisterBot("*", "random", func(cfg game.BotConfig) (game.Bot, error) {
		return NewRandom(cfg.Seed), nil
	})
}

// Random chooses uniformly among the legal moves. It is deterministic for a
// given seed and sequence of calls.
type Random struct {
	rng game.Rand
}

// NewRandom returns a random bot seeded with seed.
func NewRandom(seed uint64) *Random {
	return &Random{rng: game.NewRand(seed ^ 0x72616e646f6d)}
}

// Choose implements game.Bot.
func (r *Random) Choose(_ game.View, legal []game.Move) game.Move {
	return legal[r.rng.IntN(len(legal))]
}
