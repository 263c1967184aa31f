package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"gaslamp/internal/testscale"
	"gaslamp/server/internal/testgame"
)

// waitClosed waits (generously) for the server to close c and returns the
// close status.
func waitClosed(t *testing.T, c *client) websocket.StatusCode {
	t.Helper()
	select {
	case <-c.done:
		return websocket.CloseStatus(c.err)
	case <-time.After(testscale.Timeout(20 * time.Second)):
		t.Fatal("connection not closed")
		return 0
	}
}

func TestAddrKeyGroupsIPv6By64(t *testing.T) {
	for in, want := range map[string]string{
		"192.0.2.7":                 "192.0.2.7",
		"::ffff:192.0.2.7":          "192.0.2.7",
		"2001:db8:1:2:aaaa::1":      "2001:db8:1:2::/64",
		"2001:db8:1:2:ffff:ffff::9": "2001:db8:1:2::/64",
		"2001:db8:1:3::1":           "2001:db8:1:3::/64",
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = netip.AddrPortFrom(netip.MustParseAddr(in), 4000).String()
		if got := clientIP(r); got != want {
			t.Errorf("%s: key %q, want %q", in, got, want)
		}
	}
}

func TestTrustedProxies(t *testing.T) {
	if _, err := ParseTrustedProxies("10.0.0.0/8, 192.0.2.1,2001:db8::/32"); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"10.0.0.0/33", "proxy.local", "1.2.3"} {
		if _, err := ParseTrustedProxies(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	proxies, _ := ParseTrustedProxies("10.0.0.0/8,192.0.2.1")
	for _, c := range []struct {
		peer, xff, fwd, want string
	}{
		{"198.51.100.9", "203.0.113.5", "", "198.51.100.9"},                // untrusted peer: headers ignored
		{"10.1.1.1", "203.0.113.5", "", "203.0.113.5"},                     // trusted peer
		{"10.1.1.1", "6.6.6.6, 203.0.113.5, 10.2.2.2", "", "203.0.113.5"},  // rightmost untrusted hop, not a forged leftmost one
		{"10.1.1.1", "6.6.6.6, 203.0.113.5, 192.0.2.1", "", "203.0.113.5"}, // chain of trusted proxies
		{"10.1.1.1", "", `for=6.6.6.6, for="[2001:db8::1]:443"`, "2001:db8::1"},
		{"10.1.1.1", "10.3.3.3", "", "10.3.3.3"}, // all trusted: the leftmost
		{"10.1.1.1", "garbage, 203.0.113.5", "", "203.0.113.5"},
		{"10.1.1.1", "", "", "10.1.1.1"},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = c.peer + ":1234"
		if c.xff != "" {
			r.Header.Set("X-Forwarded-For", c.xff)
		}
		if c.fwd != "" {
			r.Header.Set("Forwarded", c.fwd)
		}
		if got := clientAddr(r, proxies).String(); got != c.want {
			t.Errorf("%+v: client %s", c, got)
		}
	}
}

// TestOriginNotHost: the Origin check never trusts the Host header (DNS
// rebinding), accepts loopback origins without --public-url, and only the
// public URLs (and --origins) with it.
func TestOriginNotHost(t *testing.T) {
	check := func(cfg Config, host, origin string) bool {
		s := &Server{cfg: cfg}
		r := httptest.NewRequest("GET", "/ws/t/x", nil)
		r.Host = host
		r.Header.Set("Origin", origin)
		return s.originOK(r)
	}
	local := Config{}
	for _, o := range []string{"http://127.0.0.1:8080", "http://localhost:3000", "http://[::1]:9", "http://127.9.9.9"} {
		if !check(local, "127.0.0.1:8080", o) {
			t.Errorf("loopback origin %s refused", o)
		}
	}
	if check(local, "evil.example", "http://evil.example") {
		t.Error("DNS rebinding: Origin equal to Host accepted without --public-url")
	}
	pub, err := ParsePublicURLs("https://play.example.org, http://other.example:8443")
	if err != nil {
		t.Fatal(err)
	}
	site := Config{PublicURLs: pub, Origins: []string{"*.friends.example"}}
	for o, want := range map[string]bool{
		"https://play.example.org":    true,
		"https://PLAY.example.org":    true,
		"http://play.example.org":     false, // another scheme is another origin
		"http://other.example:8443":   true,
		"https://a.friends.example":   true,
		"http://127.0.0.1:8080":       false, // a public site does not take loopback pages
		"http://evil.example":         false,
		"null":                        false,
		"javascript://play.example.o": false,
	} {
		if got := check(site, "evil.example", o); got != want {
			t.Errorf("origin %s: %v, want %v", o, got, want)
		}
	}
	for _, bad := range []string{"play.example.org", "ftp://x.example", "https://x.example/path", "https://u@x.example", "https://user:PWSECRET@x.example", "https://x.example/?p=1@PWSECRET"} {
		_, err := ParsePublicURLs(bad)
		if err == nil {
			t.Errorf("public URL %q accepted", bad)
		} else if strings.Contains(err.Error(), "PWSECRET") {
			t.Errorf("public URL %q: the error shows its password: %v", bad, err)
		}
	}
	// Through the real handler: a rebinding page's WebSocket is refused.
	e := newEnv(t, nil)
	alice := e.guest("Alice")
	c := alice.table("6", 0, "human", "human")
	req, _ := http.NewRequest("GET", e.url+"/ws/t/"+c.ID, nil)
	req.Host = "evil.example"
	req.Header.Set("Origin", "http://evil.example")
	req.Header.Set("Connection", "Upgrade")
	req.Header.Set("Upgrade", "websocket")
	req.Header.Set("Sec-WebSocket-Version", "13")
	req.Header.Set("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("rebinding WebSocket: status %d", resp.StatusCode)
	}
}

func TestHelloTimeout(t *testing.T) {
	// Long enough for a client that says hello at once on a busy machine.
	hello := testscale.Timeout(time.Second)
	e := newEnv(t, func(c *Config) { c.HelloTimeout = hello })
	alice := e.guest("Alice")
	tb := alice.table("6", 0, "human", "human")
	silent := e.dial(alice, tb.ID)
	if code := waitClosed(t, silent); code != websocket.StatusPolicyViolation {
		t.Fatalf("silent connection closed with %v", code)
	}
	// One that says hello in time stays past the timeout.
	talker := e.dial(alice, tb.ID)
	talker.hello(-1)
	talker.next("state")
	select {
	case <-talker.done:
		t.Fatalf("connection with hello closed: %v", talker.err)
	case <-time.After(2 * hello):
	}
}

func TestConnCaps(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.ConnsPerAddr, c.ConnsPerSession, c.HelloTimeout = 4, 2, -1 }) // silent connections stay
	alice, bob := e.guest("Alice"), e.guest("Bob")
	tb := alice.table("6", 0, "human", "human")
	var open []*client
	for i := 0; i < 2; i++ {
		open = append(open, e.dial(alice, tb.ID))
	}
	if _, err := e.tryDial(alice, tb.ID, nil); err == nil || !strings.Contains(err.Error(), "429") {
		t.Fatalf("third connection of one session: %v", err)
	}
	// Bob's session may still connect, until the address's cap.
	open = append(open, e.dial(bob, tb.ID), e.dial(nil, tb.ID))
	if _, err := e.tryDial(nil, tb.ID, nil); err == nil || !strings.Contains(err.Error(), "429") {
		t.Fatalf("fifth connection of one address: %v", err)
	}
	// Closing one frees its place.
	open[0].close()
	waitClosed(t, open[0])
	deadline := time.Now().Add(testscale.Timeout(20 * time.Second))
	for {
		c, err := e.tryDial(alice, tb.ID, nil)
		if err == nil {
			c.close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("place not freed: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestPingBurstNotTooSlow: a client that reads promptly is never cut as
// too slow for a burst of pings; over the frame rate it is told
// `rate-limited` first and only cut after sustained abuse.
func TestPingBurstNotTooSlow(t *testing.T) {
	e := newEnv(t, nil) // test limits: 1000 frames/s, burst 10000
	alice := e.guest("Alice")
	tb := alice.table("6", 0, "human", "human")
	c := e.dial(alice, tb.ID)
	c.hello(-1)
	c.next("state")
	for i := 0; i < 500; i++ {
		c.sendRaw(`{"t":"ping"}`)
	}
	c.next("pong")
	c.sendRaw(`{"t":"hello","v":-1}`)
	c.next("state") // still connected, still answered
	select {
	case <-c.done:
		t.Fatalf("cut: %v", c.err)
	default:
	}

	e2 := newEnv(t, func(cfg *Config) { cfg.Limits.Frames = Rate{PerSecond: 1, Burst: 20}; cfg.RateNotices = 2 })
	alice = e2.guest("Alice")
	tb = alice.table("6", 0, "human", "human")
	c = e2.dial(alice, tb.ID)
	for i := 0; i < 200; i++ {
		c.sendRaw(`{"t":"ping"}`)
	}
	if f := c.next("error"); f.Code != "rate-limited" {
		t.Fatalf("first refusal %s", f.Code)
	}
	// Sustained: a notice a second; past RateNotices the connection is
	// closed with 1008 "rate limited".
	stop := time.After(testscale.Timeout(20 * time.Second))
	for {
		select {
		case <-c.done:
			if code := websocket.CloseStatus(c.err); code != websocket.StatusPolicyViolation || !strings.Contains(c.err.Error(), "rate limited") {
				t.Fatalf("closed with %v", c.err)
			}
			return
		case <-stop:
			t.Fatal("sustained abuse not cut")
		case <-time.After(100 * time.Millisecond):
			c.ws.Write(t.Context(), websocket.MessageText, []byte(`{"t":"ping"}`))
		}
	}
}

// TestSlowBody: a body trickling in is cut at BodyTimeout, and a refused
// request closes its connection instead of draining a slow body.
func TestSlowBody(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.BodyTimeout = 300 * time.Millisecond })
	addr := strings.TrimPrefix(e.url, "http://")
	for _, path := range []string{"/api/session", "/api/tables"} { // the second is refused (no session)
		nc, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer nc.Close()
		fmt.Fprintf(nc, "POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{", path)
		start := time.Now()
		// Trickle one byte every 100 ms until the server hangs up.
		done := make(chan struct{})
		go func() {
			defer close(done)
			io.Copy(io.Discard, nc)
		}()
		tick := time.NewTicker(100 * time.Millisecond)
	trickle:
		for {
			select {
			case <-done:
				break trickle
			case <-tick.C:
				nc.Write([]byte(" "))
			case <-time.After(testscale.Timeout(20 * time.Second)):
				t.Fatalf("%s: slow body kept open", path)
			}
		}
		tick.Stop()
		if d := time.Since(start); d > 5*time.Second {
			t.Fatalf("%s: closed after %v", path, d)
		}
	}
}

func TestOpenTableExpiry(t *testing.T) {
	var mu sync.Mutex
	now := time.Now()
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	e := newEnv(t, func(c *Config) { c.Now = clock; c.OpenTableTTL = time.Hour; c.OpenTableSweep = time.Hour })
	alice := e.guest("Alice")
	old := alice.table("6", 0, "human", "human")
	mu.Lock()
	now = now.Add(50 * time.Minute)
	mu.Unlock()
	young := alice.table("6", 0, "human", "human")
	mu.Lock()
	now = now.Add(20 * time.Minute) // old is 70 min open, young 20
	mu.Unlock()
	if n := e.srv.expireOpenTables(); n != 1 {
		t.Fatalf("%d tables expired", n)
	}
	var list []tableSummary
	alice.do("GET", "/api/tables", nil, &list)
	if len(list) != 1 || list[0].ID != young.ID {
		t.Fatalf("lobby after expiry: %+v", list)
	}
	recs, err := e.st.Tables(t.Context(), 0, "open")
	if err != nil || len(recs) != 1 || recs[0].ID != young.ID {
		t.Fatalf("store's open tables: %v %v", recs, err)
	}
	rec, _ := e.st.Table(t.Context(), old.ID)
	if rec.Status != StatusExpired {
		t.Fatalf("expired table's status %q", rec.Status)
	}
}

func TestOpenTablesPerUser(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.OpenTablesPerUser = 2 })
	alice, bob := e.guest("Alice"), e.guest("Bob")
	alice.table("6", 0, "human", "human")
	alice.table("6", 0, "human", "human")
	var er httpErr
	if code := alice.do("POST", "/api/tables", map[string]any{"game": testgame.ID, "options": map[string]string{"length": "6"}, "seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}}, &er); code != http.StatusTooManyRequests || er.Code != CodeTooManyTables {
		t.Fatalf("third open table: %d %+v", code, er)
	}
	bob.table("6", 0, "human", "human") // another user is not held back
}

func TestLobbyPages(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.OpenTablesPerUser = -1 })
	alice := e.guest("Alice")
	for i := 0; i < LobbyPageSize+3; i++ {
		alice.table("6", 0, "human", "human")
	}
	get := func(q string) ([]tableSummary, string, int) {
		req, _ := newGet(e, "/api/tables"+q, alice)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var list []tableSummary
		json.NewDecoder(resp.Body).Decode(&list)
		return list, resp.Header.Get("X-Next-Page"), resp.StatusCode
	}
	p1, next, _ := get("")
	if len(p1) != LobbyPageSize || next != "2" {
		t.Fatalf("page 1: %d tables, next %q", len(p1), next)
	}
	p2, next, _ := get("?page=2")
	if len(p2) != 3 || next != "" {
		t.Fatalf("page 2: %d tables, next %q", len(p2), next)
	}
	seen := map[string]bool{}
	for _, s := range append(p1, p2...) {
		if seen[s.ID] {
			t.Fatalf("table %s on two pages", s.ID)
		}
		seen[s.ID] = true
	}
	if l, _, _ := get("?limit=1000"); len(l) != LobbyPageSize {
		t.Fatalf("limit not bounded: %d", len(l))
	}
	for _, q := range []string{"?page=0", "?page=x", "?limit=-1"} {
		if _, _, code := get(q); code != http.StatusBadRequest {
			t.Fatalf("%s: status %d", q, code)
		}
	}
}

// TestPongTimeout: a client that never answers the server's pings (it never
// reads, so its WebSocket library never pongs) is closed after PongTimeout;
// one that reads stays.
func TestPongTimeout(t *testing.T) {
	// The pong deadline leaves a prompt reader time to answer on a busy
	// machine; the deaf connection is closed once it passes.
	e := newEnv(t, func(c *Config) { c.PingEvery, c.PongTimeout = 100*time.Millisecond, testscale.Timeout(2*time.Second) })
	alice := e.guest("Alice")
	tb := alice.table("6", 0, "human", "human")
	reader := e.dial(alice, tb.ID) // reads: pongs
	reader.hello(-1)
	reader.next("state")
	url := "ws" + strings.TrimPrefix(e.url, "http") + "/ws/t/" + tb.ID
	deaf, _, err := websocket.Dial(t.Context(), url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer deaf.CloseNow()
	deaf.Write(t.Context(), websocket.MessageText, []byte(`{"t":"hello","v":-1}`))
	// The server counts the deaf connection, then closes it: one connection
	// left (each waited for generously), and the deaf one's next read finds
	// it closed (not a timeout).
	deadline := time.Now().Add(testscale.Timeout(20 * time.Second))
	for e.srv.metrics.conns.Load() != 2 {
		if time.Now().After(deadline) {
			t.Fatalf("%d connections open; the deaf one was never counted", e.srv.metrics.conns.Load())
		}
		time.Sleep(10 * time.Millisecond)
	}
	for e.srv.metrics.conns.Load() != 1 {
		if time.Now().After(deadline) {
			t.Fatalf("%d connections open; the deaf one was not closed", e.srv.metrics.conns.Load())
		}
		time.Sleep(10 * time.Millisecond)
	}
	rctx, cancel := context.WithTimeout(t.Context(), testscale.Timeout(20*time.Second))
	defer cancel()
	for {
		if _, _, err := deaf.Read(rctx); err != nil {
			if rctx.Err() != nil {
				t.Fatal("the deaf connection is still open")
			}
			break
		}
	}
	select {
	case <-reader.done:
		t.Fatalf("a reading client was closed: %v", reader.err)
	case <-time.After(500 * time.Millisecond):
	}
}
