package server

import (
	"bytes"
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/coder/websocket"

	"gaslamp/internal/testscale"
)

// TestRestartReplaysMoves stops a server after some moves and starts a new one
// on the same data: every table is back at the same version and view.
func TestRestartReplaysMoves(t *testing.T) {
	dir := t.TempDir()
	e := startEnv(t, dir, nil)
	id, alice, bob, ca, cb := twoPlayers(e, "10")
	ca.send(map[string]string{"t": "chat", "text": "good luck"})
	cb.next("chat")
	for v := int64(0); v < 5; v++ {
		c := []*client{ca, cb}[v%2]
		c.move(v, int(v%2), `{"kind":"peek"}`)
		c.update(v + 1)
	}
	v1, snap1 := e.tableState(id)
	cb.update(5)
	e.close()

	e2 := startEnv(t, dir, nil)
	v2, snap2 := e2.tableState(id)
	if v1 != v2 || !bytes.Equal(snap1, snap2) {
		t.Fatalf("after restart: version %d -> %d, same state %v", v1, v2, bytes.Equal(snap1, snap2))
	}
	alice.e, bob.e = e2, e2
	cb2 := e2.dial(bob, id)
	cb2.hello(5) // bob was at version 5: nothing missed
	cb2.next("presence")
	cb2.quiet("update", 50*time.Millisecond)
	ca2 := e2.dial(alice, id)
	ca2.hello(-1)
	st := ca2.next("state")
	if st.V != 5 || len(st.You) != 1 || len(st.Legal["1"]) != 0 {
		t.Fatalf("state %s", st.Raw)
	}
	if !bytes.Contains(st.Raw, []byte("good luck")) {
		t.Fatal("chat lost")
	}
	cb2.move(5, 1, `{"kind":"pick","n":2}`)
	cb2.update(6)
	cb2.next("ack")
	if ms, _ := e2.st.Moves(context.Background(), id); len(ms) != 6 {
		t.Fatalf("%d moves stored", len(ms))
	}
}

// TestShutdownFinishesReceivedMoves sends moves and shuts down at once: every
// acknowledged move is stored, and the store holds exactly the table's
// version.
func TestShutdownFinishesReceivedMoves(t *testing.T) {
	dir := t.TempDir()
	e := startEnv(t, dir, nil)
	alice := e.guest("Alice")
	c := alice.hotseat("40", 0, "human", "human")
	alice.sit(c.ID, 0)
	alice.sit(c.ID, 1)
	ca := e.dial(alice, c.ID)
	ca.hello(-1)
	ca.next("state")
	for v := int64(0); v < 10; v++ {
		ca.move(v, int(v%2), `{"kind":"pick","n":1}`)
		ca.update(v + 1)
	}
	// Shut down: the connection is closed with "going away".
	ctx, cancel := context.WithTimeout(context.Background(), testscale.Timeout(20*time.Second))
	defer cancel()
	if err := e.srv.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ca.done:
	case <-time.After(testscale.Timeout(20 * time.Second)):
		t.Fatal("connection not closed by shutdown")
	}
	ms, _ := e.st.Moves(ctx, c.ID)
	if len(ms) != 10 {
		t.Fatalf("%d moves stored", len(ms))
	}
	e.close()
}

// TestTransferSurvivesRestart: a seat transfer token is stored, so the
// player's phone can redeem it after the server restarted; once only.
func TestTransferSurvivesRestart(t *testing.T) {
	dir := t.TempDir()
	e := startEnv(t, dir, nil)
	id, alice, _, _, _ := twoPlayers(e, "10")
	var tr struct{ Token string }
	if code := alice.do("POST", "/api/tables/"+id+"/seats/0/transfer", nil, &tr); code != 200 || tr.Token == "" {
		t.Fatalf("transfer %d %+v", code, tr)
	}
	e.close()
	e2 := startEnv(t, dir, nil)
	phone := e2.guest("Alice")
	var info inviteInfo
	if code := phone.do("GET", "/api/invites/"+tr.Token, nil, &info); code != 200 || info.State != "transfer" || info.Seat != 0 {
		t.Fatalf("transfer info after a restart %d %+v", code, info)
	}
	if code := phone.do("POST", "/api/join/"+tr.Token, nil, nil); code != 200 {
		t.Fatalf("redeem after a restart: %d", code)
	}
	if code := e2.guest("Eve").do("POST", "/api/join/"+tr.Token, nil, nil); code != 404 {
		t.Fatalf("redeemed twice: %d", code)
	}
}

// TestShutdownAcksAndClosesEveryClient: moves sent just before a shutdown
// are either refused or stored and acknowledged, never stored without an
// ack; and every client, player or spectator, gets a close frame (1001
// going away) before Shutdown returns.
func TestShutdownAcksAndClosesEveryClient(t *testing.T) {
	dir := t.TempDir()
	e := startEnv(t, dir, func(c *Config) { c.ConnsPerAddr = 100 })
	type player struct {
		c     *client
		table string
		id    string
	}
	var players []player
	var all []*client
	for i := range 5 {
		alice := e.guest(fmt.Sprint("P", i))
		c := alice.hotseat("40", 0, "human", "human")
		alice.sit(c.ID, 0)
		alice.sit(c.ID, 1)
		ca := e.dial(alice, c.ID)
		ca.hello(-1)
		ca.next("state")
		players = append(players, player{c: ca, table: c.ID})
		all = append(all, ca)
		for range 4 {
			w := e.dial(nil, c.ID)
			w.hello(-1)
			w.next("state")
			all = append(all, w)
		}
	}
	for i := range players {
		players[i].id = players[i].c.move(0, 0, `{"kind":"pick","n":1}`)
	}
	ctx, cancel := context.WithTimeout(context.Background(), testscale.Timeout(20*time.Second))
	defer cancel()
	if err := e.srv.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	// Shutdown returned only once every connection's handler had finished
	// its close handshake: the process may exit now without cutting anyone.
	e.srv.conns.mu.Lock()
	running := e.srv.conns.n
	e.srv.conns.mu.Unlock()
	if running != 0 {
		t.Fatalf("%d connections still open when Shutdown returned", running)
	}
	for i, c := range all {
		select {
		case <-c.done:
		case <-time.After(testscale.Timeout(20 * time.Second)):
			t.Fatalf("client %d not closed by the shutdown", i)
		}
		if st := websocket.CloseStatus(c.err); st != websocket.StatusGoingAway {
			t.Errorf("client %d: close %v, want 1001 going away", i, c.err)
		}
	}
	for _, p := range players {
		ms, err := e.st.Moves(ctx, p.table)
		if err != nil {
			t.Fatal(err)
		}
		acked := false
		for len(p.c.in) > 0 {
			if f := <-p.c.in; f.T == "ack" && f.ID == p.id {
				acked = true
			}
		}
		if len(ms) == 1 && !acked {
			t.Errorf("table %s: the move was stored but never acknowledged", p.table)
		}
		if len(ms) == 0 && acked {
			t.Errorf("table %s: the move was acknowledged but not stored", p.table)
		}
	}
	e.close()
}
