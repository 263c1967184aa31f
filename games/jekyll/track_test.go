package jekyll

import (
	"strconv"
	"testing"

	"gaslamp/game"
)

// TestChapterTrackDefaults pins the chapter track defaults (J8), as the README
// ("Jekyll & Hyde: track defaults") states them.
func TestChapterTrackDefaults(t *testing.T) {
	for ch := 1; ch <= NumChapters; ch++ {
		cfg, err := parseConfig(game.Options{"chapter": strconv.Itoa(ch)})
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Last != 12 || cfg.StartJH != 3 || cfg.StartYard != 0 {
			t.Errorf("chapter %d: track 0..%d, J&H %d, Yard %d; want 0..12, 3, 0", ch, cfg.Last, cfg.StartJH, cfg.StartYard)
		}
	}
	cfg, err := parseConfig(game.Options{"chapter": "4", "track-length": "10", "start-jh": "2", "start-yard": "1"})
	if err != nil || cfg.Last != 10 || cfg.StartJH != 2 || cfg.StartYard != 1 {
		t.Fatalf("options override the chapter: %+v %v", cfg, err)
	}
}
