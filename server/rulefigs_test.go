package server

import (
	"encoding/json"
	"testing"

	_ "gaslamp/games/jekyll"
	_ "gaslamp/games/pocket"
	_ "gaslamp/games/whitehall"
)

// TestRuleFigures checks GET /api/rules/{game}/figures: Pocket's line of
// sight is a spectator's view reached by legal moves, with some suspects in
// sight and the others not, and carries no secret (no Jack, no alibis held
// by Jack); Jekyll & Hyde's colour ranks are a spectator's view of a whole
// trick once two colours are ranked; a game with no such figure gets an empty list, an unknown game
// 404.
func TestRuleFigures(t *testing.T) {
	e := newEnv(t, nil)
	u := &user{e: e}
	var figs []struct {
		ID      string          `json:"id"`
		Section int             `json:"section"`
		View    json.RawMessage `json:"view"`
	}
	if code := u.do("GET", "/api/rules/pocket/figures", nil, &figs); code != 200 || len(figs) != 1 {
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
	// Jekyll & Hyde: a whole trick, once colours are ranked, seen by a spectator (no hand).
	if code := u.do("GET", "/api/rules/jekyll/figures", nil, &figs); code != 200 || len(figs) != 2 || figs[1].ID != "track" || figs[1].Section != 6 {
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
	var none []any
	if code := u.do("GET", "/api/rules/whitehall/figures", nil, &none); code != 200 || none == nil || len(none) != 0 {
		t.Errorf("whitehall figures: %d %v, want 200 and []", code, none)
	}
	if code := u.do("GET", "/api/rules/nosuchgame/figures", nil, nil); code != 404 {
		t.Errorf("unknown game's figures: %d, want 404", code)
	}
}
