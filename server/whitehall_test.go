package server

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	_ "gaslamp/games/whitehall" // the real game, for the integration tests
	_ "gaslamp/games/whitehall/whitehallbot"
	"gaslamp/internal/testscale"
)

// playSeat plays seat with random legal moves until the game ends, reading
// every frame of c; it returns the number of moves it made.
func playSeat(t *testing.T, c *client, seat string, rng *rand.Rand, limit time.Duration) int {
	t.Helper()
	deadline := time.After(limit)
	moves := 0
	for {
		var f frame
		select {
		case f = <-c.in:
		case <-c.done:
			if len(c.in) > 0 {
				continue // frames queued before the end come first
			}
			t.Fatalf("connection ended: %v", c.err)
		case <-deadline:
			t.Fatalf("game not over after %v (%d moves of ours)", limit, moves)
		}
		switch f.T {
		case "error":
			if f.Code != "stale-move" {
				t.Fatalf("move refused: %s", f.Raw)
			}
			continue
		case "state", "update":
		default:
			continue
		}
		if f.Outcome != nil && f.Outcome.Over {
			return moves
		}
		if legal := f.Legal[seat]; len(legal) > 0 && f.Views != nil {
			mv := legal[rng.IntN(len(legal))]
			c.move(f.V, atoi(seat), string(mv))
			moves++
		}
	}
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

// jackSecrets returns what in a frame would reveal Jack's secrets to another
// seat: his private view fields or his private events.
func jackSecrets(frame []byte) string {
	for _, w := range []string{`whitehall.you-`, `whitehall.location-chosen`} {
		if strings.Contains(string(frame), w) {
			return w
		}
	}
	var f struct {
		Views map[string]map[string]json.RawMessage `json:"views"`
	}
	json.Unmarshal(frame, &f)
	for _, v := range f.Views {
		for _, k := range []string{"locations", "trail", "circle", "announce"} {
			if _, ok := v[k]; ok {
				return "view." + k
			}
		}
	}
	return ""
}

// TestWhitehallGameWithBots plays a whole Whitehall game over WebSocket: a
// person at the yellow investigator's seat, bots at Jack and the other
// investigators, and a spectator watching. No frame the person or the
// spectator receives before the end reveals Jack's trail, circle, locations
// or private events.
func TestWhitehallGameWithBots(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game")
	}
	e := newEnv(t, func(c *Config) { c.BotBudget = 300 * time.Millisecond })
	alice := e.guest("Alice")
	var c created
	if code := alice.do("POST", "/api/tables", map[string]any{"game": "whitehall",
		"seats": []map[string]string{{"kind": "bot", "bot": "random"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}}}, &c); code != 201 {
		t.Fatalf("create %d", code)
	}
	alice.sit(c.ID, 1)
	spec := e.dial(nil, c.ID)
	spec.hello(-1)
	ca := e.dial(alice, c.ID)
	ca.hello(-1)
	n := playSeat(t, ca, "1", rand.New(rand.NewPCG(1, 2)), testscale.Timeout(90*time.Second))
	if n == 0 {
		t.Fatal("the person never moved")
	}
	v, _ := e.tableState(c.ID)
	spec.update(v)
	var sawJack bool
	for name, frames := range map[string][][]byte{"investigator": ca.frames(), "spectator": spec.frames()} {
		for _, f := range frames {
			if strings.Contains(string(f), `"over":true`) {
				sawJack = sawJack || jackSecrets(f) != ""
				break
			}
			if leak := jackSecrets(f); leak != "" {
				t.Fatalf("%s received %s: %.300s", name, leak, f)
			}
		}
	}
	if !sawJack {
		t.Fatal("the final views should reveal Jack's trail")
	}
	t.Logf("game over at version %d; the person made %d moves", v, n)
}

// TestWhitehallJackSeesHisSecrets is the check's counterpart: the person at
// Jack's seat does receive his own trail.
func TestWhitehallJackSeesHisSecrets(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.BotBudget = 300 * time.Millisecond })
	alice := e.guest("Alice")
	var c created
	alice.do("POST", "/api/tables", map[string]any{"game": "whitehall",
		"seats": []map[string]string{{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}, {"kind": "bot"}}}, &c)
	alice.sit(c.ID, 0)
	ca := e.dial(alice, c.ID)
	ca.hello(-1)
	st := ca.next("state")
	if len(st.Legal["0"]) == 0 {
		t.Fatalf("Jack must choose locations first: %.300s", st.Raw)
	}
	ca.move(st.V, 0, string(st.Legal["0"][0]))
	u := ca.update(st.V + 1)
	if jackSecrets(u.Raw) == "" {
		t.Fatalf("Jack's own frame lacks his secrets: %.300s", u.Raw)
	}
}
