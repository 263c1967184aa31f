package server

import (
	"encoding/json"
	"slices"
	"strconv"

	"gaslamp/game"
)

// appendEvent appends the JSON encoding of e to dst, byte for byte what
// json.Marshal(e) writes (TestAppendEventAsMarshal checks it on the events
// of random games of every game and on crafted ones). The events of a move
// are texts with a few arguments (names, numbers) and the same arguments as
// data for drawing: written directly they cost a fraction of json.Marshal's
// reflection over their maps, which took 5% of the server's CPU at 10,000
// players. A value of any other kind, and any string that needs escaping,
// goes through json.Marshal itself.
func appendEvent(dst []byte, e game.Event) ([]byte, error) {
	var err error
	dst = append(dst, `{"type":`...)
	if dst, err = appendJSONString(dst, e.Type); err != nil {
		return nil, err
	}
	dst = append(dst, `,"text":{"key":`...)
	if dst, err = appendJSONString(dst, e.Text.Key); err != nil {
		return nil, err
	}
	if len(e.Text.Args) > 0 { // omitempty
		dst = append(dst, `,"args":`...)
		if dst, err = appendJSONObject(dst, e.Text.Args); err != nil {
			return nil, err
		}
	}
	dst = append(dst, '}')
	if e.Data != nil { // omitempty on an interface: only a nil interface is left out
		dst = append(dst, `,"data":`...)
		if dst, err = appendJSONValue(dst, e.Data); err != nil {
			return nil, err
		}
	}
	return append(dst, '}'), nil
}

// appendJSONValue appends v as json.Marshal writes it: the common kinds of
// event arguments directly, the others by json.Marshal.
func appendJSONValue(dst []byte, v any) ([]byte, error) {
	switch x := v.(type) {
	case nil:
		return append(dst, "null"...), nil
	case string:
		return appendJSONString(dst, x)
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
	case map[string]any:
		if x == nil {
			return append(dst, "null"...), nil
		}
		return appendJSONObject(dst, x)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(dst, b...), nil
}

// appendJSONObject appends a map with its keys in encoding/json's order.
func appendJSONObject(dst []byte, m map[string]any) ([]byte, error) {
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
		if dst, err = appendJSONString(dst, k); err != nil {
			return nil, err
		}
		dst = append(dst, ':')
		if dst, err = appendJSONValue(dst, m[k]); err != nil {
			return nil, err
		}
	}
	return append(dst, '}'), nil
}

// appendJSONString appends s quoted: directly when it is printable ASCII
// that encoding/json writes as it is (no quote, backslash or HTML
// character), else by json.Marshal, whose escapes (HTML, control and
// invalid bytes, U+2028 and U+2029) it then keeps.
func appendJSONString(dst []byte, s string) ([]byte, error) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			b, err := json.Marshal(s)
			if err != nil {
				return nil, err
			}
			return append(dst, b...), nil
		}
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"'), nil
}
