package server

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"gaslamp/game"
	"gaslamp/internal/testscale"
	"gaslamp/server/internal/testgame"
	"gaslamp/store"
)

// env is a running test server on a fresh store.
type env struct {
	t   *testing.T
	url string // base URL of the server
	dir string
	st  store.Store
	srv *Server
	ts  *httptest.Server
	// shared: the store is shared with other nodes, closed by their
	// cluster.
	shared bool
}

func testLimits() Limits {
	big := Rate{1000, 10000}
	return Limits{Frames: big, FramesIP: big, Chat: big, Create: big, CreateIP: big, Join: big, JoinIP: big, SessionIP: big}
}

func newEnv(t *testing.T, mod func(*Config)) *env {
	t.Helper()
	runParallel(t)
	return startEnv(t, t.TempDir(), mod)
}

func startEnv(t *testing.T, dir string, mod func(*Config)) *env {
	t.Helper()
	runParallel(t)
	st, err := store.OpenSQLite(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	return newEnvWithStore(t, dir, st, mod)
}

// newEnvWithStore starts a server on st (e.g. a store that fails on demand).
func newEnvWithStore(t *testing.T, dir string, st store.Store, mod func(*Config)) *env {
	t.Helper()
	runParallel(t)
	cfg := Config{Store: st, Limits: testLimits(), BotBudget: 500 * time.Millisecond}
	if mod != nil {
		mod(&cfg)
	}
	srv, err := New(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, dir: dir, st: st, srv: srv, ts: httptest.NewServer(srv.Handler())}
	e.url = e.ts.URL
	t.Cleanup(e.close)
	return e
}

func (e *env) close() {
	if e.ts == nil {
		return
	}
	e.ts.CloseClientConnections()
	e.ts.Close()
	ctx, cancel := context.WithTimeout(context.Background(), testscale.Timeout(20*time.Second))
	defer cancel()
	e.srv.Shutdown(ctx)
	if !e.shared {
		e.st.Close()
	}
	e.ts = nil
}

// parallelTests are the tests already marked parallel (runParallel).
var parallelTests sync.Map

// runParallel marks t parallel, once: a test on one server waits mostly for
// its server (timeouts, bots, the store) and runs beside the others. It is
// called before the test's first server starts. The tests of several nodes
// (newCluster, startNodes), whose leases are short, run alone, before them.
func runParallel(t *testing.T) {
	if _, marked := parallelTests.LoadOrStore(t, true); !marked {
		t.Parallel()
	}
}

// user is a guest with a session.
type user struct {
	e      *env
	name   string
	cookie string
	csrf   string
	id     string
}

func (e *env) guest(name string) *user {
	e.t.Helper()
	req, _ := http.NewRequest("POST", e.url+"/api/session", strings.NewReader(fmt.Sprintf(`{"name":%q}`, name)))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		body, _ := io.ReadAll(resp.Body)
		e.t.Fatalf("session: %d %s", resp.StatusCode, body)
	}
	var me meOut
	json.NewDecoder(resp.Body).Decode(&me)
	u := &user{e: e, name: name, csrf: me.CSRF, id: me.ID}
	for _, c := range resp.Cookies() {
		if c.Name == cookieName {
			u.cookie = c.Value
		}
	}
	return u
}

// do sends an API request as u and decodes the JSON answer into out.
func (u *user) do(method, path string, body any, out any) int {
	u.e.t.Helper()
	var rd io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req, _ := http.NewRequest(method, u.e.url+path, rd)
	req.Header.Set("Content-Type", "application/json")
	if u.cookie != "" {
		req.AddCookie(&http.Cookie{Name: cookieName, Value: u.cookie})
	}
	if u.csrf != "" {
		req.Header.Set("X-CSRF-Token", u.csrf)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		u.e.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil {
		json.Unmarshal(data, out)
	}
	return resp.StatusCode
}

type created struct {
	ID      string            `json:"id"`
	Invites map[string]string `json:"invites"`
	Seat    *int              `json:"seat"`
}

// table creates a srvtest table with the given seat kinds.
func (u *user) table(length string, takeover int, kinds ...string) created {
	u.e.t.Helper()
	return u.create(length, takeover, false, kinds...)
}

// hotseat creates a hot-seat table of the test game: one person may hold
// every seat.
func (u *user) hotseat(length string, takeover int, kinds ...string) created {
	u.e.t.Helper()
	return u.create(length, takeover, true, kinds...)
}

func (u *user) create(length string, takeover int, hotseat bool, kinds ...string) created {
	u.e.t.Helper()
	seats := []map[string]string{}
	for _, k := range kinds {
		seats = append(seats, map[string]string{"kind": k})
	}
	var c created
	if code := u.do("POST", "/api/tables", map[string]any{"game": testgame.ID, "options": map[string]string{"length": length},
		"seats": seats, "takeover_seconds": takeover, "hotseat": hotseat}, &c); code != http.StatusCreated {
		u.e.t.Fatalf("create: %d", code)
	}
	return c
}

func (u *user) sit(table string, seat int) {
	u.e.t.Helper()
	if code := u.do("POST", fmt.Sprintf("/api/tables/%s/seats/%d", table, seat), nil, nil); code != http.StatusOK {
		u.e.t.Fatalf("sit %d: %d", seat, code)
	}
}

// frame is one decoded server message, with its raw bytes.
type frame struct {
	T       string                       `json:"t"`
	V       int64                        `json:"v"`
	ID      string                       `json:"id"`
	Code    string                       `json:"code"`
	Text    wireText                     `json:"text"`
	You     []int                        `json:"you"`
	Views   map[string]json.RawMessage   `json:"views"`
	Legal   map[string][]json.RawMessage `json:"legal"`
	Events  []json.RawMessage            `json:"events"`
	Outcome *game.Outcome                `json:"outcome"`
	From    string                       `json:"from"`
	Raw     []byte                       `json:"-"`
}

// wireText is an error's game.Text or a chat line's string.
type wireText struct {
	game.Text
	Chat string
}

func (w *wireText) UnmarshalJSON(data []byte) error {
	if len(data) > 0 && data[0] == '"' {
		return json.Unmarshal(data, &w.Chat)
	}
	return json.Unmarshal(data, &w.Text)
}

// client is a test WebSocket connection; every frame it receives is kept.
type client struct {
	t    *testing.T
	ws   *websocket.Conn
	in   chan frame
	mu   sync.Mutex
	all  [][]byte
	done chan struct{}
	err  error
	n    int
}

func (e *env) dial(u *user, table string) *client {
	e.t.Helper()
	c, err := e.tryDial(u, table, nil)
	if err != nil {
		e.t.Fatal(err)
	}
	return c
}

func (e *env) tryDial(u *user, table string, hdr http.Header) (*client, error) {
	if hdr == nil {
		hdr = http.Header{}
	}
	if u != nil && u.cookie != "" {
		hdr.Set("Cookie", cookieName+"="+u.cookie)
	}
	url := "ws" + strings.TrimPrefix(e.url, "http") + "/ws/t/" + table
	ctx, cancel := context.WithTimeout(context.Background(), testscale.Timeout(20*time.Second))
	defer cancel()
	ws, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: hdr})
	if err != nil {
		if resp != nil {
			return nil, fmt.Errorf("dial: %w (status %d)", err, resp.StatusCode)
		}
		return nil, err
	}
	ws.SetReadLimit(-1)
	c := &client{t: e.t, ws: ws, in: make(chan frame, 4096), done: make(chan struct{})}
	go c.read()
	return c, nil
}

func (c *client) read() {
	defer close(c.done)
	for {
		_, data, err := c.ws.Read(context.Background())
		if err != nil {
			c.err = err
			return
		}
		var f frame
		if err := json.Unmarshal(data, &f); err != nil {
			c.err = err
			return
		}
		f.Raw = data
		c.mu.Lock()
		c.all = append(c.all, data)
		c.mu.Unlock()
		c.in <- f
	}
}

func (c *client) sendRaw(s string) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testscale.Timeout(20*time.Second))
	defer cancel()
	if err := c.ws.Write(ctx, websocket.MessageText, []byte(s)); err != nil {
		c.t.Fatal(err)
	}
}

func (c *client) send(v any) {
	c.t.Helper()
	data, _ := json.Marshal(v)
	c.sendRaw(string(data))
}

func (c *client) hello(v int64) { c.t.Helper(); c.send(map[string]any{"t": "hello", "v": v}) }

// move sends a move and returns its id.
func (c *client) move(v int64, seat int, mv string) string {
	c.t.Helper()
	c.n++
	id := fmt.Sprintf("c%d", c.n)
	c.sendRaw(fmt.Sprintf(`{"t":"move","id":%q,"v":%d,"seat":%d,"move":%s}`, id, v, seat, mv))
	return id
}

// next waits for the next frame of type typ (skipping others, e.g. presence).
func (c *client) next(typ string) frame {
	c.t.Helper()
	limit := testscale.Timeout(20 * time.Second)
	timeout := time.After(limit)
	var seen []string // the frames skipped, for the failure message
	for {
		select {
		case f := <-c.in:
			if f.T == typ {
				return f
			}
			if len(seen) < 20 {
				seen = append(seen, fmt.Sprintf("%s v%d", f.T, f.V))
			}
			if f.T == "error" && typ != "error" {
				c.t.Fatalf("waiting for %s, got error %s (%s)", typ, f.Code, f.Text.Key)
			}
		case <-c.done:
			if len(c.in) > 0 {
				continue // frames queued before the end come first
			}
			c.t.Fatalf("connection ended waiting for %s: %v (frames seen: %v)", typ, c.err, seen)
		case <-timeout:
			c.t.Fatalf("waited %v for a %s frame (GASLAMP_TEST_TIMEOUT_SCALE stretches the limit); frames seen meanwhile: %v", limit, typ, seen)
		}
	}
}

// nextOf waits for the next frame of one of types (skipping others, an
// error frame included when "error" is not one of them).
func (c *client) nextOf(types ...string) frame {
	c.t.Helper()
	limit := testscale.Timeout(20 * time.Second)
	timeout := time.After(limit)
	for {
		select {
		case f := <-c.in:
			if slices.Contains(types, f.T) {
				return f
			}
		case <-c.done:
			if len(c.in) > 0 {
				continue
			}
			c.t.Fatalf("connection ended waiting for %v: %v", types, c.err)
		case <-timeout:
			c.t.Fatalf("waited %v for one of %v", limit, types)
		}
	}
}

// update waits for the update of version v.
func (c *client) update(v int64) frame {
	c.t.Helper()
	for {
		f := c.next("update")
		if f.V == v {
			return f
		}
		if f.V > v {
			c.t.Fatalf("waiting for update %d, got %d", v, f.V)
		}
	}
}

// quiet asserts no frame of type typ arrives within d.
func (c *client) quiet(typ string, d time.Duration) {
	c.t.Helper()
	timeout := time.After(d)
	for {
		select {
		case f := <-c.in:
			if f.T == typ {
				c.t.Fatalf("unexpected %s: %s", typ, f.Raw)
			}
		case <-timeout:
			return
		}
	}
}

func (c *client) frames() [][]byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([][]byte(nil), c.all...)
}

func (c *client) close() { c.ws.Close(websocket.StatusNormalClosure, "") }

// state returns the live state of table id, read on its goroutine.
func (e *env) tableState(id string) (int64, []byte) {
	e.t.Helper()
	t, err := e.srv.hub.get(context.Background(), id)
	if err != nil {
		e.t.Fatal(err)
	}
	var v int64
	var snap []byte
	if err := t.ask(context.Background(), func() { v, snap = t.version, t.state.Snapshot() }); err != nil {
		e.t.Fatal(err)
	}
	return v, snap
}

// secrets returns the two secret words of table id.
func (e *env) secrets(id string) [2]string {
	e.t.Helper()
	t, _ := e.srv.hub.get(context.Background(), id)
	var out [2]string
	t.ask(context.Background(), func() {
		s := t.state.(*testgame.State)
		out = [2]string{testgame.Word(s.Secret[0]), testgame.Word(s.Secret[1])}
	})
	return out
}

// twoPlayers sets up a running srvtest table with alice at seat 0 and bob at
// seat 1, both connected and past hello.
func twoPlayers(e *env, length string) (id string, alice, bob *user, ca, cb *client) {
	alice, bob = e.guest("Alice"), e.guest("Bob")
	c := alice.table(length, 0, "human", "human")
	alice.sit(c.ID, 0)
	bob.sit(c.ID, 1)
	ca, cb = e.dial(alice, c.ID), e.dial(bob, c.ID)
	ca.hello(-1)
	cb.hello(-1)
	ca.next("state")
	cb.next("state")
	return c.ID, alice, bob, ca, cb
}

var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func newGet(e *env, path string, u *user) (*http.Request, error) {
	req, err := http.NewRequest("GET", e.url+path, nil)
	if err == nil && u != nil && u.cookie != "" {
		req.AddCookie(&http.Cookie{Name: cookieName, Value: u.cookie})
	}
	return req, err
}

// TestMain runs up to 4 tests at once unless -parallel says otherwise: the
// tests that run in parallel (runParallel) wait mostly for their server's
// timeouts and bots, not for the CPU, so on 2 cores go test's default (the
// number of cores) would leave the machine idle.
func TestMain(m *testing.M) {
	flag.Parse()
	parallelSet := false
	flag.Visit(func(f *flag.Flag) { parallelSet = parallelSet || f.Name == "test.parallel" })
	if !parallelSet && runtime.GOMAXPROCS(0) < 4 {
		flag.Set("test.parallel", "4")
	}
	os.Exit(m.Run())
}
