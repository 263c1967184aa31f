package server

// Several nodes.
//
// Nodes started with a NodeID share one store (PostgreSQL) and one bus
// (NATS). The store is the truth; bus notices are hints that make a node look
// at the store sooner. The scheme:
//
//   - A node holds a table in memory only while it needs it: when a
//     connection or an API request asks for it (it is rebuilt by replaying its
//     stored moves), or when it takes the table's lease (below). A table held
//     without connections, and whose lease the node does not hold, is dropped
//     after two sync periods. The lobby lists the tables from the store.
//   - Every stored change is announced on the bus with the node's id: a move
//     (with the version it made), a seat change, a status change, a chat
//     line, and the presence of the players connected to the node. A node
//     holding the table at an older version reads the moves it lacks
//     (Store.MovesAfter) on the table's goroutine and applies them one by
//     one exactly as if they had been played here: each ready connection gets
//     the same update frames, built by render.go for its own seats. Seats,
//     status and chat are read again from the store likewise.
//   - Two nodes may judge a move of the same version at once: the store keeps
//     the first (moves have a unique (table, seq) key); the other gets
//     store.ErrConflict, catches up with the store, and judges its move
//     again on the new state, where it is usually stale: the client gets the
//     usual stale-move error, and no move is lost or applied twice.
//   - Bots and takeover timers need exactly one node to act: the holder of
//     the table's lease, a row of the store (owner node, expiry) claimed with
//     a conditional UPDATE (free, expired, or already ours) and renewed every
//     sync period for LeaseTTL. Only tables with a bot seat or a takeover
//     limit have a lease. A node that stops releases its leases; a node that
//     dies stops renewing them, and every node looks for expired leases each
//     sync period and takes them (loading the table): a crashed node's bots
//     resume within LeaseTTL plus one sync period. Should two nodes both
//     believe they act (clock skew between nodes larger than the lease's
//     margin, or a node frozen past its lease), the store still keeps one
//     move per version: a bot's move is then computed twice but stored once.
//   - Notices can be lost (NATS reconnecting, a full queue). Every sync
//     period each node reads the versions of all the tables it holds in one
//     query (Store.TableVersions) and catches up those behind; every
//     fullSyncEvery periods it also reads their seats, status and chat again.
//     A node also republishes the presence of its connected players every
//     period, and forgets another node's presence when it has not been
//     renewed for presenceTTL periods.
//
// Without a NodeID (a single node), none of this runs: the node holds every
// open and running table, acts for all of them, and takes no lease.

import (
	"context"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"gaslamp/bus"
	"gaslamp/game"
	"gaslamp/store"
)

// Defaults of the several-node scheme.
const (
	// DefaultLeaseTTL is how long a table's lease lasts unless renewed
	// (every SyncEvery, a third of it): a dead node's tables resume on
	// another within about LeaseTTL plus one sync period.
	DefaultLeaseTTL = 6 * time.Second
	// fullSyncEvery is the number of sync periods between two full reads
	// (seats, status, chat) of the held tables.
	fullSyncEvery = 6
	// presenceTTL is the number of sync periods another node's presence
	// lasts without being renewed.
	presenceTTL = 3
	// sweepBatch is how many expired leases one query reads; a sweep reads
	// batches until none is left or its sync period is spent.
	sweepBatch = 200
	// sweepLoaders is how many tables a sweep loads at once.
	sweepLoaders = 8
)

// What a bus notice asks a table's goroutine to refresh.
const (
	pendMoves uint32 = 1 << iota
	pendRecord
	pendChat
)

// remoteSeats are the seats whose holders are connected to another node.
type remoteSeats struct {
	seats game.SeatSet
	at    time.Time
}

// acts reports whether this node acts for the table (plays its bots, runs
// its takeover timer): always on a single node, else when it holds the lease.
func (t *table) acts() bool { return !t.s.multi || t.leader }

// publish announces a stored change of kind to the other nodes.
func (t *table) publish(kind string) {
	t.s.bus.Publish(bus.Notice{Table: t.id, Version: t.version, Status: t.rec.Status, Kind: kind, Node: t.s.node})
}

// notice receives table notices from the bus. On a single node every notice
// comes from a table of this hub, which already knows; it is counted so that
// /metrics shows the bus is alive. With several nodes, a notice from another
// node about a table held here asks its goroutine to refresh what changed.
func (h *hub) notice(n bus.Notice) {
	h.s.metrics.notices.Add(1)
	if !h.s.multi || n.Node == h.s.node {
		return
	}
	t := h.loaded(n.Table)
	if t == nil {
		return // not held here: the store has it for whoever loads it
	}
	switch n.Kind {
	case "move":
		if n.Version > t.ver.Load() {
			t.want(pendMoves)
		}
	case "seats", "status":
		t.want(pendRecord | pendMoves)
	case "chat":
		t.want(pendChat)
	case "presence":
		node, seats := n.Node, game.SeatSet(n.Seats)
		t.do(func() { t.remotePresence(node, seats) })
	case "away":
		t.do(t.absencesChanged)
	}
}

// want asks the table's goroutine to refresh what bits name. Notices that
// arrive before it has done so are merged into one refresh.
func (t *table) want(bits uint32) {
	if t.pending.Or(bits) == 0 {
		t.do(t.refreshPending)
	}
}

// refreshPending refreshes what notices asked for since the last time.
func (t *table) refreshPending() {
	bits := t.pending.Swap(0)
	if bits&pendRecord != 0 {
		t.refreshRecord()
	}
	if bits&pendMoves != 0 {
		t.catchUp()
	}
	if bits&pendChat != 0 {
		t.catchUpChat()
	}
}

// storeCtx is the context of a store call made on the table's goroutine.
func storeCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 10*time.Second)
}

// catchUp applies the moves other nodes have stored after the table's
// version, in order, each as if it had been played here.
func (t *table) catchUp() {
	ctx, cancel := storeCtx()
	defer cancel()
	moves, err := t.s.store.MovesAfter(ctx, t.id, t.version)
	if err != nil {
		t.s.log.Error("moves not read", "table", t.id, "version", t.version, "err", err)
		return
	}
	if len(moves) == 0 {
		return
	}
	for _, m := range moves {
		if m.Seq != t.version+1 {
			t.s.log.Error("stored moves have a gap", "table", t.id, "version", t.version, "seq", m.Seq)
			break
		}
		mv, err := t.rules.DecodeMove(m.Move)
		if err != nil {
			t.s.log.Error("stored move not decoded", "table", t.id, "seq", m.Seq, "err", err)
			break
		}
		next := t.state.Clone()
		var log game.Log
		if err := next.Apply(game.Seat(m.Seat), mv, &log); err != nil {
			t.s.log.Error("stored move refused", "table", t.id, "seq", m.Seq, "err", err)
			break
		}
		t.advance(game.Seat(m.Seat), m.Move, next, log.Events, m.At, false)
	}
	t.checkTakeover()
	t.scheduleBots()
}

// statusRank orders the statuses a table goes through.
func statusRank(s string) int {
	switch s {
	case store.StatusRunning:
		return 1
	case store.StatusFinished:
		return 2
	}
	return 0
}

// refreshRecord reads the table's seats and status again from the store and
// tells the connections what changed, as seatsChanged does for a local
// change: a fresh state to everyone when the game has just started, else to
// the connections of the users whose seats changed.
func (t *table) refreshRecord() {
	if !t.s.multi {
		return
	}
	ctx, cancel := storeCtx()
	defer cancel()
	rec, err := t.s.store.Table(ctx, t.id)
	if err != nil {
		t.s.log.Error("table not read", "table", t.id, "err", err)
		return
	}
	if len(rec.Seats) != len(t.rec.Seats) {
		return
	}
	old := t.rec
	t.rec.Seats = rec.Seats
	// A status only moves forward. "finished" comes with the final move
	// (catchUp), never before it: a finished table's frames carry every
	// move, public only once the game is over here too.
	// A resignation (resign.go) finishes it without a final move.
	if statusRank(rec.Status) > statusRank(old.Status) && (rec.Status != store.StatusFinished || t.state.Outcome().Over || rec.Resigned != nil) {
		t.rec.Status = rec.Status
		t.rec.Resigned = rec.Resigned
	}
	var users []string
	for i, st := range rec.Seats {
		if o := old.Seats[i]; o.UserID != st.UserID || o.Name != st.Name {
			users = append(users, o.UserID, st.UserID)
		}
	}
	started := old.Status == store.StatusOpen && t.rec.Status == store.StatusRunning
	if started {
		// The game started on another node: the clocks run from now here.
		t.startClocks(t.s.now())
		t.armClock()
	}
	if !started && len(users) == 0 && old.Status == t.rec.Status {
		return
	}
	t.refreshSummary()
	for c := range t.conns {
		if !c.ready {
			continue
		}
		if started || old.Status != t.rec.Status {
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
	t.presenceChanged(true)
	t.scheduleBots()
}

// catchUpChat reads the table's last chat lines from the store and sends
// those not seen here yet.
func (t *table) catchUpChat() {
	ctx, cancel := storeCtx()
	defer cancel()
	lines, err := t.s.store.Chat(ctx, t.id, chatKept)
	if err != nil {
		t.s.log.Error("chat not read", "table", t.id, "err", err)
		return
	}
	for _, l := range lines {
		if l.Seq > t.chatSeq {
			t.addChat(l)
		}
	}
}

// localSeats returns the seats whose holders are connected to this node.
func (t *table) localSeats() game.SeatSet {
	var a game.SeatSet
	for c := range t.conns {
		a |= t.heldBy(c.userID)
	}
	return a
}

// publishPresence tells the other nodes which seats' holders are connected
// here.
func (t *table) publishPresence() {
	if !t.s.multi {
		return
	}
	t.s.bus.Publish(bus.Notice{Table: t.id, Version: t.version, Status: t.rec.Status, Kind: "presence",
		Node: t.s.node, Seats: uint64(t.localSeats())})
}

// remotePresence records the seats connected to another node.
func (t *table) remotePresence(node string, seats game.SeatSet) {
	old, had := t.remote[node]
	if seats.Empty() {
		delete(t.remote, node)
	} else {
		t.remote[node] = remoteSeats{seats: seats, at: time.Now()}
	}
	if old.seats != seats || !had && !seats.Empty() {
		t.presenceChanged(true)
	}
}

// remoteConnected reports whether the holder of seat is connected to another
// node, as last heard.
func (t *table) remoteConnected(seat game.Seat) bool {
	for _, r := range t.remote {
		if r.seats.Has(seat) {
			return true
		}
	}
	return false
}

// expirePresence forgets the presence other nodes have not renewed.
func (t *table) expirePresence() {
	limit := time.Now().Add(-presenceTTL * t.s.syncEvery)
	changed := false
	for node, r := range t.remote {
		if r.at.Before(limit) {
			delete(t.remote, node)
			changed = true
		}
	}
	if changed {
		t.presenceChanged(true)
	}
}

// claimLease claims or renews the table's lease when it needs one, and
// starts or stops acting for it as the answer says.
func (t *table) claimLease() {
	if !t.s.multi || !t.needsActor || t.stopped || t.finished() {
		return
	}
	ctx, cancel := storeCtx()
	defer cancel()
	now := time.Now()
	held, err := t.s.store.ClaimLease(ctx, t.id, t.s.node, now, now.Add(t.s.leaseTTL))
	if err != nil {
		t.s.log.Warn("table lease not claimed", "table", t.id, "err", err)
		held = t.leader && now.Before(t.leaseEnd) // the one held runs out
	} else if held {
		t.leaseEnd = now.Add(t.s.leaseTTL)
	}
	switch {
	case held && !t.leader:
		t.leader = true
		t.s.log.Info("table lease taken", "table", t.id, "node", t.s.node)
		t.catchUp() // before acting: the last holder may have moved on
		t.checkTakeover()
		t.scheduleBots()
		t.armClock()
	case !held && t.leader:
		t.leader = false
		t.s.log.Info("table lease lost", "table", t.id, "node", t.s.node)
		if t.timer != nil {
			t.timer.Stop()
			t.timer = nil
		}
		if t.clockTimer != nil {
			t.clockTimer.Stop()
			t.clockTimer = nil
		}
		t.timedOut = 0 // the new holder decides
		if !t.takenOver.Empty() {
			t.takenOver = 0
			t.presenceChanged(true)
		}
	}
}

// releaseLease gives the table's lease up, for another node to take at once.
func (t *table) releaseLease() {
	if !t.leader || t.s.noRelease {
		return
	}
	t.leader = false
	ctx, cancel := storeCtx()
	defer cancel()
	if err := t.s.store.ReleaseLease(ctx, t.id, t.s.node); err != nil {
		t.s.log.Warn("table lease not released", "table", t.id, "err", err)
	}
}

// dropLease removes the lease of a finished table.
func (t *table) dropLease() {
	if !t.s.multi || !t.needsActor {
		return
	}
	t.leader = false
	ctx, cancel := storeCtx()
	defer cancel()
	if err := t.s.store.DropLease(ctx, t.id); err != nil {
		t.s.log.Warn("table lease not dropped", "table", t.id, "err", err)
	}
}

// syncTick is one sync period of a held table, on its goroutine: it catches
// up when the store is ahead (version is the store's, -1 when unknown),
// reads everything again when full, renews presence and the lease, and
// drops the table when nothing here needs it any more.
func (t *table) syncTick(version int64, full bool) {
	if t.stopped {
		return
	}
	if full {
		t.refreshRecord()
		t.catchUpChat()
	}
	if version > t.version {
		t.catchUp()
	}
	t.expirePresence()
	if !t.localSeats().Empty() {
		t.publishPresence()
	}
	t.claimLease()
	if len(t.conns) == 0 && !t.leader && time.Since(t.idleSince) > 2*t.s.syncEvery {
		if t.s.hub.unloadIdle(t, time.Now().Add(-2*t.s.syncEvery)) {
			t.stop()
		}
	}
}

// unloadIdle removes t unless the hub has handed it out since before.
func (h *hub) unloadIdle(t *table, before time.Time) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.tables[t.id] != t || t.touched.Load() > before.UnixNano() {
		return false
	}
	delete(h.tables, t.id)
	return true
}

// syncLoop runs the sync periods of a node until the server stops.
func (h *hub) syncLoop(ctx context.Context) {
	h.sweep(ctx)
	tick := time.NewTicker(h.s.syncEvery)
	defer tick.Stop()
	for n := 1; ; n++ {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		h.syncOnce(ctx, n%fullSyncEvery == 0)
		h.sweep(ctx)
	}
}

// syncOnce checks every held table's version against the store, in one
// query, and runs each table's sync period.
func (h *hub) syncOnce(ctx context.Context, full bool) {
	h.mu.Lock()
	tables := make([]*table, 0, len(h.tables))
	ids := make([]string, 0, len(h.tables))
	for id, t := range h.tables {
		tables = append(tables, t)
		ids = append(ids, id)
	}
	h.mu.Unlock()
	qctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	vers, err := h.s.store.TableVersions(qctx, ids)
	cancel()
	if err != nil {
		h.s.log.Warn("table versions not read", "err", err)
	}
	for _, t := range tables {
		v := int64(-1)
		if err == nil {
			v = vers[t.id]
		}
		t.do(func() { t.syncTick(v, full) })
	}
}

// sweep takes the tables whose lease has expired (their node stopped or
// died): loading a table claims its lease.
func (h *hub) sweep(ctx context.Context) {
	// Within one sync period, batches of expired leases until none is
	// left: a dead node's thousand tables come back in one period, not ten.
	until := time.Now().Add(h.s.syncEvery)
	for time.Now().Before(until) && ctx.Err() == nil {
		qctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		ids, err := h.s.store.ExpiredLeases(qctx, time.Now(), sweepBatch)
		cancel()
		if err != nil {
			h.s.log.Warn("expired leases not read", "err", err)
			return
		}
		taken := h.takeLeases(ctx, ids)
		if len(ids) < sweepBatch || taken == 0 {
			return
		}
	}
}

// takeLeases claims the expired leases of ids, loading the tables not held
// here, sweepLoaders at a time; it returns how many tables it took up or
// found taken by another node.
func (h *hub) takeLeases(ctx context.Context, ids []string) int {
	var taken atomic.Int64
	work := make(chan string)
	var wg sync.WaitGroup
	for range min(sweepLoaders, len(ids)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for id := range work {
				if t := h.loaded(id); t != nil {
					t.do(t.claimLease)
					taken.Add(1)
					continue
				}
				// Claim first, load after: the other nodes sweep the same
				// expired leases, and a table is loaded only by the node
				// that won it (each node walks the batch in its own
				// order, so they split it instead of racing for each).
				lctx, cancel := context.WithTimeout(ctx, 10*time.Second)
				now := time.Now()
				held, err := h.s.store.ClaimLease(lctx, id, h.s.node, now, now.Add(h.s.leaseTTL))
				if err == nil && !held {
					cancel()
					taken.Add(1) // another node took it: progress all the same
					continue
				}
				if err == nil {
					_, err = h.get(lctx, id)
				}
				cancel()
				if err != nil {
					if ctx.Err() == nil {
						h.s.log.Warn("table with an expired lease not loaded", "table", id, "err", err)
					}
					continue
				}
				taken.Add(1)
			}
		}()
	}
	for _, i := range rand.Perm(len(ids)) {
		work <- ids[i]
	}
	close(work)
	wg.Wait()
	return int(taken.Load())
}
