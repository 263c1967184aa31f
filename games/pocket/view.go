package pocket

import (
	"gaslamp/game"
)

// View is what one seat may know, built field by field. Both sides see the
// board, the detectives, the action tokens, the turn track, the suspects, the
// alibi pile's size and the investigator's alibis; only Jack's view holds his
// identity, his alibi cards and his full hourglass count. Once the game is
// over every view shows everything. The view of the seat that must act also
// previews what the detectives would see after each of its legal moves.
type View struct {
	Seat   game.Seat `json:"seat"`   // the viewer (game.Spectator for spectators)
	Phase  string    `json:"phase"`  // "action" or "over"
	Prompt game.Text `json:"prompt"` // what the viewer is asked to do, or waits for
	Turn   int       `json:"turn"`   // 1..8
	Action int       `json:"action"` // the action to play now, 1..4 (0 once over)
	Actor  string    `json:"actor"`  // the side to play it: "jack" or "investigator" ("" once over)
	Order  [4]string `json:"order"`  // the sides of this turn's four actions (A7)

	Tiles      [9]Tile   `json:"tiles"`      // cells 0..8, row by row from the top left
	Detectives [3]int    `json:"detectives"` // places 1..12 of Holmes, Watson, Toby
	Tokens     [4]Token  `json:"tokens"`     // the four action tokens (A6)
	Rotated    Character `json:"rotated"`    // the tile a Rotation face turned this turn ("" if none): P3
	Sight      Sight     `json:"sight"`      // what the detectives see now

	TimeTokens         [Turns]string `json:"timeTokens"`         // holder of each time token: "", "jack", "investigator"
	Suspects           CharSet       `json:"suspects"`           // characters still suspect side up
	AlibiPile          int           `json:"alibiPile"`          // cards left in the alibi pile
	InvestigatorAlibis []Character   `json:"investigatorAlibis"` // the alibis the investigator drew, in order
	JackAlibiTurns     []int         `json:"jackAlibiTurns"`     // the turn of each alibi Jack drew
	PublicHourglasses  int           `json:"publicHourglasses"`  // the time tokens Jack holds
	ChaseTurn          int           `json:"chaseTurn"`          // the turn both goals were met with Jack unseen (P2), or 0
	LastCall           *Call         `json:"lastCall,omitempty"` // the last witness call

	// What the detectives would see after each legal move: only in the view
	// of the seat that must act (see Preview).
	Preview *Preview `json:"preview,omitempty"`

	// Jack's secrets: only in Jack's view, and in every view once the game is over.
	Jack        *Character  `json:"jack,omitempty"`        // his identity
	JackAlibis  []Character `json:"jackAlibis,omitempty"`  // the alibi cards he drew, in order
	Hourglasses *int        `json:"hourglasses,omitempty"` // time tokens plus his alibis' hourglasses
	JackVisible *bool       `json:"jackVisible,omitempty"` // whether the detectives see him now

	Outcome game.Outcome `json:"outcome"`
}

// Tile is a district tile as the views show it.
type Tile struct {
	Character Character `json:"character"`
	Wall      Side      `json:"wall"`           // the side of its wall (Joseph Lane: of his barricade)
	Suspect   bool      `json:"suspect"`        // suspect side up (false: cleared, empty side)
	Open      bool      `json:"open,omitempty"` // Joseph Lane's flipped crossroads: no wall at all
}

// Token is an action token: its two faces, the face up this turn and whether
// it was played.
type Token struct {
	Faces [2]Kind `json:"faces"`
	Up    Kind    `json:"up"`
	Used  bool    `json:"used"`
}

// Call is the result of a witness call.
type Call struct {
	Turn        int     `json:"turn"`
	JackVisible bool    `json:"jackVisible"`
	Cleared     CharSet `json:"cleared"`
}

// Viewer implements game.View.
func (v *View) Viewer() game.Seat { return v.Seat }

// Board returns the public layout the view shows.
func (v *View) Board() Board {
	var b Board
	for i, t := range v.Tiles {
		b.Tiles[i] = t.Character
		b.Walls[i] = t.Wall
		if !t.Suspect {
			b.Cleared = b.Cleared.With(t.Character)
		}
	}
	for d, p := range v.Detectives {
		b.Places[d] = uint8(p)
	}
	return b
}

// View implements game.State.
func (s *State) View(seat game.Seat) game.View {
	v := s.view(seat)
	return &v
}

func (s *State) view(seat game.Seat) View {
	v := View{Seat: seat, Phase: "action", Turn: int(s.turn), Rotated: s.rotated}
	actor := s.actor()
	if s.over() {
		v.Phase = "over"
		v.Prompt = game.T("pocket.prompt.over")
	} else {
		v.Action = int(s.step) + 1
		v.Actor = sideNames[actor]
		if sideOfSeat(seat) == actor {
			key := "pocket.prompt.act"
			if s.step == 3 {
				key = "pocket.prompt.act-last"
			}
			v.Prompt = game.T(key, "turn", v.Turn, "action", v.Action)
			v.Preview = s.preview()
		} else {
			v.Prompt = game.T("pocket.prompt.wait", "whom", sideWhom(actor), "turn", v.Turn, "action", v.Action)
		}
	}
	for i := range 4 {
		v.Order[i] = sideNames[actorOf(s.turn, uint8(i))]
	}
	for i := range 9 {
		c := s.b.Tiles[i]
		v.Tiles[i] = Tile{Character: c, Wall: s.b.Walls[i], Suspect: !s.b.Cleared.Has(c),
			Open: c == Lane && s.b.Cleared.Has(Lane)}
	}
	for d := range 3 {
		v.Detectives[d] = int(s.b.Places[d])
	}
	for t := range 4 {
		v.Tokens[t] = Token{Faces: tokenFaces[t], Up: s.upFace(t), Used: s.used&(1<<t) != 0}
	}
	v.Sight = s.b.Sight()
	for i, h := range s.timeTok {
		v.TimeTokens[i] = sideNames[h]
	}
	v.Suspects = s.b.Suspects()
	v.AlibiPile = int(s.pileN)
	v.InvestigatorAlibis = append([]Character{}, s.invDrawn[:s.invN]...)
	v.JackAlibiTurns = make([]int, s.jackN)
	for i := range v.JackAlibiTurns {
		v.JackAlibiTurns[i] = int(s.jackTurn[i])
	}
	v.PublicHourglasses = int(s.jackTokens)
	v.ChaseTurn = int(s.chaseTurn)
	if s.lastTurn != 0 {
		v.LastCall = &Call{Turn: int(s.lastTurn), JackVisible: s.lastSeen, Cleared: s.lastCleared}
	}
	if seat == JackSeat || s.over() {
		jack := s.jack
		hg := s.Hourglasses()
		seen := v.Sight.Seen.Has(s.jack)
		v.Jack, v.Hourglasses, v.JackVisible = &jack, &hg, &seen
		v.JackAlibis = append([]Character{}, s.jackDrawn[:s.jackN]...)
	}
	v.Outcome = s.Outcome()
	return v
}
