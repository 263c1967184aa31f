package whitehallbot

import (
	"math"
	"sort"

	"gaslamp/board"
	"gaslamp/game"
	"gaslamp/games/whitehall"
)

// trackLen is the number of track spaces of a round (W4).
const trackLen = 15

// Jack's tuning.
var (
	// dangerAt[d] is the danger of standing on a circle that the nearest
	// figure can name after d steps (0: it can name it without moving).
	dangerAt = [...]float64{8, 3, 1.5, 0.5}
	// locSpread weighs, in Jack's choice of locations, how far they lie from
	// the starting crossings against how long the tour between them is.
	locSpread = 0.6
)

// danger returns how exposed circle c is to the figures on crossings figs.
func danger(figs []int, c int) float64 {
	g := tables()
	var d float64
	for _, x := range figs {
		if x < 0 {
			continue
		}
		if r := int(g.reach[x][c]); r < len(dangerAt) {
			d += dangerAt[r]
		}
	}
	return d
}

// tour returns the shortest walk length from circle from through every circle
// of to (in the best order), and the first circle of that order (0 when to is
// empty).
func tour(from int, to []int) (int, int) {
	g := tables()
	if len(to) == 0 {
		return 0, 0
	}
	best, first := math.MaxInt, 0
	perm := append([]int(nil), to...)
	var rec func(k int)
	rec = func(k int) {
		if k == len(perm) {
			n, at := 0, from
			for _, c := range perm {
				n += int(g.walk[at][c])
				at = c
			}
			if n < best {
				best, first = n, perm[0]
			}
			return
		}
		for i := k; i < len(perm); i++ {
			perm[k], perm[i] = perm[i], perm[k]
			rec(k + 1)
			perm[k], perm[i] = perm[i], perm[k]
		}
	}
	rec(0)
	return best, first
}

// planLocations draws Jack's four discovery locations (W1): among many
// random sets of one white circle per quadrant, those whose best tour is
// short, with no leg too long for a round, and far from the figures'
// starting crossings; one of the best few at random.
func (b *Baseline) planLocations() {
	g := tables()
	type cand struct {
		locs  [4]int
		score float64
	}
	var quads [4][]int
	for q := range quads {
		quads[q] = g.quadSet[q].AppendTo(nil)
	}
	cands := make([]cand, 0, 4000)
	for i := 0; i < 4000; i++ {
		var c cand
		for q := range quads {
			c.locs[q] = quads[q][b.rng.IntN(len(quads[q]))]
		}
		// The best tour from any start, and its longest leg.
		bestLen, longest := math.MaxInt, 0
		for s := 0; s < 4; s++ {
			rest := make([]int, 0, 3)
			for q := 0; q < 4; q++ {
				if q != s {
					rest = append(rest, c.locs[q])
				}
			}
			n, _ := tour(c.locs[s], rest)
			if n < bestLen {
				bestLen = n
				longest = longestLeg(c.locs[s], rest)
			}
		}
		spread := 0.0
		for _, l := range c.locs {
			d := far
			for _, x := range g.starts {
				d = min(d, int(g.reach[x][l]))
			}
			spread += float64(min(d, 4))
		}
		c.score = -float64(bestLen) + locSpread*spread
		if longest > 11 {
			c.score -= 100
		}
		cands = append(cands, c)
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score > cands[j].score })
	b.locs = cands[b.rng.IntN(20)].locs
	b.planned = true
}

// longestLeg returns the longest leg of the best-order tour from from
// through to.
func longestLeg(from int, to []int) int {
	g := tables()
	_, first := tour(from, to)
	if first == 0 {
		return 0
	}
	rest := make([]int, 0, len(to))
	for _, c := range to {
		if c != first {
			rest = append(rest, c)
		}
	}
	return max(int(g.walk[from][first]), longestLeg(first, rest))
}

// chooseLocation writes down the planned location of a quadrant not chosen
// yet.
func (b *Baseline) chooseLocation(legal []game.Move) game.Move {
	if !b.planned {
		b.planLocations()
	}
	for _, m := range legal {
		for _, l := range b.locs {
			if whitehall.KindOf(m) == whitehall.MoveLocation && whitehall.To(m) == l {
				return m
			}
		}
	}
	return legal[b.rng.IntN(len(legal))]
}

// chooseReveal starts (W3) at the location whose tour through the others is
// short and which the figures, now placed, are far from.
func (b *Baseline) chooseReveal(v *whitehall.View, legal []game.Move) game.Move {
	figs := figures(v)
	best, bestScore := legal[0], math.Inf(-1)
	for _, m := range legal {
		s := whitehall.To(m)
		var rest []int
		for _, l := range v.Locations {
			if l != s && l != 0 {
				rest = append(rest, l)
			}
		}
		n, _ := tour(s, rest)
		score := -float64(n) - 2*danger(figs, s) + b.rng.Float64()
		if score > bestScore {
			best, bestScore = m, score
		}
	}
	return best
}

// unreached returns Jack's locations not reached yet.
func unreached(v *whitehall.View) []int {
	var out []int
	for _, l := range v.Locations {
		if l == 0 {
			continue
		}
		seen := false
		for _, r := range v.Reached {
			seen = seen || r == l
		}
		if !seen {
			out = append(out, l)
		}
	}
	return out
}

// jackOption is one of Jack's moves as the baseline weighs it.
type jackOption struct {
	m       game.Move
	score   float64
	danger  float64
	late    bool // cannot reach the target in time any more
	special bool
}

// chooseJackMove heads for the first location of the best tour through the
// unreached ones, away from the figures, walking when a walk will do: a
// special card is played only when every walk is late, blocked or lands next
// to a figure.
func (b *Baseline) chooseJackMove(v *whitehall.View, legal []game.Move) game.Move {
	g := tables()
	figs := figures(v)
	left := unreached(v)
	var un board.Set
	for _, l := range left {
		un.Add(l)
	}
	_, target := tour(v.Circle, left)
	remaining := trackLen - len(v.Track)
	urgent := target != 0 && remaining-int(g.walk[v.Circle][target]) <= 3
	progress := 1.0
	if urgent {
		progress = 2.5
	}
	// Special cards are precious while rounds remain.
	cardCost := 6.0
	if v.Round >= 3 {
		cardCost = 2.5
	}
	var walks, specials []jackOption
	for _, m := range legal {
		to, cells := whitehall.To(m), 1
		o := jackOption{m: m}
		switch whitehall.KindOf(m) {
		case whitehall.MoveWalk:
		case whitehall.MoveCoach:
			cells, o.special = 2, true
		case whitehall.MoveAlley, whitehall.MoveBoat:
			o.special = true
		default:
			continue
		}
		dist := 0
		if target != 0 {
			dist = int(g.walk[to][target])
		}
		reached := !o.special && un.Has(to)
		if reached {
			dist = 0
		}
		slack := remaining - cells - dist
		o.danger = danger(figs, to)
		o.score = -o.danger - progress*float64(dist) + 0.3*b.rng.Float64()
		if slack < 0 {
			o.late = true
			o.score -= 50 + 10*float64(-slack)
		}
		if reached {
			o.score += 15
		}
		if o.special {
			o.score -= cardCost
			if whitehall.KindOf(m) == whitehall.MoveCoach {
				o.score -= 1
			}
			specials = append(specials, o)
		} else {
			walks = append(walks, o)
		}
	}
	best := bestOption(walks)
	if best == nil || best.late || best.danger >= dangerAt[0] {
		if s := bestOption(specials); s != nil && (best == nil || s.score > best.score) {
			best = s
		}
	}
	if best == nil {
		return legal[b.rng.IntN(len(legal))]
	}
	return best.m
}

func bestOption(os []jackOption) *jackOption {
	var best *jackOption
	for i := range os {
		if best == nil || os[i].score > best.score {
			best = &os[i]
		}
	}
	return best
}

// chooseFalseClue (W21) protects Jack's circle with a false clue when a
// figure could name it now; otherwise he keeps his markers.
func (b *Baseline) chooseFalseClue(v *whitehall.View, legal []game.Move) game.Move {
	if danger(figures(v), v.Circle) >= dangerAt[0] {
		for _, m := range legal {
			if whitehall.KindOf(m) == whitehall.MoveFalseClue && whitehall.To(m) == v.Circle {
				return m
			}
		}
	}
	return whitehall.Pass()
}

// chooseNewspaper (W23) takes back an Alley card, else a Boat card.
func (b *Baseline) chooseNewspaper(legal []game.Move) game.Move {
	for _, c := range []whitehall.Card{whitehall.CardAlley, whitehall.CardBoat} {
		if m := whitehall.Newspaper(c); game.Contains(legal, m) {
			return m
		}
	}
	return whitehall.Pass()
}
