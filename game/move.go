package game

// Move is one small choice a seat makes. Its bits are private to the game that
// made it: a game packs its move kinds and arguments into 64 bits so that legal
// move lists are plain slices and bots run without allocation. Only the game's
// codec (Rules.EncodeMove and Rules.DecodeMove) gives a Move a meaning outside
// the game.
type Move uint64

// Contains reports whether m is among moves.
func Contains(moves []Move, m Move) bool {
	for _, x := range moves {
		if x == m {
			return true
		}
	}
	return false
}
