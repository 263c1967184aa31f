package whitehall

import (
	"bytes"
	"encoding/json"
	"strconv"

	"gaslamp/game"
)

// The JSON intents of the moves (crossings go by label, circles by number):
//
//	{"kind":"location","circle":42}      {"kind":"place","at":"HP"}
//	{"kind":"reveal","circle":42}        {"kind":"newspaper","card":"alley"}
//	{"kind":"walk","to":42}              {"kind":"coach","via":12,"to":14}
//	{"kind":"alley","to":42}             {"kind":"boat","to":66}
//	{"kind":"figure","to":"HP"}          {"kind":"speed","to":"HP"}
//	{"kind":"false-clue","circle":42}    {"kind":"search","circle":42}
//	{"kind":"scent","circle":42}         {"kind":"arrest","circle":42}
//	{"kind":"area-arrest"}               {"kind":"guess","circle":42}
//	{"kind":"stop"}                      {"kind":"pass"}

// EncodeMove implements game.Rules. A value that is no Whitehall move at all
// encodes as {"kind":"invalid"}, which DecodeMove refuses.
func (Rules) EncodeMove(m game.Move) json.RawMessage {
	if !wellFormed(m) {
		return json.RawMessage(`{"kind":"invalid"}`)
	}
	k := KindOf(m)
	b := make([]byte, 0, 40)
	b = append(b, `{"kind":"`...)
	b = append(b, k.String()...)
	b = append(b, '"')
	switch k {
	case MoveLocation, MoveReveal, MoveFalseClue, MoveSearch, MoveScent, MoveArrest, MoveGuess:
		b = append(b, `,"circle":`...)
		b = strconv.AppendInt(b, int64(To(m)), 10)
	case MoveWalk, MoveAlley, MoveBoat:
		b = append(b, `,"to":`...)
		b = strconv.AppendInt(b, int64(To(m)), 10)
	case MoveCoach:
		b = append(b, `,"via":`...)
		b = strconv.AppendInt(b, int64(Via(m)), 10)
		b = append(b, `,"to":`...)
		b = strconv.AppendInt(b, int64(To(m)), 10)
	case MovePlace:
		b = append(b, `,"at":`...)
		b = strconv.AppendQuote(b, label(To(m)))
	case MoveFigure, MoveSpeed:
		b = append(b, `,"to":`...)
		b = strconv.AppendQuote(b, label(To(m)))
	case MoveNewspaper:
		b = append(b, `,"card":`...)
		b = strconv.AppendQuote(b, Card(To(m)).String())
	}
	b = append(b, '}')
	return b
}

// wireMove is the JSON form of any move.
type wireMove struct {
	Kind   string          `json:"kind"`
	To     json.RawMessage `json:"to"`
	Via    *int            `json:"via"`
	Circle *int            `json:"circle"`
	At     *string         `json:"at"`
	Card   *string         `json:"card"`
}

// DecodeMove implements game.Rules: it parses an intent into a move without
// judging whether it is legal now. Every field the kind needs must be there,
// in range (circles 1..189, known crossing labels), and no other.
func (Rules) DecodeMove(data []byte) (game.Move, error) { return decodeMove(data, true) }

// decodeMove is DecodeMove; fast allows the reflection-free path for the
// canonical form.
func decodeMove(data []byte, fast bool) (game.Move, error) {
	var w wireMove
	if !fast || !fastParse(data, &w) {
		w = wireMove{}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&w); err != nil {
			return 0, malformed("not a move object")
		}
		if dec.More() {
			return 0, malformed("trailing data")
		}
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
	// has reports which fields are present: to, via, circle, at, card.
	has := [5]bool{w.To != nil, w.Via != nil, w.Circle != nil, w.At != nil, w.Card != nil}
	need := [5]bool{}
	var m game.Move
	var err *game.Error
	switch k {
	case MoveLocation, MoveReveal, MoveFalseClue, MoveSearch, MoveScent, MoveArrest, MoveGuess:
		need[2] = true
		var c int
		if c, err = circleArg(w.Circle); err == nil {
			m = mv(k, c, 0)
		}
	case MoveWalk, MoveAlley, MoveBoat:
		need[0] = true
		var c int
		if c, err = circleRaw(w.To); err == nil {
			m = mv(k, c, 0)
		}
	case MoveCoach:
		need[0], need[1] = true, true
		var c, v int
		if c, err = circleRaw(w.To); err == nil {
			if v, err = circleArg(w.Via); err == nil {
				m = Coach(v, c)
			}
		}
	case MovePlace:
		need[3] = true
		var x int
		if x, err = crossingArg(w.At); err == nil {
			m = mv(k, x, 0)
		}
	case MoveFigure, MoveSpeed:
		need[0] = true
		var l string
		if w.To == nil || json.Unmarshal(w.To, &l) != nil {
			err = malformed("to must be a crossing label")
		} else {
			var x int
			if x, err = crossingArg(&l); err == nil {
				m = mv(k, x, 0)
			}
		}
	case MoveNewspaper:
		need[4] = true
		switch {
		case w.Card == nil:
			err = malformed("card missing")
		case *w.Card == "alley":
			m = Newspaper(CardAlley)
		case *w.Card == "boat":
			m = Newspaper(CardBoat)
		default:
			err = malformed("card must be alley or boat")
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
	if p == nil || *p < 1 || *p > numCircles {
		return 0, malformed("circle must be 1..189")
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

// fastParse reads the canonical form EncodeMove writes ({"kind":"walk","to":42},
// no spaces, no escapes) into w without reflection. It reports false for
// anything else, which DecodeMove then reads with encoding/json.
func fastParse(data []byte, w *wireMove) bool {
	const head = `{"kind":"`
	if !bytes.HasPrefix(data, []byte(head)) || data[len(data)-1] != '}' {
		return false
	}
	rest := data[len(head) : len(data)-1]
	end := bytes.IndexByte(rest, '"')
	if end < 0 {
		return false
	}
	w.Kind = string(rest[:end])
	rest = rest[end+1:]
	for len(rest) > 0 {
		if len(rest) < 2 || rest[0] != ',' || rest[1] != '"' {
			return false
		}
		rest = rest[2:]
		end = bytes.IndexByte(rest, '"')
		if end < 0 || len(rest) < end+2 || rest[end+1] != ':' {
			return false
		}
		name := string(rest[:end])
		rest = rest[end+2:]
		var val []byte
		if len(rest) > 0 && rest[0] == '"' {
			e := bytes.IndexByte(rest[1:], '"')
			if e < 0 {
				return false
			}
			val = rest[:e+2]
		} else {
			e := bytes.IndexByte(rest, ',')
			if e < 0 {
				e = len(rest)
			}
			val = rest[:e]
			if len(val) == 0 || len(val) > 4 {
				return false
			}
			for _, ch := range val {
				if ch < '0' || ch > '9' {
					return false
				}
			}
		}
		rest = rest[len(val):]
		if bytes.IndexByte(val, '\\') >= 0 {
			return false
		}
		str := string(val)
		num, _ := strconv.Atoi(str)
		quoted := val[0] == '"'
		switch {
		case name == "to" && w.To == nil:
			w.To = json.RawMessage(str)
		case name == "via" && w.Via == nil && !quoted:
			w.Via = &num
		case name == "circle" && w.Circle == nil && !quoted:
			w.Circle = &num
		case name == "at" && w.At == nil && quoted:
			l := str[1 : len(str)-1]
			w.At = &l
		case name == "card" && w.Card == nil && quoted:
			c := str[1 : len(str)-1]
			w.Card = &c
		default:
			return false
		}
	}
	return true
}
