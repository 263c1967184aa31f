package jsonappend

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"

	"gaslamp/game"
)

// TestAsMarshal checks each writer against json.Marshal on values that take
// the direct way and on values that fall back to it: strings to escape
// (quotes, HTML, control bytes, U+2028, invalid UTF-8), nil and empty lists,
// nested maps in key order, and kinds Value does not know.
func TestAsMarshal(t *testing.T) {
	strs := []string{"", "plain", `a"b`, `a\b`, "<b>&", "tab\t", "nul\x00", "é", "\u2028", "\xff", "~\x7f"}
	for _, s := range strs {
		expect(t, String(nil, s), s)
	}
	values := []any{nil, "x<", 1, -7, int64(math.MinInt64), int32(5), uint8(255), true, false,
		map[string]any{"b": 1, "a": map[string]any{"z": nil, "é": "<"}, "": []int{1}},
		map[string]any(nil), 1.5, []string{"a"}, struct{ A int }{3}, uint64(1 << 63)}
	for _, v := range values {
		b, err := Value([]byte("prefix"), v)
		if err != nil {
			t.Fatal(err)
		}
		expect(t, b[len("prefix"):], v)
	}
	if _, err := Value(nil, math.Inf(1)); err == nil {
		t.Error("an infinite float was written without an error")
	}
	for _, x := range [][]int{nil, {}, {1, -2, 3}} {
		expect(t, Ints(nil, x), x)
	}
	for _, x := range [][]string{nil, {}, {"a", "<"}} {
		expect(t, Strings(nil, x), x)
	}
	for _, o := range []game.Outcome{{}, {Over: true, Winner: "jack", Reason: game.T("k", "seat", "Zoë", "n", 2)}} {
		b, err := Outcome(nil, o)
		if err != nil {
			t.Fatal(err)
		}
		expect(t, b, o)
	}
}

func expect(t *testing.T, got []byte, v any) {
	t.Helper()
	want, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%#v written as %s, json.Marshal writes %s", v, got, want)
	}
}
