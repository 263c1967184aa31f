package whitehall

import "gaslamp/game"

// MoveKind is the kind of a Whitehall move, held in the low 8 bits of a
// game.Move. The argument To (a circle number, a crossing index or a Card) is
// in bits 8-15 and Via (a coach's first circle) in bits 16-23; every other bit
// is zero.
type MoveKind uint8

// The move kinds, by phase.
const (
	// MoveLocation picks a discovery location (Jack, setup; To = circle).
	MoveLocation MoveKind = 1 + iota
	// MovePlace puts the acting figure on a starting crossing (To = crossing).
	MovePlace
	// MoveReveal reveals Jack's start among his locations (To = circle).
	MoveReveal
	// MoveNewspaper takes back a used card (W23; To = CardAlley or CardBoat).
	MoveNewspaper
	// MoveWalk is Jack's walk (To = circle).
	MoveWalk
	// MoveCoach is Jack's coach (Via = first circle, To = second circle).
	MoveCoach
	// MoveAlley is Jack's alley move (To = circle).
	MoveAlley
	// MoveBoat is Jack's boat move (To = circle).
	MoveBoat
	// MoveFigure moves the acting figure 0-2 steps (To = crossing).
	MoveFigure
	// MoveSpeed moves yellow with Smoker's Speed, 3 steps (To = crossing).
	MoveSpeed
	// MoveFalseClue places a false clue marker (W21; To = circle).
	MoveFalseClue
	// MoveSearch starts a search or names its next circle (To = circle).
	MoveSearch
	// MoveScent starts yellow's search with Smoker's Scent (To = circle).
	MoveScent
	// MoveArrest names one circle for an arrest (To = circle).
	MoveArrest
	// MoveAreaArrest is Edmund Reid's arrest of every adjacent circle.
	MoveAreaArrest
	// MoveGuess is Donald Swanson's guess of a white circle (To = circle).
	MoveGuess
	// MoveStop ends a search.
	MoveStop
	// MovePass declines: no newspaper card, no false clue, or no action.
	MovePass
)

// numMoveKinds is one more than the largest kind.
const numMoveKinds = int(MovePass) + 1

var moveKindNames = [...]string{"", "location", "place", "reveal", "newspaper", "walk", "coach",
	"alley", "boat", "figure", "speed", "false-clue", "search", "scent", "arrest", "area-arrest",
	"guess", "stop", "pass"}

// String returns the kind's wire name ("walk", "figure", ...).
func (k MoveKind) String() string {
	if int(k) < len(moveKindNames) {
		return moveKindNames[k]
	}
	return "unknown"
}

// Card is a special movement card type.
type Card uint8

// The special movement cards.
const (
	CardCoach Card = iota
	CardAlley
	CardBoat
)

var cardNames = [3]string{"coach", "alley", "boat"}

// String returns "coach", "alley" or "boat".
func (c Card) String() string {
	if int(c) < len(cardNames) {
		return cardNames[c]
	}
	return "unknown"
}

func mv(k MoveKind, to, via int) game.Move {
	return game.Move(uint64(k) | uint64(to)<<8 | uint64(via)<<16)
}

// KindOf returns the kind of m.
func KindOf(m game.Move) MoveKind { return MoveKind(m) }

// To returns m's main argument: a circle number, a crossing index, or a Card.
func To(m game.Move) int { return int(m>>8) & 0xff }

// Via returns a coach's first circle.
func Via(m game.Move) int { return int(m>>16) & 0xff }

// Location picks circle c as a discovery location.
func Location(c int) game.Move { return mv(MoveLocation, c, 0) }

// Place puts the acting figure on starting crossing x.
func Place(x int) game.Move { return mv(MovePlace, x, 0) }

// Reveal names circle c, one of Jack's locations, as his start.
func Reveal(c int) game.Move { return mv(MoveReveal, c, 0) }

// Newspaper takes back a used card (CardAlley or CardBoat).
func Newspaper(c Card) game.Move { return mv(MoveNewspaper, int(c), 0) }

// Walk moves Jack to circle c on foot.
func Walk(c int) game.Move { return mv(MoveWalk, c, 0) }

// Coach moves Jack by coach through circle via to circle to.
func Coach(via, to int) game.Move { return mv(MoveCoach, to, via) }

// Alley moves Jack through an alley to circle c.
func Alley(c int) game.Move { return mv(MoveAlley, c, 0) }

// Boat moves Jack by boat to circle c.
func Boat(c int) game.Move { return mv(MoveBoat, c, 0) }

// Figure moves the acting figure to crossing x.
func Figure(x int) game.Move { return mv(MoveFigure, x, 0) }

// Speed moves yellow to crossing x with Smoker's Speed.
func Speed(x int) game.Move { return mv(MoveSpeed, x, 0) }

// FalseClue places a false clue marker on circle c.
func FalseClue(c int) game.Move { return mv(MoveFalseClue, c, 0) }

// Search starts a search, or goes on with one, naming circle c.
func Search(c int) game.Move { return mv(MoveSearch, c, 0) }

// Scent starts yellow's search with Smoker's Scent, naming circle c.
func Scent(c int) game.Move { return mv(MoveScent, c, 0) }

// Arrest names circle c for an arrest.
func Arrest(c int) game.Move { return mv(MoveArrest, c, 0) }

// AreaArrest is Edmund Reid's arrest of all adjacent circles.
func AreaArrest() game.Move { return mv(MoveAreaArrest, 0, 0) }

// Guess is Donald Swanson's guess that white circle c is an unreached
// discovery location.
func Guess(c int) game.Move { return mv(MoveGuess, c, 0) }

// Stop ends a search.
func Stop() game.Move { return mv(MoveStop, 0, 0) }

// Pass declines the current choice (newspaper, false clue or action).
func Pass() game.Move { return mv(MovePass, 0, 0) }

// takesCircle reports whether kind k's To is a circle number.
func takesCircle(k MoveKind) bool {
	switch k {
	case MoveLocation, MoveReveal, MoveWalk, MoveCoach, MoveAlley, MoveBoat, MoveFalseClue,
		MoveSearch, MoveScent, MoveArrest, MoveGuess:
		return true
	}
	return false
}

// takesCrossing reports whether kind k's To is a crossing index.
func takesCrossing(k MoveKind) bool {
	return k == MovePlace || k == MoveFigure || k == MoveSpeed
}

// wellFormed reports whether m is a move of a known kind with arguments in
// range; it says nothing about legality.
func wellFormed(m game.Move) bool {
	if m>>24 != 0 {
		return false
	}
	k, to, via := KindOf(m), To(m), Via(m)
	switch {
	case k == 0 || int(k) >= numMoveKinds:
		return false
	case k == MoveCoach:
		return to >= 1 && to <= numCircles && via >= 1 && via <= numCircles
	case via != 0:
		return false
	case takesCircle(k):
		return to >= 1 && to <= numCircles
	case takesCrossing(k):
		return to < numCrossings
	case k == MoveNewspaper:
		return to == int(CardAlley) || to == int(CardBoat)
	}
	return to == 0
}
