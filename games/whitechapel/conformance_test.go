package whitechapel

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

// optionSets cycles through the table options.
var optionSets = []game.Options{{}, {OptDeduction: "off"}}

// TestConformance runs the conformance suite with the secrecy check. One
// game in eight has the deduction on: in random games, where Jack wanders
// for 19 moves and the police search at random, the exact deduction costs
// milliseconds a state (the guided games of TestSecrecyAllNights have it on
// in every other game).
func TestConformance(t *testing.T) {
	games := testscale.Size(8, 80)
	sc := &secrecy{rng: game.NewRand(99)}
	gametest.Run(t, gametest.Config{
		Rules:     Rules{},
		Options:   deductionOneIn(8),
		Games:     games,
		Seed:      1,
		MaxMoves:  20000,
		Seats:     6,
		CheckView: sc.check,
	})
	t.Logf("secrecy: %d views checked, %d determinized worlds differed from the real one", sc.checked, sc.differed)
	if sc.differed == 0 {
		t.Fatal("no determinized world ever differed: the secrecy check proved nothing")
	}
}

// deductionOneIn returns n option sets, the first with the deduction on.
func deductionOneIn(n int) []game.Options {
	out := []game.Options{{}}
	for len(out) < n {
		out = append(out, game.Options{OptDeduction: "off"})
	}
	return out
}

// TestConformanceMany runs many more games with lighter checks: no secrecy
// check, Determinize every 40 steps, and no deduction in the views.
func TestConformanceMany(t *testing.T) {
	games := testscale.Size(15, 200)
	gametest.Run(t, gametest.Config{
		Rules:            Rules{},
		Options:          []game.Options{{OptDeduction: "off"}},
		Games:            games,
		Seed:             100000,
		MaxMoves:         20000,
		Seats:            6,
		DeterminizeEvery: 40,
	})
}

// TestSecrecyAllNights runs the secrecy check, Determinize and replay on
// games that reach the later nights (Jack heads home, the police play at
// random), which random games rarely do.
func TestSecrecyAllNights(t *testing.T) {
	games := testscale.Size(3, 24)
	sc := &secrecy{rng: game.NewRand(5)}
	nights := 0
	for g := 0; g < games; g++ {
		opts := optionSets[g%len(optionSets)]
		var failed error
		s, rec := guided(uint64(g), opts, func(s *State, seat game.Seat, legal []game.Move, last *game.Log) {
			if failed != nil {
				return
			}
			for viewer := game.Spectator; viewer <= numPolice; viewer++ {
				data, err := json.Marshal(s.View(viewer))
				if err == nil {
					err = sc.check(s, viewer, data, last.For(viewer))
				}
				if err != nil {
					failed = fmt.Errorf("night %d phase %s seat %d: %v", s.c.Night+1, phaseIDs[s.c.Phase], viewer, err)
					return
				}
			}
		})
		if failed != nil {
			t.Fatalf("game %d: %v", g, failed)
		}
		nights += int(s.c.Night) + 1
		rs, err := game.Replay(rec, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(rs.Snapshot(), s.Snapshot()) {
			t.Fatalf("game %d: replay does not reproduce the state", g)
		}
	}
	t.Logf("%d games, %d nights, %d views checked", games, nights, sc.checked)
	if nights < 3*games {
		t.Fatalf("the games did not reach the later nights: %d nights in %d games", nights, games)
	}
}

// secrecy checks that the police and the spectators learn nothing of Jack's
// secrets, and Jack and the spectators nothing of the police's, before the
// game ends.
type secrecy struct {
	rng      game.Rand
	checked  int
	differed int
}

// publicFields are the view's fields a policeman or a spectator may get.
var publicFields = map[string]bool{
	"seat": true, "options": true, "phase": true, "prompt": true, "toAct": true, "actor": true, "night": true,
	"head": true, "order": true, "timeOfCrime": true, "track": true, "coaches": true, "alleys": true,
	"womenLeft": true, "women": true, "patrolsLeft": true, "patrols": true, "wretched": true,
	"wretchedTurn": true, "crimeScenes": true, "policemen": true, "clues": true, "search": true,
	"nights": true, "possible": true, "possibleTotal": true, "hideouts": true, "outcome": true,
}

// jackEvents are the message keys only Jack may get.
var jackEvents = map[string]bool{
	"whitechapel.ev.hideout": true, "whitechapel.ev.woman-marked": true, "whitechapel.ev.woman-unmarked": true,
	"whitechapel.ev.you-walk": true, "whitechapel.ev.you-coach": true, "whitechapel.ev.you-alley": true,
}

func (sc *secrecy) check(st game.State, viewer game.Seat, data []byte, events []game.Event) error {
	s := st.(*State)
	sc.checked++
	var v View
	if sc.checked%7 == 0 {
		if err := json.Unmarshal(data, &v); err != nil {
			return err
		}
	} else {
		v = *st.View(viewer).(*View)
	}
	if err := sc.checkPatrols(s, viewer, &v, events); err != nil {
		return err
	}
	if viewer != 0 {
		if err := sc.checkJackSecrets(s, viewer, &v, data, events); err != nil {
			return err
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
	if ds.c.Hideout != s.c.Hideout || ds.c.Cur != s.c.Cur || ds.c.Marked != s.c.Marked || ds.c.PatrolID != s.c.PatrolID {
		sc.differed++
	}
	return nil
}

// checkPatrols checks that only the police know the face-down patrol tokens.
func (sc *secrecy) checkPatrols(s *State, viewer game.Seat, v *View, events []game.Event) error {
	for i, p := range v.Patrols {
		switch {
		case isPolice(viewer) && p.Token == "":
			return fmt.Errorf("patrol token %d hidden from the police", i)
		case !isPolice(viewer) && !p.FaceUp && p.Token != "":
			return fmt.Errorf("face-down patrol token %d shown as %s to seat %d", i, p.Token, viewer)
		}
	}
	if isPolice(viewer) {
		return nil
	}
	for _, e := range events {
		if e.Text.Key == "whitechapel.ev.patrol-police" {
			return fmt.Errorf("event %s sent to seat %d", e.Text.Key, viewer)
		}
		if _, ok := e.Text.Args["token"]; ok {
			return fmt.Errorf("event %s names a token", e.Text.Key)
		}
	}
	return nil
}

// checkJackSecrets checks that a policeman or a spectator learns nothing of
// Jack's hideout, trail, circle and marked women.
func (sc *secrecy) checkJackSecrets(s *State, viewer game.Seat, v *View, data []byte, events []game.Event) error {
	if v.Hideout != 0 || v.Trail != nil || v.Circle != 0 || v.Marked != nil {
		return fmt.Errorf("view shows Jack's secrets: %s", data)
	}
	for _, key := range []string{`"hideout":`, `"trail":`, `"marked":`} {
		if bytes.Contains(data, []byte(key)) {
			return fmt.Errorf("view JSON holds %s", key)
		}
	}
	if sc.checked%7 == 0 {
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
	for _, e := range events {
		if jackEvents[e.Text.Key] {
			return fmt.Errorf("event %s sent to seat %d", e.Text.Key, viewer)
		}
		if strings.HasPrefix(e.Type, "whitechapel.jack-moved") || e.Type == "whitechapel.hideout" {
			for _, arg := range []string{"circle", "via"} {
				if _, ok := e.Text.Args[arg]; ok {
					return fmt.Errorf("event %s (%s) names a %s", e.Type, e.Text.Key, arg)
				}
			}
		}
	}
	if !s.c.Cfg.Deduction {
		if v.Possible != nil || v.Hideouts != nil {
			return fmt.Errorf("deduction shown with deduction=off")
		}
		return nil
	}
	if s.hunting() {
		found := false
		for _, p := range v.Possible {
			found = found || p.Circle == int(s.c.Cur)
		}
		if !found {
			return fmt.Errorf("deduction %v misses Jack's circle %d", v.Possible, s.c.Cur)
		}
	}
	if s.c.Night > 0 {
		found := false
		for _, h := range v.Hideouts {
			found = found || h.Circle == int(s.c.Hideout)
		}
		if !found {
			return fmt.Errorf("possible hideouts %v miss the hideout %d", v.Hideouts, s.c.Hideout)
		}
	}
	return nil
}
