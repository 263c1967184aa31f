package game

import "errors"

// Code is a stable, append-only rejection reason. Codes never change meaning once
// published; clients may switch on them.
type Code string

// The shared vocabulary of rejection reasons. Games add their own detail through
// Error.Text; they should reuse these codes where one fits.
const (
	CodeNotYourTurn  Code = "not-your-turn"  // the seat is not among those that must act
	CodeIllegal      Code = "illegal-move"   // the move breaks a rule (Text says which)
	CodeMalformed    Code = "malformed-move" // the move could not be parsed
	CodeGameOver     Code = "game-over"      // the game has ended
	CodeBadOptions   Code = "bad-options"    // the table options are invalid
	CodeStale        Code = "stale-move"     // the move was made against an older version
	CodeUnknownGame  Code = "unknown-game"   // no game is registered under that id
	CodeUnknownSeat  Code = "unknown-seat"   // the seat does not exist at this table
	CodeInternal     Code = "internal"       // a bug; nothing was changed
	CodeTableFull    Code = "table-full"     // no free seat
	CodeRateLimited  Code = "rate-limited"   // too many requests
	CodeUnauthorized Code = "unauthorized"   // the connection may not act for that seat
)

// Error is a refusal. Text is safe to show the player who made the request:
// an error about a hidden thing must reveal nothing about it. Detail is for logs
// and tests, and must also hold no secret.
type Error struct {
	Code   Code
	Text   Text
	Detail string
}

func (e *Error) Error() string {
	if e.Detail != "" {
		return string(e.Code) + ": " + e.Text.Key + ": " + e.Detail
	}
	return string(e.Code) + ": " + e.Text.Key
}

// Errorf builds an Error with a code, a message key and a detail for logs.
func Errorf(code Code, key string, detail string, kv ...any) *Error {
	return &Error{Code: code, Text: T(key, kv...), Detail: detail}
}

// Illegal builds the usual refusal of a move that breaks a rule.
func Illegal(key string, kv ...any) *Error {
	return &Error{Code: CodeIllegal, Text: T(key, kv...)}
}

// CodeOf returns the Code of err if it is (or wraps) an *Error, else CodeInternal.
func CodeOf(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return CodeInternal
}

// Common errors, shared by all games.
var (
	ErrNotYourTurn = &Error{Code: CodeNotYourTurn, Text: T("err.not-your-turn")}
	ErrGameOver    = &Error{Code: CodeGameOver, Text: T("err.game-over")}
	ErrMalformed   = &Error{Code: CodeMalformed, Text: T("err.malformed-move")}
	ErrNotLegal    = &Error{Code: CodeIllegal, Text: T("err.illegal-move")}
)
