package jekyll

import (
	"fmt"
	"strconv"
	"testing"

	"gaslamp/game"
	"gaslamp/game/gametest"
)

// cardTokens returns the cards named in data ("red-5", "potion-2", ...).
func cardTokens(data []byte) uint32 {
	var m uint32
	for i := 0; i < len(data); i++ {
		for _, p := range [...]string{"red-", "blue-", "black-", "potion-"} {
			j := i + len(p)
			if j < len(data) && string(data[i:j]) == p && data[j] >= '1' && data[j] <= '8' {
				if c, ok := ParseCard(string(data[i : j+1])); ok {
					m |= bit(c)
				}
			}
		}
	}
	return m
}

// checkSecrecy proves that a seat's view and events name no card it may not
// know: before the end, the only cards a seat may see are the cards it has held
// this round and the cards played face up. The spectator sees only the
// latter. The City deck order, the partner's hand and the set-aside cards
// never show.
func checkSecrecy(gs game.State, viewer game.Seat, view []byte, events []game.Event) error {
	st := gs.(*State)
	if st.phase == phaseOver {
		return nil
	}
	allowed := st.publicCards()
	if viewer >= 0 {
		allowed |= st.seen[viewer]
	}
	secret := st.aside | st.r.Hand[0] | st.r.Hand[1]
	if st.phase == phaseNight {
		for i := int(st.r.Top); i < 8; i++ {
			secret |= bit(st.r.Deck[i])
		}
	} else {
		secret |= st.gifts[0] | st.gifts[1]
	}
	check := func(where string, data []byte) error {
		if bad := cardTokens(data) & secret &^ allowed; bad != 0 {
			return fmt.Errorf("%s names hidden cards %v", where, names(bad))
		}
		return nil
	}
	if err := check("view", view); err != nil {
		return err
	}
	for _, e := range events {
		data := []byte(fmt.Sprint(e.Text.Args, e.Data))
		if err := check("event "+e.Type, data); err != nil {
			return err
		}
	}
	// A view never holds the deck order beyond the top card the viewer put there.
	if viewer >= 0 && st.pin[viewer] != NoCard && st.phase == phaseNight && st.r.Deck[st.r.Top] != st.pin[viewer] {
		return fmt.Errorf("pin %s is not the top card", st.pin[viewer])
	}
	return nil
}

func allChapterOptions() []game.Options {
	var out []game.Options
	for ch := 1; ch <= NumChapters; ch++ {
		out = append(out, game.Options{"chapter": strconv.Itoa(ch)})
		out = append(out, game.Options{"chapter": strconv.Itoa(ch), "overshoot-to-yard": "true"})
	}
	out = append(out, game.Options{"track-length": "8", "start-jh": "2", "start-yard": "1"})
	return out
}

func TestConformance(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 200
	}
	gametest.Run(t, gametest.Config{
		Rules:     Rules{},
		Options:   allChapterOptions(),
		Games:     n,
		Seed:      1,
		MaxMoves:  500,
		Seats:     2,
		CheckView: checkSecrecy,
	})
}
