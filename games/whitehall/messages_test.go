package whitehall

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"gaslamp/game"
	"gaslamp/game/gametest"
)

// TestMessagesCompleteInEveryLanguage: every key in en, fr and nl, under
// "whitehall.", with the same placeholders.
func TestMessagesCompleteInEveryLanguage(t *testing.T) {
	gametest.CheckCatalog(t, Rules{}.Messages(), "whitehall.")
}

var argRE = regexp.MustCompile(`\{[a-z]+\}`)

// TestMessagesCoverEveryKeyUsed checks the keys written in the source and
// every key emitted while playing (events, prompts, outcomes, refusals).
func TestMessagesCoverEveryKeyUsed(t *testing.T) {
	en := Rules{}.Messages()["en"]
	check := func(where string, tx game.Text) {
		if strings.HasPrefix(tx.Key, "err.") {
			return // shared keys of package game
		}
		if _, ok := en[tx.Key]; !ok {
			t.Errorf("%s: key %q not in the catalogue", where, tx.Key)
		}
		for _, a := range argRE.FindAllString(en[tx.Key], -1) {
			if _, ok := tx.Args[a[1:len(a)-1]]; !ok {
				t.Errorf("%s: key %q lacks argument %s", where, tx.Key, a)
			}
		}
	}
	// Literal keys in the source.
	files, _ := filepath.Glob("*.go")
	lit := regexp.MustCompile(`"(whitehall\.[a-z.-]*[a-z])"`)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range lit.FindAllStringSubmatch(string(data), -1) {
			if _, ok := en[m[1]]; !ok && (strings.Count(m[1], ".") >= 2 || m[1] == "whitehall.name") {
				t.Errorf("%s: key %q not in the catalogue", f, m[1])
			}
		}
	}
	for _, sp := range (Rules{}).OptionSpecs() {
		check("option", sp.Label)
		if sp.Own != nil {
			check("option note", *sp.Own)
		}
	}
	for _, o := range optionSets {
		seats, _ := Rules{}.Seats(o)
		for _, s := range seats {
			check("seat", s.Name)
		}
	}
	check("name", Rules{}.Name())
	// Everything emitted in random games.
	for seed := uint64(1); seed <= 60; seed++ {
		st, _ := Rules{}.New(optionSets[seed%uint64(len(optionSets))], seed)
		rng := game.NewRand(seed)
		var log game.Log
		for {
			for seat := game.Spectator; seat < 4; seat++ {
				check("prompt", st.View(seat).(*View).Prompt)
			}
			if st.Outcome().Over {
				check("outcome", st.Outcome().Reason)
				break
			}
			seat := st.ToAct().First()
			legal := st.Legal(seat, nil)
			for i := 0; i < 3; i++ {
				if err := st.Apply(seat, game.Move(rng.Uint64()&0xffffff), nil); err != nil {
					check("refusal", err.(*game.Error).Text)
				}
			}
			log.Reset()
			if err := st.Apply(seat, legal[rng.IntN(len(legal))], &log); err != nil {
				t.Fatal(err)
			}
			for _, e := range log.Events {
				check(e.Type, e.Text)
			}
		}
	}
}

// TestOwnOptionsMarked checks that only the deduction help, which the
// published game does not have, is marked as gaslamp's own in the lobby.
func TestOwnOptionsMarked(t *testing.T) {
	for _, o := range (Rules{}).OptionSpecs() {
		if own := o.Name == OptDeduction; (o.Own != nil) != own {
			t.Errorf("option %s: own note %v, want own=%v", o.Name, o.Own, own)
		}
	}
}

// TestTooSlowSaysNewLocation: Jack who ends his 15th move back on the
// discovery location he started the round from (or on one reached before)
// has reached a discovery location, and still loses: the outcome must say
// that the location he failed to reach is a new one, or the end screen
// contradicts the board.
func TestTooSlowSaysNewLocation(t *testing.T) {
	want := map[string]string{"en": "a new discovery location", "fr": "nouveau lieu de découverte", "nl": "nieuwe vindplaats"}
	for lang, cat := range (Rules{}).Messages() {
		if key := "whitehall.outcome.too-slow"; !strings.Contains(cat[key], want[lang]) {
			t.Errorf("%s %s = %q, want it to say %q", lang, key, cat[key], want[lang])
		}
	}
}

// TestTooSlowEventIsNotTheOutcome: the log's event of Jack's 15th move
// without a new discovery location and the outcome shown beside it said the
// same thing twice ("Jack made his 15th move without reaching a new
// discovery location." then "Jack used his 15 moves without reaching a new
// discovery location: ..."). The event says what the move did (the track is
// full), the outcome the result: in each language, the two share no run of
// three words and only one of them counts the 15 moves.
func TestTooSlowEventIsNotTheOutcome(t *testing.T) {
	for lang, cat := range (Rules{}).Messages() {
		ev, out := cat["whitehall.ev.too-slow"], cat["whitehall.outcome.too-slow"]
		if run := sharedRun(ev, out); run != "" {
			t.Errorf("%s: the event %q and the outcome %q both say %q", lang, ev, out, run)
		}
		if strings.Contains(ev, "15") && strings.Contains(out, "15") {
			t.Errorf("%s: the event %q and the outcome %q both count the 15 moves", lang, ev, out)
		}
	}
}

// TestCorneredEventIsNotTheOutcome: the log's event of Jack left without
// a legal move and the outcome beside it said the same thing twice ("Jack
// has no legal move." then "Jack could not move: the investigators win.").
// As for the 15th move, the event says what the board shows (every way out
// of his circle is closed), the outcome the result: the event does not say
// that Jack cannot move, and the two share no run of three words.
func TestCorneredEventIsNotTheOutcome(t *testing.T) {
	moveWord := map[string]*regexp.Regexp{
		"en": regexp.MustCompile(`(?i)\bmove`),
		"fr": regexp.MustCompile(`(?i)déplac`),
		"nl": regexp.MustCompile(`(?i)\bzet|verplaats`),
	}
	for lang, cat := range (Rules{}).Messages() {
		ev, out := cat["whitehall.ev.cornered"], cat["whitehall.outcome.cornered"]
		if run := sharedRun(ev, out); run != "" {
			t.Errorf("%s: the event %q and the outcome %q both say %q", lang, ev, out, run)
		}
		if !moveWord[lang].MatchString(out) {
			t.Errorf("%s: the outcome %q does not say that Jack could not move", lang, out)
		}
		if moveWord[lang].MatchString(ev) {
			t.Errorf("%s: the event %q says that Jack cannot move, as the outcome %q does", lang, ev, out)
		}
	}
}

// sharedRun returns a run of three words that a and b both say (case
// folded), or "".
func sharedRun(a, b string) string {
	words := func(s string) []string {
		return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	}
	bWords := " " + strings.Join(words(b), " ") + " "
	aWords := words(a)
	for i := 0; i+3 <= len(aWords); i++ {
		if run := strings.Join(aWords[i:i+3], " "); strings.Contains(bWords, " "+run+" ") {
			return run
		}
	}
	return ""
}
