// Package jsonappend writes JSON into a byte slice, byte for byte as
// encoding/json's Marshal writes the same values, for the encodings the server
// makes on every move (events, views): written directly they cost a fraction
// of encoding/json's reflection. A value of a kind it does not know, and a
// string that needs escaping, goes through json.Marshal itself, so the bytes
// are always Marshal's.
package jsonappend

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"

	"gaslamp/game"
)

// String appends s quoted: directly when it is printable ASCII that
// encoding/json writes as it is (no quote, backslash or HTML character), else
// by json.Marshal, whose escapes (HTML, control and invalid bytes, U+2028 and
// U+2029) it then keeps.
func String(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			b, _ := json.Marshal(s) // a string always encodes
			return append(dst, b...)
		}
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}

// Value appends v as json.Marshal writes it: the common kinds of text
// arguments and event data directly, the others by json.Marshal.
func Value(dst []byte, v any) ([]byte, error) {
	switch x := v.(type) {
	case nil:
		return append(dst, "null"...), nil
	case string:
		return String(dst, x), nil
	case int:
		return strconv.AppendInt(dst, int64(x), 10), nil
	case int64:
		return strconv.AppendInt(dst, x, 10), nil
	case int32:
		return strconv.AppendInt(dst, int64(x), 10), nil
	case uint8:
		return strconv.AppendUint(dst, uint64(x), 10), nil
	case bool:
		return strconv.AppendBool(dst, x), nil
	case float64:
		return Float64(dst, x)
	case map[string]any:
		if x == nil {
			return append(dst, "null"...), nil
		}
		return Object(dst, x)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(dst, b...), nil
}

// Object appends a map with its keys in encoding/json's order.
func Object(dst []byte, m map[string]any) ([]byte, error) {
	var small [8]string
	keys := small[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	dst = append(dst, '{')
	var err error
	for i, k := range keys {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = String(dst, k)
		dst = append(dst, ':')
		if dst, err = Value(dst, m[k]); err != nil {
			return nil, err
		}
	}
	return append(dst, '}'), nil
}

// Text appends a game.Text: its key, and its arguments unless there are none
// (the field's omitempty).
func Text(dst []byte, t game.Text) ([]byte, error) {
	dst = append(dst, `{"key":`...)
	dst = String(dst, t.Key)
	if len(t.Args) > 0 {
		dst = append(dst, `,"args":`...)
		var err error
		if dst, err = Object(dst, t.Args); err != nil {
			return nil, err
		}
	}
	return append(dst, '}'), nil
}

// Outcome appends a game.Outcome.
func Outcome(dst []byte, o game.Outcome) ([]byte, error) {
	dst = append(dst, `{"over":`...)
	dst = strconv.AppendBool(dst, o.Over)
	if o.Winner != "" {
		dst = append(dst, `,"winner":`...)
		dst = String(dst, o.Winner)
	}
	dst = append(dst, `,"reason":`...)
	dst, err := Text(dst, o.Reason)
	if err != nil {
		return nil, err
	}
	return append(dst, '}'), nil
}

// Array appends xs as a JSON array, each element written by item; a nil
// slice as null, as encoding/json writes it.
func Array[T any](dst []byte, xs []T, item func([]byte, *T) []byte) []byte {
	if xs == nil {
		return append(dst, "null"...)
	}
	dst = append(dst, '[')
	for i := range xs {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = item(dst, &xs[i])
	}
	return append(dst, ']')
}

// Ints appends a slice of integers; nil as null.
func Ints[T ~int | ~int8 | ~int16 | ~int32 | ~int64](dst []byte, xs []T) []byte {
	return Array(dst, xs, func(b []byte, x *T) []byte { return strconv.AppendInt(b, int64(*x), 10) })
}

// Strings appends a slice of strings; nil as null.
func Strings(dst []byte, xs []string) []byte {
	return Array(dst, xs, func(b []byte, x *string) []byte { return String(b, *x) })
}

// Int appends an integer.
func Int[T ~int | ~int8 | ~int16 | ~int32 | ~int64](dst []byte, x T) []byte {
	return strconv.AppendInt(dst, int64(x), 10)
}

// Bool appends true or false.
func Bool(dst []byte, b bool) []byte { return strconv.AppendBool(dst, b) }

// Float64 appends f as encoding/json writes a float64: the shortest form that
// reads back, in exponent form below 1e-6 and from 1e21 (its exponent without
// a leading zero). An infinity or NaN is an error, as for json.Marshal.
func Float64(dst []byte, f float64) ([]byte, error) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return nil, &json.UnsupportedValueError{Str: strconv.FormatFloat(f, 'g', -1, 64)}
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	dst = strconv.AppendFloat(dst, f, format, -1, 64)
	if format == 'e' {
		// e-09 is written e-9.
		if n := len(dst); n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst, nil
}
