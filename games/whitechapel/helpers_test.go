package whitechapel

import (
	"bytes"
	"errors"
	"testing"

	"gaslamp/board"
	"gaslamp/game"
)

// newGame starts a game and writes hideout as Jack's hideout: it is night 1
// and Jack places the women.
func newGame(t *testing.T, opts game.Options, hideout int) *State {
	t.Helper()
	st, err := Rules{}.New(opts, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	must(t, s, 0, Hideout(hideout))
	return s
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
	if !errors.As(err, &ge) || ge.Text.Key != key {
		t.Fatalf("%s: want refusal %s, got %v", Rules{}.EncodeMove(m), key, err)
	}
	if !bytes.Equal(before, s.Snapshot()) {
		t.Fatalf("%s: refused move changed the state", Rules{}.EncodeMove(m))
	}
	if game.Contains(s.Legal(seat, nil), m) {
		t.Fatalf("%s refused but listed by Legal", Rules{}.EncodeMove(m))
	}
}

// actor returns the seat acting now.
func actor(s *State) game.Seat { return s.ToAct().First() }

// placeWomen places the night's woman tokens: marked ones on the circles
// of marked, unmarked ones on the first free red circles.
func placeWomen(t *testing.T, s *State, marked ...int) {
	t.Helper()
	for _, c := range marked {
		must(t, s, 0, Woman(c, true))
	}
	for s.c.Phase == phWomen {
		must(t, s, 0, Woman(s.womanTargets().Next(0), s.unmarkedLeft() == 0))
	}
}

// placePatrols has the Head place the patrol tokens: token i of tokens (a
// Token per placement) on the i-th crossing of xs, or, past xs, on the
// first crossing allowed.
func placePatrols(t *testing.T, s *State, tokens []Token, xs ...int) {
	t.Helper()
	if tokens == nil {
		tokens = []Token{TokenBlue, TokenYellow, TokenBrown, TokenRed, TokenGreen, TokenFake, TokenFake}
	}
	for i := 0; s.c.Phase == phPatrol; i++ {
		x := s.patrolTargets().Next(0)
		if i < len(xs) {
			x = xs[i]
		}
		must(t, s, actor(s), Patrol(x, tokens[i]))
	}
}

// toKill plays night n's part 1 up to Jack's choice to kill: marked women on
// the circles of marked, the patrol tokens in the default order.
func toKill(t *testing.T, s *State, marked ...int) {
	t.Helper()
	placeWomen(t, s, marked...)
	placePatrols(t, s, nil)
	if s.c.Phase != phKill {
		t.Fatalf("phase %s, want kill", phaseIDs[s.c.Phase])
	}
}

// teleport starts tonight's hunt afresh with Jack on circle jack (the crime
// scene, killed at Time of the Crime time) and the policemen on the
// crossings xs (by index); it is Jack's move.
func teleport(t *testing.T, s *State, jack, time int, xs ...int) {
	t.Helper()
	c := &s.c
	n := c.Night
	c.Cur = uint8(jack)
	c.Time = uint8(time)
	c.TimeOf[n] = uint8(time)
	c.Trail[n] = [maxCells + 1]uint8{uint8(jack)}
	c.TrailSet = circleSet(jack)
	c.Cells[n], c.NMoves[n], c.NObs[n] = 0, 0, 0
	c.NScenes = sceneBase[n] + 1
	c.Scenes[sceneBase[n]] = uint8(jack)
	c.Kills = 1
	c.NPatrols, c.NWretched, c.NWomen = 0, 0, 0
	for i := range c.Police {
		c.Police[i] = uint8(xs[i])
	}
	c.Phase = phJack
	c.Actor = 0
	s.ded = nil
}

// spare returns n crossings on no walking route from or to the circles,
// not joined to them, and not in avoid.
func spare(n int, avoid board.Set, circles ...int) []int {
	tb := tbl()
	busy := avoid
	for _, c := range circles {
		busy = busy.Union(tb.b.CircleCrossings[c])
		for _, w := range tb.b.Walks[c] {
			busy = busy.Union(w.Paths[0])
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

// stayAll makes every policeman stay where he is.
func stayAll(t *testing.T, s *State) {
	t.Helper()
	for s.c.Phase == phMove {
		must(t, s, actor(s), Police(int(s.c.Police[s.actor()])))
	}
}

// passAll passes every action left this turn.
func passAll(t *testing.T, s *State) {
	t.Helper()
	for s.c.Phase == phAction || s.c.Phase == phSearch {
		if s.c.Phase == phSearch {
			must(t, s, actor(s), Stop())
		} else {
			must(t, s, actor(s), Pass())
		}
	}
}

// endTurn finishes the police's turn without moving or acting.
func endTurn(t *testing.T, s *State) {
	t.Helper()
	stayAll(t, s)
	passAll(t, s)
}

// hasEvent reports whether log holds an event with key seen by seat.
func hasEvent(log *game.Log, seat game.Seat, key string) bool {
	for _, e := range log.For(seat) {
		if e.Text.Key == key {
			return true
		}
	}
	return false
}

// singlePathWalk finds a walk whose every route passes one crossing: the
// start, the walk's target and the crossing.
func singlePathWalk(t *testing.T) (from, to, x int) {
	tb := tbl()
	for c := 1; c <= numCircles; c++ {
		for _, w := range tb.b.Walks[c] {
			if len(w.Paths) == 1 && !w.Paths[0].Empty() && !tb.red.Has(c) && !tb.red.Has(w.To) {
				return c, w.To, w.Paths[0].Next(0)
			}
		}
	}
	t.Fatal("no single-route walk on the board")
	return
}

// walkDist returns the walking distance from every circle to circle to.
func walkDist(to int) [numCircles + 1]int {
	var d [numCircles + 1]int
	for i := range d {
		d[i] = 1 << 20
	}
	d[to] = 0
	frontier := []int{to}
	for len(frontier) > 0 {
		var next []int
		for _, c := range frontier {
			w := tbl().walk[c]
			for x := w.Next(0); x >= 0; x = w.Next(x + 1) {
				if d[x] > d[c]+1 {
					d[x] = d[c] + 1
					next = append(next, x)
				}
			}
		}
		frontier = next
	}
	return d
}

// guided plays a game with a Jack who heads home (a hideout in the middle
// of the board, the victim nearest to it, walks along a shortest route, a
// coach when a walk is blocked) and random police, calling visit before
// each move with the seat to act, its legal moves and the events of the
// last move. It returns the final state and the record of the game.
func guided(seed uint64, opts game.Options, visit func(s *State, seat game.Seat, legal []game.Move, last *game.Log)) (*State, game.Record) {
	st, _ := Rules{}.New(opts, seed)
	s := st.(*State)
	rng := game.NewRand(seed)
	var dist [numCircles + 1]int
	var buf []game.Move
	var log game.Log
	rec := game.Record{Game: ID, Options: opts, Seed: seed}
	for s.c.Phase != phOver {
		seat := s.ToAct().First()
		buf = s.Legal(seat, buf[:0])
		if visit != nil {
			visit(s, seat, buf, &log)
		}
		m := buf[rng.IntN(len(buf))]
		switch s.c.Phase {
		case phHideout:
			// A central circle, not red.
			h := []int{62, 80, 96, 112, 99, 118}[rng.IntN(6)]
			if tbl().red.Has(h) {
				h++
			}
			m = Hideout(h)
			dist = walkDist(h)
		case phKill, phSecond:
			if s.c.Time < 5 && rng.IntN(3) == 0 && s.c.Phase == phKill {
				m = Wait()
				break
			}
			best := -1
			for _, x := range buf {
				if KindOf(x) == MoveKill && (best < 0 || dist[To(x)] < best) {
					best, m = dist[To(x)], x
				}
			}
		case phJack:
			best := 1 << 30
			for _, x := range buf {
				score := dist[To(x)]*4 + rng.IntN(4)
				if KindOf(x) != MoveWalk {
					score += 6
				}
				if KindOf(x) == MoveWalk && To(x) == int(s.c.Hideout) {
					score = -1
				}
				if score < best {
					best, m = score, x
				}
			}
		case phAction:
			if rng.IntN(3) != 0 {
				m = Pass()
			}
		}
		log.Reset()
		if err := s.Apply(seat, m, &log); err != nil {
			panic(err)
		}
		rec.Moves = append(rec.Moves, game.RecordedMove{Seat: seat, Move: Rules{}.EncodeMove(m)})
	}
	return s, rec
}
