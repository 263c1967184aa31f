package jekyll

import "math/bits"

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
	w0, w1, w, city8, baseW, beat := s.winnable(r, sm, swaps)
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
		h8 := e0 + e1
		if react == 0 {
			h8 = min(e0, p) + min(e1, p)
		}
		gain := maxMin + n8 + h8 + min(deck8+held8, min(city8, p)+min(swaps+rd, react)+extra8)
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
			cityLow := max(0, lc-c)
			if swaps == 0 {
				cityLow = max(cityLow, p-(nB-lB))
			}
			low = nLow + max(0, max(0, l0-c)+max(0, l1-c)+cityLow-red, l0+l1+lc-3*c)
		}
		var v int
		switch {
		case s.inv:
			v = gain - low
		case s.target >= 0:
			switch {
			case minGain > int(s.target) || gain < int(s.target):
				v = -winValue
			case s.cfg.Yard:
				v = targetBase - low - int(s.cfg.Hounds)
			default:
				v = targetBase
			}
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
			case !s.final && s.fut != nil:
				v = s.fut.best(room, int(s.pawn-s.yard), min(minGain, pawnMax), pawnMax, yardMin)
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
func (s *Solver) winnable(r *round, sm *summary, swaps int) (w0, w1, w, city8, plain int, beat uint32) {
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
