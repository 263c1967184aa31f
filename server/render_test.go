package server

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"testing"

	"gaslamp/game"
	"gaslamp/store"
)

// TestFramesMatchPlainEncoding checks that the update and state frames built
// from the cached encodings of each seat are byte for byte what encoding/json
// writes for the same values, for every audience, and that the cache follows
// the version and the status.
func TestFramesMatchPlainEncoding(t *testing.T) {
	e := newEnv(t, nil)
	alice, bob := e.guest("Alice"), e.guest("Bob")
	c := alice.table("10", 0, "human", "human")
	alice.sit(c.ID, 0)
	tb := e.srv.hub.loaded(c.ID)
	check := func(when string) {
		t.Helper()
		err := tb.ask(context.Background(), func() {
			for _, a := range []game.SeatSet{0, game.SeatsOf(0), game.SeatsOf(1), game.SeatsOf(0, 1)} {
				views := map[string]game.View{}
				legal := map[string][]json.RawMessage{}
				if a.Empty() {
					views["spectator"] = tb.state.View(game.Spectator)
				}
				for _, s := range a.Seats() {
					views[strconv.Itoa(int(s))] = tb.state.View(s)
					if tb.rec.Status == store.StatusRunning && tb.state.ToAct().Has(s) {
						var intents []json.RawMessage
						for _, m := range tb.state.Legal(s, nil) {
							intents = append(intents, tb.rules.EncodeMove(m))
						}
						legal[strconv.Itoa(int(s))] = intents
					}
				}
				if tb.version > 0 {
					want, _ := json.Marshal(struct {
						T       string                       `json:"t"`
						V       int64                        `json:"v"`
						Events  []json.RawMessage            `json:"events"`
						Views   map[string]game.View         `json:"views"`
						Legal   map[string][]json.RawMessage `json:"legal"`
						Outcome game.Outcome                 `json:"outcome"`
					}{"update", tb.version, eventsFor(a, tb.history[tb.version-1]), views, legal, tb.state.Outcome()})
					if got := tb.updateFor(a, tb.version, true); !bytes.Equal(got, want) {
						t.Errorf("%s, audience %v: update\n got %s\nwant %s", when, a.Seats(), got, want)
					}
				}
				var st map[string]json.RawMessage
				if err := json.Unmarshal(tb.stateFor(a), &st); err != nil {
					t.Fatal(err)
				}
				wantViews, _ := json.Marshal(views)
				wantLegal, _ := json.Marshal(legal)
				if !bytes.Equal(st["views"], wantViews) || !bytes.Equal(st["legal"], wantLegal) {
					t.Errorf("%s, audience %v: state views %s legal %s, want %s %s", when, a.Seats(), st["views"], st["legal"], wantViews, wantLegal)
				}
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	check("open")
	bob.sit(c.ID, 1) // the game starts: legal moves appear at the same version
	check("running")
	ca := e.dial(alice, c.ID)
	ca.hello(-1)
	ca.next("state")
	ca.move(0, 0, `{"kind":"pick","n":1}`)
	ca.update(1)
	check("after a move")
}

// TestHistoryKeepsEventsAsSent checks that the encoded history gives each
// audience the events it may see, in order, encoded as the events
// themselves are.
func TestHistoryKeepsEventsAsSent(t *testing.T) {
	evs := []game.Event{
		{Type: "x.public", To: game.Public, Text: game.T("x.moved", "circle", 42), Data: map[string]any{"to": 42}},
		{Type: "x.secret", To: game.Only(1), Text: game.T("x.you-moved", "circle", 7)},
		{Type: "x.html", To: game.Public, Text: game.T("x.said", "text", "<b>&</b>")},
	}
	sent, err := encodeEvents(evs)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		a    game.SeatSet
		want []game.Event
	}{
		{game.SeatSet(0), []game.Event{evs[0], evs[2]}},
		{game.SeatsOf(0), []game.Event{evs[0], evs[2]}},
		{game.SeatsOf(1), evs},
	} {
		want, _ := json.Marshal(c.want)
		got, _ := json.Marshal(eventsFor(c.a, sent))
		if !bytes.Equal(got, want) {
			t.Errorf("audience %v:\n got %s\nwant %s", c.a.Seats(), got, want)
		}
	}
	if none, _ := encodeEvents(nil); none != nil {
		t.Errorf("no events encoded as %v", none)
	}
}

// TestRawArraysAsMarshal plays random games of every game and checks that the
// arrays appendRawArray joins (each version's events, each seat's legal
// intents) are byte for byte what json.Marshal would write: the items are
// already compact JSON, which is what lets the frames skip the re-encoding.
func TestRawArraysAsMarshal(t *testing.T) {
	var spare []byte
	for _, r := range game.Games() {
		for seed := uint64(1); seed <= 3; seed++ {
			playRandom(t, r, seed, func(step int, legal []game.Move, events []game.Event) {
				intents := make([]json.RawMessage, len(legal))
				for i, m := range legal {
					intents[i] = r.EncodeMove(m)
				}
				want, err := json.Marshal(intents)
				if err != nil {
					t.Fatalf("%s seed %d step %d: %v", r.ID(), seed, step, err)
				}
				if got := appendRawArray(nil, intents); !bytes.Equal(got, want) {
					t.Fatalf("%s seed %d step %d: legal intents joined as %s, json.Marshal writes %s", r.ID(), seed, step, got, want)
				}
				// The table's own writing, into a buffer an earlier
				// version left dirty.
				spare = appendIntents(spare, r, legal)
				if !bytes.Equal(spare, want) {
					t.Fatalf("%s seed %d step %d: legal intents written as %s, json.Marshal writes %s", r.ID(), seed, step, spare, want)
				}
				sent, err := encodeEvents(events)
				if err != nil {
					t.Fatal(err)
				}
				for _, a := range []game.SeatSet{game.AllSeats(8), game.SeatsOf(0), 0} {
					evs := eventsFor(a, sent)
					want, err := json.Marshal(evs)
					if err != nil {
						t.Fatal(err)
					}
					if got := appendRawArray(nil, evs); !bytes.Equal(got, want) {
						t.Fatalf("%s seed %d step %d: events joined as %s, json.Marshal writes %s", r.ID(), seed, step, got, want)
					}
				}
			})
		}
	}
	if got := string(appendRawArray(nil, []json.RawMessage{nil, json.RawMessage(`1`)})); got != "[null,1]" {
		t.Errorf("a nil item is joined as %s, want [null,1]", got)
	}
}

// TestRunningOutcomeAsMarshal checks the outcome written for every version of
// a game in play against json.Marshal's encoding of it.
func TestRunningOutcomeAsMarshal(t *testing.T) {
	want, err := json.Marshal(game.Outcome{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(runningOutcome, want) {
		t.Fatalf("a game in play's outcome is written %s, json.Marshal writes %s", runningOutcome, want)
	}
}

// BenchmarkLegalIntents writes a Whitehall seat's legal intents as the table
// does (appendIntents into a borrowed buffer; the table then keeps a copy at
// its size) and as each intent's own buffer joined by appendRawArray (what a
// game without game.MoveAppender gets).
// Run: go test -run '^$' -bench LegalIntents ./server/
func BenchmarkLegalIntents(b *testing.B) {
	r, _ := game.Lookup("whitehall")
	var legal []game.Move
	playRandom(b, r, 5, func(step int, l []game.Move, _ []game.Event) {
		if len(l) > len(legal) {
			legal = append(legal[:0], l...)
		}
	})
	b.Run("append", func(b *testing.B) {
		b.ReportAllocs()
		var buf []byte
		for b.Loop() {
			buf = appendIntents(buf, r, legal)
		}
		b.ReportMetric(float64(len(legal)), "moves")
	})
	b.Run("encode-each", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			intents := make([]json.RawMessage, len(legal))
			for i, m := range legal {
				intents[i] = r.EncodeMove(m)
			}
			appendRawArray(nil, intents)
		}
	})
}
