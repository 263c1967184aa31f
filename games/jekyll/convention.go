package jekyll

import (
	"cmp"
	"slices"
	"time"

	"gaslamp/game"
)

// The shared convention of the "convention" bot: belief by policy
// consistency. Both partners run the same known policy, and each plays, in
// the world it believes, close to the best joint line; so a sampled world in
// which the partner's public plays of this round were good plays is more
// likely than one in which they were poor. Every world the bot samples with
// Determinize is replayed from the start of the night with the public record
// (the City's cards and both seats' plays, in order); at each of the
// partner's plays the world is solved exactly and the play is checked against
// the best value there. The world's weight is the product, over the partner's
// plays, of 1 for a play within convTol of the best and convEps otherwise,
// times the world's gift prior (giftWeight, as the partner bot draws its
// worlds); the bot averages its moves' values over the worlds with those
// weights.
//
// The replay reads only the viewer's own view and the public history (and
// the sampled world), so the bot stays fair. It is skipped (weight 1) where
// the public record cannot rebuild the night: ranks drawn at random
// (pea-souper), and a black reaction that swapped an unseen card; a blue
// reaction's choice among three ranks stops it at that point.

const (
	convTol = 0    // a play within convTol of the best counts as consistent
	convEps = 0.25 // the weight factor of a play that was not
	convMid = 0.5  // the factor of a best play that the tie-break did not pick
	// convTie: moves whose weighted average is within convTie value units
	// of the best are tied, and the tie-break picks among them.
	convTie = 0.1
)

// consistency returns the weight of world st, sampled from v for seat me.
func (b *Partner) consistency(v *View, st *State) float64 { return b.consistencyAbove(v, st, 0) }

// consistencyAbove is consistency, except that it may stop and return a
// weight below floor as soon as the weight falls below floor.
func (b *Partner) consistencyAbove(v *View, st *State, floor float64) float64 {
	w := 1.0
	convReplay(v, st, int(b.seat), func(r *round, c Card) bool {
		w *= b.playWeight(st, r, c)
		return w >= floor
	})
	return w
}

// convReplay replays the night of world st from its start with the public
// record of view v (of seat me), calling at for each play of the partner
// that had a choice, with the position before it. The public side of the
// night (ranks, winners, red reactions) follows from the public cards alone,
// but for the choices of blue reactions among three ranks, which are found
// by trying each until the replay ends on the ranks and owners of the view.
// A black reaction swaps cards unseen, so the hands are known only from the
// trick after the last one: the partner's plays are weighed from there. It
// reports whether the replay reached the present.
func convReplay(v *View, st *State, me int, at func(r *round, c Card) bool) bool {
	if st.cfg.Fog || st.phase != phaseNight || v.Trick == nil && len(v.Tricks) == 0 {
		return false
	}
	n := len(v.Tricks)
	tricks := make([]*TrickView, 0, n+1)
	for i := range v.Tricks {
		tricks = append(tricks, &v.Tricks[i])
	}
	if v.Trick != nil {
		tricks = append(tricks, v.Trick)
	}
	var cards [8][3]Card
	var by [8][3]uint8
	for i, tv := range tricks {
		if i >= 8 || len(tv.Cards) == 0 || i < n && len(tv.Cards) != 3 {
			return false
		}
		for k, pv := range tv.Cards {
			c, ok := ParseCard(pv.Card)
			if !ok || k > 2 {
				return false
			}
			cards[i][k] = c
			if k > 0 {
				s := seatIndex(pv.By)
				if s != 0 && s != 1 {
					return false
				}
				by[i][k] = uint8(s)
			}
		}
	}
	var choices []int
	for {
		need, black, ok := convSim(st, tricks, &cards, &by, choices, -1, me, nil)
		switch {
		case ok:
			_, _, ok = convSim(st, tricks, &cards, &by, choices, black+1, me, at)
			return ok
		case need && len(choices) < 4:
			choices = append(choices, 0)
			continue
		}
		// The next combination of choices.
		for len(choices) > 0 && choices[len(choices)-1] == 2 {
			choices = choices[:len(choices)-1]
		}
		if len(choices) == 0 {
			return false
		}
		choices[len(choices)-1]++
	}
}

// blueChoices are the choices of a blue reaction among three ranks.
var blueChoices = [3][2]int{{0, 1}, {0, 2}, {1, 2}}

// convSim plays the public record on world st with the blue choices given.
// need says it stopped at a blue choice past them; black is the index of the
// last trick with a black swap (-1: none); ok that it reached the present
// with the view's ranks and owners. With from >= 0 the hands are set exactly
// at the start of trick from, and at is called from there on.
func convSim(st *State, tricks []*TrickView, cards *[8][3]Card, by *[8][3]uint8, choices []int, from, me int,
	at func(r *round, c Card) bool) (need bool, black int, ok bool) {
	black = -1
	n := int(st.r.N)
	var played [2]uint32
	for i := range tricks {
		for k := 1; k < len(tricks[i].Cards); k++ {
			played[by[i][k]] |= bit(cards[i][k])
		}
	}
	r := round{First: by[0][1], Reactions: st.r.Reactions, Mirror: st.r.Mirror, HydeLeads: st.r.HydeLeads}
	if len(tricks[0].Cards) < 2 {
		r.First = st.r.Cur.First
	}
	r.Cur = trick{Cards: [3]Card{NoCard, NoCard, NoCard}}
	r.resetRanks()
	r.Hand = [2]uint32{st.r.Hand[0] | played[0], st.r.Hand[1] | played[1]}
	r.Deck = st.r.Deck
	used := 0
	for i, tv := range tricks {
		if i == from {
			for s := range 2 {
				r.Hand[s] = st.r.Hand[s]
				for j := i; j < len(tricks); j++ {
					for k := 1; k < len(tricks[j].Cards); k++ {
						if int(by[j][k]) == s {
							r.Hand[s] |= bit(cards[j][k])
						}
					}
				}
			}
		}
		if r.Deck[r.Top] != cards[i][0] {
			return false, black, false
		}
		r.reveal()
		if r.First != by[i][1] && len(tv.Cards) > 1 {
			return false, black, false
		}
		for k := 1; k < len(tv.Cards); k++ {
			s, c := by[i][k], cards[i][k]
			if r.toAct() != s {
				return false, black, false
			}
			if from >= 0 && i >= from {
				legal := r.legalPlays(s)
				if legal&bit(c) == 0 {
					return false, black, false
				}
				if int(s) != me && legal&^bit(c) != 0 && at != nil && !at(&r, c) {
					return false, black, false
				}
			}
			r.play(s, c)
			switch r.Pend {
			case pendBlue:
				if i == n {
					return false, black, false // the choice is being made now
				}
				if used == len(choices) {
					return true, black, false
				}
				pr := blueChoices[choices[used]]
				used++
				r.swapRanks(pr[0], pr[1])
			case pendBlack:
				if i == n {
					return false, black, false
				}
				black = i
				r.Hand[s] |= bit(r.Deck[r.Top])
				r.Pend = pendNone
			}
		}
		if i < n {
			r.resolve()
		}
	}
	if r.Strength != st.r.Strength {
		return false, black, false
	}
	for i := range n {
		if r.Tricks[i].Owner != st.r.Tricks[i].Owner || r.Tricks[i].Taken != st.r.Tricks[i].Taken {
			return false, black, false
		}
	}
	return false, black, true
}

// playWeight is the factor of the partner's play of c from position r of
// world st: 1 when c is a best play there and the one the convention's
// tie-break picks among the best, convMid when it is another best play,
// convEps otherwise.
func (b *Partner) playWeight(st *State, r *round, c Card) float64 {
	x := *st
	x.r = *r
	b.cvals = b.solver.SolveMoves(&x, b.cvals[:0])
	best, mine := -1<<30, -1<<30
	for _, mv := range b.cvals {
		best = max(best, mv.Value)
		if moveKind(mv.Move) == kindPlay && moveCard(mv.Move) == c {
			mine = mv.Value
		}
	}
	if mine < best-convTol {
		return convEps
	}
	hand := r.Hand[r.toAct()]
	pick, pk := NoCard, -1<<30
	for _, mv := range b.cvals {
		if mv.Value >= best-convTol && moveKind(mv.Move) == kindPlay {
			if k := convKey(hand, moveCard(mv.Move)); k > pk {
				pick, pk = moveCard(mv.Move), k
			}
		}
	}
	if pick == c {
		return 1
	}
	return convMid
}

// convKey orders plays for the convention's tie-break, the signal: among
// plays of (nearly) the same value a seat plays a card of the colour it
// holds most, the highest of it; potions last, so that a seat that plays a
// potion when it need not has no coloured card as good.
func convKey(hand uint32, c Card) int {
	if c.IsPotion() {
		return -1
	}
	return 16*count(hand&colourSet[c.Colour()]) + c.Value()
}

// chooseNightConv is chooseNight of the convention bot: it samples over
// times its level's worlds, weighs each by the convention and the gift
// prior (giftprior.go; without it the bot won 19 of 60 at Normal, seeds
// 1..60, with it 30, where partner wins 33), keeps the
// samples with the highest weights and plays the move with the best
// weighted average value over them.
func (b *Partner) chooseNightConv(v *View, legal []game.Move, deadline time.Time) game.Move {
	type world struct {
		st *State
		w  float64
	}
	want := b.lv.samples
	var ws []world
	mine, _ := parseCards(v.Gifts) // the bot's own gifts, for the gift prior
	floor := 0.0                   // the want-th best weight so far, once there are want worlds
	half := time.Now().Add(time.Until(deadline) / 2)
	for n := 0; n < want*max(b.lv.over, 1) && (n == 0 || time.Now().Before(half)); n++ {
		st, err := determinize(v, &b.rng)
		if err != nil {
			break
		}
		w := b.consistencyAbove(v, st, floor) * giftWeight(st, int(b.seat), mine)
		if len(ws) >= want && w < floor {
			continue
		}
		ws = append(ws, world{st, w})
		if len(ws) > want {
			slices.SortStableFunc(ws, func(a, b world) int { return cmp.Compare(b.w, a.w) })
			ws = ws[:want]
		}
		if len(ws) == want {
			floor = ws[want-1].w
		}
	}
	for _, x := range ws {
		if !time.Now().Before(deadline) && x.st != ws[0].st {
			break
		}
		b.vals = b.solver.SolveMoves(x.st, b.vals[:0])
		for _, mv := range b.vals {
			for i, m := range legal {
				if m == mv.Move {
					b.sums[i] += x.w * float64(mv.Value)
				}
			}
		}
	}
	best := 0
	for i := range legal {
		if b.sums[i] > b.sums[best] {
			best = i
		}
	}
	total := 0.0
	for _, x := range ws {
		total += x.w
	}
	// The convention's tie-break among the moves tied with the best.
	var hand uint32
	for _, n := range v.Hand {
		c, _ := ParseCard(n)
		hand |= bit(c)
	}
	pick, pk := best, -1<<30
	for i, m := range legal {
		if moveKind(m) != kindPlay || b.sums[i] < b.sums[best]-convTie*total {
			continue
		}
		if k := convKey(hand, moveCard(m)); k > pk {
			pick, pk = i, k
		}
	}
	return legal[pick]
}
