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
// Values (see outcomeValue): a round that decides the chapter is worth +100
// (won) or -100 (lost); any other round is worth the pawn's gain minus
// Scotland Yard's gain, except a first round in which the pawn could pass the
// last space (with FutureFirst, every first round): there each ending is worth the chance, estimated by solving
// random second rounds, that the chapter is then won (solve_future.go). Tests check it against plain minimax through the
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
	inv bool
	// fut values the first round's outcomes when the pawn could pass the
	// last space in it (see solve_future.go); nil otherwise.
	fut *future
	// target >= 0 asks for the least Scotland Yard move with which the
	// players move the pawn exactly target spaces (building a future table).
	target int8
	Nodes  int // nodes searched by the last solve
	// FutureFirst values every first round that does not decide the chapter
	// by the future table (the chance that the all-seeing pair then lands
	// exactly in round 2, solve_future.go), not only those in which the pawn
	// could pass the last space: the plain difference of the pawn's and
	// Scotland Yard's gains counts a card of 1-3 as much as a space of the
	// pawn, while Scotland Yard matters only by reaching the pawn (in the
	// classic chapter its nine cards of 1-3 can never bring it to the last
	// space). The partner bots set it; the all-seeing pair does not.
	FutureFirst bool
	// FairFuture values the first round by the fair future table where
	// there is one (the classic chapter, solve_future.go): the measured
	// chance that two partner bots, not the all-seeing pair, then land
	// exactly.
	FairFuture bool
	// kids holds the expansion of the trick start at each trick index: a
	// trick start only recurses into later tricks, so one buffer per index
	// is enough, and it is not zeroed on every expansion.
	kids [8][64]kid
	// scratch is a stack of positions for search, depth its top.
	scratch [64]round
	depth   int
}

type ttEntry struct {
	k      [3]uint64
	gen    uint32
	lo, hi int8 // bounds on the value, relative to the position's base
	f, g   Card // the best cards found for the trick, tried first next time
}

const ttBits = 14

// NewSolver returns a solver with an empty table.
func NewSolver() *Solver { return &Solver{tt: make([]ttEntry, 1<<ttBits), target: -1} }

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
	s.inv = s.target < 0 && !s.final && 4+count(all&eightSet) <= int(s.cfg.Last-s.pawn) && !s.FutureFirst
	s.fut = nil
	if s.target < 0 && !s.final && !s.inv {
		s.fut = futureFor(s.cfg)
		if s.FairFuture {
			if f := fairFuture(s.cfg); f != nil {
				s.fut = f
			}
		}
	}
	s.Nodes = 0
	s.depth = 0
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
	if s.target >= 0 {
		n8, nLow := wonCounts(won)
		if int(min(t[0], t[1]))+n8 != int(s.target) {
			return -winValue
		}
		if !s.cfg.Yard {
			return targetBase
		}
		return targetBase - nLow - int(s.cfg.Hounds)
	}
	return s.outcomeValue(s.cfg.score(s.pawn, s.yard, t, won, r.Tricks[7].Owner, s.final))
}

// outcomeValue is what the search maximises for a round that ended in out:
// ±winValue for a round that decides the chapter; otherwise the pawn's gain
// minus Scotland Yard's, or, when the future table is in use, the value of
// where the pawns stand.
func (s *Solver) outcomeValue(out roundResult) int {
	if s.fut != nil && out.Res == resNone {
		return s.fut.value(int(s.cfg.Last-out.Pawn), int(out.Pawn-out.Yard))
	}
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
	// The child positions live in the solver's scratch stack (a local
	// round would escape to the heap through the recursion).
	s.depth++
	c := &s.scratch[s.depth]
	for i := 0; i < swaps && best < beta; i++ {
		*c = *r
		c.swapRanks(swapPairs[i][0], swapPairs[i][1])
		best = max(best, s.after(c, max(alpha, best), beta))
	}
	for m := cards; m != 0 && best < beta; m &= m - 1 {
		*c = *r
		x := Card(bits.TrailingZeros32(m))
		if r.Pend == pendBlack {
			c.swapCard(x)
		} else {
			c.play(seat, x)
		}
		best = max(best, s.after(c, max(alpha, best), beta))
	}
	s.depth--
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
	first := r.First
	best, bf, bg := -1<<20, NoCard, NoCard
	// The table's best trick first, before the others are made: it often
	// ends the search here.
	if v, ok := s.hinted(r, hf, hg, alpha, beta); ok {
		best, bf, bg = v, hf, hg
		if best >= beta || best >= ub {
			s.store(e, k, base, lo, ub, alpha, beta, best, bf, bg)
			return best
		}
	} else {
		hf = NoCard
	}
	kids := &s.kids[r.N]
	n := 0
	t, won := sm.t, sm.won
	for fm := s.distinct(r, r.legalPlays(first), first); fm != 0; fm &= fm - 1 {
		f := Card(bits.TrailingZeros32(fm))
		c := *r
		c.play(first, f)
		if c.Pend != pendNone {
			if f != hf {
				kids[n] = kid{r: c, f: f, g: NoCard, score: 0}
				n++
			}
			continue
		}
		for gm := s.distinct(&c, c.legalPlays(1-first), 1-first); gm != 0; gm &= gm - 1 {
			g := Card(bits.TrailingZeros32(gm))
			d := &kids[n]
			d.r, d.f, d.g, d.done, d.known, d.score = c, f, g, false, false, 0
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
				continue // searched already
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
	s.store(e, k, base, lo, ub, alpha, beta, best, bf, bg)
	return best
}

// store records what a trick start's search learned.
func (s *Solver) store(e *ttEntry, k [3]uint64, base, lo, hi, alpha, beta, best int, f, g Card) {
	switch {
	case best >= beta:
		lo = max(lo, best)
	case best <= alpha:
		hi = min(hi, best)
	default:
		lo, hi = best, best
	}
	*e = ttEntry{k: k, gen: s.gen, lo: int8(lo - base), hi: int8(hi - base), f: f, g: g}
}

// hinted searches the trick f, g at trick start r if it is legal there (the
// table's hint comes from an equivalent position, maybe with other cards).
func (s *Solver) hinted(r *round, f, g Card, alpha, beta int) (int, bool) {
	first := r.First
	if f == NoCard || r.legalPlays(first)&bit(f) == 0 {
		return 0, false
	}
	c := *r
	c.play(first, f)
	if c.Pend != pendNone {
		if g != NoCard {
			return 0, false
		}
		return s.search(&c, alpha, beta), true
	}
	if g == NoCard || c.legalPlays(1-first)&bit(g) == 0 {
		return 0, false
	}
	c.play(1-first, g)
	return s.after(&c, alpha, beta), true
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
