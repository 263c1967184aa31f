package pocket

import (
	"time"

	"gaslamp/game"
)

// The exact endgame search: the value of a position for Jack (his chance to
// win, 0..1) when both sides play their best and every hidden fact of the
// position is known to both, the chance events averaged: the alibi card a
// draw turns up (each card of the pile alike) and the throw of the action
// tokens at the start of an odd turn (each of the 16 faces alike). It is
// expectimax with alpha-beta pruning at the players' nodes and a table of
// the positions met (the same position is reached by playing the tokens in
// another order). The search gives up after a node limit: the bots use it
// only when the actions and suspects left make it cheap.

// solveKey is what a position's value depends on: the board, the turn and
// its tokens, Jack's identity and hourglasses, the cards left in the pile
// (their order is chance) and the chase of P2.
type solveKey struct {
	b          Board
	turn, step uint8
	face, used uint8
	rotated    Character
	jack       Character
	hourglass  uint8 // Jack's total
	tokens     uint8 // time tokens Jack holds (the total alone does not say how many more he needs from the turns left)
	chaseTurn  uint8
	pile       CharSet
}

// Bound kinds of a table entry.
const (
	boundExact uint8 = iota
	boundLower       // the value is at least v
	boundUpper       // the value is at most v
)

type solveEntry struct {
	v     float64
	bound uint8
}

// solver holds one exact search's table and node count. It is reused from
// one decision to the next (the table is cleared) and not safe for
// concurrent use.
type solver struct {
	limit    int       // nodes a search may visit before giving up
	deadline time.Time // when it gives up (zero: never)
	nodes    int
	tt       map[solveKey]solveEntry
	moves    [][MaxLegal]game.Move // the legal moves at each depth
}

func newSolver(limit int) *solver {
	return &solver{limit: limit, tt: make(map[solveKey]solveEntry)}
}

func (sv *solver) reset() {
	sv.nodes = 0
	clear(sv.tt)
}

func keyOf(s *State) solveKey {
	k := solveKey{b: s.b, turn: s.turn, step: s.step, face: s.face, used: s.used, rotated: s.rotated,
		jack: s.jack, hourglass: uint8(s.Hourglasses()), tokens: s.jackTokens, chaseTurn: s.chaseTurn}
	for _, c := range s.pile[:s.pileN] {
		k.pile = k.pile.With(c)
	}
	return k
}

// terminal is Jack's value of a finished game.
func terminal(s *State) float64 {
	if s.winner == sideJack {
		return 1
	}
	return 0
}

// value returns Jack's value of s (a game going on, every secret of it
// set) within the window alpha..beta (a value outside it is only a bound),
// and false when the node limit was reached first.
func (sv *solver) value(s *State, depth int, alpha, beta float64) (float64, bool) {
	sv.nodes++
	if sv.nodes > sv.limit || sv.nodes&1023 == 0 && !sv.deadline.IsZero() && time.Now().After(sv.deadline) {
		return 0, false
	}
	key := keyOf(s)
	if e, ok := sv.tt[key]; ok {
		switch {
		case e.bound == boundExact,
			e.bound == boundLower && e.v >= beta,
			e.bound == boundUpper && e.v <= alpha:
			return e.v, true
		}
	}
	for len(sv.moves) <= depth {
		sv.moves = append(sv.moves, [MaxLegal]game.Move{})
	}
	n := s.legal(sv.moves[depth][:])
	jack := s.actor() == sideJack
	a0, b0 := alpha, beta
	best := 2.0
	if jack {
		best = -1
	}
	for i := 0; i < n; i++ {
		v, ok := sv.child(s, sv.moves[depth][i], depth, alpha, beta)
		if !ok {
			return 0, false
		}
		if jack {
			if v > best {
				best = v
			}
			if best > alpha {
				alpha = best
			}
		} else {
			if v < best {
				best = v
			}
			if best < beta {
				beta = best
			}
		}
		if alpha >= beta {
			break
		}
	}
	e := solveEntry{v: best}
	switch {
	case best <= a0:
		e.bound = boundUpper
	case best >= b0:
		e.bound = boundLower
	}
	sv.tt[key] = e
	return best, true
}

// child returns Jack's value after m is played in s, averaging the cards an
// alibi draw may turn up.
func (sv *solver) child(s *State, m game.Move, depth int, alpha, beta float64) (float64, bool) {
	a, _ := Parse(m)
	t := s.tokenFor(a.Kind)
	if a.Kind == KindAlibi && s.pileN > 1 {
		n := int(s.pileN)
		sum := 0.0
		for i := 0; i < n; i++ {
			c := *s
			c.pile[i], c.pile[n-1] = c.pile[n-1], c.pile[i]
			c.play(t, a, nil)
			v, ok := sv.after(&c, depth, 0, 1)
			if !ok {
				return 0, false
			}
			sum += v
		}
		return sum / float64(n), true
	}
	c := *s
	c.play(t, a, nil)
	return sv.after(&c, depth, alpha, beta)
}

// after returns Jack's value of c, just played: the game's end, the average
// over the throws when an odd turn has just begun, or the search on.
func (sv *solver) after(c *State, depth int, alpha, beta float64) (float64, bool) {
	if c.over() {
		return terminal(c), true
	}
	if c.step == 0 && c.turn&1 == 1 {
		sum := 0.0
		for f := range uint8(16) {
			x := *c
			x.face = f
			v, ok := sv.value(&x, depth+1, 0, 1)
			if !ok {
				return 0, false
			}
			sum += v
		}
		return sum / 16, true
	}
	return sv.value(c, depth+1, alpha, beta)
}

// moveValues returns Jack's value after each of legal in s (each exact), and
// false when the node limit was reached first.
func (sv *solver) moveValues(s *State, legal []game.Move, out []float64) ([]float64, bool) {
	out = out[:0]
	for _, m := range legal {
		v, ok := sv.child(s, m, 0, 0, 1)
		if !ok {
			return out, false
		}
		out = append(out, v)
	}
	return out, true
}

// bestForJack returns the index in legal of a move of the highest value for
// Jack in s (the first in legal's order among equals) and its value, and
// false when the node limit was reached first.
func (sv *solver) bestForJack(s *State, legal []game.Move) (int, float64, bool) {
	best, bestV := -1, -1.0
	for i, m := range legal {
		alpha := bestV
		if alpha < 0 {
			alpha = 0
		}
		v, ok := sv.child(s, m, 0, alpha, 1)
		if !ok {
			return 0, 0, false
		}
		if best < 0 || v > bestV {
			best, bestV = i, v
		}
		if bestV >= 1 {
			break
		}
	}
	return best, bestV, true
}
