package whitehall

import (
	"bytes"
	"errors"
	"testing"

	"gaslamp/board"
	"gaslamp/game"
)

// newGame sets a game up through W1-W3 with the given options: Jack's
// locations are one white circle per quadrant away from avoid (and from its
// walking neighbours), the figures go on the first three starting crossings
// and Jack starts on his bA location.
func newGame(t *testing.T, opts game.Options, avoid ...int) *State {
	t.Helper()
	st, err := Rules{}.New(opts, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	tb := tbl()
	var near board.Set
	for _, a := range avoid {
		near.Add(a)
		near = near.Union(tb.b.WalkSet[a])
	}
	for q := range quadNames {
		c := tb.quadSet[q].Minus(near).Next(0)
		must(t, s, 0, Location(c))
	}
	for i := 0; i < numFigures; i++ {
		must(t, s, game.Seat(i+1), Place(tb.b.Starts[i]))
	}
	must(t, s, 0, Reveal(int(s.c.Locs[0])))
	return s
}

// teleport starts a fresh round record with Jack on circle jack (cell 0) and
// puts the figures on the crossings labelled figs; it is Jack's move.
func teleport(t *testing.T, s *State, jack int, figs ...string) {
	t.Helper()
	c := &s.c
	r := c.Round
	c.Cur = uint8(jack)
	c.Trail[r] = [trackLen + 1]uint8{uint8(jack)}
	c.TrailSet = circleSet(jack)
	c.Cells[r], c.NMoves[r], c.NObs[r] = 0, 0, 0
	for i, l := range figs {
		x := crossingOf(l)
		if x < 0 {
			t.Fatalf("no crossing %q", l)
		}
		c.Fig[i] = uint8(x)
	}
	c.Phase = phJack
	c.Actor = 0
	s.ded = nil
}

// setFigs puts the figures on crossings by index.
func setFigs(s *State, xs ...int) {
	for i, x := range xs {
		s.c.Fig[i] = uint8(x)
	}
}

// setLocation makes circle c Jack's unreached location in its quadrant.
func setLocation(t *testing.T, s *State, c int) {
	t.Helper()
	q := tbl().quad[c]
	if q < 0 {
		t.Fatalf("circle %d is not white", c)
	}
	old := s.c.Locs[q]
	for _, r := range s.c.Order[:s.c.NReached] {
		if r == old {
			t.Fatalf("quadrant %s already reached", quadNames[q])
		}
	}
	s.c.Unreached.Remove(int(old))
	s.c.Locs[q] = uint8(c)
	s.c.Unreached.Add(c)
}

// must applies a move that must be accepted and returns its events.
func must(t *testing.T, s *State, seat game.Seat, m game.Move) *game.Log {
	t.Helper()
	var log game.Log
	if err := s.Apply(seat, m, &log); err != nil {
		t.Fatalf("%s by seat %d refused: %v", Rules{}.EncodeMove(m), seat, err)
	}
	return &log
}

// refuse checks that a move is refused with the message key and that the
// state did not change.
func refuse(t *testing.T, s *State, seat game.Seat, m game.Move, key string) {
	t.Helper()
	before := s.Snapshot()
	err := s.Apply(seat, m, nil)
	var ge *game.Error
	if !errors.As(err, &ge) {
		t.Fatalf("%s: want refusal %s, got %v", Rules{}.EncodeMove(m), key, err)
	}
	if ge.Text.Key != key {
		t.Fatalf("%s: want refusal %s, got %v", Rules{}.EncodeMove(m), key, err)
	}
	if !bytes.Equal(before, s.Snapshot()) {
		t.Fatalf("%s: refused move changed the state", Rules{}.EncodeMove(m))
	}
	if game.Contains(s.Legal(seat, nil), m) {
		t.Fatalf("%s refused but listed by Legal", Rules{}.EncodeMove(m))
	}
}

// seatOf returns the seat acting now.
func actor(s *State) game.Seat { return s.ToAct().First() }

// stayAll makes every figure stay where it is.
func stayAll(t *testing.T, s *State) {
	t.Helper()
	for s.c.Phase == phMove {
		must(t, s, actor(s), Figure(int(s.c.Fig[s.c.Actor])))
	}
}

// passAll passes the false clue and every action left this turn.
func passAll(t *testing.T, s *State) {
	t.Helper()
	for s.c.Phase == phAction || s.c.Phase == phFalseClue || s.c.Phase == phSearch {
		if s.c.Phase == phSearch {
			must(t, s, actor(s), Stop())
		} else {
			must(t, s, actor(s), Pass())
		}
	}
}

// endTurn finishes the investigators' turn without moving or acting.
func endTurn(t *testing.T, s *State) {
	t.Helper()
	stayAll(t, s)
	passAll(t, s)
}

// publicView returns the spectator's view.
func publicView(s *State) *View { return s.View(game.Spectator).(*View) }

// hasEvent reports whether log holds an event with key seen by seat.
func hasEvent(log *game.Log, seat game.Seat, key string) bool {
	for _, e := range log.For(seat) {
		if e.Text.Key == key {
			return true
		}
	}
	return false
}

// singlePathWalk finds a circle with a walk whose every route passes one
// crossing, to a non-blue circle a coach may also go through: the start, the
// walk's target, a coach's second circle after it, and the crossing.
func singlePathWalk(t *testing.T) (from, to, then, x int) {
	tb := tbl()
	for c := 1; c <= numCircles; c++ {
		for _, w := range tb.b.Walks[c] {
			if len(w.Paths) != 1 || w.Paths[0].Empty() {
				continue
			}
			for _, p := range tb.coach[c] {
				if int(p.via) == w.To {
					return c, w.To, int(p.to), w.Paths[0].Next(0)
				}
			}
		}
	}
	t.Fatal("no single-route walk on the board")
	return
}

// walkToLocation finds a walk from a circle to a white circle outside
// quadrant bA (where newGame's start lies), to make it a location.
func walkToLocation(t *testing.T) (from, to int) {
	tb := tbl()
	for c := 1; c <= numCircles; c++ {
		if tb.white.Has(c) {
			continue
		}
		for _, w := range tb.b.Walks[c] {
			if tb.quad[w.To] > 0 {
				return c, w.To
			}
		}
	}
	t.Fatal("no walk to a white circle")
	return
}

// spare returns n crossings on no walking route from or to the circles, and
// not joined to them: figures there change nothing for them.
func spare(n int, circles ...int) []int {
	tb := tbl()
	var busy board.Set
	for _, c := range circles {
		busy = busy.Union(tb.b.CircleCrossings[c])
		for _, w := range tb.b.Walks[c] {
			for _, p := range w.Paths {
				busy = busy.Union(p)
			}
		}
	}
	var out []int
	for x := 0; x < numCrossings && len(out) < n; x++ {
		if !busy.Has(x) {
			out = append(out, x)
		}
	}
	return out
}

// labels returns the labels of crossings.
func labels(xs ...int) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = label(x)
	}
	return out
}
