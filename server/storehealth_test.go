package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gaslamp/internal/testscale"
	"gaslamp/store"
)

// failingStore refuses moves and heartbeats while down is set, and records
// when each move was tried.
type failingStore struct {
	store.Store
	down     atomic.Bool
	mu       sync.Mutex
	attempts []time.Time
	tried    chan struct{}
}

var errStoreDown = errors.New("test: the store is down")

func (f *failingStore) AppendMove(ctx context.Context, m store.Move) error {
	if !f.down.Load() {
		return f.Store.AppendMove(ctx, m)
	}
	f.mu.Lock()
	f.attempts = append(f.attempts, time.Now())
	f.mu.Unlock()
	select {
	case f.tried <- struct{}{}:
	default:
	}
	return errStoreDown
}

func (f *failingStore) Heartbeat(ctx context.Context, node string) error {
	if f.down.Load() {
		return errStoreDown
	}
	return f.Store.Heartbeat(ctx, node)
}

func (f *failingStore) SessionsSeen(ctx context.Context, hashes []string) (map[string]time.Time, error) {
	if f.down.Load() {
		return nil, errStoreDown
	}
	return f.Store.SessionsSeen(ctx, hashes)
}

// TestRevokeCheckKeepsConnectionsWhileStoreIsDown: the check of the open
// WebSockets' sessions closes none while the store cannot answer (a store
// outage is no sign-out), and closes the revoked one once it answers again.
func TestRevokeCheckKeepsConnectionsWhileStoreIsDown(t *testing.T) {
	dir := t.TempDir()
	base, err := store.OpenSQLite(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	fs := &failingStore{Store: base, tried: make(chan struct{}, 1)}
	e := newEnvWithStore(t, dir, fs, func(c *Config) { c.RevokeCheck = -1 })
	alice, bob := e.guest("Alice"), e.guest("Bob")
	c := alice.table("6", 0, "human", "human")
	wsA, wsB := e.dial(alice, c.ID), e.dial(bob, c.ID)
	for _, ws := range []*client{wsA, wsB} {
		ws.hello(-1)
		ws.next("state")
	}
	if err := base.DeleteSession(t.Context(), store.Hash(alice.cookie)); err != nil {
		t.Fatal(err)
	}
	fs.down.Store(true)
	if n := e.srv.closeRevoked(t.Context()); n != 0 {
		t.Fatalf("%d sessions ended while the store was down", n)
	}
	fs.down.Store(false)
	if n := e.srv.closeRevoked(t.Context()); n != 1 {
		t.Fatalf("%d sessions ended once the store answered, want 1 (Alice's)", n)
	}
	select {
	case <-wsA.done:
	case <-time.After(testscale.Timeout(10 * time.Second)):
		t.Fatal("the revoked session's WebSocket is still open")
	}
	select {
	case <-wsB.done:
		t.Fatal("a WebSocket of a live session was closed")
	default:
	}
}

// TestStoreTroubleBacksOff: the retry wait doubles per consecutive failure
// from 250 ms to 30 s, with ±50% jitter, and starts again after a success;
// a kind of failure is logged at most once per interval, with a count.
func TestStoreTroubleBacksOff(t *testing.T) {
	var st storeTrouble
	want := backoffBase
	for i := range 12 {
		d := st.failed()
		if d < want/2 || d >= want/2+want {
			t.Fatalf("failure %d: wait %v, want [%v, %v)", i+1, d, want/2, want/2+want)
		}
		want = min(want*2, backoffMax)
	}
	st.ok()
	if d := st.failed(); d >= backoffBase*3/2 {
		t.Fatalf("after a success: wait %v", d)
	}
	now := time.Unix(1000, 0)
	if ok, _ := st.shouldLog(now); !ok {
		t.Fatal("the first failure is not logged")
	}
	for range 5 {
		if ok, _ := st.shouldLog(now.Add(time.Second)); ok {
			t.Fatal("logged twice within the interval")
		}
	}
	if ok, n := st.shouldLog(now.Add(troubleLogEvery)); !ok || n != 5 {
		t.Fatalf("after the interval: %v, %d not logged", ok, n)
	}
}

// TestBotsBackOffWhileStoreFails: while the store refuses moves, a bot table
// retries with growing waits instead of at every bot delay, /readyz says
// the store refuses writes (503), and once it is back the game goes on.
func TestBotsBackOffWhileStoreFails(t *testing.T) {
	dir := t.TempDir()
	base, err := store.OpenSQLite(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	fs := &failingStore{Store: base, tried: make(chan struct{}, 1)}
	e := newEnvWithStore(t, dir, fs, func(c *Config) { c.BotBudget = 50 * time.Millisecond })
	if code := getJSON(t, e.url+"/readyz", nil); code != http.StatusOK {
		t.Fatalf("/readyz with a healthy store: %d", code)
	}
	fs.down.Store(true)
	alice := e.guest("Alice")
	c := alice.table("40", 0, "bot", "bot")
	for range 3 {
		select {
		case <-fs.tried:
		case <-time.After(testscale.Timeout(30 * time.Second)):
			t.Fatal("the bots did not try to move")
		}
	}
	fs.mu.Lock()
	a := append([]time.Time(nil), fs.attempts...)
	fs.mu.Unlock()
	// The second failure waits at least half of 500 ms before the third try.
	if gap := a[2].Sub(a[1]); gap < backoffBase {
		t.Fatalf("retry after %v: no backoff (attempts %v)", gap, a)
	}
	var ready readiness
	e.srv.probe.mu.Lock()
	e.srv.probe.at = time.Time{} // forget the cached answer of the first check
	e.srv.probe.mu.Unlock()
	if code := getJSON(t, e.url+"/readyz", &ready); code != http.StatusServiceUnavailable || ready.Store != "refusing writes" {
		t.Fatalf("/readyz with the store down: %d %+v", code, ready)
	}
	if code := getJSON(t, e.url+"/livez", nil); code != http.StatusOK {
		t.Fatalf("/livez: %d", code)
	}
	fs.down.Store(false)
	// Back: the bots play on (the table's version moves).
	deadline := time.Now().Add(testscale.Timeout(60 * time.Second))
	for {
		var sum tableSummary
		alice.do("GET", "/api/tables/"+c.ID, nil, &sum)
		if sum.Version > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the bots did not play on once the store was back")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func getJSON(t *testing.T, url string, out any) int {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if out != nil {
		json.NewDecoder(res.Body).Decode(out)
	}
	return res.StatusCode
}

// damagedStore is a store whose integrity check at open found damage.
type damagedStore struct{ store.Store }

func (damagedStore) Integrity() error { return errors.New("test: page 9 is damaged") }

// TestReadyReportsDamage: a database found damaged at start makes /readyz
// answer 503 and say so, while /livez stays 200.
func TestReadyReportsDamage(t *testing.T) {
	dir := t.TempDir()
	base, err := store.OpenSQLite(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	e := newEnvWithStore(t, dir, damagedStore{base}, nil)
	var ready readiness
	if code := getJSON(t, e.url+"/readyz", &ready); code != http.StatusServiceUnavailable || ready.Store != "damaged" || len(ready.Issues) == 0 {
		t.Fatalf("/readyz: %d %+v", code, ready)
	}
	if code := getJSON(t, e.url+"/healthz", nil); code != http.StatusServiceUnavailable {
		t.Fatalf("/healthz: %d", code)
	}
	if code := getJSON(t, e.url+"/livez", nil); code != http.StatusOK {
		t.Fatalf("/livez: %d", code)
	}
}
