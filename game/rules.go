package game

import "encoding/json"

// SeatInfo describes one seat of a game: its stable id ("jack", "yellow"), the
// side it plays for ("jack", "investigators") and its name for players.
type SeatInfo struct {
	ID   string `json:"id"`
	Side string `json:"side"`
	Name Text   `json:"name"`
}

// Outcome says whether a game is over, which side won ("" for nobody) and why.
type Outcome struct {
	Over   bool   `json:"over"`
	Winner string `json:"winner,omitempty"`
	Reason Text   `json:"reason"`
}

// Rules is a game's definition. It is stateless and safe for concurrent use.
type Rules interface {
	// ID is the stable id the game is registered under.
	ID() string
	// Name is the game's title for players.
	Name() Text
	// Sides lists the sides that can win, e.g. ["jack", "investigators"].
	Sides() []string
	// OptionSpecs lists the options a table may set.
	OptionSpecs() []OptionSpec
	// Seats lists the seats for these options, in seat order.
	Seats(opts Options) ([]SeatInfo, error)
	// New sets a game up from options and a seed. An invalid option gives an
	// *Error with CodeBadOptions.
	New(opts Options, seed uint64) (State, error)
	// EncodeMove turns a move into its JSON intent. It never fails for a move the
	// game produced.
	EncodeMove(m Move) json.RawMessage
	// DecodeMove parses a JSON intent into a move without judging whether it is
	// legal now; a malformed one gives an *Error with CodeMalformed.
	DecodeMove(data []byte) (Move, error)
	// Determinize returns a full state consistent with everything view v shows,
	// drawing every hidden fact from rng. The result never depends on facts the
	// view's seat may not know.
	Determinize(v View, rng *Rand) (State, error)
	// Messages returns the game's translation catalogue (en, fr, nl).
	Messages() Catalog
}

// MoveAppender is implemented by Rules that can write a move's intent into a
// buffer: AppendMove appends exactly the bytes EncodeMove returns for m. The
// server uses it to write a seat's legal intents without a buffer per move.
type MoveAppender interface {
	AppendMove(dst []byte, m Move) []byte
}

// JSONAppender is implemented by views that can write their own JSON
// encoding: AppendJSON appends exactly what json.Marshal writes for the view.
// The server writes a view for each player after every move, and uses it
// where a game offers it instead of encoding/json's reflection.
type JSONAppender interface {
	AppendJSON(dst []byte) ([]byte, error)
}

// ViewAppender is implemented by states that can append a seat's view as
// JSON without handing the view out: AppendViewJSON appends exactly what
// View(seat) encodes to. The server writes each player's view after every
// move and keeps only the bytes, so a game may build those views in storage
// it reuses.
type ViewAppender interface {
	AppendViewJSON(dst []byte, seat Seat) ([]byte, error)
}

// IntoCloner is implemented by states that can copy themselves into another
// state of their own kind that nobody uses any more, instead of allocating a
// new one: the server clones the table's state before every move and keeps
// the state it replaces for the next clone. CloneInto returns the copy, which
// is dst when dst can hold it (else a new Clone). The copy shares nothing
// mutable with the state it came from, as a Clone.
type IntoCloner interface {
	CloneInto(dst State) State
}

// CloneInto copies s into spare when s offers it (IntoCloner) and spare is
// not nil, else returns s.Clone().
func CloneInto(s, spare State) State {
	if c, ok := s.(IntoCloner); ok && spare != nil && spare != s {
		return c.CloneInto(spare)
	}
	return s.Clone()
}

// State is one game in progress. A State is not safe for concurrent use; the
// server gives each table one owner goroutine.
type State interface {
	// ToAct is the set of seats that must act now; empty when the game is over.
	ToAct() SeatSet
	// Legal appends the legal moves of seat s to buf and returns it. It is empty
	// for a seat that need not act.
	Legal(s Seat, buf []Move) []Move
	// Apply plays move m for seat s. On success it appends the events it caused
	// to log (which may be nil); otherwise it returns an *Error and the state is
	// unchanged.
	Apply(s Seat, m Move, log *Log) error
	// View returns what seat s (or Spectator) may know, built field by field.
	// Once the game is over every view is the full, public record.
	View(s Seat) View
	// Outcome says whether the game is over and who won.
	Outcome() Outcome
	// Clone returns an independent deep copy.
	Clone() State
	// Snapshot is a canonical encoding of the whole state, secrets included, used
	// to check that replay reproduces a state byte for byte. Never send it to a
	// client.
	Snapshot() []byte
}

// View is what one seat may know. Each game defines its own view type, which
// encodes to JSON for the client and is what bots and Determinize receive.
type View interface {
	// Viewer is the seat this view was built for (Spectator for spectators).
	Viewer() Seat
}

// ChatGate is implemented by a State whose rules may close the table chat for a
// while (Jekyll & Hyde: from the deal to the end of the round). The server
// refuses chat lines while ChatOpen is false and the game is not over.
type ChatGate interface {
	ChatOpen() bool
}

// PrivateSeats is implemented by games whose seats keep secrets from each
// other even on one side (Jekyll & Hyde's two hands): there every seat is a
// view group of its own.
type PrivateSeats interface {
	PrivateSeats() bool
}

// ViewGroup names the group of seats whose views one person may see
// together: the seat's side, or the seat itself in a game with private
// seats. Outside a hot-seat table, no person holds seats of two groups in
// one game.
func ViewGroup(r Rules, seats []SeatInfo, seat int) string {
	if seat < 0 || seat >= len(seats) {
		return ""
	}
	if p, ok := r.(PrivateSeats); ok && p.PrivateSeats() {
		return "seat:" + seats[seat].ID
	}
	return "side:" + seats[seat].Side
}
