package security

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"gaslamp/internal/testscale"
	"gaslamp/server"
	"gaslamp/store"
)

// cookieName is the server's session cookie.
const cookieName = "gaslamp_session"

// testLimits are rate limits generous enough never to trip in a test.
func testLimits() server.Limits {
	big := server.Rate{PerSecond: 1000, Burst: 10000}
	return server.Limits{Frames: big, FramesIP: big, Chat: big, Create: big, CreateIP: big, Join: big, JoinIP: big, SessionIP: big}
}

// site is a running server on a fresh store.
type site struct {
	t   *testing.T
	url string
	dir string
	st  store.Store
	srv *server.Server
	ts  *httptest.Server
}

// startSite starts a real server on loopback with a fresh SQLite store in
// t.TempDir(); mod may change the configuration first. It is closed when the
// test ends.
func startSite(t *testing.T, mod func(*server.Config)) *site {
	t.Helper()
	dir := t.TempDir()
	st, err := store.OpenSQLite(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	cfg := server.Config{Store: st, Limits: testLimits(), BotBudget: 500 * time.Millisecond}
	if mod != nil {
		mod(&cfg)
	}
	srv, err := server.New(context.Background(), cfg)
	if err != nil {
		st.Close()
		t.Fatal(err)
	}
	s := &site{t: t, dir: dir, st: st, srv: srv, ts: httptest.NewServer(srv.Handler())}
	s.url = s.ts.URL
	t.Cleanup(func() {
		s.ts.CloseClientConnections()
		s.ts.Close()
		ctx, cancel := context.WithTimeout(context.Background(), testscale.Timeout(20*time.Second))
		defer cancel()
		srv.Shutdown(ctx)
		st.Close()
	})
	return s
}

// guest is a browser: a cookie jar, the session's CSRF token and user id.
type guest struct {
	s      *site
	name   string
	id     string
	csrf   string
	jar    *cookiejar.Jar
	client *http.Client
	// resp is the last response's header and cookies (for cookie checks).
	resp *http.Response
}

// guest signs in a new guest called name.
func (s *site) guest(name string) *guest {
	s.t.Helper()
	jar, _ := cookiejar.New(nil)
	g := &guest{s: s, name: name, jar: jar,
		client: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	var me struct {
		ID   string `json:"id"`
		CSRF string `json:"csrf"`
	}
	if code, body := g.do("POST", "/api/session", map[string]string{"name": name}, &me); code != http.StatusCreated {
		s.t.Fatalf("session for %s: %d %s", name, code, body)
	}
	g.id, g.csrf = me.ID, me.CSRF
	return g
}

// cookie returns the guest's session cookie value ("" if none).
func (g *guest) cookie() string {
	u, _ := url.Parse(g.s.url)
	for _, c := range g.jar.Cookies(u) {
		if c.Name == cookieName {
			return c.Value
		}
	}
	return ""
}

// request sends a request as g with the CSRF header (when csrf) and a JSON
// body (when body is not nil), returning the status and the body.
func (g *guest) request(method, path string, body any, csrf bool) (int, []byte) {
	g.s.t.Helper()
	var rd io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req, _ := http.NewRequest(method, g.s.url+path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Origin", g.s.url)
	if csrf && g.csrf != "" {
		req.Header.Set("X-CSRF-Token", g.csrf)
	}
	resp, err := g.client.Do(req)
	if err != nil {
		g.s.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	g.resp = resp
	return resp.StatusCode, data
}

// do sends a CSRF-checked API request and decodes the JSON answer into out.
func (g *guest) do(method, path string, body any, out any) (int, []byte) {
	g.s.t.Helper()
	code, data := g.request(method, path, body, true)
	if out != nil {
		json.Unmarshal(data, out)
	}
	return code, data
}

// created is the answer to a table's creation.
type created struct {
	ID      string            `json:"id"`
	Invites map[string]string `json:"invites"`
}

// seatSpec is one seat of a new table.
type seatSpec struct {
	Kind  string `json:"kind"`
	Level string `json:"level,omitempty"`
}

// create creates a table of game with the given seat kinds ("human",
// "bot"); extra fields (options, takeover_seconds, hotseat) go in as given.
func (g *guest) create(gameID string, extra map[string]any, kinds ...string) (int, created, []byte) {
	g.s.t.Helper()
	body := map[string]any{"game": gameID}
	for k, v := range extra {
		body[k] = v
	}
	seats := []seatSpec{}
	for _, k := range kinds {
		seats = append(seats, seatSpec{Kind: k})
	}
	body["seats"] = seats
	var c created
	code, data := g.do("POST", "/api/tables", body, &c)
	return code, c, data
}

// mustCreate is create that fails the test unless the table is created.
func (g *guest) mustCreate(gameID string, extra map[string]any, kinds ...string) created {
	g.s.t.Helper()
	code, c, data := g.create(gameID, extra, kinds...)
	if code != http.StatusCreated {
		g.s.t.Fatalf("create %s: %d %s", gameID, code, data)
	}
	return c
}

// sit asks for seat of table; it returns the status.
func (g *guest) sit(table string, seat int) int {
	g.s.t.Helper()
	code, _ := g.do("POST", fmt.Sprintf("/api/tables/%s/seats/%d", table, seat), nil, nil)
	return code
}

// join redeems an invite token through the API; it returns the status.
func (g *guest) join(token string) int {
	g.s.t.Helper()
	code, _ := g.do("POST", "/api/join/"+token, nil, nil)
	return code
}

// table returns table id's JSON as a generic map.
func (g *guest) table(id string) map[string]any {
	g.s.t.Helper()
	var out map[string]any
	if code, data := g.do("GET", "/api/tables/"+id, nil, &out); code != http.StatusOK {
		g.s.t.Fatalf("table %s: %d %s", id, code, data)
	}
	return out
}

// frame is one decoded server message with its raw bytes.
type frame struct {
	T     string                     `json:"t"`
	V     int64                      `json:"v"`
	ID    string                     `json:"id"`
	Code  string                     `json:"code"`
	You   []int                      `json:"you"`
	Views map[string]json.RawMessage `json:"views"`
	Raw   []byte                     `json:"-"`
}

// conn is a test WebSocket; every frame it receives is kept.
type conn struct {
	t    *testing.T
	ws   *websocket.Conn
	in   chan frame
	mu   sync.Mutex
	all  [][]byte
	done chan struct{}
	err  error
	n    int
}

// dial opens g's WebSocket to table id.
func (g *guest) dial(id string) *conn {
	g.s.t.Helper()
	c, err := g.tryDial(id)
	if err != nil {
		g.s.t.Fatal(err)
	}
	return c
}

func (g *guest) tryDial(id string) (*conn, error) {
	hdr := http.Header{}
	if ck := g.cookie(); ck != "" {
		hdr.Set("Cookie", cookieName+"="+ck)
	}
	hdr.Set("Origin", g.s.url)
	u := "ws" + strings.TrimPrefix(g.s.url, "http") + "/ws/t/" + id
	ctx, cancel := context.WithTimeout(context.Background(), testscale.Timeout(20*time.Second))
	defer cancel()
	ws, resp, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPHeader: hdr})
	if err != nil {
		if resp != nil {
			return nil, fmt.Errorf("dial: %w (status %d)", err, resp.StatusCode)
		}
		return nil, err
	}
	ws.SetReadLimit(-1)
	c := &conn{t: g.s.t, ws: ws, in: make(chan frame, 4096), done: make(chan struct{})}
	go c.read()
	g.s.t.Cleanup(func() { ws.Close(websocket.StatusNormalClosure, "") })
	return c, nil
}

func (c *conn) read() {
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

// send writes v as one JSON frame.
func (c *conn) send(v any) {
	c.t.Helper()
	data, _ := json.Marshal(v)
	ctx, cancel := context.WithTimeout(context.Background(), testscale.Timeout(20*time.Second))
	defer cancel()
	if err := c.ws.Write(ctx, websocket.MessageText, data); err != nil {
		c.t.Fatal(err)
	}
}

// hello asks for the state after version v (-1: the whole state).
func (c *conn) hello(v int64) { c.t.Helper(); c.send(map[string]any{"t": "hello", "v": v}) }

// move sends a move for seat at version v and returns its id.
func (c *conn) move(v int64, seat int, mv json.RawMessage) string {
	c.t.Helper()
	c.n++
	id := fmt.Sprintf("c%d", c.n)
	c.send(map[string]any{"t": "move", "id": id, "v": v, "seat": seat, "move": mv})
	return id
}

// next waits (up to 5 s) for the next frame of type typ, skipping others.
func (c *conn) next(typ string) frame {
	c.t.Helper()
	timeout := time.After(testscale.Timeout(20 * time.Second))
	for {
		select {
		case f := <-c.in:
			if f.T == typ {
				return f
			}
		case <-c.done:
			if len(c.in) > 0 {
				continue // frames queued before the end come first
			}
			c.t.Fatalf("connection ended waiting for %s: %v", typ, c.err)
		case <-timeout:
			c.t.Fatalf("no %s frame", typ)
		}
	}
}

// frames returns every frame received so far.
func (c *conn) frames() [][]byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([][]byte(nil), c.all...)
}
