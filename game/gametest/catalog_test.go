package gametest

import (
	"testing"

	"gaslamp/game"
)

// recorder is a testing.TB that records failures instead of stopping.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) Fatalf(string, ...any) { r.failed = true }
func (r *recorder) Helper()               {}

func TestCheckCatalogCatchesEachDefect(t *testing.T) {
	good := func() game.Catalog {
		return game.Catalog{
			"en": {"g.a": "Jack on {circle}", "g.b": "B"},
			"fr": {"g.a": "Jack sur {circle}", "g.b": "B fr"},
			"nl": {"g.a": "Jack op {circle}", "g.b": "B nl"},
		}
	}
	r := &recorder{TB: t}
	CheckCatalog(r, good(), "g.")
	if r.failed {
		t.Fatal("a good catalogue was refused")
	}
	for name, spoil := range map[string]func(game.Catalog){
		"missing key":       func(c game.Catalog) { delete(c["nl"], "g.b") },
		"extra key":         func(c game.Catalog) { c["fr"]["g.c"] = "C" },
		"wrong prefix":      func(c game.Catalog) { c["en"]["x.c"], c["fr"]["x.c"], c["nl"]["x.c"] = "C", "C", "C" },
		"blank template":    func(c game.Catalog) { c["fr"]["g.b"] = " " },
		"other placeholder": func(c game.Catalog) { c["nl"]["g.a"] = "Jack op {cirkel}" },
	} {
		c := good()
		spoil(c)
		r := &recorder{TB: t}
		CheckCatalog(r, c, "g.")
		if !r.failed {
			t.Errorf("%s: not caught", name)
		}
	}
}
