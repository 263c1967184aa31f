package whitechapelbot

import (
	"gaslamp/game"
	"gaslamp/games/whitechapel"
)

func init() {
	game.RegisterBot(whitechapel.ID, "baseline", func(cfg game.BotConfig) (game.Bot, error) {
		return NewBaseline(cfg.Seat, cfg.Seed, cfg.Level), nil
	})
}

// level holds the knobs a BotConfig.Level sets.
type level struct {
	// random is the chance of a uniformly random legal move.
	random float64
	// noise is added to the scores of Jack's choices, in score units.
	noise float64
	// samples is the number of trails drawn to estimate where the trail
	// passed.
	samples int
	// arrest is the probability of Jack's circle above which a policeman
	// arrests rather than searches.
	arrest float64
	// maxWait is the latest Time of the Crime Jack waits for (1..5).
	maxWait int
	// danger weighs the policemen that may name Jack's next circle.
	danger float64
	// homeward (0..1) is how much the police discount the circles from
	// which Jack could not walk to a likely hideout in his moves left.
	homeward float64
}

var levels = map[string]level{
	"easy":   {random: 0.25, noise: 4, samples: 40, arrest: 0.5, maxWait: 2, danger: 2},
	"normal": {random: 0.02, noise: 1, samples: 150, arrest: 0.3, maxWait: 3, danger: 4},
	"hard":   {random: 0, noise: 0.5, samples: 400, arrest: 0.18, maxWait: 3, danger: 5, homeward: 0.9},
}

// Baseline is the baseline Whitechapel bot, for Jack or a policeman. It
// reads only its seat's view: the police's beliefs come from the public
// record through package hunt.
type Baseline struct {
	seat game.Seat
	rng  game.Rand
	lv   level
	bel  beliefCache
}

// NewBaseline returns a baseline bot for seat, seeded with seed, playing at
// level ("easy", "normal" or "hard"; anything else is normal).
func NewBaseline(seat game.Seat, seed uint64, lvl string) *Baseline {
	lv, ok := levels[lvl]
	if !ok {
		lv = levels["normal"]
	}
	return &Baseline{seat: seat, rng: game.NewRand(seed ^ 0x7768697465636861), lv: lv}
}

// Choose implements game.Bot. It always returns one of legal.
func (b *Baseline) Choose(gv game.View, legal []game.Move) game.Move {
	v, ok := gv.(*whitechapel.View)
	if !ok || len(legal) == 1 {
		return legal[0]
	}
	if b.lv.random > 0 && b.rng.Float64() < b.lv.random && v.Phase != "search" {
		return legal[b.rng.IntN(len(legal))]
	}
	var m game.Move
	switch v.Phase {
	case "hideout":
		m = b.chooseHideout(legal)
	case "women":
		m = b.chooseWoman(v, legal)
	case "kill", "second":
		m = b.chooseKill(v, legal)
	case "reveal":
		m = b.chooseReveal(v, legal)
	case "jack":
		m = b.chooseJackMove(v, legal)
	case "patrol":
		m = b.choosePatrol(v, legal)
	case "wretched":
		m = b.chooseWretched(v, legal)
	case "move":
		m = b.choosePoliceMove(v, legal)
	case "action", "search":
		m = b.chooseAction(v, legal)
	}
	if !game.Contains(legal, m) {
		return legal[b.rng.IntN(len(legal))]
	}
	return m
}

// best returns the move of legal with the lowest score (the first on a
// tie); skip leaves a move out when it returns true.
func best(legal []game.Move, score func(m game.Move) (float64, bool)) game.Move {
	var pick game.Move
	bestScore := 0.0
	found := false
	for _, m := range legal {
		s, ok := score(m)
		if !ok {
			continue
		}
		if !found || s < bestScore {
			pick, bestScore, found = m, s, true
		}
	}
	if !found {
		return legal[0]
	}
	return pick
}
