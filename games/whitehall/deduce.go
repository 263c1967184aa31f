package whitehall

import (
	"errors"
	"strconv"
	"sync"

	"gaslamp/board"
	"gaslamp/game"
	"gaslamp/hunt"
)

// deduction is the public deduction of the current round: where Jack may be
// and how many trails end on each circle.
type deduction struct {
	possible []Possible
	total    uint64

	// For a round with no face-down card: the tracker that solved it and
	// the round it holds, so that the next deduction of the same round
	// extends a clone of it by the moves and observations since, instead
	// of counting the round again from its start. Never changed once the
	// deduction is stored (clones of the state share it).
	tr    *hunt.Tracker
	round hunt.Round
}

// branch is one assignment of types to the round's face-down cards, with
// hunt's solution for it.
type branch struct {
	kinds []hunt.MoveKind
	sol   *hunt.Solution
}

// maxHidden bounds the face-down cards of one round: Jack holds at most 2
// Alley and 2 Boat cards.
const maxHidden = 4

// solveRound solves a public round. Face-down cards (hunt.Hidden) are
// resolved into every Alley/Boat assignment that Jack's cards allow
// (alleyLeft and boatLeft: cards of each type not known to be out), and each
// assignment that fits the record is a branch; trails are counted over all
// branches. It returns no branch when nothing fits.
func solveRound(r *hunt.Round, alleyLeft, boatLeft int) ([]branch, error) {
	var hidden []int
	for i, m := range r.Moves {
		if m.Kind == hunt.Hidden {
			hidden = append(hidden, i)
		}
	}
	if len(hidden) > maxHidden {
		return nil, errors.New("whitehall: too many face-down cards")
	}
	var out []branch
	orig := r.Moves
	for mask := 0; mask < 1<<len(hidden); mask++ {
		alleys := 0
		for i := range hidden {
			if mask&(1<<i) == 0 {
				alleys++
			}
		}
		if alleys > alleyLeft || len(hidden)-alleys > boatLeft {
			continue
		}
		moves := append([]hunt.Move(nil), orig...)
		for i, at := range hidden {
			moves[at].Kind = hunt.Alley
			if mask&(1<<i) != 0 {
				moves[at].Kind = hunt.Boat
			}
		}
		rr := hunt.Round{Start: r.Start, Moves: moves, Obs: r.Obs}
		sol, err := hunt.Solve(tbl().b, &rr)
		if errors.Is(err, hunt.ErrInconsistent) {
			continue
		}
		if err != nil {
			return nil, err
		}
		kinds := make([]hunt.MoveKind, len(moves))
		for i := range moves {
			kinds[i] = moves[i].Kind
		}
		out = append(out, branch{kinds: kinds, sol: sol})
	}
	return out, nil
}

// merge sums the branches' counts into a deduction.
func merge(bs []branch) *deduction {
	var counts [numCircles + 1]uint64
	var where board.Set
	d := &deduction{}
	for _, b := range bs {
		w := b.sol.Where()
		where = where.Union(w)
		for c := w.Next(0); c >= 0; c = w.Next(c + 1) {
			counts[c] = satAdd(counts[c], b.sol.Count(c))
		}
		d.total = satAdd(d.total, b.sol.Total())
	}
	d.possible = make([]Possible, 0, where.Count())
	for c := where.Next(0); c >= 0; c = where.Next(c + 1) {
		d.possible = append(d.possible, Possible{Circle: c, Count: counts[c]})
	}
	return d
}

// pick draws a branch with probability proportional to its trail count.
func pick(bs []branch, rng *game.Rand) *branch {
	var total uint64
	for _, b := range bs {
		total = satAdd(total, b.sol.Total())
	}
	x := uint64(rng.Float64() * float64(total))
	for i := range bs {
		t := bs[i].sol.Total()
		if x < t {
			return &bs[i]
		}
		x -= t
	}
	return &bs[len(bs)-1]
}

func satAdd(a, b uint64) uint64 {
	if s := a + b; s >= a {
		return s
	}
	return ^uint64(0)
}

// publicRound returns round r of the public record in hunt's terms; the
// current round's face-down cards are hunt.Hidden (hunt.Coach for a coach).
func (s *State) publicRound(r int) hunt.Round {
	c := &s.c
	hr := hunt.Round{Start: int(c.Trail[r][0]), Moves: make([]hunt.Move, 0, c.NMoves[r]), Obs: make([]hunt.Obs, 0, c.NObs[r])}
	for _, jm := range c.Moves[r][:c.NMoves[r]] {
		hr.Moves = append(hr.Moves, s.publicMove(r, jm))
	}
	for _, o := range c.Obs[r][:c.NObs[r]] {
		hr.Obs = append(hr.Obs, publicObs(o))
	}
	return hr
}

// publicMove is Jack's move jm of round r as the public record has it.
func (s *State) publicMove(r int, jm jackMove) hunt.Move {
	m := hunt.Move{Kind: huntKind(jm.Kind)}
	if s.faceDown(r, jm.Kind) && jm.Kind != jkCoach {
		m.Kind = hunt.Hidden
	}
	for _, x := range jm.Occ {
		m.Occupied.Add(int(x))
	}
	return m
}

func publicObs(o obs) hunt.Obs {
	return hunt.Obs{Time: int(o.Time), Circle: int(o.Circle), Kind: huntObs(o.Kind)}
}

func huntKind(k uint8) hunt.MoveKind {
	switch k {
	case jkCoach:
		return hunt.Coach
	case jkAlley:
		return hunt.Alley
	case jkBoat:
		return hunt.Boat
	}
	return hunt.Walk
}

func huntObs(k uint8) hunt.ObsKind {
	switch k {
	case obClue:
		return hunt.Clue
	case obNoClue:
		return hunt.NoClue
	}
	return hunt.NotHere
}

// deduce returns the deduction of the current round from public facts, once
// per state version (cached until the next Apply). It is nil when nothing
// fits, which a real game never produces.
func (s *State) deduce() *deduction {
	if s.ded != nil && !s.dedStale {
		return s.ded
	}
	v := s.cards(true)
	var keyBuf [512]byte
	kb := s.appendPublicRoundKey(keyBuf[:0], int(s.c.Round), v.Alley.Left, v.Boat.Left)
	if s.ded != nil && string(kb) == s.dedKey {
		// The public round has not changed (a figure's move): no record
		// built, no key kept.
		s.dedStale = false
		return s.ded
	}
	key := string(kb)
	hr := s.publicRound(int(s.c.Round))
	prev := s.ded
	s.ded, s.dedKey, s.dedStale = nil, "", false
	if !hasHidden(&hr) {
		d, ok := followRound(prev, &hr)
		if !ok {
			return nil // nothing fits, which a real game never produces
		}
		s.ded, s.dedKey = d, key
		return d
	}
	bs, err := solveCached(&hr, v.Alley.Left, v.Boat.Left)
	if err != nil || len(bs) == 0 {
		return nil
	}
	s.ded, s.dedKey = merge(bs), key
	return s.ded
}

// hasHidden reports whether r holds a face-down card.
func hasHidden(r *hunt.Round) bool {
	for _, m := range r.Moves {
		if m.Kind == hunt.Hidden {
			return true
		}
	}
	return false
}

// followRound deduces round r, which holds no face-down card: from prev's
// tracker, extended by the moves and observations since, when r extends
// the round prev was deduced from (the same round, later: a move of Jack's
// or a search since), else from the start of the round. ok is false when
// nothing fits.
func followRound(prev *deduction, r *hunt.Round) (d *deduction, ok bool) {
	var tr *hunt.Tracker
	moves, obs := 0, 0
	if prev != nil && prev.tr != nil && extends(r, &prev.round) {
		tr = prev.tr.Clone()
		moves, obs = len(prev.round.Moves), len(prev.round.Obs)
	} else {
		tr = hunt.NewTracker(tbl().b, r.Start)
	}
	for _, m := range r.Moves[moves:] {
		if tr.AddMove(m) != nil {
			return nil, false
		}
	}
	for _, o := range r.Obs[obs:] {
		if tr.AddObs(o) != nil {
			return nil, false
		}
	}
	sol, err := tr.Solution()
	if err != nil {
		return nil, false
	}
	d = merge([]branch{{sol: sol}})
	d.tr, d.round = tr, *r
	return d, true
}

// extends reports whether round r is round old with moves or observations
// added after its own.
func extends(r, old *hunt.Round) bool {
	if r.Start != old.Start || len(r.Moves) < len(old.Moves) || len(r.Obs) < len(old.Obs) {
		return false
	}
	for i, m := range old.Moves {
		if r.Moves[i] != m {
			return false
		}
	}
	for i, o := range old.Obs {
		if r.Obs[i] != o {
			return false
		}
	}
	return true
}

// cards returns Jack's cards as a viewer sees them: exactly, or, with
// public, without the types of this round's face-down cards.
func (s *State) cards(public bool) CardsView {
	c := &s.c
	var hidden [3]int
	r := int(c.Round)
	for _, jm := range c.Moves[r][:c.NMoves[r]] {
		if public && s.faceDown(r, jm.Kind) {
			hidden[jm.Kind-jkCoach]++
		}
	}
	cv := func(k Card) CardView {
		out := int(c.Out[k]) - hidden[k]
		return CardView{Left: 2 - out, Out: out}
	}
	return CardsView{Coach: cv(CardCoach), Alley: cv(CardAlley), Boat: cv(CardBoat),
		Hidden: hidden[0] + hidden[1] + hidden[2]}
}

// The solutions of recent rounds, shared by views and Determinize: a search
// bot determinizes the same view many times. Solutions are immutable.
// Two generations: when the young one is full it becomes the old one, so a
// busy server keeps its recent rounds instead of losing them all at once.
var (
	solveMu    sync.Mutex
	solveCache = map[string][]branch{}
	solveOld   = map[string][]branch{}
)

// maxCached bounds each generation of the cache.
const maxCached = 256

// solveCached is solveRound with a cache keyed by the round's content.
func solveCached(r *hunt.Round, alleyLeft, boatLeft int) ([]branch, error) {
	key := roundKey(r, alleyLeft, boatLeft)
	solveMu.Lock()
	bs, ok := solveCache[key]
	if !ok {
		bs, ok = solveOld[key]
	}
	solveMu.Unlock()
	if ok {
		return bs, nil
	}
	bs, err := solveRound(r, alleyLeft, boatLeft)
	if err != nil {
		return nil, err
	}
	solveMu.Lock()
	if len(solveCache) >= maxCached {
		solveOld, solveCache = solveCache, make(map[string][]branch, maxCached)
	}
	solveCache[key] = bs
	solveMu.Unlock()
	return bs, nil
}

// roundKey encodes everything solveRound reads.
func roundKey(r *hunt.Round, alleyLeft, boatLeft int) string {
	b := make([]byte, 0, 16+len(r.Moves)*34+len(r.Obs)*4)
	b = strconv.AppendInt(b, int64(r.Start), 10)
	b = append(b, byte(alleyLeft), byte(boatLeft))
	for _, m := range r.Moves {
		b = appendMoveKey(b, m)
	}
	for _, o := range r.Obs {
		b = appendObsKey(b, o)
	}
	return string(b)
}

func appendMoveKey(b []byte, m hunt.Move) []byte {
	b = append(b, 'm', byte(m.Kind))
	for _, w := range m.Occupied {
		b = strconv.AppendUint(b, w, 36)
		b = append(b, '.')
	}
	return b
}

func appendObsKey(b []byte, o hunt.Obs) []byte {
	return append(b, 'o', byte(o.Time), byte(o.Circle), byte(o.Kind))
}

// appendPublicRoundKey appends roundKey of publicRound(r) to dst, without
// building the round (TestPublicRoundKeyAsRoundKey).
func (s *State) appendPublicRoundKey(dst []byte, r, alleyLeft, boatLeft int) []byte {
	c := &s.c
	b := strconv.AppendInt(dst, int64(c.Trail[r][0]), 10)
	b = append(b, byte(alleyLeft), byte(boatLeft))
	for _, jm := range c.Moves[r][:c.NMoves[r]] {
		b = appendMoveKey(b, s.publicMove(r, jm))
	}
	for _, o := range c.Obs[r][:c.NObs[r]] {
		b = appendObsKey(b, publicObs(o))
	}
	return b
}
