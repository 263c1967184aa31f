package server

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"gaslamp/game"
)

func TestLeaveSeatToBot(t *testing.T) {
	e := newEnv(t, nil)
	id, alice, bob, ca, cb := twoPlayers(e, "40")
	path := fmt.Sprintf("/api/tables/%s/seats/1/bot", id)
	if code := alice.do("POST", path, nil, nil); code != http.StatusForbidden {
		t.Fatalf("alice gave bob's seat away: %d", code)
	}
	if code := bob.do("POST", path, nil, nil); code != http.StatusOK {
		t.Fatalf("bob leaving his seat to a bot: %d", code)
	}
	var sum tableSummary
	alice.do("GET", "/api/tables/"+id, nil, &sum)
	if p := sum.Seats[1].Player; p == nil || !p.Bot {
		t.Fatalf("seat 1 after leaving it to a bot: %+v", sum.Seats[1].Player)
	}
	// The bot answers Alice's move although Bob is still connected.
	ca.move(0, 0, `{"kind":"pick","n":1}`)
	ca.update(1)
	ca.update(2)
	_ = cb
	// Bob's return (a new connection) does not take the seat back.
	cb.close()
	<-cb.done
	cb2 := e.dial(bob, id)
	cb2.hello(-1)
	cb2.next("state")
	ca.move(2, 0, `{"kind":"pick","n":1}`)
	ca.update(3)
	ca.update(4)
}

func TestLeaveSeatToBotNeedsARunningGame(t *testing.T) {
	e := newEnv(t, nil)
	alice := e.guest("Alice")
	c := alice.table("6", 0, "human", "human")
	alice.sit(c.ID, 0)
	if code := alice.do("POST", fmt.Sprintf("/api/tables/%s/seats/0/bot", c.ID), nil, nil); code != http.StatusConflict {
		t.Fatalf("leaving a seat of an open table to a bot: %d, want 409", code)
	}
}

func TestRematch(t *testing.T) {
	e := newEnv(t, nil)
	id, alice, _, ca, cb := twoPlayers(e, "2")
	if code := alice.do("POST", "/api/tables/"+id+"/rematch", nil, nil); code != http.StatusConflict {
		t.Fatalf("rematch of a running game: %d, want 409", code)
	}
	ca.move(0, 0, `{"kind":"pick","n":1}`)
	ca.update(1)
	cb.update(1)
	cb.move(1, 1, `{"kind":"pick","n":2}`)
	ca.update(2)
	deadline := time.Now().Add(5 * time.Second)
	var sum tableSummary
	for {
		alice.do("GET", "/api/tables/"+id, nil, &sum)
		if sum.Status == "finished" || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if sum.Status != "finished" {
		t.Fatalf("the game did not finish: %s", sum.Status)
	}
	// A spectator may not ask for one: it would be a table no one sits at.
	var refused httpErr
	if code := e.guest("Zed").do("POST", "/api/tables/"+id+"/rematch", nil, &refused); code != http.StatusForbidden || refused.Text.Key != "err.rematch-not-player" {
		t.Fatalf("a spectator's rematch: %d %+v, want 403", code, refused)
	}
	var res struct {
		created
		Of string `json:"rematch_of"`
	}
	if code := alice.do("POST", "/api/tables/"+id+"/rematch", nil, &res); code != http.StatusCreated {
		t.Fatalf("rematch: %d", code)
	}
	// Alice held seat 0: she is seated there again; Bob's seat has an invite.
	if res.ID == "" || res.ID == id || res.Of != id || len(res.Invites) != 1 || res.Invites["1"] == "" || res.Seat == nil || *res.Seat != 0 {
		t.Fatalf("rematch answer %+v", res)
	}
	var again tableSummary
	alice.do("GET", "/api/tables/"+res.ID, nil, &again)
	if again.Status != "open" || again.Game != sum.Game || again.Options["length"] != "2" {
		t.Fatalf("rematch table %+v, from %+v", again, sum)
	}
	if p := again.Seats[0].Player; p == nil || p.Name != "Alice" {
		t.Fatalf("alice not seated at the rematch: %+v", again.Seats[0])
	}
	alice.sit(res.ID, 0) // already hers: no error
}

func TestCreatorTakesASeat(t *testing.T) {
	e := newEnv(t, nil)
	alice := e.guest("Alice")
	var c created
	code := alice.do("POST", "/api/tables", map[string]any{"game": "srvtest", "options": map[string]string{"length": "6"},
		"seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}, "seat": 1}, &c)
	if code != http.StatusCreated {
		t.Fatalf("create with a seat: %d", code)
	}
	if c.Seat == nil || *c.Seat != 1 || len(c.Invites) != 1 || c.Invites["0"] == "" {
		t.Fatalf("answer %+v: want seat 1 and only seat 0's invite", c)
	}
	var sum tableSummary
	alice.do("GET", "/api/tables/"+c.ID, nil, &sum)
	if p := sum.Seats[1].Player; p == nil || p.Name != "Alice" || sum.Seats[0].Player != nil {
		t.Fatalf("seats after creation: %+v", sum.Seats)
	}
	// The seat holder record was made: Alice may not take the other side.
	if code := alice.do("POST", "/api/tables/"+c.ID+"/seats/0", nil, nil); code != http.StatusForbidden {
		t.Fatalf("the creator took a seat of the other side too: %d", code)
	}
	// A bot seat or a seat out of range is refused.
	for _, bad := range []any{0, 2, -1} {
		code := alice.do("POST", "/api/tables", map[string]any{"game": "srvtest",
			"seats": []map[string]string{{"kind": "bot"}, {"kind": "human"}}, "seat": bad}, nil)
		if code != http.StatusBadRequest {
			t.Fatalf("create with seat %v: %d, want 400", bad, code)
		}
	}
}

// TestRematchSwap: a rematch with the sides swapped seats the caller at the
// other side and keeps the other side's seat for the other player (nobody
// else may take it); with the same sides, each keeps their side. A bad
// choice is refused.
func TestRematchSwap(t *testing.T) {
	e := newEnv(t, nil)
	alice, bob, carol := e.guest("Alice"), e.guest("Bob"), e.guest("Carol")
	id := finishedBy(e, alice, bob, false) // alice north (0), bob south (1)
	rematch := func(body any) (created, int) {
		t.Helper()
		var res created
		code := alice.do("POST", "/api/tables/"+id+"/rematch", body, &res)
		return res, code
	}
	if _, code := rematch(map[string]string{"sides": "upside-down"}); code != http.StatusBadRequest {
		t.Fatalf("a bad choice of sides: %d, want 400", code)
	}
	for _, tc := range []struct {
		sides      string
		alice, bob int
	}{{"swap", 1, 0}, {"same", 0, 1}} {
		res, code := rematch(map[string]string{"sides": tc.sides})
		if code != http.StatusCreated || res.Seat == nil || *res.Seat != tc.alice {
			t.Fatalf("rematch %s: %d %+v, want alice at seat %d", tc.sides, code, res, tc.alice)
		}
		path := fmt.Sprintf("/api/tables/%s/seats/%d", res.ID, tc.bob)
		if code := carol.do("POST", path, nil, nil); code != http.StatusConflict {
			t.Fatalf("rematch %s: carol took bob's seat: %d", tc.sides, code)
		}
		if code := bob.do("POST", path, nil, nil); code != http.StatusOK {
			t.Fatalf("rematch %s: bob's seat %d: %d", tc.sides, tc.bob, code)
		}
		var sum tableSummary
		alice.do("GET", "/api/tables/"+res.ID, nil, &sum)
		if p := sum.Seats[tc.alice].Player; p == nil || p.Name != "Alice" {
			t.Fatalf("rematch %s: seat %d %+v", tc.sides, tc.alice, sum.Seats[tc.alice])
		}
		if p := sum.Seats[tc.bob].Player; p == nil || p.Name != "Bob" {
			t.Fatalf("rematch %s: seat %d %+v", tc.sides, tc.bob, sum.Seats[tc.bob])
		}
	}
	// No body: the same sides, as before.
	if res, code := rematch(nil); code != http.StatusCreated || res.Seat == nil || *res.Seat != 0 {
		t.Fatalf("rematch without a body: %d %+v", code, res)
	}
}

func TestRematchSeats(t *testing.T) {
	seat := func(side string) game.SeatInfo { return game.SeatInfo{ID: side, Side: side} }
	whitehall := []game.SeatInfo{seat("jack"), seat("inv"), seat("inv"), seat("inv")}
	from, ok := rematchSeats(whitehall, true)
	// Jack's player plays every investigator; the first investigator's, Jack.
	if !ok || fmt.Sprint(from) != "[1 0 0 0]" {
		t.Fatalf("whitehall swapped: %v %v", from, ok)
	}
	if from, ok := rematchSeats(whitehall, false); !ok || fmt.Sprint(from) != "[0 1 2 3]" {
		t.Fatalf("whitehall same: %v %v", from, ok)
	}
	if from, ok := rematchSeats([]game.SeatInfo{seat("a"), seat("b"), seat("a"), seat("b")}, true); !ok || fmt.Sprint(from) != "[1 0 3 2]" {
		t.Fatalf("two a two: %v %v", from, ok)
	}
	// Jekyll: both seats of one side; no swap.
	if _, ok := rematchSeats([]game.SeatInfo{seat("players"), seat("players")}, true); ok {
		t.Fatal("swapped a game of one side")
	}
}
