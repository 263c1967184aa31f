package pocket

import (
	"strings"
	"testing"

	"gaslamp/game"
	"gaslamp/game/gametest"
)

// Every key is in every language, with the same placeholders, under "pocket.".
func TestMessagesComplete(t *testing.T) {
	gametest.CheckCatalog(t, Rules{}.Messages(), "pocket.")
}

// collect adds the keys of a text and of the texts among its arguments.
func collect(keys map[string]bool, x any) {
	switch v := x.(type) {
	case game.Text:
		keys[v.Key] = true
		for _, a := range v.Args {
			collect(keys, a)
		}
	case []game.Text:
		for _, e := range v {
			collect(keys, e)
		}
	}
}

// Every text the game produces has an English template: events, prompts,
// outcomes, refusals, names.
func TestMessagesCoverEveryText(t *testing.T) {
	keys := map[string]bool{}
	r := Rules{}
	collect(keys, r.Name())
	seats, _ := r.Seats(nil)
	for _, s := range seats {
		collect(keys, s.Name)
	}
	for c := Character(0); c < NumCharacters; c++ {
		collect(keys, c.Text())
		collect(keys, c.Of())
	}
	for d := Holmes; d <= NoDetective; d++ {
		collect(keys, d.Text())
	}
	for k := KindRotate; k < numKinds; k++ {
		collect(keys, k.Text())
	}
	for _, k := range reasonKeys[1:] {
		keys[k] = true
	}
	rng := game.NewRand(8)
	var buf []game.Move
	for g := range uint64(200) {
		s := newState(g)
		for !s.over() {
			for _, seat := range []game.Seat{JackSeat, InvestigatorSeat, game.Spectator} {
				collect(keys, s.View(seat).(*View).Prompt)
			}
			seat := s.ToAct().First()
			for k := 0; k < 3; k++ { // some refusals
				m := game.Move(rng.Uint64() & (1<<moveBits - 1))
				if err := s.Clone().Apply(seat, m, nil); err != nil {
					collect(keys, err.(*game.Error).Text)
				}
			}
			buf = s.Legal(seat, buf[:0])
			var log game.Log
			if err := s.Apply(seat, buf[rng.IntN(len(buf))], &log); err != nil {
				t.Fatal(err)
			}
			for _, e := range log.Events {
				collect(keys, e.Text)
			}
		}
		collect(keys, s.Outcome().Reason)
		collect(keys, s.View(game.Spectator).(*View).Prompt)
	}
	en := r.Messages()["en"]
	for k := range keys {
		if !strings.HasPrefix(k, "err.") && en[k] == "" {
			t.Errorf("no English template for %s", k)
		}
	}
	for _, k := range []string{"pocket.err.rotated-twice", "pocket.err.joker-must-move", "pocket.err.same-wall",
		"pocket.err.no-token", "pocket.err.bad-move", "pocket.err.bad-view", "pocket.ev.alibi-empty"} {
		if en[k] == "" {
			t.Errorf("no English template for %s", k)
		}
	}
}

// French names a character or a side after "la tuile", "l'alibi" and the like with the
// elision and contraction French requires: "la tuile de l'inspecteur
// Lestrade", "l'alibi du sergent Goodley", never "de Inspecteur Lestrade" or
// "de Sergent Goodley" (a bare name after a hard-coded "de"); and the
// investigator is "l'enquêteur", never "de Enquêteur". Every argument
// of every template is filled with every character, in both the name and
// the complement forms, so a template that puts a bare name after "de" fails.
func TestFrenchCharacterNamesElide(t *testing.T) {
	c := Rules{}.Messages()
	for key, tmpl := range c["fr"] {
		args := game.TemplateArgs(tmpl)
		if len(args) == 0 {
			continue
		}
		for ch := Character(0); ch < NumCharacters; ch++ {
			for _, form := range []game.Text{ch.Text(), ch.Of()} {
				kv := []any{}
				for _, a := range args {
					switch a {
					case "hourglasses", "total", "count", "turn", "action", "steps", "place", "n":
						kv = append(kv, a, 2)
					case "of", "ofA", "ofB", "ofCard":
						kv = append(kv, a, ch.Of())
					case "side":
						kv = append(kv, a, sideText(uint8(ch%2)))
					case "whom":
						kv = append(kv, a, sideWhom(uint8(ch%2)))
					default:
						kv = append(kv, a, form)
					}
				}
				out := c.Render("fr", game.T(key, kv...))
				if m := gametest.FrenchUnjoined.FindString(out); m != "" {
					t.Errorf("%s with %s: %q in %q", key, ch, m, out)
				}
			}
		}
	}
	for ch := Character(0); ch < NumCharacters; ch++ {
		en := c.Render("en", ch.Of())
		if !strings.HasPrefix(en, "of ") {
			t.Errorf("en %s: %q", ch, en)
		}
	}
}

// TestHourglassesReasonSaysWhy: the end screen of Jack's win on hourglasses
// read "Jack (Madame) has 6 hourglasses." and left the player to know that 6
// is the goal; it says so in every language.
func TestHourglassesReasonSaysWhy(t *testing.T) {
	want := map[string]string{"en": "6 are enough to win", "fr": "il lui en fallait 6 pour gagner", "nl": "6 zijn genoeg om te winnen"}
	for lang, cat := range (Rules{}).Messages() {
		if got := cat["pocket.reason.hourglasses"]; !strings.Contains(got, want[lang]) {
			t.Errorf("%s pocket.reason.hourglasses = %q, want it to say %q", lang, got, want[lang])
		}
	}
}

// TestActPromptSaysWhereToClick: the prompt said "choose an action token and
// play it", and the tokens listed in the side panel do nothing when clicked:
// a move is a lit tile or place on the board (or the Alibi token's button,
// under the prompt). The prompt says so.
func TestActPromptSaysWhereToClick(t *testing.T) {
	want := map[string]string{"en": "click a lit tile or place (or a button", "fr": "cliquez sur une tuile ou une case en surbrillance (ou sur un bouton", "nl": "klik op een opgelichte tegel of plaats (of op een knop"}
	for lang, cat := range (Rules{}).Messages() {
		if got := cat["pocket.prompt.act"]; !strings.Contains(got, want[lang]) {
			t.Errorf("%s pocket.prompt.act = %q, want it to say %q", lang, got, want[lang])
		}
	}
}
