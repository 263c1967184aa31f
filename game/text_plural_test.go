package game

import "testing"

func TestRenderPluralAndSelect(t *testing.T) {
	c := Catalog{
		"en": {"k": "{n, plural, =0 {no card} one {# card} other {# cards}} for {who}", "s": "{side, select, jack {Jack} other {the police}} wins"},
		"fr": {"k": "{n, plural, one {# carte} other {# cartes}} pour {who}"},
		"nl": {"k": "{n, plural, one {# kaart} other {# kaarten}} voor {who}"},
	}
	for _, tc := range []struct {
		lang string
		n    any
		want string
	}{
		{"en", 0, "no card for Ann"}, {"en", 1, "1 card for Ann"}, {"en", 2, "2 cards for Ann"}, {"en", 5.0, "5 cards for Ann"},
		{"fr", 0, "0 carte pour Ann"}, {"fr", 1, "1 carte pour Ann"}, {"fr", 2, "2 cartes pour Ann"},
		{"nl", 0, "0 kaarten voor Ann"}, {"nl", 1, "1 kaart voor Ann"}, {"nl", int64(5), "5 kaarten voor Ann"},
	} {
		if got := c.Render(tc.lang, T("k", "n", tc.n, "who", "Ann")); got != tc.want {
			t.Errorf("%s %v: %q, want %q", tc.lang, tc.n, got, tc.want)
		}
	}
	if got := c.Render("en", T("s", "side", "jack")); got != "Jack wins" {
		t.Errorf("select: %q", got)
	}
	if got := c.Render("en", T("s", "side", "yard")); got != "the police wins" {
		t.Errorf("select other: %q", got)
	}
	if got := c.Render("en", T("k")); got != "{n} for {who}" {
		t.Errorf("missing arguments: %q", got)
	}
	if got := (Catalog{"en": {"x": "jusqu'à {a} { rien"}}).Render("en", T("x", "a", 3)); got != "jusqu'à 3 { rien" {
		t.Errorf("literal brace: %q", got)
	}
	for _, n := range []float64{0, 1, 1.5, 2, 1e6} {
		want := map[float64]string{0: "one", 1: "one", 1.5: "one", 2: "other", 1e6: "many"}[n]
		if got := PluralCategory("fr", n); got != want {
			t.Errorf("fr %v: %s, want %s", n, got, want)
		}
	}
}
