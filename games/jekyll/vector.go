package jekyll

import "gaslamp/game"

// vecSearch values the end of a final night over a set of sampled worlds
// without letting the deciding seat see into any one of them (vector
// minimax, Frank and Basin 1998). A plain solve of each world lets the bot's
// own later plays depend on the world (the partner's hand, the City's order),
// which it will not know when it plays them (strategy fusion): a move that
// wins in many worlds, each by a different later guess, then looks better
// than it is. Here the deciding seat plays one move for all the worlds it
// cannot tell apart (the same hand and the same City cards seen), chosen by
// the sum of their values, while the partner plays the best move of each
// world, as in the plain solve.
type vecSearch struct {
	s     *Solver // scores finished nights (set up for the state searched)
	me    uint8
	Nodes int
	bufs  [][]round
	vals  [][]int
}

// vecKey is what the deciding seat sees that may differ between worlds of
// one line of play: its own hand and the City's cards turned over.
type vecKey struct {
	hand uint32
	top  uint8
	deck [8]Card
}

func (v *vecSearch) key(r *round) vecKey {
	k := vecKey{hand: r.Hand[v.me], top: r.Top}
	copy(k.deck[:r.Top], r.Deck[:r.Top])
	return k
}

// step moves r on past a finished trick; it reports a finished night and
// its value.
func (v *vecSearch) step(r *round) (int, bool) {
	if !r.trickDone() {
		return 0, false
	}
	r.resolve()
	if r.N == 8 {
		return v.s.terminal(r), true
	}
	r.reveal()
	return 0, false
}

// take borrows scratch slices for depth d.
func (v *vecSearch) take(d, n int) ([]round, []int) {
	for len(v.bufs) <= d {
		v.bufs = append(v.bufs, nil)
		v.vals = append(v.vals, nil)
	}
	if cap(v.bufs[d]) < n {
		v.bufs[d] = make([]round, n)
		v.vals[d] = make([]int, n)
	}
	return v.bufs[d][:n], v.vals[d][:n]
}

// moves lists the moves seat s may make in r.
func moves(r *round, s uint8, buf []game.Move) []game.Move {
	switch r.Pend {
	case pendBlue:
		return append(buf, SwapRanksMove(0, 1), SwapRanksMove(0, 2), SwapRanksMove(1, 2))
	case pendBlack:
		for m := r.Hand[s]; m != 0; m &= m - 1 {
			buf = append(buf, SwapCardMove(Card(trailing(m))))
		}
		return buf
	}
	for m := r.legalPlays(s); m != 0; m &= m - 1 {
		buf = append(buf, PlayMove(Card(trailing(m))))
	}
	return buf
}

func legalIn(r *round, s uint8, m game.Move) bool {
	if r.toAct() != s {
		return false
	}
	switch moveKind(m) {
	case kindPlay:
		return r.Pend == pendNone && r.legalPlays(s)&bit(moveCard(m)) != 0
	case kindSwapRanks:
		return r.Pend == pendBlue
	case kindSwapCard:
		return r.Pend == pendBlack && r.Hand[s]&bit(moveCard(m)) != 0
	}
	return false
}

// child fills dst with the worlds of rs in which m is legal, m played; idx
// gets their indexes in rs; done/val mark those whose night it finished.
func (v *vecSearch) child(rs []round, m game.Move, s uint8, d int) (kids []round, idx []int) {
	kids, _ = v.take(d, len(rs))
	kids = kids[:0]
	idx = make([]int, 0, len(rs))
	for i := range rs {
		if !legalIn(&rs[i], s, m) {
			continue
		}
		kids = append(kids, rs[i])
		applyNight(&kids[len(kids)-1], m)
		idx = append(idx, i)
	}
	return kids, idx
}

// eval writes into out the value of each world of rs (all at a decision of
// the night, the same seat to act) under the vector policy.
func (v *vecSearch) eval(rs []round, out []int, d int) {
	v.Nodes++
	s := rs[0].toAct()
	for i := range rs {
		if rs[i].toAct() != s {
			// Who acts depends on who won the last trick, which differs
			// between worlds (the City's cards do): each side on its own.
			v.split(rs, out, d)
			return
		}
	}
	var arr [16]game.Move
	if s != v.me {
		// The partner: the best move of each world.
		for i := range out {
			out[i] = -1 << 20
		}
		var union []game.Move
		seen := map[game.Move]bool{}
		for i := range rs {
			for _, m := range moves(&rs[i], s, arr[:0]) {
				if !seen[m] {
					seen[m] = true
					union = append(union, m)
				}
			}
		}
		sum := make([]int, len(rs))
		cnt := make([]int, len(rs))
		for _, m := range union {
			kids, idx := v.child(rs, m, s, d)
			vals := v.sub(kids, d)
			for j, i := range idx {
				out[i] = max(out[i], vals[j])
				sum[i] += vals[j]
				cnt[i]++
			}
		}
		if vecMix > 0 {
			for i := range out {
				out[i] = int((1-vecMix)*float64(out[i]) + vecMix*float64(sum[i])/float64(cnt[i]))
			}
		}
		return
	}
	// The deciding seat: one move for each group of worlds it cannot tell
	// apart.
	group := make([]int, len(rs))
	for i := range group {
		group[i] = -1
	}
	for g := range rs {
		if group[g] >= 0 {
			continue
		}
		kg := v.key(&rs[g])
		var members []int
		for i := g; i < len(rs); i++ {
			if group[i] < 0 && v.key(&rs[i]) == kg {
				group[i] = g
				members = append(members, i)
			}
		}
		sub := make([]round, len(members))
		for j, i := range members {
			sub[j] = rs[i]
		}
		best, bestSum := []int(nil), -1<<30
		for _, m := range moves(&sub[0], s, arr[:0]) {
			kids, idx := v.child(sub, m, s, d)
			vals := v.sub(kids, d)
			sum := 0
			for _, x := range vals {
				sum += x
			}
			if sum > bestSum && len(idx) == len(sub) {
				bestSum = sum
				best = append(best[:0], vals...)
			}
		}
		for j, i := range members {
			out[i] = best[j]
		}
	}
}

// sub values worlds just moved on (kids): finished nights by their score,
// the rest by eval one level down. The slice returned is fresh.
func (v *vecSearch) sub(kids []round, d int) []int {
	vals := make([]int, len(kids))
	var live []round
	var where []int
	for i := range kids {
		r := kids[i]
		if x, done := v.step(&r); done {
			vals[i] = x
			continue
		}
		live = append(live, r)
		where = append(where, i)
	}
	if len(live) > 0 {
		lv := make([]int, len(live))
		v.eval(live, lv, d+1)
		for j, i := range where {
			vals[i] = lv[j]
		}
	}
	return vals
}

// rootSums adds to sums[i] the summed value of legal[i] over the worlds rs,
// all at the deciding seat's move with the same hand.
func (v *vecSearch) rootSums(rs []round, legal []game.Move, sums []float64) {
	for i, m := range legal {
		kids, _ := v.child(rs, m, v.me, 0)
		for _, x := range v.sub(kids, 0) {
			sums[i] += float64(x)
		}
	}
}

// split evaluates the worlds of rs by the seat to act, each set on its own.
func (v *vecSearch) split(rs []round, out []int, d int) {
	for _, who := range [2]uint8{0, 1} {
		var part []round
		var where []int
		for i := range rs {
			if rs[i].toAct() == who {
				part = append(part, rs[i])
				where = append(where, i)
			}
		}
		if len(part) == 0 {
			continue
		}
		pv := make([]int, len(part))
		v.eval(part, pv, d)
		for j, i := range where {
			out[i] = pv[j]
		}
	}
}
