package whitehall

import (
	"bytes"
	"encoding/json"
	"slices"
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
func (r Rules) EncodeMove(m game.Move) json.RawMessage {
	return r.AppendMove(make([]byte, 0, 40), m)
}

// AppendMove implements game.MoveAppender: it appends EncodeMove's bytes for m
// to b.
func (Rules) AppendMove(b []byte, m game.Move) []byte {
	if !wellFormed(m) {
		return append(b, `{"kind":"invalid"}`...)
	}
	k := KindOf(m)
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

// fastMove is what fastParse reads: the fields of a wireMove without
// pointers, so that reading a move allocates nothing.
type fastMove struct {
	kind                  string
	to                    json.RawMessage
	via, circle           int
	at, card              string
	hasVia, hasCircle     bool
	hasAt, hasCard, hasTo bool
}

// DecodeMove implements game.Rules: it parses an intent into a move without
// judging whether it is legal now. Every field the kind needs must be there,
// in range (circles 1..189, known crossing labels), and no other.
func (Rules) DecodeMove(data []byte) (game.Move, error) { return decodeMove(data, true) }

// decodeMove is DecodeMove; fast allows the reflection-free path for the
// canonical form.
func decodeMove(data []byte, fast bool) (game.Move, error) {
	var f fastMove
	if !fast || !fastParse(data, &f) {
		var w wireMove
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&w); err != nil {
			return 0, malformed("not a move object")
		}
		if dec.More() {
			return 0, malformed("trailing data")
		}
		f = fastMove{kind: w.Kind, to: w.To, hasTo: w.To != nil, hasVia: w.Via != nil, hasCircle: w.Circle != nil,
			hasAt: w.At != nil, hasCard: w.Card != nil}
		if f.hasVia {
			f.via = *w.Via
		}
		if f.hasCircle {
			f.circle = *w.Circle
		}
		if f.hasAt {
			f.at = *w.At
		}
		if f.hasCard {
			f.card = *w.Card
		}
	}
	var k MoveKind
	for i, n := range moveKindNames {
		if i > 0 && n == f.kind {
			k = MoveKind(i)
		}
	}
	if k == 0 {
		return 0, malformed("unknown kind")
	}
	// has reports which fields are present: to, via, circle, at, card.
	has := [5]bool{f.hasTo, f.hasVia, f.hasCircle, f.hasAt, f.hasCard}
	need := [5]bool{}
	var m game.Move
	var err *game.Error
	switch k {
	case MoveLocation, MoveReveal, MoveFalseClue, MoveSearch, MoveScent, MoveArrest, MoveGuess:
		need[2] = true
		var c int
		if c, err = circleArg(f.circle, f.hasCircle); err == nil {
			m = mv(k, c, 0)
		}
	case MoveWalk, MoveAlley, MoveBoat:
		need[0] = true
		var c int
		if c, err = circleRaw(f.to); err == nil {
			m = mv(k, c, 0)
		}
	case MoveCoach:
		need[0], need[1] = true, true
		var c, v int
		if c, err = circleRaw(f.to); err == nil {
			if v, err = circleArg(f.via, f.hasVia); err == nil {
				m = Coach(v, c)
			}
		}
	case MovePlace:
		need[3] = true
		var x int
		if x, err = crossingArg(f.at, f.hasAt); err == nil {
			m = mv(k, x, 0)
		}
	case MoveFigure, MoveSpeed:
		need[0] = true
		var l string
		if in, ok := plainString(f.to); ok {
			l = string(in)
		} else if l, ok = unmarshalString(f.to); !ok {
			err = malformed("to must be a crossing label")
		}
		if err == nil {
			var x int
			if x, err = crossingArg(l, true); err == nil {
				m = mv(k, x, 0)
			}
		}
	case MoveNewspaper:
		need[4] = true
		switch {
		case !f.hasCard:
			err = malformed("card missing")
		case f.card == "alley":
			m = Newspaper(CardAlley)
		case f.card == "boat":
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

func circleArg(c int, present bool) (int, *game.Error) {
	if !present || c < 1 || c > numCircles {
		return 0, malformed("circle must be 1..189")
	}
	return c, nil
}

func circleRaw(raw json.RawMessage) (int, *game.Error) {
	if c, ok := smallNumber(raw); ok {
		return circleArg(c, true)
	}
	var c int
	// A copy for json.Unmarshal, which would otherwise keep raw (and the
	// move read with it) on the heap.
	if raw == nil || json.Unmarshal(slices.Clone(raw), &c) != nil {
		return 0, malformed("to must be a circle number")
	}
	return circleArg(c, true)
}

// unmarshalString reads a JSON string by json.Unmarshal.
func unmarshalString(raw json.RawMessage) (string, bool) {
	var l string
	if raw == nil || json.Unmarshal(slices.Clone(raw), &l) != nil {
		return "", false
	}
	return l, true
}

// smallNumber reads 1 to 4 digits without a leading zero, a number as JSON
// writes it, without reflection; false for anything else, which
// json.Unmarshal then judges.
func smallNumber(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 4 || b[0] == '0' {
		return 0, false
	}
	n := 0
	for _, ch := range b {
		if ch < '0' || ch > '9' {
			return 0, false
		}
		n = 10*n + int(ch-'0')
	}
	return n, true
}

// plainString reads a JSON string of printable ASCII without escapes
// without reflection; false for anything else, which json.Unmarshal then
// judges.
func plainString(b []byte) ([]byte, bool) {
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		return nil, false
	}
	in := b[1 : len(b)-1]
	for _, ch := range in {
		if ch < 0x20 || ch >= 0x7f || ch == '"' || ch == '\\' {
			return nil, false
		}
	}
	return in, true
}

func crossingArg(l string, present bool) (int, *game.Error) {
	if !present {
		return 0, malformed("crossing missing")
	}
	x := crossingOf(l)
	if x < 0 {
		return 0, malformed("unknown crossing")
	}
	return x, nil
}

// fastParse reads the canonical form EncodeMove writes ({"kind":"walk","to":42},
// no spaces, no escapes) into w without reflection. It reports false for
// anything else, which DecodeMove then reads with encoding/json.
func fastParse(data []byte, w *fastMove) bool {
	const head = `{"kind":"`
	if !bytes.HasPrefix(data, []byte(head)) || data[len(data)-1] != '}' {
		return false
	}
	rest := data[len(head) : len(data)-1]
	end := bytes.IndexByte(rest, '"')
	if end < 0 {
		return false
	}
	for _, n := range moveKindNames { // an unknown kind stays "", refused as such
		if string(rest[:end]) == n {
			w.kind = n
		}
	}
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
		name := rest[:end]
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
		}
		rest = rest[len(val):]
		if len(val) == 0 {
			return false
		}
		quoted := val[0] == '"'
		num, isNum := smallNumber(val)
		if quoted {
			if _, ok := plainString(val); !ok {
				return false
			}
		} else if !isNum {
			return false
		}
		switch {
		case string(name) == "to" && !w.hasTo:
			w.to, w.hasTo = json.RawMessage(val), true // read by decodeMove only, while data lives
		case string(name) == "via" && !w.hasVia && !quoted:
			w.via, w.hasVia = num, true
		case string(name) == "circle" && !w.hasCircle && !quoted:
			w.circle, w.hasCircle = num, true
		case string(name) == "at" && !w.hasAt && quoted:
			w.at, w.hasAt = string(val[1:len(val)-1]), true
		case string(name) == "card" && !w.hasCard && quoted:
			w.card, w.hasCard = string(val[1:len(val)-1]), true
		default:
			return false
		}
	}
	return true
}
