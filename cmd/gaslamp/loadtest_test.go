package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestScanFrameAgreesWithDecoding checks the load generator's frame scanner
// against encoding/json on frames shaped like the server's, with strings that
// hold brackets, quotes and escapes.
func TestScanFrameAgreesWithDecoding(t *testing.T) {
	frames := []any{
		map[string]any{"t": "update", "v": 17, "events": []any{map[string]any{"type": "moved", "text": map[string]any{"key": `a "}{][" \\ b`, "args": []any{1, "x,y"}}}},
			"views": map[string]any{"1": map[string]any{"rounds": [][]int{{1, 2}, {3}}, "prompt": "}"}}, "legal": map[string]any{"1": []any{map[string]any{"kind": "walk", "to": 42}}},
			"outcome": map[string]any{"over": false, "reason": map[string]any{"key": ""}}},
		map[string]any{"t": "ack", "id": "m3", "v": 4},
		map[string]any{"t": "update", "v": 5, "events": []any{}},
		map[string]any{"t": "error", "id": "c1", "code": "stale-move", "text": map[string]any{"key": "err.stale-move"}, "v": 9},
		map[string]any{"t": "state", "v": -1, "views": nil, "legal": map[string]any{}, "outcome": map[string]any{"over": true, "winner": "jack"}},
	}
	for _, fr := range frames {
		data, err := json.Marshal(fr)
		if err != nil {
			t.Fatal(err)
		}
		var want struct {
			T       string          `json:"t"`
			V       int64           `json:"v"`
			Views   json.RawMessage `json:"views"`
			Legal   json.RawMessage `json:"legal"`
			Outcome json.RawMessage `json:"outcome"`
		}
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatal(err)
		}
		for _, d := range [][]byte{data, []byte(" \n" + strings.ReplaceAll(string(data), ",", " ,\t") + " ")} {
			got, err := scanFrame(d)
			if err != nil {
				t.Fatalf("%s: %v", d, err)
			}
			views := want.Views != nil && string(want.Views) != "null"
			if got.T != want.T || got.V != want.V || got.Views != views ||
				!jsonEqual(got.Legal, want.Legal) || !jsonEqual(got.Outcome, want.Outcome) {
				t.Fatalf("%s:\ngot  %+v", d, got)
			}
		}
	}
}

func jsonEqual(a, b json.RawMessage) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	var x, y any
	return json.Unmarshal(a, &x) == nil && json.Unmarshal(b, &y) == nil && asJSON(x) == asJSON(y)
}

func asJSON(v any) string { b, _ := json.Marshal(v); return string(b) }

// TestScanFrameRefusesBrokenFrames checks that truncated and malformed frames
// give an error, never a panic.
func TestScanFrameRefusesBrokenFrames(t *testing.T) {
	full := `{"t":"update","v":3,"views":{"0":{"a":"}\"{"}},"legal":{"0":[{"k":1}]},"outcome":{"over":false}}`
	for n := 0; n < len(full); n++ {
		if _, err := scanFrame([]byte(full[:n])); err == nil {
			t.Errorf("truncated frame %q accepted", full[:n])
		}
	}
	for _, bad := range []string{`[]`, `"x"`, `{"t" "x"}`, `{t:"x"}`, `{"v":"x"}`, `{"v":1 "t":"x"}`, `{"t":1}`} {
		if _, err := scanFrame([]byte(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// TestServerLatencyFromBuckets checks the quantiles read from the server's
// histogram between two scrapes.
func TestServerLatencyFromBuckets(t *testing.T) {
	b := func(le string) string { return latencyBucket + le + `"}` }
	before := map[string]float64{b("0.001"): 10, b("0.01"): 10, b("0.1"): 10, b("+Inf"): 10}
	after := map[string]float64{b("0.001"): 60, b("0.01"): 108, b("0.1"): 110, b("+Inf"): 110}
	p50, p99, ok := serverLatency(before, after)
	if !ok {
		t.Fatal("no quantiles")
	}
	if p50 != time.Millisecond {
		t.Errorf("p50 %v, want 1ms", p50)
	}
	// 100 samples: 50 up to 1 ms, 48 in (1, 10] ms, 2 in (10, 100] ms. Rank
	// 99 is halfway through the last bucket's two.
	if p99 != 55*time.Millisecond {
		t.Errorf("p99 %v, want 55ms", p99)
	}
	if _, _, ok := serverLatency(before, before); ok {
		t.Error("quantiles from an empty interval")
	}
}

// TestGameOverAndStrings checks the outcome reader and the string decoder.
func TestGameOverAndStrings(t *testing.T) {
	for _, c := range []struct {
		outcome string
		over    bool
	}{
		{`{"over":false,"reason":{"key":""}}`, false},
		{`{"reason":{"key":"x","args":["\"over\":true"]},"over":false}`, false},
		{`{"over":true,"winner":"jack","reason":{"key":"w"}}`, true},
		{` { "winner" : "x" , "over" : true } `, true},
	} {
		over, err := gameOver([]byte(c.outcome))
		if err != nil || over != c.over {
			t.Errorf("%s: over %v, %v", c.outcome, over, err)
		}
	}
	if _, err := gameOver([]byte(`{"over":`)); err == nil {
		t.Error("a broken outcome was read")
	}
	for in, want := range map[string]string{`"update"`: "update", `"a\"b\u00e9"`: `a"bé`, `""`: ""} {
		if got, ok := jsonString([]byte(in)); !ok || got != want {
			t.Errorf("%s: %q %v", in, got, ok)
		}
	}
	if _, ok := jsonString([]byte(`"x`)); ok {
		t.Error("an unterminated string was read")
	}
}
