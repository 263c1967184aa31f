package server

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// leaks returns the first frame before the game's end that holds one of
// words, or nil.
func leaks(frames [][]byte, words ...string) []byte {
	for _, f := range frames {
		if strings.Contains(string(f), `"over":true`) {
			return nil // the end: every view is public
		}
		for _, w := range words {
			if strings.Contains(string(f), w) {
				return f
			}
		}
	}
	return nil
}

// TestSecrecyEveryFrame plays a whole game with peeks (which emit private
// events) and checks that no frame any connection received before the end
// holds a secret its seats may not know: the players, a signed-in spectator,
// an anonymous spectator, and a person holding both seats of another table
// (who sees both, each event once).
func TestSecrecyEveryFrame(t *testing.T) {
	e := newEnv(t, nil)
	id, _, carol, ca, cb := twoPlayers(e, "40")
	_ = carol
	watcher := e.guest("Watcher")
	cw := e.dial(watcher, id)
	cw.hello(-1)
	cw.next("state")
	anon := e.dial(nil, id)
	anon.hello(-1)
	anon.next("state")
	sec := e.secrets(id)

	clients := []*client{ca, cb}
	for v := int64(0); v < 40; v++ {
		c := clients[v%2]
		mv := `{"kind":"peek"}`
		if v%3 == 1 {
			mv = fmt.Sprintf(`{"kind":"pick","n":%d}`, 1+v%3)
		}
		c.move(v, int(v%2), mv)
		c.update(v + 1)
		// Half-way, a late spectator joins and receives a full state.
		if v == 20 {
			late := e.dial(nil, id)
			late.hello(-1)
			st := late.next("state")
			if leak := leaks([][]byte{st.Raw}, sec[0], sec[1]); leak != nil {
				t.Fatalf("late spectator's state leaks: %s", leak)
			}
			late.close()
		}
	}
	for _, c := range []*client{ca, cw, anon} {
		f := c.update(40)
		if f.Outcome == nil || !f.Outcome.Over {
			t.Fatalf("game not over: %s", f.Raw)
		}
	}
	if leak := leaks(ca.frames(), sec[1]); leak != nil {
		t.Fatalf("north saw south's secret: %s", leak)
	}
	if leak := leaks(cb.frames(), sec[0]); leak != nil {
		t.Fatalf("south saw north's secret: %s", leak)
	}
	for _, c := range []*client{cw, anon} {
		if leak := leaks(c.frames(), sec[0], sec[1]); leak != nil {
			t.Fatalf("spectator saw a secret: %s", leak)
		}
	}
	// Each player did see their own secret (peek events and views).
	if leaks(ca.frames(), sec[0]) == nil || leaks(cb.frames(), sec[1]) == nil {
		t.Fatal("players never saw their own secrets")
	}
	// Once over, views are full and the table is public with its record.
	late := e.dial(nil, id)
	late.hello(-1)
	st := late.next("state")
	if !strings.Contains(string(st.Raw), sec[0]) || !strings.Contains(string(st.Raw), sec[1]) || !strings.Contains(string(st.Raw), `"record"`) {
		t.Fatalf("finished table not public: %s", st.Raw)
	}
}

func TestOnePersonTwoSeats(t *testing.T) {
	e := newEnv(t, nil)
	both := e.guest("Both")
	c := both.hotseat("6", 0, "human", "human")
	both.sit(c.ID, 0)
	both.sit(c.ID, 1)
	cc := e.dial(both, c.ID)
	cc.hello(-1)
	st := cc.next("state")
	if len(st.You) != 2 || len(st.Views) != 2 {
		t.Fatalf("state %s", st.Raw)
	}
	sec := e.secrets(c.ID)
	if !strings.Contains(string(st.Raw), sec[0]) || !strings.Contains(string(st.Raw), sec[1]) {
		t.Fatal("holder of both seats must see both views")
	}
	// A peek makes two events (one for the peeker, one for the others): the
	// holder of both seats sees each once.
	cc.move(0, 0, `{"kind":"peek"}`)
	u := cc.update(1)
	if len(u.Events) != 2 {
		t.Fatalf("events %s", u.Raw)
	}
	types := map[string]int{}
	for _, ev := range u.Events {
		var x struct{ Type string }
		json.Unmarshal(ev, &x)
		types[x.Type]++
	}
	if types["srvtest.peeked"] != 1 || types["srvtest.peek"] != 1 {
		t.Fatalf("events %v", types)
	}
	if _, ok := u.Legal["1"]; !ok {
		t.Fatalf("seat 1 to act: %s", u.Raw)
	}
}

// TestErrorsCarryNoDetail checks that a refusal sends only code and text.
func TestErrorsCarryNoDetail(t *testing.T) {
	e := newEnv(t, nil)
	_, _, _, ca, _ := twoPlayers(e, "6")
	ca.sendRaw(`{"t":"move","id":"x","v":0,"seat":0,"move":"peek"}`)
	f := ca.next("error")
	var m map[string]any
	json.Unmarshal(f.Raw, &m)
	for k := range m {
		if k != "t" && k != "id" && k != "code" && k != "text" && k != "v" {
			t.Fatalf("error frame has field %q: %s", k, f.Raw)
		}
	}
	if strings.Contains(string(f.Raw), "not a JSON object") {
		t.Fatalf("detail leaked: %s", f.Raw)
	}
}

func TestReconnectGetsMissedUpdates(t *testing.T) {
	e := newEnv(t, nil)
	id, alice, _, ca, cb := twoPlayers(e, "10")
	// Alice has a second connection (another tab) that drops at version 1.
	tab := e.dial(alice, id)
	tab.hello(-1)
	tab.next("state")
	ca.move(0, 0, `{"kind":"pick","n":1}`)
	tab.update(1)
	tab.close()
	<-tab.done
	// The game goes on without it: versions 2, 3, 4.
	cb.move(1, 1, `{"kind":"pick","n":2}`)
	ca.update(2)
	ca.move(2, 0, `{"kind":"peek"}`)
	cb.update(3)
	cb.move(3, 1, `{"kind":"pick","n":3}`)
	ca.update(4)
	// The tab comes back holding version 1: it gets exactly 2, 3 and 4.
	back := e.dial(alice, id)
	back.hello(1)
	var got []int64
	for len(got) < 3 {
		f := back.next("update")
		got = append(got, f.V)
		if f.V < 4 && f.Views != nil {
			t.Fatalf("catch-up update %d carries views", f.V)
		}
		if f.V == 4 && (f.Views["0"] == nil || len(f.Legal["0"]) == 0) {
			t.Fatalf("last update lacks views or legal: %s", f.Raw)
		}
	}
	if fmt.Sprint(got) != "[2 3 4]" {
		t.Fatalf("missed updates %v", got)
	}
	back.quiet("update", 50*time.Millisecond)
	// Alice's peek at version 3 was private to her: the tab got it.
	// And it continues from there.
	back.move(4, 0, `{"kind":"pick","n":1}`)
	back.update(5)
	back.next("ack")
	// A hello with a version from the future, or -1, gets a full state.
	again := e.dial(alice, id)
	again.hello(99)
	if st := again.next("state"); st.V != 5 {
		t.Fatalf("state v=%d", st.V)
	}
	// A hello at the current version gets nothing but presence.
	now := e.dial(alice, id)
	now.hello(5)
	now.next("presence")
	now.quiet("update", 50*time.Millisecond)
}
