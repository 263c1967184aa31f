package main

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestArenaJekyllJSON(t *testing.T) {
	args := []string{"arena", "--game", "jekyll", "--chapters", "1,4", "--games", "2", "--pairs", "random,cheater", "--json", "--workers", "2"}
	code, out, errOut := runCaptured(t, "", args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rep jekyllArenaReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if rep.Game != "jekyll" || rep.Games != 2 || len(rep.Rows) != 4 || !strings.Contains(rep.Note, "upper bound") {
		t.Fatalf("report: %+v", rep)
	}
	for i, want := range []struct {
		ch   int
		pair string
	}{{1, "random"}, {1, "cheater"}, {4, "random"}, {4, "cheater"}} {
		r := rep.Rows[i]
		if r.Chapter != want.ch || r.Pair != want.pair || r.Games != 2 || r.Wins < 0 || r.Wins > 2 ||
			r.UpperBound != (want.pair == "cheater") || r.Key == "" || r.Track == "" ||
			r.CI[0] > r.WinRate || r.CI[1] < r.WinRate {
			t.Errorf("row %d: %+v", i, r)
		}
	}
	// The raw JSON has the documented fields.
	var raw map[string]any
	_ = json.Unmarshal([]byte(out), &raw)
	row := raw["rows"].([]any)[0].(map[string]any)
	for _, k := range []string{"chapter", "pair", "games", "wins", "win_rate", "ci", "upper_bound"} {
		if _, ok := row[k]; !ok {
			t.Errorf("row lacks %q: %v", k, row)
		}
	}
	// Deterministic for a seed, whatever the workers.
	args[len(args)-1] = "1"
	_, out2, _ := runCaptured(t, "", args...)
	var rep2 jekyllArenaReport
	_ = json.Unmarshal([]byte(out2), &rep2)
	if !reflect.DeepEqual(rep.Rows, rep2.Rows) {
		t.Fatalf("not deterministic:\n%+v\n%+v", rep.Rows, rep2.Rows)
	}
}

func TestArenaJekyllTable(t *testing.T) {
	code, out, errOut := runCaptured(t, "", "arena", "--game=jekyll", "--options", "chapter=2", "--games", "1", "--pairs", "random")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, s := range []string{"ch", "pair", "wins/games", "95% CI", "potions", "random"} {
		if !strings.Contains(out, s) {
			t.Errorf("table lacks %q:\n%s", s, out)
		}
	}
	if strings.Contains(out, "classic") {
		t.Errorf("--options chapter=2 ran other chapters:\n%s", out)
	}
	if code, _, errOut := runCaptured(t, "", "arena", "--game", "jekyll", "--chapters", "0-3"); code != 2 {
		t.Errorf("bad --chapters: exit %d, %s", code, errOut)
	}
	if got := arenaGameArg([]string{"--games", "3", "-game", "jekyll"}); got != "jekyll" {
		t.Errorf("arenaGameArg: %q", got)
	}
}
