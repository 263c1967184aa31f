package whitehall

import (
	"bytes"
	"errors"
	"testing"

	"gaslamp/game"
	"gaslamp/internal/testscale"
)

// midGames plays random games from a few seeds and calls f on every state
// reached (before each move).
func midGames(t testing.TB, seeds int, f func(s *State)) {
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		st, err := Rules{}.New(optionSets[seed%uint64(len(optionSets))], seed)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		rng := game.NewRand(seed * 31)
		var buf []game.Move
		for !s.Outcome().Over {
			f(s)
			seat := s.ToAct().First()
			buf = s.Legal(seat, buf[:0])
			if err := s.Apply(seat, buf[rng.IntN(len(buf))], nil); err != nil {
				t.Fatal(err)
			}
		}
		f(s)
	}
}

// TestLegalMovesAcceptedOthersRefused checks, on every state of a few games,
// every legal move of every seat, and every other move of every kind with
// every argument byte (plus coach routes and stray high bits): legal moves
// are accepted, the rest refused with a *game.Error and no change.
func TestLegalMovesAcceptedOthersRefused(t *testing.T) {
	seeds := testscale.Size(3, 10)
	var buf []game.Move
	midGames(t, seeds, func(s *State) {
		before := s.c
		snap := s.Snapshot()
		for seat := game.Seat(-1); seat < 4; seat++ {
			buf = s.Legal(seat, buf[:0])
			legal := map[game.Move]bool{}
			for _, m := range buf {
				if legal[m] {
					t.Fatalf("duplicate legal move %s", Rules{}.EncodeMove(m))
				}
				legal[m] = true
				c := s.Clone().(*State)
				if err := c.Apply(seat, m, nil); err != nil {
					t.Fatalf("legal %s refused: %v", Rules{}.EncodeMove(m), err)
				}
			}
			try := func(m game.Move) {
				if legal[m] {
					return
				}
				err := s.Apply(seat, m, nil)
				var ge *game.Error
				if !errors.As(err, &ge) {
					t.Fatalf("seat %d move %#x (%s): want *game.Error, got %v", seat, uint64(m), Rules{}.EncodeMove(m), err)
				}
				if s.c != before {
					t.Fatalf("refused move %#x changed the state", uint64(m))
				}
			}
			if !s.ToAct().Has(seat) {
				// Every move of a seat that need not act is refused alike.
				for _, m := range []game.Move{Pass(), Walk(1), Figure(0), game.Move(1 << 60)} {
					try(m)
				}
				continue
			}
			for k := 0; k <= numMoveKinds; k++ {
				for a := 0; a < 256; a++ {
					try(mv(MoveKind(k), a, 0))
				}
			}
			if s.c.Phase == phJack {
				for v := 0; v < 256; v += 3 {
					for a := 0; a < 256; a += 5 {
						try(mv(MoveCoach, a, v))
					}
				}
			}
			for _, m := range buf {
				try(m | 1<<40)
				try(m | 1<<24)
			}
		}
		if !bytes.Equal(snap, s.Snapshot()) {
			t.Fatal("snapshot changed by refused moves")
		}
	})
}

// TestDuplicateFreeAndSeatsWithoutTurnHaveNoMoves checks ToAct against Legal.
func TestToActMatchesLegal(t *testing.T) {
	midGames(t, 20, func(s *State) {
		for seat := game.Seat(-1); seat < 4; seat++ {
			n := len(s.Legal(seat, nil))
			if s.ToAct().Has(seat) != (n > 0) {
				t.Fatalf("phase %s seat %d: to act %v, %d legal moves", phaseIDs[s.c.Phase], seat, s.ToAct().Has(seat), n)
			}
		}
	})
}

// TestRoundRecordConvertsToHunt checks that every round of the public record
// of a view converts to the hunt.Round the rules use.
func TestRoundRecordConvertsToHunt(t *testing.T) {
	midGames(t, 16, func(s *State) {
		if s.c.NReached == 0 || s.c.Phase == phOver {
			return
		}
		v := publicView(s)
		for r, rv := range v.Rounds {
			got, err := rv.Hunt()
			if err != nil {
				t.Fatal(err)
			}
			want := s.publicRound(r)
			if got.Start != want.Start || len(got.Moves) != len(want.Moves) || len(got.Obs) != len(want.Obs) {
				t.Fatalf("round %d: %+v, want %+v", r, got, want)
			}
			for i := range got.Moves {
				if got.Moves[i] != want.Moves[i] {
					t.Fatalf("round %d move %d: %+v, want %+v", r, i, got.Moves[i], want.Moves[i])
				}
			}
			for i := range got.Obs {
				if got.Obs[i] != want.Obs[i] {
					t.Fatalf("round %d answer %d: %+v, want %+v", r, i, got.Obs[i], want.Obs[i])
				}
			}
		}
	})
}

// TestDeterminizeJackViewIsExact checks that Jack's view (and any view of a
// finished game) rebuilds the very state, byte for byte.
func TestDeterminizeJackViewIsExact(t *testing.T) {
	rng := game.NewRand(1)
	midGames(t, 24, func(s *State) {
		seats := []game.Seat{0}
		if s.c.Phase == phOver {
			seats = append(seats, game.Spectator, 1)
		}
		for _, seat := range seats {
			d, err := Rules{}.Determinize(s.View(seat), &rng)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(d.Snapshot(), s.Snapshot()) {
				t.Fatalf("phase %s seat %d: determinized state differs", phaseIDs[s.c.Phase], seat)
			}
		}
	})
}
