package server

import (
	"bytes"
	"encoding/json"
	"testing"

	"gaslamp/game"
)

// playRandom plays a random game of r from seed, at most 400 moves: before
// each move it calls each with the legal moves of the seat to move, after it
// with the events the move logged.
func playRandom(tb testing.TB, r game.Rules, seed uint64, each func(step int, legal []game.Move, events []game.Event)) {
	tb.Helper()
	st, err := r.New(game.Options{}, seed)
	if err != nil {
		tb.Fatalf("%s: %v", r.ID(), err)
	}
	rng := game.NewRand(seed)
	var log game.Log
	for step := 0; step < 400 && !st.ToAct().Empty(); step++ {
		seats := st.ToAct().Seats()
		s := seats[rng.IntN(len(seats))]
		legal := st.Legal(s, nil)
		log.Reset()
		if err := st.Apply(s, legal[rng.IntN(len(legal))], &log); err != nil {
			tb.Fatalf("%s seed %d step %d: %v", r.ID(), seed, step, err)
		}
		each(step, legal, log.Events)
	}
}

// randomEvents plays random games (seeds 1..n) of the games given, or of
// every game, and returns every event they logged.
func randomEvents(tb testing.TB, n uint64, games ...game.Rules) []game.Event {
	tb.Helper()
	if games == nil {
		games = game.Games()
	}
	var all []game.Event
	for _, r := range games {
		for seed := uint64(1); seed <= n; seed++ {
			playRandom(tb, r, seed, func(_ int, _ []game.Move, evs []game.Event) { all = append(all, evs...) })
		}
	}
	return all
}

type eventPoint struct {
	X int `json:"x"`
}

// TestAppendEventAsMarshal checks that appendEvent writes every event byte
// for byte as json.Marshal does: the events of random games of every game,
// and crafted ones with the kinds and strings its fast path leaves to
// json.Marshal (HTML characters, quotes, control and non-ASCII characters,
// U+2028, invalid UTF-8, floats, structs, slices, nil and empty maps).
func TestAppendEventAsMarshal(t *testing.T) {
	evs := randomEvents(t, 3)
	if len(evs) < 100 {
		t.Fatalf("only %d events from the random games", len(evs))
	}
	var nilData map[string]any
	evs = append(evs,
		game.Event{Type: "x.plain"},
		game.Event{Type: "x.empty-args", Text: game.Text{Key: "k", Args: map[string]any{}}},
		game.Event{Type: "x.typed-nil-data", Text: game.T("k"), Data: nilData},
		game.Event{Type: "x.escapes", Text: game.T("a<b>&\"c\\", "q\"", "<script>&amp;", "ctl", "a\nb\tc\x01", "uni", "Café \u2028 \u2029 ☕", "bad", "\xff\xfe", "del", "\x7f")},
		game.Event{Type: "x.kinds", Text: game.T("k", "f", 1.5, "big", 1e21, "neg", -3, "i64", int64(-1<<40), "b", true, "nil", nil, "u8", uint8(7), "i32", int32(-9)),
			Data: map[string]any{"p": eventPoint{2}, "s": []string{"a", "<"}, "n": []int{1, 2}, "bytes": []byte("hi"), "m": map[string]any{"z": 1, "a": map[string]any{"k": "v"}}, "nilmap": nilData}},
		game.Event{Type: "x.struct-data", Data: eventPoint{5}},
		game.Event{Type: "x.keys", Text: game.T("k", "b", 1, "a", 2, "B", 3, "ä", 4, "a<", 5)},
	)
	for i, e := range evs {
		want, err := json.Marshal(e)
		if err != nil {
			t.Fatalf("event %d (%s): %v", i, e.Type, err)
		}
		got, err := appendEvent([]byte("prefix"), e)
		if err != nil {
			t.Fatalf("event %d (%s): %v", i, e.Type, err)
		}
		if !bytes.Equal(got[len("prefix"):], want) {
			t.Fatalf("event %d (%s):\n got %s\nwant %s", i, e.Type, got[len("prefix"):], want)
		}
	}
	if _, err := appendEvent(nil, game.Event{Type: "x.bad", Data: map[string]any{"c": make(chan int)}}); err == nil {
		t.Error("an event whose data json.Marshal refuses was encoded")
	}
}

// BenchmarkEncodeEvents encodes the events of random games of each game,
// one move's events at a time as a table does.
func BenchmarkEncodeEvents(b *testing.B) {
	for _, r := range game.Games() {
		b.Run(r.ID(), func(b *testing.B) {
			evs := randomEvents(b, 2, r)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for j := 0; j < len(evs); j += 2 {
					if _, err := encodeEvents(evs[j:min(j+2, len(evs))]); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(evs)), "ns/event")
		})
	}
}
