package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"gaslamp/bus"
	"gaslamp/bus/natsbus"
	"gaslamp/game"
	"gaslamp/internal/servicetest"
	"gaslamp/internal/testscale"
	"gaslamp/server/internal/testgame"
	"gaslamp/store"
	"gaslamp/store/pgstore"
)

// deafBus publishes but hears nothing: a node that misses every notice.
type deafBus struct{ bus.Bus }

func (deafBus) Subscribe(func(bus.Notice)) func() { return func() {} }

// newCluster starts n nodes on one SQLite store and one in-process bus, as
// several processes would share PostgreSQL and NATS. mod may change node
// i's configuration.
func newCluster(t *testing.T, n int, mod func(i int, cfg *Config)) []*env {
	t.Helper()
	dir := t.TempDir()
	st, err := store.OpenSQLite(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	b := bus.NewLocal()
	t.Cleanup(func() { b.Close(); st.Close() }) // after every node's own cleanup
	return startNodes(t, n, st, func(int) bus.Bus { return b }, mod)
}

// startNodes starts n nodes on st and the buses busOf gives.
func startNodes(t *testing.T, n int, st store.Store, busOf func(i int) bus.Bus, mod func(i int, cfg *Config)) []*env {
	t.Helper()
	var nodes []*env
	for i := range n {
		cfg := Config{Store: st, Bus: busOf(i), Limits: testLimits(), BotBudget: 500 * time.Millisecond,
			NodeID: fmt.Sprintf("node-%c", 'a'+i), LeaseTTL: 600 * time.Millisecond, SyncEvery: 100 * time.Millisecond}
		if mod != nil {
			mod(i, &cfg)
		}
		srv, err := New(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		e := &env{t: t, st: st, srv: srv, ts: httptest.NewServer(srv.Handler()), shared: true}
		e.url = e.ts.URL
		t.Cleanup(e.close)
		nodes = append(nodes, e)
	}
	return nodes
}

// on returns u talking to node e (sessions are in the shared store).
func (u *user) on(e *env) *user {
	c := *u
	c.e = e
	return &c
}

// eventually waits up to 5s for cond.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(testscale.Timeout(20 * time.Second))
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// status returns the status of table id as node e holds it ("" when it does
// not hold it).
func (e *env) status(id string) string {
	t := e.srv.hub.loaded(id)
	if t == nil {
		return ""
	}
	var s string
	t.ask(context.Background(), func() { s = t.rec.Status })
	return s
}

// seeStart waits until every node in nodes that holds table id knows its
// game started. A node learns of a start made on another from that node's
// bus notice, which a busy machine can delay past the test's next step (a
// move judged on the unstarted table is refused; clocks start when the
// node learns). A node that has dropped the table meanwhile loads it again,
// started.
func seeStart(t *testing.T, id string, nodes ...*env) {
	t.Helper()
	eventually(t, "every node sees the game started", func() bool {
		for _, n := range nodes {
			if s := n.status(id); s != "" && s != store.StatusRunning {
				return false
			}
		}
		return true
	})
}

// leader reports whether node e holds the lease of table id.
func (e *env) leader(id string) bool {
	t := e.srv.hub.loaded(id)
	if t == nil {
		return false
	}
	var l bool
	t.ask(context.Background(), func() { l = t.leader })
	return l
}

// TestNodesShareMoves plays a whole game between a player on node A and one
// on node B, with a spectator on each: every move reaches the other node's
// connections as the same frames a local move makes, and no frame holds a
// secret of another seat.
func TestNodesShareMoves(t *testing.T) {
	nodes := newCluster(t, 2, nil)
	a, b := nodes[0], nodes[1]
	alice := a.guest("Alice")
	bob := a.guest("Bob").on(b)
	c := alice.table("40", 0, "human", "human")

	// B's lobby lists the table A created, without loading it.
	var lobby []tableSummary
	if code := bob.do("GET", "/api/tables", nil, &lobby); code != 200 || len(lobby) != 1 || lobby[0].ID != c.ID {
		t.Fatalf("lobby of B: %d %+v", code, lobby)
	}
	if b.srv.hub.loaded(c.ID) != nil {
		t.Fatal("B loaded the table to list it")
	}
	alice.sit(c.ID, 0)
	bob.sit(c.ID, 1)     // on B: loaded on demand
	seeStart(t, c.ID, a) // A held the table since Alice sat
	ca, cb := a.dial(alice, c.ID), b.dial(bob, c.ID)
	wa, wb := a.dial(nil, c.ID), b.dial(nil, c.ID)
	for _, x := range []*client{ca, cb, wa, wb} {
		x.hello(-1)
		if st := x.next("state"); !strings.Contains(string(st.Raw), `"status":"running"`) {
			t.Fatalf("state %s", st.Raw)
		}
	}
	sec := a.secrets(c.ID)
	if sb := b.secrets(c.ID); sb != sec {
		t.Fatalf("nodes disagree on the secrets: %v %v", sec, sb)
	}

	var delays []time.Duration
	players := []*client{ca, cb}
	for v := int64(0); v < 40; v++ {
		mover, other := players[v%2], players[(v+1)%2]
		mv := `{"kind":"peek"}`
		if v%3 == 1 {
			mv = fmt.Sprintf(`{"kind":"pick","n":%d}`, 1+v%3)
		}
		sent := time.Now()
		mover.move(v, int(v%2), mv)
		u := other.update(v + 1)
		delays = append(delays, time.Since(sent))
		if u.Views[fmt.Sprint((v+1)%2)] == nil {
			t.Fatalf("update %d lacks the seat's view: %s", v+1, u.Raw)
		}
		mover.update(v + 1)
		mover.next("ack")
	}
	for _, x := range []*client{wa, wb} {
		if f := x.update(40); f.Outcome == nil || !f.Outcome.Over {
			t.Fatalf("game not over: %s", f.Raw)
		}
	}
	// After their first state, the spectators of both nodes received the
	// same frames (presence aside), byte for byte: a move from another node
	// is sent as a local one, and nothing else is.
	updates := func(x *client) []string {
		var out []string
		for _, f := range x.frames()[1:] {
			if !strings.HasPrefix(string(f), `{"t":"presence"`) {
				out = append(out, string(f))
			}
		}
		return out
	}
	if ua, ub := updates(wa), updates(wb); len(ua) != 40 || !slices.Equal(ua, ub) {
		t.Fatalf("spectators' updates differ: %d on A, %d on B", len(ua), len(ub))
	}
	if leak := leaks(ca.frames(), sec[1]); leak != nil {
		t.Fatalf("north saw south's secret: %s", leak)
	}
	if leak := leaks(cb.frames(), sec[0]); leak != nil {
		t.Fatalf("south saw north's secret: %s", leak)
	}
	for _, x := range []*client{wa, wb} {
		if leak := leaks(x.frames(), sec[0], sec[1]); leak != nil {
			t.Fatalf("spectator saw a secret: %s", leak)
		}
	}
	if leaks(ca.frames(), sec[0]) == nil || leaks(cb.frames(), sec[1]) == nil {
		t.Fatal("players never saw their own secrets")
	}
	slices.Sort(delays)
	t.Logf("a move reaches the other node's player in %v (median), %v (max)", delays[len(delays)/2], delays[len(delays)-1])

	// Chat crosses nodes too, and the finished table is finished on both.
	cb.send(map[string]string{"t": "chat", "text": "well played"})
	if f := ca.next("chat"); f.Text.Chat != "well played" || f.From != "Bob" {
		t.Fatalf("chat %s", f.Raw)
	}
	eventually(t, "B sees the game finished", func() bool { return b.status(c.ID) == store.StatusFinished })
}

// TestNodesPresence: a player connected to one node counts as present on
// the other, which shows it in its presence frames.
func TestNodesPresence(t *testing.T) {
	nodes := newCluster(t, 2, nil)
	a, b := nodes[0], nodes[1]
	alice := a.guest("Alice")
	bob := a.guest("Bob")
	c := alice.table("10", 0, "human", "human")
	alice.sit(c.ID, 0)
	bob.sit(c.ID, 1)
	ca := a.dial(alice, c.ID)
	ca.hello(-1)
	ca.next("state")
	cb := b.dial(bob.on(b), c.ID)
	cb.hello(-1)
	cb.next("state")
	connected := func(x *client) bool {
		for {
			f := x.next("presence")
			if strings.Contains(string(f.Raw), `{"seat":0,"connected":true,"bot":false},{"seat":1,"connected":true,"bot":false}`) {
				return true
			}
		}
	}
	connected(ca)
	connected(cb)
	cb.close()
	for {
		f := ca.next("presence")
		if strings.Contains(string(f.Raw), `{"seat":1,"connected":false`) {
			break
		}
	}
}

// TestNodesConflictingMove: node B misses A's notices, so it judges a move
// of a version A has already stored: the store refuses it, B catches up,
// and the player gets the update and a stale-move error; one move is stored.
func TestNodesConflictingMove(t *testing.T) {
	nodes := newCluster(t, 2, func(i int, cfg *Config) {
		if i == 1 {
			cfg.Bus = deafBus{cfg.Bus}
			cfg.SyncEvery = time.Hour
		}
	})
	a, b := nodes[0], nodes[1]
	alice := a.guest("Alice")
	c := alice.hotseat("10", 0, "human", "human")
	alice.sit(c.ID, 0)
	alice.sit(c.ID, 1)
	ta, tb := a.dial(alice, c.ID), b.dial(alice.on(b), c.ID)
	ta.hello(-1)
	tb.hello(-1)
	ta.next("state")
	tb.next("state")
	ta.move(0, 0, `{"kind":"pick","n":1}`)
	ta.next("ack")
	tb.move(0, 0, `{"kind":"pick","n":2}`)
	tb.update(1)
	if f := tb.next("error"); f.Code != string(game.CodeStale) || f.V != 1 {
		t.Fatalf("error %s", f.Raw)
	}
	ms, _ := a.st.Moves(context.Background(), c.ID)
	if len(ms) != 1 || !strings.Contains(string(ms[0].Move), `"n":1`) {
		t.Fatalf("stored %+v", ms)
	}
	// B is at version 1 now and plays on from there.
	tb.move(1, 1, `{"kind":"pick","n":3}`)
	tb.update(2)
	tb.next("ack")
	ta.update(2)
}

// TestNodesSimultaneousMoves sends the same version's move from two nodes at
// once, many times: each time exactly one is stored and acknowledged, and
// the other is refused as stale.
func TestNodesSimultaneousMoves(t *testing.T) {
	nodes := newCluster(t, 2, nil)
	a, b := nodes[0], nodes[1]
	alice := a.guest("Alice")
	c := alice.hotseat("40", 0, "human", "human")
	alice.sit(c.ID, 0)
	alice.sit(c.ID, 1)
	ta, tb := a.dial(alice, c.ID), b.dial(alice.on(b), c.ID)
	ta.hello(-1)
	tb.hello(-1)
	ta.next("state")
	tb.next("state")
	const rounds = 20
	for v := int64(0); v < rounds; v++ {
		var wg sync.WaitGroup
		got := make([]string, 2)
		for i, x := range []*client{ta, tb} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				id := fmt.Sprintf("r%d", v)
				x.sendRaw(fmt.Sprintf(`{"t":"move","id":%q,"v":%d,"seat":%d,"move":{"kind":"pick","n":%d}}`, id, v, v%2, 1+i))
			}()
		}
		wg.Wait()
		for i, x := range []*client{ta, tb} {
			deadline := time.After(testscale.Timeout(20 * time.Second))
			for got[i] == "" {
				select {
				case f := <-x.in:
					if f.T == "ack" || f.T == "error" {
						got[i] = f.T + ":" + f.Code
					}
				case <-deadline:
					t.Fatalf("round %d: no answer on node %d", v, i)
				}
			}
		}
		slices.Sort(got)
		if got[0] != "ack:" || got[1] != "error:"+string(game.CodeStale) {
			t.Fatalf("round %d: answers %v", v, got)
		}
		eventually(t, "both nodes at the new version", func() bool {
			va, _ := a.tableState(c.ID)
			vb, _ := b.tableState(c.ID)
			return va == v+1 && vb == v+1
		})
	}
	ms, _ := a.st.Moves(context.Background(), c.ID)
	if len(ms) != rounds {
		t.Fatalf("%d moves stored", len(ms))
	}
	_, sa := a.tableState(c.ID)
	_, sb := b.tableState(c.ID)
	if string(sa) != string(sb) {
		t.Fatal("the nodes' states differ")
	}
}

// TestNodesConvergeWithoutNotices: a node that hears no notice still follows
// the moves, from its periodic version check.
func TestNodesConvergeWithoutNotices(t *testing.T) {
	nodes := newCluster(t, 2, func(i int, cfg *Config) {
		if i == 1 {
			cfg.Bus = deafBus{cfg.Bus}
		}
	})
	a, b := nodes[0], nodes[1]
	id, alice, _, ca, cb := twoPlayers(a, "10")
	tb := b.dial(alice.on(b), id)
	tb.hello(-1)
	tb.next("state")
	ca.move(0, 0, `{"kind":"pick","n":1}`)
	start := time.Now()
	tb.update(1)
	t.Logf("caught up without notices in %v (sync period 100ms)", time.Since(start))
	// A client that saw a later version on A, reconnecting to B before B's
	// check, gets what it missed, not an older state.
	cb.move(1, 1, `{"kind":"pick","n":2}`)
	ca.update(2)
	back := b.dial(alice.on(b), id)
	back.hello(2)
	back.next("presence")
	back.quiet("state", 20*time.Millisecond)
	if v, _ := b.tableState(id); v != 2 {
		t.Fatalf("B at version %d", v)
	}
}

var counted atomic.Int64

// countingBot plays the first legal move and counts its decisions.
type countingBot struct{}

func (countingBot) Choose(_ game.View, legal []game.Move) game.Move {
	counted.Add(1)
	return legal[0]
}

var countingOnce sync.Once

func registerCountingBot() {
	countingOnce.Do(func() {
		game.RegisterBot(testgame.ID, "counting", func(game.BotConfig) (game.Bot, error) { return countingBot{}, nil })
	})
}

// botTable creates a table with alice at seat 0 and the counting bot at
// seat 1, on alice's node.
func botTable(alice *user, length string) string {
	alice.e.t.Helper()
	var c created
	if code := alice.do("POST", "/api/tables", map[string]any{"game": testgame.ID, "options": map[string]string{"length": length},
		"seats": []map[string]string{{"kind": "human"}, {"kind": "bot", "bot": "counting", "level": "easy"}}}, &c); code != 201 {
		alice.e.t.Fatalf("create %d", code)
	}
	alice.sit(c.ID, 0)
	return c.ID
}

// TestNodesBotPlaysOncePerTurn: with the table held by two nodes, the bot is
// asked once per turn, by the one node that holds the lease.
func TestNodesBotPlaysOncePerTurn(t *testing.T) {
	registerCountingBot()
	nodes := newCluster(t, 2, nil)
	a, b := nodes[0], nodes[1]
	alice := a.guest("Alice")
	id := botTable(alice, "40")
	ca := a.dial(alice, id)
	tb := b.dial(alice.on(b), id)
	ca.hello(-1)
	tb.hello(-1)
	ca.next("state")
	tb.next("state")
	before := counted.Load()
	for v := int64(0); v < 10; v += 2 {
		x, y := ca, tb // alice plays from either node
		if v/2%2 == 1 {
			x, y = tb, ca
		}
		x.move(v, 0, `{"kind":"pick","n":1}`)
		x.update(v + 1)
		x.update(v + 2)
		y.update(v + 2)
	}
	if n := counted.Load() - before; n != 5 {
		t.Fatalf("the bot was asked %d times for 5 turns", n)
	}
	if a.leader(id) == b.leader(id) {
		t.Fatalf("leaders: A %v, B %v", a.leader(id), b.leader(id))
	}
	ms, _ := a.st.Moves(context.Background(), id)
	for i, m := range ms {
		if m.Seat != i%2 {
			t.Fatalf("move %d by seat %d", i+1, m.Seat)
		}
	}
}

// TestNodesBotsResumeWhenNodeStops stops the node that acts for a bot table,
// cleanly (its lease is released) or as a crash (it lapses): the other node
// plays the bot's next move.
func TestNodesBotsResumeWhenNodeStops(t *testing.T) {
	registerCountingBot()
	for _, crash := range []bool{false, true} {
		t.Run(map[bool]string{false: "shutdown", true: "crash"}[crash], func(t *testing.T) {
			nodes := newCluster(t, 2, nil)
			a, b := nodes[0], nodes[1]
			alice := a.guest("Alice")
			id := botTable(alice, "10")
			if !a.leader(id) {
				t.Fatal("the creating node does not act for the table")
			}
			cb := b.dial(alice.on(b), id)
			cb.hello(-1)
			cb.next("state")
			cb.move(0, 0, `{"kind":"pick","n":1}`)
			cb.update(2) // A's bot answered
			a.srv.noRelease = crash
			a.close()
			stopped := time.Now()
			cb.move(2, 0, `{"kind":"pick","n":1}`)
			cb.update(3)
			f := cb.update(4) // B's bot
			t.Logf("the bot moved again %v after its node stopped (lease %v)", time.Since(stopped), 600*time.Millisecond)
			if !b.leader(id) || len(f.Legal["0"]) == 0 {
				t.Fatalf("B leads %v; update %s", b.leader(id), f.Raw)
			}
			cb.move(4, 0, `{"kind":"pick","n":1}`)
			cb.update(6)
		})
	}
}

// TestNodesOnPostgresAndNATS runs two nodes on a real PostgreSQL and NATS:
// a move crosses nodes, and a bot table is played by one of them.
func TestNodesOnPostgresAndNATS(t *testing.T) {
	pgURL := servicetest.URL(t, "GASLAMP_TEST_POSTGRES", "PostgreSQL", "postgres://postgres@127.0.0.1:5432/test")
	natsURL := servicetest.URL(t, "GASLAMP_TEST_NATS", "NATS", "nats://127.0.0.1:4222")
	registerCountingBot()
	ctx := context.Background()
	var rnd [6]byte
	rand.Read(rnd[:])
	schema := "gaslamp_nodes_" + hex.EncodeToString(rnd[:])
	conn, err := pgx.Connect(ctx, pgURL)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		conn.Exec(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
		conn.Close(context.Background())
	})
	u, err := url.Parse(pgURL)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	var stores []store.Store
	var buses []bus.Bus
	for range 2 {
		st, err := pgstore.Open(ctx, u.String())
		if err != nil {
			t.Fatal(err)
		}
		nb, err := natsbus.Connect(natsURL, schema)
		if err != nil {
			t.Fatal(err)
		}
		stores, buses = append(stores, st), append(buses, nb)
		t.Cleanup(func() { nb.Close(); st.Close() })
	}
	var nodes []*env
	for i := range 2 {
		nodes = append(nodes, startNodes(t, 1, stores[i], func(int) bus.Bus { return buses[i] }, func(_ int, cfg *Config) {
			cfg.NodeID = fmt.Sprintf("node-%d", i)
		})...)
	}
	a, b := nodes[0], nodes[1]
	id, alice, bob, ca, _ := twoPlayers(a, "10")
	cb := b.dial(bob.on(b), id)
	cb.hello(-1)
	cb.next("state")
	ca.move(0, 0, `{"kind":"peek"}`)
	sent := time.Now()
	cb.update(1)
	t.Logf("a move reached the other node through PostgreSQL and NATS in %v", time.Since(sent))
	cb.move(1, 1, `{"kind":"pick","n":2}`)
	ca.update(2)
	sec := a.secrets(id)
	if leak := leaks(cb.frames(), sec[0]); leak != nil {
		t.Fatalf("south saw north's secret: %s", leak)
	}

	bt := botTable(alice, "6")
	tb := b.dial(alice.on(b), bt)
	tb.hello(-1)
	tb.next("state")
	for v := int64(0); v < 6; v += 2 {
		tb.move(v, 0, `{"kind":"pick","n":1}`)
		tb.update(v + 2)
	}
	// One leader while the game runs; none once it is over (A may even
	// have unloaded the table by then: read the status from the store).
	// The leaders are read first: a leader stores the finished status
	// before it gives up the lease, so a store read after seeing no leader
	// finds the game finished, while a read made before could still find
	// it running.
	la, lb := a.leader(bt), b.leader(bt)
	if rec, err := stores[0].Table(ctx, bt); la == lb && (err != nil || rec.Status != store.StatusFinished) {
		t.Fatalf("no single leader (A %v, B %v, status %q, %v)", la, lb, rec.Status, err)
	}
}

// TestNodesTakeover: the node acting for a table with a takeover limit
// counts players connected to another node as present, takes an absent
// player's seat over, and gives it back when the player returns elsewhere.
func TestNodesTakeover(t *testing.T) {
	nodes := newCluster(t, 2, nil)
	a, b := nodes[0], nodes[1]
	alice, bob := a.guest("Alice"), a.guest("Bob")
	c := alice.table("40", 1, "human", "human")
	// Each player is connected before the game starts: a player still
	// connecting a second after the start would be taken over.
	alice.sit(c.ID, 0)
	ca := b.dial(alice.on(b), c.ID)
	ca.hello(-1)
	ca.next("state")
	bob.sit(c.ID, 1)
	if !a.leader(c.ID) {
		t.Fatal("A does not act for the table it created")
	}
	seeStart(t, c.ID, b) // B holds the table: Alice is connected there
	cb := b.dial(bob.on(b), c.ID)
	cb.hello(-1)
	cb.next("state")
	// Both play on B, and stay past the limit: A takes nobody over.
	ca.move(0, 0, `{"kind":"pick","n":1}`)
	cb.update(1)
	cb.quiet("update", 1500*time.Millisecond)
	cb.move(1, 1, `{"kind":"pick","n":1}`)
	ca.update(2)
	// Bob leaves: after the limit, A's bot plays his seat.
	cb.close()
	<-cb.done
	ca.move(2, 0, `{"kind":"pick","n":1}`)
	ca.update(3)
	start := time.Now()
	ca.update(4)
	if d := time.Since(start); d < 500*time.Millisecond {
		t.Fatalf("bot took over after %v, before the limit", d)
	}
	// Bob returns on B: A ends the takeover, he plays again.
	cb2 := b.dial(bob.on(b), c.ID)
	cb2.hello(4)
	// A hears of him through B's presence notice: on a busy machine that
	// can come after Alice's next move, and A's bot would answer it once
	// more. The test is about what follows once A knows.
	eventually(t, "A ends the takeover", func() bool {
		tb := a.srv.hub.loaded(c.ID)
		if tb == nil {
			return false
		}
		var back bool
		tb.ask(context.Background(), func() { back = !tb.takenOver.Has(1) })
		return back
	})
	ca.move(4, 0, `{"kind":"pick","n":1}`)
	u := cb2.update(5)
	if len(u.Legal["1"]) == 0 {
		t.Fatalf("bob has no legal moves back: %s", u.Raw)
	}
	cb2.quiet("update", 1500*time.Millisecond)
	cb2.move(5, 1, `{"kind":"pick","n":2}`)
	cb2.next("ack")
}
