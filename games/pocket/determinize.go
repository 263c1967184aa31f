package pocket

import (
	"gaslamp/game"
)

// Determinize implements game.Rules. Jack's identity and his drawn alibis
// are hidden from the investigator and spectators: the identity is drawn
// among the suspects still in play (every one of them agrees with every
// witness call so far) and the alibis among the cards neither shown by the
// investigator nor the identity, jointly and uniformly among the choices that
// also agree with the game still going on (Jack never had 6 hourglasses at an
// earlier end of turn) and with the chase of P2 (he had them when it began).
// For Jack only the order of the alibi pile is hidden. The future throws of
// the action tokens come from a generator drawn from rng.
func (Rules) Determinize(gv game.View, rng *game.Rand) (game.State, error) {
	v, ok := gv.(*View)
	if !ok || v == nil {
		return nil, game.Errorf(game.CodeInternal, "pocket.err.bad-view", "not a pocket view")
	}
	s, err := publicState(v)
	if err != nil {
		return nil, err
	}
	if v.Jack != nil {
		s.jack = *v.Jack
		if len(v.JackAlibis) != int(s.jackN) || s.jack >= NumCharacters {
			return nil, badView("bad secrets")
		}
		for _, c := range v.JackAlibis {
			if c >= NumCharacters {
				return nil, badView("bad secrets")
			}
		}
		copy(s.jackDrawn[:], v.JackAlibis)
	} else if !s.sampleSecrets(rng) {
		return nil, badView("no hidden facts agree with the view")
	}
	// The pile holds every other card, in a random order.
	left := AllCharacters &^ CharSet(1<<s.jack)
	for _, c := range s.invDrawn[:s.invN] {
		left &^= 1 << c
	}
	for _, c := range s.jackDrawn[:s.jackN] {
		left &^= 1 << c
	}
	if left.Len() != int(s.pileN) || !s.b.Suspects().Has(s.jack) && !s.over() {
		return nil, badView("the cards do not add up")
	}
	n := 0
	for _, c := range left.List() {
		s.pile[n] = c
		n++
	}
	for i := n; i < len(s.pile); i++ {
		s.pile[i] = NoCharacter
	}
	rng.Shuffle(n, func(i, j int) { s.pile[i], s.pile[j] = s.pile[j], s.pile[i] })
	s.rng = game.NewRand(rng.Uint64())
	return s, nil
}

func badView(detail string) error {
	return game.Errorf(game.CodeInternal, "pocket.err.bad-view", detail)
}

// publicState rebuilds every public field of a state from a view.
func publicState(v *View) (*State, error) {
	s := &State{b: v.Board(), rotated: v.Rotated, jack: NoCharacter}
	var seen CharSet
	for i, c := range s.b.Tiles {
		if c >= NumCharacters || seen.Has(c) || s.b.Walls[i] > West {
			return nil, badView("bad tiles")
		}
		seen = seen.With(c)
	}
	for _, p := range s.b.Places {
		if p < 1 || p > NumPlaces {
			return nil, badView("bad places")
		}
	}
	if v.Turn < 1 || v.Turn > Turns || v.Rotated != NoCharacter && v.Rotated >= NumCharacters {
		return nil, badView("bad turn")
	}
	s.turn = uint8(v.Turn)
	switch {
	case v.Phase == "over":
		s.step = 4
		for i, k := range reasonKeys {
			if i > 0 && k == v.Outcome.Reason.Key {
				s.reason = uint8(i)
			}
		}
		for i, n := range sideNames {
			if i > 0 && n == v.Outcome.Winner {
				s.winner = uint8(i)
			}
		}
		if s.winner == sideNone || s.reason == rsNone || v.Jack == nil {
			return nil, badView("bad outcome")
		}
	case v.Action >= 1 && v.Action <= 4:
		s.step = uint8(v.Action - 1)
	default:
		return nil, badView("bad action")
	}
	for t, tok := range v.Tokens {
		if tok.Up == tokenFaces[t][1] {
			s.face |= 1 << t
		} else if tok.Up != tokenFaces[t][0] {
			return nil, badView("bad token")
		}
		if tok.Used {
			s.used |= 1 << t
		}
	}
	for i, h := range v.TimeTokens {
		switch h {
		case "jack":
			s.timeTok[i] = sideJack
			s.jackTokens++
		case "investigator":
			s.timeTok[i] = sideInvestigator
		case "":
		default:
			return nil, badView("bad time token")
		}
	}
	if len(v.InvestigatorAlibis) > len(s.invDrawn) || len(v.JackAlibiTurns) > len(s.jackTurn) ||
		v.AlibiPile < 0 || v.AlibiPile > len(s.pile) {
		return nil, badView("bad alibis")
	}
	for _, c := range v.InvestigatorAlibis {
		if c >= NumCharacters {
			return nil, badView("bad alibis")
		}
		s.invDrawn[s.invN] = c
		s.invN++
	}
	for _, t := range v.JackAlibiTurns {
		if t < 1 || t > Turns {
			return nil, badView("bad alibi turn")
		}
		s.jackTurn[s.jackN] = uint8(t)
		s.jackN++
	}
	s.pileN = uint8(v.AlibiPile)
	if v.ChaseTurn < 0 || v.ChaseTurn > Turns {
		return nil, badView("bad chase")
	}
	s.chaseTurn = uint8(v.ChaseTurn)
	if c := v.LastCall; c != nil {
		if c.Turn < 1 || c.Turn > Turns {
			return nil, badView("bad call")
		}
		s.lastTurn, s.lastSeen, s.lastCleared = uint8(c.Turn), c.JackVisible, c.Cleared
	}
	return s, nil
}

// sampleSecrets draws Jack's identity and alibi cards for a view that hides
// them, uniformly among the choices that agree with it. It reports false when
// there is none.
func (s *State) sampleSecrets(rng *game.Rand) bool {
	suspects := s.b.Suspects()
	var shown CharSet
	for _, c := range s.invDrawn[:s.invN] {
		shown = shown.With(c)
	}
	k := int(s.jackN)
	var cands [NumCharacters]Character
	nc := 0
	for _, c := range suspects.List() {
		cands[nc] = c
		nc++
	}
	if nc == 0 {
		return false
	}
	// Rejection first: the constraints rarely bind.
	for try := 0; try < 64; try++ {
		jack := cands[rng.IntN(nc)]
		var pool [NumCharacters]Character
		np := 0
		for c := Character(0); c < NumCharacters; c++ {
			if c != jack && !shown.Has(c) {
				pool[np] = c
				np++
			}
		}
		if np < k {
			return false
		}
		for i := 0; i < k; i++ { // partial Fisher-Yates: pool[:k] is a uniform sequence
			j := i + rng.IntN(np-i)
			pool[i], pool[j] = pool[j], pool[i]
		}
		if s.agrees(pool[:k]) {
			s.jack = jack
			copy(s.jackDrawn[:], pool[:k])
			return true
		}
	}
	// Then every choice, one kept uniformly (reservoir sampling).
	found := 0
	var seq [8]Character
	var rec func(jack Character, used CharSet, i int)
	rec = func(jack Character, used CharSet, i int) {
		if i == k {
			if s.agrees(seq[:k]) {
				found++
				if rng.IntN(found) == 0 {
					s.jack = jack
					copy(s.jackDrawn[:], seq[:k])
				}
			}
			return
		}
		for c := Character(0); c < NumCharacters; c++ {
			if !used.Has(c) {
				seq[i] = c
				rec(jack, used.With(c), i+1)
			}
		}
	}
	for _, jack := range cands[:nc] {
		rec(jack, shown.With(jack), 0)
	}
	return found > 0
}

// agrees reports whether Jack drawing the alibi cards seq (at the public
// turns s.jackTurn) agrees with the game's course: below 6 hourglasses at
// every end of turn before the chase, at least 6 when it began (P2).
func (s *State) agrees(seq []Character) bool {
	done := int(s.turn) - 1 // turns whose witness call is over
	if s.over() {
		done = int(s.turn)
	}
	tokens := 0
	for t := 1; t <= done; t++ {
		if s.timeTok[t-1] == sideJack {
			tokens++
		}
		hg := tokens
		for i, c := range seq {
			if int(s.jackTurn[i]) <= t {
				hg += int(hourglassesOf[c])
			}
		}
		switch {
		case s.chaseTurn != 0 && t > int(s.chaseTurn):
			return true
		case t == int(s.chaseTurn):
			if hg < 6 {
				return false
			}
		case hg >= 6:
			return false
		}
	}
	return true
}
