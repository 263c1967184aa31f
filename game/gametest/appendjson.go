package gametest

import (
	"bytes"
	"encoding/json"
	"testing"

	"gaslamp/game"
)

// AppendJSONChecker checks a game's views that write their own JSON
// (game.JSONAppender) against json.Marshal. It writes each view after the
// bytes of the views checked before it, so that an AppendJSON that does not
// keep what its buffer held fails too.
type AppendJSONChecker struct {
	buf []byte
}

// Check fails t when v.AppendJSON does not append exactly json.Marshal(v);
// what names the view in the failure.
func (c *AppendJSONChecker) Check(t testing.TB, v game.JSONAppender, what string) {
	t.Helper()
	want, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	prefix := len(c.buf)
	c.buf, err = v.AppendJSON(c.buf)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if got := c.buf[prefix:]; !bytes.Equal(got, want) {
		t.Fatalf("%s: AppendJSON writes\n%s\njson.Marshal writes\n%s", what, got, want)
	}
	if len(c.buf) > 1<<16 {
		c.buf = c.buf[:0]
	}
}

// BenchAppendJSON plays a game of r (default options, seed) for up to steps
// random moves, then runs two benchmarks of writing seat's view as JSON:
// "append", by its own AppendJSON into a reused buffer, and "encoding-json",
// by json.Marshal.
func BenchAppendJSON(b *testing.B, r game.Rules, seed uint64, steps int, seat game.Seat) {
	st, err := r.New(nil, seed)
	if err != nil {
		b.Fatal(err)
	}
	rng := game.NewRand(seed)
	for step := 0; step < steps && !st.Outcome().Over; step++ {
		act := st.ToAct().Seats()
		s := act[rng.IntN(len(act))]
		legal := st.Legal(s, nil)
		if err := st.Apply(s, legal[rng.IntN(len(legal))], nil); err != nil {
			b.Fatal(err)
		}
	}
	v, ok := st.View(seat).(game.JSONAppender)
	if !ok {
		b.Fatalf("%s: the view is no game.JSONAppender", r.ID())
	}
	b.Run("append", func(b *testing.B) {
		b.ReportAllocs()
		var buf []byte
		for b.Loop() {
			var err error
			if buf, err = v.AppendJSON(buf[:0]); err != nil {
				b.Fatal(err)
			}
		}
		b.SetBytes(int64(len(buf)))
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := json.Marshal(v); err != nil {
				b.Fatal(err)
			}
		}
	})
}
