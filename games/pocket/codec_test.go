package pocket

import (
	"bytes"
	"testing"

	"gaslamp/game"
)

// The intents of the brief, both ways.
func TestCodecIntents(t *testing.T) {
	r := Rules{}
	for _, c := range []struct {
		json string
		move game.Move
	}{
		{`{"kind":"holmes","steps":2}`, DetectiveMove(Holmes, 2)},
		{`{"kind":"watson","steps":1}`, DetectiveMove(Watson, 1)},
		{`{"kind":"toby","steps":2}`, DetectiveMove(Toby, 2)},
		{`{"kind":"rotate","tile":4,"wall":"N"}`, RotateMove(4, North)},
		{`{"kind":"exchange","a":0,"b":8}`, ExchangeMove(0, 8)},
		{`{"kind":"joker","detective":"toby"}`, JokerMove(Toby)},
		{`{"kind":"joker","detective":"none"}`, JokerMove(NoDetective)},
		{`{"kind":"alibi"}`, AlibiMove()},
	} {
		m, err := r.DecodeMove([]byte(c.json))
		if err != nil || m != c.move {
			t.Errorf("decode %s = %d, %v; want %d", c.json, m, err, c.move)
		}
		if got := string(r.EncodeMove(c.move)); got != c.json {
			t.Errorf("encode %d = %s, want %s", c.move, got, c.json)
		}
	}
	// Exchange is symmetric.
	if m, err := r.DecodeMove([]byte(`{"kind":"exchange","a":8,"b":0}`)); err != nil || m != ExchangeMove(0, 8) {
		t.Errorf("exchange 8,0: %d %v", m, err)
	}
}

func TestCodecRefusesMalformed(t *testing.T) {
	r := Rules{}
	for _, s := range []string{
		``, `null`, `{}`, `[]`, `{"kind":"fly"}`, `{"kind":"holmes"}`, `{"kind":"holmes","steps":3}`,
		`{"kind":"holmes","steps":0}`, `{"kind":"rotate","tile":9,"wall":"N"}`, `{"kind":"rotate","tile":1,"wall":"X"}`,
		`{"kind":"rotate","tile":1}`, `{"kind":"exchange","a":3,"b":3}`, `{"kind":"exchange","a":-1,"b":3}`,
		`{"kind":"joker","detective":"lestrade"}`, `{"kind":"joker"}`, `{"kind":"alibi","steps":1}`,
		`{"kind":"alibi","extra":1}`, `{"kind":"alibi"} {}`, `{"kind":"holmes","steps":1.5}`,
	} {
		_, err := r.DecodeMove([]byte(s))
		if game.CodeOf(err) != game.CodeMalformed {
			t.Errorf("%s: %v", s, err)
		}
	}
	if got := string(r.EncodeMove(1 << 50)); got == "" {
		t.Error("an unknown move encodes to nothing")
	}
}

// FuzzDecodeApply: arbitrary bytes are decoded and, when they parse, applied
// for both seats to a random mid-game state: never a panic, every refusal a
// *game.Error, and a refused move changes nothing.
func FuzzDecodeApply(f *testing.F) {
	r := Rules{}
	for _, s := range []string{`{"kind":"holmes","steps":2}`, `{"kind":"rotate","tile":4,"wall":"N"}`,
		`{"kind":"exchange","a":0,"b":8}`, `{"kind":"joker","detective":"none"}`, `{"kind":"alibi"}`, `{"kind":"x"}`, `[1]`} {
		f.Add([]byte(s), uint64(0), uint8(5))
	}
	f.Fuzz(func(t *testing.T, data []byte, seed uint64, moves uint8) {
		m, err := r.DecodeMove(data)
		if err != nil {
			if _, ok := err.(*game.Error); !ok {
				t.Fatalf("decode error is not a *game.Error: %v", err)
			}
			m = game.Move(seed ^ uint64(len(data))) // try a raw move instead
		}
		s := midGame(seed, int(moves%40))
		for _, seat := range []game.Seat{JackSeat, InvestigatorSeat, game.Spectator, 7} {
			before := s.Snapshot()
			c := s.Clone().(*State)
			var log game.Log
			if err := c.Apply(seat, m, &log); err != nil {
				if _, ok := err.(*game.Error); !ok {
					t.Fatalf("refusal is not a *game.Error: %v", err)
				}
				if !bytes.Equal(before, c.Snapshot()) {
					t.Fatal("a refused move changed the state")
				}
				if len(log.Events) != 0 {
					t.Fatal("a refused move logged events")
				}
				continue
			}
			if !game.Contains(s.Legal(seat, nil), m) {
				t.Fatalf("move %s accepted but not legal", r.EncodeMove(m))
			}
		}
	})
}
