// Package server is gaslamp's online play: the HTTP pages and JSON lobby API,
// guest sessions, and one WebSocket per open table, as described in
// docs/protocol.md.
//
// # Tables
//
// Every table in memory is run by one goroutine (table.run), the only owner of
// its game state; connections, lobby requests and bots send it closures. A
// player's move goes: connection reader (size and rate checked before
// parsing, then DecodeClientMessage) -> table goroutine (seat, duplicate id,
// version, turn) -> the game's Apply on a clone -> the store appends the move
// -> the clone becomes the state -> every connection gets its update -> ack to
// the sender. A refusal changes nothing. Tables are rebuilt at start-up by
// replaying their stored moves.
//
// # Several nodes
//
// Nodes given a Config.NodeID share the store and the bus: they load tables
// on demand, follow the moves other nodes store (catching up from the store
// on bus notices and on a periodic version check), judge again a move whose
// number another node took first, and let the holder of a table's lease in
// the store alone play its bots and run its takeover timer. nodes.go
// describes the scheme.
//
// # Secrecy
//
// render.go is the one choke point: every frame sent to a connection is built
// there from the views of the seats that connection holds (or the
// spectator's), events filtered by their audience, and errors reduced to their
// code and text.
//
// # Bots
//
// Bot seats, and the seats of players away longer than the table's
// takeover_seconds, are played by bots on their own goroutines with the seat's
// view and legal moves only, within a time budget; a late bot is replaced by a
// random legal move.
//
// # Operations
//
// Structured logs (log/slog) never hold a token, a move's content or a view.
// /healthz answers ok; /metrics exposes tables by status, connections, moves
// and a move latency histogram in Prometheus text format. Shutdown finishes
// every move already received before closing the connections.
package server
