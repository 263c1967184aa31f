package jekyll

import (
	"cmp"
	"slices"
	"time"

	"gaslamp/game"
)

// The "signal" bot: a partner whose round-2 plays are exactly reproducible
// by its partner, so that each can read the other's plays without the
// mismatch that spoilt the convention bot (convention.go), whose receiver
// judged the partner's plays by exact solves while the partner chose by its
// own sampled averages.
//
// Level 0 (level0) is a deterministic function of what the seat to play
// knows: its hand, its own gifts and the public record of the night. It
// draws sigN worlds of what the seat cannot see with a random source seeded
// by a hash of the public record (sigSeed), keeps each by the gift prior
// (giftprior.go, with the same source), solves each exactly and returns the
// legal card with the best average value (ties: the lowest card). Nothing
// else enters it (not the seat's view beyond those facts, nor the bot's own
// random source), so the partner, given a hypothesis of the seat's hand,
// computes the very same play.
//
// In round 2 of a night whose record the replay can rebuild (convReplay: no
// black reaction this round, no fog), the bot weighs every world it samples
// (by the gift prior, as the partner bot does) by the partner's plays of the
// round: a play that level 0 reproduces in that world (the partner's hand
// and gifts there, the position replayed from the public record) keeps the
// factor 1, another multiplies it by sigEps. It keeps the heaviest worlds,
// averages its moves' exact values over them with those weights, and plays
// the best one only if it beats its own level-0 play by more than sigMargin
// (on the weighted average); otherwise it plays its level-0 play, so that
// its own plays stay readable by the partner. Elsewhere (round 1, the day,
// reaction choices, records the replay cannot rebuild) it is the partner
// bot. It reads only its own view and the public record: the shared seed is
// a hash of public facts.

const (
	sigEps = 0.05 // the weight factor of a partner play level 0 does not reproduce
	// sigMargin: the bot leaves its level-0 play only for a move whose
	// weighted average beats it by more than this many value units (with
	// 0, 8 of 32 round-2 decisions in a 4-chapter sample left it, mostly
	// for near ties; with 5, 1).
	sigMargin = 5.0
	// sigOver: worlds sampled per world kept (more than the partner's, so
	// that enough of the kept worlds reproduce all the partner's plays).
	sigOver = 4
)

// newSignal is the partner bot that plays and reads the reproducible
// level-0 policy in round 2 (signal.go).
func newSignal(cfg game.BotConfig) (game.Bot, error) {
	b, err := newPartner(cfg)
	if err == nil {
		p := b.(*Partner)
		p.signal = true
		p.sigN = min(p.lv.samples, 24)
		p.sigCache = map[sigKey]Card{}
	}
	return b, err
}

// sigKey identifies a level-0 decision: the public record's hash (which
// includes the seat), the seat's hand and its gifts.
type sigKey struct {
	seed        uint64
	hand, gifts uint32
}

// canonRound is the position r for seat s rebuilt from the facts level 0
// may read: the public record, the seat's hand and the size of the
// partner's (the partner's hand is kept for its size only, the City's
// face-down cards dropped).
func canonRound(r *round, s int) round {
	var c round
	c.Hand = r.Hand
	c.Top, c.First, c.N, c.Pos, c.Used = r.Top, r.First, r.N, r.Pos, r.Used
	c.Strength, c.Ranked = r.Strength, r.Ranked
	c.Reactions, c.Mirror, c.HydeLeads = r.Reactions, r.Mirror, r.HydeLeads
	for i := range c.Deck {
		c.Deck[i] = NoCard
	}
	for i := 0; i < int(c.Top) && i < 8; i++ {
		c.Deck[i] = r.Deck[i]
	}
	for i := 0; i < int(c.N); i++ {
		c.Tricks[i] = r.Tricks[i]
	}
	c.Cur = trick{Cards: [3]Card{NoCard, NoCard, NoCard}, First: r.Cur.First}
	for k := 0; k < int(c.Pos) && k < 3; k++ {
		c.Cur.Cards[k] = r.Cur.Cards[k]
	}
	c.recount()
	return c
}

// sigSeed hashes the public facts of position c (canonRound) of state x
// and the seat s to play (FNV-1a).
func sigSeed(x *State, c *round, s int) uint64 {
	h := uint64(14695981039346656037)
	add := func(b int) {
		h ^= uint64(uint8(b))
		h *= 1099511628211
	}
	add(s)
	add(int(x.cfg.Chapter))
	add(int(x.rnd))
	add(int(x.pawn))
	add(int(x.yard))
	add(int(c.First))
	add(int(c.N))
	add(int(c.Pos))
	add(int(c.Top))
	add(int(c.Used))
	add(count(c.Hand[1-s]))
	for _, v := range c.Strength {
		add(int(v))
	}
	for i := 0; i < int(c.N); i++ {
		t := &c.Tricks[i]
		for _, cd := range t.Cards {
			add(int(cd))
		}
		add(int(t.First))
		add(int(t.Owner))
		if t.Taken {
			add(1)
		} else {
			add(0)
		}
	}
	for k := 0; k < int(c.Pos); k++ {
		add(int(c.Cur.Cards[k]))
	}
	return h
}

// sigLacks are the colours seat o is known not to hold from the record of
// position c: it did not follow a coloured City card (no black reaction
// moved cards this round, so a lack stays).
func sigLacks(c *round, o int) uint8 {
	var l uint8
	check := func(t *trick, upto int) {
		led := t.Cards[0]
		if led.IsPotion() || led == NoCard {
			return
		}
		for k := 1; k < upto; k++ {
			if int(t.seatAt(k)) == o {
				if p := t.Cards[k]; !p.IsPotion() && p.Colour() != led.Colour() {
					l |= 1 << led.Colour()
				}
			}
		}
	}
	for i := 0; i < int(c.N); i++ {
		check(&c.Tricks[i], 3)
	}
	check(&c.Cur, int(c.Pos))
	return l
}

// level0 is the convention's reproducible play of seat s at position r of a
// world like x (whose public facts it reads; its hidden cards it does not),
// the seat's gifts of the round being gifts. It returns NoCard where it
// cannot deal the hidden cards.
func (b *Partner) level0(x *State, r *round, s int, gifts uint32) Card {
	c := canonRound(r, s)
	seed := sigSeed(x, &c, s)
	key := sigKey{seed, c.Hand[s], gifts}
	if pick, ok := b.sigCache[key]; ok {
		return pick
	}
	o := 1 - s
	var public uint32
	for i := 0; i < int(c.N); i++ {
		for _, cd := range c.Tricks[i].Cards {
			public |= bit(cd)
		}
	}
	for k := 0; k < int(c.Pos); k++ {
		public |= bit(c.Cur.Cards[k])
	}
	hidden := x.cfg.deckCards() &^ public &^ c.Hand[s]
	nDeck, nHand := 8-int(c.Top), count(c.Hand[o])
	nAside := count(hidden) - nDeck - nHand
	if nAside < 0 || c.Pend != pendNone || int(c.toAct()) != s {
		return NoCard
	}
	base := sampler{cards: cardsOf(hidden), cap: [4]int{}}
	base.cap[o], base.cap[2], base.cap[3] = nHand, nDeck, nAside
	lk := sigLacks(&c, o)
	for _, cd := range base.cards {
		m := uint8(locBit[o] | locD | locA)
		if gifts&bit(cd) != 0 {
			m = locD
		}
		if col := cd.Colour(); eightSet&bit(cd) != 0 || col >= 0 && lk&(1<<col) != 0 {
			m &^= locBit[o]
		}
		base.mask[cd] = m
	}
	rng := game.NewRand(seed)
	var sums [NumCards]float64
	legal := c.legalPlays(uint8(s))
	for n, tries := 0, 0; n < b.sigN && tries < 40*b.sigN; tries++ {
		sm := base
		loc, ok := sm.run(&rng)
		if !ok {
			break
		}
		var at [4]uint32
		for _, cd := range base.cards {
			at[loc[cd]] |= bit(cd)
		}
		w := *x
		w.r = c
		w.r.Hand[o] = at[o]
		rest := cardsOf(at[2])
		rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
		for i, cd := range rest {
			w.r.Deck[int(c.Top)+i] = cd
		}
		w.aside = at[3]
		if rng.Float64() >= giftWeight(&w, s, gifts) {
			continue
		}
		b.cvals = b.solver.SolveMoves(&w, b.cvals[:0])
		for _, mv := range b.cvals {
			if moveKind(mv.Move) == kindPlay {
				sums[moveCard(mv.Move)] += float64(mv.Value)
			}
		}
		n++
	}
	pick := NoCard
	for m := legal; m != 0; m &= m - 1 {
		cd := Card(trailing(m))
		if pick == NoCard || sums[cd] > sums[pick] {
			pick = cd
		}
	}
	if len(b.sigCache) > 1<<15 {
		clear(b.sigCache)
	}
	b.sigCache[key] = pick
	return pick
}

// sigReadable reports whether the night of view v (rebuilt on world st of
// seat me) is one where both partners play level 0: round 2, a card to
// play, and a record the replay rebuilds without a black reaction.
func sigReadable(v *View, st *State, me int) bool {
	if st.rnd != 1 || st.phase != phaseNight || st.r.Pend != pendNone || v.Pending != nil || int(st.r.toAct()) != me {
		return false
	}
	ok, black := convReplayBlack(v, st, me, nil)
	return ok && black < 0
}

// sigWeight is the factor of world st by the partner's plays of this round:
// 1 for each play level 0 reproduces there, sigEps for each other. It may
// stop and return a weight below floor once the weight falls below it.
func (b *Partner) sigWeight(v *View, st *State, mine uint32, floor float64) float64 {
	me, p := int(b.seat), 1-int(b.seat)
	var deck uint32
	for i := range 8 {
		if st.r.Deck[i] < NumCards {
			deck |= bit(st.r.Deck[i])
		}
	}
	gifts := deck &^ mine
	w := 1.0
	convReplayBlack(v, st, me, func(r *round, c Card) bool {
		if b.level0(st, r, p, gifts) != c {
			w *= sigEps
		}
		return w >= floor
	})
	return w
}

// chooseNightSignal is chooseNight of the signal bot (see the top of
// signal.go).
func (b *Partner) chooseNightSignal(v *View, legal []game.Move, deadline time.Time) (game.Move, bool) {
	me := int(b.seat)
	b.sigOwn = NoCard
	w0, err := determinize(v, &b.rng)
	if err != nil || !sigReadable(v, w0, me) {
		return 0, false
	}
	mine, _ := parseCards(v.Gifts)
	own := b.level0(w0, &w0.r, me, mine)
	if own == NoCard {
		return 0, false
	}
	b.sigOwn = own
	type world struct {
		st *State
		w  float64
	}
	want := b.lv.samples
	var ws []world
	floor := 0.0
	half := time.Now().Add(time.Until(deadline) / 2)
	for n := 0; n < want*sigOver && (n == 0 || time.Now().Before(half)); n++ {
		st, err := determinize(v, &b.rng)
		if err != nil {
			break
		}
		w := giftWeight(st, me, mine)
		if len(ws) >= want && w < floor {
			continue
		}
		w *= b.sigWeight(v, st, mine, floor/max(w, 1e-300))
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
	b.sums = append(b.sums[:0], make([]float64, len(legal))...)
	total := 0.0
	for _, x := range ws {
		if !time.Now().Before(deadline) && x.st != ws[0].st {
			break
		}
		total += x.w
		b.vals = b.solver.SolveMoves(x.st, b.vals[:0])
		for _, mv := range b.vals {
			for i, m := range legal {
				if m == mv.Move {
					b.sums[i] += x.w * float64(mv.Value)
				}
			}
		}
	}
	best, ownI := 0, -1
	for i, m := range legal {
		if b.sums[i] > b.sums[best] {
			best = i
		}
		if m == PlayMove(own) {
			ownI = i
		}
	}
	if ownI < 0 {
		return legal[best], true
	}
	if b.sums[best]-b.sums[ownI] > sigMargin*total {
		return legal[best], true
	}
	return legal[ownI], true
}
