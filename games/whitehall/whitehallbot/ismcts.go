package whitehallbot

import (
	"gaslamp/board"
	"gaslamp/bot"
	"gaslamp/game"
	"gaslamp/games/whitehall"
)

func init() {
	game.RegisterBot(whitehall.ID, "ismcts", func(cfg game.BotConfig) (game.Bot, error) {
		return NewSearch(cfg, bot.Search{Iterations: bot.LevelIterations(cfg.Level), Budget: cfg.Budget}), nil
	})
}

// Search is Whitehall's search bot: the generic ISMCTS of package bot with
// rollouts that play like simple players (see [Rollout]), which also model
// the other side inside the tree (bot.Search.SideOnly: searched in a
// determinized world, the investigators would always know where Jack is),
// for Jack's moves and the figures' movements, and the baseline for the rest: the setup, where a
// rollout says little about a choice that shapes the whole game, and the
// figures' searches and arrests, whose worth is what they teach, which
// rollouts in a determinized world cannot value.
type Search struct {
	search   *bot.ISMCTS
	baseline *Baseline
}

// NewSearch returns a search bot for cfg.Seat configured by s (its Rollout is
// replaced by Whitehall's).
func NewSearch(cfg game.BotConfig, s bot.Search) *Search {
	cfg.Rules = whitehall.Rules{}
	s.Rollout = &Rollout{}
	s.SideOnly = true
	return &Search{search: bot.NewISMCTS(cfg, s), baseline: NewBaseline(cfg.Seat, cfg.Seed)}
}

// Choose implements game.Bot.
func (b *Search) Choose(gv game.View, legal []game.Move) game.Move {
	v, ok := gv.(*whitehall.View)
	// With the track full, a figure knows Jack reached a location (or the
	// game would be over); a determinized world does not yet say so.
	if ok && (v.Phase == "jack" || v.Phase == "move") && len(v.Track) < trackLen {
		return b.search.Choose(gv, legal)
	}
	return b.baseline.Choose(gv, legal)
}

// Rollout plays the rollouts of Whitehall searches: Jack walks toward his
// nearest unreached location avoiding circles next to a figure; a figure
// steps toward Jack one time in four (as if it knew where he is in the drawn
// world), else anywhere; a figure next to Jack arrests him one time in five;
// searches teach nothing in a rollout and are skipped. It follows the positions from the
// moves it chooses, after reading them once from the state at Begin.
type Rollout struct {
	jack      int
	figs      [3]int
	unreached board.Set
}

// Rollout tuning.
const (
	rolloutJackRandom = 0.1  // Jack walks at random
	rolloutChase      = 0.25 // a figure steps toward Jack
	rolloutArrest     = 0.2  // a figure next to Jack arrests him
)

// Begin implements bot.Rollout.
func (r *Rollout) Begin(s game.State) {
	v, ok := s.View(0).(*whitehall.View)
	if !ok {
		return
	}
	r.jack = v.Circle
	copy(r.figs[:], figures(v))
	r.unreached = setOf(unreached(v))
}

// Choose implements bot.Rollout.
func (r *Rollout) Choose(_ game.State, seat game.Seat, legal []game.Move, rng *game.Rand) game.Move {
	g := tables()
	m := legal[rng.IntN(len(legal))]
	switch whitehall.KindOf(legal[0]) {
	case whitehall.MoveWalk, whitehall.MoveCoach, whitehall.MoveAlley, whitehall.MoveBoat:
		if rng.Float64() >= rolloutJackRandom {
			best := -1
			for _, x := range legal {
				if whitehall.KindOf(x) != whitehall.MoveWalk {
					continue
				}
				to := whitehall.To(x)
				cost := far
				for u := r.unreached.Next(0); u >= 0; u = r.unreached.Next(u + 1) {
					cost = min(cost, int(g.walk[to][u]))
				}
				for _, f := range r.figs {
					if f >= 0 && g.reach[f][to] == 0 {
						cost += 3
					}
				}
				cost = 4*cost + rng.IntN(4)
				if best < 0 || cost < best {
					best, m = cost, x
				}
			}
		}
		r.jack = whitehall.To(m)
		if whitehall.KindOf(m) == whitehall.MoveWalk {
			r.unreached.Remove(r.jack)
		}
	case whitehall.MoveFigure, whitehall.MoveSpeed:
		if rng.Float64() < rolloutChase && r.jack > 0 {
			best := -1
			for _, x := range legal {
				d := 4*int(g.reach[whitehall.To(x)][r.jack]) + rng.IntN(4)
				if best < 0 || d < best {
					best, m = d, x
				}
			}
		}
		if i := int(seat) - 1; i >= 0 && i < len(r.figs) {
			r.figs[i] = whitehall.To(m)
		}
	case whitehall.MovePass, whitehall.MoveStop:
		// An action, a search going on, a false clue or a newspaper: pass,
		// or stop, unless Jack stands next to the figure.
		m = legal[0]
		if arrest := whitehall.Arrest(r.jack); r.jack > 0 && game.Contains(legal, arrest) && rng.Float64() < rolloutArrest {
			m = arrest
		}
	}
	return m
}
