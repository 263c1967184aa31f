package whitechapel

import (
	"encoding/json"
	"math/bits"

	"gaslamp/board"
	"gaslamp/game"
)

// Phases. Their stable ids (phaseIDs) appear in views.
const (
	phHideout  uint8 = 1 + iota // Jack writes his hideout (L3)
	phWomen                     // Jack places a woman token (C5.2)
	phPatrol                    // the Head places a patrol token (C5.3)
	phKill                      // Jack kills or waits (C5.5)
	phWretched                  // the Head moves a wretched (C5.6)
	phReveal                    // Jack turns over a patrol token (C5.7)
	phSecond                    // night 3: Jack kills his second victim (L6)
	phJack                      // Jack's move (C8.1)
	phMove                      // a policeman moves (C8.3)
	phAction                    // a policeman's action (C8.4)
	phSearch                    // a search goes on (C8.4, W15)
	phOver                      // the game is over
)

var phaseIDs = [...]string{"", "hideout", "women", "patrol", "kill", "wretched", "reveal", "second",
	"jack", "move", "action", "search", "over"}

// Winners and the reasons a game ends (L8).
const (
	winJack uint8 = 1 + iota
	winPolice
)

const (
	rsArrested uint8 = 1 + iota // an arrest named Jack's circle (L5, W16)
	rsCornered                  // Jack had no legal move (C8.1)
	rsTooSlow                   // Jack's moves ran out before he got home (L4)
	rsEscaped                   // Jack got home at the end of night 4 (L8)
)

var reasonKeys = [...]string{"", "whitechapel.outcome.arrested", "whitechapel.outcome.cornered",
	"whitechapel.outcome.too-slow", "whitechapel.outcome.escaped"}

// Kinds of a Jack move in the night record.
const (
	jkWalk uint8 = 1 + iota
	jkCoach
	jkAlley
)

var jackKindNames = [...]string{"", "walk", "coach", "alley"}

// Observation kinds of the public record.
const (
	obClue    uint8 = 1 + iota // a search found a clue on the circle
	obNoClue                   // a search named the circle: no clue
	obNotHere                  // an arrest named the circle: Jack is not there
)

var obsKindNames = [...]string{"", "clue", "no-clue", "not-here"}

// Police colours in seat order: seat i+1 plays policeman i; a patrol token
// of colour i becomes policeman i.
var colourIDs = [numPolice]string{"blue", "yellow", "brown", "red", "green"}

// tokenIDs name the patrol tokens: the colours, then "fake".
var tokenIDs = [tokenFake + 1]string{"blue", "yellow", "brown", "red", "green", "fake"}

// jackMove is one of Jack's moves in the night record.
type jackMove struct {
	Kind uint8
	Cell uint8            // last trail cell it wrote
	Occ  [numPolice]uint8 // the policemen's crossings when he moved
}

// obs is one public answer: when the trail held cells 0..Time, Circle was
// named, with result Kind.
type obs struct {
	Time, Circle, Kind uint8
}

// core is the whole game as fixed-size data: copied by Clone, encoded by
// Snapshot.
type core struct {
	Cfg    config
	Phase  uint8
	Actor  uint8 // move/action/search: rank in tonight's order; wretched: index of the wretched
	Night  uint8 // 0..3
	Winner uint8
	Reason uint8
	// WhoEnded is the policeman who arrested Jack, EndedAt the circle.
	WhoEnded uint8
	EndedAt  uint8

	Hideout uint8 // 0 before it is written

	// Part 1 of the night (C5).
	NWomen    uint8
	Women     [maxWomen]uint8 // circles of the woman tokens, in placement order
	Marked    uint8           // bit i: Women[i] is marked
	NPatrols  uint8
	Patrols   [numPatrols]uint8 // crossings of the patrol tokens, in placement order
	PatrolID  [numPatrols]uint8 // 0..4 a colour, tokenFake
	PatrolUp  uint8             // bit i: token i is face up (a real one turned over)
	PatrolOff uint8             // bit i: token i is off the board (a fake turned over)
	NWretched uint8
	Wretched  [maxWretched]uint8 // circles of the wretched, in moving order
	Time      uint8              // Time of the Crime: 1 (I) .. 5 (V); 0 before the victims are chosen
	Kills     uint8              // victims taken tonight

	NScenes uint8
	Scenes  [numScenes]uint8 // crime scenes in order (sceneBase gives each night's)

	// The hunt (C8).
	Police   [numPolice]uint8 // crossings; noCrossing off the board
	Prev     [numPolice]uint8 // where the policemen ended the previous night
	Cur      uint8            // Jack's circle
	Coaches  uint8            // coach tokens left tonight
	Alleys   uint8            // alley tokens left tonight
	Clues    board.Set        // tonight's clue markers
	Named    board.Set        // circles named in the search going on
	TrailSet board.Set        // circles of tonight's trail

	// The record of every night.
	TimeOf [numNights]uint8 // Time of the Crime at the kill
	Cells  [numNights]uint8 // trail cells written after the crime scene
	Trail  [numNights][maxCells + 1]uint8
	NMoves [numNights]uint8
	Moves  [numNights][maxCells]jackMove
	NObs   [numNights]uint16
	Obs    [numNights][maxObsNight]obs
	Home   uint8 // bit n: night n ended with Jack home
}

// State is a Letters from Whitechapel game in progress. It implements
// game.State.
type State struct {
	c core
	// ded caches the deduction shown in views; it is computed by View,
	// cleared by Apply, and shared by clones (read-only).
	ded *deduction
}

var _ game.State = (*State)(nil)

// head returns tonight's Head of the Investigation (a policeman index): the
// role goes round the colours in seat order, blue first (L7).
func (s *State) head() int { return int(s.c.Night) % numPolice }

// policeman returns the policeman acting at rank k of tonight's order: the
// Head first, then the others in seat order.
func (s *State) policeman(k int) int { return (s.head() + k) % numPolice }

// actor returns the policeman acting in a police phase.
func (s *State) actor() int { return s.policeman(int(s.c.Actor)) }

// ToAct implements game.State.
func (s *State) ToAct() game.SeatSet {
	switch s.c.Phase {
	case phHideout, phWomen, phKill, phReveal, phSecond, phJack:
		return 1
	case phPatrol, phWretched:
		return 1 << (1 + s.head())
	case phMove, phAction, phSearch:
		return 1 << (1 + s.actor())
	}
	return 0
}

// Outcome implements game.State.
func (s *State) Outcome() game.Outcome {
	if s.c.Phase != phOver {
		return game.Outcome{}
	}
	o := game.Outcome{Over: true, Winner: "police"}
	if s.c.Winner == winJack {
		o.Winner = "jack"
	}
	if s.c.Reason == rsArrested {
		o.Reason = game.T(reasonKeys[s.c.Reason], "who", who(int(s.c.WhoEnded)), "circle", int(s.c.EndedAt))
	} else {
		o.Reason = game.T(reasonKeys[s.c.Reason], "night", int(s.c.Night)+1)
	}
	return o
}

// who names policeman i in a text.
func who(i int) colourName { return colourName(i) }

// colourName is a police colour as the argument of a text: it encodes to
// JSON as a nested text that the client translates
// ({"key":"whitechapel.colour.blue"}), and renders in the language of the
// text it fills in Go-side rendering (game.Catalog.Render, a game.Texter).
type colourName uint8

var colourNames = [numPolice]string{"Blue", "Yellow", "Brown", "Red", "Green"}

// String returns the colour's English name.
func (c colourName) String() string { return colourNames[c] }

// Text returns the colour as a nested text.
func (c colourName) Text() game.Text { return game.T("whitechapel.colour." + colourIDs[c]) }

// MarshalJSON encodes the colour as its nested text.
func (c colourName) MarshalJSON() ([]byte, error) { return json.Marshal(c.Text()) }

// tokenText names patrol token id in a text.
func tokenText(id uint8) tokenName { return tokenName(id) }

// tokenName is a patrol token as the argument of a text, like colourName:
// a nested text in JSON ({"key":"whitechapel.token.fake"}), rendered in
// the text's language in Go.
type tokenName uint8

// String returns the token's English name.
func (t tokenName) String() string { return tokenIDs[t] }

// Text returns the token as a nested text.
func (t tokenName) Text() game.Text { return game.T("whitechapel.token." + tokenIDs[t]) }

// MarshalJSON encodes the token as its nested text.
func (t tokenName) MarshalJSON() ([]byte, error) { return json.Marshal(t.Text()) }

// Clone implements game.State.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// CloneInto implements game.IntoCloner: a State is a flat value (with, at
// most, read-only data it shares with its clones), so a copy into a used
// State is a Clone without the allocation.
func (s *State) CloneInto(dst game.State) game.State {
	d, ok := dst.(*State)
	if !ok || d == s {
		return s.Clone()
	}
	*d = *s
	return d
}

// occupied returns the crossings holding policemen.
func (s *State) occupied() board.Set {
	var o board.Set
	for _, x := range s.c.Police {
		add8(&o, x)
	}
	o.Remove(noCrossing)
	return o
}

// others returns the crossings of the policemen other than i.
func (s *State) others(i int) board.Set {
	var o board.Set
	for j, x := range s.c.Police {
		if j != i {
			add8(&o, x)
		}
	}
	o.Remove(noCrossing)
	return o
}

// scenes returns the crime scenes of every night so far.
func (s *State) scenes() board.Set {
	var o board.Set
	for _, c := range s.c.Scenes[:s.c.NScenes] {
		add8(&o, c)
	}
	return o
}

// tonightScenes returns tonight's crime scenes.
func (s *State) tonightScenes() board.Set {
	var o board.Set
	for _, c := range s.c.Scenes[sceneBase[s.c.Night]:s.c.NScenes] {
		add8(&o, c)
	}
	return o
}

// cells returns the trail cells written tonight after the crime scene.
func (s *State) cells() int { return int(s.c.Cells[s.c.Night]) }

// maxCellsTonight returns the trail cells tonight's track allows: the spaces
// after the Time of the Crime (L4).
func (s *State) maxCellsTonight() int { return 14 + int(s.c.TimeOf[s.c.Night]) }

// movesLeft returns the track spaces Jack has left tonight.
func (s *State) movesLeft() int { return s.maxCellsTonight() - s.cells() }

// markedLeft and unmarkedLeft count the woman tokens still to place.
func (s *State) markedLeft() int {
	return int(nightMarked[s.c.Night]) - bits.OnesCount8(s.c.Marked)
}

func (s *State) unmarkedLeft() int {
	n := s.c.Night
	return int(nightWomen[n]-nightMarked[n]) - (int(s.c.NWomen) - bits.OnesCount8(s.c.Marked))
}

// patrolOn returns the crossings of the patrol tokens on the board.
func (s *State) patrolOn() board.Set {
	var o board.Set
	for i, x := range s.c.Patrols[:s.c.NPatrols] {
		if s.c.PatrolOff&(1<<i) == 0 {
			add8(&o, x)
		}
	}
	return o
}

// faceDown reports whether patrol token i is on the board face down.
func (s *State) faceDown(i int) bool {
	return i < int(s.c.NPatrols) && (s.c.PatrolUp|s.c.PatrolOff)&(1<<i) == 0
}

// tokenPlaced reports whether a patrol token of identity id is placed, or,
// for the fakes, how many are.
func (s *State) tokensPlaced(id uint8) int {
	n := 0
	for _, x := range s.c.PatrolID[:s.c.NPatrols] {
		if x == id {
			n++
		}
	}
	return n
}

// wretchedSet returns the circles of the wretched.
func (s *State) wretchedSet() board.Set {
	var o board.Set
	for _, c := range s.c.Wretched[:s.c.NWretched] {
		add8(&o, c)
	}
	return o
}

// womenSet returns the circles holding woman tokens.
func (s *State) womenSet() board.Set {
	var o board.Set
	for _, c := range s.c.Women[:s.c.NWomen] {
		add8(&o, c)
	}
	return o
}

// markedSet returns the circles of tonight's marked woman tokens.
func (s *State) markedSet() board.Set {
	var o board.Set
	for i, c := range s.c.Women[:s.c.NWomen] {
		if s.c.Marked&(1<<i) != 0 {
			add8(&o, c)
		}
	}
	return o
}

// add8 puts x into o. A uint8 always indexes a board.Set, so this needs
// neither the range check of board.Set.Add nor a bounds check.
func add8(o *board.Set, x uint8) { o[x>>6] |= 1 << (x & 63) }
