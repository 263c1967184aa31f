package pocket

import (
	"fmt"

	"gaslamp/game"
)

// Kind is the action a move plays: one face of an action token (A6).
type Kind uint8

// The action kinds. Rotation is on two tokens; a rotate move uses the first
// unused token showing it (both give the same result).
const (
	KindRotate Kind = 1 + iota
	KindExchange
	KindJoker
	KindAlibi
	KindHolmes
	KindWatson
	KindToby
	numKinds = 8 // one more than the last kind
)

var kindIDs = [numKinds]string{"", "rotate", "exchange", "joker", "alibi", "holmes", "watson", "toby"}

// String returns the kind's id ("rotate", "exchange", ...).
func (k Kind) String() string {
	if k < numKinds {
		return kindIDs[k]
	}
	return "?"
}

// Text is the action's translatable name.
func (k Kind) Text() game.Text { return game.T("pocket.action." + k.String()) }

// MarshalText gives the kind's id.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind id.
func (k *Kind) UnmarshalText(b []byte) error {
	for i := KindRotate; i < numKinds; i++ {
		if kindIDs[i] == string(b) {
			*k = i
			return nil
		}
	}
	return fmt.Errorf("pocket: unknown action %q", b)
}

// tokenFaces holds face A and face B of each of the four action tokens (A6).
var tokenFaces = [4][2]Kind{
	{KindRotate, KindExchange},
	{KindRotate, KindJoker},
	{KindAlibi, KindHolmes},
	{KindWatson, KindToby},
}

// detectiveOfKind maps Holmes, Watson and Toby faces to their detective.
func detectiveOfKind(k Kind) Detective { return Detective(k - KindHolmes) }

// A move packs its kind in bits 0-2 and two small arguments in bits 3-6 (A)
// and 7-10 (B); all other bits are zero:
//
//	rotate:   A = cell 0..8, B = the new wall side
//	exchange: A < B, the two cells
//	joker:    A = detective 0..2, or 3 for nobody (Jack only)
//	alibi:    no argument
//	holmes, watson, toby: A = steps 1..2
const (
	moveKindBits = 3
	moveArgBits  = 4
	moveArgMask  = 1<<moveArgBits - 1
	moveBits     = moveKindBits + 2*moveArgBits
)

func pack(k Kind, a, b uint8) game.Move {
	return game.Move(uint64(k) | uint64(a)<<moveKindBits | uint64(b)<<(moveKindBits+moveArgBits))
}

// RotateMove turns the tile in cell (0..8) so that its wall is on side wall.
func RotateMove(cell int, wall Side) game.Move { return pack(KindRotate, uint8(cell), uint8(wall)) }

// ExchangeMove swaps the tiles of two cells.
func ExchangeMove(a, b int) game.Move {
	if a > b {
		a, b = b, a
	}
	return pack(KindExchange, uint8(a), uint8(b))
}

// JokerMove moves detective d one place clockwise, or nobody (NoDetective,
// Jack only).
func JokerMove(d Detective) game.Move { return pack(KindJoker, uint8(d), 0) }

// AlibiMove draws an alibi card.
func AlibiMove() game.Move { return pack(KindAlibi, 0, 0) }

// DetectiveMove moves Holmes, Watson or Toby 1 or 2 places clockwise with
// that detective's own face.
func DetectiveMove(d Detective, steps int) game.Move {
	return pack(KindHolmes+Kind(d), uint8(steps), 0)
}

// Action is a move taken apart.
type Action struct {
	Kind      Kind
	Cell      int       // rotate: the tile's cell; exchange: the first cell
	Cell2     int       // exchange: the second cell
	Wall      Side      // rotate: the new wall side
	Detective Detective // joker, holmes, watson, toby: the detective moved (otherwise NoDetective)
	Steps     int       // places moved clockwise (0 for a Joker that moves nobody)
}

// Parse takes a move apart. It reports false when the move is not well
// formed (unknown kind, an argument out of range, stray bits); a well formed
// move may still be illegal now.
func Parse(m game.Move) (Action, bool) {
	if m>>moveBits != 0 {
		return Action{}, false
	}
	k := Kind(m & (1<<moveKindBits - 1))
	a := uint8(m>>moveKindBits) & moveArgMask
	b := uint8(m>>(moveKindBits+moveArgBits)) & moveArgMask
	switch k {
	case KindRotate:
		if a < 9 && b <= uint8(West) {
			return Action{Kind: k, Cell: int(a), Wall: Side(b), Detective: NoDetective}, true
		}
	case KindExchange:
		if a < b && b < 9 {
			return Action{Kind: k, Cell: int(a), Cell2: int(b), Detective: NoDetective}, true
		}
	case KindJoker:
		if a <= uint8(NoDetective) && b == 0 {
			steps := 1
			if Detective(a) == NoDetective {
				steps = 0
			}
			return Action{Kind: k, Detective: Detective(a), Steps: steps}, true
		}
	case KindAlibi:
		if a == 0 && b == 0 {
			return Action{Kind: k, Detective: NoDetective}, true
		}
	case KindHolmes, KindWatson, KindToby:
		if (a == 1 || a == 2) && b == 0 {
			return Action{Kind: k, Detective: detectiveOfKind(k), Steps: int(a)}, true
		}
	}
	return Action{}, false
}
