// Package store keeps gaslamp's durable data behind one interface, [Store]:
// users, sessions (by the SHA-256 of their token, never the token itself),
// tables (id, game, options, seed, seats, status), the moves of every table in
// order, table chat, and table leases (which server node acts for a table's
// bots when several share the database).
//
// Persistence is event-sourced: a table's game state is never stored; it is
// rebuilt by replaying the table's moves from its game, options and seed. A move
// is appended before the server acknowledges it, so a table restarted after a
// crash is back at the last acknowledged move.
//
// The default implementation, [OpenSQLite], is an embedded SQLite database in
// WAL mode (pure Go, nothing to install). gaslamp/store/pgstore is the
// PostgreSQL implementation, for several server nodes sharing one database.
// The schema lives in versioned migrations ([Migrations]) written in the SQL
// subset that SQLite and PostgreSQL share (TEXT, BIGINT, INTEGER, composite
// primary keys, no AUTOINCREMENT, no BLOB: hashes are hex text, JSON is text,
// times are Unix milliseconds), and both implementations apply the same list.
// Every implementation passes the same conformance suite,
// gaslamp/store/storetest.
package store
