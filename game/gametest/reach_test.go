package gametest

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"gaslamp/game"
)

// counter is a tiny game for testing Reach: one seat adds 1 or 2 to a
// total until it reaches 10 or more.
type counter struct{}

type counterState struct{ n int }

type counterView struct{}

func (counterView) Viewer() game.Seat { return 0 }

func (counter) ID() string                     { return "counter" }
func (counter) Name() game.Text                { return game.T("counter") }
func (counter) Sides() []string                { return []string{"one"} }
func (counter) OptionSpecs() []game.OptionSpec { return nil }
func (counter) Seats(game.Options) ([]game.SeatInfo, error) {
	return []game.SeatInfo{{ID: "one", Side: "one"}}, nil
}
func (counter) New(game.Options, uint64) (game.State, error) { return &counterState{}, nil }
func (counter) EncodeMove(m game.Move) json.RawMessage {
	return json.RawMessage(strconv.Itoa(int(m)))
}
func (counter) DecodeMove(data []byte) (game.Move, error) {
	n, err := strconv.Atoi(string(data))
	return game.Move(n), err
}
func (counter) Determinize(game.View, *game.Rand) (game.State, error) { return &counterState{}, nil }
func (counter) Messages() game.Catalog                                { return nil }

func (s *counterState) ToAct() game.SeatSet {
	if s.n >= 10 {
		return 0
	}
	return game.SeatSet(0).With(0)
}
func (s *counterState) Legal(seat game.Seat, buf []game.Move) []game.Move {
	if seat != 0 || s.n >= 10 {
		return buf
	}
	return append(buf, 1, 2)
}
func (s *counterState) Apply(seat game.Seat, m game.Move, _ *game.Log) error {
	if seat != 0 || s.n >= 10 || (m != 1 && m != 2) {
		return game.Illegal("counter.illegal")
	}
	s.n += int(m)
	return nil
}
func (s *counterState) View(game.Seat) game.View { return counterView{} }
func (s *counterState) Outcome() game.Outcome {
	if s.n >= 10 {
		return game.Outcome{Over: true, Winner: "one", Reason: game.T("counter.done")}
	}
	return game.Outcome{}
}
func (s *counterState) Clone() game.State { c := *s; return &c }
func (s *counterState) Snapshot() []byte  { return []byte(strconv.Itoa(s.n)) }

func TestReachFindsAPositionByLegalPlay(t *testing.T) {
	c := ReachConfig{Rules: counter{}, Seed: 5, What: "a total of 7",
		Want: func(st game.State) bool { return st.(*counterState).n == 7 }}
	r := Reach(t, c)
	if r.State.(*counterState).n != 7 {
		t.Fatalf("reached %d", r.State.(*counterState).n)
	}
	// The moves replay to the position.
	s := &counterState{}
	for _, m := range r.Moves {
		mv, err := counter{}.DecodeMove(m.Move)
		if err != nil || s.Apply(m.Seat, mv, nil) != nil {
			t.Fatalf("move %s does not replay", m.Move)
		}
	}
	if s.n != 7 {
		t.Fatalf("the moves of %s lead to %d", r, s.n)
	}
	// A guided choice is used.
	c.Choose = func(_ game.State, _ game.Seat, legal []game.Move, _ *game.Rand) game.Move { return legal[1] }
	c.Want = func(st game.State) bool { return st.(*counterState).n == 8 }
	if r := Reach(t, c); len(r.Moves) != 4 {
		t.Fatalf("always adding 2 reaches 8 in 4 moves, not %d", len(r.Moves))
	}
}

func TestReachSaysWhatItSoughtAndSaw(t *testing.T) {
	c := ReachConfig{Rules: counter{}, Games: 3, What: "a total of 42",
		Want: func(st game.State) bool { return st.(*counterState).n == 42 }}
	_, err := TryReach(c)
	if err == nil {
		t.Fatal("an unreachable total was reached")
	}
	for _, want := range []string{"a total of 42", "3 games", "3× one counter.done"} {
		if !strings.Contains(err.Error(), want) {
			t.Fatalf("message %q lacks %q", err, want)
		}
	}
	r := &recorder{TB: t}
	Reach(r, c)
	if !r.failed {
		t.Fatal("Reach did not fail the test")
	}
}
