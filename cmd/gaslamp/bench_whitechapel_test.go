package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestBenchWhitechapelFourNights(t *testing.T) {
	code, out, errOut := runCaptured(t, "", "bench", "--game", "whitechapel", "--seconds", "0.05", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res map[string]any
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	rate, _ := res["four_night_games_per_second"].(float64)
	share, _ := res["four_night_share"].(float64)
	if rate <= 0 || share < 0.5 || share > 1 {
		t.Fatalf("bench output:\n%s", out)
	}
	code, out, _ = runCaptured(t, "", "bench", "--game", "whitechapel", "--seconds", "0.05")
	if code != 0 || !strings.Contains(out, "four night games") {
		t.Fatalf("exit %d, text output:\n%s", code, out)
	}
}
