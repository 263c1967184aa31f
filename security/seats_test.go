package security

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"gaslamp/internal/testscale"
	"gaslamp/server"
)

// sessionCookie returns the Set-Cookie of the session in g's last response.
func sessionCookie(t *testing.T, g *guest) *http.Cookie {
	t.Helper()
	for _, c := range g.resp.Cookies() {
		if c.Name == cookieName {
			return c
		}
	}
	t.Fatalf("no %s cookie in the response", cookieName)
	return nil
}

// Hole 10: the session cookie lived a year while the server expires idle
// sessions after --session-idle. Its lifetime must be the idle expiry, at
// sign-in and when a visit renews it.
func TestSessionCookieLifetimeIsIdleExpiry(t *testing.T) {
	const idle = 2 * time.Hour
	s := startSite(t, func(c *server.Config) { c.SessionIdle = idle })
	g := s.guest("Ada")
	if got := sessionCookie(t, g).MaxAge; got != int(idle/time.Second) {
		t.Fatalf("sign-in cookie Max-Age %d, want %d", got, int(idle/time.Second))
	}
	if code, body := g.do("GET", "/api/me", nil, nil); code != http.StatusOK {
		t.Fatalf("me: %d %s", code, body)
	}
	if got := sessionCookie(t, g).MaxAge; got != int(idle/time.Second) {
		t.Fatalf("renewed cookie Max-Age %d, want %d", got, int(idle/time.Second))
	}
}

// Hole 10: there was no sign-out. Signing out revokes the session on the
// server: the old cookie, replayed, names no one. Sign-out is CSRF-checked.
func TestSignOutRevokesSession(t *testing.T) {
	for _, route := range []struct{ method, path string }{{"POST", "/api/session/signout"}, {"DELETE", "/api/session"}} {
		t.Run(route.method, func(t *testing.T) {
			s := startSite(t, nil)
			g := s.guest("Ada")
			token := g.cookie()
			if code, _ := g.request(route.method, route.path, nil, false); code != http.StatusForbidden {
				t.Fatalf("sign-out without the CSRF token: %d, want 403", code)
			}
			if code, _ := g.do("GET", "/api/me", nil, nil); code != http.StatusOK {
				t.Fatalf("session gone after a refused sign-out: %d", code)
			}
			if code, body := g.do(route.method, route.path, nil, nil); code != http.StatusNoContent {
				t.Fatalf("sign-out: %d %s", code, body)
			}
			if c := sessionCookie(t, g); c.MaxAge >= 0 {
				t.Fatalf("sign-out did not clear the cookie: %+v", c)
			}
			// An attacker who kept the old cookie replays it.
			req, _ := http.NewRequest("GET", s.url+"/api/me", nil)
			req.AddCookie(&http.Cookie{Name: cookieName, Value: token})
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusUnauthorized {
				t.Fatalf("revoked session still accepted: %d", resp.StatusCode)
			}
		})
	}
}

// Hole 2: a seat left mid-game could be claimed by any signed-in stranger
// with POST /api/tables/{id}/seats/N, without its invite.
func TestFreeSeatMidGameRefusesStranger(t *testing.T) {
	s := startSite(t, nil)
	alice, bob, mallory := s.guest("Alice"), s.guest("Bob"), s.guest("Mallory")
	c := alice.mustCreate("pocket", nil, "human", "human")
	if code := alice.sit(c.ID, 0); code != http.StatusOK {
		t.Fatalf("alice sit: %d", code)
	}
	if code := bob.sit(c.ID, 1); code != http.StatusOK {
		t.Fatalf("bob sit: %d", code)
	}
	if st := alice.table(c.ID)["status"]; st != "running" {
		t.Fatalf("status %v, want running", st)
	}
	if code, body := bob.do("DELETE", "/api/tables/"+c.ID+"/seats/1", nil, nil); code != http.StatusOK {
		t.Fatalf("bob leaves: %d %s", code, body)
	}
	if code := mallory.sit(c.ID, 1); code == http.StatusOK {
		t.Fatal("a stranger took a free seat mid-game")
	}
	// Nor may a seated player take the other side's seat this way.
	if code := alice.sit(c.ID, 1); code == http.StatusOK {
		t.Fatal("Jack took the investigator's free seat mid-game")
	}
}

// Hole 1: an invite link took its seat from whoever held it, at any time,
// and the creator received every link: a creator seated as the investigator
// could POST /api/join/<Jack's token> mid-game and hold both sides.
func TestInviteDoesNotTakeHeldSeat(t *testing.T) {
	s := startSite(t, nil)
	creator, friend := s.guest("Creator"), s.guest("Friend")
	c := creator.mustCreate("pocket", nil, "human", "human")
	tok := func(seat string) string { return strings.TrimPrefix(c.Invites[seat], "/join/") }
	if code := friend.join(tok("0")); code != http.StatusOK {
		t.Fatalf("friend claims seat 0: %d", code)
	}
	if code := creator.join(tok("1")); code != http.StatusOK {
		t.Fatalf("creator claims seat 1: %d", code)
	}
	if st := creator.table(c.ID)["status"]; st != "running" {
		t.Fatalf("status %v, want running", st)
	}
	cf := friend.dial(c.ID)
	cf.hello(-1)
	cf.next("state")
	if code := creator.join(tok("0")); code == http.StatusOK {
		t.Fatal("the creator took the friend's seat with its invite")
	}
	// The friend still holds seat 0; the creator only seat 1.
	if code := friend.join(tok("0")); code != http.StatusOK {
		t.Fatalf("the invite no longer brings the seat back to its holder: %d", code)
	}
	cc := creator.dial(c.ID)
	cc.hello(-1)
	if st := cc.next("state"); len(st.You) != 1 || st.You[0] != 1 {
		t.Fatalf("creator holds %v, want [1]: %s", st.You, st.Raw)
	}
}

// Hole 1 (the way to move a seat): a one-time transfer token, asked for by
// the holder only, moves the seat to another session once; the old session's
// WebSocket is told ("seat-moved").
func TestSeatTransferIsOneTime(t *testing.T) {
	s := startSite(t, nil)
	alice, bob, phone, eve := s.guest("Alice"), s.guest("Bob"), s.guest("Alice"), s.guest("Eve")
	c := alice.mustCreate("pocket", nil, "human", "human")
	if alice.sit(c.ID, 0) != http.StatusOK || bob.sit(c.ID, 1) != http.StatusOK {
		t.Fatal("seats")
	}
	ca := alice.dial(c.ID)
	ca.hello(-1)
	ca.next("state")
	var tr struct{ Token string }
	if code, _ := eve.do("POST", "/api/tables/"+c.ID+"/seats/0/transfer", nil, &tr); code == http.StatusOK {
		t.Fatal("a stranger got a transfer token for Alice's seat")
	}
	if code, _ := bob.do("POST", "/api/tables/"+c.ID+"/seats/0/transfer", nil, &tr); code == http.StatusOK {
		t.Fatal("the other player got a transfer token for Alice's seat")
	}
	if code, body := alice.do("POST", "/api/tables/"+c.ID+"/seats/0/transfer", nil, &tr); code != http.StatusOK || tr.Token == "" {
		t.Fatalf("transfer: %d %s", code, body)
	}
	if code := phone.join(tr.Token); code != http.StatusOK {
		t.Fatalf("phone redeems: %d", code)
	}
	if code := eve.join(tr.Token); code == http.StatusOK {
		t.Fatal("a transfer token was redeemed twice")
	}
	ca.next("seat-moved")
	if st := ca.next("state"); len(st.You) != 0 {
		t.Fatalf("old device still holds %v", st.You)
	}
	cp := phone.dial(c.ID)
	cp.hello(-1)
	if st := cp.next("state"); len(st.You) != 1 || st.You[0] != 0 {
		t.Fatalf("phone holds %v, want [0]", st.You)
	}
}

// Signing out closes the session's open WebSockets: a revoked session keeps
// no seat's view open on a forgotten tab.
func TestSignOutClosesConnections(t *testing.T) {
	s := startSite(t, nil)
	alice, bob := s.guest("Alice"), s.guest("Bob")
	c := alice.mustCreate("pocket", nil, "human", "human")
	if alice.sit(c.ID, 0) != http.StatusOK || bob.sit(c.ID, 1) != http.StatusOK {
		t.Fatal("seats")
	}
	ca, cb := alice.dial(c.ID), bob.dial(c.ID)
	ca.hello(-1)
	cb.hello(-1)
	ca.next("state")
	cb.next("state")
	if code, body := alice.do("POST", "/api/session/signout", nil, nil); code != http.StatusNoContent {
		t.Fatalf("sign-out: %d %s", code, body)
	}
	select {
	case <-ca.done:
	case <-time.After(testscale.Timeout(20 * time.Second)):
		t.Fatal("the signed-out session's WebSocket is still open")
	}
	if websocket.CloseStatus(ca.err) != websocket.StatusPolicyViolation {
		t.Fatalf("close: %v", ca.err)
	}
	// Bob's connection is untouched.
	cb.send(map[string]any{"t": "ping"})
	cb.next("pong")
}
