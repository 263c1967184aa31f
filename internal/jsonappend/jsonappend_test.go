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
	for _, v := range []float64{math.Inf(1), math.Inf(-1), math.NaN()} {
		if _, err := Value(nil, v); err == nil {
			t.Errorf("%v was written without an error", v)
		}
	}
	floats := []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 1e-6, 9.99e-7, 1e-7, 1.5e-9, 1e20, 1e21, 123456789e13,
		-2.5e-300, math.MaxFloat64, math.SmallestNonzeroFloat64, 1.0 / 3, 2.0 / 3 * 1e-6}
	rng := game.NewRand(1)
	for range 5000 {
		floats = append(floats, math.Float64frombits(rng.Uint64()), rng.Float64()*math.Pow(10, float64(rng.IntN(60)-30)))
	}
	for _, f := range floats {
		if math.IsInf(f, 0) || math.IsNaN(f) {
			continue
		}
		b, err := Float64(nil, f)
		if err != nil {
			t.Fatal(err)
		}
		expect(t, b, f)
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
