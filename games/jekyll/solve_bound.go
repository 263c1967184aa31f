package jekyll

import "math/bits"

// bound is an upper bound on the value of the rest of the round from a trick
// start. It tries every number P of the tricks left that the players may win
// by play (at least the tricks they cannot help winning, at most the tricks
// whose City card some player can beat), every number U of red reactions
// (each takes back either one of the tricks the City will still win, K of
// them, or one it holds now, the newest first, whose 8s and cards of 1-3 are
// known): the tricks of the player with fewer tricks are then bounded, so are
// the 8s the players can still take (a player's own 8s only in the P+U
// tricks that end with the players), and the cards of value 1-3 they must
// take: each of the 8-P-K tricks the City keeps swallows at most one such
// card of each player and one of the City's, the others land in the players'
// tricks. TestBoundIsAnUpperBound checks it against the exact value.
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
	w0, w1, w, city8, baseW, beat, forced := s.winnable(r, sm, swaps)
	n8, nLow := wonCounts(sm.won)
	if !s.cfg.Yard {
		nLow = 0
	}
	e0, e1 := count(r.Hand[0]&eightSet), count(r.Hand[1]&eightSet)
	// Without reactions the cards of the City's tricks stay where play puts
	// them: each player has one card in each trick the players win, so at
	// most p of a player's 8s count; and the City's card of each trick is
	// known, so the p tricks won take the beatable City cards, the 8s first
	// and the cards of 1-3 last.
	nB, lB := count(beat), count(beat&lowSet)
	// The City's 8s still to come (the players' own are counted apart).
	cityCards := bit(r.Cur.Cards[0])
	for i := int(r.Top); i < 8; i++ {
		cityCards |= bit(r.Deck[i])
	}
	deck8 := count(cityCards & eightSet)
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
	for p := min(forced, w); p <= w; p++ {
		c := left - p
		// Reactions left once black ones have made the tricks won beyond
		// what plain play allows.
		rest := react
		if p > baseW {
			rest-- // at least one black reaction was spent
		}
		rd := min(reds, rest, sm.nStack+c) // each takes a trick the City holds or will win
		// Red reactions are the players' choice (they may avoid the
		// pairs), and with Scotland Yard on the track a trick taken back
		// brings its cards of 1-3: try every number u of them, each
		// taking either one of the c tricks the City will still win
		// (k of them: that trick's cards no longer swallow the players'
		// cards of 1-3) or one the City holds now, from the newest.
		uLo := rd
		if s.cfg.Yard {
			uLo = 0
		}
		for u := uLo; u <= rd; u++ {
			maxMin := min((sm.t[0]+sm.t[1]+p+u)/2, sm.t[0]+min(w0, p)+u, sm.t[1]+min(w1, p)+u)
			// The players' own 8s: without black reactions a player's
			// cards leave the hand only by play, one into each trick, so
			// its 8s count only in the p tricks won by play and the u
			// taken back by red reactions.
			h8 := e0 + e1
			if swaps == 0 {
				h8 = min(e0, p+u) + min(e1, p+u)
			}
			for k := max(0, u-sm.nStack); k <= min(u, c); k++ {
				// The u-k tricks taken from those the City holds now are
				// its newest ones: their 8s and cards of 1-3 are known.
				st8, stLow := 0, 0
				for j := 0; j < u-k; j++ {
					e := int(sm.stack >> (4 * (sm.nStack - 1 - j)))
					st8 += e & 3
					stLow += e >> 2 & 3
				}
				// The City's cards to come reach the players in the tricks
				// they win by play (a beatable 8 each), in the k future City
				// tricks taken back, or by black reactions into a hand.
				gain := maxMin + n8 + h8 + min(deck8, min(city8, p)+k+swaps) + st8
				if !s.cfg.Yard {
					best = max(best, s.boundValue(gain, 0, minGain, room))
					continue
				}
				ce := c - k // City tricks that keep what they swallow
				// Black reactions move cards between the City and the
				// hands, so the count by source loses one per swap; but
				// each City trick swallows at most three such cards
				// whatever their source. A swap moves a card between the
				// City and one hand; it lowers the count only by taking a
				// card from a source above ce to one below ce.
				red := 0
				if lc > ce {
					red = min(lc-ce, max(0, ce-l0)+max(0, ce-l1))
				} else if lc < ce {
					red = min(ce-lc, max(0, l0-ce)+max(0, l1-ce))
				}
				red = min(red, lowSwaps)
				cityLow := max(0, lc-ce)
				if swaps == 0 {
					cityLow = max(cityLow, p-(nB-lB))
				}
				low := nLow + stLow + max(0, max(0, l0-ce)+max(0, l1-ce)+cityLow-red, l0+l1+lc-3*ce)
				best = max(best, s.boundValue(gain, low, minGain, room))
			}
		}
	}
	return best
}

// boundValue is the value bound of a round in which the pawn gains at most
// gain (at least minGain) and Scotland Yard's cards of 1-3 count at least
// low (see bound).
func (s *Solver) boundValue(gain, low, minGain, room int) int {
	switch {
	case s.inv:
		return gain - low
	case s.target >= 0:
		switch {
		case minGain > int(s.target) || gain < int(s.target):
			return -winValue
		case s.cfg.Yard:
			return targetBase - low - int(s.cfg.Hounds)
		}
		return targetBase
	case minGain > room && !(s.cfg.Overshoot && s.cfg.Yard):
		return -winValue
	}
	pawnMax := min(gain, room)
	yardMin := 0
	if s.cfg.Yard {
		yardMin = low + int(s.cfg.Hounds)
	}
	switch {
	case s.cfg.Yard && int(s.yard)+yardMin >= int(s.pawn)+pawnMax:
		return -winValue
	case !s.final && s.fut != nil:
		return s.fut.best(room, int(s.pawn-s.yard), min(minGain, pawnMax), pawnMax, yardMin)
	case !s.final:
		return pawnMax - yardMin
	case gain < room || minGain > room && !(s.cfg.Overshoot && s.cfg.Yard):
		return -winValue
	}
	return winValue
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
func (s *Solver) winnable(r *round, sm *summary, swaps int) (w0, w1, w, city8, plain int, beat uint32, forced int) {
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
		// Tricks the players cannot help winning: a player holding no card
		// that loses to the City's card (no potion, no weaker card; in the
		// trick on the table, none it may play now) wins it, whatever the
		// order of play, since hands only shrink.
		p0, p1 := r.Hand[0]&potionSet != 0, r.Hand[1]&potionSet != 0
		for i := 0; i < n; i++ {
			c := cityCards[i]
			if c.IsPotion() {
				if !p0 || !p1 {
					forced++
				}
				continue
			}
			below := uint32(1)<<key(c) - 1
			if i == 0 {
				// Follow now: a player holding the colour plays it.
				col := uint32(0xFF) << (8 * int(r.Strength[c.Colour()]))
				if m0&col != 0 {
					below0 := below & col
					if !p0 && m0&below0 == 0 || !p1 && (m1&col != 0 && m1&below0 == 0 || m1&col == 0 && m1&below == 0) {
						forced++
					}
					continue
				}
				if m1&col != 0 {
					if !p1 && m1&below&col == 0 || !p0 && m0&below == 0 {
						forced++
					}
					continue
				}
			}
			if !p0 && m0&below == 0 || !p1 && m1&below == 0 {
				forced++
			}
		}
		// 8s: any City 8 below some player card.
		for i := 0; i < n; i++ {
			c := cityCards[i]
			if c.IsPotion() || (m0|m1)>>key(c) > 1 {
				beat |= bit(c)
				if eightSet&bit(c) != 0 {
					city8++
				}
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
		var by uint32
		if x.IsPotion() {
			by = allCards &^ potionSet
		} else {
			by = above[x] | stronger[x.Colour()]
		}
		b0, b1 := h0&by != 0, h1&by != 0
		if i > 0 && (b0 || b1) {
			plain++
		}
		if i > 0 && pool&by&^bit(x) != 0 {
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
			beat |= bit(x)
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
