package whitechapel

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gaslamp/game"
	"gaslamp/game/gametest"
)

// TestMessagesCompleteInEveryLanguage: every key in en, fr and nl, under
// "whitechapel.", with the same placeholders.
func TestMessagesCompleteInEveryLanguage(t *testing.T) {
	gametest.CheckCatalog(t, Rules{}.Messages(), "whitechapel.")
}

var argRE = regexp.MustCompile(`\{[a-z]+\}`)

// TestMessagesCoverEveryKeyUsed checks the keys written in the source and
// every key emitted while playing (events, prompts, outcomes, refusals),
// nested texts included.
func TestMessagesCoverEveryKeyUsed(t *testing.T) {
	en := Rules{}.Messages()["en"]
	var check func(where string, tx game.Text)
	check = func(where string, tx game.Text) {
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
		for _, v := range tx.Args {
			switch nested := v.(type) {
			case game.Text:
				check(where+" (nested)", nested)
			case colourName:
				check(where+" (nested)", nested.Text())
			case tokenName:
				check(where+" (nested)", nested.Text())
			}
		}
	}
	files, _ := filepath.Glob("*.go")
	lit := regexp.MustCompile(`"(whitechapel\.[a-z.-]*[a-z])"`)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range lit.FindAllStringSubmatch(string(data), -1) {
			if _, ok := en[m[1]]; !ok && (strings.Count(m[1], ".") >= 2 || m[1] == "whitechapel.name") {
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
	seats, _ := Rules{}.Seats(nil)
	for _, s := range seats {
		check("seat", s.Name)
	}
	check("name", Rules{}.Name())
	for id := uint8(0); id <= tokenFake; id++ {
		check("token", tokenText(id).Text())
	}
	for i := 0; i < numPolice; i++ {
		check("colour", who(i).Text())
	}
	for seed := uint64(1); seed <= 12; seed++ {
		rng := game.NewRand(seed)
		st, _ := guided(seed, game.Options{OptDeduction: "off"}, func(s *State, seat game.Seat, legal []game.Move, last *game.Log) {
			for v := game.Spectator; v <= numPolice; v++ {
				check("prompt", s.View(v).(*View).Prompt)
			}
			for _, e := range last.Events {
				check(e.Type, e.Text)
			}
			for i := 0; i < 3; i++ {
				c := s.Clone().(*State)
				if err := c.Apply(seat, game.Move(rng.Uint64()&0xffffff), nil); err != nil {
					check("refusal", err.(*game.Error).Text)
				}
			}
		})
		check("outcome", st.Outcome().Reason)
	}
}

// TestNamesRenderInGoAndNestInJSON checks that a text naming a policeman
// renders with the colour in its own language in Go (French names him as
// the subject of its sentence: "Le policier rouge", not "Rouge" nor the
// English "Red") and carries a nested text in JSON.
func TestNamesRenderInGoAndNestInJSON(t *testing.T) {
	tx := game.T("whitechapel.ev.pass", "who", who(3))
	for lang, want := range map[string]string{"fr": "Le policier rouge ne fait rien.", "en": "Red takes no action.", "nl": "Rood doet niets."} {
		if got := (Rules{}).Messages().Render(lang, tx); got != want {
			t.Fatalf("rendered in %s %q, want %q", lang, got, want)
		}
	}
	data, err := json.Marshal(tx)
	if err != nil || string(data) != `{"key":"whitechapel.ev.pass","args":{"who":{"key":"whitechapel.colour.red"}}}` {
		t.Fatalf("JSON %s %v", data, err)
	}
}
