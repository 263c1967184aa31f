package server

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestAccountData: an account downloads what the site keeps about it: its
// settings, its tables and seats, its own chat lines (not the others'),
// whom it mutes; never its password hash, nor a running game's state; a
// guest has no account data.
func TestAccountData(t *testing.T) {
	e := newEnv(t, nil)
	id, alice, bob, ca, cb := twoPlayers(e, "6")
	acc, code := e.register(alice, "Alice", "correct horse")
	if code != http.StatusCreated {
		t.Fatalf("register: %d", code)
	}
	ca.send(map[string]any{"t": "chat", "text": "good luck, Bob"})
	ca.next("chat")
	cb.next("chat")
	cb.send(map[string]any{"t": "chat", "text": "Bob's own words"})
	ca.next("chat")
	if code := acc.do("POST", "/api/moderation/mute", map[string]any{"table": id, "seq": 2}, nil); code != http.StatusOK {
		t.Fatalf("mute: %d", code)
	}
	if code := bob.do("GET", "/api/account/data", nil, nil); code != http.StatusForbidden {
		t.Fatalf("a guest's data: %d", code)
	}
	req, _ := newGet(e, "/api/account/data", acc)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out dataOut
	raw := new(strings.Builder)
	if _, err := io.Copy(raw, resp.Body); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(raw.String()), &out); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("account data: %d %v\n%s", resp.StatusCode, err, raw)
	}
	if cd := resp.Header.Get("Content-Disposition"); cd != `attachment; filename="gaslamp-Alice.json"` {
		t.Fatalf("Content-Disposition %q", cd)
	}
	if out.Account.Name != "Alice" || len(out.Tables) != 1 || out.Tables[0].ID != id || len(out.Tables[0].Seats) != 1 || out.Tables[0].Seats[0] != 0 ||
		len(out.Chat) != 1 || out.Chat[0].Text != "good luck, Bob" || len(out.Muted) != 1 || out.Muted[0] != "Bob" {
		t.Fatalf("account data: %+v", out)
	}
	a, _ := e.srv.store.AccountByUser(t.Context(), alice.id)
	v, snap := e.tableState(id)
	for _, leak := range []string{a.Password, "Bob's own words", string(snap)} {
		if leak != "" && strings.Contains(raw.String(), leak) {
			t.Fatalf("the data holds %q (version %d)", leak, v)
		}
	}
}
