package server

import (
	"slices"
	"testing"

	"gaslamp/game"
)

// TestTutorialWhitechapelScript replays the Whitechapel
// tutorial script through the real rules: every move is legal for the seat
// that acts, the player (Blue, seat 1) decides 17 times, and the last move,
// Blue's arrest, wins the game for the police.
func TestTutorialWhitechapelScript(t *testing.T) {
	sc := whitechapelTutorial
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
	if o := st.Outcome(); !o.Over || o.Winner != "police" {
		t.Fatalf("the script ends with outcome %+v, want a police win", o)
	}
	if played != 17 {
		t.Fatalf("the player decides %d times, want 17", played)
	}
}

// TestTutorialTableWhitechapel plays the Whitechapel tutorial through the
// server as its player, the Blue policeman: while Jack and the other
// policemen play their steps Blue is offered nothing, at each of Blue's
// steps the scripted move is the only one offered, a move off the script is
// refused, and the arrest wins for the police.
func TestTutorialTableWhitechapel(t *testing.T) {
	e := newEnv(t, nil)
	defer e.close()
	u := e.guest("pupil")
	var out created
	if code := u.do("POST", "/api/tutorials/whitechapel", nil, &out); code != 201 || out.Seat == nil || *out.Seat != 1 {
		t.Fatalf("create tutorial: %d %+v", code, out)
	}
	c := e.dial(u, out.ID)
	defer c.close()
	c.hello(-1)
	f := c.next("state")
	rules, _ := game.Lookup("whitechapel")
	tu, err := loadTutorial(rules, tutorialPrefix+"x")
	if err != nil || tu == nil {
		t.Fatalf("script not loaded: %v", err)
	}
	sc := tutorialScripts["whitechapel"]
	refused, mine := false, 0
	for v := f.V; v < int64(len(sc.moves)); v = f.V {
		by := tu.by[v]
		legal := f.Legal["1"]
		switch {
		case by != 1 && len(legal) != 0:
			t.Fatalf("step %d is seat %d's, the player is offered %s", v, by, legal)
		case by == 1 && (len(legal) != 1 || string(legal[0]) != string(sc.moves[v])):
			t.Fatalf("step %d: legal %s, want only %s", v, legal, sc.moves[v])
		}
		if by == 1 && !refused {
			// Another patrol placement, legal in the rules, is refused.
			id := c.move(v, 1, `{"kind":"patrol","at":"J107","token":"blue"}`)
			if ef := c.next("error"); ef.ID != id || ef.Text.Key != "err.tutorial-step" {
				t.Fatalf("off-script move: %s", ef.Raw)
			}
			refused = true
		}
		if by == 1 {
			c.move(v, 1, string(sc.moves[v]))
			mine++
		}
		f = c.update(v + 1)
	}
	if !refused || mine != 17 {
		t.Fatalf("refused an off-script move: %v; player moves %d, want 17", refused, mine)
	}
	if f.Outcome == nil || !f.Outcome.Over || f.Outcome.Winner != "police" {
		t.Fatalf("tutorial end: outcome %+v", f.Outcome)
	}
}
