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
