package web

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"gaslamp/game"
	_ "gaslamp/games/jekyll"
	_ "gaslamp/games/pocket"
	_ "gaslamp/games/whitechapel"
	_ "gaslamp/games/whitehall"
)

// rulesText is a game's rules page in one language: its summary and every
// section's title and text, as rules.js shows them.
func rulesText(msgs map[string]map[string]string, lang, id string) string {
	base := "web.rules." + id
	var b strings.Builder
	b.WriteString(msgs[lang][base+".summary"])
	for i := 1; ; i++ {
		s := base + ".s" + strconv.Itoa(i)
		title, ok := msgs[lang][s+".title"]
		if !ok {
			break
		}
		b.WriteString("\n" + title + "\n" + msgs[lang][s+".text"])
	}
	return b.String()
}

// TestRulesPageExplainsOptions checks that every option a table can switch
// that is a rule of the published game (an option without a note marking it
// gaslamp's own) is explained on the game's rules page, under the short name
// the table page shows for it, in every language: a new player who meets
// "False clues" or "Overshooting moves Scotland Yard" in a table's options
// finds what it does.
func TestRulesPageExplainsOptions(t *testing.T) {
	msgs := Messages()
	for _, r := range game.Games() {
		for _, o := range r.OptionSpecs() {
			if o.Own != nil {
				continue
			}
			for _, lang := range game.Languages {
				short, ok := msgs[lang]["web.option-short."+r.ID()+"."+o.Name]
				if !ok {
					t.Errorf("%s %s: no short name in %s", r.ID(), o.Name, lang)
					continue
				}
				if !strings.Contains(rulesText(msgs, lang, r.ID()), short) {
					t.Errorf("%s: the rules page in %s does not explain option %s (%q)", r.ID(), lang, o.Name, short)
				}
			}
		}
	}
}

// TestRulesPageSaysTheRulings checks, in every language, rules that
// RULINGS.md decides and a new player needs, by the words that carry them.
func TestRulesPageSaysTheRulings(t *testing.T) {
	msgs := Messages()
	want := map[string]map[string][]string{
		"whitehall": {
			// W12: arrested on the location he has just reached, he loses.
			// W5: the blue circles are walked to along the streets.
			"en": {"arrests him there", "walks to and from the blue circles on the Thames"},
			"fr": {"l'arrête sur ce lieu", "à pied sur les cercles bleus de la Tamise"},
			"nl": {"daar arresteert", "blauwe cirkels op de Theems bereikt en verlaat hij te voet"},
		},
		"jekyll": {
			// Seed 003: the 8s must be given to the City; J3: the first
			// player is drawn at random.
			"en": {"every 8", "at random"}, "fr": {"tous vos 8", "au hasard"}, "nl": {"al je achten", "willekeurig"},
		},
		"pocket": {
			// The table's side panel counts Jack's "time tokens": the
			// rules say what they are, in the table's words.
			// The detectives only ever move clockwise (DIGEST A5).
			"en": {"time token", "clockwise"}, "fr": {"jeton Temps", "sens des aiguilles d'une montre"}, "nl": {"tijdfiche", "met de klok mee"},
		},
		"whitechapel": {
			// L10: the order of the women's placement is never shown; L4:
			// only a walk home ends the night; the police's order (the
			// Head first).
			"en": {"in what order", "an alley landing there does not end it", "the Head of the Investigation first"},
			"fr": {"dans quel ordre", "par une ruelle ne la termine pas", "le chef de l'enquête en premier"},
			"nl": {"in welke volgorde", "door een steeg daar aankomen telt niet", "de hoofdinspecteur als eerste"},
		},
	}
	for id, langs := range want {
		for lang, words := range langs {
			text := rulesText(msgs, lang, id)
			for _, w := range words {
				if !strings.Contains(text, w) {
					t.Errorf("%s (%s): the rules page lacks %q", id, lang, w)
				}
			}
		}
	}
}

// TestHelpSaysTheRules checks, in every language, that the "?" dialog's
// explanation of a decision says the rule a player needs at that moment, by
// the words that carry it: the 8s that must be given (Jekyll), that a potion
// never wins and reactions only in their chapters, that only a walk home ends
// a night (L4), where the patrol tokens go after the first night, where a
// wretched may not stop, that Jack may not announce a location under a false
// clue (W21), that only a walk reaches a location (W12), and that no special
// move may end on an unreached location (W9); that Pocket's detectives move
// clockwise.
func TestHelpSaysTheRules(t *testing.T) {
	msgs := Messages()
	want := map[string]map[string]string{
		"jekyll.give":          {"en": "Every 8", "fr": "Tous vos 8", "nl": "Al je achten"},
		"jekyll.play":          {"en": "chapters with reactions", "fr": "chapitres avec réactions", "nl": "hoofdstukken met reacties"},
		"whitechapel.walk":     {"en": "Only a walk onto your hideout", "fr": "Seul un déplacement à pied jusqu'à votre repaire", "nl": "Alleen een zet te voet naar je schuilplaats"},
		"whitechapel.patrol":   {"en": "later nights", "fr": "nuits suivantes", "nl": "latere nachten"},
		"whitechapel.wretched": {"en": "crime scene", "fr": "scène de crime", "nl": "plaats delict"},
		"whitehall.false-clue": {"en": "announce a discovery location there", "fr": "y annoncer un lieu de découverte", "nl": "daar geen vindplaats melden"},
		"whitehall.walk":       {"en": "Only a walk reaches", "fr": "Seul un déplacement à pied atteint", "nl": "Alleen te voet bereik je"},
		"whitehall.alley":      {"en": "not reached yet", "fr": "pas encore atteint", "nl": "nog niet bereikt"},
		"whitehall.boat":       {"en": "not reached yet", "fr": "pas encore atteint", "nl": "nog niet bereikt"},
		"whitehall.coach":      {"en": "neither blue", "fr": "aucun n'est bleu", "nl": "geen van beide blauw"},
		"pocket.holmes":        {"en": "clockwise", "fr": "sens des aiguilles d'une montre", "nl": "met de klok mee"},
		"pocket.watson":        {"en": "clockwise", "fr": "sens des aiguilles d'une montre", "nl": "met de klok mee"},
		"pocket.toby":          {"en": "clockwise", "fr": "sens des aiguilles d'une montre", "nl": "met de klok mee"},
		"pocket.joker":         {"en": "clockwise", "fr": "sens des aiguilles d'une montre", "nl": "met de klok mee"},
	}
	for key, langs := range want {
		for lang, w := range langs {
			if text := msgs[lang]["web.help."+key]; !strings.Contains(text, w) {
				t.Errorf("web.help.%s (%s) lacks %q: %q", key, lang, w, text)
			}
		}
	}
}

// ownText is a game's list of gaslamp's own choices on its rules page
// ("web.rules.GAME.ownN", numbered from 1) in one language.
func ownText(msgs map[string]map[string]string, lang, id string) string {
	var b strings.Builder
	for i := 1; ; i++ {
		s, ok := msgs[lang]["web.rules."+id+".own"+strconv.Itoa(i)]
		if !ok {
			return b.String()
		}
		b.WriteString(s + "\n")
	}
}

// TestRulesPageOwnChoices checks that the map games' rules pages list, among
// gaslamp's own choices, the deduction help a table shows by default (under
// its option's short name), the published optional rules of Letters from
// Whitechapel that are not offered (L9), and the Whitehall investigators whose
// printed powers are not known (W20): a player who knows the box finds why.
func TestRulesPageOwnChoices(t *testing.T) {
	msgs := Messages()
	for _, lang := range game.Languages {
		for _, id := range []string{"whitehall", "whitechapel"} {
			own := ownText(msgs, lang, id)
			if short := msgs[lang]["web.option-short."+id+".deduction"]; short == "" || !strings.Contains(own, short) {
				t.Errorf("%s (%s): the own choices do not name the deduction help %q: %q", id, lang, short, own)
			}
		}
		if own := ownText(msgs, lang, "whitehall"); !strings.Contains(own, "Waring") || !strings.Contains(own, "Ferris") || !strings.Contains(own, "Bond") {
			t.Errorf("whitehall (%s): the own choices do not say the powers of Waring, Ferris and Bond are left out: %q", lang, own)
		}
		if own := ownText(msgs, lang, "whitechapel"); !strings.Contains(own, map[string]string{"en": "optional rules", "fr": "règles optionnelles", "nl": "optionele regels"}[lang]) {
			t.Errorf("whitechapel (%s): the own choices do not say the optional rules are not offered: %q", lang, own)
		}
	}
}

// TestWhitehallTutorialNamesTheFigures: the table's prompt names the
// investigator to place by his name only ("Jasper T.C. Waring: place the
// figure..."), while the tutorial's hint says "for yellow": the hint of each
// first placement gives both, in every language, so that a new player can
// tell which figure the prompt means.
func TestWhitehallTutorialNamesTheFigures(t *testing.T) {
	msgs := Messages()
	for _, lang := range game.Languages {
		for step, name := range map[string]string{"4": "Jasper T.C. Waring", "5": "Arthur Ferris", "6": "Thomas Bond"} {
			if hint := msgs[lang]["tutorial.whitehall.step."+step]; !strings.Contains(hint, name) {
				t.Errorf("tutorial.whitehall.step.%s (%s) does not name %s: %q", step, lang, name, hint)
			}
		}
	}
}

// TestWhitechapelDutchTermsDistinct: the Dutch texts of Letters from
// Whitechapel used "spoor" for three things at once: Jack's trail, the clue
// a search finds ("een spoor!") and the move track ("vakken van het spoor"),
// while the table's own heading says "Zettenspoor" and Whitehall says
// "aanwijzing" for a clue. A clue is "aanwijzing" and the track
// "zettenspoor", in the rules, the help, the tutorial, the table and the log.
func TestWhitechapelDutchTermsDistinct(t *testing.T) {
	nl := map[string]string{}
	for k, v := range Messages()["nl"] {
		nl[k] = v
	}
	// The game's own catalogue (its log, prompts and errors).
	data, err := os.ReadFile("../games/whitechapel/messages/nl.json")
	if err != nil {
		t.Fatal(err)
	}
	var game map[string]string
	if err := json.Unmarshal(data, &game); err != nil {
		t.Fatal(err)
	}
	for k, v := range game {
		nl[k] = v
	}
	for key, text := range nl {
		if !strings.Contains(key, "whitechapel") && !strings.HasPrefix(key, "web.wc.") {
			continue
		}
		lower := strings.ToLower(text)
		for _, bad := range []string{"een spoor!", "een spoor op", "geen spoor", "sporen", "spoorfiche", "vak van het spoor", "vakken van het spoor", "op het spoor van 20", "al een spoor", "spoor:"} {
			if strings.Contains(lower, bad) {
				t.Errorf("%s uses %q for a clue or the move track: %q", key, bad, text)
			}
		}
	}
}

// TestWhitehallFrenchSearchTerm: in French, Whitehall's rules, help and
// tutorial say "chercher des indices" / "recherche" (the published game's
// words), while the table's prompt and log said "fouiller", Letters from
// Whitechapel's word: one action, one name.
func TestWhitehallFrenchSearchTerm(t *testing.T) {
	texts := map[string]string{}
	for k, v := range Messages()["fr"] {
		if strings.Contains(k, "whitehall") || strings.HasPrefix(k, "web.wh.") {
			texts[k] = v
		}
	}
	data, err := os.ReadFile("../games/whitehall/messages/fr.json")
	if err != nil {
		t.Fatal(err)
	}
	var game map[string]string
	if err := json.Unmarshal(data, &game); err != nil {
		t.Fatal(err)
	}
	for k, v := range game {
		texts[k] = v
	}
	for k, v := range texts {
		if strings.Contains(strings.ToLower(v), "fouill") {
			t.Errorf("%s says %q: Whitehall's search is \"chercher des indices\"", k, v)
		}
	}
}
