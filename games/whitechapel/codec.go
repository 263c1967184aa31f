package whitechapel

import (
	"bytes"
	"encoding/json"
	"strconv"

	"gaslamp/game"
)

// The JSON intents of the moves (crossings go by label, circles by number):
//
//	{"kind":"hideout","circle":42}            {"kind":"woman","circle":3,"marked":true}
//	{"kind":"patrol","at":"J44","token":"red"} {"kind":"kill","circle":3}
//	{"kind":"wait"}                            {"kind":"wretched","from":3,"to":4}
//	{"kind":"reveal","at":"J44"}               {"kind":"walk","to":42}
//	{"kind":"coach","via":12,"to":14}          {"kind":"alley","to":42}
//	{"kind":"move","to":"J44"}                 {"kind":"search","circle":42}
//	{"kind":"arrest","circle":42}              {"kind":"stop"}
//	{"kind":"pass"}
//
// A patrol token is "blue", "yellow", "brown", "red", "green" or "fake".

// EncodeMove implements game.Rules. A value that is no Whitechapel move at
// all encodes as {"kind":"invalid"}, which DecodeMove refuses.
func (Rules) EncodeMove(m game.Move) json.RawMessage {
	if !wellFormed(m) {
		return json.RawMessage(`{"kind":"invalid"}`)
	}
	k := KindOf(m)
	b := make([]byte, 0, 48)
	b = append(b, `{"kind":"`...)
	b = append(b, k.String()...)
	b = append(b, '"')
	num := func(name string, x int) {
		b = append(b, `,"`...)
		b = append(b, name...)
		b = append(b, `":`...)
		b = strconv.AppendInt(b, int64(x), 10)
	}
	str := func(name, x string) {
		b = append(b, `,"`...)
		b = append(b, name...)
		b = append(b, `":`...)
		b = strconv.AppendQuote(b, x)
	}
	switch k {
	case MoveHideout, MoveKill, MoveSearch, MoveArrest:
		num("circle", To(m))
	case MoveWoman:
		num("circle", To(m))
		b = append(b, `,"marked":`...)
		b = strconv.AppendBool(b, Arg(m) == 1)
	case MovePatrol:
		str("at", label(To(m)))
		str("token", Token(Arg(m)).String())
	case MoveWretched:
		num("from", Arg(m))
		num("to", To(m))
	case MoveReveal:
		str("at", label(To(m)))
	case MoveWalk, MoveAlley:
		num("to", To(m))
	case MoveCoach:
		num("via", Arg(m))
		num("to", To(m))
	case MovePolice:
		str("to", label(To(m)))
	}
	b = append(b, '}')
	return b
}

// wireMove is the JSON form of any move.
type wireMove struct {
	Kind   string          `json:"kind"`
	To     json.RawMessage `json:"to"`
	Via    *int            `json:"via"`
	From   *int            `json:"from"`
	Circle *int            `json:"circle"`
	At     *string         `json:"at"`
	Token  *string         `json:"token"`
	Marked *bool           `json:"marked"`
}

// Fields of a wire move, for the check that a kind has exactly its own.
const (
	fTo = 1 << iota
	fVia
	fFrom
	fCircle
	fAt
	fToken
	fMarked
)

// DecodeMove implements game.Rules: it parses an intent into a move without
// judging whether it is legal now. Every field the kind needs must be there,
// in range (circles 1..195, known crossing labels and tokens), and no other.
func (Rules) DecodeMove(data []byte) (game.Move, error) {
	var w wireMove
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return 0, malformed("not a move object")
	}
	if dec.More() {
		return 0, malformed("trailing data")
	}
	var k MoveKind
	for i, n := range moveKindNames {
		if i > 0 && n == w.Kind {
			k = MoveKind(i)
		}
	}
	if k == 0 {
		return 0, malformed("unknown kind")
	}
	has := 0
	for bit, present := range map[int]bool{fTo: w.To != nil, fVia: w.Via != nil, fFrom: w.From != nil,
		fCircle: w.Circle != nil, fAt: w.At != nil, fToken: w.Token != nil, fMarked: w.Marked != nil} {
		if present {
			has |= bit
		}
	}
	var need int
	var m game.Move
	var err *game.Error
	switch k {
	case MoveHideout, MoveKill, MoveSearch, MoveArrest:
		need = fCircle
		var c int
		if c, err = circleArg(w.Circle); err == nil {
			m = mv(k, c, 0)
		}
	case MoveWoman:
		need = fCircle | fMarked
		var c int
		if c, err = circleArg(w.Circle); err == nil {
			if w.Marked == nil {
				err = malformed("marked missing")
			} else {
				m = Woman(c, *w.Marked)
			}
		}
	case MovePatrol:
		need = fAt | fToken
		var x int
		if x, err = crossingArg(w.At); err == nil {
			t := -1
			if w.Token != nil {
				for i, id := range tokenIDs {
					if id == *w.Token {
						t = i
					}
				}
			}
			if t < 0 {
				err = malformed("token must be a colour or fake")
			} else {
				m = Patrol(x, Token(t))
			}
		}
	case MoveWretched:
		need = fFrom | fTo
		var c, f int
		if c, err = circleRaw(w.To); err == nil {
			if f, err = circleArg(w.From); err == nil {
				m = Wretched(f, c)
			}
		}
	case MoveReveal:
		need = fAt
		var x int
		if x, err = crossingArg(w.At); err == nil {
			m = Reveal(x)
		}
	case MoveWalk, MoveAlley:
		need = fTo
		var c int
		if c, err = circleRaw(w.To); err == nil {
			m = mv(k, c, 0)
		}
	case MoveCoach:
		need = fTo | fVia
		var c, v int
		if c, err = circleRaw(w.To); err == nil {
			if v, err = circleArg(w.Via); err == nil {
				m = Coach(v, c)
			}
		}
	case MovePolice:
		var l string
		need = fTo
		if w.To == nil || json.Unmarshal(w.To, &l) != nil {
			err = malformed("to must be a crossing label")
		} else {
			var x int
			if x, err = crossingArg(&l); err == nil {
				m = Police(x)
			}
		}
	default:
		m = mv(k, 0, 0)
	}
	if err != nil {
		return 0, err
	}
	if has != need {
		return 0, malformed("fields do not fit the kind")
	}
	return m, nil
}

func malformed(detail string) *game.Error {
	return &game.Error{Code: game.CodeMalformed, Text: game.T("err.malformed-move"), Detail: detail}
}

func circleArg(p *int) (int, *game.Error) {
	if p == nil || !isCircle(*p) {
		return 0, malformed("circle must be 1..195")
	}
	return *p, nil
}

func circleRaw(raw json.RawMessage) (int, *game.Error) {
	var c int
	if raw == nil || json.Unmarshal(raw, &c) != nil {
		return 0, malformed("to must be a circle number")
	}
	return circleArg(&c)
}

func crossingArg(l *string) (int, *game.Error) {
	if l == nil {
		return 0, malformed("crossing missing")
	}
	x := crossingOf(*l)
	if x < 0 {
		return 0, malformed("unknown crossing")
	}
	return x, nil
}
