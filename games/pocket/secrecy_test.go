package pocket

import (
	"encoding/json"
	"testing"

	"gaslamp/game"
)

// twin returns a world that the investigator cannot tell from s (a
// Determinized one with the same future throws) in which Jack's identity or
// his alibis differ, or nil when no such world was found.
func twin(s *State, rng *game.Rand) *State {
	for range 16 {
		d, err := Rules{}.Determinize(s.View(InvestigatorSeat), rng)
		if err != nil {
			panic(err)
		}
		ds := d.(*State)
		if ds.jack != s.jack || ds.jackDrawn != s.jackDrawn {
			ds.rng = s.rng
			return ds
		}
	}
	return nil
}

func encode(x any) string {
	b, err := json.Marshal(x)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// TestTwinWorldsLookAlike plays random games; at each move it builds a world
// with another Jack (or other alibis) that shows the same view, plays the same
// move in both and checks that the investigator and the spectators get the
// same events and views, unless the move ended a turn whose witness call came
// out differently (that is what the call reveals) or the investigator drew an
// alibi (the card is news). Secrets may then never reach them through events
// or views.
func TestTwinWorldsLookAlike(t *testing.T) {
	rng := game.NewRand(3)
	compared := 0
	n := games(400, 60)
	for g := range uint64(n) {
		s := newState(g)
		var arr [MaxLegal]game.Move
		for !s.over() {
			k := s.legal(arr[:])
			m := arr[rng.IntN(k)]
			d := twin(&s, &rng)
			seat := s.ToAct().First()
			var l1, l2 game.Log
			if err := s.Apply(seat, m, &l1); err != nil {
				t.Fatal(err)
			}
			if d == nil {
				continue
			}
			if err := d.Apply(seat, m, &l2); err != nil {
				t.Fatalf("game %d: the twin refuses %s: %v", g, Rules{}.EncodeMove(m), err)
			}
			a, _ := Parse(m)
			if a.Kind == KindAlibi && seat == InvestigatorSeat {
				continue
			}
			if s.step == 0 || s.over() || d.over() { // a witness call was made
				if s.lastSeen != d.lastSeen || s.lastCleared != d.lastCleared || s.over() || d.over() ||
					s.chaseTurn != d.chaseTurn {
					continue
				}
			}
			compared++
			for _, viewer := range []game.Seat{InvestigatorSeat, game.Spectator} {
				if a, b := encode(l1.For(viewer)), encode(l2.For(viewer)); a != b {
					t.Fatalf("game %d: seat %d events differ:\n%s\n%s", g, viewer, a, b)
				}
				if a, b := encode(s.View(viewer)), encode(d.View(viewer)); a != b {
					t.Fatalf("game %d: seat %d views differ:\n%s\n%s", g, viewer, a, b)
				}
			}
		}
	}
	if compared < 10*n {
		t.Fatalf("only %d moves compared", compared)
	}
}
