package pocket

import (
	"slices"

	"gaslamp/game"
)

// MaxLegal bounds the number of legal moves in any position (27 rotations,
// 36 exchanges, 4 Joker moves, an alibi and 6 detective moves).
const MaxLegal = 74

// rotateMoves[c][w] are the three rotations of the tile in cell c whose wall
// is on side w; exchangeMoves are the 36 exchanges.
var rotateMoves, exchangeMoves = func() (r [9][4][3]game.Move, e [36]game.Move) {
	n := 0
	for c := range 9 {
		for w := North; w <= West; w++ {
			k := 0
			for to := North; to <= West; to++ {
				if to != w {
					r[c][w][k] = RotateMove(c, to)
					k++
				}
			}
		}
		for b := c + 1; b < 9; b++ {
			e[n] = ExchangeMove(c, b)
			n++
		}
	}
	return r, e
}()

// available returns the kinds (bit k) shown by the unused tokens.
func (s *State) available() uint16 {
	var m uint16
	for t := range 4 {
		if s.used&(1<<t) == 0 {
			m |= 1 << s.upFace(t)
		}
	}
	return m
}

// Legal implements game.State. Moves come in a fixed order: rotations,
// exchanges, Joker, alibi, then Holmes, Watson and Toby.
func (s *State) Legal(seat game.Seat, buf []game.Move) []game.Move {
	if s.over() || seat != seatOf(s.actor()) {
		return buf
	}
	buf = slices.Grow(buf, MaxLegal)
	n := s.legal(buf[len(buf) : len(buf)+MaxLegal])
	return buf[:len(buf)+n]
}

// legal writes the legal moves of the seat to act into arr (at least
// MaxLegal long) and returns their number.
func (s *State) legal(arr []game.Move) int {
	_ = arr[MaxLegal-1]
	n := 0
	av := s.available()
	if av&(1<<KindRotate) != 0 {
		for c := range 9 {
			if s.b.Tiles[c] != s.rotated { // P3
				n += copy(arr[n:], rotateMoves[c][s.b.Walls[c]][:])
			}
		}
	}
	if av&(1<<KindExchange) != 0 {
		n += copy(arr[n:], exchangeMoves[:])
	}
	if av&(1<<KindJoker) != 0 {
		for d := Holmes; d <= Toby; d++ {
			arr[n] = JokerMove(d)
			n++
		}
		if s.actor() == sideJack {
			arr[n] = JokerMove(NoDetective)
			n++
		}
	}
	if av&(1<<KindAlibi) != 0 {
		arr[n] = AlibiMove()
		n++
	}
	for k := KindHolmes; k <= KindToby; k++ {
		if av&(1<<k) != 0 {
			arr[n] = pack(k, 1, 0)
			arr[n+1] = pack(k, 2, 0)
			n += 2
		}
	}
	return n
}

// check says why move a is refused now, or returns nil. Token t is the token
// it would use.
func (s *State) check(a Action) (int, *game.Error) {
	t := s.tokenFor(a.Kind)
	if t < 0 {
		return -1, game.Illegal("pocket.err.no-token", "action", a.Kind.Text())
	}
	switch a.Kind {
	case KindRotate:
		if s.b.Tiles[a.Cell] == s.rotated {
			return -1, game.Illegal("pocket.err.rotated-twice", "of", s.rotated.Of())
		}
		if a.Wall == s.b.Walls[a.Cell] {
			return -1, game.Illegal("pocket.err.same-wall")
		}
	case KindJoker:
		if a.Detective == NoDetective && s.actor() != sideJack {
			return -1, game.Illegal("pocket.err.joker-must-move")
		}
	}
	return t, nil
}

// Apply implements game.State.
func (s *State) Apply(seat game.Seat, m game.Move, log *game.Log) error {
	if s.over() {
		return game.ErrGameOver
	}
	if seat != seatOf(s.actor()) {
		return game.ErrNotYourTurn
	}
	a, ok := Parse(m)
	if !ok {
		return game.Errorf(game.CodeMalformed, "pocket.err.bad-move", "not a pocket move")
	}
	t, err := s.check(a)
	if err != nil {
		return err
	}
	s.play(t, a, log)
	return nil
}

// play carries out action a with token t, which check accepted.
func (s *State) play(t int, a Action, log *game.Log) {
	side := s.actor()
	s.used |= 1 << t
	if a.Kind == KindAlibi {
		s.drawAlibi(side, log)
	} else {
		s.b.apply(a)
	}
	if log.On() {
		switch a.Kind {
		case KindRotate:
			s.evRotated(log, side, a)
		case KindExchange:
			s.evExchanged(log, side, a)
		case KindJoker, KindHolmes, KindWatson, KindToby:
			s.evMoved(log, side, a)
		}
	}
	if a.Kind == KindRotate {
		s.rotated = s.b.Tiles[a.Cell]
	}
	s.step++
	if s.step == 4 {
		s.endOfTurn(log)
	}
}

// drawAlibi plays the Alibi face (A7): the investigator shows the top card
// and flips that tile to its empty side; Jack keeps it secretly.
func (s *State) drawAlibi(side uint8, log *game.Log) {
	if s.pileN == 0 { // cannot happen: 8 cards, at most 4 Alibi faces a game
		if log.On() {
			log.Add(game.Event{Type: "pocket.alibi-empty", To: game.Public, Text: game.T("pocket.ev.alibi-empty")})
		}
		return
	}
	s.pileN--
	c := s.pile[s.pileN]
	s.pile[s.pileN] = NoCharacter
	if side == sideInvestigator {
		s.invDrawn[s.invN] = c
		s.invN++
		s.b.Cleared = s.b.Cleared.With(c)
		if log.On() {
			s.evAlibiShown(log, c)
		}
		return
	}
	s.jackDrawn[s.jackN] = c
	s.jackTurn[s.jackN] = s.turn
	s.jackN++
	if log.On() {
		s.evJackAlibi(log, c)
	}
}
