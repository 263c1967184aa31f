package server

import (
	"fmt"
	"net/http"
	"net/netip"
	"sync"
	"testing"
	"time"

	"gaslamp/server/internal/testgame"
)

// Replays of the abuse reported against main (issue "Trust: ... the
// server holds up to abuse", holes 5 and 6) on a real loopback server; holes
// 8 and 9 are TestOriginNotHost and TestPingBurstNotTooSlow, the slow body
// TestSlowBody, the silent WebSocket TestHelloTimeout.

// TestAttackManyWebSockets: one address opened 260 WebSockets in 3 s; now
// at most ConnsPerAddr are open at once, the rest refused with 429.
func TestAttackManyWebSockets(t *testing.T) {
	// Default caps (DefaultConnsPerAddr); no hello timeout, which would
	// close the first silent connections, and free their places, when the
	// 60 dials outlast it on a busy machine (they once took 18 s under the
	// race detector).
	e := newEnv(t, func(c *Config) { c.HelloTimeout = -1 })
	alice := e.guest("Alice")
	tb := alice.table("6", 0, "human", "human")
	ok, refused := 0, 0
	for i := 0; i < 60; i++ {
		u := e.guest(fmt.Sprintf("G%d", i)) // a session each: only the address cap binds
		c, err := e.tryDial(u, tb.ID, nil)
		if err != nil {
			refused++
			continue
		}
		defer c.close()
		ok++
	}
	if ok != DefaultConnsPerAddr || refused != 60-DefaultConnsPerAddr {
		t.Fatalf("%d open, %d refused; want %d open", ok, refused, DefaultConnsPerAddr)
	}
}

// TestAttackIPv6AndProxy: addresses of one IPv6 /64 share one cap; behind a
// trusted proxy, clients are told apart by X-Forwarded-For (the site does
// not share one address), while from an untrusted peer the header is
// ignored.
func TestAttackIPv6AndProxy(t *testing.T) {
	loop, _ := ParseTrustedProxies("127.0.0.0/8,::1")
	e := newEnv(t, func(c *Config) { c.TrustedProxies = loop; c.ConnsPerAddr = 3; c.HelloTimeout = -1 })
	alice := e.guest("Alice")
	tb := alice.table("6", 0, "human", "human")
	dial := func(from string) error {
		c, err := e.tryDial(nil, tb.ID, http.Header{"X-Forwarded-For": {"198.51.100.1, " + from}})
		if err == nil {
			t.Cleanup(c.close)
		}
		return err
	}
	base := netip.MustParseAddr("2001:db8:aa:bb::1")
	okN := 0
	for i := 0; i < 10; i++ {
		a := base
		for j := 0; j < i*1000; j++ {
			a = a.Next()
		}
		if dial(a.String()) == nil {
			okN++
		}
	}
	if okN != 3 {
		t.Fatalf("one /64: %d connections open, want 3", okN)
	}
	for i := 0; i < 3; i++ { // other clients behind the same proxy
		if err := dial(fmt.Sprintf("203.0.113.%d", i+1)); err != nil {
			t.Fatalf("client %d behind the proxy refused: %v", i, err)
		}
	}
	// Not trusted: the forged header does not spread one peer over many keys.
	e2 := newEnv(t, func(c *Config) { c.ConnsPerAddr = 3; c.HelloTimeout = -1 })
	bob := e2.guest("Bob")
	tb2 := bob.table("6", 0, "human", "human")
	okN = 0
	for i := 0; i < 6; i++ {
		c, err := e2.tryDial(nil, tb2.ID, http.Header{"X-Forwarded-For": {fmt.Sprintf("203.0.113.%d", i+1)}})
		if err == nil {
			okN++
			t.Cleanup(c.close)
		}
	}
	if okN != 3 {
		t.Fatalf("untrusted X-Forwarded-For: %d open, want 3", okN)
	}
}

// TestAttackTableFlood: 100 tables from 5 addresses were all kept; now each
// user holds at most OpenTablesPerUser open tables, the lobby pages them,
// and those never started expire.
func TestAttackTableFlood(t *testing.T) {
	var mu sync.Mutex
	now := time.Now()
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	e := newEnv(t, func(c *Config) { c.Now = clock; c.OpenTableSweep = time.Hour })
	kept := 0
	for u := 0; u < 5; u++ {
		g := e.guest(fmt.Sprintf("Flood%d", u))
		for i := 0; i < 20; i++ {
			var c created
			code := g.do("POST", "/api/tables", map[string]any{"game": testgame.ID, "options": map[string]string{"length": "6"},
				"seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}}, &c)
			if code == http.StatusCreated {
				kept++
			} else if code != http.StatusTooManyRequests {
				t.Fatalf("status %d", code)
			}
		}
	}
	if kept != 5*DefaultOpenTablesPerUser {
		t.Fatalf("%d tables kept, want %d", kept, 5*DefaultOpenTablesPerUser)
	}
	var list []tableSummary
	e.guest("Watcher").do("GET", "/api/tables", nil, &list)
	if len(list) != kept || len(list) > LobbyPageSize {
		t.Fatalf("lobby lists %d", len(list))
	}
	mu.Lock()
	now = now.Add(DefaultOpenTableTTL + time.Minute)
	mu.Unlock()
	if n := e.srv.expireOpenTables(); n != kept {
		t.Fatalf("%d expired, want %d", n, kept)
	}
	e.guest("Watcher2").do("GET", "/api/tables", nil, &list)
	if len(list) != 0 {
		t.Fatalf("lobby after a day: %d tables", len(list))
	}
}
