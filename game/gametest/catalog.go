package gametest

import (
	"regexp"
	"strings"
	"testing"

	"gaslamp/game"
)

// FrenchUnjoined finds French a native reader would not write: "de" or "que"
// before a vowel or a mute h ("de l'inspecteur", not "de Inspecteur"), or "de
// le", "à le", "de les", "à les" ("du", "au", "des", "aux"). Go's \b is ASCII
// only, so "à" is bounded by hand.
var FrenchUnjoined = regexp.MustCompile(`(?i)\b(de|que) [aeiouyàâéèêëîïôûh]|(^|[^\p{L}])(de|à) les? `)

// CheckCatalog checks a game's translation catalogue: every key of English is
// in French and Dutch and no language has a key English lacks, every key starts
// with prefix (e.g. "whitehall."), no template is blank, and each template
// names the same placeholders as its English one.
func CheckCatalog(t testing.TB, c game.Catalog, prefix string) {
	t.Helper()
	if m := c.Missing(); len(m) != 0 {
		t.Fatalf("keys missing: %v", m)
	}
	for _, lang := range game.Languages {
		for k, v := range c[lang] {
			en, ok := c["en"][k]
			if !ok {
				t.Errorf("%s has %s, English does not", lang, k)
				continue
			}
			if !strings.HasPrefix(k, prefix) || strings.TrimSpace(v) == "" {
				t.Errorf("%s: bad entry %q = %q", lang, k, v)
			}
			if a, b := placeholders(v), placeholders(en); a != b {
				t.Errorf("%s %s: placeholders %s, en has %s", lang, k, a, b)
			}
		}
	}
}

// placeholders returns the sorted placeholders of a template.
func placeholders(s string) string {
	return strings.Join(game.TemplateArgs(s), ",")
}
