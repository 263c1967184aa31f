package server

import (
	"bufio"
	"encoding/binary"
	"io"
	"net"
	"net/http"
	"sync"
)

// An idle WebSocket connection holds no I/O buffer. net/http hands a
// hijacked connection over with its 4 KiB bufio.Reader and 4 KiB
// bufio.Writer, which the WebSocket library keeps for the connection's life:
// 8 KiB a connection that waits for its next frame most of the time.
// Instead the library gets small bufio buffers over a lazyConn, which takes a
// pooled buffer only while bytes are in flight:
//
//   - reading, it waits for the socket to be readable without a buffer (a
//     raw read, see wsconn_unix.go), then reads what has come, up to 4 KiB,
//     into a pooled buffer it gives back once the library has taken it all:
//     one read system call for a frame, as with net/http's buffer;
//   - writing, it follows the frames in the byte stream it is given and
//     holds the few bytes the small bufio.Writer flushes early (the header
//     and the first bytes of a longer frame) until the rest of the frame
//     comes, then writes both at once (writev): one write system call for a
//     frame of any size, as net/http's buffer gave frames under 4 KiB.
const (
	wsReadBuffer  = 64   // the library's bufio.Reader
	wsWriteBuffer = 64   // the library's bufio.Writer; also what lazyConn may hold
	readChunk     = 4096 // the pooled buffer a read takes while bytes are in flight
)

var readChunks = sync.Pool{New: func() any { b := make([]byte, readChunk); return &b }}

// lazyHijacker wraps the handler's ResponseWriter for websocket.Accept: its
// Hijack returns the connection as a lazyConn, with small buffers.
type lazyHijacker struct {
	http.ResponseWriter
	// got receives the lazyConn (for its batches, see cork); may be nil.
	got **lazyConn
}

func (h lazyHijacker) Unwrap() http.ResponseWriter { return h.ResponseWriter }

func (h lazyHijacker) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	nc, brw, err := http.NewResponseController(h.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	// net/http has written the response head (Hijack flushes it); anything
	// left is written now, before the library's frames.
	if brw.Writer.Buffered() > 0 {
		if err := brw.Writer.Flush(); err != nil {
			nc.Close()
			return nil, nil, err
		}
	}
	c := newLazyConn(nc)
	if h.got != nil {
		*h.got = c
	}
	// Bytes the client sent after its request (its first frames) that
	// net/http has already read are read first.
	if n := brw.Reader.Buffered(); n > 0 {
		early, _ := brw.Reader.Peek(n)
		b := new([]byte)
		if n <= readChunk {
			b = readChunks.Get().(*[]byte)
		} else {
			*b = make([]byte, n)
		}
		c.rbuf, c.r, c.w = b, 0, copy(*b, early)
	}
	return c, bufio.NewReadWriter(bufio.NewReaderSize(c, wsReadBuffer), bufio.NewWriterSize(c, wsWriteBuffer)), nil
}

// lazyConn is a hijacked connection that holds buffers only while bytes are
// in flight. Read is called by one goroutine at a time (the library's
// reader), Write by one at a time (the library's frame writer).
type lazyConn struct {
	net.Conn
	raw rawReader // nil: reads block with a pooled buffer (no raw reads here)

	// Read side: the unread bytes of the last read, rbuf[r:w]; rbuf is nil
	// when there are none.
	rbuf *[]byte
	r, w int

	// Write side: the frames followed, and the bytes held back.
	ends  frameEnds
	held  [wsWriteBuffer]byte
	nheld int

	// bmu guards batch: while it is set (between cork and uncork), whole
	// frames are gathered there and written together by uncork.
	bmu   sync.Mutex
	batch *[]byte
}

// batches are the pooled buffers of corked writes.
var batches = sync.Pool{New: func() any { b := make([]byte, 0, 8192); return &b }}

// maxBatch is how many bytes a corked connection gathers at most before its
// writer uncorks it.
const maxBatch = 64 << 10

// cork makes the next writes gather in a buffer until uncork, which writes
// them with one system call: the frames queued for a connection at once (an
// update and the ack of the move that made it, or the updates of a bot's
// answers) cost one write, and the client one read. Called between frames,
// by the connection's writer only.
func (c *lazyConn) cork() {
	c.bmu.Lock()
	defer c.bmu.Unlock()
	if c.batch == nil {
		c.batch = batches.Get().(*[]byte)
		*c.batch = (*c.batch)[:0]
	}
}

// batched is the number of bytes gathered since cork.
func (c *lazyConn) batched() int {
	c.bmu.Lock()
	defer c.bmu.Unlock()
	if c.batch == nil {
		return 0
	}
	return len(*c.batch)
}

// uncork writes what was gathered since cork, at once.
func (c *lazyConn) uncork() error {
	c.bmu.Lock()
	b := c.batch
	c.batch = nil
	c.bmu.Unlock()
	if b == nil {
		return nil
	}
	var err error
	if len(*b) > 0 {
		_, err = c.Conn.Write(*b)
	}
	if cap(*b) <= 4*maxBatch {
		batches.Put(b)
	}
	return err
}

// rawReader waits for its connection to be readable and reads what came
// into a buffer taken only then (see wsconn_unix.go).
type rawReader interface {
	readLazily() (*[]byte, int, error)
}

func newLazyConn(nc net.Conn) *lazyConn {
	return &lazyConn{Conn: nc, raw: newRawReader(nc)}
}

func (c *lazyConn) Read(p []byte) (int, error) {
	if c.rbuf == nil {
		if len(p) >= readChunk {
			return c.Conn.Read(p)
		}
		b, n, err := c.fill()
		if err != nil {
			return 0, err
		}
		c.rbuf, c.r, c.w = b, 0, n
	}
	n := copy(p, (*c.rbuf)[c.r:c.w])
	c.r += n
	if c.r == c.w {
		if cap(*c.rbuf) == readChunk {
			readChunks.Put(c.rbuf)
		}
		c.rbuf = nil
	}
	return n, nil
}

// fill reads what has come, at least a byte, into a pooled buffer.
func (c *lazyConn) fill() (*[]byte, int, error) {
	if c.raw != nil {
		return c.raw.readLazily()
	}
	b := readChunks.Get().(*[]byte)
	n, err := c.Conn.Read(*b)
	if n > 0 {
		return b, n, nil // an error comes again with the next read
	}
	readChunks.Put(b)
	if err == nil {
		err = io.ErrNoProgress
	}
	return nil, 0, err
}

// Write writes p, or holds it when it ends inside a frame and is small (the
// bufio.Writer flushed its buffer in the middle of a frame): the rest of the
// frame follows, and both go out in one write.
func (c *lazyConn) Write(p []byte) (int, error) {
	c.ends.feed(p)
	c.bmu.Lock()
	if c.batch != nil {
		if c.nheld > 0 {
			*c.batch = append(*c.batch, c.held[:c.nheld]...)
			c.nheld = 0
		}
		*c.batch = append(*c.batch, p...)
		c.bmu.Unlock()
		return len(p), nil
	}
	c.bmu.Unlock()
	if !c.ends.atEnd() && c.nheld+len(p) <= len(c.held) {
		c.nheld += copy(c.held[c.nheld:], p)
		return len(p), nil
	}
	if c.nheld == 0 {
		return c.Conn.Write(p)
	}
	held := c.nheld
	c.nheld = 0
	bufs := net.Buffers{c.held[:held], p}
	n, err := bufs.WriteTo(c.Conn)
	return int(max(0, n-int64(held))), err
}

// frameEnds follows the WebSocket frames (RFC 6455 section 5.2) in a byte
// stream, to tell whether the stream so far ends at a frame's end.
type frameEnds struct {
	left int64    // payload bytes of the current frame still to come
	hdr  [14]byte // the next frame's header, as far as seen
	hn   int
}

func (f *frameEnds) atEnd() bool { return f.left == 0 && f.hn == 0 }

func (f *frameEnds) feed(p []byte) {
	for len(p) > 0 {
		if f.left > 0 {
			k := min(f.left, int64(len(p)))
			f.left -= k
			p = p[k:]
			continue
		}
		f.hdr[f.hn] = p[0]
		f.hn++
		p = p[1:]
		if f.hn < 2 {
			continue
		}
		size, n := int64(f.hdr[1]&0x7f), 2
		switch size {
		case 126:
			n += 2
		case 127:
			n += 8
		}
		if f.hdr[1]&0x80 != 0 { // masked
			n += 4
		}
		if f.hn < n {
			continue
		}
		switch size {
		case 126:
			size = int64(binary.BigEndian.Uint16(f.hdr[2:4]))
		case 127:
			size = int64(binary.BigEndian.Uint64(f.hdr[2:10]) &^ (1 << 63))
		}
		f.left, f.hn = size, 0
	}
}
