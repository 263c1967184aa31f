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
// handler's goroutine, its writer on its own; the table's goroutine owns
// ready.
type conn struct {
	s      *Server
	t      *table
	ws     *websocket.Conn
	userID string // "" for an anonymous spectator
	name   string
	sess   string // session token hash, for rate limits
	ip     string

	out  chan []byte
	pong chan struct{} // a pong to write: a burst of pings is answered by one pong at a time, never a "too slow" cut
	quit chan struct{}
	once sync.Once
	// stall closes the connection when a write takes longer than
	// writeTimeout; the writer arms it before each write and stops it after
	// (one timer for the connection's life, instead of a context each frame).
	stall   *time.Timer
	code    websocket.StatusCode
	why     string
	helloed atomic.Bool // a hello was read (the hello timeout is off)
	// Owned by the reader: rate-limited notices sent and when the last was.
	notices    int
	lastNotice time.Time
	// Owned by the table's goroutine.
	ready   bool                // hello received
	moveIDs map[string]struct{} // ids of the moves played on this connection
	idOrder []string
}

// send queues a frame; a client too slow to take it is cut.
func (c *conn) send(frame []byte) {
	select {
	case c.out <- frame:
	default:
		c.s.metrics.slowCuts.Add(1)
		c.closeWith(websocket.StatusPolicyViolation, "too slow")
	}
}

// closeWith closes the connection with a status once the frames queued
// before it are written.
func (c *conn) closeWith(code websocket.StatusCode, why string) {
	c.once.Do(func() {
		c.code, c.why = code, why
		close(c.quit)
	})
}

func (c *conn) writeLoop(done chan<- struct{}) {
	defer close(done)
	for {
		select {
		case frame := <-c.out:
			if err := c.write(frame); err != nil {
				c.ws.CloseNow()
				return
			}
		case <-c.pong:
			if err := c.write(pongFrame); err != nil {
				c.ws.CloseNow()
				return
			}
		case <-c.quit:
			// Flush what is already queued, then close cleanly.
			for {
				select {
				case frame := <-c.out:
					if err := c.write(frame); err != nil {
						c.ws.CloseNow()
						return
					}
					continue
				default:
				}
				break
			}
			c.ws.Close(c.code, c.why)
			return
		}
	}
}

func (c *conn) write(frame []byte) error {
	if c.stall == nil {
		c.stall = time.AfterFunc(writeTimeout, func() { c.ws.CloseNow() })
	} else {
		c.stall.Reset(writeTimeout)
	}
	err := c.ws.Write(context.Background(), websocket.MessageText, frame)
	c.stall.Stop()
	return err
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
	defer s.caps.release(ip, sess.TokenHash)
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
	defer s.conns.done()
	if s.closing.Load() {
		http.Error(w, "shutting down", http.StatusServiceUnavailable)
		return
	}
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true}) // originOK has checked the Origin
	if err != nil {
		return // Accept has answered
	}
	ws.SetReadLimit(4 * MaxFrame) // hard stop; frames over MaxFrame get a clear error first
	c := &conn{s: s, t: t, ws: ws, userID: user.ID, name: user.Name, sess: sess.TokenHash, ip: ip,
		out: make(chan []byte, outQueue), pong: make(chan struct{}, 1), quit: make(chan struct{})}
	if !t.do(func() { t.attach(c) }) {
		ws.Close(closeGoingAway, "table closed")
		return
	}
	s.metrics.conns.Add(1)
	defer s.metrics.conns.Add(-1)
	s.caps.track(c)
	defer s.caps.untrack(c)
	writerDone := make(chan struct{})
	go c.writeLoop(writerDone)
	if d := s.cfg.HelloTimeout; d > 0 {
		hello := time.AfterFunc(d, func() {
			if !c.helloed.Load() {
				c.closeWith(websocket.StatusPolicyViolation, "no hello")
			}
		})
		defer hello.Stop()
	}
	if s.cfg.PingEvery > 0 {
		go c.pingLoop()
	}
	c.readLoop()
	t.do(func() { t.detach(c) })
	c.closeWith(websocket.StatusNormalClosure, "")
	<-writerDone
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
		if !c.s.limiter.allowBoth("frame", c.sess, c.s.cfg.Limits.Frames, c.ip, c.s.cfg.Limits.FramesIP) {
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
		select {
		case c.pong <- struct{}{}:
		default: // a pong is already on its way
		}
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
	select {
	case c.out <- errorFrame("", errRateLimited, c.t.ver.Load()):
	default:
	}
	return true
}

// pingLoop pings the client every PingEvery; a pong not back within
// PongTimeout closes the connection.
func (c *conn) pingLoop() {
	tk := time.NewTicker(c.s.cfg.PingEvery)
	defer tk.Stop()
	for {
		select {
		case <-c.quit:
			return
		case <-tk.C:
			ctx, cancel := context.WithTimeout(context.Background(), c.s.cfg.PongTimeout)
			err := c.ws.Ping(ctx)
			cancel()
			if err != nil {
				c.closeWith(websocket.StatusPolicyViolation, "no pong")
				c.ws.CloseNow()
				return
			}
		}
	}
}
