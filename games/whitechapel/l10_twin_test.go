package whitechapel

import (
	"bytes"
	"encoding/json"
	"testing"

	"gaslamp/game"
)

// TestL10PlacementOrderIsSecret plays night 1's placement in two worlds that
// differ only in Jack's secrets: the order in which he lays the same eight
// circles and which of them are marked. Every policeman's and a spectator's
// view (as JSON) and events must be the same bytes in both after every move
// (RULINGS L10: the placement becomes public only as a whole).
func TestL10PlacementOrderIsSecret(t *testing.T) {
	circles := []int{3, 21, 27, 65, 84, 147, 149, 158}
	a := newGame(t, nil, 4)
	b := newGame(t, nil, 4)
	// a: the marked first, in circle order; b: reversed, the marked last.
	for i := range circles {
		ma := Woman(circles[i], i < 5)
		mb := Woman(circles[len(circles)-1-i], i >= 3)
		la, lb := must(t, a, 0, ma), must(t, b, 0, mb)
		for seat := game.Spectator; seat < game.Seat(numPolice+1); seat++ {
			if seat == 0 {
				continue
			}
			va, _ := json.Marshal(a.View(seat))
			vb, _ := json.Marshal(b.View(seat))
			if !bytes.Equal(va, vb) {
				t.Fatalf("token %d, seat %d: views differ:\n%s\n%s", i+1, seat, va, vb)
			}
			ea, _ := json.Marshal(la.For(seat))
			eb, _ := json.Marshal(lb.For(seat))
			if !bytes.Equal(ea, eb) {
				t.Fatalf("token %d, seat %d: events differ:\n%s\n%s", i+1, seat, ea, eb)
			}
		}
	}
	if a.c.Phase != phPatrol {
		t.Fatalf("phase %s after the placement", phaseIDs[a.c.Phase])
	}
}

// TestL10ReplayShowsPlacementOnlyAsAWhole checks RULINGS L10 on the replay
// path: two game records that differ only in the order in which Jack lays the
// same women (the same ones marked) are replayed with game.Replay, as the
// server's replay and `gaslamp replay` do, and played on to the end with the
// same moves. After every move the spectator's and every policeman's views
// are the same bytes in both; from the night's last token on, Jack's are too,
// and so is every view of the finished game: no frame of a replay but Jack's
// own, while he lays the tokens, shows the order.
func TestL10ReplayShowsPlacementOnlyAsAWhole(t *testing.T) {
	circles := []int{3, 21, 27, 65, 84, 147, 149, 158}
	r := Rules{}
	enc := func(seat game.Seat, m game.Move) game.RecordedMove {
		return game.RecordedMove{Seat: seat, Move: r.EncodeMove(m)}
	}
	// The deduction is off: it is computed from the public record of the
	// hunt, which holds no woman token, and costs much in a random game.
	a := game.Record{Game: "whitechapel", Seed: 3, Options: game.Options{OptDeduction: "off"},
		Moves: []game.RecordedMove{enc(0, Hideout(4))}}
	b := a
	b.Moves = append([]game.RecordedMove(nil), a.Moves...)
	for i := range circles {
		a.Moves = append(a.Moves, enc(0, Woman(circles[i], i < 5)))
		b.Moves = append(b.Moves, enc(0, Woman(circles[len(circles)-1-i], i >= 3)))
	}
	placed := len(a.Moves)
	// Play world a on at random to the end; b gets the same moves.
	st, err := game.Replay(a, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := game.NewRand(11)
	for n := 0; n < 5000 && !st.Outcome().Over; n++ {
		seat := st.ToAct().First()
		legal := st.Legal(seat, nil)
		m := legal[rng.IntN(len(legal))]
		if err := st.Apply(seat, m, nil); err != nil {
			t.Fatal(err)
		}
		a.Moves = append(a.Moves, enc(seat, m))
		b.Moves = append(b.Moves, enc(seat, m))
	}
	if !st.Outcome().Over {
		t.Fatal("the game did not end")
	}
	views := func(rec game.Record) [][]byte {
		var out [][]byte
		frame := func(s game.State) {
			var f []byte
			for seat := game.Spectator; seat <= numPolice; seat++ {
				data, _ := json.Marshal(s.View(seat))
				f = append(append(f, data...), '\n')
			}
			out = append(out, f)
		}
		if _, err := game.Replay(rec, func(_ int, s game.State, _ *game.Log) { frame(s) }); err != nil {
			t.Fatal(err)
		}
		return out
	}
	va, vb := views(a), views(b)
	if len(va) != len(vb) {
		t.Fatalf("%d and %d frames", len(va), len(vb))
	}
	for i := range va {
		fa, fb := bytes.SplitN(va[i], []byte("\n"), 3), bytes.SplitN(vb[i], []byte("\n"), 3)
		// fa[0] is the spectator, fa[1] Jack, fa[2] the policemen.
		if !bytes.Equal(fa[0], fb[0]) || !bytes.Equal(fa[2], fb[2]) {
			t.Fatalf("move %d: the public or a policeman's frame differs", i+1)
		}
		if i+1 >= placed && !bytes.Equal(fa[1], fb[1]) {
			t.Fatalf("move %d: Jack's frame after the placement shows the order:\n%s\n%s", i+1, fa[1], fb[1])
		}
	}
}
