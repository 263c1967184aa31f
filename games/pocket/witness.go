package pocket

import (
	"gaslamp/game"
)

// endOfTurn makes the witness call (A8), checks the end of the game (A9, P2)
// and, when the game goes on, starts the next turn (A6).
func (s *State) endOfTurn(log *game.Log) {
	sight := s.b.Sight()
	seen := sight.Seen.Has(s.jack)
	var cleared CharSet
	if seen {
		cleared = s.b.Suspects() &^ sight.Seen
		s.timeTok[s.turn-1] = sideInvestigator
	} else {
		cleared = sight.Seen
		s.timeTok[s.turn-1] = sideJack
		s.jackTokens++
	}
	s.b.Cleared |= cleared
	s.lastTurn, s.lastSeen, s.lastCleared = s.turn, seen, cleared
	if log.On() {
		s.evWitness(log)
	}

	one := s.b.Suspects().Len() == 1
	sixHourglasses := s.Hourglasses() >= 6
	last := s.turn == Turns
	switch {
	case s.chaseTurn != 0: // P2: both goals were met earlier with Jack unseen
		if seen {
			s.end(sideInvestigator, rsCaught, log)
		} else if last {
			s.end(sideJack, rsEscaped, log)
		}
	case sixHourglasses && one: // P2: both goals first met now
		switch {
		case seen:
			s.end(sideInvestigator, rsBothSeen, log)
		case last:
			s.end(sideInvestigator, rsBothLast, log)
		default:
			s.chaseTurn = s.turn
			if log.On() {
				log.Add(game.Event{Type: "pocket.chase", To: game.Public,
					Text: game.T("pocket.ev.chase", "turn", int(s.turn)), Data: map[string]any{"turn": s.turn}})
			}
		}
	case sixHourglasses:
		s.end(sideJack, rsHourglasses, log)
	case one:
		s.end(sideInvestigator, rsIdentified, log)
	case last:
		s.end(sideJack, rsTime, log)
	}
	if s.over() {
		return
	}
	s.turn++
	s.step = 0
	s.used = 0
	s.rotated = NoCharacter
	if s.turn&1 == 1 {
		s.face = uint8(s.rng.Uint64() & 0xF) // odd turn: throw
	} else {
		s.face ^= 0xF // even turn: turn every token over
	}
	if log.On() {
		s.evTokens(log)
	}
}

// end records the winner and the reason.
func (s *State) end(winner, reason uint8, log *game.Log) {
	s.winner, s.reason = winner, reason
	if log.On() {
		log.Add(game.Event{Type: "pocket.over", To: game.Public, Text: s.reasonText(), Data: map[string]any{
			"winner":      sideNames[winner],
			"jack":        s.jack,
			"jackAlibis":  append([]Character(nil), s.jackDrawn[:s.jackN]...),
			"hourglasses": s.Hourglasses(),
		}})
	}
}
