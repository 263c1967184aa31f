package whitehallbot

import (
	"math"

	"gaslamp/board"
	"gaslamp/game"
	"gaslamp/games/whitehall"
)

// The investigators' tuning.
var (
	// arrestAt is the probability Jack stands on a circle above which a
	// figure arrests there rather than search.
	arrestAt = 0.3
	// coverAt is the probability the figures still to act this turn must be
	// able to name together for a figure to arrest on a less likely circle.
	coverAt = 0.6
	// minInfo is the least information (bits) a search must promise.
	minInfo = 0.01
	// The weights of a figure's destination: the probability it may arrest
	// on, the information its best search promises, the expected steps to
	// Jack, and the share of Jack's walks it cuts off (weighted by where he
	// may be).
	moveArrest, moveInfo, moveApproach, moveBlock = 4.0, 1.0, 0.5, 15.0
	// trailSamples is the number of trails drawn to estimate which circles
	// the trail passed.
	trailSamples = 128
)

// choosePlace puts the acting figure (W2) on the free starting crossing that
// brings the figures, together, closest to the white circles (where Jack's
// locations are).
func (b *Baseline) choosePlace(v *whitehall.View, legal []game.Move) game.Move {
	g := tables()
	figs := figures(v)
	costs := make([]float64, len(legal))
	for i, m := range legal {
		x := whitehall.To(m)
		cost := 0.0
		for c := g.white.Next(0); c >= 0; c = g.white.Next(c + 1) {
			d := int(g.reach[x][c])
			for _, f := range figs {
				if f >= 0 {
					d = min(d, int(g.reach[f][c]))
				}
			}
			cost += float64(d)
		}
		costs[i] = -cost
	}
	return legal[pickNear(costs, placeVariety, &b.rng)]
}

// The investigators' variety: a placement or a move scoring within this
// share of the range of the scores from the best one is as likely to be
// chosen, so that the figures open differently from one game to the next.
const placeVariety, moveVariety = 0.1, 0.05

// pickNear returns the index of a score within frac of the range of
// scores from the best one (the highest), drawn from rng.
func pickNear(scores []float64, frac float64, rng *game.Rand) int {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, x := range scores {
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	cut := hi - frac*(hi-lo)
	n := 0
	for _, x := range scores {
		if x >= cut {
			n++
		}
	}
	k := rng.IntN(max(n, 1))
	for i, x := range scores {
		if x >= cut {
			if k == 0 {
				return i
			}
			k--
		}
	}
	return 0
}

// odds returns the investigators' probabilities for view v.
func (b *Baseline) odds(v *whitehall.View) *odds {
	sol := b.ded.solve(v)
	if sol == nil {
		return nil
	}
	if sol != b.oddsSol {
		if b.model != nil {
			b.oddsSol, b.oddsVal = sol, weightedOdds(sol, &b.rng, b.samples, b.model, factsOf(v))
		} else {
			b.oddsSol, b.oddsVal = sol, oddsOf(sol, &b.rng, trailSamples)
		}
	}
	return b.oddsVal
}

// nameable returns the circles a figure on crossing x may name (W14, W21).
func nameable(v *whitehall.View, x int) board.Set {
	return tables().b.NearSet[x].Minus(setOf(v.FalseClues))
}

// chooseFigureMove moves the acting figure (W13) where it may arrest or
// search most of the probability the figures that moved before it this turn
// do not cover yet, where it blocks most of the walks Jack may take next
// (W5), and toward where Jack probably is.
func (b *Baseline) chooseFigureMove(v *whitehall.View, legal []game.Move) game.Move {
	o := b.odds(v)
	if o == nil {
		return legal[0] // staying put is listed first only by chance: any move is legal
	}
	g := tables()
	figs := figures(v)
	me := int(b.seat) - 1
	var covered board.Set
	for i := 0; i < me && i < len(figs); i++ {
		if figs[i] >= 0 {
			covered = covered.Union(nameable(v, figs[i]))
		}
	}
	clues := setOf(v.Clues)
	// The crossings of the other figures, which block Jack's walks already.
	var others board.Set
	for i, x := range figs {
		if i != me && x >= 0 {
			others.Add(x)
		}
	}
	scores := make([]float64, len(legal))
	for i, m := range legal {
		x := whitehall.To(m)
		near := nameable(v, x).Minus(covered)
		var arrest, search float64
		for c := near.Next(0); c >= 0; c = near.Next(c + 1) {
			arrest += o.now[c]
			if !clues.Has(c) {
				search = max(search, o.info(c))
			}
		}
		var approach, block float64
		occ := others
		occ.Add(x)
		for c := o.where.Next(0); c >= 0; c = o.where.Next(c + 1) {
			approach += o.now[c] * float64(min(int(g.reach[x][c]), 6))
			if moveBlock != 0 {
				ws := g.b.Walks[c]
				n := 0
				for _, w := range ws {
					if w.Blocked(occ) && !w.Blocked(others) {
						n++
					}
				}
				block += o.now[c] * float64(n) / float64(len(ws))
			}
		}
		score := moveArrest*arrest + moveInfo*search - moveApproach*approach + moveBlock*block
		if whitehall.KindOf(m) == whitehall.MoveSpeed {
			score = -0.5*approach - 0.5 // no action after Speed
		}
		scores[i] = score
	}
	return legal[pickNear(scores, moveVariety, &b.rng)]
}

// chooseAction (W14) arrests on an adjacent circle holding at least arrestAt
// of the probability; otherwise searches the adjacent circle whose answer
// tells most about where Jack is; otherwise arrests where Jack may be at all;
// otherwise passes.
func (b *Baseline) chooseAction(v *whitehall.View, legal []game.Move) game.Move {
	o := b.odds(v)
	if o == nil {
		return whitehall.Pass()
	}
	var arrest, search, scent, area game.Move
	var pArrest, pSearch, pArea float64
	searchable := 0
	for _, m := range legal {
		c := whitehall.To(m)
		switch whitehall.KindOf(m) {
		case whitehall.MoveArrest:
			pArea += o.now[c]
			if o.now[c] > pArrest {
				arrest, pArrest = m, o.now[c]
			}
		case whitehall.MoveSearch:
			i := o.info(c)
			if i < minInfo {
				continue
			}
			searchable++
			if i > pSearch {
				search, pSearch = m, i
				scent = whitehall.Scent(c)
			}
		case whitehall.MoveAreaArrest:
			area = m
		}
	}
	// The probability the figures still to act this turn (this one included)
	// can name: when it is high, arresting one circle after another is the
	// best chance, each failed arrest raising the odds of the others.
	figs := figures(v)
	var reach board.Set
	for i := int(b.seat) - 1; i >= 0 && i < len(figs); i++ {
		if figs[i] >= 0 {
			reach = reach.Union(nameable(v, figs[i]))
		}
	}
	cover := 0.0
	for c := reach.Next(0); c >= 0; c = reach.Next(c + 1) {
		cover += o.now[c]
	}
	switch {
	case pArrest >= arrestAt || pArrest > 0 && cover >= coverAt:
		return arrest
	case area != 0 && pArea >= arrestAt:
		return area
	case search != 0:
		if searchable >= 3 && game.Contains(legal, scent) {
			return scent
		}
		return search
	case arrest != 0:
		return arrest
	}
	return whitehall.Pass()
}

// chooseSearch goes on with a search (W15) on the circle whose answer tells
// most, and stops when no answer would tell anything.
func (b *Baseline) chooseSearch(v *whitehall.View, legal []game.Move) game.Move {
	o := b.odds(v)
	if o == nil {
		return whitehall.Stop()
	}
	best, p := whitehall.Stop(), minInfo
	for _, m := range legal {
		if whitehall.KindOf(m) == whitehall.MoveSearch {
			if i := o.info(whitehall.To(m)); i >= p {
				best, p = m, i
			}
		}
	}
	return best
}
