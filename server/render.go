package server

// This file is the one choke point of secrecy: every frame the server sends
// on a WebSocket is built here, from the audience of the connection (the set
// of seats it holds, or none for a spectator). Views come only from
// State.View of those seats (or of game.Spectator), events are filtered by
// Event.To.Sees for those seats (the union for several seats, each event
// once), legal moves only for those seats, and errors carry only a
// *game.Error's code and text, never its detail.
//
// Each seat's view and legal moves are encoded once per table version (see
// frameCache) and the bytes are reused for every connection and audience that
// holds that seat: a seat's bytes only ever go where that seat's view would.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/maphash"
	"slices"
	"strconv"
	"sync"
	"time"

	"gaslamp/game"
	"gaslamp/store"
)

// audienceOf returns the seats connection c holds at this table.
func (t *table) audienceOf(c *conn) game.SeatSet { return t.heldBy(c.userID) }

// visible reports whether an event may be sent to audience a.
func visible(a game.SeatSet, to game.Audience) bool {
	if a.Empty() {
		return to.Sees(game.Spectator)
	}
	for _, s := range a.Seats() {
		if to.Sees(s) {
			return true
		}
	}
	return false
}

// sentEvent is an event of the table's history as it is kept in memory:
// its audience and its JSON encoding, made once when it happens. A table
// keeps every event of its game for the log a (re)connecting player gets;
// encoded, they take a fraction of the memory of the events themselves
// (whose texts hold maps of arguments), and are never encoded twice.
type sentEvent struct {
	to   game.Audience
	json json.RawMessage
}

// encodeEvents encodes the events of one version into one buffer.
func encodeEvents(evs []game.Event) ([]sentEvent, error) {
	if len(evs) == 0 {
		return nil, nil
	}
	scratch := eventScratch.Get().(*[]byte)
	defer func() {
		if cap(*scratch) <= 64<<10 {
			eventScratch.Put(scratch)
		}
	}()
	tmp := (*scratch)[:0]
	ends := make([]int, len(evs))
	for i, e := range evs {
		var err error
		if tmp, err = appendEvent(tmp, e); err != nil {
			return nil, fmt.Errorf("event %s: %w", e.Type, err)
		}
		ends[i] = len(tmp)
	}
	*scratch = tmp
	// The table keeps the bytes for its game's life: one buffer of their
	// exact size.
	buf := slices.Clone(tmp)
	out := make([]sentEvent, len(evs))
	start := 0
	for i, e := range evs {
		out[i] = sentEvent{to: e.To, json: buf[start:ends[i]:ends[i]]}
		start = ends[i]
	}
	return out, nil
}

// eventScratch holds the buffers encodeEvents writes into.
var eventScratch = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

// appendRawArray appends the JSON array of items to dst. The items are
// already compact JSON (events from appendEvent, which writes what json.Marshal
// would, intents from the games'
// EncodeMove, checked by TestRawArraysAsMarshal), so they are joined as they
// are: json.Marshal would scan and compact each one again, which cost 3-4% of
// the server's CPU at 10,000 players. A nil item is written as null. dst
// grows once, to the array's size, instead of reallocating as it fills (a
// heap profile of 5,000 waiting tables, which keep their legal intents,
// showed no difference in memory: 19 MB either way).
func appendRawArray(dst []byte, items []json.RawMessage) []byte {
	dst = slices.Grow(dst, rawArrayLen(items))
	dst = append(dst, '[')
	for i, it := range items {
		if i > 0 {
			dst = append(dst, ',')
		}
		if it == nil {
			it = json.RawMessage("null")
		}
		dst = append(dst, it...)
	}
	return append(dst, ']')
}

// rawArrayLen is the length of appendRawArray's array of items.
func rawArrayLen(items []json.RawMessage) int {
	n := 2 + max(len(items)-1, 0)
	for _, it := range items {
		if it == nil {
			n += len("null")
		}
		n += len(it)
	}
	return n
}

// eventsFor returns the events of one version audience a may see, in order.
func eventsFor(a game.SeatSet, evs []sentEvent) []json.RawMessage {
	out := []json.RawMessage{}
	for _, e := range evs {
		if visible(a, e.to) {
			out = append(out, e.json)
		}
	}
	return out
}

// frameCache holds the encodings of the table's current version that
// several frames share: each seat's view (game.Spectator's for spectators),
// its legal intents and the outcome. It is owned by the table's goroutine and
// emptied when the version or the status (which decides whether there are
// legal moves) changes.
type frameCache struct {
	version int64
	status  string
	views   map[game.Seat][]byte
	legal   map[game.Seat][]byte // nil for a seat that need not act
	outcome []byte
	// spare holds the arrays of earlier versions' views, reused for the next
	// encodings of the same seats: a view is copied into every frame that
	// carries it, so its own bytes never leave the cache.
	spare map[game.Seat][]byte
}

// scratch holds buffers a table's goroutine borrows while it encodes (see
// scratches): the legal moves of a seat and their intents before they are
// copied at their exact size. Idle tables keep none of it.
type scratch struct {
	moves []game.Move
	buf   []byte
}

var scratches = sync.Pool{New: func() any { return new(scratch) }}

// frames returns the cache of the current version.
func (t *table) frames() *frameCache {
	c := &t.cache
	if c.views == nil {
		c.views, c.legal, c.spare = map[game.Seat][]byte{}, map[game.Seat][]byte{}, map[game.Seat][]byte{}
	} else if c.version == t.version && c.status == t.rec.Status {
		return c
	} else {
		for s, b := range c.views {
			c.spare[s] = b[:0]
		}
		clear(c.views)
		clear(c.legal)
	}
	c.version, c.status, c.outcome = t.version, t.rec.Status, nil
	return c
}

// viewJSON returns the encoded view of seat s (or game.Spectator).
func (t *table) viewJSON(s game.Seat) ([]byte, error) {
	c := t.frames()
	if b, ok := c.views[s]; ok {
		return b, nil
	}
	var b []byte
	var err error
	if va, ok := t.state.(game.ViewAppender); ok {
		b, err = va.AppendViewJSON(c.spare[s][:0], s)
	} else {
		v := t.state.View(s)
		if ap, ok := v.(game.JSONAppender); ok {
			b, err = ap.AppendJSON(c.spare[s][:0])
		} else {
			b, err = encodeInto(c.spare[s], v)
		}
	}
	if err != nil {
		return nil, err
	}
	c.views[s] = b
	return b, nil
}

// jsonEncoder is a reusable encoder and its buffer.
type jsonEncoder struct {
	buf bytes.Buffer
	enc *json.Encoder
}

var jsonEncoders = sync.Pool{New: func() any {
	e := &jsonEncoder{}
	e.enc = json.NewEncoder(&e.buf)
	return e
}}

// encodeInto appends the JSON encoding of v to dst[:0], exactly as
// json.Marshal writes it, without allocating when dst is large enough.
func encodeInto(dst []byte, v any) ([]byte, error) {
	e := jsonEncoders.Get().(*jsonEncoder)
	defer jsonEncoders.Put(e)
	e.buf.Reset()
	if err := e.enc.Encode(v); err != nil {
		return nil, err
	}
	b := e.buf.Bytes()
	return append(dst[:0], b[:len(b)-1]...), nil // Encode ends with a newline
}

// legalJSON returns the encoded legal intents of seat s, or nil when s need
// not act now (or the table is not running).
func (t *table) legalJSON(s game.Seat) ([]byte, error) {
	c := t.frames()
	if b, ok := c.legal[s]; ok {
		return b, nil
	}
	var b []byte
	if t.rec.Status == store.StatusRunning && t.state.ToAct().Has(s) {
		sc := scratches.Get().(*scratch)
		moves := t.state.Legal(s, sc.moves[:0])
		sc.moves = moves[:0]
		if by, mv, ok := t.scripted(); ok && by == s && game.Contains(moves, mv) {
			moves = []game.Move{mv} // a tutorial offers only the step's move
		} else if ok && by != s {
			moves = nil // another seat's step
		}
		sc.buf = appendIntents(sc.buf, t.rules, moves)
		b = bytes.Clone(sc.buf) // kept while the table waits: at its size
		scratches.Put(sc)
	}
	c.legal[s] = b
	t.noteOffer(s, b)
	return b, nil
}

// offer says that a seat's legal intents have hashed to sum at every version
// they were written from v on, the seat not having moved since.
type offer struct {
	v   int64
	sum uint64
}

// offerSeed seeds the hashes of offers (one seed for the process: the hashes
// are compared within one table's life only).
var offerSeed = maphash.MakeSeed()

// noteOffer records seat s's legal intents b at the current version.
func (t *table) noteOffer(s game.Seat, b []byte) {
	if b == nil {
		delete(t.offers, s)
		return
	}
	sum := maphash.Bytes(offerSeed, b)
	if o, ok := t.offers[s]; ok && o.sum == sum {
		return
	}
	if t.offers == nil {
		t.offers = map[game.Seat]offer{}
	}
	t.offers[s] = offer{v: t.version, sum: sum}
}

// stillOffered reports whether a move seat s chose at version v, older than
// the table's, may be judged now as if it were current: s has not moved
// since, and the moves it may make are the very ones it was offered at v
// (other seats acted meanwhile in a phase where all act at once, as
// Jekyll's partners giving cards to the City). The move is then checked
// against the rules as any other.
func (t *table) stillOffered(s game.Seat, v int64) bool {
	if v >= t.version || v < 0 {
		return false
	}
	if _, err := t.legalJSON(s); err != nil {
		return false
	}
	o, ok := t.offers[s]
	return ok && o.v <= v
}

// appendIntents appends to dst[:0] the JSON array of the intents of moves, as
// json.Marshal writes the EncodeMove of each: written in place when the rules
// are a game.MoveAppender, so that a long list needs no buffer per move.
func appendIntents(dst []byte, r game.Rules, moves []game.Move) []byte {
	ap, ok := r.(game.MoveAppender)
	if !ok {
		intents := make([]json.RawMessage, len(moves))
		for i, m := range moves {
			intents[i] = r.EncodeMove(m)
		}
		return appendRawArray(dst[:0], intents)
	}
	b := append(slices.Grow(dst[:0], 2+28*len(moves)), '[')
	for i, m := range moves {
		if i > 0 {
			b = append(b, ',')
		}
		b = ap.AppendMove(b, m)
	}
	return append(b, ']')
}

// outcomeJSON returns the encoded outcome.
func (t *table) outcomeJSON() ([]byte, error) {
	c := t.frames()
	if c.outcome == nil {
		o := t.outcome()
		if !o.Over && o.Winner == "" && o.Reason.Key == "" && len(o.Reason.Args) == 0 {
			c.outcome = runningOutcome // a game in play: every version's
			return c.outcome, nil
		}
		b, err := json.Marshal(o)
		if err != nil {
			return nil, err
		}
		c.outcome = b
	}
	return c.outcome, nil
}

// runningOutcome is json.Marshal's encoding of game.Outcome{}, the outcome of
// a game in play (checked by TestRunningOutcomeAsMarshal).
var runningOutcome = []byte(`{"over":false,"reason":{"key":""}}`)

// seatKeys returns the seats of a in the order encoding/json writes map
// keys: by their decimal text.
func seatKeys(a game.SeatSet) []game.Seat {
	seats := a.Seats()
	slices.SortFunc(seats, func(x, y game.Seat) int {
		return bytes.Compare(strconv.AppendInt(nil, int64(x), 10), strconv.AppendInt(nil, int64(y), 10))
	})
	return seats
}

// appendViews appends the "views" object of audience a: its seats' views by
// seat number, or the spectator's view under "spectator".
func (t *table) appendViews(buf []byte, a game.SeatSet) ([]byte, error) {
	if a.Empty() {
		v, err := t.viewJSON(game.Spectator)
		if err != nil {
			return nil, err
		}
		buf = append(buf, `{"spectator":`...)
		return append(append(buf, v...), '}'), nil
	}
	buf = append(buf, '{')
	for i, s := range seatKeys(a) {
		v, err := t.viewJSON(s)
		if err != nil {
			return nil, err
		}
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = append(buf, '"')
		buf = strconv.AppendInt(buf, int64(s), 10)
		buf = append(buf, `":`...)
		buf = append(buf, v...)
	}
	return append(buf, '}'), nil
}

// appendLegal appends the "legal" object of audience a: the legal intents of
// its seats that must act now, by seat number.
func (t *table) appendLegal(buf []byte, a game.SeatSet) ([]byte, error) {
	buf = append(buf, '{')
	first := true
	for _, s := range seatKeys(a) {
		l, err := t.legalJSON(s)
		if err != nil {
			return nil, err
		}
		if l == nil {
			continue
		}
		if !first {
			buf = append(buf, ',')
		}
		first = false
		buf = append(buf, '"')
		buf = strconv.AppendInt(buf, int64(s), 10)
		buf = append(buf, `":`...)
		buf = append(buf, l...)
	}
	return append(buf, '}'), nil
}

type historyEntry struct {
	V      int64             `json:"v"`
	Events []json.RawMessage `json:"events"`
}

type chatOut struct {
	T    string `json:"t,omitempty"`
	Seq  int64  `json:"seq"`
	Who  string `json:"who,omitempty"` // the sender's opaque handle (chatHandle), for mutes
	From string `json:"from"`
	// Account: the sender is an account still called From (their name
	// links to their profile); a guest, or one renamed since, is not.
	Account bool      `json:"account,omitempty"`
	Seat    *int      `json:"seat,omitempty"`
	Text    string    `json:"text"`
	At      time.Time `json:"at"`
}

// chatLine is one chat line as the clients read it.
func (t *table) chatLine(c store.Chat) chatOut {
	out := chatOut{Seq: c.Seq, Who: chatHandle(c.UserID), From: c.Name, Text: c.Text, At: c.At}
	if t.s != nil {
		out.Account = t.s.isAccountNamed(c.UserID, c.Name)
	}
	if c.Seat >= 0 {
		s := c.Seat
		out.Seat = &s
	}
	return out
}

type stateMsg struct {
	T       string          `json:"t"`
	V       int64           `json:"v"`
	Table   *tableSummary   `json:"table"`
	You     []game.Seat     `json:"you"`
	Views   json.RawMessage `json:"views"`
	Legal   json.RawMessage `json:"legal"`
	Outcome json.RawMessage `json:"outcome"`
	History []historyEntry  `json:"history"`
	Chat    []chatOut       `json:"chat"`
	Record  *game.Record    `json:"record,omitempty"`
}

// stateFor builds a full state for audience a. A finished table also carries
// its record (every move), which is public once the game is over.
func (t *table) stateFor(a game.SeatSet) []byte {
	views, err := t.appendViews(nil, a)
	if err != nil {
		return internalErrorFrame
	}
	legal, err := t.appendLegal(nil, a)
	if err != nil {
		return internalErrorFrame
	}
	outcome, err := t.outcomeJSON()
	if err != nil {
		return internalErrorFrame
	}
	m := stateMsg{
		T: "state", V: t.version, Table: t.summary.Load(), You: a.Seats(),
		Views: views, Legal: legal, Outcome: outcome,
		History: []historyEntry{}, Chat: make([]chatOut, 0, len(t.chat)),
	}
	for i, evs := range t.history {
		if e := eventsFor(a, evs); len(e) > 0 {
			m.History = append(m.History, historyEntry{V: int64(i + 1), Events: e})
		}
	}
	for _, c := range t.chat {
		m.Chat = append(m.Chat, t.chatLine(c))
	}
	if t.finished() {
		m.Record = &game.Record{Game: t.rec.Game, Options: game.Options(t.rec.Options), Seed: t.rec.Seed, Moves: t.moves}
	}
	return mustJSON(m)
}

type catchUpMsg struct {
	T      string            `json:"t"`
	V      int64             `json:"v"`
	Events []json.RawMessage `json:"events"`
}

// updateFor builds the update of version v for audience a. With full, it
// carries the current views, legal moves and outcome (only the latest version
// can); otherwise only the events (a catch-up after a reconnection).
func (t *table) updateFor(a game.SeatSet, v int64, full bool) []byte {
	evs := eventsFor(a, t.history[v-1])
	if !full {
		return mustJSON(catchUpMsg{T: "update", V: v, Events: evs})
	}
	f, err := t.buildUpdate(a, evs)
	if err != nil {
		return internalErrorFrame
	}
	return f
}

// buildUpdate writes a full update of the current version for audience a:
// {"t":"update","v":N,"events":[..],"views":{..},"legal":{..},"outcome":{..}},
// the fields in the order of the catch-up update and the state.
func (t *table) buildUpdate(a game.SeatSet, evs []json.RawMessage) ([]byte, error) {
	return t.appendUpdate(func(size int) []byte { return make([]byte, 0, size) }, a, evs)
}

// appendUpdate writes buildUpdate's frame into a buffer that get returns
// with room for the frame's size.
func (t *table) appendUpdate(get func(size int) []byte, a game.SeatSet, evs []json.RawMessage) ([]byte, error) {
	outcome, err := t.outcomeJSON()
	if err != nil {
		return nil, err
	}
	size := 64 + rawArrayLen(evs) + len(outcome)
	seats := a.Seats()
	if a.Empty() {
		seats = append(seats, game.Spectator)
	}
	for _, s := range seats {
		v, err := t.viewJSON(s)
		if err != nil {
			return nil, err
		}
		l, err := t.legalJSON(s)
		if err != nil {
			return nil, err
		}
		size += 8 + len(v) + len(l)
	}
	buf := get(size)
	buf = append(buf, `{"t":"update","v":`...)
	buf = strconv.AppendInt(buf, t.version, 10)
	buf = append(buf, `,"events":`...)
	buf = appendRawArray(buf, evs)
	buf = append(buf, `,"views":`...)
	if buf, err = t.appendViews(buf, a); err != nil {
		return nil, err
	}
	buf = append(buf, `,"legal":`...)
	if buf, err = t.appendLegal(buf, a); err != nil {
		return nil, err
	}
	buf = append(buf, `,"outcome":`...)
	buf = append(buf, outcome...)
	return append(buf, '}'), nil
}

// broadcastUpdate sends the latest update to every ready connection, building
// it once per distinct audience (and each seat's view once, see frameCache),
// in a shared frame whose buffer is reused once every connection has written
// it (sharedFrame).
func (t *table) broadcastUpdate() {
	var built map[game.SeatSet]*sharedFrame
	for c := range t.conns {
		if !c.ready {
			continue
		}
		a := t.audienceOf(c)
		f, ok := built[a]
		if !ok {
			f = t.sharedUpdate(a)
			if built == nil {
				built = make(map[game.SeatSet]*sharedFrame, 2)
			}
			built[a] = f
		}
		c.sendShared(f)
	}
	for _, f := range built {
		f.release() // the builder's reference
	}
}

// sharedUpdate builds the latest full update for audience a in a shared
// frame (held once, by the caller).
func (t *table) sharedUpdate(a game.SeatSet) *sharedFrame {
	var f *sharedFrame
	buf, err := t.appendUpdate(func(size int) []byte {
		f = newSharedFrame(size)
		return f.buf
	}, a, eventsFor(a, t.history[t.version-1]))
	if err != nil || f == nil {
		// The frame carries the constant instead, never pooled; a buffer
		// already taken is left to the collector.
		f = &sharedFrame{buf: internalErrorFrame}
		f.refs.Store(1)
		return f
	}
	f.buf = buf
	return f
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

// broadcastClocks sends every connection the clocks of the table (public:
// how long each seat has left, and its deadline while it must act).
func (t *table) broadcastClocks() {
	frame := mustJSON(struct {
		T      string      `json:"t"`
		V      int64       `json:"v"`
		Clocks []clockInfo `json:"clocks"`
	}{"clock", t.version, t.clockInfos(t.s.now())})
	for c := range t.conns {
		if c.ready {
			c.send(frame)
		}
	}
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
func (t *table) chatFrame(c store.Chat) []byte {
	out := t.chatLine(c)
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

// internalErrorFrame stands in for a frame that could not be encoded.
var internalErrorFrame, _ = json.Marshal(errorMsg{T: "error", Code: game.CodeInternal, Text: game.T("err.internal")})

func mustJSON(v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		// A view or event that does not encode is a game bug; the conformance
		// suite checks for it. Send a generic internal error rather than panic.
		return internalErrorFrame
	}
	return data
}
