package server

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode"
	"unicode/utf8"

	"gaslamp/game"
)

// Server-level rejection codes, added to the game's vocabulary (game.Code*) for
// what only the server can judge. Like the game's codes they are stable.
const (
	CodeTooLarge      game.Code = "too-large"      // a frame over MaxFrame bytes, or a chat line over MaxChat characters
	CodeBadMessage    game.Code = "bad-message"    // not a JSON object of a known type with its fields
	CodeDuplicateMove game.Code = "duplicate-move" // a move id already played at this table
	CodeChatClosed    game.Code = "chat-closed"    // the game closes chat now
	CodeNotFound      game.Code = "not-found"      // no such table, seat or invite
	CodeBadOrigin     game.Code = "bad-origin"     // a request from another site
)

// Limits of the client protocol.
const (
	MaxFrame   = 8 << 10 // bytes in one client frame
	MaxChat    = 500     // characters in one chat line
	MaxMoveID  = 64      // bytes in a move id
	maxHistory = 32      // missed updates sent one by one before a full state is preferred
)

// Client message types.
const (
	MsgHello = "hello"
	MsgMove  = "move"
	MsgChat  = "chat"
	MsgPing  = "ping"
	MsgWhy   = "why" // asks why a move is not legal; changes nothing
)

// ClientMessage is one message from a browser, parsed but not judged: the table
// checks the seat, the version and the move itself.
type ClientMessage struct {
	Type string          // MsgHello, MsgMove, MsgChat, MsgPing or MsgWhy
	ID   string          // move id chosen by the client (move), or the question's id (why)
	V    int64           // version the client holds (hello: -1 for none) or saw (move)
	Seat game.Seat       // the seat a move is for
	Move json.RawMessage // the move's intent, a JSON object (a copy, safe to keep)
	Text string          // chat text
}

type rawClientMessage struct {
	T    *string         `json:"t"`
	ID   *string         `json:"id"`
	V    *int64          `json:"v"`
	Seat *int            `json:"seat"`
	Move json.RawMessage `json:"move"`
	Text *string         `json:"text"`
}

func badMessage(key, detail string) *game.Error {
	return &game.Error{Code: CodeBadMessage, Text: game.T(key), Detail: detail}
}

// DecodeClientMessage parses one client frame into the closed set of message
// types. It never panics; on failure it returns a *game.Error whose Code is
// CodeTooLarge, CodeBadMessage or game.CodeMalformed.
func DecodeClientMessage(data []byte) (ClientMessage, error) {
	var m ClientMessage
	if len(data) > MaxFrame {
		return m, &game.Error{Code: CodeTooLarge, Text: game.T("err.too-large", "max", MaxFrame)}
	}
	if !utf8.Valid(data) {
		return m, badMessage("err.bad-message", "invalid UTF-8")
	}
	if m, ok := fastMoveMessage(data); ok {
		return m, nil
	}
	return decodeClientMessage(data)
}

// decodeClientMessage is DecodeClientMessage past its size and UTF-8 checks,
// through encoding/json.
func decodeClientMessage(data []byte) (ClientMessage, error) {
	var m ClientMessage
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return m, badMessage("err.bad-message", "not a JSON object")
	}
	var raw rawClientMessage
	if err := json.Unmarshal(trimmed, &raw); err != nil {
		return m, badMessage("err.bad-message", "invalid JSON")
	}
	if raw.T == nil {
		return m, badMessage("err.bad-message", "no type")
	}
	m.Type = *raw.T
	switch m.Type {
	case MsgPing:
	case MsgHello:
		if raw.V == nil || *raw.V < -1 {
			return m, badMessage("err.bad-message", "hello needs v >= -1")
		}
		m.V = *raw.V
	case MsgMove, MsgWhy:
		if raw.ID == nil || *raw.ID == "" || len(*raw.ID) > MaxMoveID {
			return m, badMessage("err.bad-message", m.Type+" needs an id of 1-64 bytes")
		}
		m.ID = *raw.ID
		if raw.V == nil || *raw.V < 0 {
			return m, badMessage("err.bad-message", m.Type+" needs v >= 0")
		}
		m.V = *raw.V
		if raw.Seat == nil || *raw.Seat < 0 || *raw.Seat >= game.MaxSeats {
			return m, badMessage("err.bad-message", m.Type+" needs a seat")
		}
		m.Seat = game.Seat(*raw.Seat)
		mv := bytes.TrimSpace(raw.Move)
		if len(mv) == 0 || mv[0] != '{' {
			return m, &game.Error{Code: game.CodeMalformed, Text: game.T("err.malformed-move"), Detail: "move is not a JSON object"}
		}
		m.Move = append(json.RawMessage(nil), mv...)
	case MsgChat:
		if raw.Text == nil {
			return m, badMessage("err.bad-message", "chat needs text")
		}
		m.Text = *raw.Text
		if n := utf8.RuneCountInString(m.Text); n > MaxChat {
			return m, &game.Error{Code: CodeTooLarge, Text: game.T("err.chat-too-long", "max", MaxChat)}
		}
		if len(bytes.TrimSpace([]byte(m.Text))) == 0 {
			return m, badMessage("err.chat-empty", "empty chat")
		}
		// A chat line is one line of printable text: control characters
		// (a NUL cannot even be stored by PostgreSQL) are refused.
		if strings.IndexFunc(m.Text, unicode.IsControl) >= 0 {
			return m, badMessage("err.chat-control", "control character in chat")
		}
	default:
		return m, badMessage("err.unknown-message", "unknown type")
	}
	return m, nil
}

// moveHead and the keys after it are the exact form in which the browser
// client (net.js) and the load generator write a move.
const (
	moveHead = `{"t":"move","id":"`
	moveV    = `","v":`
	moveSeat = `,"seat":`
	moveMove = `,"move":`
)

// fastMoveMessage reads a move frame written exactly as the clients write it
// (the keys in moveHead's order, in lower case, without spaces, an id of
// plain printable ASCII, numbers without sign or leading zero, the move a
// valid JSON object closing the frame) without reflection. Whatever else,
// valid or not, and any move the checks of decodeClientMessage would refuse,
// gives ok false and goes through encoding/json: on what it accepts, both
// give the same message (checked by FuzzDecodeClientMessage).
func fastMoveMessage(data []byte) (m ClientMessage, ok bool) {
	rest, ok := bytes.CutPrefix(data, []byte(moveHead))
	if !ok {
		return m, false
	}
	end := 0
	for end < len(rest) && rest[end] != '"' {
		if c := rest[end]; c < 0x20 || c > 0x7e || c == '\\' {
			return m, false
		}
		end++
	}
	if end == 0 || end > MaxMoveID {
		return m, false
	}
	id := rest[:end]
	if rest, ok = bytes.CutPrefix(rest[end:], []byte(moveV)); !ok {
		return m, false
	}
	v, rest, ok := plainNumber(rest, 1<<62)
	if !ok {
		return m, false
	}
	if rest, ok = bytes.CutPrefix(rest, []byte(moveSeat)); !ok {
		return m, false
	}
	seat, rest, ok := plainNumber(rest, game.MaxSeats-1)
	if !ok {
		return m, false
	}
	if rest, ok = bytes.CutPrefix(rest, []byte(moveMove)); !ok {
		return m, false
	}
	if len(rest) < 3 || rest[0] != '{' || rest[len(rest)-1] != '}' {
		return m, false
	}
	mv := rest[:len(rest)-1]
	if mv[len(mv)-1] != '}' || !json.Valid(mv) {
		return m, false
	}
	return ClientMessage{Type: MsgMove, ID: string(id), V: v, Seat: game.Seat(seat),
		Move: append(json.RawMessage(nil), mv...)}, true
}

// plainNumber reads the decimal number that b starts with: digits only, no
// leading zero (but 0 itself), at most limit; ok is false otherwise.
func plainNumber(b []byte, limit int64) (n int64, rest []byte, ok bool) {
	i := 0
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		if n > (limit-int64(b[i]-'0'))/10 {
			return 0, nil, false
		}
		n = n*10 + int64(b[i]-'0')
		i++
	}
	if i == 0 || (i > 1 && b[0] == '0') {
		return 0, nil, false
	}
	return n, b[i:], true
}

// idOf returns the "id" field of a frame when it has one, so that a refusal of
// a frame that could not be parsed as a message can still name the move.
func idOf(data []byte) string {
	var x struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(data, &x) != nil || len(x.ID) > MaxMoveID {
		return ""
	}
	return x.ID
}
