// Package security holds the site's security test suite: each test starts a
// real server (server.New behind httptest on loopback, a fresh SQLite store)
// and replays an attack through the public HTTP and WebSocket interface, as a
// cheating player, a table creator, a spectator or an outside attacker would.
// The threat model and the promise each test checks are in docs/security.md.
//
// The package has no non-test code; harness_test.go holds the shared helpers
// (startSite, guests with a cookie jar and CSRF token, tables, seats,
// WebSockets).
package security
