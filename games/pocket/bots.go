package pocket

import (
	"time"

	"gaslamp/bot"
	"gaslamp/game"
)

// The "endgame" bot plays either seat from its view alone: the generic
// ISMCTS of package bot until the end of the game is near, then the exact
// endgame search (solve.go) once the turns and suspects left make it cheap
// (the last two turns, or the last three with two suspects left), within a
// node limit (10 nodes per iteration of its level; past it, or past its time
// budget, it falls back to the ISMCTS).
//
//   - Jack knows every secret but the order of the alibi pile, which the
//     search averages over: he plays a move of the highest chance to win
//     against an investigator who would know him. When no move wins against
//     such an investigator (every value 0) he searches as before, which
//     plays on the investigator's doubt.
//   - The investigator draws worlds from his view (Determinize), Jack's
//     identity and alibi cards among those that agree with it, solves each
//     world exactly and plays the move of the lowest average value for
//     Jack. When the worlds cannot tell his moves apart he searches as
//     before.
//
// Its level is the ISMCTS's (bot.LevelIterations: a number of iterations or
// easy, normal, hard).
func init() {
	game.RegisterBot(ID, "endgame", func(cfg game.BotConfig) (game.Bot, error) { return NewEndgame(cfg), nil })
	game.RegisterBot(ID, "modeled", func(cfg game.BotConfig) (game.Bot, error) { return NewModeled(cfg), nil })
}

// EndgameWorlds is the number of worlds the investigator's exact search
// draws (the same world drawn twice counts twice).
const EndgameWorlds = 24

// nodesPerIteration sets the exact search's node limit from the level's
// iterations: one node costs about as much as one ISMCTS iteration's
// share of a rollout.
const nodesPerIteration = 10

// Endgame is the "endgame" bot of one seat.
type Endgame struct {
	seat   game.Seat
	rng    game.Rand
	budget time.Duration
	search searcher
	sv     *solver
	exact  int // decisions made by the exact search
	vals   []float64
	sums   []float64
	order  []int
	legal  []game.Move
}

// NewEndgame returns the endgame bot of cfg.Seat: cfg.Level sets the
// iterations of its ISMCTS and the node limit of its exact search,
// cfg.Budget the time of a decision (negative: none, the bot then depends on
// its seed alone).
func NewEndgame(cfg game.BotConfig) *Endgame { return newEndgame(cfg, false) }

// NewModeled returns the "modeled" bot of cfg.Seat (model.go): at Jack's
// seat the endgame bot whose search plays the investigator by a model that
// does not know Jack; at the investigator's seat the endgame bot itself.
func NewModeled(cfg game.BotConfig) *Endgame { return newEndgame(cfg, cfg.Seat == JackSeat) }

func newEndgame(cfg game.BotConfig, modeled bool) *Endgame {
	iters := bot.LevelIterations(cfg.Level)
	budget := cfg.Budget
	if budget == 0 {
		budget = bot.DefaultBudget
	}
	s := bot.Search{Iterations: iters, Budget: budget, Variety: bot.DefaultVariety}
	if modeled {
		s.SideOnly = true
		s.Rollout = bot.Policy(playModel)
	}
	return &Endgame{
		seat:   cfg.Seat,
		rng:    game.NewRand(cfg.Seed ^ 0x656e6467616d65),
		budget: budget,
		search: bot.NewISMCTS(cfg, s),
		sv:     newSolver(nodesPerIteration * iters),
	}
}

// ExactDecisions returns the number of decisions the exact search made.
func (b *Endgame) ExactDecisions() int { return b.exact }

// Choose implements game.Bot.
func (b *Endgame) Choose(gv game.View, legal []game.Move) game.Move {
	var deadline time.Time
	if b.budget > 0 {
		deadline = time.Now().Add(b.budget)
	}
	return b.ChooseBy(gv, legal, deadline)
}

// ChooseBy implements game.TimedBot.
func (b *Endgame) ChooseBy(gv game.View, legal []game.Move, deadline time.Time) game.Move {
	if len(legal) == 1 {
		return legal[0]
	}
	// One deadline for the whole decision: the ISMCTS gets what the exact
	// search left of it, so that a decision that tried both stays within
	// it. The exact search may take half of what is left.
	if v, ok := gv.(*View); ok && cheapEnd(v) {
		b.sv.deadline = time.Time{}
		if !deadline.IsZero() {
			now := time.Now()
			b.sv.deadline = now.Add(deadline.Sub(now) / 2)
		}
		if m, ok := b.exactMove(v, legal); ok {
			b.exact++
			return m
		}
	}
	return b.search.ChooseBy(gv, legal, deadline)
}

// cheapEnd reports whether the exact search is tried from v: the last two
// turns, or the last three with two suspects left.
func cheapEnd(v *View) bool {
	left := Turns - v.Turn + 1
	return v.Phase == "action" && (left <= 2 || left <= 3 && v.Suspects.Len() <= 2)
}

// shuffled returns legal in an order drawn from the bot's generator, so that
// among moves of equal value the first found varies with the seed.
func (b *Endgame) shuffled(legal []game.Move) []game.Move {
	b.legal = append(b.legal[:0], legal...)
	b.rng.Shuffle(len(b.legal), func(i, j int) { b.legal[i], b.legal[j] = b.legal[j], b.legal[i] })
	return b.legal
}

// exactMove returns the exact search's move, or false when it gave up or
// cannot tell the moves apart.
func (b *Endgame) exactMove(v *View, legal []game.Move) (game.Move, bool) {
	b.sv.reset()
	if v.Jack != nil {
		gs, err := Rules{}.Determinize(v, &b.rng)
		if err != nil {
			return 0, false
		}
		moves := b.shuffled(legal)
		i, val, ok := b.sv.bestForJack(gs.(*State), moves)
		if !ok || val <= 0 {
			return 0, false
		}
		return moves[i], true
	}
	moves := b.shuffled(legal)
	b.sums = append(b.sums[:0], make([]float64, len(moves))...)
	for w := 0; w < EndgameWorlds; w++ {
		gs, err := Rules{}.Determinize(v, &b.rng)
		if err != nil {
			return 0, false
		}
		var ok bool
		b.vals, ok = b.sv.moveValues(gs.(*State), moves, b.vals)
		if !ok {
			return 0, false
		}
		for i, x := range b.vals {
			b.sums[i] += x
		}
	}
	best, worst := 0, 0
	for i, x := range b.sums {
		if x < b.sums[best] {
			best = i
		}
		if x > b.sums[worst] {
			worst = i
		}
	}
	if b.sums[worst]-b.sums[best] < 1e-9 {
		return 0, false
	}
	return moves[best], true
}
