package server

import (
	"slices"
	"strconv"
	"testing"

	"gaslamp/game"
)

// TestTutorialWhitehallScript replays the Whitehall Mystery tutorial script
// through the real rules: every move is legal for the seat that acts, the
// player (the three investigators, seats 1-3) decides 17 times, and the
// last move, blue's arrest on 139, wins the game for the investigators.
func TestTutorialWhitehallScript(t *testing.T) {
	sc := whitehallTutorial
	rules, err := game.Lookup(sc.game)
	if err != nil {
		t.Fatal(err)
	}
	st, err := rules.New(game.Options{}, sc.seed)
	if err != nil {
		t.Fatal(err)
	}
	played := 0
	for step, raw := range sc.moves {
		if st.Outcome().Over {
			t.Fatalf("the game ended before step %d", step)
		}
		mv, err := rules.DecodeMove(raw)
		if err != nil {
			t.Fatalf("step %d (%s): %v", step, raw, err)
		}
		seat := st.ToAct().First()
		if !game.Contains(st.Legal(seat, nil), mv) {
			t.Fatalf("step %d (%s) is not legal for seat %d", step, raw, seat)
		}
		if err := st.Apply(seat, mv, nil); err != nil {
			t.Fatalf("step %d refused: %v", step, err)
		}
		if slices.Contains(sc.seats, seat) {
			played++
		}
	}
	if o := st.Outcome(); !o.Over || o.Winner != "investigators" {
		t.Fatalf("the script ends with outcome %+v, want an investigators' win", o)
	}
	if played != 17 {
		t.Fatalf("the player decides %d times, want 17", played)
	}
}

// TestTutorialTableWhitehall plays the Whitehall Mystery tutorial through
// the server as its player, who holds the three investigators: while Jack
// plays his steps no investigator is offered anything, at each of the
// player's steps the scripted move is the only one offered, and to the
// step's figure only, a move off the script is refused, and the arrest wins
// for the investigators.
func TestTutorialTableWhitehall(t *testing.T) {
	e := newEnv(t, nil)
	defer e.close()
	u := e.guest("pupil")
	var out created
	if code := u.do("POST", "/api/tutorials/whitehall", nil, &out); code != 201 || out.Seat == nil || *out.Seat != 1 {
		t.Fatalf("create tutorial: %d %+v", code, out)
	}
	c := e.dial(u, out.ID)
	defer c.close()
	c.hello(-1)
	f := c.next("state")
	rules, _ := game.Lookup("whitehall")
	tu, err := loadTutorial(rules, tutorialPrefix+"x")
	if err != nil || tu == nil {
		t.Fatalf("script not loaded: %v", err)
	}
	sc := tutorialScripts["whitehall"]
	refused, mine := false, 0
	for v := f.V; v < int64(len(sc.moves)); v = f.V {
		by := tu.by[v]
		for seat := 1; seat <= 3; seat++ {
			legal := f.Legal[strconv.Itoa(seat)]
			switch {
			case game.Seat(seat) != by && len(legal) != 0:
				t.Fatalf("step %d is seat %d's, seat %d is offered %s", v, by, seat, legal)
			case game.Seat(seat) == by && (len(legal) != 1 || string(legal[0]) != string(sc.moves[v])):
				t.Fatalf("step %d: legal %s, want only %s", v, legal, sc.moves[v])
			}
		}
		if by != 0 && !refused {
			// Another starting crossing, free and legal in the rules, is
			// refused.
			id := c.move(v, int(by), `{"kind":"place","at":"JC"}`)
			if ef := c.next("error"); ef.ID != id || ef.Text.Key != "err.tutorial-step" {
				t.Fatalf("off-script move: %s", ef.Raw)
			}
			if got, _ := e.tableState(out.ID); got != v {
				t.Fatalf("off-script move changed the table: version %d, want %d", got, v)
			}
			refused = true
		}
		if by != 0 {
			c.move(v, int(by), string(sc.moves[v]))
			mine++
		}
		f = c.update(v + 1)
	}
	if !refused || mine != 17 {
		t.Fatalf("refused an off-script move: %v; player moves %d, want 17", refused, mine)
	}
	if f.Outcome == nil || !f.Outcome.Over || f.Outcome.Winner != "investigators" {
		t.Fatalf("tutorial end: outcome %+v", f.Outcome)
	}
}
