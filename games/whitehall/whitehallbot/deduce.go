package whitehallbot

import (
	"math"

	"gaslamp/board"
	"gaslamp/game"
	"gaslamp/games/whitehall"
	"gaslamp/hunt"
)

// figures returns the crossing of each figure in seat order (-1 before it is
// placed).
func figures(v *whitehall.View) []int {
	b := tables().b
	out := make([]int, len(v.Figures))
	for i, f := range v.Figures {
		out[i] = -1
		if x, ok := b.CrossingByLabel[f.Crossing]; ok && f.Crossing != "" {
			out[i] = x
		}
	}
	return out
}

func setOf(xs []int) board.Set {
	var s board.Set
	for _, x := range xs {
		if x >= 0 && x < board.SetSize {
			s.Add(x)
		}
	}
	return s
}

// huntMove converts a move of the public record.
func huntMove(m whitehall.MoveRecord) hunt.Move {
	hm := hunt.Move{}
	switch m.Kind {
	case "walk":
		hm.Kind = hunt.Walk
	case "coach":
		hm.Kind = hunt.Coach
	case "alley":
		hm.Kind = hunt.Alley
	case "boat":
		hm.Kind = hunt.Boat
	default: // a face-down card (W22): a coach takes two spaces
		hm.Kind = hunt.Hidden
		if m.Cells == 2 {
			hm.Kind = hunt.Coach
		}
	}
	b := tables().b
	for _, l := range m.Occupied {
		if x, ok := b.CrossingByLabel[l]; ok {
			hm.Occupied.Add(x)
		}
	}
	return hm
}

// huntObs converts an answer of the public record.
func huntObs(o whitehall.ObsRecord) hunt.Obs {
	k := hunt.NotHere
	switch o.Kind {
	case "clue":
		k = hunt.Clue
	case "no-clue":
		k = hunt.NoClue
	}
	return hunt.Obs{Time: o.Time, Circle: o.Circle, Kind: k}
}

// deducer follows the public record of the current round with a hunt.Tracker,
// feeding it only what was added since the last call.
type deducer struct {
	round int
	start int
	moves []hunt.Move
	obs   []hunt.Obs
	tr    *hunt.Tracker
	sol   *hunt.Solution
}

// solve returns the deduction of the current round of v from public facts
// only (the record every seat sees), or nil before the first round or when
// the record cannot be read.
func (d *deducer) solve(v *whitehall.View) *hunt.Solution {
	if len(v.Rounds) == 0 {
		return nil
	}
	r := len(v.Rounds) - 1
	rv := v.Rounds[r]
	moves := make([]hunt.Move, len(rv.Moves))
	for i, m := range rv.Moves {
		moves[i] = huntMove(m)
	}
	obs := make([]hunt.Obs, len(rv.Obs))
	for i, o := range rv.Obs {
		obs[i] = huntObs(o)
	}
	if d.tr == nil || d.round != r || d.start != rv.Start || !isPrefix(d.moves, moves) || !isPrefix(d.obs, obs) {
		// A new round or another record: start again.
		d.tr = hunt.NewTracker(tables().b, rv.Start)
		d.round, d.start, d.moves, d.obs, d.sol = r, rv.Start, nil, nil, nil
	}
	changed := d.sol == nil
	for _, m := range moves[len(d.moves):] {
		if d.tr.AddMove(m) != nil {
			d.tr = nil
			return nil
		}
		changed = true
	}
	for _, o := range obs[len(d.obs):] {
		if d.tr.AddObs(o) != nil {
			d.tr = nil
			return nil
		}
		changed = true
	}
	d.moves, d.obs = moves, obs
	if changed {
		sol, err := d.tr.Solution()
		if err != nil {
			d.tr = nil
			return nil
		}
		d.sol = sol
	}
	return d.sol
}

func isPrefix[T comparable](p, s []T) bool {
	if len(p) > len(s) {
		return false
	}
	for i := range p {
		if p[i] != s[i] {
			return false
		}
	}
	return true
}

// odds is what the investigators believe: where Jack is now (now[c]) and
// which circles his trail of this round passed (trail[c]), as probabilities,
// with the sampled trails behind the latter.
type odds struct {
	now   []float64
	trail []float64
	where board.Set
	// visited[i] is the set of circles of sampled trail i, end[i] its last
	// circle.
	visited []board.Set
	end     []int
	// w[i] is the weight of sampled trail i (nil: all the same).
	w []float64
}

// weightedOdds is oddsOf with the sampled trails weighted by model m (facts
// f of the round): now is the weighted share of the samples ending on each
// circle, mixed with a little of the exact uniform odds so that no possible
// circle gets nothing.
func weightedOdds(sol *hunt.Solution, rng *game.Rand, samples int, m *jackModel, f *roundFacts) *odds {
	g := tables()
	o := &odds{now: make([]float64, g.n+1), trail: make([]float64, g.n+1), where: sol.Where(),
		visited: make([]board.Set, samples), end: make([]int, samples), w: make([]float64, samples)}
	sum := 0.0
	var ts trailSteps
	for i := 0; i < samples; i++ {
		trail := sol.Sample(rng)
		for _, c := range trail {
			o.visited[i].Add(c)
		}
		o.end[i] = trail[len(trail)-1]
		o.w[i] = m.weight(&ts, f, trail)
		sum += o.w[i]
	}
	if sum <= 0 {
		for i := range o.w {
			o.w[i] = 1
		}
		sum = float64(samples)
	}
	for i := range o.w {
		o.w[i] /= sum
		o.now[o.end[i]] += o.w[i]
		for c := o.visited[i].Next(0); c >= 0; c = o.visited[i].Next(c + 1) {
			o.trail[c] += o.w[i]
		}
	}
	const exact = 0.05
	total := float64(sol.Total())
	for c := o.where.Next(0); c >= 0; c = o.where.Next(c + 1) {
		o.now[c] = (1-exact)*o.now[c] + exact*float64(sol.Count(c))/total
	}
	return o
}

// oddsOf turns a solution into probabilities; trail probabilities come from
// samples uniform among the consistent trails.
func oddsOf(sol *hunt.Solution, rng *game.Rand, samples int) *odds {
	g := tables()
	o := &odds{now: make([]float64, g.n+1), trail: make([]float64, g.n+1), where: sol.Where(),
		visited: make([]board.Set, samples), end: make([]int, samples)}
	total := float64(sol.Total())
	for c := o.where.Next(0); c >= 0; c = o.where.Next(c + 1) {
		o.now[c] = float64(sol.Count(c)) / total
	}
	for i := 0; i < samples; i++ {
		trail := sol.Sample(rng)
		for _, c := range trail {
			o.visited[i].Add(c)
		}
		o.end[i] = trail[len(trail)-1]
		for c := o.visited[i].Next(0); c >= 0; c = o.visited[i].Next(c + 1) {
			o.trail[c]++
		}
	}
	for c := range o.trail {
		o.trail[c] /= float64(samples)
	}
	return o
}

// info estimates, from the sampled trails, how much a search answer on
// circle c (clue or no clue) tells about where Jack is now: the mutual
// information, in bits, between the answer and his circle.
func (o *odds) info(c int) float64 {
	if o.trail[c] <= 0 || o.trail[c] >= 1 {
		return 0
	}
	if o.w != nil {
		return o.weightedInfo(c)
	}
	var hit, miss [256]int
	nh, nm := 0, 0
	for i, v := range o.visited {
		if v.Has(c) {
			hit[o.end[i]]++
			nh++
		} else {
			miss[o.end[i]]++
			nm++
		}
	}
	n := float64(nh + nm)
	var h, hh, hm float64
	for e := range hit {
		if k := hit[e] + miss[e]; k > 0 {
			h -= xlogx(float64(k) / n)
		}
		if hit[e] > 0 {
			hh -= xlogx(float64(hit[e]) / float64(nh))
		}
		if miss[e] > 0 {
			hm -= xlogx(float64(miss[e]) / float64(nm))
		}
	}
	return h - float64(nh)/n*hh - float64(nm)/n*hm
}

// weightedInfo is info with weighted samples.
func (o *odds) weightedInfo(c int) float64 {
	var hit, miss [256]float64
	nh, nm := 0.0, 0.0
	for i, v := range o.visited {
		if v.Has(c) {
			hit[o.end[i]] += o.w[i]
			nh += o.w[i]
		} else {
			miss[o.end[i]] += o.w[i]
			nm += o.w[i]
		}
	}
	if nh <= 0 || nm <= 0 {
		return 0
	}
	n := nh + nm
	var h, hh, hm float64
	for e := range hit {
		if k := hit[e] + miss[e]; k > 0 {
			h -= xlogx(k / n)
		}
		if hit[e] > 0 {
			hh -= xlogx(hit[e] / nh)
		}
		if miss[e] > 0 {
			hm -= xlogx(miss[e] / nm)
		}
	}
	return h - nh/n*hh - nm/n*hm
}

func xlogx(p float64) float64 { return p * math.Log2(p) }
