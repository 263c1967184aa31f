package game

// Event is something that happened, as one audience may see it. A game that must
// tell different seats different things emits several events, one per audience
// (Jack sees "you walked to 42", the others "Jack walked"). An event holds only
// what its audience may know.
type Event struct {
	Type string   `json:"type"` // stable id, e.g. "whitehall.jack-moved"
	To   Audience `json:"-"`
	Text Text     `json:"text"`           // what a player reads
	Data any      `json:"data,omitempty"` // structured detail for the client's drawing
}

// Log collects the events of one Apply. A nil *Log discards them: bots and
// benchmarks pass nil, and games should test On before building an event.
type Log struct {
	Events []Event
}

// On reports whether events are being collected.
func (l *Log) On() bool { return l != nil }

// Add appends an event; it does nothing on a nil Log.
func (l *Log) Add(e Event) {
	if l != nil {
		l.Events = append(l.Events, e)
	}
}

// For returns the events seat x may see, in order.
func (l *Log) For(x Seat) []Event {
	if l == nil {
		return nil
	}
	var out []Event
	for _, e := range l.Events {
		if e.To.Sees(x) {
			out = append(out, e)
		}
	}
	return out
}

// Reset empties the log, keeping its storage.
func (l *Log) Reset() {
	if l != nil {
		l.Events = l.Events[:0]
	}
}
