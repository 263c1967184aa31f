package jekyll

import "math/bits"

// city is the owner code of a trick won by the City (seats are 0 and 1).
const city = 2

// Pending reaction choices.
const (
	pendNone  = 0
	pendBlue  = 1 // choose two colours whose ranks swap
	pendBlack = 2 // choose a card of the hand to swap with the City's top card
)

// trick is one trick: the City's card first, then the first and the second
// player's cards.
type trick struct {
	Cards [3]Card
	First uint8 // seat that played Cards[1]
	Owner uint8 // 0, 1 or city, once resolved
	Taken bool  // moved from the City to a player by a red reaction
}

// seatAt returns who played position p (0 City, 1 and 2 the players).
func (t *trick) seatAt(p int) uint8 {
	switch p {
	case 0:
		return city
	case 1:
		return t.First
	}
	return 1 - t.First
}

// round is the night of one round as a flat value: the part of the state the
// exact solver searches. Its methods are the rules J3-J6; they never allocate.
type round struct {
	Hand      [2]uint32
	Deck      [8]Card // the City deck in order; Deck[Top:] is still face down
	Top       uint8
	First     uint8 // seat on the turn-order token
	N         uint8 // completed tricks
	Pos       uint8 // cards on the table in the current trick
	Cur       trick
	Used      uint8 // positions of the current trick already in a reaction
	Strength  [3]int8
	Ranked    uint8
	Tricks    [8]trick
	Pend      uint8
	PendSeat  uint8
	Reactions bool
	Mirror    bool
	HydeLeads bool
	// Running totals of the tricks (kept by resolve and red reactions):
	T       [2]uint8 // tricks each player holds
	Won     uint32   // cards in the players' tricks
	CityWon uint32   // cards in the City's tricks
	Stack   uint64   // for each City trick, oldest first, 4 bits: its 8s and 1-3 cards << 2
	NStack  uint8
}

// playResult tells the engine what a play caused, for its events.
type playResult struct {
	Ranked  int8 // colour that got its rank token, or -1
	React   int8 // colour of the reaction triggered, or -1
	Took    int8 // index of the City trick taken by a red reaction, or -1
	SwapA   int8 // colours swapped automatically by a blue reaction, or -1
	SwapB   int8 //
	Nothing bool // a reaction that had nothing to act on
}

func (r *round) resetRanks() {
	r.Strength = [3]int8{-1, -1, -1}
	r.Ranked = 0
}

// rank gives colour col its rank token if it has none; it returns the colour
// ranked or -1.
func (r *round) rank(c Card) int8 {
	col := c.Colour()
	if col < 0 || r.Strength[col] >= 0 {
		return -1
	}
	s := int8(r.Ranked)
	if r.Mirror {
		s = 2 - s
	}
	r.Strength[col] = s
	r.Ranked++
	return int8(col)
}

// toAct returns the seat that must act now during the night.
func (r *round) toAct() uint8 {
	if r.Pend != pendNone {
		return r.PendSeat
	}
	if r.Pos == 1 {
		return r.First
	}
	return 1 - r.First
}

// legalPlays is the set of cards seat s may play now (J4).
func (r *round) legalPlays(s uint8) uint32 {
	h := r.Hand[s]
	led := r.Cur.Cards[0]
	if led.IsPotion() {
		return h
	}
	if f := h & colourSet[led.Colour()]; f != 0 {
		return f | h&potionSet
	}
	return h
}

// reveal turns the City's top card over to start a trick.
func (r *round) reveal() (Card, int8) {
	c := r.Deck[r.Top]
	r.Top++
	r.Cur = trick{Cards: [3]Card{c, NoCard, NoCard}, First: r.First}
	r.Pos = 1
	r.Used = 0
	return c, r.rank(c)
}

// play puts card c of seat s on the table and applies a reaction it makes.
func (r *round) play(s uint8, c Card) playResult {
	res := playResult{Ranked: -1, React: -1, Took: -1, SwapA: -1, SwapB: -1}
	r.Hand[s] &^= bit(c)
	p := r.Pos
	r.Cur.Cards[p] = c
	r.Pos++
	res.Ranked = r.rank(c)
	if !r.Reactions {
		return res
	}
	prev := r.Cur.Cards[p-1]
	if r.Used&(1<<(p-1)) != 0 || prev.IsPotion() == c.IsPotion() {
		return res
	}
	r.Used |= 1<<(p-1) | 1<<p
	col := c.Colour()
	if col < 0 {
		col = prev.Colour()
	}
	res.React = int8(col)
	switch col {
	case Red:
		res.Took = int8(r.takeCityTrick(s))
		res.Nothing = res.Took < 0
	case Blue:
		switch r.Ranked {
		case 3:
			r.Pend, r.PendSeat = pendBlue, s
		case 2:
			a, b := -1, -1
			for i := range 3 {
				if r.Strength[i] >= 0 {
					if a < 0 {
						a = i
					} else {
						b = i
					}
				}
			}
			r.Strength[a], r.Strength[b] = r.Strength[b], r.Strength[a]
			res.SwapA, res.SwapB = int8(a), int8(b)
		default:
			res.Nothing = true
		}
	case Black:
		if r.Top < 8 && r.Hand[s] != 0 {
			r.Pend, r.PendSeat = pendBlack, s
		} else {
			res.Nothing = true
		}
	}
	return res
}

// takeCityTrick moves the trick the City won last (among those it still holds)
// to seat s; it returns its index or -1.
func (r *round) takeCityTrick(s uint8) int {
	for i := int(r.N) - 1; i >= 0; i-- {
		if t := &r.Tricks[i]; t.Owner == city {
			t.Owner = s
			t.Taken = true
			m := t.mask()
			r.T[s]++
			r.Won |= m
			r.CityWon &^= m
			r.NStack--
			r.Stack &^= 0xF << (4 * r.NStack)
			return i
		}
	}
	return -1
}

// swapRanks applies a blue reaction's choice.
func (r *round) swapRanks(a, b int) {
	r.Strength[a], r.Strength[b] = r.Strength[b], r.Strength[a]
	r.Pend = pendNone
}

// swapCard applies a black reaction's choice: card z of the pending seat goes
// on top of the City deck and the top card comes into that hand. It returns
// the card taken.
func (r *round) swapCard(z Card) Card {
	s := r.PendSeat
	t := r.Deck[r.Top]
	r.Hand[s] = r.Hand[s]&^bit(z) | bit(t)
	r.Deck[r.Top] = z
	r.Pend = pendNone
	return t
}

// trickDone reports whether the current trick is complete and nothing is
// pending.
func (r *round) trickDone() bool { return r.Pos == 3 && r.Pend == pendNone }

// winner returns the position (0..2) that wins the current trick (J5).
func (r *round) winner() int {
	best, bs, bv := 0, int8(-1), -1
	for p := range 3 {
		c := r.Cur.Cards[p]
		col := c.Colour()
		if col < 0 {
			continue
		}
		s := r.Strength[col]
		if s > bs || s == bs && c.Value() > bv {
			best, bs, bv = p, s, c.Value()
		}
	}
	return best // all potions: position 0, the City
}

// resolve closes the current trick and returns its owner.
func (r *round) resolve() uint8 {
	o := r.Cur.seatAt(r.winner())
	r.Cur.Owner = o
	r.Tricks[r.N] = r.Cur
	m := r.Cur.mask()
	if o == city {
		r.CityWon |= m
		r.Stack |= uint64(bits.OnesCount32(m&eightSet)|bits.OnesCount32(m&lowSet)<<2) << (4 * r.NStack)
		r.NStack++
	} else {
		r.T[o]++
		r.Won |= m
	}
	r.N++
	r.Pos = 0
	if o != city && !r.HydeLeads {
		r.First = o
	}
	return o
}

// stats sums the players' side of the round: tricks per seat, the 8s and the
// cards of value 1-3 among their won cards.
func (r *round) stats() (t [2]uint8, won uint32) { return r.T, r.Won }

// mask is the set of the trick's cards.
func (t *trick) mask() uint32 { return bit(t.Cards[0]) | bit(t.Cards[1]) | bit(t.Cards[2]) }

// wonCounts counts the 8s and the cards of value 1-3 among won cards.
func wonCounts(won uint32) (n8, nLow int) {
	return bits.OnesCount32(won & eightSet), bits.OnesCount32(won & lowSet)
}

// recount rebuilds the running totals from the tricks (after a round is
// built from a view).
func (r *round) recount() {
	r.T, r.Won, r.CityWon, r.Stack, r.NStack = [2]uint8{}, 0, 0, 0, 0
	for i := 0; i < int(r.N); i++ {
		t := &r.Tricks[i]
		m := t.mask()
		if t.Owner == city {
			r.CityWon |= m
			r.Stack |= uint64(bits.OnesCount32(m&eightSet)|bits.OnesCount32(m&lowSet)<<2) << (4 * r.NStack)
			r.NStack++
		} else {
			r.T[t.Owner]++
			r.Won |= m
		}
	}
}
