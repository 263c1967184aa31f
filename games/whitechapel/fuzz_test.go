package whitechapel

import (
	"bytes"
	"errors"
	"testing"

	"gaslamp/game"
)

// fuzzStates are mid-game states of every phase, built once.
var fuzzStates []*State

func fuzzState(i int) *State {
	if fuzzStates == nil {
		seen := map[uint8]int{}
		for seed := uint64(0); seed < 6; seed++ {
			guided(seed, game.Options{OptDeduction: "off"}, func(s *State, _ game.Seat, _ []game.Move, _ *game.Log) {
				if seen[s.c.Phase] < 8 {
					seen[s.c.Phase]++
					fuzzStates = append(fuzzStates, s.Clone().(*State))
				}
			})
		}
	}
	return fuzzStates[i%len(fuzzStates)].Clone().(*State)
}

func FuzzDecodeApply(f *testing.F) {
	for _, m := range []game.Move{Hideout(42), Woman(3, true), Woman(21, false), Patrol(43, TokenRed),
		Patrol(74, TokenFake), Kill(3), Wait(), Wretched(3, 4), Reveal(43), Walk(42), Coach(12, 14), Alley(7),
		Police(5), Search(42), Arrest(9), Stop(), Pass()} {
		f.Add(uint8(m), []byte(Rules{}.EncodeMove(m)))
	}
	f.Add(uint8(3), []byte(`{"kind":"walk","to":"42"}`))
	f.Add(uint8(4), []byte(`{"kind":"move","to":"ZZ"}`))
	f.Add(uint8(5), []byte(`{"kind":"coach","via":0,"to":300}`))
	f.Add(uint8(6), []byte(`{"kind":"stop","circle":4}`))
	f.Add(uint8(7), []byte(`{"kind":"patrol","at":"J44","token":"purple"}`))
	f.Add(uint8(8), []byte(`{"kind":"woman","circle":3}`))
	f.Add(uint8(9), []byte(`nope`))
	f.Fuzz(func(t *testing.T, pick uint8, data []byte) {
		m, err := Rules{}.DecodeMove(data)
		if err != nil {
			if game.CodeOf(err) != game.CodeMalformed {
				t.Fatalf("decode error is not malformed: %v", err)
			}
			return
		}
		back := Rules{}.EncodeMove(m)
		if m2, err := (Rules{}).DecodeMove(back); err != nil || m2 != m {
			t.Fatalf("decoded move %s does not round-trip: %v", back, err)
		}
		s := fuzzState(int(pick))
		seats := []game.Seat{s.ToAct().First(), game.Seat(pick % 6), game.Spectator}
		for _, seat := range seats {
			before := s.Snapshot()
			legal := game.Contains(s.Legal(seat, nil), m)
			err := s.Apply(seat, m, nil)
			if (err == nil) != legal {
				t.Fatalf("%s by seat %d: legal %v, Apply %v", data, seat, legal, err)
			}
			if err == nil {
				s = fuzzState(int(pick))
				continue
			}
			var ge *game.Error
			if !errors.As(err, &ge) || ge.Text.Key == "" {
				t.Fatalf("refusal is not a clear *game.Error: %v", err)
			}
			if !bytes.Equal(before, s.Snapshot()) {
				t.Fatalf("refused %s changed the state", data)
			}
		}
	})
}

// TestEveryWellFormedMoveIsJudged applies every well-formed move of every
// kind on states of every phase: Apply accepts exactly the legal ones and
// refuses the others without a change.
func TestEveryWellFormedMoveIsJudged(t *testing.T) {
	n := 0
	for i := 0; i < 60; i++ {
		s := fuzzState(i)
		seat := s.ToAct().First()
		legal := s.Legal(seat, nil)
		for k := MoveKind(1); int(k) < numMoveKinds; k++ {
			for to := 0; to < 256; to += 1 + i%3 {
				for _, arg := range []int{0, 1, 5, 40} {
					m := mv(k, to, arg)
					if !wellFormed(m) {
						continue
					}
					c := s.Clone().(*State)
					err := c.Apply(seat, m, nil)
					if (err == nil) != game.Contains(legal, m) {
						t.Fatalf("phase %s: %s legal %v, Apply %v", phaseIDs[s.c.Phase], Rules{}.EncodeMove(m), game.Contains(legal, m), err)
					}
					if err != nil && c.c != s.c {
						t.Fatalf("refused %s changed the state", Rules{}.EncodeMove(m))
					}
					n++
				}
			}
		}
	}
	t.Logf("%d moves judged", n)
}
