package whitechapelbot

import (
	"sort"

	"gaslamp/board"
	"gaslamp/game"
	"gaslamp/games/whitechapel"
)

// The police's choices.

// colourIndex returns the seat-order index of a police colour, or -1.
func colourIndex(v *whitechapel.View, id string) int {
	for i, p := range v.Policemen {
		if p.ID == id {
			return i
		}
	}
	return -1
}

// patrolValue rates crossing x for a patrol token: near the women (the
// victims are among them) and near where the hideout probably is.
func (b *Baseline) patrolValue(v *whitechapel.View, x int) float64 {
	g := tables()
	val := 0.0
	for _, w := range v.Women {
		val += 1 / (1 + float64(g.reach[x][w]))
	}
	bl := b.beliefs(v)
	for c, p := range bl.hideout {
		if p > 0 {
			val += 2 * p / (1 + float64(g.reach[x][c]))
		}
	}
	return val
}

// choosePatrol places the tokens the Head of the Investigation must place:
// of the crossings that will get one (all of them on night 1; the
// policemen's crossings and the two best yellow ones later), the best get
// the real tokens, the others the fakes, the best first.
func (b *Baseline) choosePatrol(v *whitechapel.View, legal []game.Move) game.Move {
	g := tables()
	var targets board.Set
	realLeft := map[int]bool{}
	fakeLeft := false
	for _, m := range legal {
		targets.Add(whitechapel.To(m))
		if t := whitechapel.Arg(m); t == int(whitechapel.TokenFake) {
			fakeLeft = true
		} else {
			realLeft[t] = true
		}
	}
	slots := targets
	if v.Night > 1 && len(v.Nights) > 0 {
		last := v.Nights[len(v.Nights)-1]
		var prev, placed board.Set
		if n := len(last.Moves); n > 0 {
			for _, l := range last.Moves[n-1].Police {
				prev.Add(g.crossing(l))
			}
		}
		for _, x := range patrols(v) {
			placed.Add(x)
		}
		extra := 2 - placed.Minus(prev).Count()
		yellow := targets.Minus(prev)
		slots = targets.Intersect(prev)
		for ; extra > 0 && !yellow.Empty(); extra-- {
			bx, bv := -1, 0.0
			for x := yellow.Next(0); x >= 0; x = yellow.Next(x + 1) {
				if val := b.patrolValue(v, x); bx < 0 || val > bv {
					bx, bv = x, val
				}
			}
			slots.Add(bx)
			yellow.Remove(bx)
		}
	}
	ranked := slots.AppendTo(nil)
	sort.SliceStable(ranked, func(i, j int) bool { return b.patrolValue(v, ranked[i]) > b.patrolValue(v, ranked[j]) })
	if len(ranked) == 0 {
		return legal[0]
	}
	x := ranked[0]
	token := int(whitechapel.TokenFake)
	if len(realLeft) > 0 && (!fakeLeft || len(realLeft) >= len(ranked)) || len(realLeft) > 0 && b.rng.IntN(len(ranked)) < len(realLeft) {
		for t := 0; t < int(whitechapel.TokenFake); t++ {
			if realLeft[t] {
				token = t
				break
			}
		}
	}
	return whitechapel.Patrol(x, whitechapel.Token(token))
}

// chooseWretched moves the wretched close to the real patrol tokens (the
// policemen to be) and away from where the hideout probably is.
func (b *Baseline) chooseWretched(v *whitechapel.View, legal []game.Move) game.Move {
	g := tables()
	var real []int
	for _, p := range v.Patrols {
		if p.Token != "fake" {
			real = append(real, g.crossing(p.Crossing))
		}
	}
	bl := b.beliefs(v)
	return best(legal, func(m game.Move) (float64, bool) {
		to := whitechapel.To(m)
		home := 0.0
		for c, p := range bl.hideout {
			if p > 0 {
				home += p * float64(g.walk[to][c])
			}
		}
		return float64(g.minReach(real, to)) - 0.5*home, true
	})
}

// moved returns the crossings of the policemen who already moved this
// turn (before the actor in tonight's order) and of those still to move.
func moved(v *whitechapel.View, police []int) (done, todo []int) {
	seen := false
	for _, id := range v.Order {
		i := colourIndex(v, id)
		switch {
		case id == v.Actor:
			seen = true
		case seen:
			todo = append(todo, police[i])
		default:
			done = append(done, police[i])
		}
	}
	return done, todo
}

// choosePoliceMove moves the acting policeman where he can name the most of
// the probability of Jack's circle and of his trail not named by those who
// moved before him, close to where Jack probably is and, once the hideout
// is well known, to it.
func (b *Baseline) choosePoliceMove(v *whitechapel.View, legal []game.Move) game.Move {
	score := b.policeMoveScore(v)
	if score == nil {
		return legal[0]
	}
	return best(legal, func(m game.Move) (float64, bool) { return score(m), true })
}

// policeMoveScore returns the score of choosePoliceMove for the acting
// policeman's moves in v (lower is better), or nil outside tonight's hunt.
func (b *Baseline) policeMoveScore(v *whitechapel.View) func(game.Move) float64 {
	g := tables()
	bl := b.beliefs(v)
	if !bl.tonight {
		return nil
	}
	police := policemen(v)
	done, _ := moved(v, police)
	var covered board.Set
	for _, x := range done {
		covered = covered.Union(g.b.NearSet[x])
	}
	clues := board.Set{}
	for _, c := range v.Clues {
		clues.Add(c)
	}
	homeW := 0.0
	if bl.sure > 0.05 {
		homeW = 1.5 * bl.sure
	}
	return func(m game.Move) float64 {
		x := whitechapel.To(m)
		near := g.b.NearSet[x].Minus(covered)
		now, info := 0.0, 0.0
		for c := near.Next(0); c >= 0; c = near.Next(c + 1) {
			now += bl.where[c]
			if !clues.Has(c) {
				p := bl.trail[c]
				info += p * (1 - p)
			}
		}
		dist, home := 0.0, 0.0
		for c, p := range bl.where {
			if p > 0 {
				dist += p * float64(g.reach[x][c])
			}
		}
		for c, p := range bl.hideout {
			if p > 0.01 {
				home += p * float64(g.reach[x][c])
			}
		}
		crowd := 0.0
		for _, y := range done {
			if g.step[x][y] <= 1 {
				crowd++
			}
		}
		return -(10*now + 4*info) + 0.8*dist + homeW*home + 0.5*crowd + 0.01*b.rng.Float64()
	}
}

// chooseAction arrests on a circle likely enough to hold Jack; else searches
// the circles whose answer is least certain, going on while an answer would
// tell anything; else arrests wherever Jack may be at all, or passes.
func (b *Baseline) chooseAction(v *whitechapel.View, legal []game.Move) game.Move {
	bl := b.beliefs(v)
	if !bl.tonight {
		return legal[0]
	}
	var arrest game.Move
	bestP := 0.0
	for _, m := range legal {
		if whitechapel.KindOf(m) == whitechapel.MoveArrest {
			if p := bl.where[whitechapel.To(m)]; p > bestP {
				arrest, bestP = m, p
			}
		}
	}
	if v.Phase == "action" && bestP >= b.lv.arrest {
		return arrest
	}
	search := best(legal, func(m game.Move) (float64, bool) {
		if whitechapel.KindOf(m) != whitechapel.MoveSearch {
			return 0, false
		}
		p := bl.trail[whitechapel.To(m)]
		u := p * (1 - p)
		return -u, u > 0.01
	})
	if whitechapel.KindOf(search) == whitechapel.MoveSearch {
		return search
	}
	if v.Phase == "search" {
		return whitechapel.Stop()
	}
	if bestP > 0 {
		return arrest
	}
	return whitechapel.Pass()
}
