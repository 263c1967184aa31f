package server

import (
	"context"
	"errors"
	"io"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"gaslamp/game"
)

// outQueue is the number of frames a connection may have waiting; a client
// that falls further behind is cut.
const outQueue = 64

const (
	closeGoingAway = websocket.StatusGoingAway
	writeTimeout   = 10 * time.Second
)

// conn is one WebSocket connection to a table. Its reader runs on the HTTP
// handler's goroutine, its writer on a goroutine of its own while frames are queued (kick); the table's goroutine owns
// ready.
type conn struct {
	s      *Server
	t      *table
	ws     *websocket.Conn
	lc     *lazyConn // ws's connection, for batched writes; nil in some tests
	userID string    // "" for an anonymous spectator
	name   string
	guest  bool   // a guest's, not an account's (userID set)
	sess   string // session token hash, for rate limits
	ip     string
	// frameKeys are the limiter's keys of this connection's frames: its
	// session's ("" for none) and its IP address's.
	frameKeys [2]string

	quit chan struct{}
	once sync.Once
	// The writer runs only while something is queued (kick).
	wmu sync.Mutex
	// out is the frames waiting, at most outQueue: a slice that grows only
	// while frames wait (an idle connection keeps at most a short one, not a
	// channel of outQueue slots).
	out        []outFrame
	pong       bool          // a pong to write: a burst of pings is answered by one pong at a time, never a "too slow" cut
	writing    bool          // a writer runs
	holds      int           // while above 0, frames queue without starting a writer (see hold)
	wdone      bool          // the writer closed the connection or failed: none runs again
	writerDone chan struct{} // closed when wdone is set
	// stall closes the connection when a write takes longer than
	// writeTimeout; the writer arms it before each write and stops it after
	// (one timer for the connection's life, instead of a context each frame).
	stall   *time.Timer
	code    websocket.StatusCode
	why     string
	helloed atomic.Bool // a hello was read (the hello timeout is off)
	// pinger sends the next ping (see ping); nil once the connection ended.
	pingMu sync.Mutex
	pinger *time.Timer
	// Owned by the reader: rate-limited notices sent and when the last was.
	notices    int
	lastNotice time.Time
	// Owned by the table's goroutine.
	ready   bool                // hello received
	moveIDs map[string]struct{} // ids of the moves played on this connection
	idOrder []string
}

// outFrame is a frame waiting to be written: its bytes, and the shared
// frame they belong to when they are one (released once written).
type outFrame struct {
	b  []byte
	sh *sharedFrame
}

// send queues a frame; a client too slow to take it is cut.
func (c *conn) send(frame []byte) {
	c.sendFrame(outFrame{b: frame})
}

// sendShared queues a shared frame, holding a reference to it until the
// frame is written.
func (c *conn) sendShared(f *sharedFrame) {
	f.hold()
	c.sendFrame(outFrame{b: f.buf, sh: f})
}

func (c *conn) sendFrame(f outFrame) {
	if !c.queue(f) {
		if f.sh != nil {
			f.sh.release()
		}
		c.s.metrics.slowCuts.Add(1)
		c.closeWith(websocket.StatusPolicyViolation, "too slow")
	}
}

// queue queues a frame and makes sure a writer runs; false when outQueue
// frames are already waiting.
func (c *conn) queue(frame outFrame) bool {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if len(c.out) >= outQueue {
		return false
	}
	c.out = append(c.out, frame)
	if c.holds == 0 {
		c.kickLocked()
	}
	return true
}

// hold makes the frames queued until release wait for it, so that they go
// out together (in one write, see writeLoop): the table holds a mover's
// connection while it plays the move, and its update and ack leave at once.
func (c *conn) hold() {
	c.wmu.Lock()
	c.holds++
	c.wmu.Unlock()
}

// release ends a hold: what was queued meanwhile is written.
func (c *conn) release() {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.holds--
	if c.holds == 0 && len(c.out) > 0 {
		c.kickLocked()
	}
}

// queuePong queues a pong unless one is waiting already.
func (c *conn) queuePong() {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if !c.pong {
		c.pong = true
		c.kickLocked()
	}
}

// closeWith closes the connection with a status once the frames queued
// before it are written.
func (c *conn) closeWith(code websocket.StatusCode, why string) {
	c.once.Do(func() {
		c.code, c.why = code, why
		close(c.quit)
	})
	c.kick()
}

// kick makes sure a writer runs while there is something to write. The
// writer is a goroutine that lives only while frames, a pong or the close
// are queued: an idle connection keeps no writer (and no writer's stack).
func (c *conn) kick() {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.kickLocked()
}

func (c *conn) kickLocked() {
	if c.writing || c.wdone {
		return
	}
	c.writing = true
	go c.writeLoop()
}

// writeLoop writes what is queued, then ends; once the connection is
// closing it writes the frames queued, sends the close frame and closes
// writerDone.
//
// Frames queued together are written together: when more wait behind the
// one taken, the connection is corked (see lazyConn.cork) until the queue is
// empty or maxBatch bytes are gathered, and they leave in one system call.
func (c *conn) writeLoop() {
	corked := false
	hook := c.s.writeHook.Load()
	var written [][]byte // the frames of a write, for the test hook only
	for {
		c.wmu.Lock()
		if c.holds > 0 && !corked && !c.closing() {
			// Held (see hold): release starts a writer again.
			c.writing = false
			c.wmu.Unlock()
			return
		}
		frame, ok := c.next()
		more := len(c.out) > 0
		if !ok {
			if !c.closing() {
				// Nothing queued: end (a sender that queues after this
				// finds writing false and starts a writer of its own).
				c.writing = false
				c.wmu.Unlock()
				return
			}
			c.wmu.Unlock()
			c.ws.Close(c.code, c.why)
			c.finishWriter()
			return
		}
		c.wmu.Unlock()
		if more && !corked && c.lc != nil {
			c.lc.cork()
			corked = true
		}
		if err := c.write(frame.b); err != nil {
			// A shared frame that was not written whole is not released:
			// its buffer is left to the collector, never used again.
			c.writeFailed()
			return
		}
		c.s.metrics.framesOut.Add(1)
		if hook != nil {
			written = append(written, frame.b) // kept by the test hook: never released
		} else if frame.sh != nil {
			// The library and lazyConn copy or write the bytes before
			// Write returns (a corked batch copies them): nothing
			// refers to them any more.
			frame.sh.release()
		}
		if corked && (!more || c.lc.batched() >= maxBatch) {
			corked = false
			if err := c.flush(); err != nil {
				c.writeFailed()
				return
			}
		}
		if !corked {
			c.s.metrics.framesWrites.Add(1)
			if hook != nil {
				(*hook)(c, written)
				written = nil
			}
		}
	}
}

// next takes the next frame to write, under wmu: the oldest queued, else a
// pong (none once the connection is closing: it closes once its frames are
// written); false when there is none.
func (c *conn) next() (outFrame, bool) {
	if len(c.out) > 0 {
		frame := c.out[0]
		c.out[0] = outFrame{}
		c.out = c.out[1:]
		if len(c.out) == 0 {
			c.out = nil // a burst's slice is not kept
		}
		return frame, true
	}
	if c.pong && !c.closing() {
		c.pong = false
		return outFrame{b: pongFrame}, true
	}
	return outFrame{}, false
}

// closing reports whether closeWith has been called.
func (c *conn) closing() bool {
	select {
	case <-c.quit:
		return true
	default:
		return false
	}
}

// writeFailed ends a connection whose write failed: no writer runs again.
func (c *conn) writeFailed() {
	c.ws.CloseNow()
	c.finishWriter()
}

// finishWriter marks the writer done for good and closes writerDone.
func (c *conn) finishWriter() {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.writing = false
	if !c.wdone {
		c.wdone = true
		close(c.writerDone)
	}
}

func (c *conn) write(frame []byte) error {
	c.armStall()
	err := c.ws.Write(context.Background(), websocket.MessageText, frame)
	c.stall.Stop()
	return err
}

// flush writes the frames gathered while corked.
func (c *conn) flush() error {
	c.armStall()
	err := c.lc.uncork()
	c.stall.Stop()
	return err
}

// armStall starts the timer that cuts a connection whose write hangs.
func (c *conn) armStall() {
	if c.stall == nil {
		c.stall = time.AfterFunc(writeTimeout, func() { c.ws.CloseNow() })
	} else {
		c.stall.Reset(writeTimeout)
	}
}

// handleWS upgrades /ws/t/{id} and runs the connection.
func (s *Server) handleWS(w http.ResponseWriter, r *http.Request) {
	if s.closing.Load() {
		http.Error(w, "shutting down", http.StatusServiceUnavailable)
		return
	}
	if !s.originOK(r) {
		s.httpError(w, http.StatusForbidden, &game.Error{Code: CodeBadOrigin, Text: game.T("err.bad-origin")})
		return
	}
	sess, user, _ := s.session(r)
	ip := clientIP(r)
	if err := s.caps.acquire(ip, sess.TokenHash, s.cfg.ConnsPerAddr, s.cfg.ConnsPerSession); err != nil {
		s.metrics.refused.Add(1)
		w.Header().Set("Connection", "close")
		s.httpError(w, http.StatusTooManyRequests, errRateLimited)
		return
	}
	// Once the connection runs, its own goroutine releases what the
	// handler took (see below).
	handedOff := false
	defer func() {
		if !handedOff {
			s.caps.release(ip, sess.TokenHash)
		}
	}()
	if !s.limiter.allowBoth("join", sess.TokenHash, s.cfg.Limits.Join, ip, s.cfg.Limits.JoinIP) {
		s.httpError(w, http.StatusTooManyRequests, errRateLimited)
		return
	}
	t, err := s.hub.get(r.Context(), r.PathValue("id"))
	if err != nil {
		s.httpError(w, http.StatusNotFound, &game.Error{Code: CodeNotFound, Text: game.T("err.no-table")})
		return
	}
	s.conns.add()
	defer func() {
		if !handedOff {
			s.conns.done()
		}
	}()
	if s.closing.Load() {
		http.Error(w, "shutting down", http.StatusServiceUnavailable)
		return
	}
	// lazyHijacker: the connection holds no I/O buffer while idle (see
	// wsconn.go).
	var lc *lazyConn
	ws, err := websocket.Accept(lazyHijacker{w, &lc}, r, &websocket.AcceptOptions{InsecureSkipVerify: true}) // originOK has checked the Origin
	if err != nil {
		return // Accept has answered
	}
	ws.SetReadLimit(4 * MaxFrame) // hard stop; frames over MaxFrame get a clear error first
	c := &conn{s: s, t: t, ws: ws, lc: lc, userID: user.ID, name: user.Name, guest: user.ID != "" && !user.Registered, sess: sess.TokenHash, ip: ip,
		quit: make(chan struct{}), writerDone: make(chan struct{})}
	c.frameKeys[1] = ipKey("frame", ip)
	if c.sess != "" {
		c.frameKeys[0] = sessionKey("frame", c.sess)
	}
	// A table unloaded as idle between the lookup and the attach (the
	// handshake outlasted the idle limit, or the sweep stopped it while the
	// attach waited in its queue) is loaded again: the visit must not find
	// it closed. Only a stopping server closes the connection.
	for try := 0; !(s.beforeAttach(t) && t.attachUnlessStopping(s.baseCtx, c)); try++ {
		if s.closing.Load() {
			ws.Close(closeGoingAway, "server shutting down")
			return
		}
		if try == 2 {
			ws.Close(closeGoingAway, "table closed")
			return
		}
		if t, err = s.hub.get(r.Context(), t.id); err != nil {
			ws.Close(closeGoingAway, "table closed")
			return
		}
		c.t = t
	}
	// The connection lives on a goroutine of its own, and the handler's
	// returns: the handler's goroutine carries the deep stack of the
	// request (session lookup, table load), which a fresh goroutine does
	// not; an idle connection then costs a small stack.
	handedOff = true
	go func() {
		defer s.conns.done()
		defer s.caps.release(ip, sess.TokenHash)
		c.serve()
	}()
}

// serve runs a connection until it ends: reads its frames, then detaches it
// from its table and closes it once its queued frames are written.
func (c *conn) serve() {
	s, t := c.s, c.t
	s.metrics.conns.Add(1)
	defer s.metrics.conns.Add(-1)
	s.caps.track(c)
	defer s.caps.untrack(c)
	if d := s.cfg.HelloTimeout; d > 0 {
		hello := time.AfterFunc(d, func() {
			if !c.helloed.Load() {
				c.closeWith(websocket.StatusPolicyViolation, "no hello")
			}
		})
		defer hello.Stop()
	}
	if s.cfg.PingEvery > 0 {
		c.startPings()
		defer c.stopPings()
	}
	c.readLoop()
	t.do(func() { t.detach(c) })
	c.closeWith(websocket.StatusNormalClosure, "")
	<-c.writerDone
}

// readLoop reads frames until the connection ends. Each frame is checked for
// size and rate before it is parsed.
func (c *conn) readLoop() {
	for {
		typ, r, err := c.ws.Reader(context.Background())
		if err != nil {
			return
		}
		if !c.readFrame(typ, r) {
			return
		}
	}
}

// beforeAttach runs the test hook set between a connection's table lookup
// and its attach (tests unload the table there); it returns true.
func (s *Server) beforeAttach(t *table) bool {
	if h := s.attachHook.Load(); h != nil {
		(*h)(t)
	}
	return true
}

// frameBufs holds read buffers: an idle connection keeps none.
var frameBufs = sync.Pool{New: func() any { b := make([]byte, MaxFrame+1); return &b }}

// readFrame reads, checks and dispatches one frame; false ends the
// connection.
func (c *conn) readFrame(typ websocket.MessageType, r io.Reader) bool {
	bp := frameBufs.Get().(*[]byte)
	defer frameBufs.Put(bp)
	buf := *bp
	{
		n, err := io.ReadFull(r, buf)
		switch {
		case err == nil: // MaxFrame+1 bytes: too large
			c.send(errorFrame("", &game.Error{Code: CodeTooLarge, Text: game.T("err.too-large", "max", MaxFrame)}, c.t.ver.Load()))
			c.closeWith(websocket.StatusMessageTooBig, "frame over 8 KiB")
			return false
		case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		default:
			return false
		}
		received := time.Now()
		if !c.s.limiter.allowKeys(c.frameKeys[0], c.s.cfg.Limits.Frames, c.frameKeys[1], c.s.cfg.Limits.FramesIP) {
			return c.rateLimited()
		}
		if typ != websocket.MessageText {
			c.send(errorFrame("", badMessage("err.bad-message", "binary frame"), c.t.ver.Load()))
			return true
		}
		// The message copies what it keeps: buf goes back to the pool.
		m, err := DecodeClientMessage(buf[:n])
		if err != nil {
			c.s.metrics.refused.Add(1)
			c.send(errorFrame(idOf(buf[:n]), asGameError(err, CodeBadMessage), c.t.ver.Load()))
			return true
		}
		return c.dispatch(m, received)
	}
}

// dispatch hands a parsed message to the table; false when the table stopped.
func (c *conn) dispatch(m ClientMessage, received time.Time) bool {
	t := c.t
	switch m.Type {
	case MsgPing:
		c.queuePong() // none when a pong is already on its way
		return true
	case MsgHello:
		c.helloed.Store(true)
		return t.do(func() { t.handleHello(c, m.V) })
	case MsgMove:
		return t.do(func() { t.handleMove(c, m, received) })
	case MsgWhy:
		return t.do(func() { t.handleWhy(c, m) })
	case MsgChat:
		if c.sess != "" && !c.s.limiter.allow("chat|s|"+c.sess, c.s.cfg.Limits.Chat) {
			return c.rateLimited()
		}
		return t.do(func() { t.handleChat(c, m.Text) })
	}
	return true
}

// rateLimited drops a frame over the rate limits. The client is told with a
// `rate-limited` error at most once a second (never queued behind a full
// queue, so never a "too slow" cut); after Config.RateNotices notices it is
// closed (1008, "rate limited") for sustained abuse. false ends the reader.
func (c *conn) rateLimited() bool {
	c.s.metrics.refused.Add(1)
	now := time.Now()
	if now.Sub(c.lastNotice) < time.Second {
		return true
	}
	if now.Sub(c.lastNotice) > time.Minute {
		c.notices = 0 // a quiet minute forgives
	}
	c.lastNotice = now
	c.notices++
	if c.notices > c.s.cfg.RateNotices {
		c.closeWith(websocket.StatusPolicyViolation, "rate limited")
		return false
	}
	c.queue(outFrame{b: errorFrame("", errRateLimited, c.t.ver.Load())}) // dropped when the queue is full
	return true
}

// startPings pings the client every PingEvery; a pong not back within
// PongTimeout closes the connection.
func (c *conn) startPings() {
	c.pingMu.Lock()
	defer c.pingMu.Unlock()
	c.pinger = time.AfterFunc(c.s.cfg.PingEvery, c.ping)
}

// ping runs on a timer's goroutine, every PingEvery while the connection
// lasts: no goroutine waits between pings (an idle connection costs its
// stack), one lives while a ping waits for its pong.
func (c *conn) ping() {
	select {
	case <-c.quit:
		return
	default:
	}
	ctx, cancel := context.WithTimeout(context.Background(), c.s.cfg.PongTimeout)
	err := c.ws.Ping(ctx)
	cancel()
	if err != nil {
		c.closeWith(websocket.StatusPolicyViolation, "no pong")
		c.ws.CloseNow()
		return
	}
	c.pingMu.Lock()
	defer c.pingMu.Unlock()
	if c.pinger != nil {
		c.pinger.Reset(c.s.cfg.PingEvery)
	}
}

// stopPings stops the pings of a connection that ends.
func (c *conn) stopPings() {
	c.pingMu.Lock()
	defer c.pingMu.Unlock()
	if c.pinger != nil {
		c.pinger.Stop()
		c.pinger = nil
	}
}
