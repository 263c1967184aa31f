package server

import (
	"context"
	"errors"
	"strings"
	"sync"
	"time"

	"gaslamp/game"
	"gaslamp/store"
)

// Errors the table gives, beyond the game's own.
var (
	errNotStarted  = &game.Error{Code: game.CodeNotYourTurn, Text: game.T("err.table-not-started")}
	errNotYourSeat = &game.Error{Code: game.CodeUnauthorized, Text: game.T("err.not-your-seat")}
	errStale       = &game.Error{Code: game.CodeStale, Text: game.T("err.stale-move")}
	errDuplicate   = &game.Error{Code: CodeDuplicateMove, Text: game.T("err.duplicate-move")}
	errNotStored   = &game.Error{Code: game.CodeInternal, Text: game.T("err.internal")}
	errSignIn      = &game.Error{Code: game.CodeUnauthorized, Text: game.T("err.sign-in")}
	errChatClosed  = &game.Error{Code: CodeChatClosed, Text: game.T("err.chat-closed")}
	errGuestChat   = &game.Error{Code: CodeChatClosed, Text: game.T("err.chat-accounts-only")}
	errRateLimited = &game.Error{Code: game.CodeRateLimited, Text: game.T("err.rate-limited")}
	errSeatTaken   = &game.Error{Code: game.CodeTableFull, Text: game.T("err.seat-taken")}
	errNoSuchSeat  = &game.Error{Code: game.CodeUnknownSeat, Text: game.T("err.unknown-seat")}
)

// handleHello answers a (re)connecting client: the updates it missed, or a
// full state, then the presence of the seats.
func (t *table) handleHello(c *conn, v int64) {
	c.ready = true
	if v > t.version && t.s.multi {
		t.catchUp() // the client saw a later version on another node
	}
	a := t.audienceOf(c)
	if v < 0 || v > t.version || t.version-v > maxHistory {
		c.send(t.stateFor(a))
	} else {
		for x := v + 1; x <= t.version; x++ {
			c.send(t.updateFor(a, x, x == t.version))
		}
	}
	c.send(t.presenceFrame())
}

// handleMove judges and plays a player's move. The order of the checks is the
// protocol's: seat, duplicate id, version, turn, then the game's own judgement.
// Every refusal leaves the table as it was.
func (t *table) handleMove(c *conn, m ClientMessage, received time.Time) {
	// The mover's frames (the update, then the ack or the error) leave
	// together, in one write.
	c.hold()
	defer c.release()
	refuse := func(err *game.Error) {
		t.s.metrics.refused.Add(1)
		c.send(errorFrame(m.ID, err, t.version))
	}
	if !t.heldBy(c.userID).Has(m.Seat) {
		refuse(errNotYourSeat)
		return
	}
	if _, dup := c.moveIDs[m.ID]; dup {
		refuse(errDuplicate)
		return
	}
	if m.V != t.version && !t.stillOffered(game.Seat(m.Seat), m.V) {
		refuse(errStale)
		return
	}
	if t.finished() {
		refuse(game.ErrGameOver)
		return
	}
	if t.rec.Status != store.StatusRunning {
		refuse(errNotStarted)
		return
	}
	if !t.state.ToAct().Has(m.Seat) {
		refuse(game.ErrNotYourTurn)
		return
	}
	mv, err := t.rules.DecodeMove(m.Move)
	if err != nil {
		refuse(asGameError(err, game.CodeMalformed))
		return
	}
	if by, want, ok := t.scripted(); ok && (by != m.Seat || mv != want) && game.Contains(t.state.Legal(by, nil), want) {
		refuse(errTutorialStep)
		return
	}
	if err := t.play(m.Seat, mv); err != nil {
		if err == errCaughtUp {
			t.handleMove(c, m, received) // judged again: the version has moved on
			return
		}
		refuse(asGameError(err, game.CodeIllegal))
		return
	}
	c.rememberMoveID(m.ID)
	t.s.metrics.move(t.s.now().Sub(received), false, t.s.now())
	c.send(ackFrame(m.ID, t.version))
}

// asGameError returns err as a *game.Error, or a generic one with code.
func asGameError(err error, code game.Code) *game.Error {
	var ge *game.Error
	if errors.As(err, &ge) {
		return ge
	}
	return &game.Error{Code: code, Text: game.T("err." + string(code)), Detail: err.Error()}
}

// play applies a move for seat: on a clone first, then stores it, then makes
// the clone the table's state and tells every connection. Nothing changes
// unless both the game and the store accept the move.
func (t *table) play(seat game.Seat, mv game.Move) error {
	spares := sparesOf(t.rules.ID())
	spare, _ := spares.Get().(game.State)
	next := game.CloneInto(t.state, spare)
	var log game.Log
	if err := next.Apply(seat, mv, &log); err != nil {
		putSpare(spares, next)
		return err
	}
	sc := scratches.Get().(*scratch)
	sc.moves = t.state.Legal(seat, sc.moves[:0])
	listed := game.Contains(sc.moves, mv)
	scratches.Put(sc)
	if !listed {
		putSpare(spares, next)
		// The game accepted a move it did not offer: refuse it all the same.
		t.s.log.Error("game accepted a move it did not list", "table", t.id, "game", t.rules.ID(), "seat", int(seat))
		return game.ErrNotLegal
	}
	enc := t.rules.EncodeMove(mv)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	at := t.s.now()
	err := t.s.store.AppendMove(ctx, store.Move{Table: t.id, Seq: t.version + 1, Seat: int(seat), Move: enc, At: at})
	t.s.metrics.stored.observe(t.s.now().Sub(at))
	if err != nil {
		if errors.Is(err, store.ErrConflict) {
			// Another node stored this version first: take its moves, and
			// let the caller judge the move again on the new state.
			before := t.version
			t.catchUp()
			if t.version > before {
				return errCaughtUp
			}
		}
		putSpare(spares, next)
		t.retryAfter = t.s.trouble.failed()
		if ok, skipped := t.s.trouble.shouldLog(t.s.now()); ok {
			t.s.log.Error("move not stored", "table", t.id, "seat", int(seat), "version", t.version+1, "err", err,
				"not_logged_since_last", skipped, "retry_in", t.retryAfter.Round(time.Millisecond))
		}
		return errNotStored
	}
	if t.s.trouble.fails.Load() != 0 {
		t.s.trouble.ok()
	}
	prev := t.state
	t.advance(seat, enc, next, log.Events, at, true)
	if t.state == next {
		putSpare(spares, prev) // the table holds no other reference to the state it replaced
	}
	t.scheduleBots()
	return nil
}

// spareStates holds, per game, states that tables no longer use, for play's
// next clone (game.CloneInto): a move then copies the table's state into one
// of them instead of allocating a state. A pool per game, not a spare per
// table, so that a table between moves holds one state only.
var spareStates sync.Map // game ID -> *sync.Pool

// sparesOf returns the pool of spare states of game id.
func sparesOf(id string) *sync.Pool {
	if p, ok := spareStates.Load(id); ok {
		return p.(*sync.Pool)
	}
	p, _ := spareStates.LoadOrStore(id, new(sync.Pool))
	return p.(*sync.Pool)
}

// putSpare keeps st, which nobody uses any more, for a later clone, when its
// game can copy into it.
func putSpare(spares *sync.Pool, st game.State) {
	if _, ok := st.(game.IntoCloner); ok {
		spares.Put(st)
	}
}

// errCaughtUp is play's answer when another node had stored a move of the
// same version: the table has caught up with the store and the move must be
// judged again (it is usually stale now). It never reaches a client.
var errCaughtUp = errors.New("server: caught up with another node's moves")

// advance makes next, reached by seat's move enc with events, the table's
// state and sends every ready connection its update. A local move (played
// and stored here) also finishes the table in the store when it ends the game
// and is announced on the bus; a move caught up from the store was both by
// the node that stored it.
func (t *table) advance(seat game.Seat, enc []byte, next game.State, events []game.Event, at time.Time, local bool) {
	before := t.state.ToAct()
	delete(t.offers, seat) // what it was offered is played
	t.state = next
	timedOut := t.timedOut.Has(seat)
	t.clockMove(seat, at, before, next.ToAct(), t.version == 0)
	defer t.notifyTurn(before, next.ToAct())
	t.version++
	t.ver.Store(t.version)
	sent, err := encodeEvents(events)
	if err != nil {
		// The events are the game's own values: they always encode. Keep
		// the version's place in the history all the same.
		t.s.log.Error("events not encoded", "table", t.id, "version", t.version, "err", err)
	}
	t.history = append(t.history, sent)
	t.moves = append(t.moves, game.RecordedMove{Seat: seat, Move: enc})
	t.s.log.Debug("move", "table", t.id, "seat", int(seat), "version", t.version, "local", local)
	if t.state.Outcome().Over {
		if local {
			t.setStatus(store.StatusFinished)
			t.dropLease()
			t.recordResults()
		} else {
			t.rec.Status = store.StatusFinished
		}
		t.s.log.Info("game over", "table", t.id, "version", t.version)
		t.refreshSummary()
	} else {
		t.summaryVersion()
	}
	t.broadcastUpdate()
	if timedOut {
		// The bot played the move of a seat whose time ran out: the seat is
		// its player's again, which every page shows.
		t.broadcastPresence()
	}
	if t.clocks != nil {
		t.broadcastClocks()
		t.armClock()
	}
	if local {
		t.publish("move")
	}
}

// handleChat stores a chat line and sends it to everyone at the table.
func (t *table) handleChat(c *conn, text string) {
	if c.userID == "" {
		c.send(errorFrame("", errSignIn, t.version))
		return
	}
	if c.guest && t.s.cfg.NoGuestChat {
		c.send(errorFrame("", errGuestChat, t.version))
		return
	}
	if g, ok := t.state.(game.ChatGate); ok && !g.ChatOpen() && !t.finished() {
		c.send(errorFrame("", errChatClosed, t.version))
		return
	}
	seat := -1
	if a := t.heldBy(c.userID); !a.Empty() {
		seat = int(a.First())
	}
	line := store.Chat{Table: t.id, UserID: c.userID, Name: c.name, Seat: seat, Text: strings.TrimSpace(text), At: t.s.now().UTC()}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for try := 0; ; try++ {
		line.Seq = t.chatSeq + 1
		err := t.s.store.AppendChat(ctx, line)
		if err == nil {
			break
		}
		if errors.Is(err, store.ErrConflict) && try < 3 {
			// Another node stored a line of this number: take its lines
			// first, then store this one after them.
			t.catchUpChat()
			continue
		}
		t.s.log.Error("chat not stored", "table", t.id, "err", err)
		c.send(errorFrame("", errNotStored, t.version))
		return
	}
	t.addChat(line)
	t.publish("chat")
}

// addChat keeps a stored chat line and sends it to every ready connection.
func (t *table) addChat(line store.Chat) {
	t.chatSeq = line.Seq
	t.chat = append(t.chat, line)
	if len(t.chat) > chatKept {
		t.chat = t.chat[len(t.chat)-chatKept:]
	}
	frame := t.chatFrame(line)
	for x := range t.conns {
		if x.ready {
			x.send(frame)
		}
	}
}

// takeSeat gives a free human seat to user. With force (an invite), even
// mid-game; without, only while the table is open.
func (t *table) takeSeat(seat int, user, name string, force bool) error {
	t.refreshRecord() // another node may have given the seat meanwhile
	if seat < 0 || seat >= len(t.rec.Seats) || t.rec.Seats[seat].Kind != store.KindHuman {
		return errNoSuchSeat
	}
	st := &t.rec.Seats[seat]
	if st.UserID == user {
		return nil
	}
	// A held seat is never taken from its holder: an invite seats the first
	// person who claims it; moving to another device is a transfer
	// (transfer.go). Trust hole 1, docs/security.md.
	if st.UserID != "" {
		return errSeatTaken
	}
	// Mid-game a free seat is not for the taking by a request without its
	// invite (hole 2 of the trust issue, docs/security.md).
	if !force && t.rec.Status != store.StatusOpen {
		return errSeatTaken
	}
	// Once claimed, an invite brings the seat back only to its owner (a
	// seat left mid-game is not for the next holder of the link).
	if seatOwnedByOther(*st, user) {
		return errSeatTaken
	}
	before := st.UserID
	if err := t.giveSeat(seat, user, name); err != nil {
		return err
	}
	t.s.log.Info("seat taken", "table", t.id, "seat", seat, "invite", force)
	t.seatsChanged(before, user)
	return nil
}

// leaveSeat frees a seat user holds.
func (t *table) leaveSeat(seat int, user string) error {
	t.refreshRecord()
	if seat < 0 || seat >= len(t.rec.Seats) || t.rec.Seats[seat].Kind != store.KindHuman {
		return errNoSuchSeat
	}
	st := &t.rec.Seats[seat]
	if st.UserID != user {
		return errNotYourSeat
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := t.s.store.SetSeatHolder(ctx, t.id, seat, "", ""); err != nil {
		return errNotStored
	}
	st.UserID, st.Name = "", ""
	// Before the game starts, a seat left is for the next claimer of its
	// invite; once it runs, the invite brings it back only to its owner.
	if t.rec.Status == store.StatusOpen && st.Owner != "" {
		if err := t.s.store.SetSeatOwner(ctx, t.id, seat, ""); err != nil {
			t.s.log.Error("seat owner not stored", "table", t.id, "seat", seat, "err", err)
		} else {
			st.Owner = ""
		}
	}
	t.s.log.Info("seat left", "table", t.id, "seat", seat)
	t.seatsChanged(user, "")
	return nil
}

// seatsChanged starts the game once every human seat is held, and sends a
// fresh state to the connections of the users whose seats changed, or to every
// connection when the game has just started (everyone's legal moves, prompt
// and table status change then).
func (t *table) seatsChanged(users ...string) {
	started := false
	if t.rec.Status == store.StatusOpen && t.allHumansSeated() {
		t.setStatus(store.StatusRunning)
		started = true
		t.startClocks(t.s.now())
		t.armClock()
		defer t.notifyTurn(0, t.state.ToAct())
	}
	t.refreshSummary()
	for c := range t.conns {
		if !c.ready {
			continue
		}
		if started {
			c.send(t.stateFor(t.audienceOf(c)))
			continue
		}
		for _, u := range users {
			if u != "" && c.userID == u {
				c.send(t.stateFor(t.audienceOf(c)))
				break
			}
		}
	}
	t.publish("seats")
	t.presenceChanged(true)
	t.scheduleBots()
}
