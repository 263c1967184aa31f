package gametest

import (
	"strings"
	"testing"

	"gaslamp/game"
)

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
