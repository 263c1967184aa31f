package whitehall

import (
	"bytes"
	"encoding/json"
	"errors"
	"regexp"
	"strconv"
	"testing"

	"gaslamp/game"
	"gaslamp/internal/testscale"
)

// fuzzStates are mid-game states of every phase, built once.
var fuzzStates []*State

func fuzzState(i int) *State {
	if fuzzStates == nil {
		seen := map[uint8]int{}
		midGames(&testing.T{}, 16, func(s *State) {
			if seen[s.c.Phase] < 6 {
				seen[s.c.Phase]++
				fuzzStates = append(fuzzStates, s.Clone().(*State))
			}
		})
	}
	return fuzzStates[i%len(fuzzStates)].Clone().(*State)
}

func FuzzDecodeApply(f *testing.F) {
	for _, m := range []game.Move{Location(12), Place(3), Reveal(40), Newspaper(CardBoat), Walk(42), Coach(12, 14),
		Alley(7), Boat(66), Figure(5), Speed(9), FalseClue(100), Search(42), Scent(3), Arrest(9), AreaArrest(),
		Guess(20), Stop(), Pass()} {
		f.Add(uint8(m), []byte(Rules{}.EncodeMove(m)))
	}
	f.Add(uint8(3), []byte(`{"kind":"walk","to":"42"}`))
	f.Add(uint8(4), []byte(`{"kind":"figure","to":"ZZ"}`))
	f.Add(uint8(5), []byte(`{"kind":"coach","via":0,"to":300}`))
	f.Add(uint8(6), []byte(`{"kind":"stop","circle":4}`))
	f.Add(uint8(7), []byte(`nope`))
	f.Fuzz(func(t *testing.T, pick uint8, data []byte) {
		m, err := Rules{}.DecodeMove(data)
		if m2, err2 := decodeMove(data, false); m2 != m || (err == nil) != (err2 == nil) {
			t.Fatalf("fast and slow decoding differ on %q: %v %v / %v %v", data, m, err, m2, err2)
		}
		if err != nil {
			if game.CodeOf(err) != game.CodeMalformed {
				t.Fatalf("decode error is not malformed: %v", err)
			}
			return
		}
		back := Rules{}.EncodeMove(m)
		if !bytes.Equal(mustReencode(t, back), back) {
			t.Fatalf("decoded move does not re-encode: %s", back)
		}
		s := fuzzState(int(pick))
		seats := []game.Seat{s.ToAct().First(), game.Seat(pick % 5), game.Spectator}
		for _, seat := range seats {
			before := s.Snapshot()
			err := s.Apply(seat, m, nil)
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

func mustReencode(t *testing.T, data []byte) []byte {
	m, err := Rules{}.DecodeMove(data)
	if err != nil {
		t.Fatalf("%s does not decode: %v", data, err)
	}
	return Rules{}.EncodeMove(m)
}

// TestDeterminizeSurvivesDamagedViews changes one number of a view's JSON at
// a time: Determinize may refuse the view, never panic.
func TestDeterminizeSurvivesDamagedViews(t *testing.T) {
	num := regexp.MustCompile(`-?[0-9]+`)
	rng := game.NewRand(7)
	n, every := 0, testscale.Size(40, 9)
	midGames(t, 6, func(s *State) {
		n++
		if n%every != 0 {
			return
		}
		for _, seat := range []game.Seat{0, 1, game.Spectator} {
			data, _ := json.Marshal(s.View(seat))
			locs := num.FindAllIndex(data, -1)
			for k := 0; k < 40; k++ {
				at := locs[rng.IntN(len(locs))]
				bad := append(append(append([]byte{}, data[:at[0]]...), strconv.Itoa(rng.IntN(300)-5)...), data[at[1]:]...)
				var v View
				if json.Unmarshal(bad, &v) != nil {
					continue
				}
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Fatalf("Determinize panicked on %s: %v", bad, r)
						}
					}()
					if d, err := (Rules{}).Determinize(&v, &rng); err == nil {
						d.View(seat)
						d.Legal(d.ToAct().First(), nil)
					}
				}()
			}
		}
	})
}

// TestDecodeMoveAllocatesNothing: the server reads every move a player sends;
// in the form EncodeMove writes, a move with a circle or a crossing (all but
// the place and newspaper moves, which carry a string) is read without
// allocating, and reads as it was written.
func TestDecodeMoveAllocatesNothing(t *testing.T) {
	for _, m := range []game.Move{Walk(42), Coach(12, 14), Alley(7), Boat(66), Figure(5), Speed(9), Search(42),
		Arrest(9), Reveal(40), Location(12), AreaArrest(), Stop(), Pass()} {
		data := []byte(Rules{}.EncodeMove(m))
		var got game.Move
		var err error
		if allocs := testing.AllocsPerRun(20, func() { got, err = Rules{}.DecodeMove(data) }); allocs != 0 {
			t.Errorf("%s: %.0f allocations", data, allocs)
		}
		if err != nil || got != m {
			t.Errorf("%s read as %v, %v", data, got, err)
		}
	}
}

// TestAppendMoveAsEncodeMove checks that AppendMove (game.MoveAppender, which
// the server writes legal intents with) appends exactly EncodeMove's bytes,
// for every kind of move and for values that are no move at all.
func TestAppendMoveAsEncodeMove(t *testing.T) {
	moves := []game.Move{Location(12), Place(3), Reveal(40), Newspaper(CardBoat), Newspaper(CardAlley), Walk(42),
		Coach(12, 14), Alley(7), Boat(66), Figure(5), Speed(9), FalseClue(100), Search(42), Scent(3), Arrest(9),
		AreaArrest(), Guess(20), Stop(), Pass()}
	rng := game.NewRand(1)
	for range 20000 {
		moves = append(moves, game.Move(rng.Uint64()>>rng.IntN(64)))
	}
	var r game.Rules = Rules{}
	ap, ok := r.(game.MoveAppender)
	if !ok {
		t.Fatal("whitehall.Rules is no game.MoveAppender")
	}
	prefix := []byte(`[{"kind":"stop"},`)
	for _, m := range moves {
		got := ap.AppendMove(append([]byte(nil), prefix...), m)
		want := append(append([]byte(nil), prefix...), r.EncodeMove(m)...)
		if !bytes.Equal(got, want) {
			t.Fatalf("move %#x appended as %s, EncodeMove writes %s", uint64(m), got, want)
		}
	}
}
