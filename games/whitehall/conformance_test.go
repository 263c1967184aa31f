package whitehall

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"gaslamp/game"
	"gaslamp/game/gametest"
	"gaslamp/internal/testscale"
)

// optionSets cycles through the table options; every option is on in some
// set.
var optionSets = []game.Options{
	{},
	{OptDeduction: "off"},
	{OptPowers: "true", OptFalseClues: "true"},
	{OptMurderer: "true", OptNewspaper: "true"},
	{OptPowers: "true", OptReid: "blue", OptFalseClues: "true", OptMurderer: "true"},
	{OptReid: "yellow", OptNewspaper: "true", OptDeduction: "off"},
	{OptPowers: "true", OptSwanson: "red", OptFalseClues: "true", OptMurderer: "true", OptNewspaper: "true"},
	{OptSwanson: "yellow", OptMurderer: "true"},
}

// TestConformance runs the conformance suite with the secrecy check on
// every option set.
func TestConformance(t *testing.T) {
	games := testscale.Size(32, 240)
	sc := &secrecy{rng: game.NewRand(99)}
	gametest.Run(t, gametest.Config{
		Rules:     Rules{},
		Options:   optionSets,
		Games:     games,
		Seed:      1,
		MaxMoves:  5000,
		Seats:     4,
		CheckView: sc.check,
	})
	t.Logf("secrecy: %d views checked, %d determinized worlds differed from the real one", sc.checked, sc.differed)
	if sc.differed == 0 {
		t.Fatal("no determinized world ever differed: the secrecy check proved nothing")
	}
}

// TestConformanceMany runs many more games with lighter checks: no secrecy
// check, Determinize every 40 steps, and no deduction in the views (the
// deduction is covered above).
func TestConformanceMany(t *testing.T) {
	games := testscale.Size(48, 1200)
	var sets []game.Options
	for _, o := range optionSets {
		c := game.Options{}
		for k, v := range o {
			c[k] = v
		}
		c[OptDeduction] = "off"
		sets = append(sets, c)
	}
	gametest.Run(t, gametest.Config{
		Rules:            Rules{},
		Options:          sets,
		Games:            games,
		Seed:             100000,
		MaxMoves:         5000,
		Seats:            4,
		DeterminizeEvery: 40,
	})
}

// secrecy checks that investigators and spectators learn nothing of Jack's
// secrets before the game ends.
type secrecy struct {
	rng      game.Rand
	checked  int
	differed int
}

// publicFields are the view's fields an investigator or a spectator may get.
var publicFields = map[string]bool{
	"seat": true, "options": true, "phase": true, "prompt": true, "toAct": true, "actor": true, "round": true,
	"locationsChosen": true, "figures": true, "track": true, "cards": true, "reached": true, "clues": true,
	"falseClues": true, "blueMarkers": true, "cluesFound": true, "powers": true, "search": true, "guess": true,
	"rounds": true, "possible": true, "possibleTotal": true, "outcome": true,
}

// eventsNamingCircles are the event types another seat may see with a circle
// in them: circles named by the investigators or announced by the rules.
var eventsNamingCircles = map[string]bool{
	"whitehall.start": true, "whitehall.false-clue": true, "whitehall.search": true, "whitehall.arrest": true,
	"whitehall.guess": true, "whitehall.announced": true, "whitehall.round": true,
}

func (sc *secrecy) check(st game.State, viewer game.Seat, data []byte, events []game.Event) error {
	s := st.(*State)
	if viewer == 0 {
		return nil
	}
	sc.checked++
	// Decode the JSON the client gets (every 3rd view: decoding is slow),
	// or take the view itself.
	var v View
	if sc.checked%3 == 0 {
		if err := json.Unmarshal(data, &v); err != nil {
			return err
		}
	} else {
		v = *st.View(viewer).(*View)
	}
	if v.Locations != nil || v.Trail != nil || v.Circle != 0 || v.Announce {
		return fmt.Errorf("view shows Jack's secrets: %s", data)
	}
	if sc.checked%3 == 0 {
		var top map[string]json.RawMessage
		if err := json.Unmarshal(data, &top); err != nil {
			return err
		}
		for k := range top {
			if !publicFields[k] {
				return fmt.Errorf("view field %q is not a public field", k)
			}
		}
	}
	// The red markers are the reached locations, in order, and nothing else.
	if len(v.Reached) != int(s.c.NReached) {
		return fmt.Errorf("reached %v", v.Reached)
	}
	for i, c := range v.Reached {
		if c != int(s.c.Order[i]) || s.c.Unreached.Has(c) {
			return fmt.Errorf("reached %v shows an unreached location", v.Reached)
		}
	}
	for _, key := range []string{`"locations":`, `"trail":`, `"announce":`} {
		if bytes.Contains(data, []byte(key)) {
			return fmt.Errorf("view JSON holds %s", key)
		}
	}
	r := int(s.c.Round)
	if s.c.NReached > 0 {
		for i, m := range v.Rounds[r].Moves {
			if s.c.Cfg.Murderer && m.Kind != "walk" && m.Kind != "special" {
				return fmt.Errorf("face-down card %d shown as %s", i, m.Kind)
			}
		}
		if s.c.Cfg.Deduction {
			found := false
			for _, p := range v.Possible {
				found = found || p.Circle == int(s.c.Cur)
			}
			if !found {
				return fmt.Errorf("deduction %v misses Jack's circle %d", v.Possible, s.c.Cur)
			}
		} else if v.Possible != nil {
			return fmt.Errorf("deduction shown with deduction=off")
		}
	}
	for _, e := range events {
		key := e.Text.Key
		if strings.HasPrefix(key, "whitehall.ev.you-") || key == "whitehall.ev.location-chosen" {
			return fmt.Errorf("event %s sent to seat %d", key, viewer)
		}
		for _, arg := range []string{"circle", "via", "quadrant"} {
			if _, ok := e.Text.Args[arg]; ok && !eventsNamingCircles[e.Type] {
				return fmt.Errorf("event %s (%s) names a %s", e.Type, key, arg)
			}
		}
	}
	// The view of a determinized world must be the same view.
	if sc.checked%2 == 0 {
		return nil
	}
	d, err := Rules{}.Determinize(&v, &sc.rng)
	if err != nil {
		return fmt.Errorf("determinize: %v", err)
	}
	got, _ := json.Marshal(d.View(viewer))
	if !bytes.Equal(got, data) {
		return fmt.Errorf("determinized world shows another view:\nwant %s\ngot  %s", data, got)
	}
	ds := d.(*State)
	if ds.c.Locs != s.c.Locs || ds.c.Cur != s.c.Cur || ds.c.Trail != s.c.Trail {
		sc.differed++
	}
	return nil
}
