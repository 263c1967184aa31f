package pocket

import (
	"strings"
	"testing"

	"gaslamp/game"
	"gaslamp/game/gametest"
)

// TestTwinWorlds runs gametest's twin-world check: world b is Determinize of
// the investigator's view of the new game (another Jack, another alibi
// deck); both worlds play the same moves within turn 1, up to its witness
// call (which makes public whether Jack is seen, and so may differ) or the
// investigator's draw of an alibi card (a card of the deck, shown to all).
func TestTwinWorlds(t *testing.T) {
	n := gametest.RunTwins(t, gametest.TwinConfig{Rules: Rules{}, Seed: 1, Seats: 2, Secret: JackSeat,
		Observer: InvestigatorSeat, Mirror: mirrorTurn})
	if n == 0 {
		t.Fatal("no move compared")
	}
}

// mirrorTurn plays m in b while it is legal there, does not end the turn and
// is not the investigator's alibi draw.
func mirrorTurn(ga, gb game.State, seat game.Seat, m game.Move, _ *game.Rand) (game.Move, bool) {
	a := ga.(*State)
	if seat == InvestigatorSeat && strings.Contains(string(Rules{}.EncodeMove(m)), `"alibi"`) {
		return 0, false
	}
	next := a.Clone().(*State)
	if err := next.Apply(seat, m, nil); err != nil || next.Turn() != a.Turn() || next.lastTurn != a.lastTurn {
		return 0, false
	}
	for _, x := range gb.Legal(seat, nil) {
		if x == m {
			return m, true
		}
	}
	return 0, false
}
