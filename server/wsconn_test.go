package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"gaslamp/internal/testscale"
)

// wsFrame builds a WebSocket frame of a payload, as the library writes it.
func wsFrame(payload []byte, masked bool) (header, body []byte) {
	header = []byte{0x81, 0}
	switch n := len(payload); {
	case n < 126:
		header[1] = byte(n)
	case n <= 0xffff:
		header[1] = 126
		header = binary.BigEndian.AppendUint16(header, uint16(n))
	default:
		header[1] = 127
		header = binary.BigEndian.AppendUint64(header, uint64(n))
	}
	body = payload
	if masked {
		header[1] |= 0x80
		key := [4]byte{1, 2, 3, 4}
		header = append(header, key[:]...)
		body = make([]byte, len(payload))
		for i, b := range payload {
			body[i] = b ^ key[i%4]
		}
	}
	return header, body
}

var frameSizes = []int{0, 1, 60, 125, 126, 127, 1000, 4096, 65535, 65536, 70000}

// TestFrameEnds feeds a stream of frames of every header form in random
// pieces: the stream is at a frame's end exactly at the frames' ends.
func TestFrameEnds(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var stream []byte
	ends := map[int]bool{0: true}
	for _, masked := range []bool{false, true} {
		for _, n := range frameSizes {
			h, b := wsFrame(bytes.Repeat([]byte{'x'}, n), masked)
			stream = append(append(stream, h...), b...)
			ends[len(stream)] = true
		}
	}
	for round := range 20 {
		var f frameEnds
		for off := 0; off < len(stream); {
			k := min(len(stream)-off, 1+rng.IntN(1+round*round*50))
			f.feed(stream[off : off+k])
			off += k
			if f.atEnd() != ends[off] {
				t.Fatalf("round %d: at %d atEnd %v, want %v", round, off, f.atEnd(), ends[off])
			}
		}
	}
}

// wireConn is a net.Conn that records what is written to it and checks that
// a lazyConn writes only whole frames.
type wireConn struct {
	net.Conn
	t   *testing.T
	lc  *lazyConn
	got bytes.Buffer
}

func (w *wireConn) Write(p []byte) (int, error) {
	if !w.lc.ends.atEnd() {
		w.t.Errorf("a write of %d bytes in the middle of a frame (%d bytes out so far)", len(p), w.got.Len())
	}
	return w.got.Write(p)
}

// TestLazyConnWritesWholeFrames writes frames as the WebSocket library does
// (header, payload, flush, through a small bufio.Writer): the connection
// gets each frame whole, in one writev, whatever its size, and
// intact.
func TestLazyConnWritesWholeFrames(t *testing.T) {
	w := &wireConn{t: t}
	lc := &lazyConn{Conn: w}
	w.lc = lc
	bw := bufio.NewWriterSize(lc, wsWriteBuffer)
	var want []byte
	for i, n := range frameSizes {
		payload := bytes.Repeat([]byte{byte('a' + i)}, n)
		h, b := wsFrame(payload, false)
		want = append(append(want, h...), b...)
		bw.Write(h)
		bw.Write(b)
		if err := bw.Flush(); err != nil {
			t.Fatal(err)
		}
		if w.got.Len() != len(want) {
			t.Fatalf("frame of %d bytes: %d bytes out, want %d", n, w.got.Len(), len(want))
		}
	}
	if !bytes.Equal(w.got.Bytes(), want) {
		t.Fatal("the bytes out differ from the frames written")
	}
}

// countConn is a net.Conn that counts its writes and keeps their bytes.
type countConn struct {
	net.Conn
	writes int
	got    bytes.Buffer
}

func (w *countConn) Write(p []byte) (int, error) {
	w.writes++
	return w.got.Write(p)
}

// TestCorkedFramesLeaveInOneWrite: frames written while a lazyConn is corked
// (as the WebSocket library writes them: header, payload, flush) leave in
// one write at uncork, intact and in order; uncorked, each frame is written
// as it comes.
func TestCorkedFramesLeaveInOneWrite(t *testing.T) {
	w := &countConn{}
	lc := &lazyConn{Conn: w}
	bw := bufio.NewWriterSize(lc, wsWriteBuffer)
	writeFrames := func(tag byte) []byte {
		var want []byte
		for i, n := range frameSizes {
			h, b := wsFrame(bytes.Repeat([]byte{tag + byte(i)}, n), false)
			want = append(append(want, h...), b...)
			bw.Write(h)
			bw.Write(b)
			if err := bw.Flush(); err != nil {
				t.Fatal(err)
			}
		}
		return want
	}
	lc.cork()
	want := writeFrames('a')
	if w.writes != 0 {
		t.Fatalf("%d writes while corked, want 0", w.writes)
	}
	if lc.batched() != len(want) {
		t.Fatalf("batched %d bytes, want %d", lc.batched(), len(want))
	}
	if err := lc.uncork(); err != nil {
		t.Fatal(err)
	}
	if w.writes != 1 || !bytes.Equal(w.got.Bytes(), want) {
		t.Fatalf("after uncork: %d writes, %d bytes; want 1 write of the %d bytes written", w.writes, w.got.Len(), len(want))
	}
	// Uncorked, a frame is a write at least (net.Buffers makes a write of
	// each piece here, where a TCP connection makes one writev).
	want = append(want, writeFrames('A')...)
	n := w.writes
	if n < 1+len(frameSizes) || !bytes.Equal(w.got.Bytes(), want) {
		t.Fatalf("uncorked: %d writes in all, want at least %d, bytes intact %v", n, 1+len(frameSizes), bytes.Equal(w.got.Bytes(), want))
	}
	if err := lc.uncork(); err != nil || w.writes != n {
		t.Fatalf("an uncork with nothing corked wrote (%d writes, err %v)", w.writes-n, err)
	}
}

// TestLargeFramesBothWays: a client frame larger than the read buffer a
// connection takes while bytes are in flight is read whole, and a burst of
// frames read at once is answered frame by frame.
func TestLargeFramesBothWays(t *testing.T) {
	e := newEnv(t, nil)
	_, _, _, ca, _ := twoPlayers(e, "6")
	for _, pad := range []int{readChunk - 40, readChunk, MaxFrame - 40} {
		ca.sendRaw(`{"t":"ping","pad":"` + strings.Repeat("x", pad) + `"}`)
		ca.next("pong")
	}
	ca.sendRaw(`{"t":"chat","text":"` + strings.Repeat("é", MaxChat) + `"}`)
	if f := ca.next("chat"); len(f.Raw) < 2*MaxChat {
		t.Fatalf("chat frame of %d bytes", len(f.Raw))
	}
}

// TestFrameSentWithTheUpgrade: a frame the client sends in the same packet
// as its upgrade request (read by net/http before the hijack) is not lost.
func TestFrameSentWithTheUpgrade(t *testing.T) {
	e := newEnv(t, nil)
	alice, bob := e.guest("Alice"), e.guest("Bob")
	c := alice.table("6", 0, "human", "human")
	alice.sit(c.ID, 0)
	bob.sit(c.ID, 1)
	host := strings.TrimPrefix(e.url, "http://")
	nc, err := net.DialTimeout("tcp", host, testscale.Timeout(20*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	nc.SetDeadline(time.Now().Add(testscale.Timeout(20 * time.Second)))
	h, b := wsFrame([]byte(`{"t":"hello","v":-1}`), true)
	req := fmt.Sprintf("GET /ws/t/%s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nCookie: %s=%s\r\n\r\n",
		c.ID, host, cookieName, alice.cookie)
	if _, err := nc.Write(append(append([]byte(req), h...), b...)); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(nc)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("status %d", resp.StatusCode)
	}
	// Read server frames (unmasked, unfragmented) until the state.
	for {
		var hdr [2]byte
		if _, err := io.ReadFull(br, hdr[:]); err != nil {
			t.Fatalf("waiting for the state: %v", err)
		}
		n := int(hdr[1] & 0x7f)
		switch n {
		case 126:
			var x [2]byte
			io.ReadFull(br, x[:])
			n = int(binary.BigEndian.Uint16(x[:]))
		case 127:
			var x [8]byte
			io.ReadFull(br, x[:])
			n = int(binary.BigEndian.Uint64(x[:]))
		}
		payload := make([]byte, n)
		if _, err := io.ReadFull(br, payload); err != nil {
			t.Fatal(err)
		}
		var f struct{ T string }
		json.Unmarshal(payload, &f)
		if f.T == "state" {
			return
		}
	}
}

// TestMoversUpdateAndAckInOneWrite: the mover's update and the ack of the
// move leave in one write (the table holds the mover's frames while it plays
// the move, and the writer gathers frames queued together).
func TestMoversUpdateAndAckInOneWrite(t *testing.T) {
	e := newEnv(t, nil)
	id, alice, _, ca, cb := twoPlayers(e, "10")
	type write struct {
		c      *conn
		frames []string
	}
	writes := make(chan write, 256)
	hook := func(c *conn, frames [][]byte) {
		w := write{c: c}
		for _, f := range frames {
			var head struct {
				T  string `json:"t"`
				V  int64  `json:"v"`
				ID string `json:"id"`
			}
			json.Unmarshal(f, &head)
			w.frames = append(w.frames, fmt.Sprintf("%s v%d %s", head.T, head.V, head.ID))
		}
		writes <- w
	}
	e.srv.writeHook.Store(&hook)
	defer e.srv.writeHook.Store(nil)
	ac := connOf(t, e, id, alice.id)
	mid := ca.move(0, 0, `{"kind":"pick","n":2}`)
	ca.next("ack")
	cb.next("update")
	ack := "ack v1 " + mid
	for {
		w := <-writes // Alice's ack has been read, so its write was hooked
		if w.c != ac || !slices.Contains(w.frames, ack) {
			continue
		}
		if !slices.Contains(w.frames, "update v1 ") {
			t.Fatalf("Alice's ack left in a write of %q, without the update", w.frames)
		}
		return
	}
}

// TestHeldConnectionStartsNoWriter: frames queued while a connection is held
// start no writer; at release they leave in one write.
func TestHeldConnectionStartsNoWriter(t *testing.T) {
	e := newEnv(t, nil)
	id, alice, _, _, _ := twoPlayers(e, "10")
	c := connOf(t, e, id, alice.id)
	writes := make(chan []string, 64)
	hook := func(w *conn, frames [][]byte) {
		if w == c {
			var s []string
			for _, f := range frames {
				s = append(s, string(f))
			}
			writes <- s
		}
	}
	e.srv.writeHook.Store(&hook)
	defer e.srv.writeHook.Store(nil)

	// Once Alice's writer has written what came before (the presence of
	// Bob's arrival) and ended, nothing else is sent to her.
	idle := func() bool {
		c.wmu.Lock()
		defer c.wmu.Unlock()
		return !c.writing && len(c.out) == 0
	}
	for deadline := time.Now().Add(testscale.Timeout(10 * time.Second)); !idle(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("Alice's writer never ended")
		}
	}
	c.hold()
	c.send([]byte(`{"t":"chat","text":"one"}`))
	c.send([]byte(`{"t":"chat","text":"two"}`))
	c.wmu.Lock()
	writing := c.writing
	c.wmu.Unlock()
	if writing {
		t.Fatal("a writer started while the connection was held")
	}
	c.release()
	for w := range writes {
		if slices.Contains(w, `{"t":"chat","text":"one"}`) {
			if !slices.Contains(w, `{"t":"chat","text":"two"}`) {
				t.Fatalf("the frames queued while held left apart: %q", w)
			}
			break
		}
	}
}

// connOf returns the server's connection of user on table id.
func connOf(t *testing.T, e *env, id, user string) *conn {
	t.Helper()
	tb, err := e.srv.hub.get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var c *conn
	found := make(chan struct{})
	tb.do(func() {
		defer close(found)
		for x := range tb.conns {
			if x.userID == user {
				c = x
			}
		}
	})
	<-found
	if c == nil {
		t.Fatalf("no connection of user %s on table %s", user, id)
	}
	return c
}
