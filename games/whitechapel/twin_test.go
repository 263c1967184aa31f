package whitechapel

import (
	"testing"

	"gaslamp/game"
	"gaslamp/game/gametest"
)

// TestTwinWorlds runs gametest's twin-world check: world b starts as a copy
// of world a, then Jack picks another hideout and lays his woman tokens
// anywhere else, marked or not. The police and a
// spectator must get the same bytes in both worlds while he lays them
// (RULINGS L10); the comparison ends before the last token, whose move
// makes the (possibly different) circles public.
func TestTwinWorlds(t *testing.T) {
	n := gametest.RunTwins(t, gametest.TwinConfig{
		Rules:   Rules{},
		Options: []game.Options{{OptDeduction: "off"}},
		Seed:    1,
		Seats:   6,
		Secret:  0,
		Twin:    func(a game.State, _ *game.Rand) (game.State, bool) { return a.Clone(), true },
		Mirror:  mirrorJack,
	})
	t.Logf("%d moves compared", n)
	if n == 0 {
		t.Fatal("no move compared")
	}
}

// mirrorJack is world b's move for world a's move m.
func mirrorJack(ga, gb game.State, seat game.Seat, m game.Move, rng *game.Rand) (game.Move, bool) {
	a, b := ga.(*State), gb.(*State)
	switch a.c.Phase {
	case phHideout:
		legal := b.Legal(seat, nil)
		alt := legal[rng.IntN(len(legal))]
		return alt, true
	case phWomen:
		// b lays any token it may (another circle, another mark) until
		// the night's last one, which makes the circles public as a
		// whole: there the worlds' sets may differ, so the comparison
		// ends (TestL10PlacementOrderIsSecret checks the reveal itself).
		if a.c.NWomen+1 == nightWomen[a.c.Night] {
			return 0, false
		}
		legal := b.Legal(seat, nil)
		return legal[rng.IntN(len(legal))], true
	case phPatrol:
		return m, true
	}
	return 0, false
}
