package pocket

import (
	"testing"

	"gaslamp/game"
)

func newDoubtFor(t *testing.T, seat game.Seat, seed uint64, level string) game.Bot {
	t.Helper()
	b, err := game.NewBot("doubt", game.BotConfig{Rules: Rules{}, Seat: seat, Seed: seed, Level: level, Budget: -1})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// playDoubt plays one game of seed with the doubt bot as Jack against a
// random investigator and returns Jack's moves and the outcome.
func playDoubt(t *testing.T, seed uint64, level string) ([]game.Move, game.Outcome) {
	t.Helper()
	gs, err := Rules{}.New(game.Options{}, seed)
	if err != nil {
		t.Fatal(err)
	}
	s := gs.(*State)
	jack := newDoubtFor(t, JackSeat, seed, level)
	inv, err := game.NewBot("random", game.BotConfig{Rules: Rules{}, Seat: InvestigatorSeat, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	var moves []game.Move
	for i := 0; !s.over(); i++ {
		if i > 200 {
			t.Fatal("the game does not end")
		}
		seat := s.ToAct().First()
		legal := s.Legal(seat, nil)
		var m game.Move
		if seat == JackSeat {
			m = jack.Choose(s.View(seat), legal)
			moves = append(moves, m)
		} else {
			m = inv.Choose(s.View(seat), legal)
		}
		if !game.Contains(legal, m) {
			t.Fatalf("seat %d played %d, not a legal move", seat, m)
		}
		if err := s.Apply(seat, m, nil); err != nil {
			t.Fatal(err)
		}
	}
	return moves, s.Outcome()
}

// TestDoubtPlaysToTheEnd: the doubt bot plays legal moves as Jack to the
// end of the game, at the default share and at the extremes.
func TestDoubtPlaysToTheEnd(t *testing.T) {
	for _, level := range []string{"300", "300/0", "300/1"} {
		moves, out := playDoubt(t, 7, level)
		if !out.Over || len(moves) == 0 {
			t.Fatalf("level %s: the game did not end (%d moves of Jack)", level, len(moves))
		}
	}
}

// TestDoubtDeterministic: with no time budget one seed replays the same game.
func TestDoubtDeterministic(t *testing.T) {
	a, oa := playDoubt(t, 11, "500")
	b, ob := playDoubt(t, 11, "500")
	if len(a) != len(b) || oa.Winner != ob.Winner {
		t.Fatalf("two games of one seed differ: %d and %d moves of Jack", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("move %d differs", i)
		}
	}
}

// TestParseDoubtLevel reads the iterations and the share of a level.
func TestParseDoubtLevel(t *testing.T) {
	for _, c := range []struct {
		level string
		iters int
		share float64
	}{
		{"100000", 100000, DefaultDoubtShare},
		{"2000/0.25", 2000, 0.25},
		{"easy", 200, DefaultDoubtShare},
		{"500/2", 500, DefaultDoubtShare},
	} {
		it, sh := ParseDoubtLevel(c.level)
		if it != c.iters || sh != c.share {
			t.Errorf("%q: %d, %v; want %d, %v", c.level, it, sh, c.iters, c.share)
		}
	}
}

// TestDoubtFair: the doubt Jack chooses the same from the real world and
// from a world drawn from his own view (only the alibi pile's order drawn
// anew), at decisions throughout the game.
func TestDoubtFair(t *testing.T) {
	decisions := 0
	for seed := uint64(1); seed <= 6; seed++ {
		gs, err := Rules{}.New(game.Options{}, seed)
		if err != nil {
			t.Fatal(err)
		}
		s := gs.(*State)
		rnd := game.NewRand(seed * 17)
		for !s.over() {
			seat := s.ToAct().First()
			legal := s.Legal(seat, nil)
			if seat == JackSeat && len(legal) > 1 {
				v := s.View(seat)
				r := game.NewRand(seed * 31)
				twin, err := Rules{}.Determinize(v, &r)
				if err != nil {
					t.Fatal(err)
				}
				ma := newDoubtFor(t, seat, seed, "300").Choose(v, legal)
				mb := newDoubtFor(t, seat, seed, "300").Choose(twin.View(seat), twin.Legal(seat, nil))
				if ma != mb {
					t.Fatalf("seed %d, turn %d: chose %s in the real world, %s in the drawn one", seed, s.turn,
						Rules{}.EncodeMove(ma), Rules{}.EncodeMove(mb))
				}
				decisions++
			}
			if err := s.Apply(seat, legal[rnd.IntN(len(legal))], nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d decisions compared", decisions)
}
