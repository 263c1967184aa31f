package security

import (
	"net/http"
	"strings"
	"testing"
)

// Hole 7: GET /join/{token} changed state without a CSRF check, so a link
// on another site seated a signed-in visitor. Opening a link now shows the
// invitation page and changes nothing; the seat is taken only by a POST
// with the session's CSRF token.
func TestJoinLinkGetChangesNothing(t *testing.T) {
	s := startSite(t, nil)
	creator, visitor := s.guest("Creator"), s.guest("Visitor")
	c := creator.mustCreate("pocket", nil, "human", "human")
	link := c.Invites["0"]
	tok := strings.TrimPrefix(link, "/join/")
	// A cross-site GET (no CSRF header, another Origin) of the link.
	req, _ := http.NewRequest("GET", s.url+link, nil)
	req.Header.Set("Origin", "https://evil.example")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	resp, err := visitor.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("the link: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if seats := creator.table(c.ID)["seats"].([]any); seats[0].(map[string]any)["player"] != nil {
		t.Fatalf("opening the link seated someone: %v", seats[0])
	}
	// What the page shows: the game, the seat and who invites.
	var info struct {
		Game, Inviter, State, Status string
		Seat                         int
	}
	if code, body := visitor.do("GET", "/api/invites/"+tok, nil, &info); code != http.StatusOK ||
		info.Game != "pocket" || info.Inviter != "Creator" || info.State != "free" || info.Seat != 0 {
		t.Fatalf("invite info: %d %s", code, body)
	}
	// The POST without the CSRF token, as a cross-site form would send it.
	if code, _ := visitor.request("POST", "/api/join/"+tok, nil, false); code != http.StatusForbidden {
		t.Fatalf("join without CSRF: %d", code)
	}
	if seats := creator.table(c.ID)["seats"].([]any); seats[0].(map[string]any)["player"] != nil {
		t.Fatalf("a join without CSRF seated someone: %v", seats[0])
	}
	if code := visitor.join(tok); code != http.StatusOK {
		t.Fatalf("join with CSRF: %d", code)
	}
}

// One side per person (must-have 2): a person who holds a seat of one side
// is never given a seat of another, by any route: the lobby's free seat, an
// invite, a transfer. A hot-seat table allows it and is marked to everyone.
func TestOneSidePerPerson(t *testing.T) {
	s := startSite(t, nil)
	alice, bob := s.guest("Alice"), s.guest("Bob")
	c := alice.mustCreate("whitehall", nil, "human", "human", "human", "human")
	tok := func(seat string) string { return strings.TrimPrefix(c.Invites[seat], "/join/") }
	if code := alice.join(tok("1")); code != http.StatusOK {
		t.Fatalf("alice takes an investigator: %d", code)
	}
	// Another investigator is the same side: allowed.
	if code := alice.sit(c.ID, 2); code != http.StatusOK {
		t.Fatalf("alice takes a second investigator: %d", code)
	}
	// Jack is not, by the free seat or by its invite.
	if code := alice.sit(c.ID, 0); code != http.StatusForbidden {
		t.Fatalf("alice took Jack's free seat: %d", code)
	}
	if code := alice.join(tok("0")); code != http.StatusForbidden {
		t.Fatalf("alice took Jack's seat by its invite: %d", code)
	}
	// Leaving her seats does not make her a new person: she has seen the
	// investigators' view.
	for _, seat := range []string{"1", "2"} {
		if code, body := alice.do("DELETE", "/api/tables/"+c.ID+"/seats/"+seat, nil, nil); code != http.StatusOK {
			t.Fatalf("alice leaves %s: %d %s", seat, code, body)
		}
	}
	if code := alice.join(tok("0")); code != http.StatusForbidden {
		t.Fatalf("alice took Jack after leaving the investigators: %d", code)
	}
	// A transfer to a person of the other side is refused, and the link
	// still works for someone allowed.
	if code := bob.join(tok("0")); code != http.StatusOK {
		t.Fatalf("bob takes Jack: %d", code)
	}
	var tr struct{ Token string }
	if code, body := bob.do("POST", "/api/tables/"+c.ID+"/seats/0/transfer", nil, &tr); code != http.StatusOK {
		t.Fatalf("transfer: %d %s", code, body)
	}
	if code := alice.join(tr.Token); code != http.StatusForbidden {
		t.Fatalf("a transfer gave Jack to an investigator: %d", code)
	}
	phone := s.guest("Bob")
	if code := phone.join(tr.Token); code != http.StatusOK {
		t.Fatalf("the refused transfer link no longer works: %d", code)
	}
	// Jekyll & Hyde: both seats are one side, but the hands are private.
	j := alice.mustCreate("jekyll", nil, "human", "human")
	if code := alice.sit(j.ID, 0); code != http.StatusOK {
		t.Fatalf("jekyll seat: %d", code)
	}
	if code := alice.sit(j.ID, 1); code != http.StatusForbidden {
		t.Fatalf("one person holds both Jekyll hands: %d", code)
	}
}

// A hot-seat / teaching table lets one person play every seat, and says so
// in the lobby and on the table.
func TestHotseatTableIsMarked(t *testing.T) {
	s := startSite(t, nil)
	alice := s.guest("Alice")
	c := alice.mustCreate("pocket", map[string]any{"hotseat": true}, "human", "human")
	if alice.sit(c.ID, 0) != http.StatusOK || alice.sit(c.ID, 1) != http.StatusOK {
		t.Fatal("a hot-seat table refused its player a second side")
	}
	if h := alice.table(c.ID)["hotseat"]; h != true {
		t.Fatalf("the table does not say it is hot-seat: %v", h)
	}
	var list []map[string]any
	if code, _ := s.guest("Eve").do("GET", "/api/tables?status=running", nil, &list); code != http.StatusOK {
		t.Fatalf("lobby %d", code)
	}
	found := false
	for _, tb := range list {
		if tb["id"] == c.ID {
			found = tb["hotseat"] == true
		}
	}
	if !found {
		t.Fatalf("the lobby does not mark the hot-seat table: %v", list)
	}
	// An ordinary table says it is not.
	o := alice.mustCreate("pocket", nil, "human", "human")
	if h := alice.table(o.ID)["hotseat"]; h != false {
		t.Fatalf("an ordinary table's hotseat: %v", h)
	}
}

// Must-have 1: once claimed, an invite brings the seat back only to its
// owner. A seat its player left mid-game is not for the next holder of the
// link.
func TestLeftSeatComesBackOnlyToItsOwner(t *testing.T) {
	s := startSite(t, nil)
	alice, bob, mallory := s.guest("Alice"), s.guest("Bob"), s.guest("Mallory")
	c := alice.mustCreate("pocket", nil, "human", "human")
	tok := func(seat string) string { return strings.TrimPrefix(c.Invites[seat], "/join/") }
	if alice.join(tok("0")) != http.StatusOK || bob.join(tok("1")) != http.StatusOK {
		t.Fatal("seats")
	}
	if code, body := bob.do("DELETE", "/api/tables/"+c.ID+"/seats/1", nil, nil); code != http.StatusOK {
		t.Fatalf("bob leaves: %d %s", code, body)
	}
	if code := mallory.join(tok("1")); code == http.StatusOK {
		t.Fatal("a stranger with the link took the seat its player left mid-game")
	}
	if code := bob.join(tok("1")); code != http.StatusOK {
		t.Fatalf("the invite does not bring the seat back to its owner: %d", code)
	}
}
