package server

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestHostReplacesAbsentPlayer: the creator may give the seat of a player
// away past the table's limit to someone new, with a new invite; the old
// link stops working; no one else may, and not before the limit.
func TestHostReplacesAbsentPlayer(t *testing.T) {
	e, clk := sessionEnv(t)
	alice, bob, carol := e.guest("Alice"), e.guest("Bob"), e.guest("Carol")
	c := alice.table("40", 60, "human", "human")
	alice.sit(c.ID, 0)
	bob.sit(c.ID, 1)
	ca, cb := e.dial(alice, c.ID), e.dial(bob, c.ID)
	ca.hello(-1)
	cb.hello(-1)
	ca.next("state")
	cb.next("state")
	replace := func(u *user) (int, map[string]any) {
		var out map[string]any
		code := u.do("POST", "/api/tables/"+c.ID+"/seats/1/replace", nil, &out)
		return code, out
	}
	if code, _ := replace(alice); code != http.StatusForbidden {
		t.Fatalf("replacing a connected player: %d", code)
	}
	cb.close()
	<-cb.done
	for { // the table has seen Bob go
		var sum tableSummary
		alice.do("GET", "/api/tables/"+c.ID, nil, &sum)
		if p := sum.Seats[1].Player; p != nil && !p.Connected {
			break
		}
		ca.next("presence")
	}
	if code, _ := replace(alice); code != http.StatusForbidden {
		t.Fatalf("replacing before the limit: %d", code)
	}
	clk.advance(61 * time.Second)
	if code, _ := replace(carol); code != http.StatusForbidden {
		t.Fatalf("a stranger replaced a player: %d", code)
	}
	if code, _ := replace(bob); code != http.StatusForbidden {
		t.Fatalf("a player replaced himself: %d", code)
	}
	code, out := replace(alice)
	link, _ := out["invite"].(string)
	if code != http.StatusOK || !strings.HasPrefix(link, "/join/") {
		t.Fatalf("replace: %d %v", code, out)
	}
	// The old link no longer opens anything; the new one seats Carol.
	if code := bob.do("POST", "/api/join/"+strings.TrimPrefix(c.Invites["1"], "/join/"), nil, nil); code != http.StatusNotFound {
		t.Fatalf("the old invite after a replacement: %d", code)
	}
	// The host holds the other side: the one-side rule holds for her too.
	var refused httpErr
	if code := alice.do("POST", "/api/join/"+strings.TrimPrefix(link, "/join/"), nil, &refused); code != http.StatusForbidden || refused.Code != CodeOtherSide {
		t.Fatalf("the host took the seat she freed: %d %+v", code, refused)
	}
	if code := carol.do("POST", "/api/join/"+strings.TrimPrefix(link, "/join/"), nil, nil); code != http.StatusOK {
		t.Fatalf("carol joins: %d", code)
	}
	var sum tableSummary
	alice.do("GET", "/api/tables/"+c.ID, nil, &sum)
	if p := sum.Seats[1].Player; p == nil || p.Name != "Carol" {
		t.Fatalf("seat 1 %+v", sum.Seats[1].Player)
	}
}
