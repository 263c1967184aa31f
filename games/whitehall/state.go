package whitehall

import (
	"gaslamp/board"
	"gaslamp/game"
)

// Phases. Their stable ids (phaseIDs) appear in views.
const (
	phLocations uint8 = 1 + iota // Jack picks his 4 discovery locations (W1)
	phPlace                      // each figure goes on a starting crossing (W2)
	phReveal                     // Jack reveals his start (W3)
	phNewspaper                  // Jack may take back a card (W23)
	phJack                       // Jack's move (W4-W11)
	phMove                       // a figure's movement (W13)
	phFalseClue                  // Jack may place a false clue (W21)
	phAction                     // a figure's action (W14)
	phSearch                     // a search goes on (W15)
	phOver                       // the game is over
)

var phaseIDs = [...]string{"", "locations", "place", "reveal", "newspaper", "jack", "move",
	"false-clue", "action", "search", "over"}

// Winners and the reasons a game ends.
const (
	winJack uint8 = 1 + iota
	winInvestigators
)

const (
	rsArrested uint8 = 1 + iota // W16 or Reid's area arrest
	rsGuessed                   // Swanson named an unreached location (W20)
	rsCornered                  // W11
	rsTooSlow                   // W12: 15 moves without a location
	rsEscaped                   // W19: the 4th location announced
)

var reasonKeys = [...]string{"", "whitehall.outcome.arrested", "whitehall.outcome.guessed",
	"whitehall.outcome.cornered", "whitehall.outcome.too-slow", "whitehall.outcome.escaped"}

// Kinds of a Jack move in the round record (cell kinds).
const (
	jkWalk uint8 = 1 + iota
	jkCoach
	jkAlley
	jkBoat
)

var jackKindNames = [...]string{"", "walk", "coach", "alley", "boat"}

// Observation kinds of the public record.
const (
	obClue    uint8 = 1 + iota // a search found a clue on the circle
	obNoClue                   // a search named the circle: no clue
	obNotHere                  // an arrest named the circle: Jack is not there
)

var obsKindNames = [...]string{"", "clue", "no-clue", "not-here"}

// Spent powers (bits of core.Spent).
const (
	spSmoker uint8 = 1 << iota
	spReid
	spSwanson
)

// jackMove is one of Jack's moves in the round record.
type jackMove struct {
	Kind uint8
	Cell uint8             // first trail cell it filled
	Occ  [numFigures]uint8 // figures' crossings when he moved
}

// obs is one public answer: at Time (the trail then held cells 0..Time),
// Circle was named, with result Kind.
type obs struct {
	Time, Circle, Kind uint8
}

// core is the whole game as fixed-size data: copied by Clone, encoded by
// Snapshot.
type core struct {
	Cfg    config
	Phase  uint8
	Actor  uint8 // acting figure index in figure phases
	Round  uint8 // 0..2
	Winner uint8
	Reason uint8
	// WhoEnded is the figure index that arrested or guessed, for the outcome.
	WhoEnded uint8
	EndedAt  uint8 // the circle of the arrest or guess

	Locs      [4]uint8 // discovery locations by quadrant; 0 = not chosen
	NLocs     uint8
	Order     [4]uint8 // reached locations in order; Order[0] is the start
	NReached  uint8
	Unreached board.Set // chosen locations not reached yet
	Pending   bool      // Jack walked onto an unreached location this turn (W12)

	Fig [numFigures]uint8 // figures' crossings, noCrossing before placement
	Cur uint8             // Jack's circle

	Cells    [numRounds]uint8 // track spaces used per round
	Trail    [numRounds][trackLen + 1]uint8
	TrailSet board.Set // circles of the current round's row
	NMoves   [numRounds]uint8
	Moves    [numRounds][trackLen]jackMove
	NObs     [numRounds]uint8
	Obs      [numRounds][maxObsRound]obs

	Left [3]uint8 // special cards in Jack's hand, by Card
	Out  [3]uint8 // special cards used and out of play, by Card

	Clues      board.Set // yellow clue markers of this round
	FClues     board.Set // false clue markers of this round
	Blue       uint8     // false clue markers Jack holds
	CluesTotal uint16    // clue markers revealed in the game

	Spent uint8 // spSmoker | spReid | spSwanson
	Speed bool  // yellow used Speed this turn: no action
	Scent bool  // the current search uses Scent
	Named board.Set
	Guess uint8 // Swanson's failed guess, 0 for none
}

// State is a Whitehall Mystery game in progress. It implements game.State.
type State struct {
	c core
	// ded caches the deduction of the current round for views; it is
	// computed by View and shared by clones (read-only). Apply marks it
	// stale; a stale one is still used when the public round it was computed
	// from (dedKey) has not changed, as after a figure's move.
	ded      *deduction
	dedKey   string
	dedStale bool
	// said caches the prompt of this version (valid while saidOK): every
	// seat's view after a move carries the same one. Apply clears it; clones
	// share it (read-only, as a Text's arguments are).
	said   game.Text
	saidOK bool
}

var _ game.State = (*State)(nil)

// ToAct implements game.State.
func (s *State) ToAct() game.SeatSet {
	switch s.c.Phase {
	case phLocations, phReveal, phNewspaper, phJack, phFalseClue:
		return 1
	case phPlace, phMove, phAction, phSearch:
		return 1 << (1 + s.c.Actor)
	}
	return 0
}

// Outcome implements game.State.
func (s *State) Outcome() game.Outcome {
	if s.c.Phase != phOver {
		return game.Outcome{}
	}
	o := game.Outcome{Over: true, Winner: "investigators"}
	if s.c.Winner == winJack {
		o.Winner = "jack"
	}
	switch s.c.Reason {
	case rsArrested, rsGuessed:
		o.Reason = game.T(reasonKeys[s.c.Reason], "who", figureNames[s.c.Cfg.Figs[s.c.WhoEnded]], "circle", int(s.c.EndedAt))
	default:
		o.Reason = game.T(reasonKeys[s.c.Reason])
	}
	return o
}

// Clone implements game.State.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// CloneInto implements game.IntoCloner: a State holds only values and the
// read-only deduction it shares with its clones, so a copy into a used State
// is a Clone without the allocation.
func (s *State) CloneInto(dst game.State) game.State {
	d, ok := dst.(*State)
	if !ok || d == s {
		return s.Clone()
	}
	*d = *s
	return d
}

// Rounds returns the number of rounds played so far, the current one
// included: 0 before Jack's start is revealed, then 1 to 3.
func (s *State) Rounds() int {
	if s.c.NReached == 0 {
		return 0
	}
	return int(s.c.Round) + 1
}

// occupied returns the crossings holding figures.
func (s *State) occupied() board.Set {
	var o board.Set
	for _, x := range s.c.Fig {
		if x != noCrossing {
			o.Add(int(x))
		}
	}
	return o
}

// others returns the crossings of the figures other than figure i.
func (s *State) others(i int) board.Set {
	var o board.Set
	for j, x := range s.c.Fig {
		if j != i && x != noCrossing {
			o.Add(int(x))
		}
	}
	return o
}

// cells returns the track spaces used in the current round.
func (s *State) cells() int { return int(s.c.Cells[s.c.Round]) }

// figureOf returns the figure played by figure index i.
func (s *State) figureOf(i int) figure { return s.c.Cfg.Figs[i] }

// who returns the name of figure index i, for texts.
func (s *State) who(i int) string { return figureNames[s.c.Cfg.Figs[i]] }

// hasSmoker reports whether figure index i may still use Smoker.
func (s *State) hasSmoker(i int) bool {
	return s.c.Cfg.Powers && s.figureOf(i) == figYellow && s.c.Spent&spSmoker == 0
}

// nameable returns the circles figure index i may name in a search or arrest:
// its adjacent circles not under a false clue (W21).
func (s *State) nameable(i int) board.Set {
	return tbl().b.NearSet[s.c.Fig[i]].Minus(s.c.FClues)
}

// searchable returns the circles figure index i may still name in its
// search: nameable, not marked by a clue this round, not named yet.
func (s *State) searchable(i int) board.Set {
	return s.nameable(i).Minus(s.c.Clues).Minus(s.c.Named)
}

// scentOffered reports whether the search in progress found its first clue
// without Scent while yellow may still declare it (W20): the search then goes
// on only with Scent. A circle named in this search holds a clue only if the
// search found it (circles marked before may not be named).
func (s *State) scentOffered() bool {
	return s.c.Phase == phSearch && !s.c.Scent && !s.c.Named.Intersect(s.c.Clues).Empty()
}

// guessable returns the circles Swanson may name: white circles without a
// red marker.
func (s *State) guessable() board.Set {
	g := tbl().white
	for _, c := range s.c.Order[:s.c.NReached] {
		g.Remove(int(c))
	}
	return g
}

// circleSet returns the set holding just c.
func circleSet(c int) board.Set {
	var s board.Set
	s.Add(c)
	return s
}
