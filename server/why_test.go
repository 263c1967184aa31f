package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"gaslamp/game"
	_ "gaslamp/games/whitechapel" // a hidden-movement game, for the explanations
	_ "gaslamp/games/whitehall"
)

// TestWhyAnswersAndChangesNothing asks why moves are not legal: the answer
// comes as a "why" frame with the game's reason, and the table, its version
// and the move ids stay as they were.
func TestWhyAnswersAndChangesNothing(t *testing.T) {
	e := newEnv(t, nil)
	id, _, _, ca, cb := twoPlayers(e, "10")
	ask := func(c *client, raw, code, key string) frame {
		t.Helper()
		v, snap := e.tableState(id)
		c.sendRaw(raw)
		f := c.next("why")
		if f.Code != code || f.Text.Key != key {
			t.Fatalf("%s: want %s (%s), got %s (%s)", raw, code, key, f.Code, f.Text.Key)
		}
		if f.V != v {
			t.Fatalf("why carries v=%d, table at %d", f.V, v)
		}
		c.quiet("update", 50*time.Millisecond)
		e.unchanged(id, v, snap)
		return f
	}
	// It is alice's turn: an out-of-range pick, bob's seat, a seat not held,
	// an intent the game cannot read.
	if f := ask(ca, `{"t":"why","id":"w1","v":0,"seat":0,"move":{"kind":"pick","n":7}}`, "illegal-move", "srvtest.err.bad-pick"); f.ID != "w1" {
		t.Fatalf("why id %q", f.ID)
	}
	ask(cb, `{"t":"why","id":"w2","v":0,"seat":1,"move":{"kind":"pick","n":1}}`, "not-your-turn", "err.not-your-turn")
	ask(ca, `{"t":"why","id":"w3","v":0,"seat":1,"move":{"kind":"pick","n":1}}`, "unauthorized", "err.not-your-seat")
	ask(ca, `{"t":"why","id":"w4","v":0,"seat":0,"move":{"kind":"jump"}}`, "malformed-move", "err.malformed-move")
	// A why without an id or a seat is a bad message.
	refused(e, ca, id, `{"t":"why","v":0,"seat":0,"move":{"kind":"pick","n":1}}`, "bad-message")
	refused(e, ca, id, `{"t":"why","id":"w5","v":0,"move":{"kind":"pick","n":1}}`, "bad-message")
	// A question's id is no move id: a move with that id still plays.
	ca.move(0, 0, `{"kind":"pick","n":2}`)
	if u := ca.next("update"); u.V != 1 {
		t.Fatalf("update v=%d", u.V)
	}
}

// TestWhyNeverDependsOnHiddenFacts plays hidden-movement games at random and,
// whenever an investigator must act, explains a pool of moves (every move any
// seat could make so far) both in the true state and in other states the
// investigator cannot tell from it (Jack elsewhere, drawn from the
// investigator's view): the answers must be the same, word for word.
func TestWhyNeverDependsOnHiddenFacts(t *testing.T) {
	t.Parallel()
	for _, id := range []string{"whitehall", "whitechapel"} {
		t.Run(id, func(t *testing.T) {
			r, err := game.Lookup(id)
			if err != nil {
				t.Fatal(err)
			}
			seats, err := r.Seats(game.Options{})
			if err != nil {
				t.Fatal(err)
			}
			st, err := r.New(game.Options{}, 7)
			if err != nil {
				t.Fatal(err)
			}
			rng := game.NewRand(11)
			pool := map[game.Move]bool{}
			checked, specific, elsewhere := 0, 0, 0
			for step := 0; step < 400 && !st.Outcome().Over; step++ {
				for s := range seats {
					for _, m := range st.Legal(game.Seat(s), nil) {
						pool[m] = true
					}
				}
				acting := st.ToAct().Seats()
				for _, s := range acting {
					if seats[s].Side == "jack" || step%10 != 0 {
						continue
					}
					v := st.View(s)
					for k := uint64(1); k <= 2; k++ {
						alt := game.NewRand(k * 101)
						other, err := r.Determinize(v, &alt)
						if err != nil {
							t.Fatalf("step %d: determinize: %v", step, err)
						}
						if !sameView(t, v, other.View(s)) {
							t.Fatalf("step %d: the drawn state shows seat %d another view", step, s)
						}
						if !bytes.Equal(other.Snapshot(), st.Snapshot()) {
							elsewhere++
						}
						for m := range pool {
							a, b := explainMove(r, st, s, m), explainMove(r, other, s, m)
							if fmt.Sprint(a.Code, a.Text) != fmt.Sprint(b.Code, b.Text) {
								t.Fatalf("step %d, seat %d, move %s: %v in the true state, %v in one the seat cannot tell from it",
									step, s, r.EncodeMove(m), a, b)
							}
							checked++
							if a.Code == game.CodeIllegal && a.Text.Key != "err.illegal-move" {
								specific++
							}
						}
					}
				}
				if len(acting) == 0 {
					break
				}
				s := acting[rng.IntN(len(acting))]
				legal := st.Legal(s, nil)
				if err := st.Apply(s, legal[rng.IntN(len(legal))], nil); err != nil {
					t.Fatal(err)
				}
			}
			// The test means something only when it compared states that
			// differ in what the investigators cannot see, and reasons that
			// are the game's own.
			if elsewhere == 0 || specific == 0 {
				t.Fatalf("%d explanations compared, %d with the game's own reason, %d states with hidden facts changed", checked, specific, elsewhere)
			}
			t.Logf("%d explanations compared, %d with the game's own reason, %d other states", checked, specific, elsewhere)
		})
	}
}

func sameView(t *testing.T, a, b game.View) bool {
	t.Helper()
	x, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	y, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Equal(x, y)
}
