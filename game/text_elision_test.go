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
	// A catalogue text that starts with the article Le or Les (a game's
	// name) contracts with "de" and "à"; a player's name does not.
	c["fr"]["game"] = "Le Mystère de Whitehall"
	c["fr"]["games"] = "Les Lettres"
	c["fr"]["learn"] = "Apprendre à jouer à {game}"
	c["fr"]["table"] = "Votre table de {game} est prête"
	c["fr"]["start"] = "De {game} à {other}"
	c["fr"]["at"] = "À {game}, {other}"
	for _, tc := range []struct {
		key  string
		arg  any
		want string
	}{
		{"learn", T("game"), "Apprendre à jouer au Mystère de Whitehall"},
		{"learn", T("games"), "Apprendre à jouer aux Lettres"},
		{"table", T("game"), "Votre table du Mystère de Whitehall est prête"},
		{"table", T("games"), "Votre table des Lettres est prête"},
		{"start", T("game"), "Du Mystère de Whitehall à Bob"},
		{"at", T("game"), "Au Mystère de Whitehall, Bob"},
		{"table", "Le Gall", "Votre table de Le Gall est prête"},
		{"learn", T("seat"), "Apprendre à jouer à Enquêteur bleu"},
	} {
		c["fr"]["seat"] = "Enquêteur bleu"
		if got := c.Render("fr", T(tc.key, "game", tc.arg, "other", "Bob")); got != tc.want {
			t.Errorf("%s %v: %q, want %q", tc.key, tc.arg, got, tc.want)
		}
	}
	// A word that ends in "de" is no "de"; nor is one joined by an apostrophe.
	c["fr"]["mode"] = "Mode {game}"
	c["fr"]["apos"] = "aujourd'de {game}"
	if got := c.Render("fr", T("mode", "game", T("game"))); got != "Mode Le Mystère de Whitehall" {
		t.Errorf("mode: %q", got)
	}
	if got := c.Render("fr", T("apos", "game", T("game"))); got != "aujourd'de Le Mystère de Whitehall" {
		t.Errorf("apostrophe: %q", got)
	}
	// A nested Text is elided by what it renders to.
	c["fr"]["seat"] = "Enquêteur bleu"
	if got := c.Render("fr", T("msg", "name", T("seat"))); got != "Les messages d'Enquêteur bleu" {
		t.Errorf("nested: %q", got)
	}
}
