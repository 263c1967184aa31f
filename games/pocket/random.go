package pocket

import (
	"gaslamp/game"
)

// RandomGame plays one full game from seed, each action chosen uniformly
// among the legal moves with a generator derived from seed, and returns the
// number of moves and the outcome. It allocates nothing per move; the bench
// command uses it to measure the engine's speed.
func RandomGame(seed uint64) (moves int, out game.Outcome) {
	s := newState(seed)
	r := game.NewRand(seed ^ 0x6a09e667f3bcc909)
	for !s.over() {
		a, _ := Parse(s.nthLegal(r.IntN(s.numLegal())))
		s.play(s.tokenFor(a.Kind), a, nil)
		moves++
	}
	return moves, s.Outcome()
}

// rotationCells is the number of tiles a Rotation may turn now (P3).
func (s *State) rotationCells() int {
	if s.rotated == NoCharacter {
		return 9
	}
	return 8
}

// numLegal counts the legal moves of the seat to act without listing them.
func (s *State) numLegal() int {
	av := s.available()
	n := 0
	if av&(1<<KindRotate) != 0 {
		n += 3 * s.rotationCells()
	}
	if av&(1<<KindExchange) != 0 {
		n += len(exchangeMoves)
	}
	if av&(1<<KindJoker) != 0 {
		n += 3
		if s.actor() == sideJack {
			n++
		}
	}
	if av&(1<<KindAlibi) != 0 {
		n++
	}
	for k := KindHolmes; k <= KindToby; k++ {
		if av&(1<<k) != 0 {
			n += 2
		}
	}
	return n
}

// nthLegal returns the i-th move of Legal's list (0 <= i < numLegal).
func (s *State) nthLegal(i int) game.Move {
	av := s.available()
	if av&(1<<KindRotate) != 0 {
		if n := 3 * s.rotationCells(); i < n {
			k := i / 3
			for c := range 9 {
				if s.b.Tiles[c] == s.rotated {
					continue
				}
				if k == 0 {
					return rotateMoves[c][s.b.Walls[c]][i%3]
				}
				k--
			}
		} else {
			i -= n
		}
	}
	if av&(1<<KindExchange) != 0 {
		if i < len(exchangeMoves) {
			return exchangeMoves[i]
		}
		i -= len(exchangeMoves)
	}
	if av&(1<<KindJoker) != 0 {
		n := 3
		if s.actor() == sideJack {
			n = 4
		}
		if i < n {
			return JokerMove(Detective(i))
		}
		i -= n
	}
	if av&(1<<KindAlibi) != 0 {
		if i == 0 {
			return AlibiMove()
		}
		i--
	}
	for k := KindHolmes; k <= KindToby; k++ {
		if av&(1<<k) != 0 {
			if i < 2 {
				return pack(k, uint8(i+1), 0)
			}
			i -= 2
		}
	}
	return 0
}
