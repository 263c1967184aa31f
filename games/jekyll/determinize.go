package jekyll

import (
	"gaslamp/game"
)

// Hidden places of a card, as bits of a sampler mask.
const (
	locH0 = 1 << iota // Jekyll's hand
	locH1             // Hyde's hand
	locD              // the City deck (the pile of gifts during the day)
	locA              // set aside
)

var locBit = [4]uint8{locH0, locH1, locD, locA}

// sampler deals hidden cards to places so that every card goes to a place its
// mask allows and every place gets exactly its count (a transportation problem
// with four places, checked by Hall's condition on the 16 sets of places).
type sampler struct {
	cards []Card
	mask  [NumCards]uint8
	cap   [4]int
	cnt   [16]int
}

func (s *sampler) feasible() bool {
	for set := 1; set < 16; set++ {
		need, have := 0, 0
		for m := 1; m < 16; m++ {
			if m&^set == 0 {
				need += s.cnt[m]
			}
		}
		for l := range 4 {
			if set&(1<<l) != 0 {
				have += s.cap[l]
			}
		}
		if need > have {
			return false
		}
	}
	return true
}

// run returns the place (0..3) of each card.
func (s *sampler) run(rng *game.Rand) (loc [NumCards]int8, ok bool) {
	total := 0
	for _, c := range s.cards {
		if s.mask[c] == 0 {
			return loc, false
		}
		s.cnt[s.mask[c]]++
	}
	for _, n := range s.cap {
		total += n
	}
	if total != len(s.cards) || !s.feasible() {
		return loc, false
	}
	order := append([]Card(nil), s.cards...)
	rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	for _, c := range order {
		m := s.mask[c]
		s.cnt[m]--
		var opts [4]int
		n := 0
		for l := range 4 {
			if m&locBit[l] != 0 && s.cap[l] > 0 {
				opts[n] = l
				n++
			}
		}
		rng.Shuffle(n, func(i, j int) { opts[i], opts[j] = opts[j], opts[i] })
		placed := false
		for _, l := range opts[:n] {
			s.cap[l]--
			if s.feasible() {
				loc[c] = int8(l)
				placed = true
				break
			}
			s.cap[l]++
		}
		if !placed {
			return loc, false
		}
	}
	return loc, true
}

func errView(why string) error {
	return game.Errorf(game.CodeInternal, "err.internal", "determinize: "+why)
}

func seatIndex(id string) int {
	switch id {
	case "jekyll":
		return 0
	case "hyde":
		return 1
	case "city":
		return city
	}
	return -1
}

func parseCards(list []string) (uint32, error) {
	var m uint32
	for _, n := range list {
		c, ok := ParseCard(n)
		if !ok {
			return 0, errView("bad card " + n)
		}
		m |= bit(c)
	}
	return m, nil
}

// determinize builds a full state consistent with view v: the state's public
// facts and the viewer's own are copied; every card the viewer cannot see is
// dealt at random among the places it may be.
func determinize(v *View, rng *game.Rand) (*State, error) {
	rv := v.Rules
	if rv.Chapter < 1 || rv.Chapter > NumChapters {
		return nil, errView("bad chapter")
	}
	d := &chapters[rv.Chapter]
	cfg := config{Chapter: uint8(rv.Chapter), Potions: d.Potions, Reactions: d.Reactions, Yard: d.Yard,
		Mirror: d.Mirror, Fog: d.Fog, HydeLeads: d.HydeLeads, LastWord: d.LastWord, Hounds: d.Hounds,
		Overshoot: rv.Overshoot, Last: int8(rv.Last), StartJH: int8(rv.StartJH), StartYard: int8(rv.StartYard),
		Campaign: uint8(rv.CampaignS), Score: rv.CampaignScore}
	st := &State{cfg: cfg, rng: rng.Split()}
	me := -1
	if v.Seat == Jekyll || v.Seat == Hyde {
		me = int(v.Seat)
	}
	switch v.Phase {
	case "talk":
		st.phase = phaseTalk
	case "give":
		st.phase = phaseGive
	case "night":
		st.phase = phaseNight
	case "over":
		st.phase = phaseOver
	default:
		return nil, errView("bad phase")
	}
	st.rnd = uint8(v.Round - 1)
	st.pawn, st.yard = int8(v.Pawn), int8(v.Yard)
	st.pin = [2]Card{NoCard, NoCard}
	first := seatIndex(v.First)
	if first < 0 || first > 1 {
		return nil, errView("bad first")
	}
	st.r = round{First: uint8(first), Reactions: cfg.Reactions, Mirror: cfg.Mirror, HydeLeads: cfg.HydeLeads}
	st.r.Cur = trick{Cards: [3]Card{NoCard, NoCard, NoCard}}
	st.r.resetRanks()
	for _, rk := range v.Ranks {
		c := colourIndex(rk.Colour)
		if c < 0 || rk.Token < 1 || rk.Token > 3 {
			return nil, errView("bad rank")
		}
		st.r.Strength[c] = int8(rk.Token - 1)
		st.r.Ranked++
	}
	for _, id := range v.Ready {
		st.ready |= 1 << seatIndex(id)
	}
	var public uint32
	readTrick := func(tv *TrickView) (trick, error) {
		t := trick{Cards: [3]Card{NoCard, NoCard, NoCard}}
		for p, pv := range tv.Cards {
			c, ok := ParseCard(pv.Card)
			if !ok || p > 2 {
				return t, errView("bad trick")
			}
			t.Cards[p] = c
			public |= bit(c)
			if p == 1 {
				t.First = uint8(seatIndex(pv.By))
			}
			if p == 2 {
				t.First = 1 - uint8(seatIndex(pv.By))
			}
		}
		if tv.Owner != "" {
			t.Owner = uint8(seatIndex(tv.Owner))
		}
		t.Taken = tv.Taken
		return t, nil
	}
	for i := range v.Tricks {
		t, err := readTrick(&v.Tricks[i])
		if err != nil || i >= 8 {
			return nil, errView("bad tricks")
		}
		st.r.Tricks[i] = t
		st.r.Deck[i] = t.Cards[0]
	}
	st.r.N = uint8(len(v.Tricks))
	st.r.recount()
	if v.Trick != nil {
		t, err := readTrick(v.Trick)
		if err != nil {
			return nil, err
		}
		if len(v.Trick.Cards) < 2 {
			t.First = uint8(first)
		}
		st.r.Cur = t
		st.r.Pos = uint8(len(v.Trick.Cards))
		for _, p := range v.Trick.Paired {
			st.r.Used |= 1 << p
		}
		st.r.Deck[st.r.N] = t.Cards[0]
	}
	if v.Pending != nil {
		st.r.Pend, st.r.PendSeat = pendBlue, uint8(seatIndex(v.Pending.Seat))
		if v.Pending.Kind == "swap-card" {
			st.r.Pend = pendBlack
		}
	}
	for i, rd := range v.Rounds {
		r := roundResult{Done: true, Tricks: [2]uint8{uint8(rd.Tricks[0]), uint8(rd.Tricks[1])},
			Eights: uint8(rd.Eights), Low: uint8(rd.Low), PawnGain: int8(rd.PawnGain), YardGain: int8(rd.YardGain),
			Pawn: int8(rd.Pawn), Yard: int8(rd.Yard), LastOwner: uint8(seatIndex(rd.LastOwner))}
		for k, n := range resultKeys {
			if n == rd.Result {
				r.Res = result(k)
			}
		}
		st.res[i] = r
	}
	for k, n := range resultKeys {
		if n == v.Result && n != "" {
			st.result = result(k)
		}
	}
	st.stars = uint8(v.Stars)
	for _, f := range v.Feats {
		for i, n := range featNames {
			if n == f {
				st.feats |= 1 << i
			}
		}
	}
	for i := range 2 {
		st.given[i] = uint8(v.Given[i])
		for _, l := range v.Lacks[i] {
			if l == "8" {
				st.lacks[i] |= lack8
			} else if c := colourIndex(l); c >= 0 {
				st.lacks[i] |= 1 << c
			}
		}
	}
	if v.Reveal != nil {
		return st, revealAll(st, v)
	}
	if st.phase == phaseTalk {
		return st, nil
	}
	return st, dealHidden(st, v, me, public, rng)
}

// revealAll copies the complete record of a finished chapter.
func revealAll(st *State, v *View) error {
	var err error
	for i := range 2 {
		if st.r.Hand[i], err = parseCards(v.Reveal.Hands[i]); err != nil {
			return err
		}
		if st.gifts[i], err = parseCards(v.Reveal.Gifts[i]); err != nil {
			return err
		}
	}
	st.aside, err = parseCards(v.Reveal.Aside)
	st.r.Top = st.r.N
	return err
}

// dealHidden deals the cards the viewer cannot see.
func dealHidden(st *State, v *View, me int, public uint32, rng *game.Rand) error {
	var err error
	known := public
	var tHand, tDeck uint32
	if me >= 0 {
		if st.r.Hand[me], err = parseCards(v.Hand); err != nil {
			return err
		}
		if st.gifts[me], err = parseCards(v.Gifts); err != nil {
			return err
		}
		for _, tr := range v.Tracked {
			c, ok := ParseCard(tr.Card)
			if !ok {
				return errView("bad tracked card")
			}
			for _, w := range tr.Where {
				if w == "deck" {
					tDeck |= bit(c)
				} else {
					tHand |= bit(c)
				}
			}
		}
		st.tHand[me], st.tDeck[me] = tHand, tDeck
		if v.TopKnown != "" {
			c, ok := ParseCard(v.TopKnown)
			if !ok {
				return errView("bad top card")
			}
			st.pin[me] = c
		}
		known |= st.r.Hand[me]
	}
	s := &sampler{}
	x := st.cfg.deckCards() &^ known
	s.cards = cardsOf(x)
	for i := range 2 {
		if i != me {
			s.cap[i] = v.HandCount[i]
		}
	}
	if st.phase == phaseGive {
		s.cap[2] = v.Given[0] + v.Given[1]
	} else {
		s.cap[2] = v.DeckCount
	}
	s.cap[3] = v.Aside
	for _, c := range s.cards {
		var m uint8
		switch {
		case me < 0:
			m = locH0 | locH1 | locD | locA
		case (tHand|tDeck)&bit(c) != 0:
			if tDeck&bit(c) != 0 {
				m |= locD
			}
			if tHand&bit(c) != 0 {
				m |= locBit[1-me]
			}
		default:
			m = locBit[1-me] | locD | locA
		}
		for j := range 2 {
			l := st.lacks[j]
			if col := c.Colour(); col >= 0 && l&(1<<col) != 0 || l&lack8 != 0 && eightSet&bit(c) != 0 {
				m &^= locBit[j]
			}
		}
		s.mask[c] = m
	}
	loc, ok := s.run(rng)
	if !ok {
		return errView("no deal fits the view")
	}
	var at [4]uint32
	for _, c := range s.cards {
		at[loc[c]] |= bit(c)
	}
	if st.phase == phaseGive {
		fixEights(st, s, &at, me, rng)
	}
	for i := range 2 {
		if i != me {
			st.r.Hand[i] = at[i]
		}
	}
	st.aside = at[3]
	if st.phase == phaseGive {
		if me >= 0 {
			st.gifts[1-me] = at[2] &^ st.gifts[me]
		} else {
			rest := cardsOf(at[2])
			rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
			for k, c := range rest {
				if k < v.Given[0] {
					st.gifts[0] |= bit(c)
				} else {
					st.gifts[1] |= bit(c)
				}
			}
		}
		for i := range 2 {
			if i != me {
				st.tDeck[i] = st.gifts[i]
			}
		}
	} else {
		st.r.Top = uint8(8 - v.DeckCount)
		deck := at[2]
		pos := int(st.r.Top)
		if p := st.pin[max(me, 0)]; me >= 0 && p != NoCard {
			st.r.Deck[pos] = p
			deck &^= bit(p)
			pos++
		}
		rest := cardsOf(deck)
		rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
		for _, c := range rest {
			st.r.Deck[pos] = c
			pos++
		}
	}
	for i := range 2 {
		st.seen[i] = st.r.Hand[i] | st.gifts[i] | st.tHand[i] | st.tDeck[i]
	}
	return nil
}

// fixEights keeps the day's rule that a seat holds no more 8s than it still
// has cards to give: an excess 8 changes place with a card of the gifts or
// the set-aside cards that could be where the 8 is.
func fixEights(st *State, s *sampler, at *[4]uint32, me int, rng *game.Rand) {
	for j := range 2 {
		if j == me {
			continue
		}
		for count(at[j]&eightSet) > 4-int(st.given[j]) {
			e := Card(trailing(at[j] & eightSet))
			var cands []Card
			for l := 2; l < 4; l++ {
				for m := at[l] &^ eightSet; m != 0; m &= m - 1 {
					c := Card(trailing(m))
					if s.mask[c]&locBit[j] != 0 && s.mask[e]&locBit[l] != 0 {
						cands = append(cands, c)
					}
				}
			}
			if len(cands) == 0 {
				return
			}
			y := cands[rng.IntN(len(cands))]
			l := 2
			if at[3]&bit(y) != 0 {
				l = 3
			}
			at[j] = at[j]&^bit(e) | bit(y)
			at[l] = at[l]&^bit(y) | bit(e)
		}
	}
}
