//go:build !unix

package server

import "net"

// newRawReader has no raw reads here: a lazyConn's read waits with a pooled
// buffer.
func newRawReader(net.Conn) rawReader { return nil }
