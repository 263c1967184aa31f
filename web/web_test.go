package web

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gaslamp/board"
	"gaslamp/game"
)

func TestCataloguesComplete(t *testing.T) {
	c := Messages()
	if len(c["en"]) == 0 {
		t.Fatal("empty English catalogue")
	}
	for lang, keys := range c.Missing() {
		t.Errorf("%s lacks %d keys: %v", lang, len(keys), keys)
	}
	for _, lang := range game.Languages {
		for k := range c[lang] {
			if _, ok := c["en"][k]; !ok {
				t.Errorf("%s has key %q that English lacks", lang, k)
			}
		}
	}
}

// TestMarkerLettersDistinct: on the map boards a policeman's figure and
// patrol token carry its colour's letter, beside Jack's "J" and the letters
// of the woman tokens; in every language no two of them may be the same
// (French once gave the yellow policeman Jack's "J", and the brown one the
// wretched's "M").
func TestMarkerLettersDistinct(t *testing.T) {
	c := Messages()
	for _, lang := range game.Languages {
		seen := map[string]string{"J": "Jack"}
		for _, k := range []string{"web.wh.letter.blue", "web.wh.letter.brown", "web.wh.letter.green", "web.wh.letter.red",
			"web.wh.letter.yellow", "web.wc.letter.fake", "web.wc.letter.wretched"} {
			l := c[lang][k]
			if l == "" {
				t.Errorf("%s: no %s", lang, k)
				continue
			}
			if other, ok := seen[l]; ok {
				t.Errorf("%s: %s is %q, as %s is", lang, k, l, other)
			}
			seen[l] = k
		}
	}
}

// placeholders lists the arguments of a template, sorted.
func placeholders(s string) []string { return game.TemplateArgs(s) }

func TestCataloguePlaceholdersAgree(t *testing.T) {
	c := Messages()
	for k, en := range c["en"] {
		want := strings.Join(placeholders(en), ",")
		for _, lang := range []string{"fr", "nl"} {
			if got := strings.Join(placeholders(c[lang][k]), ","); got != want {
				t.Errorf("%s %q: placeholders {%s}, English has {%s}", lang, k, got, want)
			}
		}
	}
}

var (
	// t('key') and t("key") in JavaScript: every key passed to t() is a literal.
	jsKey = regexp.MustCompile(`\bt\(\s*['"]([^'"]+)['"]`)
	// data-i18n="key", data-i18n-placeholder="key", ... in HTML, and
	// 'data-i18n': 'key' in JavaScript attribute objects.
	attrKey = regexp.MustCompile(`data-i18n(?:-[a-z-]+)?['"]?\s*[=:]\s*['"]([^'"]+)['"]`)
)

// usedKeys scans the embedded HTML and JavaScript for catalogue keys.
func usedKeys(t *testing.T) map[string][]string {
	t.Helper()
	used := map[string][]string{}
	err := fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if !strings.HasSuffix(p, ".js") && !strings.HasSuffix(p, ".html") {
			return nil
		}
		data, err := fs.ReadFile(files, p)
		if err != nil {
			return err
		}
		for _, re := range []*regexp.Regexp{jsKey, attrKey} {
			for _, m := range re.FindAllStringSubmatch(string(data), -1) {
				used[m[1]] = append(used[m[1]], p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return used
}

func TestUsedKeysExist(t *testing.T) {
	c := Messages()
	used := usedKeys(t)
	if len(used) < 50 {
		t.Fatalf("found only %d keys in the client; is the scanner broken?", len(used))
	}
	for k, where := range used {
		if _, ok := c["en"][k]; !ok {
			t.Errorf("key %q used in %v is not in the catalogue", k, where)
		}
	}
}

func TestStaticServesPagesAndBoards(t *testing.T) {
	s := Static()
	for _, name := range []string{"index.html", "table.html", "board.html", "css/gaslamp.css", "js/table.js", "js/lobby.js", "js/games/whitehall.js", "i18n/en.json", "boards/whitehall.json", "boards/whitechapel.json"} {
		data, err := fs.ReadFile(s, name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if len(data) == 0 {
			t.Errorf("%s is empty", name)
		}
	}
	if _, err := fs.ReadFile(s, "boards/nope.json"); err == nil {
		t.Error("boards/nope.json exists")
	}
	root, err := fs.ReadDir(s, ".")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range root {
		names = append(names, e.Name())
	}
	if got := strings.Join(names, " "); !strings.Contains(got, "boards") || !strings.Contains(got, "index.html") {
		t.Errorf("root lists %s", got)
	}
	if _, err := fs.Stat(s, "boards"); err != nil {
		t.Errorf("stat boards: %v", err)
	}
}

func TestBoardGeometry(t *testing.T) {
	for _, name := range board.Names() {
		b, _ := board.ByName(name)
		data, err := fs.ReadFile(Static(), "boards/"+name+".json")
		if err != nil {
			t.Fatal(err)
		}
		var g Geometry
		if err := json.Unmarshal(data, &g); err != nil {
			t.Fatal(err)
		}
		if g.Name != name || len(g.Circles) != b.NumCircles || len(g.Crossings) != len(b.Crossings) || len(g.Edges) != len(b.Edges) {
			t.Errorf("%s: %d circles, %d crossings, %d edges", name, len(g.Circles), len(g.Crossings), len(g.Edges))
		}
		known := map[string]bool{}
		for _, c := range g.Circles {
			known[itoa(c.ID)] = true
			if c.X < 0 || c.X > 1000 || c.Y < 0 || c.Y > 1000 {
				t.Errorf("%s: circle %d off the board", name, c.ID)
			}
		}
		starts := 0
		for _, x := range g.Crossings {
			known[x.Label] = true
			if x.Start {
				starts++
			}
		}
		if starts != len(b.Starts) {
			t.Errorf("%s: %d starts, want %d", name, starts, len(b.Starts))
		}
		for _, e := range g.Edges {
			if !known[e[0]] || !known[e[1]] {
				t.Errorf("%s: edge %v names an unknown node", name, e)
			}
		}
		if len(g.Blocks) != len(b.Blocks) || len(g.Blocks) == 0 {
			t.Errorf("%s: %d blocks, want %d", name, len(g.Blocks), len(b.Blocks))
		}
		for i, blk := range g.Blocks {
			if blk.Kind != "land" && blk.Kind != "water" || len(blk.Boundary) < 3 {
				t.Errorf("%s: block %d: kind %q, %d corners", name, i, blk.Kind, len(blk.Boundary))
			}
			for _, n := range blk.Boundary {
				if !known[n] {
					t.Errorf("%s: block %d names an unknown node %s", name, i, n)
				}
			}
		}
		if name == "whitehall" {
			if len(g.Water) != 5 || g.Split == nil || len(g.Quadrants) != 4 {
				t.Errorf("whitehall: %d water groups, split %v, %d quadrants", len(g.Water), g.Split, len(g.Quadrants))
			}
			outlines := 0
			for _, w := range g.Water {
				outlines += len(w.Outlines)
			}
			if outlines < 5 {
				t.Errorf("whitehall: %d water outlines", outlines)
			}
			if g.Split.X < 490 || g.Split.X > 530 || g.Split.Y < 490 || g.Split.Y > 520 {
				t.Errorf("whitehall: split at %+v", *g.Split)
			}
		}
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// TestStylesheetsBalanced checks that every stylesheet's braces pair up
// (comments and strings aside). A stray "}" is no error to a browser: it
// silently swallows the rule after it (it once dropped the offline mark of
// the table's connection status).
func TestStylesheetsBalanced(t *testing.T) {
	names, err := fs.Glob(Static(), "css/*.css")
	if err != nil || len(names) == 0 {
		t.Fatalf("no stylesheets: %v", err)
	}
	for _, name := range names {
		data, err := fs.ReadFile(Static(), name)
		if err != nil {
			t.Fatal(err)
		}
		if err := cssBalanced(string(data)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	for _, bad := range []string{"a { b: c; } }", "@media x { a { b: c; }", "a { content: \"}\"; } }"} {
		if cssBalanced(bad) == nil {
			t.Errorf("cssBalanced(%q) found nothing wrong", bad)
		}
	}
	if err := cssBalanced("/* } */ a { content: \"{\"; }"); err != nil {
		t.Errorf("a brace in a comment or a string: %v", err)
	}
}

// cssBalanced reports the first brace of css that closes nothing, or an
// unclosed one, skipping comments and quoted strings.
func cssBalanced(css string) error {
	depth, line := 0, 1
	for i := 0; i < len(css); i++ {
		switch c := css[i]; {
		case c == '\n':
			line++
		case c == '/' && i+1 < len(css) && css[i+1] == '*':
			end := strings.Index(css[i+2:], "*/")
			if end < 0 {
				return fmt.Errorf("line %d: an unclosed comment", line)
			}
			line += strings.Count(css[i:i+2+end], "\n")
			i += end + 3
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(css) && css[j] != c {
				if css[j] == '\\' {
					j++
				}
				j++
			}
			i = j
		case c == '{':
			depth++
		case c == '}':
			if depth--; depth < 0 {
				return fmt.Errorf("line %d: a '}' that closes nothing", line)
			}
		}
	}
	if depth != 0 {
		return fmt.Errorf("%d '{' never closed", depth)
	}
	return nil
}

// localeless finds a date, time or number formatted in the browser's own
// locale rather than the player's language: toLocaleString() with no
// locale, or an Intl formatter made without one.
var localeless = regexp.MustCompile(`\.toLocale(Date|Time)?String\(\s*\)|new Intl\.(DateTimeFormat|NumberFormat|RelativeTimeFormat|ListFormat)\(\s*(\)|undefined)`)

// TestDatesInThePlayersLanguage: every date and number the pages format
// names the player's language (currentLang()), so that a Dutch page does
// not show "12/7/2026, 4:24:54 AM" from an English browser.
func TestDatesInThePlayersLanguage(t *testing.T) {
	err := fs.WalkDir(files, "js", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".js") {
			return err
		}
		data, err := fs.ReadFile(files, p)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(data), "\n") {
			if m := localeless.FindString(line); m != "" {
				t.Errorf("%s:%d: %q formats in the browser's locale, not the player's language", p, i+1, m)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestFrenchSpacesBeforePunctuation: French sets a no-break space (U+00A0)
// before ":", ";", "!" and "?", so that a line never breaks before them; a
// plain space crept into three new strings once.
func TestFrenchSpacesBeforePunctuation(t *testing.T) {
	plain := regexp.MustCompile(` [:;!?]`)
	texts := map[string]string{}
	for k, v := range Messages()["fr"] {
		texts["web/i18n/fr.json "+k] = v
	}
	games, err := filepath.Glob("../games/*/messages/fr.json")
	if err != nil || len(games) == 0 {
		t.Fatalf("the games' French catalogues: %v %v", games, err)
	}
	for _, name := range games {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]string
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for k, v := range m {
			texts[strings.TrimPrefix(name, "../")+" "+k] = v
		}
	}
	for k, v := range texts {
		if m := plain.FindStringIndex(v); m != nil {
			t.Errorf("%s: a plain space before %q (a no-break space, U+00A0, goes there): %q", k, v[m[0]+1:m[1]], v)
		}
	}
}
