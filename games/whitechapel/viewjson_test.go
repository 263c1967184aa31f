package whitechapel

import (
	"fmt"
	"testing"

	"gaslamp/game"
	"gaslamp/game/gametest"
	"gaslamp/internal/testscale"
)

// TestViewAppendJSONAsMarshal plays random games with each option set and
// checks, after every move, every seat's view and the spectator's, written by
// AppendJSON after the bytes of an earlier view, against json.Marshal; then
// crafted views (escapes, floats in exponent form, nil and empty lists).
func TestViewAppendJSONAsMarshal(t *testing.T) {
	var checker gametest.AppendJSONChecker
	check := func(v *View, what string) {
		t.Helper()
		checker.Check(t, v, what)
	}
	// Guided games (a Jack who heads home, random police), so that the
	// later nights and the hideouts' deduction are reached.
	games := testscale.Size(2, 10)
	seen := map[string]bool{}
	for oi, opts := range optionSets {
		infos, err := Rules{}.Seats(opts)
		if err != nil {
			t.Fatal(err)
		}
		seats := []game.Seat{game.Spectator}
		for i := range infos {
			seats = append(seats, game.Seat(i))
		}
		checkAll := func(s *State, what string) {
			for _, seat := range seats {
				v := s.View(seat).(*View)
				check(v, fmt.Sprintf("%s seat %d", what, seat))
				seen["track"] = seen["track"] || v.Track != nil
				seen["search"] = seen["search"] || v.Search != nil
				seen["possible"] = seen["possible"] || len(v.Possible) > 0
				seen["hideouts"] = seen["hideouts"] || len(v.Hideouts) > 0
				seen["trail"] = seen["trail"] || len(v.Trail) > 0
				seen["over"] = seen["over"] || v.Outcome.Over
				for _, p := range v.Patrols {
					seen["token"] = seen["token"] || p.Token != ""
				}
			}
		}
		for g := range games {
			step := 0
			end, _ := guided(uint64(100*oi+g+1), opts, func(s *State, _ game.Seat, _ []game.Move, _ *game.Log) {
				checkAll(s, fmt.Sprintf("options %d game %d step %d", oi, g, step))
				step++
			})
			checkAll(end, fmt.Sprintf("options %d game %d, over", oi, g))
		}
	}
	for _, k := range []string{"track", "search", "possible", "hideouts", "trail", "over", "token"} {
		if !seen[k] {
			t.Errorf("no view with %s in the random games: the check missed it", k)
		}
	}
	v := &View{Prompt: game.T("x.<y>", "name", "Zoë & \"Jack\"\u2028", "n", 3),
		Actor: "blue", Track: &TrackView{Start: 1, Used: 2, Left: 3}, WretchedTurn: 2, Search: &SearchView{Policeman: "red"},
		Patrols: []PatrolView{{Crossing: "A1", FaceUp: true, Token: "x"}, {}},
		Nights:  []NightView{{Scene: 4, Second: 9, Moves: []MoveRecord{{Kind: "walk"}}, Obs: []ObsRecord{}, Home: true}, {}},
		Hideout: 7, Marked: []int{1}, Trail: [][]int{{1, 2}, nil}, Circle: 9,
		Possible:      []Possible{{Circle: 3, Weight: 1e-7}, {Circle: 4, Weight: 2.5e21}, {Circle: 5, Weight: 0.125}},
		PossibleTotal: 123456.789, Hideouts: []PossibleHideout{{Circle: 1, Weight: 1.0 / 3}},
		Order: []string{}, Women: []int{}, Policemen: []PolicemanView{{Seat: 2, ID: "blue"}}, ToAct: []game.Seat{},
		Outcome: game.Outcome{Over: true, Winner: "jack", Reason: game.T("r", "seat", "é")}}
	check(v, "crafted")
	check(&View{}, "zero")
}

// BenchmarkViewJSON writes a policeman's view of a game in its first night
// by AppendJSON and by json.Marshal.
// Run: go test -run '^$' -bench ViewJSON ./games/whitechapel/
func BenchmarkViewJSON(b *testing.B) { gametest.BenchAppendJSON(b, Rules{}, 3, 60, 1) }
