package whitehall

import (
	"sync"

	"gaslamp/board"
	"gaslamp/game"
)

// View is what one seat may know of a game, built field by field: public
// facts for everyone, Jack's secrets (Locations, Trail, Circle, Announce and
// the true kind of face-down special moves) only in Jack's view, until the
// game is over, when every view shows everything. It encodes to JSON for the
// client, and is what bots and Determinize receive. The server writes it
// with AppendJSON (viewjson.go), which must write every field as its tag says
// (TestViewAppendJSONAsMarshal compares it with json.Marshal).
type View struct {
	// Seat is the viewer (game.Spectator for spectators).
	Seat game.Seat `json:"seat"`
	// Table holds the table's options.
	Table TableOptions `json:"options"`
	// Phase is a stable phase id: locations, place, reveal, newspaper, jack,
	// move, false-clue, action, search or over.
	Phase string `json:"phase"`
	// Prompt says in words who must act and what to do (or how the game
	// ended).
	Prompt game.Text `json:"prompt"`
	// ToAct lists the seats that must act.
	ToAct []game.Seat `json:"toAct"`
	// Actor is the id of the acting figure in figure phases ("yellow"...).
	Actor string `json:"actor,omitempty"`
	// Round is the current round, 1..3, or 0 before Jack's start is revealed.
	Round int `json:"round"`
	// LocationsChosen counts the discovery locations Jack has written down.
	LocationsChosen int `json:"locationsChosen"`
	// Figures lists the investigators' figures in seat order.
	Figures []FigureView `json:"figures"`
	// Track lists the kinds of the move track's used spaces this round
	// (walk, coach, alley, boat, or special for a face-down card).
	Track []string `json:"track"`
	// Cards are Jack's special movement cards as the viewer knows them.
	Cards CardsView `json:"cards"`
	// Reached lists the red markers: reached locations in order, the start
	// first.
	Reached []int `json:"reached"`
	// Clues lists this round's yellow clue markers.
	Clues []int `json:"clues"`
	// FalseClues lists this round's blue false clue markers (W21).
	FalseClues []int `json:"falseClues"`
	// BlueMarkers counts the false clue markers Jack holds (W21).
	BlueMarkers int `json:"blueMarkers"`
	// CluesFound counts the clue markers revealed in the whole game.
	CluesFound int `json:"cluesFound"`
	// Powers says which once-per-game powers are spent (W20).
	Powers PowersView `json:"powers"`
	// Search is the search in progress, if any.
	Search *SearchView `json:"search,omitempty"`
	// Guess is Swanson's failed guess: a circle that is no unreached
	// location; 0 for none.
	Guess int `json:"guess,omitempty"`
	// Rounds is the public record of every round so far.
	Rounds []RoundView `json:"rounds"`

	// Locations are Jack's discovery locations by quadrant (bA, aA, aB, bB;
	// 0 while not chosen). Jack only, until the game is over.
	Locations []int `json:"locations,omitempty"`
	// Trail holds one row per round: cell 0 and the circle of every track
	// space used. Jack only, until the game is over.
	Trail [][]int `json:"trail,omitempty"`
	// Circle is Jack's circle. Jack only, until the game is over.
	Circle int `json:"circle,omitempty"`
	// Announce tells Jack that he reached a location this turn: it will be
	// announced at the end of the turn (W12). Jack only.
	Announce bool `json:"announce,omitempty"`

	// Possible lists the circles where Jack may be, from the public record,
	// with the number of trails ending on each, when the table's deduction
	// option is on (investigators and spectators, before the game is over).
	Possible []Possible `json:"possible,omitempty"`
	// PossibleTotal is the number of trails consistent with the record.
	PossibleTotal uint64 `json:"possibleTotal,omitempty"`

	// Outcome is the game's outcome (Over is false while it goes on).
	Outcome game.Outcome `json:"outcome"`
}

// TableOptions are the table's options as a view shows them.
type TableOptions struct {
	InvestigatorPowers    bool   `json:"investigatorPowers"`
	Reid                  string `json:"reid"`
	Swanson               string `json:"swanson"`
	FalseClues            bool   `json:"falseClues"`
	MurdererAtLarge       bool   `json:"murdererAtLarge"`
	NewspaperFabrications bool   `json:"newspaperFabrications"`
	Deduction             string `json:"deduction"`
}

// FigureView is one investigator figure.
type FigureView struct {
	Seat     game.Seat `json:"seat"`
	ID       string    `json:"id"`       // yellow, blue, red, green or brown
	Name     string    `json:"name"`     // the investigator's name
	Crossing string    `json:"crossing"` // label, "" before placement
}

// CardsView counts Jack's special movement cards (2 of each type per game).
type CardsView struct {
	Coach CardView `json:"coach"`
	Alley CardView `json:"alley"`
	Boat  CardView `json:"boat"`
	// Hidden counts the cards played face down this round whose type the
	// viewer does not know (murderer-at-large). They are in no Out count,
	// and they are counted in the Left of their own type: Left is the
	// number of cards of that type not known to be out.
	Hidden int `json:"hidden"`
}

// CardView counts the cards of one type.
type CardView struct {
	Left int `json:"left"`
	Out  int `json:"out"`
}

// PowersView says which powers are spent (W20).
type PowersView struct {
	SmokerSpent  bool `json:"smokerSpent"`
	ReidSpent    bool `json:"reidSpent"`
	SwansonSpent bool `json:"swansonSpent"`
	// Speed is true when yellow used Smoker's Speed this turn (no action).
	Speed bool `json:"speed"`
}

// SearchView is the search in progress.
type SearchView struct {
	Figure string `json:"figure"`
	Scent  bool   `json:"scent"`
	Named  []int  `json:"named"`
}

// RoundView is the public record of one round.
type RoundView struct {
	// Start is cell 0: the location the round started from.
	Start int `json:"start"`
	// End is the location announced at the end of the round; 0 while it
	// goes on.
	End int `json:"end,omitempty"`
	// Moves lists Jack's moves in order.
	Moves []MoveRecord `json:"moves"`
	// Obs lists the answers to searches and arrests in order.
	Obs []ObsRecord `json:"obs"`
}

// MoveRecord is one of Jack's moves as the viewer knows it.
type MoveRecord struct {
	// Kind is walk, coach, alley, boat, or special for a face-down card.
	Kind string `json:"kind"`
	// Cells is the number of track spaces it took (2 for a coach).
	Cells int `json:"cells"`
	// Occupied lists the crossings that held figures when Jack moved.
	Occupied []string `json:"occupied"`
}

// ObsRecord is one public answer: when the trail held cells 0..Time, Circle
// was named: clue, no-clue (search) or not-here (arrest).
type ObsRecord struct {
	Time   int    `json:"time"`
	Circle int    `json:"circle"`
	Kind   string `json:"kind"`
}

// Possible is a circle where Jack may be and the number of consistent trails
// ending there.
type Possible struct {
	Circle int    `json:"circle"`
	Count  uint64 `json:"count"`
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

// View implements game.State.
func (s *State) View(seat game.Seat) game.View { return s.view(seat, new(viewScratch)) }

// AppendViewJSON appends seat's view as JSON to dst: exactly what View(seat)'s
// AppendJSON appends, built in a reused View whose lists keep their arrays
// from one view to the next, so that the views the server writes after every
// move allocate next to nothing (game.ViewAppender). Every field is set again
// for each view (TestAppendViewJSONAsView): nothing of an earlier view, of
// another seat or another game, survives into the next.
func (s *State) AppendViewJSON(dst []byte, seat game.Seat) ([]byte, error) {
	sc := viewScratches.Get().(*viewScratch)
	dst, err := s.view(seat, sc).AppendJSON(dst)
	viewScratches.Put(sc)
	return dst, err
}

// viewScratch holds a View and the arrays of its lists, for view to fill.
type viewScratch struct {
	v       View
	figures []FigureView
	track   []string
	rounds  []RoundView
	labels  []string
	moves   []MoveRecord
	obs     []ObsRecord
}

var viewScratches = sync.Pool{New: func() any { return new(viewScratch) }}

// room returns an empty list with room for n items, on *buf's array when it
// has the room, else on a new array it keeps in *buf. The list is never nil
// (it encodes as [], not null), as make's.
func room[T any](buf *[]T, n int) []T {
	if *buf == nil || cap(*buf) < n {
		*buf = make([]T, 0, n+n/4)
	}
	return (*buf)[:0]
}

// view builds seat's view in sc's View, on sc's arrays, and returns it.
func (s *State) view(seat game.Seat, sc *viewScratch) *View {
	c := &s.c
	full := seat == 0 || c.Phase == phOver
	v := &sc.v
	*v = View{
		Seat:            seat,
		Table:           c.Cfg.table(),
		Phase:           phaseIDs[c.Phase],
		Prompt:          s.promptOnce(),
		ToAct:           s.ToAct().Seats(),
		LocationsChosen: int(c.NLocs),
		BlueMarkers:     int(c.Blue),
		CluesFound:      int(c.CluesTotal),
		Guess:           int(c.Guess),
		Outcome:         s.Outcome(),
		Powers: PowersView{
			SmokerSpent:  c.Spent&spSmoker != 0,
			ReidSpent:    c.Spent&spReid != 0,
			SwansonSpent: c.Spent&spSwanson != 0,
			Speed:        c.Speed,
		},
	}
	switch c.Phase {
	case phPlace, phMove, phAction, phSearch:
		v.Actor = figureIDs[s.figureOf(int(c.Actor))]
	}
	started := c.NReached > 0
	if started {
		v.Round = int(c.Round) + 1
	}
	v.Figures = room(&sc.figures, len(c.Cfg.Figs))
	for i, f := range c.Cfg.Figs {
		fv := FigureView{Seat: game.Seat(i + 1), ID: figureIDs[f], Name: figureNames[f]}
		if c.Fig[i] != noCrossing {
			fv.Crossing = label(int(c.Fig[i]))
		}
		v.Figures = append(v.Figures, fv)
	}
	v.Reached = bytesToInts(c.Order[:c.NReached])
	v.Clues = setToInts(c.Clues)
	v.FalseClues = setToInts(c.FClues)
	if c.Phase == phSearch {
		v.Search = &SearchView{Figure: v.Actor, Scent: c.Scent, Named: setToInts(c.Named)}
	}

	// Cards and the record: face-down cards of the current round are
	// "special" for a viewer without full knowledge.
	// The record's lists are sized up front, and every move's occupied
	// crossings share one backing array (each a full slice of its own part):
	// a view is built for every seat after every move.
	v.Track = room(&sc.track, int(c.Cells[c.Round]))
	v.Rounds = []RoundView{}
	if started {
		v.Rounds = room(&sc.rounds, int(c.Round)+1)
		nMoves, nObs := 0, 0
		for r := 0; r <= int(c.Round); r++ {
			nMoves += int(c.NMoves[r])
			nObs += int(c.NObs[r])
		}
		labels := room(&sc.labels, nMoves*numFigures)
		// Each round's moves and answers are a full slice of its own part
		// of one array.
		moves, obs := room(&sc.moves, nMoves), room(&sc.obs, nObs)
		for r := 0; r <= int(c.Round); r++ {
			nm, no := len(moves)+int(c.NMoves[r]), len(obs)+int(c.NObs[r])
			rv := RoundView{Start: int(c.Trail[r][0]), Moves: moves[len(moves):len(moves):nm], Obs: obs[len(obs):len(obs):no]}
			moves, obs = moves[:nm], obs[:no]
			if r < int(c.Round) || (c.Phase == phOver && c.Winner == winJack) {
				rv.End = int(c.Order[r+1])
			}
			for _, jm := range c.Moves[r][:c.NMoves[r]] {
				kind := jackKindNames[jm.Kind]
				if !full && s.faceDown(r, jm.Kind) {
					kind = "special"
				}
				cells := 1
				if jm.Kind == jkCoach {
					cells = 2
				}
				from := len(labels)
				for _, x := range jm.Occ {
					labels = append(labels, label(int(x)))
				}
				occ := labels[from:len(labels):len(labels)]
				rv.Moves = append(rv.Moves, MoveRecord{Kind: kind, Cells: cells, Occupied: occ})
				if r == int(c.Round) {
					for i := 0; i < cells; i++ {
						v.Track = append(v.Track, kind)
					}
				}
			}
			for _, o := range c.Obs[r][:c.NObs[r]] {
				rv.Obs = append(rv.Obs, ObsRecord{Time: int(o.Time), Circle: int(o.Circle), Kind: obsKindNames[o.Kind]})
			}
			v.Rounds = append(v.Rounds, rv)
		}
	}
	if full {
		v.Cards = s.cards(false)
	} else {
		v.Cards = s.cards(true)
	}

	if full {
		v.Locations = bytesToInts(c.Locs[:])
		if started {
			for r := 0; r <= int(c.Round); r++ {
				v.Trail = append(v.Trail, bytesToInts(c.Trail[r][:c.Cells[r]+1]))
			}
			v.Circle = int(c.Cur)
		}
		v.Announce = seat == 0 && c.Pending
	} else if c.Cfg.Deduction && started {
		if d := s.deduce(); d != nil {
			v.Possible = d.possible
			v.PossibleTotal = d.total
		}
	}
	return v
}

// faceDown reports whether a move of kind k in round r is a face-down card
// (W22): murderer-at-large, a special move, the current round.
func (s *State) faceDown(r int, k uint8) bool {
	return s.c.Cfg.Murderer && k != jkWalk && r == int(s.c.Round) && s.c.Phase != phOver
}

// promptOnce returns prompt, made once per version.
func (s *State) promptOnce() game.Text {
	if !s.saidOK {
		s.said, s.saidOK = s.prompt(), true
	}
	return s.said
}

// prompt says who must act and what to do.
func (s *State) prompt() game.Text {
	c := &s.c
	a := int(c.Actor)
	switch c.Phase {
	case phLocations:
		return game.T("whitehall.prompt.locations", "n", int(c.NLocs))
	case phPlace:
		return game.T("whitehall.prompt.place", "who", s.who(a))
	case phReveal:
		return game.T("whitehall.prompt.reveal")
	case phNewspaper:
		return game.T("whitehall.prompt.newspaper")
	case phJack:
		return game.T("whitehall.prompt.jack", "space", s.cells()+1, "round", int(c.Round)+1)
	case phMove:
		if s.hasSmoker(a) {
			return game.T("whitehall.prompt.move-smoker", "who", s.who(a))
		}
		return game.T("whitehall.prompt.move", "who", s.who(a))
	case phFalseClue:
		return game.T("whitehall.prompt.false-clue", "held", int(c.Blue))
	case phAction:
		return game.T("whitehall.prompt.action", "who", s.who(a))
	case phSearch:
		if s.scentOffered() {
			return game.T("whitehall.prompt.scent-offer", "who", s.who(a))
		}
		return game.T("whitehall.prompt.search", "who", s.who(a))
	}
	return s.Outcome().Reason
}

// table returns the options as a view shows them.
func (c config) table() TableOptions {
	d := "on"
	if !c.Deduction {
		d = "off"
	}
	return TableOptions{
		InvestigatorPowers:    c.Powers,
		Reid:                  replaceChoices[c.Reid],
		Swanson:               replaceChoices[c.Swanson],
		FalseClues:            c.FalseClues,
		MurdererAtLarge:       c.Murderer,
		NewspaperFabrications: c.Newspaper,
		Deduction:             d,
	}
}

// config rebuilds the rules' config from the view's options.
func (v *View) config() (config, error) {
	t := v.Table
	o := game.Options{OptReid: t.Reid, OptSwanson: t.Swanson, OptDeduction: t.Deduction}
	for name, on := range map[string]bool{OptPowers: t.InvestigatorPowers, OptFalseClues: t.FalseClues,
		OptMurderer: t.MurdererAtLarge, OptNewspaper: t.NewspaperFabrications} {
		if on {
			o[name] = "true"
		}
	}
	return parseOptions(o)
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
