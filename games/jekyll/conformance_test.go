package jekyll

import (
	"fmt"
	"strconv"
	"testing"

	"gaslamp/game"
	"gaslamp/game/gametest"
	"gaslamp/internal/testscale"
)

// cardTokens returns the cards named in data ("red-5", "potion-2", ...).
func cardTokens(data []byte) uint32 {
	var m uint32
	for i := 1; i+1 < len(data); i++ {
		if data[i] != '-' || data[i+1] < '1' || data[i+1] > '8' {
			continue
		}
		v := int(data[i+1] - '1')
		for k, p := range [...]string{"red", "blue", "black", "potion"} {
			if i >= len(p) && string(data[i-len(p):i]) == p {
				if k == 3 {
					if v < 4 {
						m |= 1 << (potionLo + v)
					}
				} else {
					m |= 1 << (8*k + v)
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
	n := testscale.Size(200, 2000)
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

func TestCardTokens(t *testing.T) {
	got := cardTokens([]byte(`{"a":"red-8","b":["potion-2","blackblue-3"],"x":"black-1 potion-5"}`))
	want := bit(card(t, "red-8")) | bit(card(t, "potion-2")) | bit(card(t, "blue-3")) | bit(card(t, "black-1"))
	if got != want {
		t.Fatalf("got %v", names(got))
	}
}
