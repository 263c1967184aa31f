package bot

import (
	"encoding/json"
	"testing"
	"time"

	"gaslamp/bot/testgame"
	"gaslamp/game"
)

// play plays one game of the test game between two bots, seat 0 first, and
// returns the winning side.
func play(t testing.TB, seed uint64, bots [2]game.Bot) string {
	t.Helper()
	st, err := testgame.Rules{}.New(nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	var buf []game.Move
	for !st.Outcome().Over {
		seat := st.ToAct().First()
		buf = st.Legal(seat, buf[:0])
		legal := append([]game.Move(nil), buf...)
		m := bots[seat].Choose(st.View(seat), legal)
		if !game.Contains(legal, m) {
			t.Fatalf("seed %d: bot of seat %d chose %d, not in %v", seed, seat, m, legal)
		}
		if err := st.Apply(seat, m, nil); err != nil {
			t.Fatal(err)
		}
	}
	return st.Outcome().Winner
}

func ismcts(seat game.Seat, seed uint64, iterations int) *ISMCTS {
	return NewISMCTS(game.BotConfig{Rules: testgame.Rules{}, Seat: seat, Seed: seed}, Search{Iterations: iterations, Budget: -1})
}

func TestISMCTSBeatsRandom(t *testing.T) {
	const games = 200
	wins := 0
	for g := 0; g < games; g++ {
		seed := uint64(1000 + g)
		seat := game.Seat(g % 2) // the search bot plays both seats in turn
		var bots [2]game.Bot
		bots[seat] = ismcts(seat, seed, 300)
		bots[1-seat] = NewRandom(seed)
		if play(t, seed, bots) == []string{"west", "east"}[seat] {
			wins++
		}
	}
	// Random against random wins about half; the search must win clearly more.
	// Measured: 151 of 200 (75%).
	t.Logf("ismcts won %d of %d against random", wins, games)
	if wins < games*68/100 {
		t.Fatalf("ismcts won only %d of %d games against random", wins, games)
	}
}

func TestRandomAgainstRandomIsBalanced(t *testing.T) {
	const games = 400
	wins := 0
	for g := 0; g < games; g++ {
		seed := uint64(5000 + g)
		if play(t, seed, [2]game.Bot{NewRandom(seed), NewRandom(seed + 1)}) == "west" {
			wins++
		}
	}
	if wins < games*35/100 || wins > games*65/100 {
		t.Fatalf("west won %d of %d random games: the test game is too lopsided to measure bots", wins, games)
	}
}

// moves plays a game with the given bots and returns every move.
func moves(t *testing.T, seed uint64, bots [2]game.Bot) []game.Move {
	st, _ := testgame.Rules{}.New(nil, seed)
	var out []game.Move
	for !st.Outcome().Over {
		seat := st.ToAct().First()
		legal := st.Legal(seat, nil)
		m := bots[seat].Choose(st.View(seat), legal)
		out = append(out, m)
		if err := st.Apply(seat, m, nil); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func TestISMCTSDeterministic(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		a := moves(t, seed, [2]game.Bot{ismcts(0, seed, 200), ismcts(1, seed+9, 200)})
		b := moves(t, seed, [2]game.Bot{ismcts(0, seed, 200), ismcts(1, seed+9, 200)})
		if len(a) != len(b) {
			t.Fatalf("seed %d: %v vs %v", seed, a, b)
		}
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("seed %d: move %d differs: %v vs %v", seed, i, a, b)
			}
		}
	}
}

func TestRandomDeterministicAndLegal(t *testing.T) {
	a := moves(t, 3, [2]game.Bot{NewRandom(7), NewRandom(8)})
	b := moves(t, 3, [2]game.Bot{NewRandom(7), NewRandom(8)})
	if len(a) != len(b) {
		t.Fatal("random bot not deterministic")
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatal("random bot not deterministic")
		}
	}
}

// TestBotsAlwaysLegal walks many random positions and asks each bot for a move.
func TestBotsAlwaysLegal(t *testing.T) {
	rng := game.NewRand(99)
	for g := 0; g < 60; g++ {
		opts := game.Options{}
		if g%2 == 1 {
			opts["hand"] = "3"
		}
		st, err := testgame.Rules{}.New(opts, uint64(g))
		if err != nil {
			t.Fatal(err)
		}
		for !st.Outcome().Over {
			seat := st.ToAct().First()
			legal := st.Legal(seat, nil)
			for _, b := range []game.Bot{ismcts(seat, rng.Uint64(), 50), NewRandom(rng.Uint64())} {
				if m := b.Choose(st.View(seat), legal); !game.Contains(legal, m) {
					t.Fatalf("game %d: %T chose %d, not in %v", g, b, m, legal)
				}
			}
			if err := st.Apply(seat, legal[rng.IntN(len(legal))], nil); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// spyRules wraps the test game's rules and records what the bot asks of them.
type spyRules struct {
	testgame.Rules
	t     *testing.T
	given game.View
	calls map[string]int
}

func (r *spyRules) Determinize(v game.View, rng *game.Rand) (game.State, error) {
	r.calls["Determinize"]++
	if v != r.given {
		r.t.Fatalf("Determinize given another view than the bot's")
	}
	return r.Rules.Determinize(v, rng)
}

func (r *spyRules) Seats(o game.Options) ([]game.SeatInfo, error) {
	r.calls["Seats"]++
	return r.Rules.Seats(o)
}

// TestISMCTSDoesNotCheat gives the bot two positions whose views for its seat
// agree but whose hidden hands differ: the bot, with the same seed, must choose
// the same move in both, and must reach the hidden world only through
// Determinize of the view it was given.
func TestISMCTSDoesNotCheat(t *testing.T) {
	// West holds 1 3 5 7 9 and leads; East holds either the other odd cards
	// (East can always follow) or only even cards.
	mk := func(east []int) *testgame.State {
		st, _ := testgame.Rules{}.New(nil, 1)
		s := st.(*testgame.State)
		s.Hands[0] = hand(1, 3, 5, 7, 9)
		s.Hands[1] = hand(east...)
		return s
	}
	a, b := mk([]int{11, 13, 2, 4, 6}), mk([]int{2, 4, 6, 8, 10})
	va, vb := a.View(0), b.View(0)
	ja, _ := json.Marshal(va)
	jb, _ := json.Marshal(vb)
	if string(ja) != string(jb) {
		t.Fatalf("views differ:\n%s\n%s", ja, jb)
	}
	for seed := uint64(1); seed <= 4; seed++ {
		spy := &spyRules{t: t, calls: map[string]int{}}
		choose := func(st *testgame.State, v game.View) game.Move {
			spy.given = v
			bot := NewISMCTS(game.BotConfig{Rules: spy, Seat: 0, Seed: seed}, Search{Iterations: 300, Budget: -1})
			return bot.Choose(v, st.Legal(0, nil))
		}
		ma, mb := choose(a, va), choose(b, vb)
		if ma != mb {
			t.Fatalf("seed %d: same view, different moves %d and %d: the bot sees hidden facts", seed, ma, mb)
		}
		if spy.calls["Determinize"] != 600 {
			t.Fatalf("seed %d: %d calls of Determinize for 600 iterations", seed, spy.calls["Determinize"])
		}
	}
}

func hand(cards ...int) testgame.Hand {
	var h testgame.Hand
	for _, c := range cards {
		h |= 1 << uint(c)
	}
	return h
}

func TestRegistered(t *testing.T) {
	for _, name := range []string{"random", "ismcts"} {
		for _, level := range []string{"easy", "normal", "hard", ""} {
			b, err := game.NewBot(name, game.BotConfig{Rules: testgame.Rules{}, Seat: 1, Seed: 3, Level: level})
			if err != nil {
				t.Fatal(err)
			}
			st, _ := testgame.Rules{}.New(nil, 2)
			st.Apply(0, st.Legal(0, nil)[0], nil)
			legal := st.Legal(1, nil)
			if m := b.Choose(st.View(1), legal); !game.Contains(legal, m) {
				t.Fatalf("%s chose %d", name, m)
			}
		}
	}
}

func TestISMCTSBudget(t *testing.T) {
	b := NewISMCTS(game.BotConfig{Rules: testgame.Rules{}, Seat: 0, Seed: 1}, Search{Iterations: 1 << 30, Budget: 20e6})
	st, _ := testgame.Rules{}.New(nil, 2)
	b.Choose(st.View(0), st.Legal(0, nil))
	if b.Iterations() < 10 || b.Iterations() >= 1<<30 {
		t.Fatalf("%d iterations in 20ms", b.Iterations())
	}
}

// TestISMCTSChooseBy: a deadline already past stops the search after its
// first iteration, whatever the budget; a zero deadline leaves only the
// iteration cap.
func TestISMCTSChooseBy(t *testing.T) {
	b := NewISMCTS(game.BotConfig{Rules: testgame.Rules{}, Seat: 0, Seed: 1}, Search{Iterations: 500, Budget: time.Hour})
	st, _ := testgame.Rules{}.New(nil, 2)
	v, legal := st.View(0), st.Legal(0, nil)
	if len(legal) < 2 {
		t.Fatalf("%d legal moves: the test needs a choice", len(legal))
	}
	b.ChooseBy(v, legal, time.Now().Add(-time.Second))
	if b.Iterations() != 1 {
		t.Fatalf("%d iterations past the deadline, want 1", b.Iterations())
	}
	b.ChooseBy(v, legal, time.Time{})
	if b.Iterations() != 500 {
		t.Fatalf("%d iterations without a deadline, want the cap 500", b.Iterations())
	}
}

func BenchmarkISMCTS1000(b *testing.B) {
	st, _ := testgame.Rules{}.New(nil, 2)
	v, legal := st.View(0), st.Legal(0, nil)
	for i := 0; i < b.N; i++ {
		ismcts(0, uint64(i), 1000).Choose(v, legal)
	}
}

// countingRollout plays the lowest legal card and counts its calls.
type countingRollout struct{ begins, chooses int }

func (r *countingRollout) Begin(game.State) { r.begins++ }

func (r *countingRollout) Choose(_ game.State, _ game.Seat, legal []game.Move, _ *game.Rand) game.Move {
	r.chooses++
	return legal[0]
}

func TestISMCTSRolloutAndSideOnly(t *testing.T) {
	for _, sideOnly := range []bool{false, true} {
		r := &countingRollout{}
		mk := func() *ISMCTS {
			return NewISMCTS(game.BotConfig{Rules: testgame.Rules{}, Seat: 0, Seed: 5}, Search{Iterations: 200, Budget: -1, Rollout: r, SideOnly: sideOnly})
		}
		st, _ := testgame.Rules{}.New(nil, 8)
		legal := st.Legal(0, nil)
		a := mk().Choose(st.View(0), legal)
		if !game.Contains(legal, a) {
			t.Fatalf("sideOnly %v: chose %d", sideOnly, a)
		}
		if r.begins < 200 || r.chooses == 0 {
			t.Fatalf("sideOnly %v: %d rollouts begun, %d moves chosen, for 200 iterations", sideOnly, r.begins, r.chooses)
		}
		if b := mk().Choose(st.View(0), legal); b != a {
			t.Fatalf("sideOnly %v: not deterministic", sideOnly)
		}
	}
	// With SideOnly the search still beats random play.
	wins := 0
	for g := 0; g < 100; g++ {
		seed := uint64(3000 + g)
		seat := game.Seat(g % 2)
		var bots [2]game.Bot
		bots[seat] = NewISMCTS(game.BotConfig{Rules: testgame.Rules{}, Seat: seat, Seed: seed}, Search{Iterations: 300, Budget: -1, SideOnly: true})
		bots[1-seat] = NewRandom(seed)
		if play(t, seed, bots) == []string{"west", "east"}[seat] {
			wins++
		}
	}
	t.Logf("side-only ismcts won %d of 100 against random", wins)
	if wins < 62 {
		t.Fatalf("side-only ismcts won only %d of 100 against random", wins)
	}
}
