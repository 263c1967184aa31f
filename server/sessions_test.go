package server

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"gaslamp/store"
)

// clock is a settable test clock: no test here sleeps through an idle period.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func newClock() *clock { return &clock{now: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

const testIdle = 24 * time.Hour

func sessionEnv(t *testing.T) (*env, *clock) {
	clk := newClock()
	e := newEnv(t, func(c *Config) {
		c.Now = clk.Now
		c.SessionIdle = testIdle
	})
	return e, clk
}

func (u *user) signedIn() bool {
	u.e.t.Helper()
	var me meOut
	code := u.do("GET", "/api/me", nil, &me)
	if code == http.StatusOK && me.ID != u.id {
		u.e.t.Fatalf("/api/me names %q, want %q", me.ID, u.id)
	}
	return code == http.StatusOK
}

// TestSessionExpiresWhenIdle checks that a session unused for longer than the
// idle period is refused like an unknown one: by the API, by state-changing
// requests, and on the WebSocket (a spectator then).
func TestSessionExpiresWhenIdle(t *testing.T) {
	e, clk := sessionEnv(t)
	alice := e.guest("Alice")
	c := alice.table("10", 0, "human", "human")
	alice.sit(c.ID, 0)
	clk.advance(testIdle) // exactly the idle period: still valid
	if !alice.signedIn() {
		t.Fatal("a session used exactly the idle period ago was refused")
	}
	clk.advance(testIdle + time.Second)
	if alice.signedIn() {
		t.Fatal("an idle session is still accepted")
	}
	var refusal httpErr
	if code := alice.do("POST", "/api/tables/"+c.ID+"/seats/1", nil, &refusal); code != http.StatusUnauthorized || refusal.Code != "unauthorized" {
		t.Fatalf("state change with an expired session: %d %+v", code, refusal)
	}
	ws := e.dial(alice, c.ID)
	ws.hello(-1)
	if st := ws.next("state"); len(st.You) != 0 {
		t.Fatalf("an expired session holds seats on the socket: %s", st.Raw)
	}
	// The store still has it until the sweep: refusing does not depend on
	// the sweep having run.
	if _, _, err := e.st.SessionByHash(context.Background(), store.Hash(alice.cookie)); err != nil {
		t.Fatalf("the session was deleted before the sweep: %v", err)
	}
}

// TestSessionRenewedByUse checks the sliding expiry: each use pushes the
// expiry back by a whole idle period.
func TestSessionRenewedByUse(t *testing.T) {
	e, clk := sessionEnv(t)
	alice := e.guest("Alice")
	for i := 0; i < 5; i++ { // five uses, 0.9 idle period apart: 4.5 periods in all
		clk.advance(testIdle * 9 / 10)
		if !alice.signedIn() {
			t.Fatalf("use %d: a session in use expired", i+1)
		}
	}
	x, _, err := e.st.SessionByHash(context.Background(), store.Hash(alice.cookie))
	if err != nil || !x.LastSeen.Equal(clk.Now()) {
		t.Fatalf("last seen %v, want %v (%v)", x.LastSeen, clk.Now(), err)
	}
	// A use soon after another does not write again.
	clk.advance(time.Second)
	alice.signedIn()
	if x2, _, _ := e.st.SessionByHash(context.Background(), store.Hash(alice.cookie)); !x2.LastSeen.Equal(x.LastSeen) {
		t.Fatalf("a use a second later was written: %v", x2.LastSeen)
	}
	clk.advance(testIdle + time.Second)
	if alice.signedIn() {
		t.Fatal("the session outlived an idle period after its last use")
	}
}

// TestExpiredSessionsDeleted checks the sweep: sessions idle past the period
// are deleted, the others kept.
func TestExpiredSessionsDeleted(t *testing.T) {
	e, clk := sessionEnv(t)
	old, recent := e.guest("Old"), e.guest("Recent")
	clk.advance(testIdle / 2)
	recent.signedIn()
	clk.advance(testIdle/2 + time.Minute) // old: idle a period and a minute; recent: half a period
	e.srv.expireSessions(context.Background())
	ctx := context.Background()
	if _, _, err := e.st.SessionByHash(ctx, store.Hash(old.cookie)); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("the idle session was not deleted: %v", err)
	}
	if _, _, err := e.st.SessionByHash(ctx, store.Hash(recent.cookie)); err != nil {
		t.Fatalf("a recent session was deleted: %v", err)
	}
	if !recent.signedIn() {
		t.Fatal("the recent session is refused")
	}
	if n := e.srv.metrics.sessionsExpired.Load(); n != 1 {
		t.Fatalf("%d sessions counted as expired", n)
	}
	var b strings.Builder
	e.srv.writeMetrics(&b, map[string]int{})
	if !strings.Contains(b.String(), "gaslamp_sessions_expired_total 1\n") {
		t.Fatal("metrics do not show the expired session")
	}
}

// TestInviteAfterExpiryKeepsSeat checks that an invite claimed by a player
// whose session has expired does not give the seat to a new session.
func TestInviteAfterExpiryKeepsSeat(t *testing.T) {
	e, clk := sessionEnv(t)
	alice, bob := e.guest("Alice"), e.guest("Bob")
	c := alice.table("10", 0, "human", "human")
	alice.sit(c.ID, 0)
	bob.sit(c.ID, 1)
	ca := e.dial(alice, c.ID)
	ca.hello(-1)
	ca.next("state")
	ca.move(0, 0, `{"kind":"pick","n":1}`)
	ca.next("ack")
	ca.close()
	<-ca.done
	clk.advance(testIdle + time.Hour)
	if alice.signedIn() {
		t.Fatal("Alice's session should have expired")
	}
	// Without a session, the invite link shows the invitation page (which
	// asks for a name); it changes nothing by itself.
	token := strings.TrimPrefix(c.Invites["0"], "/join/")
	req, _ := newGet(e, c.Invites["0"], &user{e: e})
	resp, err := noRedirect.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("invitation page for an expired session: %d", resp.StatusCode)
	}
	// A new session is someone else to the server: the invite, claimed
	// already, does not take the seat from Alice's (expired) user. Trust
	// hole 1; a bot takeover or the host's replacement is the way on.
	again := e.guest("Alice")
	var res map[string]any
	if code := again.do("POST", "/api/join/"+token, nil, &res); code != http.StatusConflict {
		t.Fatalf("join %d %v", code, res)
	}
	var sum tableSummary
	again.do("GET", "/api/tables/"+c.ID, nil, &sum)
	if p := sum.Seats[0].Player; p == nil || p.Name != "Alice" {
		t.Fatalf("seat 0 %+v", sum.Seats[0].Player)
	}
}
