// Package bus carries table notices between the parts of gaslamp that must
// hear about a table's changes: "table T changed at version N", "table T
// finished". A table's owner publishes after the move is stored; subscribers
// (the other server nodes holding the table) re-read what changed from the
// store.
//
// [Local] is the in-process implementation used by a single server;
// gaslamp/bus/natsbus carries the same notices between server nodes through
// NATS. Both pass the same conformance suite, gaslamp/bus/bustest. Delivery is
// at-most-once and never blocks the publisher: a subscriber that falls behind
// loses notices, and must treat a notice as a hint to re-read the store, never
// as the data itself.
package bus
