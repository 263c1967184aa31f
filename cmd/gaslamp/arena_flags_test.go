package main

import (
	"strings"
	"testing"
)

// TestArenaFlagsExit2: arena's flags that once fell back silently (an
// unknown level played the default bot, --workers 0 ran one worker, a
// Jekyll or tournament flag with another game was unknown or ignored) exit 2
// with a message naming the flag and, for a choice, the values it takes.
func TestArenaFlagsExit2(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"arena", "--game", "testgame", "--games", "2", "--level", "extreme"}, []string{"--level", "easy, normal, hard"}},
		{[]string{"arena", "--game", "whitehall", "--games", "2", "--level", "extreme"}, []string{"--level", "easy, normal, hard"}},
		{[]string{"arena", "--game", "jekyll", "--games", "2", "--chapters", "1", "--level", "extreme"}, []string{"--level", "easy, normal, hard"}},
		{[]string{"arena", "--game", "testgame", "--games", "2", "--workers", "0"}, []string{"--workers"}},
		{[]string{"arena", "--game", "testgame", "--games", "2", "--workers", "-3"}, []string{"--workers"}},
		{[]string{"arena", "--game", "jekyll", "--games", "2", "--chapters", "1", "--workers", "0"}, []string{"--workers"}},
		{[]string{"arena", "--game", "testgame", "--games", "2", "--max-moves", "0"}, []string{"--max-moves"}},
		{[]string{"arena", "--game", "jekyll", "--games", "2", "--chapters", "1", "--max-moves", "-1"}, []string{"--max-moves"}},
		{[]string{"arena", "--game", "testgame", "--games", "2", "--entrants", "easy,hard"}, []string{"--entrants", "--tournament"}},
		{[]string{"arena", "--game", "testgame", "--games", "2", "--tournament", "--entrants", "easy,nobot"}, []string{"--entrants", "nobot"}},
		{[]string{"arena", "--game", "whitehall", "--games", "2", "--chapters", "1"}, []string{"--chapters", "jekyll"}},
		{[]string{"arena", "--game", "whitehall", "--games", "2", "--pairs", "random"}, []string{"--pairs", "jekyll"}},
	} {
		code, out, errOut := runCaptured(t, "", c.args...)
		if code != 2 || out != "" {
			t.Errorf("%v: exit %d (want 2), stdout %q, stderr %q", c.args, code, out, errOut)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(errOut, w) {
				t.Errorf("%v: the message lacks %q: %q", c.args, w, errOut)
			}
		}
	}
	// The levels and a worker count still run.
	if rep := arenaJSON(t, "--game", "testgame", "--games", "4", "--level", "hard", "--workers", "2"); rep.Games != 4 {
		t.Errorf("arena --level hard: %+v", rep)
	}
}

// TestArenaHelpListsJekyllFlags: arena --help shows Jekyll's own flags,
// marked as being for --game jekyll.
func TestArenaHelpListsJekyllFlags(t *testing.T) {
	code, _, help := runCaptured(t, "", "arena", "--help")
	if code != 0 {
		t.Fatalf("arena --help: exit %d", code)
	}
	for _, f := range []string{"-chapters", "-pairs"} {
		i := strings.Index(help, "  "+f)
		if i < 0 {
			t.Errorf("arena --help lacks %s:\n%s", f, help)
			continue
		}
		if line := help[i:]; !strings.Contains(line[:min(len(line), 200)], "--game jekyll") {
			t.Errorf("arena --help: %s is not marked as being for --game jekyll:\n%s", f, line[:min(len(line), 200)])
		}
	}
}
