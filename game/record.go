package game

import (
	"encoding/json"
	"fmt"
)

// Record is a whole game as data: enough to replay it to the same state.
type Record struct {
	Game    string         `json:"game"`
	Options Options        `json:"options,omitempty"`
	Seed    uint64         `json:"seed"`
	Moves   []RecordedMove `json:"moves"`
}

// RecordedMove is one move of a Record: the seat that made it and its JSON
// intent.
type RecordedMove struct {
	Seat Seat            `json:"seat"`
	Move json.RawMessage `json:"move"`
}

// ReplayError says which move of a record could not be played and why.
type ReplayError struct {
	Index int // 0-based index into Record.Moves
	Err   error
}

func (e *ReplayError) Error() string { return fmt.Sprintf("move %d: %v", e.Index+1, e.Err) }
func (e *ReplayError) Unwrap() error { return e.Err }

// Replay sets the record's game up and plays its moves. step, when not nil, is
// called after each move with its index and the events it caused. On an illegal
// move it returns the state before that move and a *ReplayError.
func Replay(rec Record, step func(i int, s State, events *Log)) (State, error) {
	r, err := Lookup(rec.Game)
	if err != nil {
		return nil, err
	}
	st, err := r.New(rec.Options, rec.Seed)
	if err != nil {
		return nil, err
	}
	var log Log
	for i, rm := range rec.Moves {
		m, err := r.DecodeMove(rm.Move)
		if err != nil {
			return st, &ReplayError{Index: i, Err: err}
		}
		log.Reset()
		if err := st.Apply(rm.Seat, m, &log); err != nil {
			return st, &ReplayError{Index: i, Err: err}
		}
		if step != nil {
			step(i, st, &log)
		}
	}
	return st, nil
}
