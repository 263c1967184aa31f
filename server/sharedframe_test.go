package server

import (
	"fmt"
	"strings"
	"testing"
)

func TestFrameClasses(t *testing.T) {
	for _, c := range []struct{ size, class int }{
		{0, 0}, {1, 0}, {1024, 0}, {1025, 1}, {2048, 1}, {2049, 2}, {64 << 10, 6}, {64<<10 + 1, -1},
	} {
		if got := frameClass(c.size); got != c.class {
			t.Errorf("frameClass(%d) = %d, want %d", c.size, got, c.class)
		}
	}
	if b := getFrameBuf(3000); len(b) != 0 || cap(b) != 4096 {
		t.Errorf("getFrameBuf(3000): len %d cap %d", len(b), cap(b))
	}
	if b := getFrameBuf(100 << 10); cap(b) != 100<<10 {
		t.Errorf("a large buffer has room %d", cap(b))
	}
}

// TestSharedFrameReleasedOnce: the buffer goes back to the pool with the last
// reference only, and a release more than held panics rather than let a
// buffer that a queue still holds be written over.
func TestSharedFrameReleasedOnce(t *testing.T) {
	f := newSharedFrame(2000)
	f.buf = append(f.buf, "secret"...)
	f.hold()
	f.hold()
	f.release()
	f.release()
	if f.buf == nil {
		t.Fatal("the buffer was released while a reference was left")
	}
	f.release()
	if f.buf != nil {
		t.Fatal("the last release kept the buffer")
	}
	defer func() {
		if recover() == nil {
			t.Fatal("releasing more than held did not panic")
		}
	}()
	f.release()
}

// TestSharedFramesStayWithTheirAudience plays several tables move by move in
// turn, so that the update buffers one table's connections have written are
// reused for the next table's updates, and checks that every connection
// received only its own seat's secrets and views, each update whole (its
// version, one view for its seat).
func TestSharedFramesStayWithTheirAudience(t *testing.T) {
	e := newEnv(t, nil)
	const tables, moves = 4, 30
	type tbl struct {
		id     string
		ca, cb *client
		sec    [2]string
	}
	var ts []tbl
	for range tables {
		id, _, _, ca, cb := twoPlayers(e, "40")
		ts = append(ts, tbl{id: id, ca: ca, cb: cb, sec: e.secrets(id)})
	}
	for v := int64(0); v < moves; v++ {
		for _, x := range ts {
			c := []*client{x.ca, x.cb}[v%2]
			mv := `{"kind":"peek"}`
			if v%3 == 1 {
				mv = fmt.Sprintf(`{"kind":"pick","n":%d}`, 1+v%3)
			}
			c.move(v, int(v%2), mv)
		}
		for _, x := range ts {
			for seat, c := range []*client{x.ca, x.cb} {
				f := c.update(v + 1)
				if len(f.Views) != 1 || f.Views[fmt.Sprint(seat)] == nil {
					t.Fatalf("table %s seat %d, update %d: views %v", x.id, seat, v+1, f.Raw)
				}
			}
		}
	}
	for i, x := range ts {
		var others []string
		for j, y := range ts {
			if j != i {
				others = append(others, y.sec[0], y.sec[1])
			}
		}
		for seat, c := range []*client{x.ca, x.cb} {
			frames := c.frames()
			if leak := leaks(frames, append([]string{x.sec[1-seat]}, others...)...); leak != nil {
				t.Fatalf("table %d seat %d received a secret not its own: %s", i, seat, leak)
			}
			if leaks(frames, x.sec[seat]) == nil {
				t.Fatalf("table %d seat %d never saw its own secret", i, seat)
			}
			for _, f := range frames {
				if strings.Count(string(f), `{"t":`) != 1 {
					t.Fatalf("table %d seat %d: a frame holds more than one message: %s", i, seat, f)
				}
			}
		}
	}
}
