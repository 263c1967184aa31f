package jekyll

import (
	"math/bits"

	"gaslamp/game"
)

// The exact round solver. A fully known night (both hands and the City deck
// order) is a one-agent puzzle: Jekyll and Hyde play together and the City
// plays its deck in order, so the best outcome is a maximum over the players'
// joint choices. The solver finds it by depth-first search:
//
//   - MTD(f): null-window searches around a first guess, with fail-soft
//     alpha-beta cut-offs (beta: a line good enough is found; alpha: the
//     bound says nothing here can do better);
//   - a trick start expands the whole trick at once (the first and the
//     second player's cards, a reaction choice searched on its own), ordered
//     by the table's best move, then by the bound of each outcome and a quick
//     score of the trick; outcomes whose bound cannot beat the best so far are
//     not searched;
//   - interchangeable cards are tried once (all potions; cards of one colour
//     and one scoring class with no card in play between them);
//   - a transposition table at trick starts, keyed up to card equivalence
//     (per colour, who holds each card still in play, in order, and its
//     class), with the turn-order token, the ranks, the potions held, the
//     difference of the tricks (clamped) and the 8s and 1-3 cards of the
//     City tricks that red reactions can still take; in round 1, when the
//     pawn cannot overshoot, its values are relative to what the players
//     already hold, so that positions differing only in the past share one
//     entry;
//   - an upper bound per trick start (see bound) that tries each number of
//     tricks the players may still win and bounds the tricks of the player
//     with fewer, the 8s to take and the 1-3 cards they cannot avoid, with
//     the red, blue and black reactions still possible.
//
// Values (see roundResult.value): a round that decides the chapter is worth
// +100 (won) or -100 (lost); any other round is worth the pawn's gain minus
// Scotland Yard's gain. Tests check it against plain minimax through the
// engine and against a plain memoised search.

// Solver searches fully known rounds. A Solver reuses its table between
// solves; it is not safe for concurrent use.
type Solver struct {
	tt    []ttEntry
	gen   uint32
	cfg   config
	pawn  int8
	yard  int8
	final bool
	// inv is set when the round cannot decide the chapter except by a
	// capture (round 1 when the pawn cannot overshoot). The chapter's value is
	// then a non-decreasing function of V = pawn gain - Scotland Yard gain, so
	// the search maximises V itself, and the table stores values relative to
	// what the players already hold: positions that differ only in the tricks
	// and cards won so far share one entry.
	inv   bool
	Nodes int // nodes searched by the last solve
}

type ttEntry struct {
	k      [3]uint64
	gen    uint32
	lo, hi int8 // bounds on the value, relative to the position's base
	f, g   Card // the best cards found for the trick, tried first next time
}

const ttBits = 14

// NewSolver returns a solver with an empty table.
func NewSolver() *Solver { return &Solver{tt: make([]ttEntry, 1<<ttBits)} }

// MoveValue is a legal move and the best value reachable after it.
type MoveValue struct {
	Move  game.Move
	Value int
}

// Solve returns the best value the players can reach from st, which must be
// in its night, and a move that reaches it for the seat that must act.
func (s *Solver) Solve(st *State) (game.Move, int) {
	mv := s.SolveMoves(st, nil)
	best := MoveValue{Value: -1 << 30}
	for _, x := range mv {
		if x.Value > best.Value {
			best = x
		}
	}
	return best.Move, best.Value
}

// Value returns the best value the players can reach from st (in its night).
func (s *Solver) Value(st *State) int {
	s.setup(st)
	r := st.r
	return s.finish(s.mtd(&r, 2))
}

// SolveMoves appends to buf the exact value of every legal move of the seat
// that must act in st (which must be in its night).
func (s *Solver) SolveMoves(st *State, buf []MoveValue) []MoveValue {
	s.setup(st)
	var arr [16]game.Move
	seat := int(st.r.toAct())
	guess := 0
	for _, m := range st.legal(seat, arr[:0]) {
		r := st.r
		applyNight(&r, m)
		var v int
		if r.trickDone() {
			r.resolve()
			if r.N == 8 {
				v = s.terminal(&r)
			} else {
				r.reveal()
				v = s.mtd(&r, guess)
			}
		} else {
			v = s.mtd(&r, guess)
		}
		guess = v
		buf = append(buf, MoveValue{Move: m, Value: s.finish(v)})
	}
	return buf
}

func (s *Solver) setup(st *State) {
	s.gen++
	if s.gen == 0 {
		clear(s.tt)
		s.gen = 1
	}
	s.cfg, s.pawn, s.yard, s.final = st.cfg, st.pawn, st.yard, st.rnd == 1
	all := st.r.Hand[0] | st.r.Hand[1]
	for i := range 8 {
		all |= bit(st.r.Deck[i])
	}
	for i := 0; i < int(st.r.N); i++ {
		for _, c := range st.r.Tricks[i].Cards {
			all |= bit(c)
		}
	}
	for _, c := range st.r.Cur.Cards {
		all |= bit(c)
	}
	s.inv = !s.final && 4+count(all&eightSet) <= int(s.cfg.Last-s.pawn)
	s.Nodes = 0
}

// finish turns a search result into the round's value.
func (s *Solver) finish(v int) int {
	if !s.inv {
		return v
	}
	if s.cfg.Yard {
		v -= int(s.cfg.Hounds)
		if v <= int(s.yard-s.pawn) {
			return -winValue
		}
	}
	return v
}

// applyNight plays a night move on a round.
func applyNight(r *round, m game.Move) {
	switch moveKind(m) {
	case kindPlay:
		r.play(r.toAct(), moveCard(m))
	case kindSwapRanks:
		r.swapRanks(int(moveCard(m)), moveB(m))
	case kindSwapCard:
		r.swapCard(moveCard(m))
	}
}

// after moves a round on past a finished trick and searches on.
func (s *Solver) after(r *round, alpha, beta int) int {
	if r.trickDone() {
		r.resolve()
		if r.N == 8 {
			return s.terminal(r)
		}
		r.reveal()
	}
	return s.search(r, alpha, beta)
}

func (s *Solver) terminal(r *round) int {
	t, won := r.stats()
	if s.inv {
		n8, nLow := wonCounts(won)
		if !s.cfg.Yard {
			nLow = 0
		}
		return int(min(t[0], t[1])) + n8 - nLow
	}
	out := s.cfg.score(s.pawn, s.yard, t, won, r.Tricks[7].Owner, s.final)
	return out.value()
}

// summary is what a trick start holds besides the cards in play.
type summary struct {
	t       [2]int
	won     uint32 // cards won by the players
	cityWon uint32 // cards of the tricks the City holds
	stack   uint64 // 8s and 1-3 cards of each City trick, 4 bits each, oldest first
	nStack  int
	live    uint32 // cards still to play: hands, City deck, the trick on the table
}

func (r *round) summarize(sm *summary) {
	sm.t = [2]int{int(r.T[0]), int(r.T[1])}
	sm.won, sm.cityWon, sm.stack, sm.nStack = r.Won, r.CityWon, r.Stack, int(r.NStack)
	sm.live = r.Hand[0] | r.Hand[1] | bit(r.Cur.Cards[0]) | bit(r.Cur.Cards[1]) | bit(r.Cur.Cards[2])
	for i := int(r.Top); i < 8; i++ {
		sm.live |= bit(r.Deck[i])
	}
}

// reds bounds the red reactions still possible: each needs a potion and a
// red card still to play (or the red card just played, for the next card).
func (s *Solver) reds(r *round, sm *summary) int {
	if !r.Reactions {
		return 0
	}
	return min(count(sm.live&potionSet), count(sm.live&colourSet[Red]))
}

// search returns the best value reachable from r, a decision point of the
// night, within the window (alpha, beta): a result <= alpha may be only an
// upper bound, a result >= beta only a lower bound.
func (s *Solver) search(r *round, alpha, beta int) int {
	if r.Pos == 1 && r.Pend == pendNone {
		return s.trickStart(r, alpha, beta, noBound)
	}
	s.Nodes++
	best := -1 << 20
	seat := r.toAct()
	var cards uint32
	swaps := 0
	switch r.Pend {
	case pendBlue:
		swaps = 3
	case pendBlack:
		// Cards of one hand are not interchangeable here: the one put on the
		// deck may meet the one kept. Only potions are alike.
		cards = r.Hand[seat]
		if p := cards & potionSet; p != 0 {
			cards = cards&^potionSet | p&-p
		}
	default:
		cards = s.distinct(r, r.legalPlays(seat), seat)
	}
	for i := 0; i < swaps && best < beta; i++ {
		c := *r
		c.swapRanks(swapPairs[i][0], swapPairs[i][1])
		best = max(best, s.after(&c, max(alpha, best), beta))
	}
	for m := cards; m != 0 && best < beta; m &= m - 1 {
		c := *r
		x := Card(bits.TrailingZeros32(m))
		if r.Pend == pendBlack {
			c.swapCard(x)
		} else {
			c.play(seat, x)
		}
		best = max(best, s.after(&c, max(alpha, best), beta))
	}
	return best
}

// noBound says a trick start's bound is still to compute.
const noBound = -1 << 30

// kid is one way to play a whole trick from its start: the two players'
// cards, or the first card only when a reaction choice interrupts.
type kid struct {
	r     round
	f, g  Card
	score int  // order: the most promising first
	ub    int  // an upper bound on the kid's value
	known bool // ub is known
	value int  // the round's value when done
	done  bool // r is the end of the round
}

// trickStart searches a trick start: the table, the bound, then the joint
// plays of both players, the most promising first.
func (s *Solver) trickStart(r *round, alpha, beta, known int) int {
	s.Nodes++
	var sm summary
	r.summarize(&sm)
	k, base := s.key(r, &sm)
	e := &s.tt[(k[0]*0x9E3779B97F4A7C15^k[1]*0xC2B2AE3D27D4EB4F^k[2]*0x165667B19E3779F9)>>(64-ttBits)]
	lo, ub := -winValue, 0
	hf, hg := NoCard, NoCard
	if e.gen == s.gen && e.k == k {
		lo, ub = int(e.lo)+base, int(e.hi)+base
		if lo >= beta {
			return lo
		}
		if ub <= alpha || lo == ub {
			return ub
		}
		hf, hg = e.f, e.g
	} else {
		ub = known
		if ub == noBound {
			ub = s.bound(r, &sm)
		}
		if ub <= alpha {
			return ub
		}
	}
	alpha = max(alpha, lo-1)
	var kids [64]kid
	n := 0
	first := r.First
	t, won := sm.t, sm.won
	for fm := s.distinct(r, r.legalPlays(first), first); fm != 0; fm &= fm - 1 {
		f := Card(bits.TrailingZeros32(fm))
		c := *r
		c.play(first, f)
		if c.Pend != pendNone {
			kids[n] = kid{r: c, f: f, g: NoCard, score: 0}
			if f == hf {
				kids[n].score = 1 << 20
			}
			n++
			continue
		}
		for gm := s.distinct(&c, c.legalPlays(1-first), 1-first); gm != 0; gm &= gm - 1 {
			g := Card(bits.TrailingZeros32(gm))
			d := &kids[n]
			d.r, d.f, d.g, d.done = c, f, g, false
			d.r.play(1-first, g)
			if d.r.Pend == pendNone {
				d.r.resolve()
				if d.r.N == 8 {
					d.done = true
					d.value = s.terminal(&d.r)
					d.score = 100 * d.value
				} else {
					d.score = s.quick(&d.r, t, won)
					d.r.reveal()
					var csm summary
					d.r.summarize(&csm)
					d.ub, d.known = s.bound(&d.r, &csm), true
					d.score += 16 * d.ub
				}
			}
			if f == hf && g == hg {
				d.score = 1 << 20
			}
			n++
		}
	}
	// Insertion sort, best score first.
	for i := 1; i < n; i++ {
		for j := i; j > 0 && kids[j].score > kids[j-1].score; j-- {
			kids[j], kids[j-1] = kids[j-1], kids[j]
		}
	}
	best, bf, bg := -1<<20, NoCard, NoCard
	for i := 0; i < n && best < beta && best < ub; i++ {
		d := &kids[i]
		var v int
		if d.known && d.ub <= max(alpha, best) {
			// It cannot do better than the best so far: its bound is all
			// the search would learn.
			best = max(best, d.ub)
			continue
		}
		switch {
		case d.done:
			v = d.value
		case d.known:
			v = s.trickStart(&d.r, max(alpha, best), beta, d.ub)
		default:
			v = s.search(&d.r, max(alpha, best), beta)
		}
		if v > best {
			best, bf, bg = v, d.f, d.g
		}
	}
	hi := ub
	switch {
	case best >= beta:
		lo = max(lo, best)
	case best <= alpha:
		hi = min(hi, best)
	default:
		lo, hi = best, best
	}
	*e = ttEntry{k: k, gen: s.gen, lo: int8(lo - base), hi: int8(hi - base), f: bf, g: bg}
	return best
}

// quick scores a finished trick for move ordering: a trick for the player
// with fewer tricks is good, 8s won are good, cards of 1-3 won are bad (and
// swallowed by the City, good).
func (s *Solver) quick(r *round, t [2]int, won uint32) int {
	tr := &r.Tricks[r.N-1]
	m := bit(tr.Cards[0]) | bit(tr.Cards[1]) | bit(tr.Cards[2])
	n8, nLow := count(m&eightSet), count(m&lowSet)
	if !s.cfg.Yard {
		nLow = 0
	}
	if tr.Owner == city {
		return nLow - 2*n8
	}
	v := 3*n8 - 3*nLow
	if t[tr.Owner] <= t[1-tr.Owner] {
		v += 2
	}
	return v
}

// mtd finds the exact value of a decision point by null-window searches
// (MTD(f)) from a first guess.
func (s *Solver) mtd(r *round, guess int) int {
	lo, hi := -winValue-1, winValue+1
	g := guess
	for lo < hi {
		b := g
		if g == lo {
			b = g + 1
		}
		c := *r
		g = s.search(&c, b-1, b)
		if g < b {
			hi = g
		} else {
			lo = g
		}
	}
	return g
}

// pext8[live][x] packs the bits of x that are in live, lowest first (the
// rank of each card among the cards of its colour still in play).
var pext8 = func() (t [256][256]uint8) {
	for l := range 256 {
		for x := range 256 {
			var out, j uint8
			for i := range 8 {
				if l&(1<<i) != 0 {
					if x&(1<<i) != 0 {
						out |= 1 << j
					}
					j++
				}
			}
			t[l][x] = out
		}
	}
	return t
}()

// classOf is the scoring class of each card: 0 for 1-3 (they move Scotland
// Yard), 1 for 4-7, 2 for an 8 (it moves the pawn).
var classOf = func() (t [NumCards]uint64) {
	for c := Card(0); c < potionLo; c++ {
		switch v := c.Value(); {
		case v == 8:
			t[c] = 2
		case v >= 4:
			t[c] = 1
		}
	}
	return t
}()

var swapPairs = [3][2]int{{0, 1}, {0, 2}, {1, 2}}

// key packs what the rest of the round depends on at a trick start, and
// returns the base the table's value is relative to. Cards are keyed up to
// equivalence: for each colour, the cards still in play are listed from the
// lowest, each as who holds it (Jekyll, Hyde, the City deck, the table) and
// its scoring class, so that hands differing only in cards that compare the
// same way with everything left share an entry. (The City deck beyond its top
// card is the same in every position of one solve.)
func (s *Solver) key(r *round, sm *summary) (k [3]uint64, base int) {
	cur := r.Cur.Cards[0]
	var codes [3]uint64
	for col := range 3 {
		sh := 8 * col
		live := uint8(sm.live >> sh)
		code := uint64(pext8[live][uint8(r.Hand[0]>>sh)]) | uint64(pext8[live][uint8(r.Hand[1]>>sh)])<<8 |
			uint64(bits.OnesCount8(live))<<16 | uint64(bits.OnesCount8(live&7))<<20 | uint64(live>>7)<<22
		if cur.Colour() == col {
			code |= uint64(pext8[live][uint8(bit(cur)>>sh)]) << 23
		}
		codes[col] = code
	}
	k[0] = codes[0] | codes[1]<<31
	k[1] = codes[2]
	b := uint64(r.Strength[0]+1) | uint64(r.Strength[1]+1)<<2 | uint64(r.Strength[2]+1)<<4 | uint64(r.First)<<6
	b |= uint64(count(r.Hand[0]&potionSet))<<7 | uint64(count(r.Hand[1]&potionSet))<<10
	if cur.IsPotion() {
		b |= 1 << 13
	}
	reds := s.reds(r, sm)
	lim := 8 - int(r.N) + reds
	// Only the difference of the tricks matters, and not beyond what the rest
	// of the round can change.
	d := min(max(sm.t[0]-sm.t[1], -lim), lim)
	// Only the City tricks that red reactions can still take matter.
	n := min(sm.nStack, reds)
	stack := sm.stack >> (4 * (sm.nStack - n))
	b |= uint64(d+16)<<14 | uint64(n)<<19 | stack<<22
	m := min(sm.t[0], sm.t[1])
	n8, nLow := wonCounts(sm.won)
	if !s.cfg.Yard {
		nLow = 0
	}
	base = m + n8 - nLow
	if !s.inv {
		b |= uint64(m)<<38 | uint64(n8)<<42 | uint64(nLow)<<44
		base = 0
	}
	k[2] = b
	return k, base
}

// bound is an upper bound on the value of the rest of the round from a trick
// start. It tries every number P of the tricks left that the players may win
// (at most the tricks whose City card some player can beat): the tricks of the
// player with fewer tricks are then bounded, so are the 8s the players can
// still take, and the cards of value 1-3 they must take: each of the 8-P
// tricks the City wins swallows at most one such card of each player and one
// of the City's, the others land in the players' tricks.
func (s *Solver) bound(r *round, sm *summary) int {
	left := 8 - int(r.N)
	reds := min(s.reds(r, sm), sm.nStack+left)
	// Reactions: each takes a potion (and a trick holds at most one, its two
	// pairs sharing the middle card), so there are at most react of them in
	// all, reds of them red and swaps of them black. A black reaction can
	// change one of the City's cards to come: turn it into a card some player
	// beats, bring one of its 8s into a hand (and the City card into a hand,
	// where it may beat another), or move one card of 1-3 between the City
	// and a hand.
	react := 0
	swaps := 0
	if r.Reactions {
		react = min(count(sm.live&potionSet), left)
		if int(r.Top) < 8 {
			swaps = min(react, count(sm.live&colourSet[Black]), 8-int(r.Top))
		}
	}
	w0, w1, w, city8, baseW := s.winnable(r, sm, swaps)
	n8, nLow := wonCounts(sm.won)
	if !s.cfg.Yard {
		nLow = 0
	}
	h8 := count((r.Hand[0] | r.Hand[1]) & eightSet)
	// A red reaction can take an 8 the City holds or will win (even one no
	// player can beat).
	cityCards := bit(r.Cur.Cards[0])
	for i := int(r.Top); i < 8; i++ {
		cityCards |= bit(r.Deck[i])
	}
	deck8, held8 := count(cityCards&eightSet), count(sm.cityWon&eightSet)
	extra8 := 0 // 8s beyond the first in each trick the City holds
	for i := 0; i < sm.nStack; i++ {
		extra8 += max(0, int(sm.stack>>(4*i)&3)-1)
	}
	l0, l1 := count(r.Hand[0]&lowSet), count(r.Hand[1]&lowSet)
	lc := 0
	if r.Cur.Cards[0] < NumCards && lowSet&bit(r.Cur.Cards[0]) != 0 {
		lc++
	}
	for i := int(r.Top); i < 8; i++ {
		if lowSet&bit(r.Deck[i]) != 0 {
			lc++
		}
	}
	// A swap moves a card of 1-3 only if one is in a hand or among the
	// City's cards to come (the one on the table cannot be swapped).
	lowSwaps := min(swaps, l0+l1+lc)
	if r.Cur.Cards[0] < NumCards && lowSet&bit(r.Cur.Cards[0]) != 0 {
		lowSwaps = min(swaps, l0+l1+lc-1)
	}
	lo := min(sm.t[0], sm.t[1])
	minGain := lo + n8
	room := int(s.cfg.Last - s.pawn)
	best := -winValue
	for p := 0; p <= w; p++ {
		c := left - p
		// Reactions left once black ones have made the tricks won beyond
		// what plain play allows.
		rest := react
		if p > baseW {
			rest-- // at least one black reaction was spent
		}
		rd := min(reds, rest)
		maxMin := min((sm.t[0]+sm.t[1]+p+rd)/2, sm.t[0]+min(w0, p)+rd, sm.t[1]+min(w1, p)+rd)
		// The City's 8s (its own and the players' thrown into its tricks)
		// reach the players by play (a beatable one per trick they win), by
		// black reactions (one each) or by red reactions (a trick each: its
		// City card, plus the 8s beyond the first in the tricks it holds).
		// The players' own 8s are counted in h8.
		gain := maxMin + n8 + h8 + min(deck8+held8, min(city8, p)+min(swaps+rd, rest)+extra8)
		low := 0
		if s.cfg.Yard {
			// Black reactions move cards between the City and the hands, so
			// the count by source loses one per swap; but each City trick
			// swallows at most three such cards whatever their source.
			// A swap moves a card between the City and one hand; it lowers
			// the count only by taking a card from a source above c to one
			// below c.
			red := 0
			if lc > c {
				red = min(lc-c, max(0, c-l0)+max(0, c-l1))
			} else if lc < c {
				red = min(c-lc, max(0, l0-c)+max(0, l1-c))
			}
			red = min(red, lowSwaps)
			low = nLow + max(0, max(0, l0-c)+max(0, l1-c)+max(0, lc-c)-red, l0+l1+lc-3*c)
		}
		var v int
		switch {
		case s.inv:
			v = gain - low
		case minGain > room && !(s.cfg.Overshoot && s.cfg.Yard):
			v = -winValue
		default:
			pawnMax := min(gain, room)
			yardMin := 0
			if s.cfg.Yard {
				yardMin = low + int(s.cfg.Hounds)
			}
			switch {
			case s.cfg.Yard && int(s.yard)+yardMin >= int(s.pawn)+pawnMax:
				v = -winValue
			case !s.final:
				v = pawnMax - yardMin
			case gain < room || minGain > room && !(s.cfg.Overshoot && s.cfg.Yard):
				v = -winValue
			default:
				v = winValue
			}
		}
		best = max(best, v)
	}
	return best
}

// above[c] holds the cards of c's colour higher than c.
var above = func() (t [NumCards]uint32) {
	for c := Card(0); c < potionLo; c++ {
		t[c] = colourSet[c.Colour()] &^ (bit(c)<<1 - 1)
	}
	return t
}()

// winnable bounds the tricks left that each player, and the two together,
// can still win, and the City's 8s still to come that a player can win: a
// player can take the City's card x only with a card that can beat it, one
// of x's colour and higher, or one of a colour that is (or may yet become)
// stronger; and each card wins at most one trick. When the colour ranks can
// no longer change, "beats" is a total order and a greedy matching of the
// City's cards to the players' cards is exact; otherwise each City card
// counts once if any card can beat it.
func (s *Solver) winnable(r *round, sm *summary, swaps int) (w0, w1, w, city8, plain int) {
	var u0, u1, u int
	fixed := r.Ranked == 3 && !(r.Reactions && sm.live&potionSet != 0 && sm.live&colourSet[Blue] != 0)
	h0, h1 := r.Hand[0]&^potionSet, r.Hand[1]&^potionSet
	var cityCards [9]Card
	n := 0
	cityCards[n] = r.Cur.Cards[0]
	n++
	for i := int(r.Top); i < 8; i++ {
		cityCards[n] = r.Deck[i]
		n++
	}
	if fixed && swaps == 0 {
		// Strength order key: rank*8 + value-1; potions lowest.
		var ord [24]uint8 // ord[rank*8+v] = card
		var cityMask, m0, m1 uint32
		key := func(c Card) int { return int(r.Strength[c.Colour()])*8 + int(c)%8 }
		for i := 0; i < n; i++ {
			if c := cityCards[i]; !c.IsPotion() {
				cityMask |= 1 << key(c)
				ord[key(c)] = uint8(c)
			} else {
				w0, w1, w = w0+1, w1+1, w+1 // any coloured card beats a lone potion
			}
		}
		for x := h0; x != 0; x &= x - 1 {
			m0 |= 1 << key(Card(bits.TrailingZeros32(x)))
		}
		for x := h1; x != 0; x &= x - 1 {
			m1 |= 1 << key(Card(bits.TrailingZeros32(x)))
		}
		match := func(p uint32, eights bool) (k, e8 int) {
			// Greedy: each player card, from the weakest, takes the strongest
			// City card below it that is still free.
			free := cityMask
			for x := p; x != 0; x &= x - 1 {
				below := free & (x&-x - 1)
				if below != 0 {
					hi := 31 - bits.LeadingZeros32(below)
					free &^= 1 << hi
					k++
				}
			}
			if eights {
				for x := cityMask &^ free; x != 0; x &= x - 1 {
					if eightSet&bit(Card(ord[bits.TrailingZeros32(x)])) != 0 {
						e8++
					}
				}
			}
			return
		}
		a, _ := match(m0, false)
		b, _ := match(m1, false)
		c, _ := match(m0|m1, false)
		w0, w1, w = min(w0+a, n), min(w1+b, n), min(w+c, n)
		// 8s: any City 8 below some player card.
		for i := 0; i < n; i++ {
			if c := cityCards[i]; eightSet&bit(c) != 0 && (m0|m1)>>key(c) > 1 {
				city8++
			}
		}
		plain = w
		return
	}
	var stronger [3]uint32 // cards of the colours that may beat each colour
	for c := range 3 {
		for o := range 3 {
			if o != c && (!fixed || r.Strength[o] > r.Strength[c]) {
				stronger[c] |= colourSet[o]
			}
		}
	}
	// With black reactions ahead, a City card to come may be beaten by a
	// City card that a swap brought into a hand; and a swapped card may take
	// its place (counted by the caller).
	var pool uint32
	if swaps > 0 {
		for i := 1; i < n; i++ {
			pool |= bit(cityCards[i])
		}
		pool &^= potionSet
	}
	for i := 0; i < n; i++ {
		x := cityCards[i]
		var beat uint32
		if x.IsPotion() {
			beat = allCards &^ potionSet
		} else {
			beat = above[x] | stronger[x.Colour()]
		}
		b0, b1 := h0&beat != 0, h1&beat != 0
		if i > 0 && (b0 || b1) {
			plain++
		}
		if i > 0 && pool&beat&^bit(x) != 0 {
			b0, b1 = true, true
		}
		if i == 0 && !x.IsPotion() {
			// The trick on the table: a player holding its colour must
			// follow, and then wins only with a higher card of it.
			if f := colourSet[x.Colour()]; h0&f != 0 {
				b0 = h0&above[x] != 0
			}
			if f := colourSet[x.Colour()]; h1&f != 0 {
				b1 = h1&above[x] != 0
			}
		}
		if b0 {
			w0++
		}
		if b1 {
			w1++
		}
		if b0 || b1 {
			w++
			if eightSet&bit(x) != 0 {
				city8++
			}
			if i == 0 {
				plain++
			}
		}
		if i > 0 {
			// A swap can only help where the City's card was out of reach.
			if !b0 {
				u0++
			}
			if !b1 {
				u1++
			}
			if !b0 && !b1 {
				u++
			}
		}
	}
	w0 += min(swaps, u0)
	w1 += min(swaps, u1)
	w += min(swaps, u)
	return
}

// classOf gives the scoring class of each value: 1-3 move Scotland Yard, 8s
// move the pawn, 4-7 only take tricks.
func sameClass(a, b Card) bool {
	ca, cb := a.Value(), b.Value()
	cls := func(v int) int {
		switch {
		case v <= 3:
			return 0
		case v == 8:
			return 2
		}
		return 1
	}
	return cls(ca) == cls(cb)
}

// distinct keeps one card of each set of interchangeable cards among m, cards
// of seat's hand: all potions are alike, and two cards of one colour and one
// scoring class are alike when no card still in play (in a hand, the City
// deck or the trick on the table) lies between them.
func (s *Solver) distinct(r *round, m uint32, seat uint8) uint32 {
	live := r.Hand[1-seat]
	for i := int(r.Top); i < 8; i++ {
		live |= bit(r.Deck[i])
	}
	for _, c := range r.Cur.Cards {
		live |= bit(c)
	}
	out := m &^ potionSet
	if p := m & potionSet; p != 0 {
		out |= p & -p
	}
	for col := range 3 {
		cm := m & colourSet[col]
		if cm == 0 {
			continue
		}
		prev := Card(bits.TrailingZeros32(cm))
		for x := cm & (cm - 1); x != 0; x &= x - 1 {
			c := Card(bits.TrailingZeros32(x))
			between := (bit(c) - 1) &^ (bit(prev)<<1 - 1)
			if live&between == 0 && sameClass(prev, c) {
				out &^= bit(c)
			}
			prev = c
		}
	}
	return out
}
