package jekyll

import (
	"math"
	"time"

	"gaslamp/game"
)

// Bots. The "partner" bot plays either seat beside a person or another bot
// from its view alone (it never reads the partner's hand or the City deck): at
// night it samples what it cannot see with Determinize, solves each sample
// exactly and plays the move with the best average value (its worlds drawn
// by the gift prior, giftprior.go, and its first round valued by the chance
// of then landing exactly, Solver.FutureFirst, in the classic chapter the
// chance measured for two partner bots, Solver.FairFuture); during the day it
// ranks its gifts with a heuristic and, when its level allows, checks the best
// few by the same sampling, the rest of the gifts made by the heuristic.
//
// Levels: easy 6 samples within 100 ms, normal 96 within 700 ms, hard 384
// within 2 s (a decision never starts a new sample past its budget, and one
// sample takes a few to a few tens of milliseconds, so a decision ends soon
// after its budget; without a clock, on this project's 2-core machine, 96
// samples take p95 0.43 s and 384 p95 1.4-1.9 s, under the promises of 1 s and
// 3 s; BotConfig.Budget replaces the time, and a negative Budget
// removes it: the bot then always takes its level's samples, so that its moves
// depend on its seed only, as the arena needs for reproducible runs).

func init() {
	game.RegisterBot("jekyll", "partner", newPartner)
	game.RegisterBot("jekyll", "convention", newConvention)
}

type level struct {
	samples int
	budget  time.Duration
	dayTop  int // gift candidates checked by sampling
	over    int // convention bot: worlds sampled per world solved
}

var levels = map[string]level{
	"easy":   {samples: 6, budget: 100 * time.Millisecond, dayTop: 0, over: 1},
	"normal": {samples: 96, budget: 700 * time.Millisecond, dayTop: 3, over: 2},
	"hard":   {samples: 384, budget: 2 * time.Second, dayTop: 3, over: 2},
}

// Partner is the sampling bot of one seat.
type Partner struct {
	seat      game.Seat
	rng       game.Rand
	lv        level
	solver    *Solver
	sums      []float64
	vals      []MoveValue
	conv      bool // weight sampled worlds by the convention (convention.go)
	giftPrior bool // draw worlds by the gift prior (giftprior.go)
	cvals     []MoveValue
}

func newPartner(cfg game.BotConfig) (game.Bot, error) {
	lv, ok := levels[cfg.Level]
	if !ok {
		lv = levels["normal"]
	}
	switch {
	case cfg.Budget > 0:
		lv.budget = cfg.Budget
	case cfg.Budget < 0:
		lv.budget = 24 * time.Hour // samples only: deterministic for a seed
	}
	b := &Partner{seat: cfg.Seat, rng: game.NewRand(cfg.Seed), lv: lv, solver: NewSolver(), giftPrior: true}
	b.solver.FutureFirst = true
	b.solver.FairFuture = true
	return b, nil
}

// newConvention is the partner bot whose sampled worlds are weighted by the
// shared convention (convention.go).
func newConvention(cfg game.BotConfig) (game.Bot, error) {
	b, err := newPartner(cfg)
	if err == nil {
		b.(*Partner).conv = true
	}
	return b, err
}

// Choose implements game.Bot.
func (b *Partner) Choose(v game.View, legal []game.Move) game.Move {
	return b.ChooseBy(v, legal, time.Now().Add(b.lv.budget))
}

// ChooseBy implements game.TimedBot: the samples stop at deadline (a zero
// deadline leaves the level's count of samples alone to decide).
func (b *Partner) ChooseBy(v game.View, legal []game.Move, deadline time.Time) game.Move {
	if len(legal) == 1 {
		return legal[0]
	}
	jv, ok := v.(*View)
	if !ok {
		return legal[0]
	}
	if deadline.IsZero() {
		deadline = time.Now().Add(24 * time.Hour)
	}
	switch jv.Phase {
	case "give":
		return b.chooseGift(jv, legal, deadline)
	case "night":
		return b.chooseNight(jv, legal, deadline)
	}
	return legal[0]
}

func (b *Partner) chooseNight(v *View, legal []game.Move, deadline time.Time) game.Move {
	b.sums = append(b.sums[:0], make([]float64, len(legal))...)
	if b.conv {
		return b.chooseNightConv(v, legal, deadline)
	}
	n := 0
	var mine uint32
	if b.giftPrior {
		mine, _ = parseCards(v.Gifts)
	}
	tries := 0
	for n < b.lv.samples && (n == 0 || time.Now().Before(deadline)) {
		st, err := determinize(v, &b.rng)
		if err != nil {
			break
		}
		tries++
		if b.giftPrior && tries < 40*b.lv.samples && b.rng.Float64() >= giftWeight(st, int(b.seat), mine) {
			continue
		}
		b.vals = b.solver.SolveMoves(st, b.vals[:0])
		for _, x := range b.vals {
			for i, m := range legal {
				if m == x.Move {
					b.sums[i] += float64(x.Value)
				}
			}
		}
		n++
	}
	best := 0
	for i := range legal {
		if b.sums[i] > b.sums[best] {
			best = i
		}
	}
	return legal[best]
}

// giftScore ranks a card to give to the City: 8s must go; otherwise the bot
// keeps potions (for reactions) and cards of 1-3 (to throw under the City's
// tricks), and gives high cards of its shortest colours (a void lets it win
// with another colour).
func giftScore(hand uint32, c Card) int {
	switch {
	case eightSet&bit(c) != 0:
		return 1000
	case c.IsPotion():
		return -100
	case lowSet&bit(c) != 0:
		return -50 + c.Value()
	}
	return c.Value() - 10*count(hand&colourSet[c.Colour()])
}

func bestGift(hand uint32, legal uint32) Card {
	best, bs := NoCard, -1<<30
	for m := legal; m != 0; m &= m - 1 {
		c := Card(trailing(m))
		if s := giftScore(hand, c); s > bs {
			best, bs = c, s
		}
	}
	return best
}

// finishDay makes every gift left in st by the heuristic; the night starts.
func finishDay(st *State) {
	for st.phase == phaseGive {
		for s := range 2 {
			if st.given[s] < 4 {
				st.apply(s, GiveMove(bestGift(st.r.Hand[s], st.givable(s))), nil)
			}
		}
	}
}

func (b *Partner) chooseGift(v *View, legal []game.Move, deadline time.Time) game.Move {
	var hand uint32
	for _, n := range v.Hand {
		c, _ := ParseCard(n)
		hand |= bit(c)
	}
	// Candidates in heuristic order.
	cands := make([]game.Move, 0, len(legal))
	used := uint32(0)
	for range legal {
		var rest uint32
		for _, m := range legal {
			if c := moveCard(m); used&bit(c) == 0 {
				rest |= bit(c)
			}
		}
		c := bestGift(hand, rest)
		used |= bit(c)
		cands = append(cands, GiveMove(c))
	}
	top := min(b.lv.dayTop, len(cands))
	if top < 2 {
		// Variety: a gift the heuristic ranks nearly as high (not past an
		// 8, which must go) is as likely.
		first := giftScore(hand, moveCard(cands[0]))
		n := 1
		for n < len(cands) && first < 1000 && giftScore(hand, moveCard(cands[n])) >= first-giftVariety {
			n++
		}
		return cands[b.rng.IntN(n)]
	}
	sums := make([]float64, top)
	for n := 0; n < b.lv.samples && time.Now().Before(deadline); n++ {
		st, err := determinize(v, &b.rng)
		if err != nil {
			break
		}
		for i := 0; i < top; i++ {
			c := *st
			c.apply(int(b.seat), cands[i], nil)
			finishDay(&c)
			sums[i] += float64(b.solver.Value(&c))
		}
	}
	best := 0
	for i := range sums {
		if sums[i] > sums[best] {
			best = i
		}
	}
	// Variety: a gift whose sampled value is nearly the best is as likely.
	var near []int
	for i := range sums {
		if sums[i] >= sums[best]-sampleVariety*math.Abs(sums[best]) {
			near = append(near, i)
		}
	}
	return cands[near[b.rng.IntN(len(near))]]
}

// The partner's variety: gifts within giftVariety of the heuristic's best
// score (easy), or within sampleVariety of the best sampled value, are
// played as likely as the best.
const (
	giftVariety   = 2
	sampleVariety = 0.02
)

// Cheater is the all-seeing pair, for the arena's upper bound only: it reads
// the full state (both hands and the City deck), which no registered bot may
// do, so it is not a game.Bot. At night it plays an exact best move; during
// the day it checks its best gifts over random orders of the City deck.
type Cheater struct {
	rng     game.Rand
	solver  *Solver
	Samples int // City deck orders tried per gift candidate
	Top     int // gift candidates tried
}

// NewCheater returns an all-seeing pair seeded with seed.
func NewCheater(seed uint64) *Cheater {
	return &Cheater{rng: game.NewRand(seed), solver: NewSolver(), Samples: 8, Top: 3}
}

// Choose returns the move of seat in gs, a jekyll state, seeing everything.
func (c *Cheater) Choose(gs game.State, seat game.Seat) game.Move {
	st := gs.(*State)
	var buf [16]game.Move
	legal := st.legal(int(seat), buf[:0])
	if len(legal) <= 1 {
		if len(legal) == 0 {
			return 0
		}
		return legal[0]
	}
	switch st.phase {
	case phaseNight:
		m, _ := c.solver.Solve(st)
		return m
	case phaseGive:
		var gl uint32
		for _, m := range legal {
			gl |= bit(moveCard(m))
		}
		best, bv := legal[0], -1e18
		for k := 0; k < c.Top && gl != 0; k++ {
			card := bestGift(st.r.Hand[seat], gl)
			gl &^= bit(card)
			m := GiveMove(card)
			sum := 0.0
			for n := 0; n < c.Samples; n++ {
				x := *st
				x.rng = c.rng.Split()
				x.apply(int(seat), m, nil)
				finishDay(&x)
				sum += float64(c.solver.Value(&x))
			}
			if sum > bv {
				best, bv = m, sum
			}
		}
		return best
	}
	return legal[0]
}
