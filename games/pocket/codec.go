package pocket

import (
	"bytes"
	"encoding/json"
	"strconv"

	"gaslamp/game"
)

// Move intents (JSON), one per action kind:
//
//	{"kind":"rotate","tile":4,"wall":"N"}      turn the tile in cell 4 so its wall is north
//	{"kind":"exchange","a":0,"b":8}            swap the tiles of cells 0 and 8
//	{"kind":"joker","detective":"toby"}        move Toby 1 place ("none": move nobody, Jack only)
//	{"kind":"alibi"}                           draw an alibi card
//	{"kind":"holmes","steps":2}                move Holmes 1 or 2 places (also "watson", "toby")
//
// Cells are 0..8 row by row from the top left; walls "N", "E", "S", "W".
type intent struct {
	Kind      string  `json:"kind"`
	Tile      *int    `json:"tile,omitempty"`
	Wall      *string `json:"wall,omitempty"`
	A         *int    `json:"a,omitempty"`
	B         *int    `json:"b,omitempty"`
	Detective *string `json:"detective,omitempty"`
	Steps     *int    `json:"steps,omitempty"`
}

// EncodeMove implements game.Rules.
func (Rules) EncodeMove(m game.Move) json.RawMessage {
	a, ok := Parse(m)
	if !ok {
		return json.RawMessage(`{"kind":"invalid","raw":` + strconv.FormatUint(uint64(m), 10) + `}`)
	}
	b := make([]byte, 0, 48)
	b = append(b, `{"kind":"`...)
	b = append(b, a.Kind.String()...)
	b = append(b, '"')
	switch a.Kind {
	case KindRotate:
		b = append(b, `,"tile":`...)
		b = strconv.AppendInt(b, int64(a.Cell), 10)
		b = append(b, `,"wall":"`...)
		b = append(b, a.Wall.String()...)
		b = append(b, '"')
	case KindExchange:
		b = append(b, `,"a":`...)
		b = strconv.AppendInt(b, int64(a.Cell), 10)
		b = append(b, `,"b":`...)
		b = strconv.AppendInt(b, int64(a.Cell2), 10)
	case KindJoker:
		b = append(b, `,"detective":"`...)
		b = append(b, a.Detective.String()...)
		b = append(b, '"')
	case KindHolmes, KindWatson, KindToby:
		b = append(b, `,"steps":`...)
		b = strconv.AppendInt(b, int64(a.Steps), 10)
	}
	b = append(b, '}')
	return b
}

func malformed(detail string) error {
	return game.Errorf(game.CodeMalformed, "pocket.err.bad-move", detail)
}

// DecodeMove implements game.Rules: it parses an intent without judging it.
func (Rules) DecodeMove(data []byte) (game.Move, error) {
	var in intent
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return 0, malformed("bad JSON")
	}
	if dec.More() {
		return 0, malformed("trailing data")
	}
	var k Kind
	if err := k.UnmarshalText([]byte(in.Kind)); err != nil {
		return 0, malformed("unknown kind")
	}
	// Every field of another kind must be absent.
	tile, wall, ab, det, steps := in.Tile != nil, in.Wall != nil, in.A != nil || in.B != nil, in.Detective != nil, in.Steps != nil
	var m game.Move
	switch k {
	case KindRotate:
		if !tile || !wall || ab || det || steps {
			return 0, malformed("rotate needs tile and wall")
		}
		w, ok := ParseSide(*in.Wall)
		if !ok || *in.Tile < 0 || *in.Tile > 8 {
			return 0, malformed("bad tile or wall")
		}
		m = RotateMove(*in.Tile, w)
	case KindExchange:
		if in.A == nil || in.B == nil || tile || wall || det || steps {
			return 0, malformed("exchange needs a and b")
		}
		if *in.A < 0 || *in.A > 8 || *in.B < 0 || *in.B > 8 {
			return 0, malformed("bad tile")
		}
		m = ExchangeMove(*in.A, *in.B)
	case KindJoker:
		if !det || tile || wall || ab || steps {
			return 0, malformed("joker needs detective")
		}
		var d Detective
		if err := d.UnmarshalText([]byte(*in.Detective)); err != nil {
			return 0, malformed("unknown detective")
		}
		m = JokerMove(d)
	case KindAlibi:
		if tile || wall || ab || det || steps {
			return 0, malformed("alibi takes no argument")
		}
		m = AlibiMove()
	default: // holmes, watson, toby
		if !steps || tile || wall || ab || det {
			return 0, malformed("detective move needs steps")
		}
		if *in.Steps < 1 || *in.Steps > 2 {
			return 0, malformed("steps must be 1 or 2")
		}
		m = DetectiveMove(detectiveOfKind(k), *in.Steps)
	}
	if _, ok := Parse(m); !ok {
		return 0, malformed("not a pocket move")
	}
	return m, nil
}
