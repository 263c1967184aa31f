package jekyll

import "math/bits"

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

// sameClass reports whether two cards score alike: 1-3 move Scotland Yard, 8s
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
