package server

import (
	"errors"
	"strings"
	"testing"

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
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
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
