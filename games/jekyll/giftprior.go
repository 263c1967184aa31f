package jekyll

// The gift prior. At night the City deck holds the gifts of both seats, and
// a seat knows only its own; Determinize deals the partner's hand and its
// gifts uniformly among the unseen cards. But the partner gave its cards by
// the bots' heuristic (giftScore: its 8s, then high cards of its short
// colours; it keeps potions and cards of 1-3), so a world in which the
// partner's gifts are what the heuristic would have given from the twelve
// cards it held is more likely than one in which it gave a potion and kept
// a high card. giftWeight is that likelihood, up to a constant: q raised to
// the number of pairs (a card given, a card kept) where the kept card ranks
// above the given one by more than the heuristic's variety. The partner's
// twelve cards in a world are its hand, the cards it played this round and
// the round's City cards that the bot did not give.

const giftQ = 0.3

// giftWeight is the gift prior's weight of world st for seat me, whose own
// gifts of the round are mine. It is 1 where the world cannot say (outside
// the night, or after a black reaction moved cards between the hands and
// the City deck).
func giftWeight(st *State, me int, mine uint32) float64 {
	if st.phase != phaseNight {
		return 1
	}
	p := 1 - me
	var deck, played uint32
	for i := range 8 {
		if st.r.Deck[i] < NumCards {
			deck |= bit(st.r.Deck[i])
		}
	}
	for i := 0; i < int(st.r.N); i++ {
		t := &st.r.Tricks[i]
		for k := 1; k < 3; k++ {
			if int(t.seatAt(k)) == p {
				played |= bit(t.Cards[k])
			}
		}
	}
	for k := 1; k < int(st.r.Pos); k++ {
		if int(st.r.Cur.seatAt(k)) == p {
			played |= bit(st.r.Cur.Cards[k])
		}
	}
	given := deck &^ mine
	held := st.r.Hand[p] | played | given
	if count(given) != 4 || count(held) != 12 || mine&^deck != 0 {
		return 1
	}
	viol := 0
	for g := given; g != 0; g &= g - 1 {
		sg := giftScore(held, Card(trailing(g)))
		for k := held &^ given; k != 0; k &= k - 1 {
			if giftScore(held, Card(trailing(k))) > sg+giftVariety {
				viol++
			}
		}
	}
	w := 1.0
	for range viol {
		w *= giftQ
	}
	return w
}
