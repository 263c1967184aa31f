package security

import (
	"net/http"
	"testing"
	"time"

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
