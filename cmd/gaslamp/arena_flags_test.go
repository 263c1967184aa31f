package main

import (
	"strings"
	"testing"
)

// TestArenaFlagsExit2: arena's flags that once fell back silently (an
// unknown level played the default bot, --workers 0 ran one worker, --entrants
// without --tournament was ignored) exit 2
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
