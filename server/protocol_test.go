package server

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"gaslamp/game"
)

func TestDecodeClientMessage(t *testing.T) {
	cases := []struct {
		in   string
		code game.Code
		typ  string
	}{
		{`{"t":"ping"}`, "", MsgPing},
		{`{"t":"hello","v":-1}`, "", MsgHello},
		{`{"t":"hello","v":17}`, "", MsgHello},
		{`{"t":"hello"}`, CodeBadMessage, ""},
		{`{"t":"hello","v":-2}`, CodeBadMessage, ""},
		{`{"t":"move","id":"c1","v":3,"seat":1,"move":{"kind":"walk","to":42}}`, "", MsgMove},
		{`{"t":"move","v":3,"seat":1,"move":{}}`, CodeBadMessage, ""},
		{`{"t":"move","id":"c1","seat":1,"move":{}}`, CodeBadMessage, ""},
		{`{"t":"move","id":"c1","v":1,"move":{}}`, CodeBadMessage, ""},
		{`{"t":"move","id":"c1","v":1,"seat":99,"move":{}}`, CodeBadMessage, ""},
		{`{"t":"move","id":"c1","v":1,"seat":0,"move":"walk"}`, game.CodeMalformed, ""},
		{`{"t":"move","id":"c1","v":1,"seat":0}`, game.CodeMalformed, ""},
		{`{"t":"move","id":"` + strings.Repeat("x", 65) + `","v":1,"seat":0,"move":{}}`, CodeBadMessage, ""},
		{`{"t":"chat","text":"hi"}`, "", MsgChat},
		{`{"t":"chat","text":"   "}`, CodeBadMessage, ""},
		{`{"t":"chat","text":"` + strings.Repeat("é", 501) + `"}`, CodeTooLarge, ""},
		{`{"t":"chat"}`, CodeBadMessage, ""},
		{`{"t":"chat","text":"a\u0000b"}`, CodeBadMessage, ""},
		{`{"t":"chat","text":"line\nbreak"}`, CodeBadMessage, ""},
		{`{"t":"dance"}`, CodeBadMessage, ""},
		{`{"v":1}`, CodeBadMessage, ""},
		{`[1,2]`, CodeBadMessage, ""},
		{`{"t":`, CodeBadMessage, ""},
		{`{"t":1}`, CodeBadMessage, ""},
		{"\xff\xfe", CodeBadMessage, ""},
		{``, CodeBadMessage, ""},
		{`{"t":"ping","pad":"` + strings.Repeat("x", MaxFrame) + `"}`, CodeTooLarge, ""},
	}
	for _, c := range cases {
		m, err := DecodeClientMessage([]byte(c.in))
		if c.code == "" {
			if err != nil || m.Type != c.typ {
				t.Errorf("%.60s: got %q, %v", c.in, m.Type, err)
			}
			continue
		}
		var ge *game.Error
		if !errors.As(err, &ge) || ge.Code != c.code {
			t.Errorf("%.60s: want %s, got %v", c.in, c.code, err)
		}
	}
}

func FuzzDecodeClientMessage(f *testing.F) {
	for _, s := range []string{
		`{"t":"ping"}`, `{"t":"hello","v":-1}`, `{"t":"chat","text":"hi"}`,
		`{"t":"move","id":"c1","v":3,"seat":1,"move":{"kind":"walk","to":42}}`,
		`{"t":"move","id":"c1","v":3,"seat":1,"move":[]}`, `{}`, `null`, `"x"`, "\x00",
		// The fast path's edges (fastMoveMessage).
		`{"t":"move","id":"c1","v":0,"seat":0,"move":{}}`,
		`{"t":"move","id":"c1","v":03,"seat":1,"move":{}}`,
		`{"t":"move","id":"c1","v":-3,"seat":1,"move":{}}`,
		`{"t":"move","id":"c1","v":9223372036854775807,"seat":1,"move":{}}`,
		`{"t":"move","id":"c1","v":9223372036854775808,"seat":1,"move":{}}`,
		`{"t":"move","id":"c1","v":3,"seat":7,"move":{}}`,
		`{"t":"move","id":"c1","v":3,"seat":8,"move":{}}`,
		`{"t":"move","id":"c\"1","v":3,"seat":1,"move":{}}`,
		`{"t":"move","id":"c\u00e91","v":3,"seat":1,"move":{}}`,
		`{"t":"move","id":"é","v":3,"seat":1,"move":{}}`,
		`{"t":"move","id":"","v":3,"seat":1,"move":{}}`,
		`{"t":"move","id":"` + strings.Repeat("x", 64) + `","v":3,"seat":1,"move":{}}`,
		`{"t":"move","id":"` + strings.Repeat("x", 65) + `","v":3,"seat":1,"move":{}}`,
		`{"t":"move","id":"c1","v":3,"seat":1,"move":{} }`,
		`{"t":"move","id":"c1","v":3,"seat":1,"move":{"a":{"b":[1,{}]}}}`,
		`{"t":"move","id":"c1","v":3,"seat":1,"move":{"a":}}`,
		`{"t":"move","id":"c1","v":3,"seat":1,"move":{}}}`,
		`{"t":"move","id":"c1","v":3,"seat":1,"move":{}`,
		`{"t":"move","id":"c1","v":3,"seat":1,"move":{},"move":{"x":1}}`,
		`{"t":"move","id":"c1","v":3.0,"seat":1,"move":{}}`,
		`{"t":"move","id":"c1","v":3,"Seat":1,"move":{}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) <= MaxFrame && utf8.Valid(data) {
			// What the fast path reads, encoding/json reads the same.
			if fast, ok := fastMoveMessage(data); ok {
				slow, err := decodeClientMessage(data)
				if err != nil || !reflect.DeepEqual(fast, slow) {
					t.Fatalf("%q: the fast path reads %+v, encoding/json %+v, %v", data, fast, slow, err)
				}
			}
		}
		m, err := DecodeClientMessage(data)
		if err != nil {
			var ge *game.Error
			if !errors.As(err, &ge) || ge.Code == "" || ge.Text.Key == "" {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		switch m.Type {
		case MsgPing, MsgHello, MsgChat:
		case MsgMove:
			if m.ID == "" || m.Seat < 0 || len(m.Move) == 0 || m.V < 0 {
				t.Fatalf("accepted a bad move %+v", m)
			}
		default:
			t.Fatalf("accepted type %q", m.Type)
		}
	})
}

// TestMoveFrameFastPath checks that a move written as the clients write it
// (net.js, loadtest) takes the fast path, reads as encoding/json reads it, and
// costs two allocations (the id and the move's copy).
func TestMoveFrameFastPath(t *testing.T) {
	data := []byte(`{"t":"move","id":"c12","v":42,"seat":3,"move":{"kind":"coach","via":12,"to":14}}`)
	fast, ok := fastMoveMessage(data)
	if !ok {
		t.Fatalf("%s: not read by the fast path", data)
	}
	want := ClientMessage{Type: MsgMove, ID: "c12", V: 42, Seat: 3, Move: []byte(`{"kind":"coach","via":12,"to":14}`)}
	if !reflect.DeepEqual(fast, want) {
		t.Fatalf("read %+v, want %+v", fast, want)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = DecodeClientMessage(data) }); n > 2 {
		t.Errorf("a move frame takes %.0f allocations, want 2", n)
	}
}

// BenchmarkDecodeClientMessage reads a move frame as the clients write it,
// through DecodeClientMessage (its fast path) and through encoding/json alone.
// Run: go test -run '^$' -bench DecodeClientMessage ./server/
func BenchmarkDecodeClientMessage(b *testing.B) {
	data := []byte(`{"t":"move","id":"m123","v":42,"seat":1,"move":{"kind":"walk","to":142}}`)
	for _, c := range []struct {
		name   string
		decode func([]byte) (ClientMessage, error)
	}{{"move", DecodeClientMessage}, {"move-encoding-json", decodeClientMessage}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.decode(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
