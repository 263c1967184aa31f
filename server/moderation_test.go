package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"gaslamp/internal/testscale"
	"gaslamp/store"
)

// TestBlockKeepsPlayersApart: a block (either way) keeps the blocked player
// from the blocker's tables, with its refusal; lifted, it does not.
func TestBlockKeepsPlayersApart(t *testing.T) {
	e := newEnv(t, nil)
	alice, bob, carol := e.guest("Alice"), e.guest("Bob"), e.guest("Carol")
	x := carol.table("6", 0, "human", "human")
	bob.sit(x.ID, 0)
	c := alice.table("6", 0, "human", "human")
	alice.sit(c.ID, 0)
	seat := 0
	var out relationOut
	if code := alice.do("POST", "/api/moderation/block", map[string]any{"table": x.ID, "seat": seat}, &out); code != http.StatusOK || out.Who == "" {
		t.Fatalf("block: %d %+v", code, out)
	}
	var er httpErr
	for _, target := range []map[string]any{{"table": c.ID, "seat": 0}, {"table": x.ID, "seat": 5}, {"table": x.ID, "seat": 1}, {"table": "nope", "seat": 1}, {"table": c.ID}} {
		if code := alice.do("POST", "/api/moderation/block", target, &er); code != http.StatusBadRequest {
			t.Fatalf("block %v: %d %s", target, code, er.Code)
		}
	}
	// Bob cannot sit at Alice's table, nor at a table she sits at; Carol
	// can.
	if code := bob.do("POST", "/api/tables/"+c.ID+"/seats/1", nil, &er); code != http.StatusForbidden || er.Code != CodeBlocked {
		t.Fatalf("a blocked player sits: %d %q", code, er.Code)
	}
	d := carol.table("6", 0, "human", "human")
	alice.sit(d.ID, 0)
	if code := bob.do("POST", "/api/tables/"+d.ID+"/seats/1", nil, &er); code != http.StatusForbidden || er.Code != CodeBlocked {
		t.Fatalf("a blocked player sits with the blocker: %d %q", code, er.Code)
	}
	// Nor may Alice sit at Bob's table: the block holds both ways.
	b := bob.table("6", 0, "human", "human")
	bob.sit(b.ID, 0)
	if code := alice.do("POST", "/api/tables/"+b.ID+"/seats/1", nil, &er); code != http.StatusForbidden || er.Code != CodeBlocked {
		t.Fatalf("the blocker sits with the blocked: %d %q", code, er.Code)
	}
	// Listed, then lifted by its handle.
	var list map[string][]relationOut
	if code := alice.do("GET", "/api/moderation", nil, &list); code != http.StatusOK || len(list["blocks"]) != 1 || list["blocks"][0].Name != "Bob" || list["blocks"][0].Who != out.Who {
		t.Fatalf("blocks: %d %+v", code, list)
	}
	if code := alice.do("POST", "/api/moderation/block", map[string]any{"who": out.Who, "on": false}, nil); code != http.StatusOK {
		t.Fatalf("unblock: %d", code)
	}
	bob.sit(c.ID, 1)
}

// TestMutesAreKept: an account's mutes and a guest's are kept by the server
// (by the sender's handle, which chat lines carry), listed with the blocks,
// and lifted by the handle alone; a guest's hold for its session on every
// page, another person's list is not theirs.
func TestMutesAreKept(t *testing.T) {
	e := newEnv(t, nil)
	id, alice, _, ca, cb := twoPlayers(e, "6")
	ca.send(map[string]string{"t": "chat", "text": "hello"})
	f := cb.next("chat")
	var line chatOut
	if err := json.Unmarshal(f.Raw, &line); err != nil || line.Seq != 1 || line.Who != chatHandle(alice.id) {
		t.Fatalf("chat frame %s: %v", f.Raw, err)
	}
	if strings.Contains(string(f.Raw), alice.id) {
		t.Fatalf("a chat frame names the sender's user id: %s", f.Raw)
	}
	watson := e.guest("Watson")
	var er httpErr
	if code := watson.do("POST", "/api/moderation/mute", map[string]any{"table": id, "seq": 1}, nil); code != http.StatusOK {
		t.Fatalf("a guest's mute: %d", code)
	}
	if code := watson.do("POST", "/api/moderation/block", map[string]any{"table": id, "seq": 1}, nil); code != http.StatusOK {
		t.Fatalf("a guest's block: %d", code)
	}
	var glist map[string][]relationOut
	if code := watson.do("GET", "/api/moderation", nil, &glist); code != http.StatusOK || len(glist["mutes"]) != 1 || glist["mutes"][0].Who != line.Who ||
		glist["mutes"][0].Name != "Alice" || len(glist["blocks"]) != 1 || glist["blocks"][0].Who != line.Who {
		t.Fatalf("the guest's list %d %+v", code, glist)
	}
	for _, kind := range []string{"mute", "block"} {
		if code := watson.do("POST", "/api/moderation/"+kind, map[string]any{"who": line.Who, "on": false}, nil); code != http.StatusOK {
			t.Fatalf("the guest's un%s: %d", kind, code)
		}
	}
	if watson.do("GET", "/api/moderation", nil, &glist); len(glist["mutes"]) != 0 || len(glist["blocks"]) != 0 {
		t.Fatalf("the guest's list after the undos %+v", glist)
	}
	watson.do("POST", "/api/moderation/mute", map[string]any{"table": id, "seq": 1}, nil)
	holmes, _ := e.register(nil, "Holmes", "correct horse")
	if code := holmes.do("POST", "/api/moderation/mute", map[string]any{"table": id, "seq": 2}, &er); code != http.StatusBadRequest || er.Code != CodeModerationTarget {
		t.Fatalf("mute of no line: %d %q", code, er.Code)
	}
	if code := holmes.do("POST", "/api/moderation/mute", map[string]any{"table": id, "seq": 1}, nil); code != http.StatusOK {
		t.Fatalf("mute: %d", code)
	}
	var list map[string][]relationOut
	holmes.do("GET", "/api/moderation", nil, &list)
	if len(list["mutes"]) != 1 || list["mutes"][0].Who != line.Who || list["mutes"][0].Name != "Alice" {
		t.Fatalf("mutes %+v", list)
	}
	// Holmes's unmute leaves Watson's mute as it is.
	defer func() {
		if watson.do("GET", "/api/moderation", nil, &glist); len(glist["mutes"]) != 1 {
			t.Errorf("the guest's mute after another's unmute: %+v", glist)
		}
	}()
	if code := holmes.do("POST", "/api/moderation/mute", map[string]any{"who": line.Who, "on": false}, nil); code != http.StatusOK {
		t.Fatalf("unmute: %d", code)
	}
	if code := holmes.do("POST", "/api/moderation/mute", map[string]any{"who": line.Who, "on": false}, &er); code != http.StatusBadRequest {
		t.Fatalf("unmute twice: %d", code)
	}
}

// TestReportKeepsContext: a report of a chat line keeps that line and
// those around it; a report of a player, the table's last lines; bad
// reports change nothing.
func TestReportKeepsContext(t *testing.T) {
	e := newEnv(t, nil)
	alice, bob := e.guest("Alice"), e.guest("Bob")
	c := alice.table("6", 0, "human", "human")
	alice.sit(c.ID, 0)
	bob.sit(c.ID, 1)
	now := time.Now().UTC()
	for i := 1; i <= 20; i++ {
		from, name := alice.id, "Alice"
		if i%2 == 0 {
			from, name = bob.id, "Bob"
		}
		if err := e.st.AppendChat(t.Context(), store.Chat{Table: c.ID, Seq: int64(i), UserID: from, Name: name, Seat: i % 2, Text: fmt.Sprintf("line %d", i), At: now}); err != nil {
			t.Fatal(err)
		}
	}
	var er httpErr
	if code := alice.do("POST", "/api/moderation/report", map[string]any{"table": c.ID, "seq": 10, "reason": "  rude  "}, nil); code != http.StatusCreated {
		t.Fatalf("report: %d", code)
	}
	seat := 1
	if code := alice.do("POST", "/api/moderation/report", map[string]any{"table": c.ID, "seat": seat}, nil); code != http.StatusCreated {
		t.Fatalf("report of a player: %d", code)
	}
	for _, bad := range []map[string]any{
		{"table": c.ID, "seq": 9},                                      // her own line
		{"table": c.ID, "seq": 99},                                     // no such line
		{"table": c.ID, "seq": 10, "reason": strings.Repeat("x", 501)}, // too long
		{"table": "nope", "seq": 10},                                   // no such table
	} {
		if code := alice.do("POST", "/api/moderation/report", bad, &er); code != http.StatusBadRequest {
			t.Fatalf("bad report %v: %d %q", bad, code, er.Code)
		}
	}
	reps, err := e.st.Reports(t.Context(), false)
	if err != nil || len(reps) != 2 {
		t.Fatalf("reports %+v, %v", reps, err)
	}
	// Both reports may carry the same millisecond, which orders them by
	// their random ids: find each by what it reports.
	if reps[0].ChatSeq == 0 {
		reps[0], reps[1] = reps[1], reps[0]
	}
	r := reps[0]
	if r.Reporter != alice.id || r.Reported != bob.id || r.ChatSeq != 10 || r.Reason != "rude" || r.Table != c.ID {
		t.Fatalf("report %+v", r)
	}
	var rc ReportContext
	json.Unmarshal(r.Context, &rc)
	if len(rc.Lines) != 11 || rc.Lines[0].Seq != 5 || rc.Lines[10].Seq != 15 || !rc.Lines[5].Reported || rc.Lines[5].Text != "line 10" || rc.ReportedName != "Bob" || rc.ReporterName != "Alice" {
		t.Fatalf("context %+v", rc)
	}
	json.Unmarshal(reps[1].Context, &rc)
	if reps[1].ChatSeq != 0 || len(rc.Lines) != 10 || rc.Lines[9].Seq != 20 {
		t.Fatalf("a player's report %+v %+v", reps[1], rc)
	}
}

// TestHostRemovesPlayer: before the game starts the host frees another's
// seat with a new invite (the old one stops working); nobody else may, and
// not once the game runs.
func TestHostRemovesPlayer(t *testing.T) {
	e := newEnv(t, nil)
	alice, bob, carol := e.guest("Alice"), e.guest("Bob"), e.guest("Carol")
	c := alice.table("6", 0, "human", "human") // the host need not sit
	bob.sit(c.ID, 1)
	var er httpErr
	if code := carol.do("POST", "/api/tables/"+c.ID+"/seats/1/remove", nil, &er); code != http.StatusForbidden {
		t.Fatalf("not the host: %d %q", code, er.Code)
	}
	for _, s := range []int{0, 9} {
		if code := alice.do("POST", fmt.Sprintf("/api/tables/%s/seats/%d/remove", c.ID, s), nil, &er); code != http.StatusNotFound {
			t.Fatalf("remove seat %d: %d %q", s, code, er.Code)
		}
	}
	var out struct {
		Invite string `json:"invite"`
	}
	if code := alice.do("POST", "/api/tables/"+c.ID+"/seats/1/remove", nil, &out); code != http.StatusOK || !strings.HasPrefix(out.Invite, "/join/") {
		t.Fatalf("remove: %d %+v", code, out)
	}
	rec, _ := e.st.Table(t.Context(), c.ID)
	if rec.Seats[1].UserID != "" || rec.Seats[1].InviteHash != store.Hash(strings.TrimPrefix(out.Invite, "/join/")) {
		t.Fatalf("seat after removal %+v", rec.Seats[1])
	}
	if code := bob.do("POST", "/api/join/"+c.Invites["1"], nil, &er); code != http.StatusNotFound {
		t.Fatalf("the old invite: %d %q", code, er.Code)
	}
	carol.sit(c.ID, 1)
	e.guest("Dave").sit(c.ID, 0) // the game starts
	if code := alice.do("POST", "/api/tables/"+c.ID+"/seats/1/remove", nil, &er); code != http.StatusForbidden {
		t.Fatalf("remove once started: %d %q", code, er.Code)
	}
}

// TestSuspendedAccount: a suspended account's sessions end, it cannot sign
// in or take a seat; lifted, it can.
func TestSuspendedAccount(t *testing.T) {
	clk := newClock()
	e := newEnv(t, func(c *Config) { c.Now = clk.Now })
	alice, _ := e.register(nil, "Alice", "correct horse")
	host := e.guest("Host")
	c := host.table("6", 0, "human", "human")
	ws := e.dial(alice, c.ID)
	ws.hello(-1)
	ws.next("state")
	if n := e.srv.closeRevoked(t.Context()); n != 0 {
		t.Fatalf("%d sessions ended before the suspension", n)
	}
	// The suspension is written to the store by another process (gaslamp
	// admin); this node finds the session gone and closes its WebSocket.
	if _, err := e.st.Suspend(t.Context(), alice.id, clk.Now().Add(time.Hour), "spam"); err != nil {
		t.Fatal(err)
	}
	if n := e.srv.closeRevoked(t.Context()); n != 1 {
		t.Fatalf("%d sessions ended by the suspension, want 1", n)
	}
	select {
	case <-ws.done:
	case <-time.After(testscale.Timeout(10 * time.Second)):
		t.Fatal("the suspended account's WebSocket is still open")
	}
	if alice.signedIn() {
		t.Fatal("a suspended account's session still works")
	}
	again, code := e.signIn(nil, "Alice", "correct horse")
	if code != http.StatusForbidden {
		t.Fatalf("a suspended account signs in: %d", code)
	}
	// A session from before (another node's, say) cannot take seats.
	sess := store.Session{TokenHash: store.Hash("tok"), UserID: alice.id, CSRF: "c", Created: clk.Now()}
	e.st.CreateSession(t.Context(), sess)
	old := &user{e: e, cookie: "tok", csrf: "c", id: alice.id}
	var er httpErr
	if code := old.do("POST", "/api/tables/"+c.ID+"/seats/0", nil, &er); code != http.StatusForbidden || er.Code != CodeSuspended {
		t.Fatalf("a suspended account sits: %d %q", code, er.Code)
	}
	clk.advance(time.Hour + time.Second)
	if again, code = e.signIn(nil, "Alice", "correct horse"); code != http.StatusOK {
		t.Fatalf("sign-in after the suspension: %d", code)
	}
	again.sit(c.ID, 0)
}
