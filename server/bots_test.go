package server

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gaslamp/game"
	"gaslamp/internal/testscale"
	"gaslamp/server/internal/testgame"
)

// spy is a test bot that records what it was given.
type spy struct {
	mu    sync.Mutex
	views []game.View
	sleep time.Duration
}

func (s *spy) Choose(v game.View, legal []game.Move) game.Move {
	s.mu.Lock()
	s.views = append(s.views, v)
	s.mu.Unlock()
	time.Sleep(s.sleep)
	return legal[0]
}

var (
	theSpy    = &spy{}
	slowSpy   = &spy{sleep: 2 * time.Second}
	botsSetUp sync.Once
	slowCalls atomic.Int64
)

func registerTestBots() {
	botsSetUp.Do(func() {
		game.RegisterBot(testgame.ID, "spy", func(cfg game.BotConfig) (game.Bot, error) { return theSpy, nil })
		game.RegisterBot(testgame.ID, "slow", func(cfg game.BotConfig) (game.Bot, error) {
			slowCalls.Add(1)
			return slowSpy, nil
		})
	})
}

func TestBotPlaysWithViewOnly(t *testing.T) {
	registerTestBots()
	theSpy.mu.Lock()
	theSpy.views = nil
	theSpy.mu.Unlock()
	e := newEnv(t, nil)
	alice := e.guest("Alice")
	var c created
	if code := alice.do("POST", "/api/tables", map[string]any{"game": testgame.ID, "options": map[string]string{"length": "10"},
		"seats": []map[string]string{{"kind": "human"}, {"kind": "bot", "bot": "spy", "level": "easy"}}}, &c); code != 201 {
		t.Fatalf("create %d", code)
	}
	if len(c.Invites) != 1 || c.Invites["0"] == "" {
		t.Fatalf("invites %v", c.Invites)
	}
	alice.sit(c.ID, 0)
	ca := e.dial(alice, c.ID)
	ca.hello(-1)
	ca.next("state")
	for v := int64(0); v < 10; v += 2 {
		ca.move(v, 0, `{"kind":"pick","n":1}`)
		ca.update(v + 1)
		ca.update(v + 2) // the bot's answer
	}
	v, _ := e.tableState(c.ID)
	if v != 10 {
		t.Fatalf("version %d", v)
	}
	theSpy.mu.Lock()
	defer theSpy.mu.Unlock()
	if len(theSpy.views) != 5 {
		t.Fatalf("bot asked %d times", len(theSpy.views))
	}
	for _, v := range theSpy.views {
		tv, ok := v.(*testgame.View)
		if !ok || tv.Viewer() != 1 || tv.Secrets != nil && tv.Moves < 10 {
			t.Fatalf("bot got %T %+v", v, v)
		}
	}
}

func TestBotDeadlineFallsBackToRandom(t *testing.T) {
	registerTestBots()
	e := newEnv(t, func(c *Config) { c.BotBudget = 100 * time.Millisecond })
	alice := e.guest("Alice")
	var c created
	alice.do("POST", "/api/tables", map[string]any{"game": testgame.ID, "options": map[string]string{"length": "6"},
		"seats": []map[string]string{{"kind": "human"}, {"kind": "bot", "bot": "slow"}}}, &c)
	alice.sit(c.ID, 0)
	ca := e.dial(alice, c.ID)
	ca.hello(-1)
	ca.next("state")
	start := time.Now()
	ca.move(0, 0, `{"kind":"pick","n":1}`)
	ca.update(1)
	ca.update(2)
	if d := time.Since(start); d >= slowSpy.sleep {
		t.Fatalf("late bot held the table %v", d)
	}
	if e.srv.metrics.botTimeouts.Load() != 1 {
		t.Fatalf("timeouts %d", e.srv.metrics.botTimeouts.Load())
	}
	// The stuck bot is not asked again while it thinks: a new one is made.
	before := slowCalls.Load()
	ca.move(2, 0, `{"kind":"pick","n":1}`)
	ca.update(4)
	if slowCalls.Load() == before {
		t.Fatal("the late bot instance was reused")
	}
}

func TestAllBotTableRuns(t *testing.T) {
	e := newEnv(t, nil)
	alice := e.guest("Alice")
	var c created
	alice.do("POST", "/api/tables", map[string]any{"game": testgame.ID, "options": map[string]string{"length": "10"},
		"seats": []map[string]string{{"kind": "bot"}, {"kind": "bot", "bot": "random"}}}, &c)
	deadline := time.Now().Add(testscale.Timeout(20 * time.Second))
	for {
		var sum tableSummary
		alice.do("GET", "/api/tables/"+c.ID, nil, &sum)
		if sum.Status == "finished" && sum.Version == 10 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("bots did not finish: %+v", sum)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestTakeoverWhileAway(t *testing.T) {
	e := newEnv(t, nil)
	alice, bob := e.guest("Alice"), e.guest("Bob")
	c := alice.table("40", 1, "human", "human")
	// Alice is connected before the game starts: a player still
	// connecting a second after the start would be taken over too.
	alice.sit(c.ID, 0)
	ca := e.dial(alice, c.ID)
	ca.hello(-1)
	ca.next("state")
	bob.sit(c.ID, 1)
	cb := e.dial(bob, c.ID)
	cb.hello(-1)
	cb.next("state")
	// Bob leaves. After a second away, a bot plays his seat (the second
	// counts from when the server sees him go, after start).
	start := time.Now()
	cb.close()
	<-cb.done
	ca.move(0, 0, `{"kind":"pick","n":1}`)
	ca.update(1)
	u := ca.update(2)
	if d := time.Since(start); d < 700*time.Millisecond {
		t.Fatalf("bot took over after %v, before the limit", d)
	}
	_ = u
	var sum tableSummary
	alice.do("GET", "/api/tables/"+c.ID, nil, &sum)
	if p := sum.Seats[1].Player; p == nil || !p.Bot || p.Connected || p.Name != "Bob" {
		t.Fatalf("seat 1 %+v", sum.Seats[1].Player)
	}
	// Bob returns: the seat is his again and he gets its legal moves.
	cb2 := e.dial(bob, c.ID)
	cb2.hello(2)
	cb2.next("presence") // attached: the takeover has ended
	ca.move(2, 0, `{"kind":"pick","n":1}`)
	u = cb2.update(3)
	if len(u.Legal["1"]) == 0 {
		t.Fatalf("bob has no legal moves back: %s", u.Raw)
	}
	cb2.quiet("update", 1500*time.Millisecond) // no bot plays for him now
	cb2.move(3, 1, `{"kind":"pick","n":2}`)
	cb2.next("ack")
}

func TestInviteTakesSeatFromAnotherDevice(t *testing.T) {
	e := newEnv(t, nil)
	alice := e.guest("Alice")
	c := alice.table("6", 0, "human", "human")
	alice.sit(c.ID, 0)
	ca := e.dial(alice, c.ID)
	ca.hello(-1)
	ca.next("state")
	// Alice's phone is a new session: seat 0's invite does not take the
	// seat from her; a one-time transfer token, asked for by Alice, does.
	phone := e.guest("Alice")
	var res map[string]any
	token := strings.TrimPrefix(c.Invites["0"], "/join/")
	if code := phone.do("POST", "/api/join/"+token, nil, &res); code != http.StatusConflict {
		t.Fatalf("invite took a held seat: %d %v", code, res)
	}
	var tr struct{ Token, Link string }
	if code := phone.do("POST", "/api/tables/"+c.ID+"/seats/0/transfer", nil, &tr); code != http.StatusForbidden {
		t.Fatalf("transfer by a non-holder: %d", code)
	}
	if code := alice.do("POST", "/api/tables/"+c.ID+"/seats/0/transfer", nil, &tr); code != 200 || tr.Token == "" || tr.Link != "/join/"+tr.Token {
		t.Fatalf("transfer %d %+v", code, tr)
	}
	if code := phone.do("POST", "/api/join/"+tr.Token, nil, &res); code != 200 || res["seat"] != float64(0) {
		t.Fatalf("join %d %v", code, res)
	}
	if code := e.guest("Eve").do("POST", "/api/join/"+tr.Token, nil, nil); code != http.StatusNotFound {
		t.Fatalf("transfer token used twice: %d", code)
	}
	// The old connection is told, then holds nothing: a spectator's state.
	ca.next("seat-moved")
	st := ca.next("state")
	if len(st.You) != 0 || st.Views["spectator"] == nil {
		t.Fatalf("old device state %s", st.Raw)
	}
	cp := e.dial(phone, c.ID)
	cp.hello(-1)
	if st := cp.next("state"); len(st.You) != 1 || st.You[0] != 0 {
		t.Fatalf("phone state %s", st.Raw)
	}
	// Opening a link (GET) shows the invitation page and changes nothing,
	// for a signed-in browser and a stranger alike (trust hole 7).
	for _, u := range []*user{phone, e.guest("Eve"), {e: e}} {
		req, _ := newGet(e, c.Invites["1"], u)
		resp, err := noRedirect.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
			t.Fatalf("invitation page: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
		}
	}
	var info inviteInfo
	if code := phone.do("GET", "/api/invites/"+strings.TrimPrefix(c.Invites["1"], "/join/"), nil, &info); code != 200 ||
		info.Table != c.ID || info.Seat != 1 || info.State != "free" || info.Inviter != "Alice" || info.Status != "open" {
		t.Fatalf("invite info %d %+v", code, info)
	}
	if code := phone.do("GET", "/api/invites/"+strings.TrimPrefix(c.Invites["0"], "/join/"), nil, &info); code != 200 || info.State != "yours" {
		t.Fatalf("invite info of the phone's own seat %d %+v", code, info)
	}
	if code := e.guest("Eve").do("GET", "/api/invites/"+strings.TrimPrefix(c.Invites["0"], "/join/"), nil, &info); code != 200 || info.State != "taken" {
		t.Fatalf("invite info of a held seat %d %+v", code, info)
	}
	if tb, err := e.st.Table(context.Background(), c.ID); err != nil || tb.Seats[1].UserID != "" {
		t.Fatalf("a GET of the link seated someone: %+v %v", tb.Seats, err)
	}
	// The phone holds seat 0 (one side): seat 1 is the other side's.
	var refused httpErr
	if code := phone.do("POST", "/api/join/"+strings.TrimPrefix(c.Invites["1"], "/join/"), nil, &refused); code != http.StatusForbidden || refused.Code != CodeOtherSide {
		t.Fatalf("a second side: %d %+v", code, refused)
	}
	var bad httpErr
	if code := phone.do("POST", "/api/join/nonsense", nil, &bad); code != 404 || bad.Code != "not-found" {
		t.Fatalf("bad invite %d %+v", code, bad)
	}
	_ = context.Background
}
