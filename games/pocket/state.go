package pocket

import (
	"gaslamp/game"
)

// The seats: Jack is seat 0, the investigator seat 1.
const (
	JackSeat         game.Seat = 0
	InvestigatorSeat game.Seat = 1
)

// Sides of the game, as held in the state (time token holders, winners).
const (
	sideNone uint8 = iota
	sideJack
	sideInvestigator
)

var sideNames = [3]string{"", "jack", "investigator"}

// Reasons a game ends.
const (
	rsNone        uint8 = iota
	rsHourglasses       // Jack has 6 hourglasses (A9)
	rsTime              // turn 8 ended with neither goal met (A9, P2)
	rsIdentified        // one suspect is left (A9)
	rsBothSeen          // both goals met, Jack visible at that call (P2)
	rsBothLast          // both goals met at the end of turn 8 (P2)
	rsCaught            // after both goals: Jack visible at a later call (P2)
	rsEscaped           // after both goals: Jack unseen through turn 8 (P2)
)

var reasonKeys = [...]string{"", "pocket.reason.hourglasses", "pocket.reason.time", "pocket.reason.identified",
	"pocket.reason.both-seen", "pocket.reason.both-last", "pocket.reason.caught", "pocket.reason.escaped"}

// Turns is the number of turns in a game.
const Turns = 8

// State is one game of Mr Jack Pocket. It is a flat value: copying it (Clone)
// copies everything, its generator included.
type State struct {
	b   Board
	rng game.Rand

	turn    uint8     // 1..8
	step    uint8     // action 0..3 of the turn
	face    uint8     // bit t: token t shows face B
	used    uint8     // bit t: token t has been played this turn
	rotated Character // tile turned by a Rotation face this turn (P3), or NoCharacter

	jack  Character    // Jack's identity (secret)
	pile  [8]Character // the alibi pile, top card last
	pileN uint8

	jackDrawn [8]Character // alibi cards Jack drew, in order (secret)
	jackTurn  [8]uint8     // the turn of each of Jack's draws (public)
	jackN     uint8
	invDrawn  [8]Character // alibi cards the investigator drew, in order (public)
	invN      uint8

	timeTok    [Turns]uint8 // holder of each time token (sideNone before its witness call)
	jackTokens uint8        // time tokens Jack holds
	chaseTurn  uint8        // the turn both goals were met while Jack was unseen (P2), or 0

	lastTurn    uint8 // the turn of the last witness call, or 0
	lastSeen    bool  // whether Jack was visible then
	lastCleared CharSet

	winner uint8 // sideNone while the game goes on
	reason uint8
}

// newState sets a game up from seed (A4, A5).
func newState(seed uint64) State {
	var s State
	s.rng = game.NewRand(seed)
	for i := range s.b.Tiles {
		s.b.Tiles[i] = Character(i)
	}
	s.rng.Shuffle(9, func(i, j int) { s.b.Tiles[i], s.b.Tiles[j] = s.b.Tiles[j], s.b.Tiles[i] })
	for i := range s.b.Walls {
		s.b.Walls[i] = Side(s.rng.IntN(4))
	}
	// The three starting tiles face their detective with a wall.
	s.b.Walls[0] = West
	s.b.Walls[2] = East
	s.b.Walls[7] = South
	s.b.Places = [3]uint8{HolmesStart, WatsonStart, TobyStart}
	var deck [9]Character
	for i := range deck {
		deck[i] = Character(i)
	}
	s.rng.Shuffle(9, func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	s.jack = deck[8]
	copy(s.pile[:], deck[:8])
	s.pileN = 8
	s.turn = 1
	s.rotated = NoCharacter
	s.face = uint8(s.rng.Uint64() & 0xF) // turn 1 is odd: throw
	return s
}

// over reports whether the game has ended.
func (s *State) over() bool { return s.winner != sideNone }

// actor returns the side that plays the current action (A7): odd turns
// investigator, Jack, Jack, investigator; even turns the reverse.
func (s *State) actor() uint8 { return actorOf(s.turn, s.step) }

func actorOf(turn, step uint8) uint8 {
	if (turn&1 == 1) == (step == 0 || step == 3) {
		return sideInvestigator
	}
	return sideJack
}

func seatOf(side uint8) game.Seat {
	if side == sideJack {
		return JackSeat
	}
	return InvestigatorSeat
}

func sideOfSeat(s game.Seat) uint8 {
	switch s {
	case JackSeat:
		return sideJack
	case InvestigatorSeat:
		return sideInvestigator
	}
	return sideNone
}

// upFace returns the face token t shows.
func (s *State) upFace(t int) Kind { return tokenFaces[t][s.face>>t&1] }

// tokenFor returns the first unused token showing kind k, or -1.
func (s *State) tokenFor(k Kind) int {
	for t := range 4 {
		if s.used&(1<<t) == 0 && s.upFace(t) == k {
			return t
		}
	}
	return -1
}

// alibiHourglasses is the number of hourglasses on Jack's drawn alibis.
func (s *State) alibiHourglasses() int {
	n := 0
	for _, c := range s.jackDrawn[:s.jackN] {
		n += int(hourglassesOf[c])
	}
	return n
}

// Hourglasses is Jack's total (A9): time tokens won plus the hourglasses of
// the alibi cards he drew. It is a secret of Jack's while the game goes on.
func (s *State) Hourglasses() int { return int(s.jackTokens) + s.alibiHourglasses() }

// Board returns the public layout.
func (s *State) Board() Board { return s.b }

// Jack returns Jack's identity (a secret: for tests and tools, not for views).
func (s *State) Jack() Character { return s.jack }

// Turn returns the current turn 1..8 (the last turn once the game is over).
func (s *State) Turn() int { return int(s.turn) }

// ToAct implements game.State.
func (s *State) ToAct() game.SeatSet {
	if s.over() {
		return 0
	}
	return game.SeatsOf(seatOf(s.actor()))
}

// Outcome implements game.State.
func (s *State) Outcome() game.Outcome {
	if !s.over() {
		return game.Outcome{}
	}
	return game.Outcome{Over: true, Winner: sideNames[s.winner], Reason: s.reasonText()}
}

func (s *State) reasonText() game.Text {
	return game.Text{Key: reasonKeys[s.reason], Args: map[string]any{
		"jack": s.jack.Text(), "hourglasses": s.Hourglasses(), "turn": int(s.turn)}}
}

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

// Snapshot implements game.State: every field, secrets included, in a fixed
// order.
func (s *State) Snapshot() []byte {
	b := make([]byte, 0, 96)
	u64 := s.rng.S
	for i := range 8 {
		b = append(b, byte(u64>>(8*i)))
	}
	for i := range 9 {
		b = append(b, byte(s.b.Tiles[i]), byte(s.b.Walls[i]))
	}
	b = append(b, byte(s.b.Cleared), byte(s.b.Cleared>>8), s.b.Places[0], s.b.Places[1], s.b.Places[2])
	b = append(b, s.turn, s.step, s.face, s.used, byte(s.rotated), byte(s.jack), s.pileN)
	for _, c := range s.pile {
		b = append(b, byte(c))
	}
	b = append(b, s.jackN)
	for i := range s.jackDrawn {
		b = append(b, byte(s.jackDrawn[i]), s.jackTurn[i])
	}
	b = append(b, s.invN)
	for _, c := range s.invDrawn {
		b = append(b, byte(c))
	}
	b = append(b, s.timeTok[:]...)
	b = append(b, s.jackTokens, s.chaseTurn, s.lastTurn, boolByte(s.lastSeen),
		byte(s.lastCleared), byte(s.lastCleared>>8), s.winner, s.reason)
	return b
}

func boolByte(x bool) byte {
	if x {
		return 1
	}
	return 0
}
