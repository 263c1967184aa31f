package whitehallbot

import (
	"time"

	"gaslamp/board"
	"gaslamp/bot"
	"gaslamp/game"
	"gaslamp/games/whitehall"
)

func init() {
	game.RegisterBot(whitehall.ID, "ismcts", func(cfg game.BotConfig) (game.Bot, error) {
		return NewSearch(cfg, bot.Search{Iterations: bot.LevelIterations(cfg.Level), Budget: cfg.Budget, Variety: bot.DefaultVariety}), nil
	})
}

// Search is Whitehall's "ismcts" bot, stronger than the baseline on both
// sides at levels normal and hard (measured with gaslamp arena; see the
// package doc). It is a hybrid:
//
//   - Jack searches his moves with the generic ISMCTS of package bot (the
//     level sets the iterations: easy 200, normal 2,000, hard 20,000,
//     within the time budget). His view shows the whole state, so every
//     iteration starts from the one exact world ([worlds]); only his own
//     moves are in the tree (bot.Search.SideOnly: searched in a world where
//     Jack's circle is known, the investigators would always find him) and
//     the rollouts play both sides like simple players ([Rollout]). The
//     setup (locations, start), the newspaper and the false clues, where a
//     rollout says little, are the baseline's.
//   - The figures play the baseline's policy, moves and actions alike, with
//     a sharper belief: the trails hunt allows are weighted by a model of a
//     Jack who heads for his locations and keeps away from the figures
//     ([jackModel]), which places him far better than hunt's uniform count.
//     The level sets how sharp the model is and how many trails are
//     weighed (see [investigatorLevel]). Tree search did worse for the
//     figures (its rollouts cannot value what a search or an arrest
//     teaches), so they do not search.
type Search struct {
	search   *bot.ISMCTS
	baseline *Baseline
}

// NewSearch returns a search bot for cfg.Seat configured by s (its Rollout is
// replaced by Whitehall's); a figure's bot reads cfg.Level (see
// [investigatorLevel]).
func NewSearch(cfg game.BotConfig, s bot.Search) *Search {
	base := NewBaseline(cfg.Seat, cfg.Seed)
	if cfg.Seat != 0 {
		base.model, base.samples = investigatorLevel(cfg.Level)
		return &Search{baseline: base}
	}
	cfg.Rules = &worlds{}
	s.Rollout = &Rollout{}
	s.SideOnly = true
	return &Search{search: bot.NewISMCTS(cfg, s), baseline: base}
}

// The models of the investigators' levels.
var (
	easyModel   = newJackModel(1, 0.25, 0.1, 0.05)
	normalModel = newJackModel(2, 0.25, 0.1, 0.05)
	// Hard weighs a circle's danger as much as a walk of progress, as the
	// baseline Jack does (and more sharply): against the baseline Jack the
	// Hard figures won 86 of 100 games (seeds 1..100) with the others'
	// danger weight of 0.25 and progress 3, 98 of 100 with this model (98
	// of 100 on seeds 1001..1100 too).
	hardModel = newJackModel(5, 5, 0.05, 0.05)
)

// investigatorLevel returns the model of Jack's play and the number of
// trails weighed by it of the search bot's figures at level: easy a soft
// model and 32 trails, normal (or an unknown level) a sharper one and 256,
// hard the sharpest, which also expects Jack to keep away from the figures
// as much as he heads for his location, and 1,024.
func investigatorLevel(level string) (*jackModel, int) {
	switch level {
	case "easy":
		return easyModel, 32
	case "hard":
		return hardModel, 1024
	}
	return normalModel, 256
}

// Choose implements game.Bot.
func (b *Search) Choose(gv game.View, legal []game.Move) game.Move {
	if v, ok := gv.(*whitehall.View); ok && b.search != nil && searches(v) {
		return b.search.Choose(gv, legal)
	}
	return b.baseline.Choose(gv, legal)
}

// ChooseBy implements game.TimedBot: Jack's search stops at deadline (the
// figures' bots weigh a set number of trails and need no deadline).
func (b *Search) ChooseBy(gv game.View, legal []game.Move, deadline time.Time) game.Move {
	if v, ok := gv.(*whitehall.View); ok && b.search != nil && searches(v) {
		return b.search.ChooseBy(gv, legal, deadline)
	}
	return b.baseline.Choose(gv, legal)
}

// searches reports whether Jack's search bot searches in view v (else it
// plays like the baseline).
func searches(v *whitehall.View) bool {
	return v.Seat == 0 && v.Phase == "jack" && len(v.Track) < trackLen
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
	if ss, ok := s.(*simState); ok {
		r.jack, r.figs, r.unreached = ss.jack, ss.figs, ss.unreached
		return
	}
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
