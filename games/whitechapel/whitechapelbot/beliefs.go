package whitechapelbot

import (
	"fmt"

	"gaslamp/games/whitechapel"
	"gaslamp/hunt"
)

// beliefs is what the police can work out from the public record: where
// Jack may be now, which circles his trail tonight passed, and where his
// hideout may be, as probabilities per circle (index = circle number).
type beliefs struct {
	// tonight is false outside tonight's hunt; where and trail are then nil.
	tonight bool
	where   []float64
	trail   []float64
	hideout []float64
	// sure is the largest probability of a hideout.
	sure float64
}

// beliefCache keeps the last beliefs while the record does not change.
type beliefCache struct {
	key     string
	b       *beliefs
	hkey    string
	hideout []float64
	sure    float64
}

// beliefs returns the police's beliefs for view v.
func (b *Baseline) beliefs(v *whitechapel.View) *beliefs {
	g := tables()
	key := recordKey(v)
	if b.bel.b != nil && b.bel.key == key {
		return b.bel.b
	}
	bl := &beliefs{}
	bl.hideout, bl.sure = b.hideoutBeliefs(v)
	if k := len(v.Nights) - 1; k >= 0 && len(v.Nights) == v.Night && !v.Nights[k].Home {
		if n, err := v.HuntNight(k); err == nil {
			if sol, err := hunt.SolveNight(g.b, &n); err == nil {
				bl.tonight = true
				bl.where = make([]float64, g.n+1)
				bl.trail = make([]float64, g.n+1)
				total := float64(sol.Total())
				w := sol.Where()
				for c := w.Next(0); c >= 0; c = w.Next(c + 1) {
					bl.where[c] = float64(sol.Count(c)) / total
				}
				if b.lv.homeward > 0 && v.Track != nil {
					b.weighHomeward(bl, v.Track.Left)
				}
				seen := make([]int, g.n+1)
				for i := 1; i <= b.lv.samples; i++ {
					for _, c := range sol.Sample(&b.rng) {
						if seen[c] != i {
							seen[c] = i
							bl.trail[c]++
						}
					}
				}
				for c := range bl.trail {
					bl.trail[c] /= float64(b.lv.samples)
				}
			}
		}
	}
	b.bel.key, b.bel.b = key, bl
	return bl
}

// hideoutBeliefs returns the probability of each circle being the hideout,
// from the finished nights (every circle that is not red alike before the
// first), and the largest one.
func (b *Baseline) hideoutBeliefs(v *whitechapel.View) ([]float64, float64) {
	g := tables()
	var fin []hunt.Night
	for i, nv := range v.Nights {
		if nv.Home {
			if n, err := v.HuntNight(i); err == nil {
				fin = append(fin, n)
			}
		}
	}
	hkey := fmt.Sprint(len(fin))
	for _, n := range fin {
		hkey += fmt.Sprint(":", n.Scene, len(n.Moves), len(n.Obs))
	}
	if b.bel.hideout != nil && b.bel.hkey == hkey {
		return b.bel.hideout, b.bel.sure
	}
	p := make([]float64, g.n+1)
	sure := 0.0
	h, err := hunt.Hideouts(g.b, fin, g.hideouts)
	if err != nil {
		h, _ = hunt.Hideouts(g.b, nil, g.hideouts)
	}
	w := h.Where()
	for c := w.Next(0); c >= 0; c = w.Next(c + 1) {
		p[c] = h.Weight(c) / h.Total()
		sure = max(sure, p[c])
	}
	b.bel.hkey, b.bel.hideout, b.bel.sure = hkey, p, sure
	return p, sure
}

// recordKey identifies the public record of a view within one game (it only
// grows).
func recordKey(v *whitechapel.View) string {
	key := fmt.Sprint(v.Night, len(v.Nights))
	if k := len(v.Nights) - 1; k >= 0 {
		n := &v.Nights[k]
		key += fmt.Sprint(":", n.Scene, n.Second, len(n.Moves), len(n.Obs), n.Home)
	}
	return key
}

// weighHomeward reweighs where Jack may be by homeward: the circles from
// which he could not walk to a likely hideout in his moves left (left)
// keep a small share, since a Jack there has all but lost.
func (b *Baseline) weighHomeward(bl *beliefs, left int) {
	sum := 0.0
	for c, p := range bl.where {
		if p > 0 {
			bl.where[c] = p * b.homeward(bl, c, left)
			sum += bl.where[c]
		}
	}
	if sum > 0 {
		for c := range bl.where {
			bl.where[c] /= sum
		}
	}
}

// homeward returns the weight of Jack standing on circle c with left moves
// left: 1 - h + h*P(a hideout within left walks), h being the level's
// homeward (0..1) and the hideout's probability bl.hideout.
func (b *Baseline) homeward(bl *beliefs, c, left int) float64 {
	g := tables()
	reach := 0.0
	for h, ph := range bl.hideout {
		if ph > 0 && int(g.walk[c][h]) <= left {
			reach += ph
		}
	}
	return 1 - b.lv.homeward + b.lv.homeward*reach
}
