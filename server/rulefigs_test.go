package server

import (
	"encoding/json"
	"strings"
	"testing"

	_ "gaslamp/games/jekyll"
	"gaslamp/games/pocket"
	_ "gaslamp/games/whitehall"
)

// TestRuleFigures checks GET /api/rules/{game}/figures: Pocket's line of
// sight is a spectator's view reached by legal moves, with some suspects in
// sight and the others not, and carries no secret (no Jack, no alibis held
// by Jack); Jekyll & Hyde's colour ranks are a spectator's view of a whole
// trick once two colours are ranked, and each reaction's trick holds two
// paired cards, one of them of the reaction's colour; Pocket's alibi figure
// lists every suspect's card with the hourglasses of games/pocket; a game
// with no such figure gets an empty list, an unknown game 404.
func TestRuleFigures(t *testing.T) {
	e := newEnv(t, nil)
	u := &user{e: e}
	var figs []struct {
		ID      string          `json:"id"`
		Section int             `json:"section"`
		View    json.RawMessage `json:"view"`
	}
	if code := u.do("GET", "/api/rules/pocket/figures", nil, &figs); code != 200 || len(figs) != 2 {
		t.Fatalf("pocket figures: %d, %d figures", code, len(figs))
	}
	f := figs[0]
	var v map[string]any
	if err := json.Unmarshal(f.View, &v); err != nil {
		t.Fatal(err)
	}
	sight, _ := v["sight"].(map[string]any)
	seen, _ := sight["seen"].([]any)
	if f.ID != "sight" || f.Section != 4 || len(seen) < 3 || len(seen) > 6 {
		t.Errorf("pocket figure %s (section %d): %d suspects seen, want 3 to 6 in section 4", f.ID, f.Section, len(seen))
	}
	if v["seat"] != float64(-1) {
		t.Errorf("the figure's view is seat %v's, want the spectator's (-1)", v["seat"])
	}
	for _, secret := range []string{"jack", "jackAlibis", "hourglasses"} {
		if x, ok := v[secret]; ok && x != nil && x != "" && x != float64(0) {
			if l, isList := x.([]any); !isList || len(l) > 0 {
				t.Errorf("the figure's view carries %s = %v", secret, x)
			}
		}
	}
	var alibi struct {
		Alibis []struct {
			Character   string `json:"character"`
			Hourglasses int    `json:"hourglasses"`
		} `json:"alibis"`
		Turns, Goal int
	}
	if err := json.Unmarshal(figs[1].View, &alibi); err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, a := range alibi.Alibis {
		c, ok := pocket.ParseCharacter(a.Character)
		if !ok || c.Hourglasses() != a.Hourglasses {
			t.Errorf("pocket alibi card %+v: not the rules' card", a)
		}
		total += a.Hourglasses
	}
	if figs[1].ID != "alibi" || figs[1].Section != 3 || len(alibi.Alibis) != pocket.NumCharacters || total == 0 || alibi.Turns != pocket.Turns || alibi.Goal != 6 {
		t.Errorf("pocket figure %s (section %d): %+v", figs[1].ID, figs[1].Section, alibi)
	}
	// Jekyll & Hyde: a whole trick, once colours are ranked, seen by a spectator (no hand).
	if code := u.do("GET", "/api/rules/jekyll/figures", nil, &figs); code != 200 || len(figs) != 5 || figs[1].ID != "track" || figs[1].Section != 6 {
		t.Fatalf("jekyll figures: %d, %d figures", code, len(figs))
	}
	var jv struct {
		Seat  int              `json:"seat"`
		Hand  []string         `json:"hand"`
		Ranks []map[string]any `json:"ranks"`
		Trick *struct {
			Cards []any `json:"cards"`
		} `json:"trick"`
	}
	if err := json.Unmarshal(figs[0].View, &jv); err != nil {
		t.Fatal(err)
	}
	if figs[0].ID != "ranks" || figs[0].Section != 4 || jv.Seat != -1 || len(jv.Hand) != 0 || len(jv.Ranks) < 2 || jv.Trick == nil || len(jv.Trick.Cards) != 3 {
		t.Errorf("jekyll figure %s (section %d): seat %d, hand %v, %d ranks, trick %+v", figs[0].ID, figs[0].Section, jv.Seat, jv.Hand, len(jv.Ranks), jv.Trick)
	}
	for i, col := range []string{"red", "blue", "black"} {
		f := figs[2+i]
		if f.ID != "reaction-"+col || f.Section != 5 || !jekyllReaction(col)(f.View) {
			t.Errorf("jekyll figure %d: %s in section %d, want reaction-%s in section 5 with such a reaction", 2+i, f.ID, f.Section, col)
		}
		if strings.Contains(string(f.View), `"hand":`) {
			t.Errorf("jekyll figure %s carries a hand", f.ID)
		}
	}
	var none []any
	if code := u.do("GET", "/api/rules/whitehall/figures", nil, &none); code != 200 || none == nil || len(none) != 0 {
		t.Errorf("whitehall figures: %d %v, want 200 and []", code, none)
	}
	if code := u.do("GET", "/api/rules/nosuchgame/figures", nil, nil); code != 404 {
		t.Errorf("unknown game's figures: %d, want 404", code)
	}
}
