package whitehall

import (
	"testing"

	"gaslamp/game"
	"gaslamp/game/gametest"
	"gaslamp/internal/testscale"
)

// TestViewAppendJSONAsMarshal plays random games with every option set and
// checks, after every move, every seat's view and the spectator's, written by
// AppendJSON after the bytes of an earlier view, against json.Marshal. It then
// checks crafted views: a text whose arguments need escaping, a search, a
// guess, a round's end (random Jacks rarely finish a round), nil and empty
// lists.
func TestViewAppendJSONAsMarshal(t *testing.T) {
	var checker gametest.AppendJSONChecker
	check := func(v *View, what string) {
		t.Helper()
		checker.Check(t, v, what)
	}
	games := testscale.Size(3, 20)
	seen := map[string]bool{}
	rng := game.NewRand(7)
	for gi, opts := range optionSets {
		for g := range games {
			st, err := Rules{}.New(opts, uint64(100*gi+g+1))
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			for step := 0; ; step++ {
				for _, seat := range []game.Seat{0, 1, 2, 3, game.Spectator} {
					v := s.View(seat).(*View)
					check(v, "options "+string(rune('0'+gi))+" seat "+string(rune('0'+seat)))
					seen["search"] = seen["search"] || v.Search != nil
					seen["guess"] = seen["guess"] || v.Guess != 0
					seen["possible"] = seen["possible"] || len(v.Possible) > 0
					seen["trail"] = seen["trail"] || len(v.Trail) > 0
					seen["announce"] = seen["announce"] || v.Announce
					seen["over"] = seen["over"] || v.Outcome.Over
				}
				if s.Outcome().Over {
					break
				}
				seats := s.ToAct().Seats()
				seat := seats[rng.IntN(len(seats))]
				legal := s.Legal(seat, nil)
				if err := s.Apply(seat, legal[rng.IntN(len(legal))], nil); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for _, k := range []string{"search", "possible", "trail", "over"} {
		if !seen[k] {
			t.Errorf("no view with %s in the random games: the check missed it", k)
		}
	}
	// Crafted views.
	v := &View{Prompt: game.T("x.<y>", "name", "Zoë & \"Jack\"\u2028", "n", 3, "m", map[string]any{"b": true, "a": nil}),
		Search: &SearchView{Figure: "red", Scent: true}, Guess: 12, Actor: "blue", Circle: 9, Announce: true,
		Trail: [][]int{{1, 2}, nil}, Locations: []int{}, Possible: []Possible{{Circle: 3, Count: 1 << 40}}, PossibleTotal: 7,
		Rounds: []RoundView{{Start: 1, End: 5, Moves: []MoveRecord{{Kind: "walk", Cells: 1}}, Obs: []ObsRecord{}}, {}},
		Track:  []string{}, Figures: []FigureView{}, ToAct: []game.Seat{},
		Outcome: game.Outcome{Over: true, Winner: "jack", Reason: game.T("r", "seat", "é")}}
	check(v, "crafted")
	check(&View{}, "zero")
}

// BenchmarkViewJSON writes an investigator's view of a game in its first
// round (the deduction on) by AppendJSON and by json.Marshal.
// Run: go test -run '^$' -bench ViewJSON ./games/whitehall/
func BenchmarkViewJSON(b *testing.B) { gametest.BenchAppendJSON(b, Rules{}, 3, 40, 1) }

// TestAppendViewJSONAsView checks that the views the server writes through
// AppendViewJSON, built in reused storage, are byte for byte the views View
// builds afresh: random games with every option set, after every move, every
// seat and the spectator in turn (Jack's full view right before an
// investigator's), through the pool and through one scratch shared by two
// games played side by side, one of them always further on, so that a field
// left over from a longer record, another seat or another game would show.
func TestAppendViewJSONAsView(t *testing.T) {
	games := testscale.Size(3, 15)
	rng := game.NewRand(11)
	shared := new(viewScratch)
	prefix := []byte(`{"x":1},`)
	seats := []game.Seat{0, 1, 0, 2, 3, game.Spectator, 0}
	checked := 0
	check := func(s *State, what string) {
		t.Helper()
		for _, seat := range seats {
			want, err := s.View(seat).(*View).AppendJSON(append([]byte(nil), prefix...))
			if err != nil {
				t.Fatal(err)
			}
			got, err := s.AppendViewJSON(append([]byte(nil), prefix...), seat)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Fatalf("%s, seat %d: AppendViewJSON wrote\n%s\nView wrote\n%s", what, seat, got, want)
			}
			got, err = s.view(seat, shared).AppendJSON(append([]byte(nil), prefix...))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Fatalf("%s, seat %d: a shared scratch wrote\n%s\nView wrote\n%s", what, seat, got, want)
			}
			checked++
		}
	}
	step := func(s *State) bool {
		if s.Outcome().Over {
			return false
		}
		ss := s.ToAct().Seats()
		seat := ss[rng.IntN(len(ss))]
		legal := s.Legal(seat, nil)
		if err := s.Apply(seat, legal[rng.IntN(len(legal))], nil); err != nil {
			t.Fatal(err)
		}
		return true
	}
	for gi, opts := range optionSets {
		for g := range games {
			var pair [2]*State
			for i := range pair {
				st, err := Rules{}.New(opts, uint64(1000*gi+10*g+i+1))
				if err != nil {
					t.Fatal(err)
				}
				pair[i] = st.(*State)
			}
			// The first game runs ahead: three moves for each of the second's.
			for live := true; live; {
				live = false
				for range 3 {
					live = step(pair[0]) || live
				}
				live = step(pair[1]) || live
				check(pair[0], "the game ahead")
				check(pair[1], "the game behind")
			}
		}
	}
	if checked == 0 {
		t.Fatal("no view checked")
	}
}
