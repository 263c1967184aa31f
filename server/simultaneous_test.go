package server

import (
	"encoding/json"
	"net/http"
	"testing"
)

// TestSimultaneousMoveIsNotStale: where several seats act at once (Jekyll
// & Hyde's partners getting ready, then giving cards to the City), a move a
// player chose before the partner's move reached them is played, not
// refused as stale, since the moves it was offered are unchanged and it has
// not moved since; a move older than the player's own last one is still
// refused as stale.
func TestSimultaneousMoveIsNotStale(t *testing.T) {
	e := newEnv(t, nil)
	alice, bob := e.guest("Alice"), e.guest("Bob")
	var c created
	if code := alice.do("POST", "/api/tables", map[string]any{"game": "jekyll", "options": map[string]string{"chapter": "4"},
		"seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}}, &c); code != http.StatusCreated {
		t.Fatalf("create: %d", code)
	}
	alice.sit(c.ID, 0)
	bob.sit(c.ID, 1)
	ca, cb := e.dial(alice, c.ID), e.dial(bob, c.ID)
	ca.hello(-1)
	cb.hello(-1)
	sa, sb := ca.next("state"), cb.next("state")
	v := sa.V
	legal := map[string][]json.RawMessage{"0": sa.Legal["0"], "1": sb.Legal["1"]}
	// step: Bob moves first at v; then Alice, still holding v's frame,
	// plays one of what v offered her, and it is acknowledged.
	step := func(what string) {
		t.Helper()
		if len(legal["0"]) == 0 || len(legal["1"]) == 0 {
			t.Fatalf("%s: both seats should act at version %d: %v", what, v, legal)
		}
		cb.move(v, 1, string(legal["1"][0]))
		cb.next("ack")
		ca.update(v + 1) // Alice's page now holds v+1, but she clicked on v
		ca.move(v, 0, string(legal["0"][0]))
		// The mover's update comes before its ack.
		ua := ca.nextOf("update", "error")
		if ua.T != "update" || ua.V != v+2 {
			t.Fatalf("%s: Alice's move chosen at %d answered %s %q (version %d), want the update of %d", what, v, ua.T, ua.Code, ua.V, v+2)
		}
		if f := ca.nextOf("ack", "error"); f.T != "ack" || f.V != v+2 {
			t.Fatalf("%s: Alice's move chosen at %d answered %s %q (version %d), want its ack at %d", what, v, f.T, f.Code, f.V, v+2)
		}
		ub := cb.update(v + 2)
		v, legal = ua.V, map[string][]json.RawMessage{"0": ua.Legal["0"], "1": ub.Legal["1"]}
	}
	step("getting ready")
	step("giving cards")
	// Alice gives at v, then sends another card chosen at v: she has moved
	// since, so that one is stale.
	if len(legal["0"]) < 2 {
		t.Fatalf("Alice should have cards to give: %v", legal)
	}
	ca.move(v, 0, string(legal["0"][0]))
	ca.next("ack")
	ca.move(v, 0, string(legal["0"][1]))
	if f := ca.nextOf("ack", "error"); f.T != "error" || f.Code != "stale-move" {
		t.Fatalf("a move older than Alice's own last one answered %s %q, want stale-move", f.T, f.Code)
	}
}
