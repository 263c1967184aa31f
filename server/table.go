package server

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"gaslamp/game"
	"gaslamp/store"
)

// chatKept is the number of chat lines a table keeps in memory and sends in a
// state.
const chatKept = 50

// moveIDsKept is the number of recent move ids a connection's table
// remembers to refuse duplicates.
const moveIDsKept = 512

// table is one game table. A single goroutine (run) owns every field below
// the line; everyone else sends it closures through do.
type table struct {
	s     *Server
	id    string
	rules game.Rules
	infos []game.SeatInfo

	summary atomic.Pointer[tableSummary] // for the lobby, rebuilt by the owner
	ver     atomic.Int64                 // copy of version for readers off the goroutine
	pending atomic.Uint32                // what bus notices ask the goroutine to refresh (pend*)
	touched atomic.Int64                 // when the hub last handed the table out (Unix ns)
	// needsActor: the table has a bot seat or a takeover limit, so that
	// with several nodes one of them must hold its lease to act for it.
	needsActor bool

	inbox    chan func()
	quit     chan struct{}
	done     chan struct{}
	stopOnce sync.Once
	// The table's goroutine runs only while commands are queued (kick): a
	// table with nothing to do keeps no goroutine and no stack. Commands
	// still run one at a time, in order, as on one goroutine.
	rmu     sync.Mutex
	running bool   // a runner works through the inbox
	ended   bool   // the table stopped: no runner starts again
	onStop  func() // called once the table stopped (the hub's wait group)

	// Owned by the table's goroutine (run, one at a time).
	rec       store.Table
	state     game.State
	version   int64
	history   [][]sentEvent // history[i] holds the events of version i+1, encoded
	moves     []game.RecordedMove
	chat      []store.Chat
	chatSeq   int64
	conns     map[*conn]struct{}
	away      map[game.Seat]time.Time // human seats whose player is absent, since when
	takenOver game.SeatSet            // human seats a bot plays for an absent player
	// The table's clock (clock.go); pace is nil for an untimed table.
	pace       *Pace
	absences   map[string][]store.Absence // the seat holders' absences (pace.Away), by user
	clocks     []seatClock
	timedOut   game.SeatSet // seats whose time ran out: a bot plays their move
	warned     game.SeatSet // seats told that their turn-based move is due soon (clock.go)
	clockTimer *time.Timer
	leftToBot  game.SeatSet // human seats their player left to a bot for the rest of the game (flows.go)
	bots       map[game.Seat]*botSeat
	// retryAfter is how long the table's bots wait before they try again
	// after the store refused a move (storehealth.go's backoff).
	retryAfter time.Duration
	timer      *time.Timer
	stopped    bool
	leader     bool                   // this node holds the table's lease (several nodes only)
	leaseEnd   time.Time              // when the lease held expires
	remote     map[string]remoteSeats // seats connected to other nodes, by node
	idleSince  time.Time              // when the last connection left (or the table was loaded)
	cache      frameCache             // encodings of the current version
	// offers holds, per seat to act, since when its legal moves have been
	// the same without it moving (see stillOffered).
	offers   map[game.Seat]offer
	tutorial *tutorial // the script of a tutorial table (tutorial.go), nil otherwise
}

func newTable(s *Server, rec store.Table) (*table, error) {
	rules, err := game.Lookup(rec.Game)
	if err != nil {
		return nil, err
	}
	opts := game.Options(rec.Options)
	infos, err := rules.Seats(opts)
	if err != nil {
		return nil, err
	}
	if len(infos) != len(rec.Seats) {
		return nil, fmt.Errorf("table %s has %d seats, game %s wants %d", rec.ID, len(rec.Seats), rec.Game, len(infos))
	}
	st, err := rules.New(opts, rec.Seed)
	if err != nil {
		return nil, err
	}
	t := &table{
		s: s, id: rec.ID, rules: rules, infos: infos, rec: rec, state: st,
		inbox: make(chan func(), 64), quit: make(chan struct{}), done: make(chan struct{}),
		conns: map[*conn]struct{}{}, away: map[game.Seat]time.Time{},
		bots: map[game.Seat]*botSeat{}, remote: map[string]remoteSeats{}, idleSince: time.Now(),
		needsActor: rec.Takeover > 0,
	}
	if t.tutorial, err = loadTutorial(rules, rec.ID); err != nil {
		return nil, err
	}
	for _, st := range rec.Seats {
		if st.Kind == store.KindBot {
			t.needsActor = true
		}
	}
	if t.pace = parsePace(rec.Pace); t.pace != nil {
		t.needsActor = true // a node must act when a clock runs out
		t.initClocks()
	}
	t.touched.Store(time.Now().UnixNano())
	t.refreshSummary() // before its goroutine starts: the lobby lists it at once
	return t, nil
}

// replay plays the stored moves on the fresh state, rebuilding the history.
func (t *table) replay(moves []store.Move) error {
	var log game.Log
	for i, m := range moves {
		if m.Seq != int64(i+1) {
			return fmt.Errorf("table %s: move %d has sequence number %d", t.id, i+1, m.Seq)
		}
		mv, err := t.rules.DecodeMove(m.Move)
		if err != nil {
			return fmt.Errorf("table %s: move %d: %w", t.id, m.Seq, err)
		}
		log.Reset()
		before := t.state.ToAct()
		if err := t.state.Apply(game.Seat(m.Seat), mv, &log); err != nil {
			return fmt.Errorf("table %s: move %d: %w", t.id, m.Seq, err)
		}
		t.clockMove(game.Seat(m.Seat), m.At, before, t.state.ToAct(), i == 0)
		evs, err := encodeEvents(log.Events)
		if err != nil {
			return fmt.Errorf("table %s: move %d: %w", t.id, m.Seq, err)
		}
		t.history = append(t.history, evs)
		t.moves = append(t.moves, game.RecordedMove{Seat: game.Seat(m.Seat), Move: m.Move})
	}
	t.version = int64(len(moves))
	t.ver.Store(t.version)
	t.refreshSummary()
	return nil
}

// do runs f on the table's goroutine. It reports false when the table has
// stopped. It must never be called from the table's goroutine.
func (t *table) do(f func()) bool {
	select {
	case <-t.done:
		return false
	default:
	}
	select {
	case t.inbox <- f:
		t.kick()
		return true
	case <-t.done:
		return false
	}
}

// kick makes sure a runner works through the inbox.
func (t *table) kick() {
	t.rmu.Lock()
	defer t.rmu.Unlock()
	if t.running || t.ended {
		return
	}
	t.running = true
	go t.run()
}

// ask runs f on the table's goroutine and waits for it to finish.
func (t *table) ask(ctx context.Context, f func()) error {
	finished := make(chan struct{})
	if !t.do(func() { f(); close(finished) }) {
		return errStopped
	}
	select {
	case <-finished:
		return nil
	case <-t.done:
		select {
		case <-finished:
			return nil
		default:
		}
		return errStopped
	case <-ctx.Done():
		return ctx.Err()
	}
}

var errStopped = &game.Error{Code: game.CodeInternal, Text: game.T("err.table-stopped"), Detail: "table stopped"}

// stop asks the table to finish the commands it has received and end.
func (t *table) stop() {
	t.stopOnce.Do(func() { close(t.quit) })
	t.kick()
}

// run is the table's goroutine while commands are queued: it runs them in
// order, and ends when none is left; on stop, it finishes what was received
// before it (moves in flight), closes the table and closes done.
func (t *table) run() {
	for {
		select {
		case f := <-t.inbox:
			f()
			continue
		case <-t.quit:
			for {
				select {
				case f := <-t.inbox:
					f()
					continue
				default:
				}
				break
			}
			t.shutdown()
			t.rmu.Lock()
			t.running, t.ended = false, true
			t.rmu.Unlock()
			close(t.done)
			if t.onStop != nil {
				t.onStop()
			}
			return
		default:
		}
		// Nothing queued: end, unless a command or the stop came in since
		// (one queued after this check finds running false and starts a
		// runner of its own).
		t.rmu.Lock()
		if len(t.inbox) == 0 && !t.stopping() {
			t.running = false
			t.rmu.Unlock()
			return
		}
		t.rmu.Unlock()
	}
}

// stopping reports whether stop has been called.
func (t *table) stopping() bool {
	select {
	case <-t.quit:
		return true
	default:
		return false
	}
}

// shutdown closes the table's connections and timers.
func (t *table) shutdown() {
	t.stopped = true
	if t.timer != nil {
		t.timer.Stop()
	}
	if t.clockTimer != nil {
		t.clockTimer.Stop()
	}
	t.releaseLease()
	for c := range t.conns {
		c.closeWith(closeGoingAway, "server shutting down")
	}
}

// start runs first on the goroutine: it repairs a status a crash may have left
// behind, marks every human seat absent until its player connects, and starts
// the bots.
func (t *table) start() {
	if t.state.Outcome().Over && t.rec.Status != store.StatusFinished {
		t.setStatus(store.StatusFinished)
	} else if t.rec.Status == store.StatusOpen && t.allHumansSeated() {
		t.setStatus(store.StatusRunning)
	}
	if t.finished() {
		t.dropLease()
		t.recordResults() // once per table: this does nothing if they were stored
	} else {
		t.claimLease()
	}
	// Clocks run from now for the seats to act: the time the table was
	// out of memory (a restart, another node's death) is not charged.
	t.startClocks(t.s.now())
	t.presenceChanged(false)
	t.refreshSummary()
	t.scheduleBots()
	t.armClock()
}

func (t *table) allHumansSeated() bool {
	for _, st := range t.rec.Seats {
		if st.Kind == store.KindHuman && st.UserID == "" {
			return false
		}
	}
	return true
}

func (t *table) setStatus(status string) {
	if t.rec.Status == status {
		return
	}
	t.rec.Status = status
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := t.s.store.SetStatus(ctx, t.id, status); err != nil {
		t.s.log.Error("table status not stored", "table", t.id, "status", status, "err", err)
	}
	t.publish("status")
	t.s.log.Info("table status", "table", t.id, "status", status, "version", t.version)
}

// finished reports whether the game is over.
func (t *table) finished() bool { return t.rec.Status == store.StatusFinished }

// heldBy returns the seats user holds at this table.
func (t *table) heldBy(user string) game.SeatSet {
	var a game.SeatSet
	if user == "" {
		return a
	}
	for _, st := range t.rec.Seats {
		if st.Kind == store.KindHuman && st.UserID == user {
			a = a.With(game.Seat(st.Seat))
		}
	}
	return a
}

// connected reports whether a connection of the holder of seat is open.
func (t *table) connected(seat game.Seat) bool {
	user := t.rec.Seats[seat].UserID
	if user == "" {
		return false
	}
	for c := range t.conns {
		if c.userID == user {
			return true
		}
	}
	return t.remoteConnected(seat)
}

// attach adds a connection. It receives nothing until its hello.
func (t *table) attach(c *conn) {
	t.conns[c] = struct{}{}
	if !t.heldBy(c.userID).Empty() {
		t.presenceChanged(true)
		t.publishPresence()
	}
}

// attachUnlessStopping attaches c on the table's goroutine and waits for it;
// false when the table stopped or is stopping (a stopping table runs the
// commands queued before its end, and would close c right after attaching
// it).
func (t *table) attachUnlessStopping(ctx context.Context, c *conn) bool {
	attached := false
	err := t.ask(ctx, func() {
		if !t.stopping() {
			t.attach(c)
			attached = true
		}
	})
	return err == nil && attached
}

// detach removes a connection; a finished table nobody watches is unloaded.
func (t *table) detach(c *conn) {
	if _, ok := t.conns[c]; !ok {
		return
	}
	delete(t.conns, c)
	if len(t.conns) == 0 {
		t.idleSince = time.Now()
	}
	if !t.heldBy(c.userID).Empty() {
		t.presenceChanged(true)
		t.publishPresence()
	}
	if t.finished() && len(t.conns) == 0 {
		t.s.hub.unload(t)
		t.stop()
	}
}

// presenceChanged recomputes which human seats are absent, ends takeovers of
// returning players, arms the takeover timer and, when broadcast is set,
// tells everyone.
func (t *table) presenceChanged(broadcast bool) {
	now := t.s.now()
	for _, st := range t.rec.Seats {
		seat := game.Seat(st.Seat)
		if st.Kind != store.KindHuman {
			continue
		}
		if t.connected(seat) {
			delete(t.away, seat)
			if t.takenOver.Has(seat) && !t.leftToBot.Has(seat) {
				t.takenOver = t.takenOver.Without(seat)
				t.s.log.Info("takeover ended", "table", t.id, "seat", int(seat))
			}
		} else if _, ok := t.away[seat]; !ok {
			t.away[seat] = now
		}
	}
	t.checkTakeover()
	t.refreshSummary()
	if broadcast {
		t.broadcastPresence()
	}
}

// refreshSummary rebuilds the lobby's copy of the table.
func (t *table) refreshSummary() {
	t.summary.Store(t.buildSummary())
}

// summaryVersion updates the lobby's copy after a move that changed nothing
// else (not the status, seats or presence): a copy with the new version,
// sharing the rest, which no one modifies once it is published.
func (t *table) summaryVersion() {
	old := t.summary.Load()
	if old == nil || old.Status != t.rec.Status {
		t.refreshSummary()
		return
	}
	sum := *old
	sum.Version = t.version
	if t.clocks != nil {
		sum.Clocks = t.clockInfos(t.s.now())
	}
	sum.ToAct = t.toAct()
	t.summary.Store(&sum)
}

// toAct lists the seats that must act now while the game runs (nil for a
// table not loaded, whose state summaryOf does not have).
func (t *table) toAct() []int {
	if t.state == nil || t.rec.Status != store.StatusRunning {
		return nil
	}
	var out []int
	for _, s := range t.state.ToAct().Seats() {
		out = append(out, int(s))
	}
	return out
}

// rememberMoveID records that connection c's move id was played. Ids are
// scoped to a connection: a reloaded page may count from c1 again, and a move
// replayed on a new connection is refused by its version anyway.
func (c *conn) rememberMoveID(id string) {
	if c.moveIDs == nil {
		c.moveIDs = map[string]struct{}{}
	}
	c.moveIDs[id] = struct{}{}
	c.idOrder = append(c.idOrder, id)
	if len(c.idOrder) > moveIDsKept {
		delete(c.moveIDs, c.idOrder[0])
		c.idOrder = c.idOrder[1:]
	}
}
