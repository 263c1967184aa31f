package whitechapel

import (
	"gaslamp/board"
	"gaslamp/game"
)

// View is what one seat may know of a game, built field by field: public
// facts for everyone; the identities of face-down patrol tokens for the
// police (who placed them); Jack's secrets (Hideout, Marked, Trail, Circle)
// for Jack alone. When the game is over every view shows everything. It
// encodes to JSON for the client, and is what bots and Determinize receive.
type View struct {
	// Seat is the viewer (game.Spectator for spectators).
	Seat game.Seat `json:"seat"`
	// Table holds the table's options.
	Table TableOptions `json:"options"`
	// Phase is a stable phase id: hideout, women, patrol, kill, wretched,
	// reveal, second, jack, move, action, search or over.
	Phase string `json:"phase"`
	// Prompt says in words who must act and what to do (or how the game
	// ended).
	Prompt game.Text `json:"prompt"`
	// ToAct lists the seats that must act.
	ToAct []game.Seat `json:"toAct"`
	// Actor is the colour of the acting policeman in the move, action and
	// search phases.
	Actor string `json:"actor,omitempty"`
	// Night is the night, 1..4.
	Night int `json:"night"`
	// Head is the colour of tonight's Head of the Investigation, who places
	// the patrol tokens and moves the wretched.
	Head string `json:"head"`
	// Order lists the policemen's colours in tonight's order of play.
	Order []string `json:"order"`
	// TimeOfCrime is the Time of the Crime token, 1 (I) to 5 (V); 0 before
	// tonight's victims are chosen.
	TimeOfCrime int `json:"timeOfCrime"`
	// Track is Jack's pawn on the move track, once he killed tonight.
	Track *TrackView `json:"track,omitempty"`
	// Coaches and Alleys count the special movement tokens Jack has left
	// tonight.
	Coaches int `json:"coaches"`
	Alleys  int `json:"alleys"`
	// WomenLeft counts the woman tokens Jack has still to place tonight.
	WomenLeft int `json:"womenLeft"`
	// Women lists the face-down woman tokens in the order of their circles:
	// for Jack (and once the game is over) as he places them; for the others
	// empty until the night's last token is down (RULINGS L10). No view
	// depends on the order in which Jack laid the tokens, so neither does a
	// finished game's replay once the night's placement is complete.
	Women []int `json:"women"`
	// PatrolsLeft counts the patrol tokens still to place tonight.
	PatrolsLeft int `json:"patrolsLeft"`
	// Patrols lists the patrol tokens on the board, in placement order.
	Patrols []PatrolView `json:"patrols"`
	// Wretched lists the circles of the wretched, in moving order.
	Wretched []int `json:"wretched"`
	// WretchedTurn is the circle of the wretched to move now (phase
	// wretched).
	WretchedTurn int `json:"wretchedTurn,omitempty"`
	// CrimeScenes lists every crime scene in order (they stay on the board).
	CrimeScenes []int `json:"crimeScenes"`
	// Policemen lists the five policemen in seat order.
	Policemen []PolicemanView `json:"policemen"`
	// Clues lists tonight's clue markers.
	Clues []int `json:"clues"`
	// Search is the search in progress, if any.
	Search *SearchView `json:"search,omitempty"`
	// Nights is the public record of every night since its first kill.
	Nights []NightView `json:"nights"`

	// Hideout is Jack's hideout. Jack only, until the game is over.
	Hideout int `json:"hideout,omitempty"`
	// Marked lists the circles of the marked woman tokens, in circle order.
	// Jack only.
	Marked []int `json:"marked,omitempty"`
	// Trail holds one row per night since its first kill: the crime
	// scene(s) and the circle of every track space used. Jack only, until
	// the game is over.
	Trail [][]int `json:"trail,omitempty"`
	// Circle is Jack's circle (his hideout between nights). Jack only, until
	// the game is over.
	Circle int `json:"circle,omitempty"`

	// Possible lists the circles where Jack may be tonight, from every
	// public fact (package hunt: tonight's record and the earlier nights,
	// through what they say of the hideout), with each circle's weight, when
	// the deduction option is on (police and spectators, before the game is
	// over). A circle's weight over PossibleTotal is its probability under
	// the model of hunt.Hideouts (see hunt.HideoutSolution.Tonight).
	Possible []Possible `json:"possible,omitempty"`
	// PossibleTotal is the sum of the weights of Possible.
	PossibleTotal float64 `json:"possibleTotal,omitempty"`
	// Hideouts lists the possible hideouts once Jack got home at least once,
	// with their weights (hunt.Hideouts over the finished nights and, while
	// Jack is out, tonight's record so far), when the deduction option is on
	// (police and spectators, before the game is over).
	Hideouts []PossibleHideout `json:"hideouts,omitempty"`

	// Outcome is the game's outcome (Over is false while it goes on).
	Outcome game.Outcome `json:"outcome"`
}

// TableOptions are the table's options as a view shows them.
type TableOptions struct {
	Deduction string `json:"deduction"`
}

// TrackView is Jack's pawn on the move track tonight.
type TrackView struct {
	// Start is the space of the Time of the Crime where the pawn started:
	// 0 is V, 4 is I (spaces 5..19 are 1..15).
	Start int `json:"start"`
	// Used counts the spaces used since (a coach uses 2; the double event's
	// second kill 1).
	Used int `json:"used"`
	// Left counts the spaces left before the end of the track.
	Left int `json:"left"`
}

// PatrolView is one patrol token on the board.
type PatrolView struct {
	Crossing string `json:"crossing"`
	FaceUp   bool   `json:"faceUp"`
	// Token is the token's colour ("blue"...) or "fake" when the viewer
	// knows it: the police always, everyone once it is face up; "" else.
	Token string `json:"token,omitempty"`
}

// PolicemanView is one policeman.
type PolicemanView struct {
	Seat     game.Seat `json:"seat"`
	ID       string    `json:"id"`       // blue, yellow, brown, red or green
	Crossing string    `json:"crossing"` // label, "" off the board
}

// SearchView is the search in progress.
type SearchView struct {
	Policeman string `json:"policeman"`
	Named     []int  `json:"named"`
}

// NightView is the public record of one night.
type NightView struct {
	// Scene is the crime scene, cell 0 of the night's trail.
	Scene int `json:"scene"`
	// Second is the double event's second crime scene, cell 1; 0 if none.
	Second int `json:"second,omitempty"`
	// TimeOfCrime is the Time of the Crime at the kill, 1 (I) to 5 (V).
	TimeOfCrime int `json:"timeOfCrime"`
	// Moves lists Jack's moves in order.
	Moves []MoveRecord `json:"moves"`
	// Obs lists the answers to searches and arrests in order.
	Obs []ObsRecord `json:"obs"`
	// Home is true when the night ended with Jack home.
	Home bool `json:"home"`
}

// MoveRecord is one of Jack's moves.
type MoveRecord struct {
	// Kind is walk, coach or alley.
	Kind string `json:"kind"`
	// Cells is the number of track spaces it took (2 for a coach).
	Cells int `json:"cells"`
	// Police lists the policemen's crossings in seat order when Jack moved.
	Police []string `json:"police"`
}

// ObsRecord is one public answer: when the trail held cells 0..Time, Circle
// was named: clue, no-clue (search) or not-here (arrest).
type ObsRecord struct {
	Time   int    `json:"time"`
	Circle int    `json:"circle"`
	Kind   string `json:"kind"`
}

// Possible is a circle where Jack may be tonight and its weight: the number
// of public histories (a hideout, then a trail each night) that fit the
// record and put him there. JSON "count" for the renderers.
type Possible struct {
	Circle int     `json:"circle"`
	Weight float64 `json:"count"`
}

// PossibleHideout is a circle that may be Jack's hideout and its weight:
// the number of public histories of the nights so far it allows (see
// hunt.Hideouts).
type PossibleHideout struct {
	Circle int     `json:"circle"`
	Weight float64 `json:"weight"`
}

// Viewer implements game.View.
func (v *View) Viewer() game.Seat { return v.Seat }

// Options returns the table's options (for bots: bot.OptionsView).
func (v *View) Options() game.Options {
	c, err := v.config()
	if err != nil {
		return game.Options{}
	}
	return c.options()
}

// config rebuilds the rules' config from the view's options.
func (v *View) config() (config, error) {
	return parseOptions(game.Options{OptDeduction: v.Table.Deduction})
}

// isPolice reports whether seat is a policeman's.
func isPolice(seat game.Seat) bool { return seat >= 1 && seat <= numPolice }

// killed reports whether night n had its first kill.
func (s *State) killed(n int) bool { return s.c.TimeOf[n] != 0 }

// View implements game.State.
func (s *State) View(seat game.Seat) game.View {
	c := &s.c
	over := c.Phase == phOver
	full := seat == 0 || over
	n := int(c.Night)
	v := &View{
		Seat:        seat,
		Table:       c.Cfg.table(),
		Phase:       phaseIDs[c.Phase],
		Prompt:      s.prompt(),
		ToAct:       s.ToAct().Seats(),
		Night:       n + 1,
		Head:        colourIDs[s.head()],
		TimeOfCrime: int(c.Time),
		Coaches:     int(c.Coaches),
		Alleys:      int(c.Alleys),
		Outcome:     s.Outcome(),
	}
	for k := 0; k < numPolice; k++ {
		v.Order = append(v.Order, colourIDs[s.policeman(k)])
	}
	switch c.Phase {
	case phMove, phAction, phSearch:
		v.Actor = colourIDs[s.actor()]
	case phWretched:
		v.WretchedTurn = int(c.Wretched[c.Actor])
	}
	if c.Phase == phWomen {
		v.WomenLeft = int(nightWomen[n] - c.NWomen)
	}
	if c.Phase == phWomen || c.Phase == phPatrol {
		v.PatrolsLeft = numPatrols - int(c.NPatrols)
	}
	if s.killed(n) {
		v.Track = &TrackView{Start: 5 - int(c.TimeOf[n]), Used: s.cells(), Left: s.movesLeft()}
	}
	switch {
	case full:
		v.Women = setToInts(s.womenSet())
	case c.Phase == phWomen:
		// RULINGS L10: until the last token is down, the others see only
		// how many are left (WomenLeft), never where or in what order.
		v.Women = []int{}
	default:
		v.Women = setToInts(s.womenSet())
	}
	v.Patrols = []PatrolView{}
	for i := 0; i < int(c.NPatrols); i++ {
		if c.PatrolOff&(1<<i) != 0 {
			continue
		}
		pv := PatrolView{Crossing: label(int(c.Patrols[i])), FaceUp: c.PatrolUp&(1<<i) != 0}
		if pv.FaceUp || isPolice(seat) || over {
			pv.Token = tokenIDs[c.PatrolID[i]]
		}
		v.Patrols = append(v.Patrols, pv)
	}
	v.Wretched = bytesToInts(c.Wretched[:c.NWretched])
	v.CrimeScenes = bytesToInts(c.Scenes[:c.NScenes])
	for i, x := range c.Police {
		pv := PolicemanView{Seat: game.Seat(i + 1), ID: colourIDs[i]}
		if x != noCrossing {
			pv.Crossing = label(int(x))
		}
		v.Policemen = append(v.Policemen, pv)
	}
	v.Clues = setToInts(c.Clues)
	if c.Phase == phSearch {
		v.Search = &SearchView{Policeman: v.Actor, Named: setToInts(c.Named)}
	}
	v.Nights = []NightView{}
	for k := 0; k <= n; k++ {
		if s.killed(k) {
			v.Nights = append(v.Nights, s.nightView(k))
		}
	}

	if full {
		v.Hideout = int(c.Hideout)
		if marked := s.markedSet(); !marked.Empty() {
			v.Marked = setToInts(marked)
		}
		for k := 0; k <= n; k++ {
			if s.killed(k) {
				v.Trail = append(v.Trail, bytesToInts(c.Trail[k][:c.Cells[k]+1]))
			}
		}
		v.Circle = int(c.Cur)
	} else if c.Cfg.Deduction {
		if d := s.deduce(); d != nil {
			v.Possible = d.possible
			v.PossibleTotal = d.total
			v.Hideouts = d.hideouts
		}
	}
	return v
}

// nightView returns the public record of night n.
func (s *State) nightView(n int) NightView {
	c := &s.c
	nv := NightView{
		Scene:       int(c.Scenes[sceneBase[n]]),
		TimeOfCrime: int(c.TimeOf[n]),
		Moves:       []MoveRecord{},
		Obs:         []ObsRecord{},
		Home:        c.Home&(1<<n) != 0,
	}
	if nightVictims[n] == 2 && c.NScenes > sceneBase[n]+1 {
		nv.Second = int(c.Scenes[sceneBase[n]+1])
	}
	prev := 0
	if nv.Second != 0 {
		prev = 1
	}
	for _, jm := range c.Moves[n][:c.NMoves[n]] {
		police := make([]string, numPolice)
		for i, x := range jm.Occ {
			police[i] = label(int(x))
		}
		nv.Moves = append(nv.Moves, MoveRecord{Kind: jackKindNames[jm.Kind], Cells: int(jm.Cell) - prev, Police: police})
		prev = int(jm.Cell)
	}
	for _, o := range c.Obs[n][:c.NObs[n]] {
		nv.Obs = append(nv.Obs, ObsRecord{Time: int(o.Time), Circle: int(o.Circle), Kind: obsKindNames[o.Kind]})
	}
	return nv
}

// prompt says who must act and what to do, from public facts only.
func (s *State) prompt() game.Text {
	c := &s.c
	n := int(c.Night) + 1
	switch c.Phase {
	case phHideout:
		return game.T("whitechapel.prompt.hideout")
	case phWomen:
		return game.T("whitechapel.prompt.women", "night", n, "left", int(nightWomen[c.Night]-c.NWomen))
	case phPatrol:
		return game.T("whitechapel.prompt.patrol", "who", who(s.head()), "left", numPatrols-int(c.NPatrols))
	case phKill:
		if c.Time >= 5 {
			return game.T("whitechapel.prompt.must-kill")
		}
		return game.T("whitechapel.prompt.kill", "time", roman(int(c.Time)))
	case phWretched:
		return game.T("whitechapel.prompt.wretched", "who", who(s.head()), "circle", int(c.Wretched[c.Actor]))
	case phReveal:
		return game.T("whitechapel.prompt.reveal")
	case phSecond:
		return game.T("whitechapel.prompt.second")
	case phJack:
		return game.T("whitechapel.prompt.jack", "night", n, "left", s.movesLeft())
	case phMove:
		return game.T("whitechapel.prompt.move", "who", who(s.actor()))
	case phAction:
		return game.T("whitechapel.prompt.action", "who", who(s.actor()))
	case phSearch:
		return game.T("whitechapel.prompt.search", "who", who(s.actor()))
	}
	return s.Outcome().Reason
}

// table returns the options as a view shows them.
func (c config) table() TableOptions {
	if c.Deduction {
		return TableOptions{Deduction: "on"}
	}
	return TableOptions{Deduction: "off"}
}

func bytesToInts(b []uint8) []int {
	out := make([]int, len(b))
	for i, x := range b {
		out[i] = int(x)
	}
	return out
}

func setToInts(s board.Set) []int {
	return s.AppendTo(make([]int, 0, s.Count()))
}
