package jekyll

// What each seat knows about hidden cards, kept up to date move by move so
// that a view can say it and Determinize can respect it:
//
//   - lacks (public): a seat that did not follow the City's colour holds none
//     of it; after the gifts no seat holds an 8 (J2). A seat's lacks are
//     forgotten when it takes an unknown card by a black reaction.
//   - tHand, tDeck (private): the cards a seat has held this round that are now
//     hidden (its gifts, a card it swapped away) and where they may be: in the
//     City deck, in the partner's hand, or either.
//   - pin (private): the card a seat put on top of the City deck by a black
//     reaction, until it is revealed or taken.

// notePlay records what seat s's play of c tells: it is public now, and a
// failure to follow shows a missing colour.
func (st *State) notePlay(s int, c Card) {
	for v := range 2 {
		st.tHand[v] &^= bit(c)
		st.tDeck[v] &^= bit(c)
	}
	led := st.r.Cur.Cards[0]
	if !led.IsPotion() && !c.IsPotion() && c.Colour() != led.Colour() {
		st.lacks[s] |= 1 << led.Colour()
	}
}

// noteReveal records the City's revealed card.
func (st *State) noteReveal(c Card) {
	for v := range 2 {
		st.tHand[v] &^= bit(c)
		st.tDeck[v] &^= bit(c)
		if st.pin[v] == c {
			st.pin[v] = NoCard
		}
	}
}

// noteSwap records a black reaction: seat s put z on top of the City deck and
// took t.
func (st *State) noteSwap(s int, z, t Card) {
	st.seen[s] |= bit(t)
	st.tHand[s] &^= bit(t)
	st.tDeck[s] &^= bit(t)
	st.tDeck[s] |= bit(z)
	st.pin[s] = z
	st.lacks[s] = 0
	v := 1 - s
	old := st.tHand[v]
	if st.pin[v] == t {
		st.tHand[v] |= bit(t)
		st.tDeck[v] &^= bit(t)
		st.pin[v] = NoCard
	} else {
		st.tHand[v] |= st.tDeck[v]
	}
	st.tDeck[v] |= old
}
