package whitehallbot

import (
	"gaslamp/game"
	"gaslamp/games/whitehall"
	"gaslamp/hunt"
)

func init() {
	game.RegisterBot(whitehall.ID, "baseline", func(cfg game.BotConfig) (game.Bot, error) {
		return NewBaseline(cfg.Seat, cfg.Seed), nil
	})
}

// Baseline is the baseline Whitehall bot, for Jack or a figure. It reads only
// its seat's view: the investigators' beliefs come from the public record
// through package hunt.
type Baseline struct {
	seat game.Seat
	rng  game.Rand
	ded  deducer
	// The odds of the last solution, kept while the record does not change.
	oddsSol *hunt.Solution
	oddsVal *odds
	// model, when set, weights the sampled trails (samples of them) by a
	// model of Jack's play; the baseline has none.
	model   *jackModel
	samples int

	// Jack's planned locations, one per quadrant.
	locs    [4]int
	planned bool
}

// NewBaseline returns a baseline bot for seat, seeded with seed.
func NewBaseline(seat game.Seat, seed uint64) *Baseline {
	return &Baseline{seat: seat, rng: game.NewRand(seed ^ 0x626173656c696e65)}
}

// Choose implements game.Bot. It always returns one of legal.
func (b *Baseline) Choose(gv game.View, legal []game.Move) game.Move {
	v, ok := gv.(*whitehall.View)
	if !ok || len(legal) == 1 {
		return legal[0]
	}
	var m game.Move
	switch v.Phase {
	case "locations":
		m = b.chooseLocation(legal)
	case "reveal":
		m = b.chooseReveal(v, legal)
	case "newspaper":
		m = b.chooseNewspaper(legal)
	case "jack":
		m = b.chooseJackMove(v, legal)
	case "false-clue":
		m = b.chooseFalseClue(v, legal)
	case "place":
		m = b.choosePlace(v, legal)
	case "move":
		m = b.chooseFigureMove(v, legal)
	case "action":
		m = b.chooseAction(v, legal)
	case "search":
		m = b.chooseSearch(v, legal)
	}
	if !game.Contains(legal, m) {
		return legal[b.rng.IntN(len(legal))]
	}
	return m
}
