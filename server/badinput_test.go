package server

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"gaslamp/internal/testscale"
	"github.com/coder/websocket"
)

// unchanged asserts the table is still at version v with snapshot snap.
func (e *env) unchanged(id string, v int64, snap []byte) {
	e.t.Helper()
	v2, snap2 := e.tableState(id)
	if v2 != v || !bytes.Equal(snap, snap2) {
		e.t.Fatalf("table changed: version %d -> %d", v, v2)
	}
}

// refused sends raw and expects an error frame with code, and no change.
func refused(e *env, c *client, id string, raw string, code string) frame {
	e.t.Helper()
	v, snap := e.tableState(id)
	c.sendRaw(raw)
	f := c.next("error")
	if f.Code != code {
		e.t.Fatalf("%.80s: want %s, got %s (%s)", raw, code, f.Code, f.Text.Key)
	}
	if f.V != v {
		e.t.Fatalf("error carries v=%d, table at %d", f.V, v)
	}
	c.quiet("update", 50*time.Millisecond)
	e.unchanged(id, v, snap)
	return f
}

func TestMoveRefusals(t *testing.T) {
	e := newEnv(t, nil)
	id, _, _, ca, cb := twoPlayers(e, "10")

	// A good move first: ack after the update.
	mid := ca.move(0, 0, `{"kind":"pick","n":2}`)
	if u := ca.next("update"); u.V != 1 {
		t.Fatalf("update v=%d", u.V)
	}
	if a := ca.next("ack"); a.ID != mid || a.V != 1 {
		t.Fatalf("ack %+v", a)
	}
	cb.next("update")

	// Stale version: bob moves against version 0.
	if f := refused(e, cb, id, `{"t":"move","id":"b1","v":0,"seat":1,"move":{"kind":"pick","n":1}}`, "stale-move"); f.ID != "b1" {
		t.Fatalf("error id %q", f.ID)
	}
	// Replay of an old move (same id, old version) and a duplicate id at the current version.
	refused(e, ca, id, `{"t":"move","id":"`+mid+`","v":0,"seat":0,"move":{"kind":"pick","n":2}}`, "duplicate-move")
	refused(e, ca, id, `{"t":"move","id":"`+mid+`","v":1,"seat":0,"move":{"kind":"pick","n":2}}`, "duplicate-move")
	// Out of turn: it is bob's turn, alice tries her own seat.
	refused(e, ca, id, `{"t":"move","id":"a9","v":1,"seat":0,"move":{"kind":"pick","n":1}}`, "not-your-turn")
	// A seat the connection does not hold.
	refused(e, ca, id, `{"t":"move","id":"a10","v":1,"seat":1,"move":{"kind":"pick","n":1}}`, "unauthorized")
	// Malformed JSON, unknown type, missing fields.
	refused(e, cb, id, `{"t":"move","id":"b2","v":1,`, "bad-message")
	if f := refused(e, cb, id, `{"t":"dance"}`, "bad-message"); f.Text.Key != "err.unknown-message" {
		t.Fatalf("text %s", f.Text.Key)
	}
	refused(e, cb, id, `{"t":"move","id":"b3","v":1,"move":{"kind":"pick","n":1}}`, "bad-message")
	// An intent the game cannot read, and an illegal one.
	refused(e, cb, id, `{"t":"move","id":"b4","v":1,"seat":1,"move":{"kind":"jump"}}`, "malformed-move")
	refused(e, cb, id, `{"t":"move","id":"b5","v":1,"seat":1,"move":{"kind":"pick","n":7}}`, "illegal-move")
	// Chat too long.
	refused(e, cb, id, `{"t":"chat","text":"`+strings.Repeat("x", 501)+`"}`, "too-large")

	// After all that, bob's good move still works at version 1.
	cb.move(1, 1, `{"kind":"pick","n":3}`)
	if u := cb.next("update"); u.V != 2 {
		t.Fatalf("update v=%d", u.V)
	}
	cb.next("ack")
	// The refused move ids may be used again (nothing was recorded for them).
	ca.next("update")
	ca.sendRaw(`{"t":"move","id":"a9","v":2,"seat":0,"move":{"kind":"pick","n":1}}`)
	ca.next("ack")
}

func TestOversizedFrameClosesConnection(t *testing.T) {
	e := newEnv(t, nil)
	id, _, _, ca, _ := twoPlayers(e, "6")
	v, snap := e.tableState(id)
	ca.sendRaw(`{"t":"chat","text":"` + strings.Repeat("x", MaxFrame) + `"}`)
	if f := ca.next("error"); f.Code != "too-large" {
		t.Fatalf("code %s", f.Code)
	}
	select {
	case <-ca.done:
	case <-time.After(testscale.Timeout(20 * time.Second)):
		t.Fatal("connection not closed")
	}
	if websocket.CloseStatus(ca.err) != websocket.StatusMessageTooBig {
		t.Fatalf("close status %v", ca.err)
	}
	e.unchanged(id, v, snap)
	// A frame of exactly MaxFrame bytes is fine.
	c2 := e.dial(nil, id)
	pad := MaxFrame - len(`{"t":"ping","x":""}`)
	c2.sendRaw(`{"t":"ping","x":"` + strings.Repeat("y", pad) + `"}`)
	c2.next("pong")
}

func TestRateLimitBeforeParsing(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.Limits.Frames = Rate{PerSecond: 0.001, Burst: 6} })
	id, _, _, ca, _ := twoPlayers(e, "6") // hello used one token
	for i := 0; i < 5; i++ {
		ca.sendRaw(`{"t":"ping"}`)
		ca.next("pong")
	}
	// Even a frame that would not parse is refused for its rate first.
	refused(e, ca, id, `not json at all`, "rate-limited")
	// Within the second, further excess frames are dropped without a
	// second notice (the notice never fills the client's queue).
	v, snap := e.tableState(id)
	ca.sendRaw(`{"t":"move","id":"a1","v":0,"seat":0,"move":{"kind":"pick","n":1}}`)
	ca.quiet("error", 100*time.Millisecond)
	e.unchanged(id, v, snap)
}

func TestChatRateLimit(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.Limits.Chat = Rate{PerSecond: 0.001, Burst: 2} })
	id, _, _, ca, cb := twoPlayers(e, "6")
	ca.send(map[string]string{"t": "chat", "text": "one"})
	ca.send(map[string]string{"t": "chat", "text": "two"})
	if f := cb.next("chat"); f.From != "Alice" {
		t.Fatalf("chat from %q", f.From)
	}
	cb.next("chat")
	refused(e, ca, id, `{"t":"chat","text":"three"}`, "rate-limited")
	cb.quiet("chat", 100*time.Millisecond)
	if lines, _ := e.st.Chat(context.Background(), id, 10); len(lines) != 2 {
		t.Fatalf("%d chat lines stored", len(lines))
	}
}

func TestSeatTakenAndBadSeat(t *testing.T) {
	e := newEnv(t, nil)
	alice, carol := e.guest("Alice"), e.guest("Carol")
	c := alice.table("6", 0, "human", "human")
	alice.sit(c.ID, 0)
	var er httpErr
	if code := carol.do("POST", "/api/tables/"+c.ID+"/seats/0", nil, &er); code != http.StatusConflict || er.Code != "table-full" {
		t.Fatalf("taken seat: %d %s", code, er.Code)
	}
	if code := carol.do("POST", "/api/tables/"+c.ID+"/seats/7", nil, &er); code != http.StatusNotFound {
		t.Fatalf("no seat: %d", code)
	}
	if code := carol.do("DELETE", "/api/tables/"+c.ID+"/seats/0", nil, &er); code != http.StatusForbidden {
		t.Fatalf("leave another's seat: %d", code)
	}
	var sum tableSummary
	carol.do("GET", "/api/tables/"+c.ID, nil, &sum)
	if sum.Seats[0].Player == nil || sum.Seats[0].Player.Name != "Alice" || sum.Status != "open" {
		t.Fatalf("summary %+v", sum)
	}
}

func TestBadOriginAndCSRF(t *testing.T) {
	e := newEnv(t, nil)
	alice := e.guest("Alice")
	c := alice.table("6", 0, "human", "human")
	// A WebSocket from another site is refused before the upgrade.
	_, err := e.tryDial(alice, c.ID, http.Header{"Origin": {"https://evil.example"}})
	if err == nil || !strings.Contains(err.Error(), "403") {
		t.Fatalf("bad origin dial: %v", err)
	}
	if _, err := e.tryDial(alice, c.ID, http.Header{"Origin": {e.url}}); err != nil {
		t.Fatalf("own origin refused: %v", err)
	}
	before, _ := e.st.CountTables(context.Background())
	// A post without the CSRF token, and one with a wrong token.
	noToken := *alice
	noToken.csrf = ""
	var er httpErr
	if code := noToken.do("POST", "/api/tables", map[string]any{"game": "srvtest"}, &er); code != http.StatusForbidden || er.Code != "unauthorized" || er.Text.Key != "err.csrf" {
		t.Fatalf("no csrf: %d %+v", code, er)
	}
	noToken.csrf = "wrong"
	if code := noToken.do("POST", "/api/tables/"+c.ID+"/seats/0", nil, &er); code != http.StatusForbidden {
		t.Fatalf("bad csrf: %d", code)
	}
	// A post from another site, even with the token.
	req, _ := http.NewRequest("POST", e.url+"/api/tables", strings.NewReader(`{"game":"srvtest"}`))
	req.Header.Set("Origin", "https://evil.example")
	req.Header.Set("X-CSRF-Token", alice.csrf)
	req.AddCookie(&http.Cookie{Name: cookieName, Value: alice.cookie})
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != http.StatusForbidden {
		t.Fatalf("cross-site post: %v %v", resp.StatusCode, err)
	}
	resp.Body.Close()
	after, _ := e.st.CountTables(context.Background())
	if before["open"] != after["open"] {
		t.Fatal("a refused request created a table")
	}
	// Session creation needs JSON (a cross-site form cannot send it).
	resp, err = http.Post(e.url+"/api/session", "application/x-www-form-urlencoded", strings.NewReader("name=x"))
	if err != nil || resp.StatusCode != http.StatusUnsupportedMediaType {
		t.Fatalf("form session: %v", resp.StatusCode)
	}
	resp.Body.Close()
}

func TestHTTPRateLimits(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.Limits.Create = Rate{PerSecond: 0.001, Burst: 2} })
	alice := e.guest("Alice")
	alice.table("6", 0, "human", "human")
	alice.table("6", 0, "human", "human")
	var er httpErr
	if code := alice.do("POST", "/api/tables", map[string]any{"game": "srvtest"}, &er); code != http.StatusTooManyRequests || er.Code != "rate-limited" {
		t.Fatalf("third table: %d %s", code, er.Code)
	}
	counts, _ := e.st.CountTables(context.Background())
	if counts["open"] != 2 {
		t.Fatalf("counts %v", counts)
	}
}

func TestCreateValidation(t *testing.T) {
	e := newEnv(t, nil)
	alice := e.guest("Alice")
	for _, c := range []struct {
		body map[string]any
		code string
	}{
		{map[string]any{"game": "nope"}, "unknown-game"},
		{map[string]any{"game": "srvtest", "options": map[string]string{"length": "3"}}, "bad-options"},
		{map[string]any{"game": "srvtest", "options": map[string]string{"colour": "red"}}, "bad-options"},
		{map[string]any{"game": "srvtest", "seats": []map[string]string{{"kind": "human"}}}, "unknown-seat"},
		{map[string]any{"game": "srvtest", "seats": []map[string]string{{"kind": "human"}, {"kind": "alien"}}}, "bad-message"},
		{map[string]any{"game": "srvtest", "seats": []map[string]string{{"kind": "human"}, {"kind": "bot", "level": "god"}}}, "bad-message"},
		{map[string]any{"game": "srvtest", "takeover_seconds": -1}, "bad-message"},
		{map[string]any{"game": "srvtest", "surprise": 1}, "bad-message"},
	} {
		var er httpErr
		if code := alice.do("POST", "/api/tables", c.body, &er); code != http.StatusBadRequest || string(er.Code) != c.code {
			t.Errorf("%v: %d %s, want %s", c.body, code, er.Code, c.code)
		}
	}
}

func TestMoveBeforeStartAndAfterEnd(t *testing.T) {
	e := newEnv(t, nil)
	alice := e.guest("Alice")
	c := alice.table("2", 0, "human", "human")
	alice.sit(c.ID, 0)
	ca := e.dial(alice, c.ID)
	ca.hello(-1)
	if s := ca.next("state"); len(s.Legal) != 0 {
		t.Fatalf("legal moves before the start: %s", s.Raw)
	}
	refused(e, ca, c.ID, `{"t":"move","id":"a1","v":0,"seat":0,"move":{"kind":"pick","n":1}}`, "not-your-turn")
	bob := e.guest("Bob")
	bob.sit(c.ID, 1)
	cb := e.dial(bob, c.ID)
	cb.hello(-1)
	cb.next("state")
	ca.move(0, 0, `{"kind":"pick","n":1}`)
	ca.next("ack")
	cb.move(1, 1, `{"kind":"pick","n":1}`)
	if u := cb.update(2); u.Outcome == nil || !u.Outcome.Over {
		t.Fatalf("not over: %s", u.Raw)
	}
	cb.next("ack")
	refused(e, cb, c.ID, `{"t":"move","id":"b9","v":2,"seat":1,"move":{"kind":"pick","n":1}}`, "game-over")
	var sum tableSummary
	alice.do("GET", "/api/tables/"+c.ID, nil, &sum)
	if sum.Status != "finished" || sum.Version != 2 {
		t.Fatalf("summary %+v", sum)
	}
	// The finished game's replay is public: every version, every seat's view.
	var frames []struct {
		V     int64
		View  map[string]any
		Views map[string]map[string]any
	}
	if code := (&user{e: e}).do("GET", "/api/tables/"+c.ID+"/replay", nil, &frames); code != 200 || len(frames) != 3 || frames[2].V != 2 || len(frames[1].Views) != 2 {
		t.Fatalf("replay %d %+v", code, frames)
	}
}

func TestReplayRefusedWhileRunning(t *testing.T) {
	e := newEnv(t, nil)
	id, alice, _, _, _ := twoPlayers(e, "6")
	var er httpErr
	if code := alice.do("GET", "/api/tables/"+id+"/replay", nil, &er); code != 403 || er.Code != "unauthorized" {
		t.Fatalf("replay of a running game: %d %+v", code, er)
	}
}
