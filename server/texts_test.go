package server

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"gaslamp/game"
	"gaslamp/game/gametest"
	_ "gaslamp/games/jekyll"
	_ "gaslamp/games/pocket"
	_ "gaslamp/games/whitechapel"
	_ "gaslamp/games/whitechapel/whitechapelbot"
	_ "gaslamp/games/whitehall"
	_ "gaslamp/games/whitehall/whitehallbot"
	"gaslamp/server/internal/testgame"
	"gaslamp/web"
)

// allMessages is every catalogue the site serves, merged as buildCatalogs
// merges them.
func allMessages() game.Catalog {
	c := game.Catalog{}
	c.Merge(serverMessages)
	c.Merge(web.Messages())
	for _, g := range game.Games() {
		c.Merge(g.Messages())
	}
	return c
}

var (
	// "(s)", "(en)", "(e)s": a plural left to the reader.
	// "0 left", "encore 0", "nog 0": nothing left, said as a count ("none
	// left", "plus aucun", "geen meer" read as the players' language does).
	zeroLeft = regexp.MustCompile(`\b0 left\b|\bencore 0\b|\bnog 0\b|\breste[\s\x{a0}]:\s?0\b|\b0 over\b|\b0 restante`)
	// A count of what is left ({left}, {held}) put in a template bare, not
	// through a plural.
	bareCount  = regexp.MustCompile(`\{(left|held)\}`)
	lazyPlural = regexp.MustCompile(`\((s|es|e|x|en|n|nen|ne)\)|\(e\)s|\(ne\)s`)
	// Internal ids: "red-1", "potion-4", a message key.
	rawID = regexp.MustCompile(`\b(red|blue|black|potion|yellow|green|brown)-\d\b|\b[a-z]+\.[a-z]+\.[a-z-]+\b`)
)

// TestEveryMessageRendersInEveryLanguage renders every catalogue message in
// English, French and Dutch with each of its arguments set to 0, 1, 2 and 5,
// and fails on a key missing in a language, a placeholder left unfilled, a
// plural left to the reader ("(s)", "(en)") and an internal id.
func TestEveryMessageRendersInEveryLanguage(t *testing.T) {
	c := allMessages()
	keys := map[string]bool{}
	for _, lang := range game.Languages {
		for k := range c[lang] {
			keys[k] = true
		}
	}
	sorted := make([]string, 0, len(keys))
	for k := range keys {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	for _, k := range sorted {
		for _, lang := range game.Languages {
			tmpl, ok := c[lang][k]
			if !ok {
				t.Errorf("%s: no %q", lang, k)
				continue
			}
			if strings.TrimSpace(tmpl) == "" {
				t.Errorf("%s %s: blank", lang, k)
			}
			args := game.TemplateArgs(tmpl)
			for _, n := range []int{0, 1, 2, 5} {
				kv := make([]any, 0, 2*len(args))
				for _, a := range args {
					kv = append(kv, a, n)
				}
				out := c.Render(lang, game.T(k, kv...))
				if strings.ContainsAny(out, "{}") {
					t.Errorf("%s %s (n=%d): a placeholder is left: %q", lang, k, n, out)
				}
				if strings.Contains(tmpl, ", plural,") && strings.Contains(out, "#") {
					t.Errorf("%s %s (n=%d): a # is left: %q", lang, k, n, out)
				}
				if m := zeroLeft.FindString(out); n == 0 && m != "" && bareCount.MatchString(tmpl) {
					t.Errorf("%s %s (n=0): %q says nothing is left with a bare 0: %q", lang, k, m, out)
				}
				if m := lazyPlural.FindString(out); m != "" {
					t.Errorf("%s %s (n=%d): %q leaves the plural to the reader: %q", lang, k, n, m, out)
				}
				if m := rawID.FindString(out); m != "" {
					t.Errorf("%s %s (n=%d): internal id %q: %q", lang, k, n, m, out)
				}
			}
		}
	}
}

// textProblems walks a JSON value for Texts ({"key": ..., "args": ...}) and
// returns what is wrong with them: a key no catalogue has, an argument that
// is a bare string (an id the player would read as it is; it must be a Text
// the client translates, or a number).
func textProblems(c game.Catalog, v any, where string, out map[string]string) {
	switch x := v.(type) {
	case map[string]any:
		if key, ok := x["key"].(string); ok && strings.Contains(key, ".") {
			tmpl, known := c["en"][key]
			if !known {
				out[fmt.Sprintf("%s: unknown key %q", where, key)] = ""
			}
			used := map[string]bool{}
			for _, a := range game.TemplateArgs(tmpl) {
				used[a] = true
			}
			if args, ok := x["args"].(map[string]any); ok {
				for name, a := range args {
					if s, ok := a.(string); ok && used[name] && !readable(name, s) {
						out[fmt.Sprintf("%s: %s{%s} is a bare string", where, key, name)] = s
					}
				}
			}
		}
		for k, e := range x {
			textProblems(c, e, where+"."+k, out)
		}
	case []any:
		for _, e := range x {
			textProblems(c, e, where, out)
		}
	}
}

var (
	// Values a player reads as they are: lists of circle numbers, Roman
	// numerals (Whitechapel's Time of the Crime), the crossing labels drawn on
	// the boards, people's names.
	numberList    = regexp.MustCompile(`^[0-9]+(, [0-9]+)*$`)
	roman         = regexp.MustCompile(`^[IVXL]+$`)
	crossingLabel = regexp.MustCompile(`^[A-Z]{1,2}[0-9]*$`)
	properName    = regexp.MustCompile(`^[A-Z][a-z]+( [A-Z][A-Za-z.]*)+$`)
)

// readable reports whether a bare string argument is fit to be read as it
// is.
func readable(name, v string) bool {
	switch {
	case numberList.MatchString(v), roman.MatchString(v):
		return true
	case name == "crossing" || name == "blue" || name == "yellow" || name == "brown" || name == "red" || name == "green":
		return crossingLabel.MatchString(v)
	case name == "who":
		return properName.MatchString(v)
	}
	return false
}

// TestGameTextsAreTyped plays random games of every game and checks every
// Text a player reads (events, views, outcomes): its key is in the
// catalogues and no argument is a bare string, so that cards, colours,
// quadrants, seats and places are rendered in the player's language; and
// every event reads as French is written (no "de" left unelided before a
// name).
func TestGameTextsAreTyped(t *testing.T) {
	t.Parallel()
	c := allMessages()
	for _, r := range game.Games() {
		t.Run(r.ID(), func(t *testing.T) {
			if r.ID() == "srvtest" {
				t.Skip("the server tests' own game")
			}
			problems := map[string]string{}
			for seed := uint64(1); seed <= 3; seed++ {
				st, err := r.New(game.Options{}, seed)
				if err != nil {
					t.Fatal(err)
				}
				infos, _ := r.Seats(game.Options{})
				rng := game.NewRand(seed)
				var buf []game.Move
				check := func(v any, where string) {
					data, err := json.Marshal(v)
					if err != nil {
						t.Fatalf("%s: %v", where, err)
					}
					var x any
					if err := json.Unmarshal(data, &x); err != nil {
						t.Fatal(err)
					}
					textProblems(c, x, where, problems)
				}
				for step := 0; step < 3000 && !st.Outcome().Over; step++ {
					if step%7 == 0 {
						for s := range infos {
							check(st.View(game.Seat(s)), "view")
						}
						check(st.View(game.Spectator), "view")
					}
					seats := st.ToAct().Seats()
					seat := seats[rng.IntN(len(seats))]
					buf = st.Legal(seat, buf[:0])
					var log game.Log
					if err := st.Apply(seat, buf[rng.IntN(len(buf))], &log); err != nil {
						t.Fatal(err)
					}
					for _, e := range log.Events {
						check(e.Text, "event "+e.Type)
						if out := c.Render("fr", e.Text); gametest.FrenchUnjoined.MatchString(out) {
							problems[fmt.Sprintf("event %s: French %q is not elided", e.Type, gametest.FrenchUnjoined.FindString(out))] = out
						}
					}
				}
				check(st.Outcome(), "outcome")
			}
			list := make([]string, 0, len(problems))
			for p := range problems {
				list = append(list, p)
			}
			sort.Strings(list)
			for _, p := range list {
				if ex := problems[p]; ex != "" {
					p += fmt.Sprintf(" (e.g. %q)", ex)
				}
				t.Error(p)
			}
		})
	}
}

// TestEveryBotHasAName: every bot kind registered for a game (the lobby's
// advanced choice lists them) has its short and long name in every
// language, so that no player reads a bot's internal id.
func TestEveryBotHasAName(t *testing.T) {
	all := allMessages()
	for _, g := range game.Games() {
		if g.ID() == testgame.ID {
			continue // the server tests' own game, whose bots players never see
		}
		for _, name := range game.BotNames(g.ID()) {
			for _, lang := range game.Languages {
				for _, key := range []string{"web.bot." + name, "web.botname." + name} {
					if all[lang][key] == "" {
						t.Errorf("game %s, bot %s: no %s in %s", g.ID(), name, key, lang)
					}
				}
			}
		}
	}
}

// TestEveryOptionChoiceHasWords: the lobby names each choice of a game's
// option by "<game>.option.<option>.<choice>", else "web.choice.<choice>"
// (lobby.js optionChoiceLabel), and shows the bare value only for a
// number. Every other choice has its words in every language, so that no
// player reads an internal value ("chapter" was shown as it is).
func TestEveryOptionChoiceHasWords(t *testing.T) {
	all := allMessages()
	for _, g := range game.Games() {
		if g.ID() == testgame.ID {
			continue
		}
		for _, o := range g.OptionSpecs() {
			if o.Kind != "choice" {
				continue
			}
			for _, c := range o.Choices {
				if _, err := strconv.Atoi(c); err == nil {
					continue
				}
				for _, lang := range game.Languages {
					if all[lang][g.ID()+".option."+o.Name+"."+c] == "" && all[lang]["web.choice."+c] == "" {
						t.Errorf("game %s, option %s, choice %q: no words in %s", g.ID(), o.Name, c, lang)
					}
				}
			}
		}
	}
}

// TestFrenchGameNamesContract renders every French template that names a
// game ({game}) with every game's name, as the pages pass it (the
// catalogue text): "Apprendre à jouer au Mystère de Whitehall", "Votre
// table du Mystère…", never "à Le Mystère" or "de Le Mystère".
func TestFrenchGameNamesContract(t *testing.T) {
	c := allMessages()
	for key, tmpl := range c["fr"] {
		if !strings.Contains(tmpl, "{game}") {
			continue
		}
		for _, g := range game.Games() {
			out := c.Render("fr", game.T(key, "game", g.Name(), "seat", "Jack", "inviter", "Alice"))
			if m := gametest.FrenchUnjoined.FindString(out); m != "" {
				t.Errorf("%s with %s: %q in %q", key, g.ID(), m, out)
			}
		}
	}
}

// TestEverySideHasAWinSentence: the end of a game and the archive say who
// won in a sentence of the players' language ("Les enquêteurs ont gagné"),
// from "<game>.won.<side>", else "web.won.<side>" (i18n.js wonText), rather
// than a label with the side's name ("Victoire : Les enquêteurs").
func TestEverySideHasAWinSentence(t *testing.T) {
	all := allMessages()
	for _, g := range game.Games() {
		if g.ID() == testgame.ID {
			continue
		}
		for _, side := range g.Sides() {
			for _, lang := range game.Languages {
				if all[lang][g.ID()+".won."+side] == "" && all[lang]["web.won."+side] == "" {
					t.Errorf("game %s, side %s: no sentence saying it won in %s", g.ID(), side, lang)
				}
			}
		}
	}
}
