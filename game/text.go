package game

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
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
			name, ok := kv[i].(string) // fmt.Sprint gives a string as it is: skip it
			if !ok {
				name = fmt.Sprint(kv[i])
			}
			t.Args[name] = kv[i+1]
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
// key itself) with the text's arguments. Templates use the subset of the ICU
// message format that the browser's i18n.js reads: {name} is an argument;
// {n, plural, one {# card} other {# cards}} picks a form by the language's
// plural rules ("=0" matches a number exactly, # is the number); {x, select,
// a {...} other {...}} picks a form by value.
func (c Catalog) Render(lang string, t Text) string {
	tmpl, ok := c[lang][t.Key]
	if !ok {
		tmpl, ok = c["en"][t.Key]
	}
	if !ok {
		tmpl = t.Key
	}
	if len(t.Args) == 0 && !strings.Contains(tmpl, "{") {
		return tmpl
	}
	f := formatter{c: c, lang: lang, src: tmpl, args: t.Args}
	return f.message(nil, false)
}

// formatter fills one template.
type formatter struct {
	c    Catalog
	lang string
	src  string
	i    int
	args map[string]any
	seen map[string]bool // when set, the argument names read
	text bool            // the last argument read was a catalogue text
}

// TemplateArgs returns the names of the arguments a template uses, sorted,
// each once (the names of plural and select arguments, and those inside their
// forms).
func TemplateArgs(tmpl string) []string {
	f := formatter{src: tmpl, seen: map[string]bool{}}
	f.message(nil, false)
	out := make([]string, 0, len(f.seen))
	for k := range f.seen {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

var (
	argHead  = regexp.MustCompile(`^\{\s*([A-Za-z0-9_.-]+)\s*(\}|,\s*(plural|select)\s*,)`)
	formHead = regexp.MustCompile(`^(=?[A-Za-z0-9_.-]+)\s*\{`)
)

// message reads up to an unmatched "}" (when nested; left for the caller) or
// the end; num is the number # stands for, if any.
func (f *formatter) message(num *float64, nested bool) string {
	var b strings.Builder
	for f.i < len(f.src) {
		ch := f.src[f.i]
		switch {
		case ch == '}' && nested:
			return b.String()
		case ch == '#' && num != nil:
			b.WriteString(strconv.FormatFloat(*num, 'f', -1, 64))
			f.i++
		case ch == '{':
			f.text = false
			arg := f.argument(num)
			if f.lang == "fr" {
				if s, a, ok := frenchJoin(b.String(), arg, f.text); ok {
					b.Reset()
					b.WriteString(s)
					arg = a
				}
			}
			b.WriteString(arg)
		default:
			b.WriteByte(ch)
			f.i++
		}
	}
	return b.String()
}

// frenchJoin joins an argument to the French before it as French requires.
// A "de" or "que" of the template elides before a vowel ("de {name}" with
// Alice: "d'Alice"; "en tant que {name}": "en tant qu'Alice"); an h is left
// alone, most names read in the games starting with an h aspiré ("de
// Hyde", "de Holmes"). When the argument is a catalogue text whose words
// start with the article Le or Les (a game's name: "Le Mystère de
// Whitehall"), "de" and "à" contract with it: "du Mystère de Whitehall",
// "au Mystère de Whitehall" ("des", "aux"); a player's name ("Le Gall")
// keeps its own. It returns the text before and the argument as they are
// to be written, and whether it changed them.
func frenchJoin(before, arg string, text bool) (string, string, bool) {
	word, rest, ok := frenchWordBefore(before)
	if !ok {
		return before, arg, false
	}
	if text {
		for _, c := range frenchContractions {
			if strings.EqualFold(word, c.word) && strings.HasPrefix(arg, c.article) {
				w := c.into
				if r, _ := utf8.DecodeRuneInString(word); unicode.IsUpper(r) { // it starts a sentence: "De", "À"
					w = strings.ToUpper(w[:1]) + w[1:]
				}
				return rest + w + " ", arg[len(c.article):], true
			}
		}
	}
	r, _ := utf8.DecodeRuneInString(arg)
	if (word == "de" || word == "De" || word == "que" || word == "Que") &&
		strings.ContainsRune("AEIOUYÀÂÉÈÊËÎÏÔÛaeiouyàâéèêëîïôû", r) {
		return rest + word[:len(word)-1] + "'", arg, true
	}
	return before, arg, false
}

// frenchContractions are the French article contractions frenchJoin makes.
var frenchContractions = []struct{ word, article, into string }{
	{"de", "Le ", "du"}, {"à", "Le ", "au"}, {"de", "Les ", "des"}, {"à", "Les ", "aux"},
}

// frenchWordBefore returns the last word of before when before ends with
// that word and a space (the word alone: "de", not the end of "Lorsque"),
// and before without them.
func frenchWordBefore(before string) (word, rest string, ok bool) {
	t, found := strings.CutSuffix(before, " ")
	if !found {
		return "", before, false
	}
	i := strings.LastIndexFunc(t, func(r rune) bool { return !unicode.IsLetter(r) })
	cut := 0
	if i >= 0 {
		p, size := utf8.DecodeRuneInString(t[i:])
		if p == '\'' || p == '-' || p == '’' {
			return "", before, false // joined to the word before: part of it
		}
		cut = i + size
	}
	word, rest = t[cut:], t[:cut]
	if word == "" {
		return "", before, false
	}
	return word, rest, true
}

// argument reads an argument at "{".
func (f *formatter) argument(num *float64) string {
	m := argHead.FindStringSubmatch(f.src[f.i:])
	if m == nil {
		f.i++
		return "{"
	}
	f.i += len(m[0])
	name := m[1]
	if f.seen != nil {
		f.seen[name] = true
	}
	v, has := f.args[name]
	if m[2] == "}" {
		if !has {
			return "{" + name + "}"
		}
		f.text = isText(v)
		return f.c.renderArg(f.lang, v)
	}
	kind := m[3]
	n, isNum := number(v)
	inner := num
	if kind == "plural" && has && isNum {
		inner = &n
	}
	forms := map[string]string{}
	for f.i < len(f.src) {
		for f.i < len(f.src) && (f.src[f.i] == ' ' || f.src[f.i] == '\n' || f.src[f.i] == '\t') {
			f.i++
		}
		if f.i >= len(f.src) {
			break
		}
		if f.src[f.i] == '}' {
			f.i++
			break
		}
		fm := formHead.FindStringSubmatch(f.src[f.i:])
		if fm == nil {
			f.i++
			continue
		}
		f.i += len(fm[0])
		forms[fm[1]] = f.message(inner, true)
		f.i++ // the form's "}"
	}
	if !has {
		return "{" + name + "}"
	}
	pick := func(keys ...string) string {
		for _, k := range keys {
			if s, ok := forms[k]; ok {
				return s
			}
		}
		return ""
	}
	if kind == "plural" {
		return pick("="+strconv.FormatFloat(n, 'f', -1, 64), PluralCategory(f.lang, n), "other")
	}
	return pick(f.c.renderArg(f.lang, v), "other")
}

// number reads a plural's argument as a number.
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case int:
		return float64(x), true
	case int8:
		return float64(x), true
	case int16:
		return float64(x), true
	case int32:
		return float64(x), true
	case int64:
		return float64(x), true
	case uint:
		return float64(x), true
	case uint8:
		return float64(x), true
	case uint16:
		return float64(x), true
	case uint32:
		return float64(x), true
	case uint64:
		return float64(x), true
	case float32:
		return float64(x), true
	case float64:
		return x, true
	case json.Number:
		n, err := x.Float64()
		return n, err == nil
	case string:
		n, err := strconv.ParseFloat(x, 64)
		return n, err == nil
	}
	return 0, false
}

// PluralCategory is the CLDR plural category of n in lang, as the browser's
// Intl.PluralRules gives it for the site's languages: English and Dutch say
// "one" for exactly 1, French for 0 and 1 (and for any number below 2), and
// "many" for whole millions; everything else is "other".
func PluralCategory(lang string, n float64) string {
	whole := n == math.Trunc(n)
	switch lang {
	case "fr":
		if n >= 0 && n < 2 {
			return "one"
		}
		if whole && n != 0 && math.Mod(n, 1e6) == 0 {
			return "many"
		}
		return "other"
	default:
		if n == 1 {
			return "one"
		}
		return "other"
	}
}

// Texter is an argument that names something by a catalogue text of its
// own (a police colour, a character): it renders as that text, in the
// language of the text it fills, and encodes to JSON as a nested text.
type Texter interface {
	Text() Text
}

// isText says whether v is a nested Text (or its decoded JSON form).
func isText(v any) bool {
	switch x := v.(type) {
	case Text, *Text, Texter:
		return true
	case map[string]any:
		_, ok := x["key"].(string)
		return ok
	}
	return false
}

// renderArg renders one argument: a nested Text (or its decoded JSON form, a
// map with a "key") is rendered in the same language; anything else is printed.
func (c Catalog) renderArg(lang string, v any) string {
	switch x := v.(type) {
	case Text:
		return c.Render(lang, x)
	case *Text:
		return c.Render(lang, *x)
	case Texter:
		return c.Render(lang, x.Text())
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
