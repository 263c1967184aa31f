package whitehallbot

import (
	"math"

	"gaslamp/board"
	"gaslamp/games/whitehall"
	"gaslamp/hunt"
)

// jackModel is how the search bot's investigators expect Jack to move, a
// prior over the trails the public record allows: within a round Jack heads
// for the discovery location he will announce at its end (one of his
// unreached locations, each as likely), each move going to a circle closer to
// it more likely than to one farther (a softmax on the walks left, mixed with
// a uniform choice), and away from the figures. Hunt counts every consistent
// trail as equally likely; weighting its samples by the model gives the
// posterior of a player who believes Jack plays to win. Jack's locations are
// unknown: a trail's weight sums over every white circle that may hold the
// location (see [jackModel.weight]).
type jackModel struct {
	// progress weighs the walks from a circle to the target: each walk
	// closer multiplies the odds of a move by e^progress.
	progress float64
	// danger weighs the danger (see [danger]) of the circle moved to.
	danger float64
	// uniform is the share of a uniform choice among the moves.
	uniform float64
	// late is the factor of a target farther (in walks) than the track
	// spaces left.
	late float64
	exp  [far + 1]float64
}

func newJackModel(progress, danger, uniform, late float64) *jackModel {
	m := &jackModel{progress: progress, danger: danger, uniform: uniform, late: late}
	for d := range m.exp {
		m.exp[d] = math.Exp(-progress * float64(d))
	}
	return m
}

// roundFacts is what the model reads of the current round besides a trail:
// its public record and where the unreached locations may be.
type roundFacts struct {
	moves []hunt.Move
	// figs[i] are the figures' crossings when Jack made move i.
	figs [][]int
	// cand[q] holds the white circles of quadrant q that may be an unreached
	// location (before the trail's own circles are taken off); quads lists
	// the quadrants without a red marker.
	cand  [4]board.Set
	quads []int
}

// factsOf reads the current round of v.
func factsOf(v *whitehall.View) *roundFacts {
	if len(v.Rounds) == 0 {
		return nil
	}
	g := tables()
	rv := v.Rounds[len(v.Rounds)-1]
	f := &roundFacts{}
	for _, m := range rv.Moves {
		f.moves = append(f.moves, huntMove(m))
		figs := make([]int, 0, len(m.Occupied))
		for _, l := range m.Occupied {
			if x, ok := g.b.CrossingByLabel[l]; ok {
				figs = append(figs, x)
			}
		}
		f.figs = append(f.figs, figs)
	}
	var reached [4]bool
	for _, c := range v.Reached {
		if q := g.quad[c]; q >= 0 {
			reached[q] = true
		}
	}
	for q := range f.cand {
		if reached[q] {
			continue
		}
		f.quads = append(f.quads, q)
		f.cand[q] = g.quadSet[q]
		f.cand[q].Remove(v.Guess)
	}
	return f
}

// trailSteps are the steps of one trail as the model weighs them: the
// circle each move went to, and the circles it could have gone to with the
// danger factor of each.
type trailSteps struct {
	n    int
	to   [trackLen]int
	opts [trackLen][]int
	df   [trackLen][]float64
	// last is the trail's last circle, left the track spaces left, and
	// lastWalk whether its last move was a walk.
	last, left int
	lastWalk   bool
	// before holds the circles of the trail before its last cell.
	before board.Set
}

func (ts *trailSteps) add(m *jackModel, to int, opts board.Set, figs []int) {
	k := ts.n
	ts.n++
	ts.to[k] = to
	ts.opts[k], ts.df[k] = ts.opts[k][:0], ts.df[k][:0]
	for x := opts.Next(0); x >= 0; x = opts.Next(x + 1) {
		ts.opts[k] = append(ts.opts[k], x)
		d := 1.0
		if m.danger != 0 && figs != nil {
			d = math.Exp(-m.danger * danger(figs, x))
		}
		ts.df[k] = append(ts.df[k], d)
	}
}

// read fills ts with the steps of trail (cells 0..now of the current round
// of f); ts's slices are reused.
func (m *jackModel) read(ts *trailSteps, f *roundFacts, trail []int) {
	g := tables()
	ts.n = 0
	ts.before = board.Set{}
	for _, c := range trail[:len(trail)-1] {
		ts.before.Add(c)
	}
	ts.last = trail[len(trail)-1]
	ts.left = trackLen - (len(trail) - 1)
	ts.lastWalk = len(f.moves) > 0 && f.moves[len(f.moves)-1].Kind == hunt.Walk
	cell := 0
	for i, mv := range f.moves {
		if cell+mv.Kind.Cells() >= len(trail) {
			break
		}
		a := trail[cell]
		switch mv.Kind {
		case hunt.Walk:
			ts.add(m, trail[cell+1], g.b.WalkTargets(a, mv.Occupied), f.figs[i])
		case hunt.Coach:
			ts.add(m, trail[cell+1], g.b.WalkSet[a], nil)
			ts.add(m, trail[cell+2], g.b.WalkSet[trail[cell+1]], nil)
		case hunt.Alley:
			ts.add(m, trail[cell+1], g.b.AlleySet[a], nil)
		case hunt.Boat:
			ts.add(m, trail[cell+1], g.b.BoatSet[a], nil)
		default:
			ts.add(m, trail[cell+1], g.b.AlleySet[a].Union(g.b.BoatSet[a]), nil)
		}
		cell += mv.Kind.Cells()
	}
}

// toward returns the probability that a Jack heading for circle t makes
// the steps ts.
func (m *jackModel) toward(ts *trailSteps, t int) float64 {
	wt := tables().walk[t]
	p := 1.0
	for k := 0; k < ts.n; k++ {
		var den, num float64
		to := ts.to[k]
		for j, x := range ts.opts[k] {
			e := m.exp[wt[x]] * ts.df[k][j]
			den += e
			if x == to {
				num = e
			}
		}
		if den > 0 {
			p *= (1-m.uniform)*num/den + m.uniform/float64(len(ts.opts[k]))
		}
	}
	if int(wt[ts.last]) > ts.left {
		p *= m.late
	}
	return p
}

// weight returns the model's weight of trail (cells 0..now of the current
// round), relative to the uniform prior of hunt, Jack's locations summed
// out: each unreached location is a white circle of its quadrant, each as
// likely; none lies on the trail before its last cell (a walk there would
// have ended the round, a special move may not end there); one of them, each
// as likely, is the target Jack heads for. The weight is the probability of
// the round's moves under the model, summed over the targets and the
// locations that fit the trail. ts is scratch space.
func (m *jackModel) weight(ts *trailSteps, f *roundFacts, trail []int) float64 {
	if f == nil || len(f.quads) == 0 || len(trail) == 0 {
		return 1
	}
	m.read(ts, f, trail)
	// fit[i]: the share of quadrant f.quads[i]'s candidates off the trail
	// (its last cell too: were it there, it would be the target).
	var fit [4]float64
	for i, q := range f.quads {
		off := f.cand[q].Minus(ts.before)
		off.Remove(ts.last)
		fit[i] = float64(off.Count()) / float64(f.cand[q].Count())
	}
	total := 0.0
	for i, q := range f.quads {
		cand := f.cand[q].Minus(ts.before)
		if !ts.lastWalk {
			cand.Remove(ts.last)
		}
		if cand.Empty() {
			continue
		}
		others := 1.0
		for j := range f.quads {
			if j != i {
				others *= fit[j]
			}
		}
		if others == 0 {
			continue
		}
		sum := 0.0
		for t := cand.Next(0); t >= 0; t = cand.Next(t + 1) {
			sum += m.toward(ts, t)
		}
		total += others * sum / float64(f.cand[q].Count())
	}
	return total / float64(len(f.quads))
}
