package server

import (
	"gaslamp/game"
	"gaslamp/store"
)

// Moderation (issue 16): suspensions (set by `gaslamp admin`), mutes,
// blocks, reports and the host's removal of a player before the game
// starts. docs/security.md lists the promises.

// Refusal codes of moderation.
const (
	CodeSuspended game.Code = "suspended" // the account is suspended
)

// errSuspended is the refusal of a suspended account, with the day its
// suspension ends.
func errSuspended(acct store.Account) *game.Error {
	return &game.Error{Code: CodeSuspended, Text: game.T("err.suspended", "until", acct.SuspendedUntil.UTC().Format("2006-01-02 15:04 UTC"))}
}
