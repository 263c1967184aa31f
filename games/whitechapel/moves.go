package whitechapel

import "gaslamp/game"

// MoveKind is the kind of a Whitechapel move, held in the low 8 bits of a
// game.Move. The main argument To (a circle number or a crossing index) is in
// bits 8-15 and the second one, Arg (a coach's first circle, a wretched's
// circle, a patrol token, a woman token's mark), in bits 16-23; every other
// bit is zero.
type MoveKind uint8

// The move kinds, by phase.
const (
	// MoveHideout writes Jack's hideout (To = circle).
	MoveHideout MoveKind = 1 + iota
	// MoveWoman places a woman token (To = circle, Arg = 1 when marked).
	MoveWoman
	// MovePatrol places a patrol token (To = crossing, Arg = token: 0..4 a
	// colour in seat order, 5 a fake).
	MovePatrol
	// MoveKill kills the wretched on a circle (To = circle).
	MoveKill
	// MoveWait lets the Time of the Crime move on.
	MoveWait
	// MoveWretched moves a wretched (Arg = its circle, To = the new one).
	MoveWretched
	// MoveReveal turns over a face-down patrol token (To = crossing).
	MoveReveal
	// MoveWalk is Jack's walk (To = circle).
	MoveWalk
	// MoveCoach is Jack's coach (Arg = first circle, To = second circle).
	MoveCoach
	// MoveAlley is Jack's alley move (To = circle).
	MoveAlley
	// MovePolice moves the acting policeman 0-2 steps (To = crossing).
	MovePolice
	// MoveSearch starts a search or names its next circle (To = circle).
	MoveSearch
	// MoveArrest names one circle for an arrest (To = circle).
	MoveArrest
	// MoveStop ends a search.
	MoveStop
	// MovePass is a policeman's choice to take no action.
	MovePass
)

// numMoveKinds is one more than the largest kind.
const numMoveKinds = int(MovePass) + 1

var moveKindNames = [...]string{"", "hideout", "woman", "patrol", "kill", "wait", "wretched", "reveal",
	"walk", "coach", "alley", "move", "search", "arrest", "stop", "pass"}

// String returns the kind's wire name ("walk", "patrol", ...).
func (k MoveKind) String() string {
	if int(k) < len(moveKindNames) {
		return moveKindNames[k]
	}
	return "unknown"
}

// Token is a patrol token: a police colour in seat order or a fake.
type Token uint8

// The patrol tokens.
const (
	TokenBlue Token = iota
	TokenYellow
	TokenBrown
	TokenRed
	TokenGreen
	TokenFake
)

// String returns "blue", "yellow", "brown", "red", "green" or "fake".
func (t Token) String() string {
	if int(t) < len(tokenIDs) {
		return tokenIDs[t]
	}
	return "unknown"
}

func mv(k MoveKind, to, arg int) game.Move {
	return game.Move(uint64(k) | uint64(to)<<8 | uint64(arg)<<16)
}

// KindOf returns the kind of m.
func KindOf(m game.Move) MoveKind { return MoveKind(m) }

// To returns m's main argument: a circle number or a crossing index.
func To(m game.Move) int { return int(m>>8) & 0xff }

// Arg returns m's second argument: a coach's first circle, the circle a
// wretched leaves, a patrol Token, or 1 for a marked woman token.
func Arg(m game.Move) int { return int(m>>16) & 0xff }

// Hideout writes circle c as Jack's hideout.
func Hideout(c int) game.Move { return mv(MoveHideout, c, 0) }

// Woman places a woman token on red circle c, marked or not.
func Woman(c int, marked bool) game.Move {
	if marked {
		return mv(MoveWoman, c, 1)
	}
	return mv(MoveWoman, c, 0)
}

// Patrol places patrol token t on crossing x.
func Patrol(x int, t Token) game.Move { return mv(MovePatrol, x, int(t)) }

// Kill kills the wretched on circle c.
func Kill(c int) game.Move { return mv(MoveKill, c, 0) }

// Wait lets the Time of the Crime move on instead of killing.
func Wait() game.Move { return mv(MoveWait, 0, 0) }

// Wretched moves the wretched on circle from to circle to.
func Wretched(from, to int) game.Move { return mv(MoveWretched, to, from) }

// Reveal turns over the face-down patrol token on crossing x.
func Reveal(x int) game.Move { return mv(MoveReveal, x, 0) }

// Walk moves Jack to circle c on foot.
func Walk(c int) game.Move { return mv(MoveWalk, c, 0) }

// Coach moves Jack by coach through circle via to circle to.
func Coach(via, to int) game.Move { return mv(MoveCoach, to, via) }

// Alley moves Jack through an alley to circle c.
func Alley(c int) game.Move { return mv(MoveAlley, c, 0) }

// Police moves the acting policeman to crossing x (his own crossing to
// stay).
func Police(x int) game.Move { return mv(MovePolice, x, 0) }

// Search starts a search, or goes on with one, naming circle c.
func Search(c int) game.Move { return mv(MoveSearch, c, 0) }

// Arrest names circle c for an arrest.
func Arrest(c int) game.Move { return mv(MoveArrest, c, 0) }

// Stop ends a search.
func Stop() game.Move { return mv(MoveStop, 0, 0) }

// Pass is a policeman's choice to take no action.
func Pass() game.Move { return mv(MovePass, 0, 0) }

// takesCircle reports whether kind k's To is a circle number.
func takesCircle(k MoveKind) bool {
	switch k {
	case MoveHideout, MoveWoman, MoveKill, MoveWretched, MoveWalk, MoveCoach, MoveAlley, MoveSearch, MoveArrest:
		return true
	}
	return false
}

// takesCrossing reports whether kind k's To is a crossing index.
func takesCrossing(k MoveKind) bool {
	return k == MovePatrol || k == MoveReveal || k == MovePolice
}

// isCircle reports whether c is a circle number.
func isCircle(c int) bool { return c >= 1 && c <= numCircles }

// wellFormed reports whether m is a move of a known kind with arguments in
// range; it says nothing about legality.
func wellFormed(m game.Move) bool {
	if m>>24 != 0 {
		return false
	}
	k, to, arg := KindOf(m), To(m), Arg(m)
	switch {
	case k == 0 || int(k) >= numMoveKinds:
		return false
	case k == MoveCoach || k == MoveWretched:
		return isCircle(to) && isCircle(arg)
	case k == MoveWoman:
		return isCircle(to) && arg <= 1
	case k == MovePatrol:
		return to < numCrossings && arg <= int(TokenFake)
	case arg != 0:
		return false
	case takesCircle(k):
		return isCircle(to)
	case takesCrossing(k):
		return to < numCrossings
	}
	return to == 0
}
