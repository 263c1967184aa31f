package gametest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"gaslamp/game"
	"gaslamp/internal/testscale"
)

// TwinConfig configures RunTwins, the twin-world check: two worlds that
// differ only in one seat's secret, played with the same public actions,
// must give every other seat (and a spectator) byte-identical views (as
// JSON) and events after every move.
type TwinConfig struct {
	Rules   game.Rules
	Options []game.Options // option sets to cycle through; nil means one empty set
	// Games is the number of game pairs (0 means 20, or 500 with
	// GASLAMP_TEST_LONG=1).
	Games    int
	Seed     uint64 // first seed
	Seats    int
	MaxMoves int // a pair is compared for at most this many moves (0: 2000)
	// Secret is the seat whose secret differs between the two worlds; its
	// views and events are not compared.
	Secret game.Seat
	// Twin makes world b from world a (after New): a state with the same
	// public facts and another secret for Secret. ok false skips the game.
	// Nil means Determinize from the view of Observer.
	Twin     func(a game.State, rng *game.Rand) (b game.State, ok bool)
	Observer game.Seat
	// TwinAt, when set, plays random moves in world a until it returns true
	// (e.g. once the cards are dealt), and only then makes world b.
	TwinAt func(a game.State) bool
	// Mirror returns the move world b plays for move m of seat in world a
	// (a is the state before m): a move with the same public effect, or ok
	// false to end the comparison of this pair (the rules are about to make
	// public something that differs between the worlds, e.g. a search that
	// finds a clue in one world only). Nil means m itself when it is legal
	// in b.
	Mirror func(a, b game.State, seat game.Seat, m game.Move, rng *game.Rand) (game.Move, bool)
}

// RunTwins plays the twin-world check and reports the first difference
// through t. It returns the number of moves compared over all pairs.
func RunTwins(t testing.TB, c TwinConfig) int {
	t.Helper()
	if c.Games == 0 {
		c.Games = testscale.Size(20, 500)
	}
	if c.MaxMoves == 0 {
		c.MaxMoves = 2000
	}
	opts := c.Options
	if len(opts) == 0 {
		opts = []game.Options{{}}
	}
	total := 0
	for g := 0; g < c.Games; g++ {
		seed := c.Seed + uint64(g)
		o := opts[g%len(opts)]
		n, err := twinOne(c, o, seed)
		if err != nil {
			t.Fatalf("twins %s seed %d options %q: %v", c.Rules.ID(), seed, o.String(), err)
		}
		total += n
	}
	return total
}

func twinOne(c TwinConfig, o game.Options, seed uint64) (int, error) {
	a, err := c.Rules.New(o, seed)
	if err != nil {
		return 0, fmt.Errorf("New: %w", err)
	}
	rng := game.NewRand(seed*104729 + 1)
	for k := 0; c.TwinAt != nil && !c.TwinAt(a); k++ {
		if a.Outcome().Over || k >= c.MaxMoves {
			return 0, nil
		}
		seats := a.ToAct().Seats()
		seat := seats[rng.IntN(len(seats))]
		legal := a.Legal(seat, nil)
		if err := a.Apply(seat, legal[rng.IntN(len(legal))], nil); err != nil {
			return 0, fmt.Errorf("before the twin: %w", err)
		}
	}
	var b game.State
	ok := true
	if c.Twin != nil {
		b, ok = c.Twin(a, &rng)
	} else {
		b, err = c.Rules.Determinize(a.View(c.Observer), &rng)
		if err != nil {
			return 0, fmt.Errorf("Determinize: %w", err)
		}
	}
	if !ok {
		return 0, nil
	}
	if err := sameForOthers(c, a, b, nil, nil, 0); err != nil {
		return 0, err
	}
	var buf []game.Move
	for step := 1; step <= c.MaxMoves; step++ {
		if a.Outcome().Over || b.Outcome().Over {
			if a.Outcome().Over != b.Outcome().Over {
				return step, fmt.Errorf("step %d: one world is over, the other not", step)
			}
			return step, nil
		}
		seats := a.ToAct().Seats()
		if a.ToAct() != b.ToAct() {
			return step, fmt.Errorf("step %d: seats to act %v and %v", step, seats, b.ToAct().Seats())
		}
		seat := seats[rng.IntN(len(seats))]
		buf = a.Legal(seat, buf[:0])
		m := buf[rng.IntN(len(buf))]
		var mb game.Move
		if c.Mirror != nil {
			mb, ok = c.Mirror(a, b, seat, m, &rng)
		} else {
			mb, ok = m, legalIn(b, seat, m)
		}
		if !ok {
			return step, nil
		}
		var la, lb game.Log
		if err := a.Apply(seat, m, &la); err != nil {
			return step, fmt.Errorf("step %d: world a refused %s: %v", step, c.Rules.EncodeMove(m), err)
		}
		if err := b.Apply(seat, mb, &lb); err != nil {
			return step, fmt.Errorf("step %d: world b refused %s: %v", step, c.Rules.EncodeMove(mb), err)
		}
		if err := sameForOthers(c, a, b, &la, &lb, step); err != nil {
			return step, fmt.Errorf("%w (after seat %d played %s / %s)", err, seat, c.Rules.EncodeMove(m), c.Rules.EncodeMove(mb))
		}
	}
	return c.MaxMoves, nil
}

func legalIn(st game.State, seat game.Seat, m game.Move) bool {
	for _, x := range st.Legal(seat, nil) {
		if x == m {
			return true
		}
	}
	return false
}

// sameForOthers compares the views and events of every seat but Secret, and
// of a spectator.
func sameForOthers(c TwinConfig, a, b game.State, la, lb *game.Log, step int) error {
	for s := game.Spectator; int(s) < c.Seats; s++ {
		if s == c.Secret {
			continue
		}
		va, err := json.Marshal(a.View(s))
		if err != nil {
			return err
		}
		vb, err := json.Marshal(b.View(s))
		if err != nil {
			return err
		}
		if !bytes.Equal(va, vb) {
			return fmt.Errorf("step %d: seat %d's views differ between the worlds:\n%s\n%s", step, s, va, vb)
		}
		if la == nil {
			continue
		}
		ea, _ := json.Marshal(la.For(s))
		eb, _ := json.Marshal(lb.For(s))
		if !bytes.Equal(ea, eb) {
			return fmt.Errorf("step %d: seat %d's events differ between the worlds:\n%s\n%s", step, s, ea, eb)
		}
	}
	return nil
}
