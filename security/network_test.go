package security

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"gaslamp/games/pocket"
	"gaslamp/internal/testscale"
	"gaslamp/server"
)

// Replays of the network holes of the issue "Trust: ... the server holds
// up to abuse" (5, 6, 8, 9) against a real loopback server; each asserts
// the bound of docs/security.md, "Connection limits". Timeouts are small
// through the configuration; the tests wait for events with generous limits.

// waitClosed waits for the server to close c and returns its close status.
func waitClosed(t *testing.T, c *conn) websocket.StatusCode {
	t.Helper()
	select {
	case <-c.done:
		return websocket.CloseStatus(c.err)
	case <-time.After(testscale.Timeout(20 * time.Second)):
		t.Fatal("connection not closed")
		return 0
	}
}

// Hole 5: a body sent at a byte every few seconds stayed open for minutes,
// and refused requests drained it.
func TestNetSlowBodyIsCut(t *testing.T) {
	s := startSite(t, func(c *server.Config) { c.BodyTimeout = 300 * time.Millisecond })
	addr := strings.TrimPrefix(s.url, "http://")
	for _, path := range []string{"/api/session", "/api/tables"} { // the second is refused (no session)
		nc, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer nc.Close()
		fmt.Fprintf(nc, "POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{", path)
		done := make(chan struct{})
		go func() { defer close(done); io.Copy(io.Discard, nc) }()
		start := time.Now()
		tick := time.NewTicker(100 * time.Millisecond)
	loop:
		for {
			select {
			case <-done:
				break loop
			case <-tick.C:
				nc.Write([]byte(" "))
			case <-time.After(testscale.Timeout(20 * time.Second)):
				t.Fatalf("%s: a trickling body is kept open", path)
			}
		}
		tick.Stop()
		if d := time.Since(start); d > 5*time.Second {
			t.Fatalf("%s: cut only after %v", path, d)
		}
	}
}

// Hole 5: a WebSocket that never says anything was kept for minutes.
func TestNetSilentWebSocketClosed(t *testing.T) {
	s := startSite(t, func(c *server.Config) { c.HelloTimeout = 200 * time.Millisecond })
	g := s.guest("Ann")
	tb := g.mustCreate(pocket.ID, nil, "human", "human")
	c := g.dial(tb.ID)
	if code := waitClosed(t, c); code != websocket.StatusPolicyViolation {
		t.Fatalf("silent WebSocket closed with %v", code)
	}
}

// Hole 5: one address opened 260 WebSockets in 3 s.
func TestNetWebSocketsPerAddressCapped(t *testing.T) {
	// No hello timeout: it would close the first silent connections, and
	// free their places, should the 40 dials outlast it on a busy machine.
	s := startSite(t, func(c *server.Config) { c.ConnsPerAddr = 16; c.HelloTimeout = -1 })
	owner := s.guest("Owner")
	tb := owner.mustCreate(pocket.ID, nil, "human", "human")
	open, refused := 0, 0
	for i := 0; i < 40; i++ {
		g := s.guest(fmt.Sprintf("G%d", i))
		if _, err := g.tryDial(tb.ID); err != nil {
			if !strings.Contains(err.Error(), "429") {
				t.Fatalf("refusal: %v", err)
			}
			refused++
			continue
		}
		open++
	}
	if open != 16 || refused != 24 {
		t.Fatalf("%d open, %d refused; want 16 open", open, refused)
	}
}

// Hole 6: 100 tables from 5 addresses in 3 s, all kept.
func TestNetTableFloodBounded(t *testing.T) {
	s := startSite(t, func(c *server.Config) { c.OpenTablesPerUser = 5 })
	kept := 0
	for u := 0; u < 5; u++ {
		g := s.guest(fmt.Sprintf("Flood%d", u))
		for i := 0; i < 20; i++ {
			code, _, data := g.create(pocket.ID, nil, "human", "human")
			switch code {
			case http.StatusCreated:
				kept++
			case http.StatusTooManyRequests:
				if !strings.Contains(string(data), "too-many-tables") {
					t.Fatalf("refusal %s", data)
				}
			default:
				t.Fatalf("status %d %s", code, data)
			}
		}
	}
	if kept != 25 {
		t.Fatalf("%d tables kept, want 25", kept)
	}
	var list []map[string]any
	code, _ := s.guest("Watcher").do("GET", "/api/tables?limit=10", nil, &list)
	if code != http.StatusOK || len(list) != 10 {
		t.Fatalf("lobby page: %d, %d tables", code, len(list))
	}
}

// Hole 8: a DNS-rebinding page (Host and Origin both evil.example) passed the
// WebSocket Origin check.
func TestNetDNSRebindingRefused(t *testing.T) {
	s := startSite(t, nil) // no PublicURLs: loopback origins only
	g := s.guest("Ann")
	tb := g.mustCreate(pocket.ID, nil, "human", "human")
	req, _ := http.NewRequest("GET", s.url+"/ws/t/"+tb.ID, nil)
	req.Host = "evil.example"
	for k, v := range map[string]string{"Origin": "http://evil.example", "Connection": "Upgrade", "Upgrade": "websocket",
		"Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="} {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("rebinding WebSocket: status %d", resp.StatusCode)
	}
	// The site's own loopback page still connects.
	c := g.dial(tb.ID)
	c.hello(-1)
	c.next("state")
}

// Hole 9: a burst of pings got a promptly reading client cut as "too slow"
// (1008 after about 70 pongs), with no `rate-limited` first.
func TestNetPingBurstNotCut(t *testing.T) {
	s := startSite(t, nil)
	g := s.guest("Ann")
	tb := g.mustCreate(pocket.ID, nil, "human", "human")
	c := g.dial(tb.ID)
	c.hello(-1)
	c.next("state")
	for i := 0; i < 300; i++ {
		c.send(map[string]string{"t": "ping"})
	}
	c.next("pong")
	c.hello(-1)
	c.next("state") // still connected and answered
	// Over the frame rate: `rate-limited` comes before any cut.
	s2 := startSite(t, func(cfg *server.Config) { cfg.Limits.Frames = server.Rate{PerSecond: 1, Burst: 20} })
	g2 := s2.guest("Bob")
	tb2 := g2.mustCreate(pocket.ID, nil, "human", "human")
	c2 := g2.dial(tb2.ID)
	for i := 0; i < 300; i++ {
		c2.send(map[string]string{"t": "ping"})
	}
	if f := c2.next("error"); f.Code != "rate-limited" {
		t.Fatalf("first refusal %q", f.Code)
	}
	select {
	case <-c2.done:
		t.Fatalf("cut after one burst: %v", c2.err)
	case <-time.After(300 * time.Millisecond):
	}
}
