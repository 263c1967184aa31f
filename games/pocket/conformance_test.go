package pocket

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"gaslamp/game"
	"gaslamp/game/gametest"
	"gaslamp/internal/testscale"
)

// games sizes a randomized test: short by default and under -short, long
// under GASLAMP_TEST_LONG=1.
func games(long, short int) int {
	return testscale.Size(short, long)
}

// TestConformance runs the shared suite over random seeded games: legal moves
// accepted, others refused without change, codec round trips, Determinize
// agreeing with views, replay byte for byte, and the secrecy check below.
func TestConformance(t *testing.T) {
	gametest.Run(t, gametest.Config{
		Rules:     Rules{},
		Games:     games(2000, 300),
		Seed:      1,
		MaxMoves:  40,
		Seats:     2,
		CheckView: checkSecrecy,
	})
}

// TestConformanceApplyAll tries every legal move at every step of a few games.
func TestConformanceApplyAll(t *testing.T) {
	gametest.Run(t, gametest.Config{
		Rules:            Rules{},
		Games:            games(200, 30),
		Seed:             100000,
		MaxMoves:         40,
		Seats:            2,
		ApplyAll:         true,
		DeterminizeEvery: 1,
	})
}

// checkSecrecy proves that the investigator's and the spectators' views and
// events hold neither Jack's identity nor his alibi cards while the game goes
// on: no field holds them, and a Determinized world where they differ gives the
// same view byte for byte.
func checkSecrecy(st game.State, viewer game.Seat, view []byte, events []game.Event) error {
	if viewer == JackSeat {
		return nil
	}
	s := st.(*State)
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(view, &fields); err != nil {
		return err
	}
	for _, k := range []string{"jack", "jackAlibis", "hourglasses", "jackVisible"} {
		if _, ok := fields[k]; ok {
			return fmt.Errorf("view holds Jack's secret field %q", k)
		}
	}
	secret := map[Character]bool{s.jack: true}
	for _, c := range s.jackDrawn[:s.jackN] {
		secret[c] = true
	}
	for _, e := range events {
		if e.Type == "pocket.jack-alibi-secret" || e.Type == "pocket.over" {
			return fmt.Errorf("event %s sent to seat %d", e.Type, viewer)
		}
		if err := checkEvent(e, secret); err != nil {
			return err
		}
	}
	// A different world gives the same view.
	rng := game.NewRand(uint64(s.turn)*131 + uint64(s.step))
	for try := 0; try < 4; try++ {
		d, err := Rules{}.Determinize(st.View(viewer), &rng)
		if err != nil {
			return err
		}
		ds := d.(*State)
		got, _ := json.Marshal(d.View(viewer))
		if string(got) != string(view) {
			return fmt.Errorf("a world with Jack %s and alibis %v shows another view than Jack %s, alibis %v",
				ds.jack, ds.jackDrawn[:ds.jackN], s.jack, s.jackDrawn[:s.jackN])
		}
		if ds.jack != s.jack || ds.jackDrawn != s.jackDrawn {
			break
		}
	}
	return nil
}

// checkEvent refuses an event whose data or text names a card of secret as
// an alibi card, or holds Jack's total or identity.
func checkEvent(e game.Event, secret map[Character]bool) error {
	data, err := json.Marshal(e)
	if err != nil {
		return err
	}
	var m struct {
		Text game.Text                  `json:"text"`
		Data map[string]json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	for _, k := range []string{"total", "jack", "jackAlibis"} {
		if _, ok := m.Data[k]; ok {
			return fmt.Errorf("event %s holds %q", e.Type, k)
		}
		if _, ok := m.Text.Args[k]; ok {
			return fmt.Errorf("event %s text holds %q", e.Type, k)
		}
	}
	for c := range secret {
		if strings.Contains(string(m.Data["card"]), `"`+c.String()+`"`) {
			return fmt.Errorf("event %s shows the secret card %s", e.Type, c)
		}
		if arg, ok := m.Text.Args["ofCard"]; ok && strings.Contains(fmt.Sprint(arg), "."+c.String()) {
			return fmt.Errorf("event %s text shows the secret card %s", e.Type, c)
		}
	}
	return nil
}
