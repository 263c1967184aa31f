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
