package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"gaslamp/game"
	"gaslamp/store"
	"gaslamp/web"
)

// post sends a JSON POST as u (its cookie, no CSRF token unless u has one)
// and returns the status, taking a new session cookie when one is set.
func (u *user) post(path string, body any, out any) int {
	u.e.t.Helper()
	return u.do("POST", path, body, out)
}

// register creates an account as u (a guest, or a fresh visitor when u is
// nil) and returns the account's user, with its new cookie.
func (e *env) register(u *user, name, password string) (*user, int) {
	e.t.Helper()
	if u == nil {
		u = &user{e: e}
	}
	return e.credentials(u, "/api/account/register", name, password)
}

func (e *env) signIn(u *user, name, password string) (*user, int) {
	e.t.Helper()
	if u == nil {
		u = &user{e: e}
	}
	return e.credentials(u, "/api/account/signin", name, password)
}

func (e *env) credentials(u *user, path, name, password string) (*user, int) {
	e.t.Helper()
	_, code, me, cookie := u.rawPost(path, map[string]string{"name": name, "password": password})
	if code != http.StatusCreated && code != http.StatusOK {
		return nil, code
	}
	return &user{e: e, name: me.Name, cookie: cookie, csrf: me.CSRF, id: me.ID}, code
}

// rawPost posts body as u and returns the answer's status, its meOut and the
// session cookie it set.
func (u *user) rawPost(path string, body any) (*http.Request, int, meOut, string) {
	u.e.t.Helper()
	var me meOut
	cookie := ""
	req, _ := http.NewRequest("POST", u.e.url+path, jsonBody(body))
	req.Header.Set("Content-Type", "application/json")
	if u.cookie != "" {
		req.AddCookie(&http.Cookie{Name: cookieName, Value: u.cookie})
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		u.e.t.Fatal(err)
	}
	defer resp.Body.Close()
	decode(resp, &me)
	for _, c := range resp.Cookies() {
		if c.Name == cookieName {
			cookie = c.Value
		}
	}
	return req, resp.StatusCode, me, cookie
}

func jsonBody(v any) io.Reader {
	data, _ := json.Marshal(v)
	return bytes.NewReader(data)
}

func decode(resp *http.Response, v any) { json.NewDecoder(resp.Body).Decode(v) }

func (u *user) me() (meOut, int) {
	var m meOut
	code := u.do("GET", "/api/me", nil, &m)
	return m, code
}

func TestRegisterSignInSignOut(t *testing.T) {
	e := newEnv(t, nil)
	a, code := e.register(nil, "Alice", "correct horse")
	if code != http.StatusCreated || a.name != "Alice" {
		t.Fatalf("register: %d %+v", code, a)
	}
	if m, code := a.me(); code != 200 || !m.Account || m.Name != "Alice" || m.ID != a.id {
		t.Fatalf("me: %d %+v", code, m)
	}
	if _, code := e.register(a, "Other", "correct horse"); code != http.StatusConflict {
		t.Fatalf("a second account from an account's session: %d", code)
	}
	if code := a.post("/api/session/signout", nil, nil); code != http.StatusNoContent {
		t.Fatalf("sign out: %d", code)
	}
	if _, code := a.me(); code != http.StatusUnauthorized {
		t.Fatalf("signed out: %d", code)
	}
	if _, code := e.signIn(nil, "Alice", "wrong horse!"); code != http.StatusUnauthorized {
		t.Fatalf("wrong password: %d", code)
	}
	if _, code := e.signIn(nil, "Nobody", "correct horse"); code != http.StatusUnauthorized {
		t.Fatalf("unknown name: %d", code)
	}
	b, code := e.signIn(nil, "ALICE", "correct horse")
	if code != http.StatusOK || b.id != a.id || b.name != "Alice" {
		t.Fatalf("sign in: %d %+v", code, b)
	}
	// A guest who signs in leaves the guest's session behind.
	g := e.guest("Visitor")
	c, code := e.signIn(g, "alice", "correct horse")
	if code != http.StatusOK || c.id != a.id || c.cookie == g.cookie {
		t.Fatalf("sign in from a guest: %d %+v", code, c)
	}
	if _, code := g.me(); code != http.StatusUnauthorized {
		t.Fatalf("the guest's old session: %d", code)
	}
	// A stored hash is argon2id with the documented parameters.
	acct, err := e.st.AccountByKey(context.Background(), nameKey("alice"))
	if err != nil || acct.Password[:30] != "$argon2id$v=19$m=19456,t=2,p=1" {
		t.Fatalf("stored %q, %v", acct.Password, err)
	}
}

func TestAccountNames(t *testing.T) {
	e := newEnv(t, nil)
	if _, code := e.register(nil, "Alice", "correct horse"); code != http.StatusCreated {
		t.Fatal(code)
	}
	for _, n := range []string{"alice", "ALICE", "Al1ce", "AIice", "a1ice"} {
		if _, code := e.register(nil, n, "correct horse"); code != http.StatusConflict {
			t.Errorf("%q: %d, want 409 (reads like Alice)", n, code)
		}
	}
	for _, n := range []string{"al", "1alice", "Алиса", "al ice", "аlice", "alice!", "averyveryverylongname1"} {
		if _, code := e.register(nil, n, "correct horse"); code != http.StatusBadRequest {
			t.Errorf("%q: %d, want 400", n, code)
		}
	}
	if _, code := e.register(nil, "Bob", "short"); code != http.StatusBadRequest {
		t.Errorf("short password: %d", code)
	}
	if _, code := e.register(nil, "rn_ed", "correct horse"); code != http.StatusCreated {
		t.Fatal(code)
	}
	if _, code := e.register(nil, "m-ed", "correct horse"); code != http.StatusConflict {
		t.Errorf("m-ed against rn_ed: %d", code)
	}
}

// TestGuestUpgradeKeepsSeats: a seated guest becomes an account; the user
// id, the seat and the game stay theirs, under the account's name, and the
// account signed in on another device holds the same seat.
func TestGuestUpgradeKeepsSeats(t *testing.T) {
	e := newEnv(t, nil)
	id, alice, _, ca, _ := twoPlayers(e, "6")
	ca.move(0, 0, `{"kind":"pick","n":1}`)
	ca.next("ack")
	up, code := e.register(alice, "Alicia", "correct horse")
	if code != http.StatusCreated || up.id != alice.id || up.cookie == alice.cookie {
		t.Fatalf("upgrade: %d %+v (guest %s)", code, up, alice.id)
	}
	if _, code := alice.me(); code != http.StatusUnauthorized {
		t.Fatalf("the guest token outlives the upgrade: %d", code)
	}
	var sum tableSummary
	eventually(t, "the seat shows the account's name", func() bool {
		up.do("GET", "/api/tables/"+id, nil, &sum)
		return sum.Seats[0].Player != nil && sum.Seats[0].Player.Name == "Alicia"
	})
	rec, _ := e.st.Table(context.Background(), id)
	if rec.Seats[0].UserID != alice.id || rec.Seats[0].Owner != alice.id {
		t.Fatalf("seat %+v", rec.Seats[0])
	}
	// Another device: sign in, and the seat is there.
	other, code := e.signIn(nil, "alicia", "correct horse")
	if code != http.StatusOK {
		t.Fatal(code)
	}
	c := e.dial(other, id)
	c.hello(-1)
	st := c.next("state")
	if len(st.You) != 1 || st.You[0] != 0 {
		t.Fatalf("the other device holds %v, want seat 0", st.You)
	}
}

// TestGuestSignInKeepsSeats: a guest who signs in to an existing account
// keeps the seats it plays (an open table, a running one): they move to the
// account, which then holds them on every device; a seat on the other side
// of a game the account plays stays the guest's (no person holds two sides);
// an account signing in to another account carries nothing.
func TestGuestSignInKeepsSeats(t *testing.T) {
	e := newEnv(t, nil)
	ctx := context.Background()
	acct, code := e.register(nil, "Alice", "correct horse")
	if code != http.StatusCreated {
		t.Fatal(code)
	}
	g := e.guest("Visitor")
	open := g.table("6", 0, "human", "human")
	g.sit(open.ID, 0)
	running := g.table("6", 0, "human", "bot")
	g.sit(running.ID, 0)
	both := g.table("6", 0, "human", "human")
	g.sit(both.ID, 0)
	acct.sit(both.ID, 1) // the account plays the other side there
	cg := e.dial(g, running.ID)
	cg.hello(-1)
	cg.next("state")
	cg.move(0, 0, `{"kind":"pick","n":1}`)
	cg.next("ack")
	// A game the guest finished: its seat and its result come along too.
	done := g.table("2", 0, "human", "bot")
	g.sit(done.ID, 0)
	cd := e.dial(g, done.ID)
	cd.hello(-1)
	cd.next("state")
	cd.move(0, 0, `{"kind":"pick","n":1}`)
	cd.update(1)
	cd.update(2) // the bot's answer ends the game
	if rs, err := e.st.ResultsOf(ctx, g.id, 10); err != nil || len(rs) != 1 || rs[0].Table != done.ID {
		t.Fatalf("the guest's results before signing in: %+v, %v", rs, err)
	}

	_, code, me, cookie := g.rawPost("/api/account/signin", map[string]string{"name": "alice", "password": "correct horse"})
	in := &user{e: e, name: me.Name, cookie: cookie, csrf: me.CSRF, id: me.ID}
	if code != http.StatusOK || in.id != acct.id {
		t.Fatalf("sign in: %d %+v", code, in)
	}
	// The answer says one seat could not come along (the running game
	// where the account plays the other side), for the page to say so.
	if me.SeatsLeft != 1 {
		t.Errorf("the sign-in's answer counts %d seats left behind, want 1", me.SeatsLeft)
	}
	for _, c := range []struct {
		table string
		seat  int
		want  string
	}{{open.ID, 0, acct.id}, {running.ID, 0, acct.id}, {both.ID, 0, g.id}, {both.ID, 1, acct.id}, {done.ID, 0, acct.id}} {
		rec, err := e.st.Table(ctx, c.table)
		if err != nil {
			t.Fatal(err)
		}
		if got := rec.Seats[c.seat].UserID; got != c.want {
			t.Errorf("table %s seat %d: held by %q, want %q (account %q, guest %q)", c.table, c.seat, got, c.want, acct.id, g.id)
		}
	}
	if rs, err := e.st.ResultsOf(ctx, acct.id, 10); err != nil || len(rs) != 1 || rs[0].Table != done.ID {
		t.Errorf("the account's results: %+v, %v; want the guest's finished game", rs, err)
	}
	if rs, err := e.st.ResultsOf(ctx, g.id, 10); err != nil || len(rs) != 0 {
		t.Errorf("the guest kept results: %+v, %v", rs, err)
	}
	// The account holds the running game's seat, and can play it.
	c := e.dial(in, running.ID)
	c.hello(-1)
	if st := c.next("state"); len(st.You) != 1 || st.You[0] != 0 {
		t.Fatalf("the account holds %v at the running table, want seat 0", st.You)
	}
	// An account that signs in to another carries nothing over.
	if _, code := e.register(nil, "Bruno", "correct horse"); code != http.StatusCreated {
		t.Fatal(code)
	}
	other := e.guest("Other guest")
	t2 := other.table("6", 0, "human", "human")
	other.sit(t2.ID, 0)
	up, code := e.register(other, "Carla", "correct horse")
	if code != http.StatusCreated {
		t.Fatal(code)
	}
	if _, code := e.signIn(up, "bruno", "correct horse"); code != http.StatusOK {
		t.Fatal(code)
	}
	if rec, _ := e.st.Table(ctx, t2.ID); rec.Seats[0].UserID != up.id {
		t.Errorf("an account's seat moved to the account it signed in to: held by %q, want Carla's %q", rec.Seats[0].UserID, up.id)
	}
}

func TestLoginRateLimits(t *testing.T) {
	e := newEnv(t, func(c *Config) {
		c.Limits.Login = Rate{0.0001, 3}
		c.Limits.LoginIP = Rate{0.0001, 6}
	})
	if _, code := e.register(nil, "Alice", "correct horse"); code != http.StatusCreated {
		t.Fatal(code)
	}
	for i := range 3 {
		if _, code := e.signIn(nil, "alice", fmt.Sprint("wrong ", i, " horse")); code != http.StatusUnauthorized {
			t.Fatalf("attempt %d: %d", i, code)
		}
	}
	if _, code := e.signIn(nil, "Alice", "correct horse"); code != http.StatusTooManyRequests {
		t.Fatalf("past the account's limit: %d", code)
	}
	// Other names from the same address, up to the address's limit.
	for i := range 2 {
		if _, code := e.signIn(nil, fmt.Sprint("nobody", i), "whatever1"); code != http.StatusUnauthorized {
			t.Fatalf("name %d: %d", i, code)
		}
	}
	if _, code := e.signIn(nil, "someone", "whatever1"); code != http.StatusTooManyRequests {
		t.Fatalf("past the address's limit: %d", code)
	}
}

func TestChangePassword(t *testing.T) {
	e := newEnv(t, nil)
	a, _ := e.register(nil, "Alice", "correct horse")
	b, _ := e.signIn(nil, "Alice", "correct horse")
	if code := a.post("/api/account/password", map[string]string{"old": "wrong horse", "new": "battery staple"}, nil); code != http.StatusForbidden {
		t.Fatalf("wrong old password: %d", code)
	}
	if code := a.post("/api/account/password", map[string]string{"old": "correct horse", "new": "short"}, nil); code != http.StatusBadRequest {
		t.Fatalf("short new password: %d", code)
	}
	if code := a.post("/api/account/password", map[string]string{"old": "correct horse", "new": "battery staple"}, nil); code != http.StatusNoContent {
		t.Fatalf("change: %d", code)
	}
	if _, code := a.me(); code != 200 {
		t.Fatalf("the session that changed it: %d", code)
	}
	if _, code := b.me(); code != http.StatusUnauthorized {
		t.Fatalf("another device's session: %d", code)
	}
	if _, code := e.signIn(nil, "Alice", "correct horse"); code != http.StatusUnauthorized {
		t.Fatalf("old password: %d", code)
	}
	if _, code := e.signIn(nil, "Alice", "battery staple"); code != http.StatusOK {
		t.Fatalf("new password: %d", code)
	}
	g := e.guest("G")
	if code := g.post("/api/account/password", map[string]string{"old": "x", "new": "battery staple"}, nil); code != http.StatusForbidden {
		t.Fatalf("a guest: %d", code)
	}
}

// TestDeleteAccount: the account's personal data goes, its game stays under
// the neutral name, and the name is free again.
func TestDeleteAccount(t *testing.T) {
	e := newEnv(t, nil)
	id, alice, bob, ca, cb := twoPlayers(e, "2")
	a, _ := e.register(alice, "Alicia", "correct horse")
	ca.move(0, 0, `{"kind":"pick","n":1}`)
	ca.next("ack")
	cb.move(1, 1, `{"kind":"pick","n":2}`)
	cb.next("ack")
	eventually(t, "finished", func() bool { return e.status(id) == store.StatusFinished })
	ctx := context.Background()
	eventually(t, "results stored", func() bool { r, _ := e.st.ResultsOf(ctx, a.id, 0); return len(r) == 1 })
	if code := a.post("/api/account/delete", map[string]string{"password": "nope nope"}, nil); code != http.StatusForbidden {
		t.Fatalf("wrong password: %d", code)
	}
	if code := a.post("/api/account/delete", map[string]string{"password": "correct horse"}, nil); code != http.StatusNoContent {
		t.Fatalf("delete: %d", code)
	}
	if _, code := a.me(); code != http.StatusUnauthorized {
		t.Fatalf("session after deletion: %d", code)
	}
	if _, code := e.signIn(nil, "Alicia", "correct horse"); code != http.StatusUnauthorized {
		t.Fatalf("sign in after deletion: %d", code)
	}
	rec, err := e.st.Table(ctx, id)
	if err != nil || rec.Seats[0].UserID != a.id || rec.Seats[0].Name != "" || rec.Seats[1].Name != "Bob" {
		t.Fatalf("the game after deletion: %+v, %v", rec.Seats, err)
	}
	if r, _ := e.st.ResultsOf(ctx, a.id, 0); len(r) != 0 {
		t.Fatalf("results stay: %+v", r)
	}
	if r, _ := e.st.ResultsOf(ctx, bob.id, 0); len(r) != 1 {
		t.Fatalf("the opponent's result: %+v", r)
	}
	var sum tableSummary
	bob.do("GET", "/api/tables/"+id, nil, &sum)
	if sum.Seats[0].Player == nil || sum.Seats[0].Player.Name != "" {
		t.Fatalf("the table shows %+v", sum.Seats[0].Player)
	}
	if _, code := e.register(nil, "alicia", "another horse"); code != http.StatusCreated {
		t.Fatalf("the freed name: %d", code)
	}
}

// ratedGame plays a rated srvtest table of length 2 between two new
// accounts to its end, on nodes na (alice) and nb (bob).
func ratedGame(t *testing.T, na, nb *env) (id string, alice, bob *user) {
	alice, _ = na.register(nil, "Alice", "correct horse")
	bob, _ = na.register(nil, "Bob", "correct horse")
	var c created
	if code := alice.do("POST", "/api/tables", map[string]any{"game": "srvtest", "options": map[string]string{"length": "2"},
		"seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}, "rated": true}, &c); code != http.StatusCreated {
		t.Fatalf("create rated: %d", code)
	}
	alice.sit(c.ID, 0)
	bob = bob.on(nb)
	bob.sit(c.ID, 1)
	seeStart(t, c.ID, na) // nb started it; na held it since Alice sat
	ca, cb := na.dial(alice, c.ID), nb.dial(bob, c.ID)
	ca.hello(-1)
	cb.hello(-1)
	ca.next("state")
	cb.next("state")
	ca.move(0, 0, `{"kind":"pick","n":1}`)
	ca.next("ack")
	cb.update(1)
	cb.move(1, 1, `{"kind":"pick","n":2}`)
	cb.next("ack")
	return c.ID, alice, bob
}

func TestRatedTableRules(t *testing.T) {
	e := newEnv(t, nil)
	g := e.guest("Guest")
	a, _ := e.register(nil, "Alice", "correct horse")
	body := func(kinds ...string) map[string]any {
		var seats []map[string]string
		for _, k := range kinds {
			seats = append(seats, map[string]string{"kind": k})
		}
		return map[string]any{"game": "srvtest", "options": map[string]string{"length": "2"}, "seats": seats, "rated": true}
	}
	if code := g.do("POST", "/api/tables", body("human", "human"), nil); code != http.StatusBadRequest {
		t.Fatalf("a guest's rated table: %d", code)
	}
	if code := a.do("POST", "/api/tables", body("human", "bot"), nil); code != http.StatusBadRequest {
		t.Fatalf("a rated table with a bot: %d", code)
	}
	var c created
	if code := a.do("POST", "/api/tables", body("human", "human"), &c); code != http.StatusCreated {
		t.Fatalf("rated: %d", code)
	}
	var sum tableSummary
	a.do("GET", "/api/tables/"+c.ID, nil, &sum)
	if !sum.Rated {
		t.Fatal("the lobby does not show the table rated")
	}
	if code := g.do("POST", "/api/tables/"+c.ID+"/seats/1", nil, nil); code != http.StatusForbidden {
		t.Fatalf("a guest takes a seat of a rated table: %d", code)
	}
}

// TestRatedGameOnceWithTwoNodes: a rated game between two accounts, each
// on its own node, changes both ratings once, even when both nodes (and a
// restart) ask to record its results.
func TestRatedGameOnceWithTwoNodes(t *testing.T) {
	nodes := newCluster(t, 2, nil)
	id, alice, bob := ratedGame(t, nodes[0], nodes[1])
	ctx := context.Background()
	st := nodes[0].st
	eventually(t, "ratings stored", func() bool {
		r, _ := st.RatingsOf(ctx, bob.id)
		return len(r) == 1
	})
	var wg sync.WaitGroup
	for _, n := range nodes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tb, err := n.srv.hub.get(ctx, id)
			if err != nil {
				t.Error(err)
				return
			}
			tb.ask(ctx, tb.recordResults)
		}()
	}
	wg.Wait()
	ra, _ := st.RatingsOf(ctx, alice.id)
	rb, _ := st.RatingsOf(ctx, bob.id)
	if len(ra) != 1 || len(rb) != 1 || ra[0].Games != 1 || rb[0].Games != 1 {
		t.Fatalf("ratings %+v %+v", ra, rb)
	}
	win, lose := ra[0], rb[0]
	if win.Wins != 1 {
		win, lose = lose, win
	}
	if win.Wins != 1 || lose.Wins != 0 || win.Rating <= 1500 || lose.Rating >= 1500 || win.Side == lose.Side {
		t.Fatalf("winner %+v loser %+v", win, lose)
	}
	// Both start at 1500/350: one game moves each by the same amount.
	if d := (win.Rating - 1500) - (1500 - lose.Rating); d > 1e-6 || d < -1e-6 {
		t.Fatalf("asymmetric update %+v %+v", win, lose)
	}
	if h, _ := st.RatingHistory(ctx, alice.id, "srvtest", ra[0].Side, 0); len(h) != 1 || h[0].Table != id {
		t.Fatalf("history %+v", h)
	}
}

// TestProfileAndLeaderboard: after a rated game, both profiles show the
// game, the side, the result and the rating with its history; the
// leaderboard lists each side; games in progress show as the lobby shows
// them; a deleted account has no profile.
func TestProfileAndLeaderboard(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.LeaderboardMinGames = 1; c.Static = web.Static() })
	id, alice, bob := ratedGame(t, e, e)
	eventually(t, "ratings stored", func() bool {
		r, _ := e.st.RatingsOf(context.Background(), bob.id)
		return len(r) == 1
	})
	c := alice.table("6", 0, "human", "human")
	alice.sit(c.ID, 0)
	var pa, pb profileOut
	if code := (&user{e: e}).do("GET", "/api/users/ALICE", nil, &pa); code != 200 {
		t.Fatalf("profile: %d", code)
	}
	bob.do("GET", "/api/users/Bob", nil, &pb)
	if pa.Name != "Alice" || len(pa.Ratings) != 1 || len(pa.Stats) != 1 || len(pa.Recent) != 1 || pa.Recent[0].Table != id || !pa.Recent[0].Rated {
		t.Fatalf("alice's profile %+v", pa)
	}
	if pa.Ratings[0].Side != "north" || len(pa.Ratings[0].History) != 1 || pa.Ratings[0].Games != 1 {
		t.Fatalf("alice's rating %+v", pa.Ratings[0])
	}
	if len(pb.Ratings) != 1 || pb.Ratings[0].Side != "south" || pa.Stats[0].Won+pb.Stats[0].Won != 1 {
		t.Fatalf("bob's profile %+v", pb)
	}
	if pa.Recent[0].Won == pb.Recent[0].Won || (pa.Recent[0].Won != (pa.Ratings[0].Rating > 1500)) {
		t.Fatalf("results %+v %+v", pa, pb)
	}
	if len(pa.Playing) != 1 || pa.Playing[0].ID != c.ID || len(pb.Playing) != 0 {
		t.Fatalf("playing %+v / %+v", pa.Playing, pb.Playing)
	}
	var lb leaderboardOut
	if code := alice.do("GET", "/api/leaderboard/srvtest", nil, &lb); code != 200 {
		t.Fatalf("leaderboard: %d", code)
	}
	if len(lb.Sides["north"]) != 1 || lb.Sides["north"][0].Name != "Alice" || len(lb.Sides["south"]) != 1 || lb.Sides["south"][0].Name != "Bob" {
		t.Fatalf("leaderboard %+v", lb)
	}
	if code := alice.do("GET", "/api/leaderboard/nope", nil, nil); code != http.StatusNotFound {
		t.Fatalf("unknown game: %d", code)
	}
	if code := bob.post("/api/account/delete", map[string]string{"password": "correct horse"}, nil); code != http.StatusNoContent {
		t.Fatal(code)
	}
	if code := alice.do("GET", "/api/users/Bob", nil, nil); code != http.StatusNotFound {
		t.Fatalf("a deleted account's profile: %d", code)
	}
	for _, path := range []string{"/u/Alice", "/leaderboard/srvtest"} {
		req, _ := newGet(e, path, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil || resp.StatusCode != 200 {
			t.Fatalf("%s: %v %v", path, resp.StatusCode, err)
		}
		resp.Body.Close()
	}
	// The page of a deleted account, or of a name nobody has, says 404
	// (the page itself says there is no account of that name).
	for _, path := range []string{"/u/Bob", "/u/Nobody", "/u/" + strings.Repeat("a", 70)} {
		req, _ := newGet(e, path, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound || !strings.Contains(string(body), "profile.js") {
			t.Errorf("%s: %d, want 404 with the profile page", path, resp.StatusCode)
		}
	}
}

// TestSignOutOthers: an account ends its sessions on other devices without
// changing its password; the request's own session stays; a guest cannot,
// nor a request without the CSRF token.
func TestSignOutOthers(t *testing.T) {
	e := newEnv(t, nil)
	a, code := e.register(nil, "Alice", "correct horse")
	if code != http.StatusCreated {
		t.Fatalf("register: %d", code)
	}
	b, _ := e.signIn(nil, "Alice", "correct horse")
	c, _ := e.signIn(nil, "Alice", "correct horse")
	if b == nil || c == nil {
		t.Fatal("sign-in on other devices failed")
	}
	if code := e.guest("Bob").do("POST", "/api/account/sessions/others", map[string]any{}, nil); code != http.StatusForbidden {
		t.Fatalf("a guest: %d", code)
	}
	noCSRF := *a
	noCSRF.csrf = ""
	if code := noCSRF.do("POST", "/api/account/sessions/others", map[string]any{}, nil); code != http.StatusForbidden {
		t.Fatalf("without the CSRF token: %d", code)
	}
	if !b.signedIn() || !c.signedIn() {
		t.Fatal("a refused request signed a device out")
	}
	var out struct {
		Ended int `json:"ended"`
	}
	if code := a.do("POST", "/api/account/sessions/others", map[string]any{}, &out); code != http.StatusOK || out.Ended != 2 {
		t.Fatalf("sign out the others: %d %+v", code, out)
	}
	if !a.signedIn() || b.signedIn() || c.signedIn() {
		t.Fatalf("after signing the others out: this device %v, the others %v %v", a.signedIn(), b.signedIn(), c.signedIn())
	}
	if _, code := e.signIn(nil, "Alice", "correct horse"); code != http.StatusOK {
		t.Fatalf("the password changed: %d", code)
	}
}

// TestAccountLang: an account's language, chosen on one device, is what
// /api/me gives its other devices; a guest has none to keep, and a language
// the site does not have is refused.
func TestAccountLang(t *testing.T) {
	e := newEnv(t, nil)
	guest := e.guest("Visitor")
	if code := guest.do("POST", "/api/account/lang", map[string]string{"lang": "fr"}, nil); code != http.StatusForbidden {
		t.Fatalf("a guest's language: %d, want 403", code)
	}
	irene, _ := e.register(nil, "Irene", "correct horse")
	var m meOut
	if irene.do("GET", "/api/me", nil, &m); m.Lang != "en" {
		t.Fatalf("a new account's language %q, want the default, en", m.Lang)
	}
	// Registered from a French page, the account is French.
	_, code, fr, cookie := (&user{e: e}).rawPost("/api/account/register", map[string]string{"name": "Gaston", "password": "correct horse", "lang": "fr"})
	if code != http.StatusCreated {
		t.Fatalf("register with fr: %d", code)
	}
	gaston := &user{e: e, name: fr.Name, cookie: cookie, csrf: fr.CSRF, id: fr.ID}
	if gaston.do("GET", "/api/me", nil, &m); m.Lang != "fr" {
		t.Fatalf("the account registered from a French page: %q, want fr", m.Lang)
	}
	if code := irene.do("POST", "/api/account/lang", map[string]string{"lang": "de"}, nil); code != http.StatusBadRequest {
		t.Fatalf("an unknown language: %d, want 400", code)
	}
	if code := irene.do("POST", "/api/account/lang", map[string]string{"lang": "nl"}, nil); code != http.StatusNoContent {
		t.Fatalf("choose nl: %d", code)
	}
	if irene.do("GET", "/api/me", nil, &m); m.Lang != "nl" {
		t.Fatalf("the account's language %q, want nl", m.Lang)
	}
}

// TestGuestNameIsNotAnAccounts: a guest may not take an account's name, nor
// one that reads like it (a player back on a new device who types their
// account's name in the name prompt is told to sign in, instead of becoming
// a stranger of that name without their games); the refusal names the
// account and says so in the player's language. Other names stay free.
func TestGuestNameIsNotAnAccounts(t *testing.T) {
	e := newEnv(t, nil)
	if _, code := e.register(nil, "Holmes221", "correct horse"); code != http.StatusCreated {
		t.Fatal(code)
	}
	for _, n := range []string{"Holmes221", "holmes221", " HOLMES221 ", "Ho1mes22l"} {
		req, _ := http.NewRequest("POST", e.url+"/api/session", strings.NewReader(fmt.Sprintf(`{"name":%q}`, n)))
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var out struct {
			Code string    `json:"code"`
			Text game.Text `json:"text"`
		}
		json.NewDecoder(resp.Body).Decode(&out)
		resp.Body.Close()
		if resp.StatusCode != http.StatusConflict || out.Code != string(CodeAccountName) || len(resp.Cookies()) != 0 {
			t.Errorf("guest %q: %d %+v, want 409 account-name and no session", n, resp.StatusCode, out)
			continue
		}
		for lang, want := range map[string]string{
			"en": "Holmes221 is the name of an account. If it is yours, sign in",
			"fr": "Holmes221 est le nom d'un compte. Si c'est le vôtre, connectez-vous",
			"nl": "Holmes221 is de naam van een account. Is het jouw account, meld je dan aan",
		} {
			if got := e.srv.texts.Render(lang, out.Text); !strings.HasPrefix(got, want) {
				t.Errorf("guest %q in %s: %q", n, lang, got)
			}
		}
	}
	for _, n := range []string{"Holmes", "Holmes 221", "Sherlock Holmes221"} {
		e.guest(n) // fails the test unless 201
	}
}
