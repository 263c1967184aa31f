package server

import (
	"context"
	"net/http"
	"testing"

	"gaslamp/store"
)

// TestAbandonRatedLoses: at a rated table, a player away past the takeover
// limit loses the game (no bot finishes it for them). The loss is stored as
// a resignation with the reason "abandoned", shown with its own reason, in
// the archive, and rated once, a restart included.
func TestAbandonRatedLoses(t *testing.T) {
	dir := t.TempDir()
	e := startEnv(t, dir, nil)
	alice, _ := e.register(nil, "Alice", "correct horse")
	bob, _ := e.register(nil, "Bob", "correct horse")
	var c created
	if code := alice.do("POST", "/api/tables", map[string]any{"game": "srvtest", "options": map[string]string{"length": "40"},
		"seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}, "rated": true, "takeover_seconds": 1}, &c); code != http.StatusCreated {
		t.Fatalf("create rated: %d", code)
	}
	// Both are connected before the game starts, so that the limit runs
	// only once Bob leaves; each side moves once (a game resigned or left
	// before that is not rated: TestResignIsARatedLoss).
	alice.sit(c.ID, 0)
	ca, cb := e.dial(alice, c.ID), e.dial(bob, c.ID)
	ca.hello(-1)
	cb.hello(-1)
	ca.next("state")
	cb.next("state")
	bob.sit(c.ID, 1)
	ca.move(0, 0, `{"kind":"pick","n":1}`)
	cb.update(1)
	cb.move(1, 1, `{"kind":"pick","n":1}`)
	ca.update(2)
	ca.move(2, 0, `{"kind":"pick","n":1}`)
	cb.update(3)
	// Bob leaves at his turn; past the limit he loses, and no bot plays
	// for him.
	cb.close()
	<-cb.done
	st := ca.next("state")
	if o := st.Outcome; o == nil || !o.Over || o.Winner != "north" || o.Reason.Key != "web.outcome.abandoned" {
		t.Fatalf("alice's state after bob's absence: outcome %+v", st.Outcome)
	}
	if st.V != 3 {
		t.Fatalf("a move was played for the absent player: version %d, want 3", st.V)
	}
	f := waitFinish(e, c.ID)
	if f.Ended != store.EndAbandoned || f.Winner != "north" {
		t.Fatalf("finish %+v", f)
	}
	if ids, _, _ := archive(e, alice, "outcome=abandoned"); len(ids) != 1 || ids[0] != c.ID {
		t.Fatalf("archive of abandoned games: %v", ids)
	}
	check := func(e *env) {
		t.Helper()
		ctx := context.Background()
		eventually(t, "ratings stored", func() bool {
			r, _ := e.st.RatingsOf(ctx, bob.id)
			return len(r) == 1
		})
		for _, u := range []*user{alice, bob} {
			r, err := e.st.RatingsOf(ctx, u.id)
			if err != nil || len(r) != 1 || r[0].Games != 1 || (r[0].Wins == 1) != (u == alice) {
				t.Fatalf("%s's ratings %+v, %v", u.name, r, err)
			}
			res, err := e.st.ResultsOf(ctx, u.id, 10)
			if err != nil || len(res) != 1 || !res[0].Rated || res[0].Won != (u == alice) {
				t.Fatalf("%s's results %+v, %v", u.name, res, err)
			}
			h, err := e.st.RatingHistory(ctx, u.id, "srvtest", r[0].Side, 10)
			if err != nil || len(h) != 1 {
				t.Fatalf("%s's rating history %+v, %v: rated more than once", u.name, h, err)
			}
		}
	}
	check(e)
	ca.close()
	e.close()
	e2 := startEnv(t, dir, nil)
	alice.e = e2
	var sum tableSummary
	alice.do("GET", "/api/tables/"+c.ID, nil, &sum) // loads nothing: a finished table
	if sum.Finish == nil || sum.Finish.Ended != store.EndAbandoned {
		t.Fatalf("summary after a restart: finish %+v", sum.Finish)
	}
	c2 := e2.dial(alice, c.ID) // loads the table: its results are not stored again
	c2.hello(-1)
	if st := c2.next("state"); st.Outcome == nil || st.Outcome.Reason.Key != "web.outcome.abandoned" {
		t.Fatalf("state after a restart: %+v", st.Outcome)
	}
	check(e2)
}

// TestAbandonCasualBotFinishes: at a casual table, a bot takes the seat of
// a player away past the limit and finishes the game; the results of both
// people are stored (unrated), and the archive shows a game ended by its
// rules.
func TestAbandonCasualBotFinishes(t *testing.T) {
	e := newEnv(t, nil)
	alice, bob := e.guest("Alice"), e.guest("Bob")
	c := alice.table("2", 1, "human", "human")
	// Alice is connected before the game starts: a player still
	// connecting a second after the start would be taken over too (as a
	// slow run under the race detector once was).
	alice.sit(c.ID, 0)
	ca := e.dial(alice, c.ID)
	ca.hello(-1)
	ca.next("state")
	bob.sit(c.ID, 1)
	cb := e.dial(bob, c.ID)
	cb.hello(-1)
	cb.next("state")
	cb.close()
	<-cb.done
	ca.move(0, 0, `{"kind":"pick","n":1}`)
	ca.update(1)
	u := ca.update(2) // the bot's move for Bob ends the game
	if u.Outcome == nil || !u.Outcome.Over || u.Outcome.Reason.Key != "srvtest.won" {
		t.Fatalf("the last update: outcome %+v", u.Outcome)
	}
	f := waitFinish(e, c.ID)
	if f.Ended != store.EndRules {
		t.Fatalf("finish %+v", f)
	}
	ctx := context.Background()
	for _, p := range []*user{alice, bob} {
		eventually(t, p.name+"'s result", func() bool {
			res, _ := e.st.ResultsOf(ctx, p.id, 10)
			return len(res) == 1
		})
		res, _ := e.st.ResultsOf(ctx, p.id, 10)
		if res[0].Rated || res[0].Table != c.ID || res[0].Won != (res[0].Side == f.Winner) {
			t.Fatalf("%s's result %+v, finish %+v", p.name, res[0], f)
		}
	}
	if ids, _, _ := archive(e, alice, "outcome=rules&player=bob"); len(ids) != 1 || ids[0] != c.ID {
		t.Fatalf("archive: %v", ids)
	}
}
