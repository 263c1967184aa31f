package web

import (
	"encoding/json"
	"io/fs"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"gaslamp/game"
	"gaslamp/games/jekyll"
	"gaslamp/games/pocket"
	"gaslamp/games/whitechapel"
	"gaslamp/games/whitehall"
)

// renderers lists the game renderers with their view types and the options
// random play tries.
var renderers = []struct {
	game    string
	file    string
	view    any
	options []game.Options
}{
	{"whitehall", "js/games/whitehall.js", whitehall.View{}, []game.Options{
		{},
		{"investigator-powers": "true", "false-clues": "true", "newspaper-fabrications": "true", "murderer-at-large": "true"},
		{"investigator-powers": "true", "reid": "blue"},
		{"swanson": "red"}, // W20: at most one of Reid and Swanson
	}},
	{"pocket", "js/games/pocket.js", pocket.View{}, []game.Options{{}}},
	{"whitechapel", "js/games/whitechapel.js", whitechapel.View{}, []game.Options{
		{},
		{"deduction": "off"},
	}},
	{"jekyll", "js/games/jekyll.js", jekyll.View{}, []game.Options{
		{},
		{"chapter": "1"},
		{"chapter": "2"},
		{"chapter": "3"},
		{"chapter": "8"},
		{"chapter": "9"},
	}},
}

// jsList returns the quoted strings of the array literal `export const name = [...]` in a module.
func jsList(t *testing.T, file, name string) []string {
	t.Helper()
	src := readEmbedded(t, file)
	m := regexp.MustCompile(`(?s)export const ` + name + ` = \[(.*?)\];`).FindStringSubmatch(src)
	if m == nil {
		t.Fatalf("%s: no %s", file, name)
	}
	var out []string
	for _, q := range regexp.MustCompile(`'([^']+)'`).FindAllStringSubmatch(m[1], -1) {
		out = append(out, q[1])
	}
	return out
}

// jsIntentFields parses `export const INTENT_FIELDS = { kind: ['field', ...], ... };`.
func jsIntentFields(t *testing.T, file string) map[string][]string {
	t.Helper()
	src := readEmbedded(t, file)
	m := regexp.MustCompile(`(?s)export const INTENT_FIELDS = \{(.*?)\};`).FindStringSubmatch(src)
	if m == nil {
		t.Fatalf("%s: no INTENT_FIELDS", file)
	}
	out := map[string][]string{}
	for _, e := range regexp.MustCompile(`'?([a-z-]+)'?: \[([^\]]*)\]`).FindAllStringSubmatch(m[1], -1) {
		fields := []string{}
		for _, q := range regexp.MustCompile(`'([^']+)'`).FindAllStringSubmatch(e[2], -1) {
			fields = append(fields, q[1])
		}
		sort.Strings(fields)
		out[e[1]] = fields
	}
	return out
}

func readEmbedded(t *testing.T, name string) string {
	t.Helper()
	data, err := fs.ReadFile(files, name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// jsonPaths lists the JSON paths of a Go type: "a", "a.b", "list[].c".
func jsonPaths(typ reflect.Type, prefix string, out map[string]bool) {
	for typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}
	switch typ.Kind() {
	case reflect.Slice, reflect.Array:
		if typ.Elem().Kind() == reflect.Uint8 && typ.Kind() == reflect.Slice {
			return
		}
		jsonPaths(typ.Elem(), prefix+"[]", out)
	case reflect.Struct:
		for i := 0; i < typ.NumField(); i++ {
			f := typ.Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			p := name
			if prefix != "" {
				p = prefix + "." + name
			}
			out[p] = true
			jsonPaths(f.Type, p, out)
		}
	}
}

// TestRenderersReadViewFields checks that every View field a renderer reads
// (VIEW_FIELDS in its module) is a JSON field of its game's View, and that a
// real encoded view has the always-present ones.
func TestRenderersReadViewFields(t *testing.T) {
	for _, rd := range renderers {
		t.Run(rd.game, func(t *testing.T) {
			typ := reflect.TypeOf(rd.view)
			have := map[string]bool{}
			jsonPaths(typ, "", have)
			// Types with their own JSON form show their fields only encoded:
			// add the paths of real views from a random game.
			encodedPaths(t, rd.game, have)
			used := jsList(t, rd.file, "VIEW_FIELDS")
			if len(used) < 10 {
				t.Fatalf("VIEW_FIELDS has %d entries", len(used))
			}
			for _, p := range used {
				if !have[p] {
					t.Errorf("the renderer reads %q, which %s.View does not have", p, rd.game)
				}
			}
			r, err := game.Lookup(rd.game)
			if err != nil {
				t.Fatal(err)
			}
			st, err := r.New(game.Options{}, 1)
			if err != nil {
				t.Fatal(err)
			}
			data, err := json.Marshal(st.View(game.Spectator))
			if err != nil {
				t.Fatal(err)
			}
			var top map[string]any
			if err := json.Unmarshal(data, &top); err != nil {
				t.Fatal(err)
			}
			for _, p := range used {
				if strings.ContainsAny(p, ".[") {
					continue
				}
				if _, ok := top[p]; !ok && !omitEmpty(typ, p) {
					t.Errorf("encoded view lacks %q", p)
				}
			}
		})
	}
}

// encodedPaths adds the JSON paths of every seat's view (and the
// spectator's) along a random game.
func encodedPaths(t *testing.T, id string, out map[string]bool) {
	t.Helper()
	r, err := game.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	seats, err := r.Seats(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st, err := r.New(game.Options{}, 7)
	if err != nil {
		t.Fatal(err)
	}
	rng := game.NewRand(7)
	var buf []game.Move
	for step := 0; step < 400 && !st.Outcome().Over; step++ {
		if step%10 == 0 {
			for s := -1; s < len(seats); s++ {
				data, err := json.Marshal(st.View(game.Seat(s)))
				if err != nil {
					t.Fatal(err)
				}
				var v any
				if err := json.Unmarshal(data, &v); err != nil {
					t.Fatal(err)
				}
				valuePaths(v, "", out)
			}
		}
		seat := st.ToAct().First()
		buf = st.Legal(seat, buf[:0])
		if err := st.Apply(seat, buf[rng.IntN(len(buf))], nil); err != nil {
			t.Fatal(err)
		}
	}
}

// valuePaths lists the JSON paths of a decoded JSON value.
func valuePaths(v any, prefix string, out map[string]bool) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			p := k
			if prefix != "" {
				p = prefix + "." + k
			}
			out[p] = true
			valuePaths(e, p, out)
		}
	case []any:
		for _, e := range x {
			valuePaths(e, prefix+"[]", out)
		}
	}
}

// omitEmpty reports whether the top-level JSON field name of typ is omitempty.
func omitEmpty(typ reflect.Type, name string) bool {
	for i := 0; i < typ.NumField(); i++ {
		n, opts, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		if n == name {
			return strings.Contains(opts, "omitempty")
		}
	}
	return false
}

// TestRenderersKnowIntents plays random games and checks that each legal
// intent's kind is in the renderer's INTENT_FIELDS with exactly those fields.
func TestRenderersKnowIntents(t *testing.T) {
	for _, rd := range renderers {
		t.Run(rd.game, func(t *testing.T) {
			known := jsIntentFields(t, rd.file)
			if len(known) < 5 {
				t.Fatalf("INTENT_FIELDS has %d kinds", len(known))
			}
			r, err := game.Lookup(rd.game)
			if err != nil {
				t.Fatal(err)
			}
			seen := map[string]bool{}
			for gi, opts := range rd.options {
				for seed := uint64(1); seed <= 4; seed++ {
					st, err := r.New(opts, seed)
					if err != nil {
						t.Fatalf("options %v: %v", opts, err)
					}
					rng := game.NewRand(seed*31 + uint64(gi))
					var buf []game.Move
					for step := 0; step < 3000 && !st.Outcome().Over; step++ {
						seat := st.ToAct().First()
						buf = st.Legal(seat, buf[:0])
						if len(buf) == 0 {
							t.Fatalf("seat %d to act has no legal move", seat)
						}
						for _, m := range buf {
							var intent map[string]any
							if err := json.Unmarshal(r.EncodeMove(m), &intent); err != nil {
								t.Fatal(err)
							}
							kind, _ := intent["kind"].(string)
							if seen[kind] {
								continue
							}
							seen[kind] = true
							fields := []string{}
							for k := range intent {
								if k != "kind" {
									fields = append(fields, k)
								}
							}
							sort.Strings(fields)
							want, ok := known[kind]
							if !ok {
								t.Errorf("intent kind %q is not in INTENT_FIELDS", kind)
							} else if strings.Join(want, ",") != strings.Join(fields, ",") {
								t.Errorf("intent %q has fields %v, INTENT_FIELDS says %v", kind, fields, want)
							}
						}
						if err := st.Apply(seat, buf[rng.IntN(len(buf))], nil); err != nil {
							t.Fatal(err)
						}
					}
				}
			}
			if len(seen) < len(known)/2 {
				t.Errorf("random play saw only %d intent kinds: %v", len(seen), seen)
			}
		})
	}
}
