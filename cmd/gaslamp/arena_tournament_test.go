package main

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// TestArenaTournament plays a small round robin on the test game: the JSON
// has an elo map of every entrant, the search bot rates above random, and
// the text output shows the ratings and the head-to-head table.
func TestArenaTournament(t *testing.T) {
	args := []string{"arena", "--tournament", "--game", "testgame", "--games", "20", "--entrants", "ismcts:easy,random", "--budget", "-1s", "--json"}
	code, out, errOut := runCaptured(t, "", args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rep tournamentReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(rep.Elo) != 2 || len(rep.Pairings) != 4 {
		t.Fatalf("elo %v, %d pairings", rep.Elo, len(rep.Pairings))
	}
	if rep.Elo["ismcts:easy"] <= rep.Elo["random"] {
		t.Fatalf("ratings %v", rep.Elo)
	}
	for n, ci := range rep.EloCI {
		if !(ci[0] <= rep.Elo[n] && rep.Elo[n] <= ci[1]) {
			t.Fatalf("%s: rating %v outside %v", n, rep.Elo[n], ci)
		}
	}
	code, out, _ = runCaptured(t, "", args[:len(args)-1]...)
	if code != 0 || !strings.Contains(out, "Elo") || !strings.Contains(out, "head to head") {
		t.Fatalf("text output: exit %d\n%s", code, out)
	}
}

// TestFitElo: two entrants, one winning 3 of 4 at both sides, are rated
// about 191 Elo apart with no edge for either side.
func TestFitElo(t *testing.T) {
	ps := []tournamentPairing{
		{First: "a", Second: "b", Games: 400, Wins: map[string]int{"x": 300, "y": 100}},
		{First: "b", Second: "a", Games: 400, Wins: map[string]int{"x": 100, "y": 300}},
	}
	elo, ci, edge, _ := fitElo([]string{"a", "b"}, "x", ps)
	if d := elo[0] - elo[1]; math.Abs(d-191) > 5 {
		t.Fatalf("difference %v, ratings %v", d, elo)
	}
	if math.Abs(edge) > 1 || !(ci[0][0] < elo[0] && elo[0] < ci[0][1]) {
		t.Fatalf("edge %v, intervals %v", edge, ci)
	}
}
