package game

import "testing"

// French elides "de" and "que" before a vowel: a template cannot, when the
// word after them is an argument (a player's name), so Render does it.
func TestRenderFrenchElision(t *testing.T) {
	c := Catalog{
		"nl": {"msg": "berichten van de {name}"},
		"en": {"msg": "Messages of {name}", "as": "Signed in as {name}", "start": "{name} and {other}", "word": "Mode {name}", "both": "de {a} et de {b}"},
		"fr": {"msg": "Les messages de {name}", "as": "Connecté en tant que {name}", "start": "De {name} à {other}", "word": "Mode {name}", "both": "de {a} et de {b}"},
	}
	for _, tc := range []struct {
		lang, key, name, want string
	}{
		{"fr", "msg", "Alice", "Les messages d'Alice"},
		{"fr", "msg", "Édouard", "Les messages d'Édouard"},
		{"fr", "msg", "Yvonne", "Les messages d'Yvonne"},
		{"fr", "msg", "Bob", "Les messages de Bob"},
		{"fr", "msg", "Hyde", "Les messages de Hyde"}, // an h aspiré
		{"fr", "msg", "42", "Les messages de 42"},
		{"fr", "msg", "", "Les messages de "},
		{"fr", "as", "Ursula", "Connecté en tant qu'Ursula"},
		{"fr", "as", "Marc", "Connecté en tant que Marc"},
		{"fr", "start", "Anne", "D'Anne à Bob"},
		{"fr", "word", "Anne", "Mode Anne"}, // "de" inside a word is no "de"
		{"en", "msg", "Alice", "Messages of Alice"},
		{"en", "as", "Ursula", "Signed in as Ursula"},
		{"nl", "msg", "Alice", "berichten van de Alice"},
	} {
		if got := c.Render(tc.lang, T(tc.key, "name", tc.name, "other", "Bob")); got != tc.want {
			t.Errorf("%s %s %q: %q, want %q", tc.lang, tc.key, tc.name, got, tc.want)
		}
	}
	if got := c.Render("fr", T("both", "a", "Iris", "b", "Ada")); got != "d'Iris et d'Ada" {
		t.Errorf("two arguments: %q", got)
	}
	// A nested Text is elided by what it renders to.
	c["fr"]["seat"] = "Enquêteur bleu"
	if got := c.Render("fr", T("msg", "name", T("seat"))); got != "Les messages d'Enquêteur bleu" {
		t.Errorf("nested: %q", got)
	}
}
