package whitechapelbot

import (
	"sort"

	"gaslamp/board"
	"gaslamp/game"
	"gaslamp/games/whitechapel"
)

// Jack's choices.

// chooseHideout writes a hideout close to the red circles (the victims are
// never far), drawn among the best few.
func (b *Baseline) chooseHideout(legal []game.Move) game.Move {
	g := tables()
	return best(legal, func(m game.Move) (float64, bool) {
		c := whitechapel.To(m)
		sum := 0.0
		for r := g.red.Next(0); r >= 0; r = g.red.Next(r + 1) {
			sum += float64(g.walk[c][r])
		}
		return sum/float64(g.red.Count()) + b.rng.Float64()*(1+b.lv.noise), true
	})
}

// chooseWoman puts the marked tokens on the free red circles nearest to the
// hideout, the unmarked ones on the others.
func (b *Baseline) chooseWoman(v *whitechapel.View, legal []game.Move) game.Move {
	g := tables()
	markedLeft := false
	for _, m := range legal {
		markedLeft = markedLeft || whitechapel.Arg(m) == 1
	}
	return best(legal, func(m game.Move) (float64, bool) {
		if (whitechapel.Arg(m) == 1) != markedLeft {
			return 0, false
		}
		return float64(g.walk[whitechapel.To(m)][v.Hideout]) + b.rng.Float64()*b.lv.noise, true
	})
}

// patrols returns the crossings of the patrol tokens on the board.
func patrols(v *whitechapel.View) []int {
	g := tables()
	out := make([]int, 0, len(v.Patrols))
	for _, p := range v.Patrols {
		out = append(out, g.crossing(p.Crossing))
	}
	return out
}

// policemen returns the crossings of the policemen in seat order (-1 off
// the board).
func policemen(v *whitechapel.View) []int {
	g := tables()
	out := make([]int, len(v.Policemen))
	for i, p := range v.Policemen {
		out[i] = -1
		if p.Crossing != "" {
			out[i] = g.crossing(p.Crossing)
		}
	}
	return out
}

// victimScore rates a wretched as a victim: the walk home, and the patrol
// tokens that could come next to it.
func (b *Baseline) victimScore(v *whitechapel.View, c int) float64 {
	g := tables()
	danger := 0
	for _, x := range patrols(v) {
		if g.reach[x][c] <= 2 {
			danger++
		}
	}
	return float64(g.walk[c][v.Hideout]) + 2*float64(danger)
}

// chooseKill kills the wretched with the best victim score, or waits (for
// more moves and a patrol token turned over) while the best victim is
// watched or far from home and the Time of the Crime allows.
func (b *Baseline) chooseKill(v *whitechapel.View, legal []game.Move) game.Move {
	kill := best(legal, func(m game.Move) (float64, bool) {
		if whitechapel.KindOf(m) != whitechapel.MoveKill {
			return 0, false
		}
		return b.victimScore(v, whitechapel.To(m)) + b.rng.Float64()*b.lv.noise, true
	})
	wait := whitechapel.Wait()
	if v.Phase == "kill" && game.Contains(legal, wait) && v.TimeOfCrime < b.lv.maxWait {
		c := whitechapel.To(kill)
		moves := 14 + v.TimeOfCrime
		if b.victimScore(v, c) > float64(moves)/2 {
			return wait
		}
	}
	return kill
}

// chooseReveal turns over the face-down token nearest to the victims.
func (b *Baseline) chooseReveal(v *whitechapel.View, legal []game.Move) game.Move {
	g := tables()
	return best(legal, func(m game.Move) (float64, bool) {
		x := whitechapel.To(m)
		d := far
		for _, w := range v.Wretched {
			d = min(d, int(g.reach[x][w])+int(g.walk[w][v.Hideout]))
		}
		return float64(d), true
	})
}

// chooseJackMove heads home: a walk onto the hideout ends the night; else
// the move that keeps home within reach of the moves left, lands where few
// policemen can name the circle this turn, and saves the coaches and
// alleys.
func (b *Baseline) chooseJackMove(v *whitechapel.View, legal []game.Move) game.Move {
	if home := whitechapel.Walk(v.Hideout); game.Contains(legal, home) {
		return home
	}
	score := b.jackScore(v)
	return best(legal, func(m game.Move) (float64, bool) { return score(m), true })
}

// bestN returns the n moves of legal with the lowest scores, the best
// first (in legal's order on a tie).
func bestN(legal []game.Move, score func(game.Move) float64, n int) []game.Move {
	type scored struct {
		m game.Move
		s float64
	}
	all := make([]scored, len(legal))
	for i, m := range legal {
		all[i] = scored{m, score(m)}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].s < all[j].s })
	out := make([]game.Move, 0, n)
	for _, c := range all[:min(n, len(all))] {
		out = append(out, c.m)
	}
	return out
}

// jackScore returns the score of chooseJackMove for Jack's moves in v
// (lower is better), its noise drawn anew at each call.
func (b *Baseline) jackScore(v *whitechapel.View) func(game.Move) float64 {
	g := tables()
	h := v.Hideout
	left := 0
	if v.Track != nil {
		left = v.Track.Left
	}
	police := policemen(v)
	// Walks home avoiding the crossings the policemen hold or may step to.
	var blocked board.Set
	for _, x := range police {
		if x >= 0 {
			blocked.Add(x)
			if b.lv.danger >= 4 {
				blocked = blocked.Union(g.b.StepSet[x])
			}
		}
	}
	safe := g.walkDistAvoiding(h, blocked)
	exposed := func(c int) float64 {
		e := 0.0
		for _, x := range police {
			if x < 0 {
				continue
			}
			switch r := g.reach[x][c]; {
			case r == 0:
				e += 1.5
			case r <= 2:
				e++
			}
		}
		return e
	}
	return func(m game.Move) float64 {
		to := whitechapel.To(m)
		cells, special := 1, 0.0
		switch whitechapel.KindOf(m) {
		case whitechapel.MoveCoach:
			cells, special = 2, 3+0.5*exposed(whitechapel.Arg(m))
		case whitechapel.MoveAlley:
			special = 2
		}
		d := int(g.walk[to][h])
		ds := min(int(safe[to]), d+3)
		if to == h {
			d, ds = 2, 2 // out and back in, on foot
		}
		after := left - cells
		score := float64(d) + float64(ds) + b.lv.danger*exposed(to) + special + b.rng.Float64()*b.lv.noise
		if d > after {
			score += 100 + 10*float64(d-after)
		} else if d == after {
			score += 2 // no room for a detour
		}
		return score
	}
}
