package game

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"sort"
	"strings"
)

// Text is something a player reads: a stable message key looked up in the
// translation catalogues (fr, nl, en) and its arguments. English is the
// fallback; String renders it with the English catalogue given at registration.
type Text struct {
	Key  string         `json:"key"`
	Args map[string]any `json:"args,omitempty"`
}

// T builds a Text from a key and alternating argument names and values:
// T("whitehall.reached", "circle", 42).
func T(key string, kv ...any) Text {
	t := Text{Key: key}
	if len(kv) > 0 {
		t.Args = make(map[string]any, len(kv)/2)
		for i := 0; i+1 < len(kv); i += 2 {
			t.Args[fmt.Sprint(kv[i])] = kv[i+1]
		}
	}
	return t
}

// Catalog maps a language ("en", "fr", "nl") to message keys and their
// templates. A template names arguments in braces: "Jack reached {circle}".
type Catalog map[string]map[string]string

// Languages are the languages every catalogue must cover.
var Languages = []string{"en", "fr", "nl"}

// Render fills the template of key in lang (falling back to English, then to the
// key itself) with the text's arguments.
func (c Catalog) Render(lang string, t Text) string {
	tmpl, ok := c[lang][t.Key]
	if !ok {
		tmpl, ok = c["en"][t.Key]
	}
	if !ok {
		tmpl = t.Key
	}
	if len(t.Args) == 0 {
		return tmpl
	}
	keys := make([]string, 0, len(t.Args))
	for k := range t.Args {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	pairs := make([]string, 0, 2*len(keys))
	for _, k := range keys {
		pairs = append(pairs, "{"+k+"}", c.renderArg(lang, t.Args[k]))
	}
	return strings.NewReplacer(pairs...).Replace(tmpl)
}

// renderArg renders one argument: a nested Text (or its decoded JSON form, a
// map with a "key") is rendered in the same language; anything else is printed.
func (c Catalog) renderArg(lang string, v any) string {
	switch x := v.(type) {
	case Text:
		return c.Render(lang, x)
	case *Text:
		return c.Render(lang, *x)
	case map[string]any:
		if key, ok := x["key"].(string); ok {
			args, _ := x["args"].(map[string]any)
			return c.Render(lang, Text{Key: key, Args: args})
		}
	}
	return fmt.Sprint(v)
}

// Merge adds the entries of o to c (o wins on a clash) and returns c.
func (c Catalog) Merge(o Catalog) Catalog {
	for lang, m := range o {
		if c[lang] == nil {
			c[lang] = make(map[string]string, len(m))
		}
		for k, v := range m {
			c[lang][k] = v
		}
	}
	return c
}

// Missing lists, per language, the keys that English has and that language
// lacks, sorted. Tests use it to keep the three catalogues complete.
func (c Catalog) Missing() map[string][]string {
	out := map[string][]string{}
	for _, lang := range Languages {
		for k := range c["en"] {
			if _, ok := c[lang][k]; !ok {
				out[lang] = append(out[lang], k)
			}
		}
		sort.Strings(out[lang])
		if len(out[lang]) == 0 {
			delete(out, lang)
		}
	}
	return out
}

// LoadCatalog reads dir/en.json, dir/fr.json and dir/nl.json from fsys (each a
// JSON object from message key to template), as games embed them.
func LoadCatalog(fsys fs.FS, dir string) (Catalog, error) {
	c := Catalog{}
	for _, lang := range Languages {
		name := dir + "/" + lang + ".json"
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		m := map[string]string{}
		if err := json.Unmarshal(data, &m); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		c[lang] = m
	}
	return c, nil
}

// MustLoadCatalog is LoadCatalog for embedded files, which cannot be missing:
// it panics on an error.
func MustLoadCatalog(fsys fs.FS, dir string) Catalog {
	c, err := LoadCatalog(fsys, dir)
	if err != nil {
		panic("game: " + err.Error())
	}
	return c
}

// Clone returns a deep copy, which a caller may Merge into.
func (c Catalog) Clone() Catalog {
	out := make(Catalog, len(c))
	for lang, m := range c {
		cp := make(map[string]string, len(m))
		for k, v := range m {
			cp[k] = v
		}
		out[lang] = cp
	}
	return out
}
