package server

import (
	"math/bits"
	"sync"
	"sync/atomic"
)

// An update is built once for each audience after every move and queued on
// that audience's connections; at 10,000 players its buffers were a third of
// the bytes the server allocated, and so of its garbage collections. A
// sharedFrame's buffer goes back to a pool once every connection it was
// queued on has written it.
//
// The buffer holds one audience's view. It is reused only when no queue
// refers to it any more: each queue holds a reference from sendShared until
// its writer has written the frame (released in writeLoop after the write
// returns), and the builder holds one until it has queued the frame
// everywhere. A frame whose write failed, or that was left queued on a
// closed connection, is never released: its buffer is left to the garbage
// collector, never reused.
type sharedFrame struct {
	buf    []byte
	refs   atomic.Int32
	pooled bool // buf is the frame's own, to return to the pool
}

// hold adds a reference.
func (f *sharedFrame) hold() { f.refs.Add(1) }

// release drops a reference; the last one returns the buffer to its pool.
func (f *sharedFrame) release() {
	switch n := f.refs.Add(-1); {
	case n == 0:
		if f.pooled {
			putFrameBuf(f.buf)
		}
		f.buf = nil
	case n < 0:
		panic("server: a shared frame released more often than held")
	}
}

// newSharedFrame returns a frame whose buffer is empty with room for size
// bytes, held once (by its builder).
func newSharedFrame(size int) *sharedFrame {
	f := &sharedFrame{buf: getFrameBuf(size), pooled: true}
	f.refs.Store(1)
	return f
}

// Frame buffers are pooled by size class: powers of two from 1 KiB to
// 64 KiB. Larger frames are allocated and left to the collector.
const (
	minFrameClass = 10 // 1 KiB
	maxFrameClass = 16 // 64 KiB
)

var framePools [maxFrameClass - minFrameClass + 1]sync.Pool

// frameClass returns the pool index for a buffer of size bytes, or -1.
func frameClass(size int) int {
	c := max(bits.Len(uint(max(size, 1)-1)), minFrameClass)
	if c > maxFrameClass {
		return -1
	}
	return c - minFrameClass
}

// getFrameBuf returns an empty buffer with room for size bytes.
func getFrameBuf(size int) []byte {
	c := frameClass(size)
	if c < 0 {
		return make([]byte, 0, size)
	}
	if p, ok := framePools[c].Get().(*[]byte); ok {
		return (*p)[:0]
	}
	return make([]byte, 0, 1<<(c+minFrameClass))
}

// putFrameBuf returns b to its pool, when it has a class's exact room (a
// buffer that grew past its class, or a large one, is left to the collector).
func putFrameBuf(b []byte) {
	c := frameClass(cap(b))
	if c < 0 || cap(b) != 1<<(c+minFrameClass) {
		return
	}
	framePools[c].Put(&b)
}
