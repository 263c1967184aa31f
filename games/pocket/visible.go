package pocket

import (
	"gaslamp/game"
)

// Boarder is anything that shows the public board: *State and *View.
type Boarder interface {
	Board() Board
}

// Visible returns what the detectives see on b's board now, or, with moves
// given, after those moves are played in turn. It uses public facts only and
// does not judge whether a move is legal now (which token is up, whose turn
// it is); a malformed move gives an *game.Error. An alibi move changes
// nothing in the preview: the card it draws is not known in advance.
func Visible(b Boarder, after ...game.Move) (Sight, error) {
	board := b.Board()
	for _, m := range after {
		a, ok := Parse(m)
		if !ok {
			return Sight{}, game.Errorf(game.CodeMalformed, "pocket.err.bad-move", "not a pocket move")
		}
		board.apply(a)
	}
	return board.Sight(), nil
}

// apply plays the board part of action a.
func (b *Board) apply(a Action) {
	switch a.Kind {
	case KindRotate:
		b.Walls[a.Cell] = a.Wall
	case KindExchange:
		b.Tiles[a.Cell], b.Tiles[a.Cell2] = b.Tiles[a.Cell2], b.Tiles[a.Cell]
		b.Walls[a.Cell], b.Walls[a.Cell2] = b.Walls[a.Cell2], b.Walls[a.Cell]
	case KindJoker, KindHolmes, KindWatson, KindToby:
		if a.Detective < NoDetective {
			b.Places[a.Detective] = nextPlace(b.Places[a.Detective], a.Steps)
		}
	}
}
