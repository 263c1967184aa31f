package server

// This file is the one choke point of secrecy: every frame the server sends
// on a WebSocket is built here, from the audience of the connection (the set
// of seats it holds, or none for a spectator). Views come only from
// State.View of those seats (or of game.Spectator), events are filtered by
// Event.To.Sees for those seats (the union for several seats, each event
// once), legal moves only for those seats, and errors carry only a
// *game.Error's code and text, never its detail.

import (
	"encoding/json"
	"strconv"
	"time"

	"gaslamp/game"
	"gaslamp/store"
)

// audienceOf returns the seats connection c holds at this table.
func (t *table) audienceOf(c *conn) game.SeatSet { return t.heldBy(c.userID) }

// visible reports whether an event may be sent to audience a.
func visible(a game.SeatSet, e game.Event) bool {
	if a.Empty() {
		return e.To.Sees(game.Spectator)
	}
	for _, s := range a.Seats() {
		if e.To.Sees(s) {
			return true
		}
	}
	return false
}

// eventsFor returns the events of one version audience a may see, in order.
func eventsFor(a game.SeatSet, evs []game.Event) []game.Event {
	out := []game.Event{}
	for _, e := range evs {
		if visible(a, e) {
			out = append(out, e)
		}
	}
	return out
}

// viewsFor returns the views of the seats of a, keyed by seat number, or the
// spectator's view under "spectator".
func (t *table) viewsFor(a game.SeatSet) map[string]game.View {
	if a.Empty() {
		return map[string]game.View{"spectator": t.state.View(game.Spectator)}
	}
	out := make(map[string]game.View, a.Len())
	for _, s := range a.Seats() {
		out[strconv.Itoa(int(s))] = t.state.View(s)
	}
	return out
}

// legalFor returns the legal intents of the seats of a that must act now.
func (t *table) legalFor(a game.SeatSet) map[string][]json.RawMessage {
	out := map[string][]json.RawMessage{}
	if t.rec.Status != store.StatusRunning {
		return out
	}
	act := t.state.ToAct()
	for _, s := range a.Seats() {
		if !act.Has(s) {
			continue
		}
		moves := t.state.Legal(s, nil)
		intents := make([]json.RawMessage, len(moves))
		for i, m := range moves {
			intents[i] = t.rules.EncodeMove(m)
		}
		out[strconv.Itoa(int(s))] = intents
	}
	return out
}

type historyEntry struct {
	V      int64        `json:"v"`
	Events []game.Event `json:"events"`
}

type chatOut struct {
	T    string    `json:"t,omitempty"`
	From string    `json:"from"`
	Seat *int      `json:"seat,omitempty"`
	Text string    `json:"text"`
	At   time.Time `json:"at"`
}

func chatLine(c store.Chat) chatOut {
	out := chatOut{From: c.Name, Text: c.Text, At: c.At}
	if c.Seat >= 0 {
		s := c.Seat
		out.Seat = &s
	}
	return out
}

type stateMsg struct {
	T       string                       `json:"t"`
	V       int64                        `json:"v"`
	Table   *tableSummary                `json:"table"`
	You     []game.Seat                  `json:"you"`
	Views   map[string]game.View         `json:"views"`
	Legal   map[string][]json.RawMessage `json:"legal"`
	Outcome game.Outcome                 `json:"outcome"`
	History []historyEntry               `json:"history"`
	Chat    []chatOut                    `json:"chat"`
	Record  *game.Record                 `json:"record,omitempty"`
}

// stateFor builds a full state for audience a. A finished table also carries
// its record (every move), which is public once the game is over.
func (t *table) stateFor(a game.SeatSet) []byte {
	m := stateMsg{
		T: "state", V: t.version, Table: t.summary.Load(), You: a.Seats(),
		Views: t.viewsFor(a), Legal: t.legalFor(a), Outcome: t.state.Outcome(),
		History: []historyEntry{}, Chat: make([]chatOut, 0, len(t.chat)),
	}
	for i, evs := range t.history {
		if e := eventsFor(a, evs); len(e) > 0 {
			m.History = append(m.History, historyEntry{V: int64(i + 1), Events: e})
		}
	}
	for _, c := range t.chat {
		m.Chat = append(m.Chat, chatLine(c))
	}
	if t.finished() {
		m.Record = &game.Record{Game: t.rec.Game, Options: game.Options(t.rec.Options), Seed: t.rec.Seed, Moves: t.moves}
	}
	return mustJSON(m)
}

type updateMsg struct {
	T       string                       `json:"t"`
	V       int64                        `json:"v"`
	Events  []game.Event                 `json:"events"`
	Views   map[string]game.View         `json:"views"`
	Legal   map[string][]json.RawMessage `json:"legal"`
	Outcome game.Outcome                 `json:"outcome"`
}

type catchUpMsg struct {
	T      string       `json:"t"`
	V      int64        `json:"v"`
	Events []game.Event `json:"events"`
}

// updateFor builds the update of version v for audience a. With full, it
// carries the current views, legal moves and outcome (only the latest version
// can); otherwise only the events (a catch-up after a reconnection).
func (t *table) updateFor(a game.SeatSet, v int64, full bool) []byte {
	evs := eventsFor(a, t.history[v-1])
	if !full {
		return mustJSON(catchUpMsg{T: "update", V: v, Events: evs})
	}
	return mustJSON(updateMsg{T: "update", V: v, Events: evs, Views: t.viewsFor(a), Legal: t.legalFor(a), Outcome: t.state.Outcome()})
}

// broadcastUpdate sends the latest update to every ready connection, building
// it once per distinct audience.
func (t *table) broadcastUpdate() {
	cache := map[game.SeatSet][]byte{}
	for c := range t.conns {
		if !c.ready {
			continue
		}
		a := t.audienceOf(c)
		frame, ok := cache[a]
		if !ok {
			frame = t.updateFor(a, t.version, true)
			cache[a] = frame
		}
		c.send(frame)
	}
}

type presenceSeat struct {
	Seat      int  `json:"seat"`
	Connected bool `json:"connected"`
	Bot       bool `json:"bot"`
}

// presenceFrame tells who is at the table: public to all.
func (t *table) presenceFrame() []byte {
	seats := make([]presenceSeat, len(t.rec.Seats))
	for i, st := range t.rec.Seats {
		bot := t.botControlled(game.Seat(i))
		seats[i] = presenceSeat{Seat: i, Bot: bot, Connected: bot && st.Kind == store.KindBot || t.connected(game.Seat(i))}
	}
	return mustJSON(struct {
		T     string         `json:"t"`
		Seats []presenceSeat `json:"seats"`
	}{"presence", seats})
}

func (t *table) broadcastPresence() {
	frame := t.presenceFrame()
	for c := range t.conns {
		if c.ready {
			c.send(frame)
		}
	}
}

// chatFrame is one chat line, public to the table.
func chatFrame(c store.Chat) []byte {
	out := chatLine(c)
	out.T = "chat"
	return mustJSON(out)
}

type errorMsg struct {
	T    string    `json:"t"`
	ID   string    `json:"id,omitempty"`
	Code game.Code `json:"code"`
	Text game.Text `json:"text"`
	V    int64     `json:"v"`
}

// errorFrame is a refusal: only the error's code and text, never its detail.
func errorFrame(id string, err *game.Error, v int64) []byte {
	return mustJSON(errorMsg{T: "error", ID: id, Code: err.Code, Text: err.Text, V: v})
}

// ackFrame acknowledges a stored and applied move.
func ackFrame(id string, v int64) []byte {
	return mustJSON(struct {
		T  string `json:"t"`
		ID string `json:"id"`
		V  int64  `json:"v"`
	}{"ack", id, v})
}

var pongFrame = []byte(`{"t":"pong"}`)

func mustJSON(v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		// A view or event that does not encode is a game bug; the conformance
		// suite checks for it. Send a generic internal error rather than panic.
		data, _ = json.Marshal(errorMsg{T: "error", Code: game.CodeInternal, Text: game.T("err.internal")})
	}
	return data
}
