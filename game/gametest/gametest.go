// Package gametest is the conformance suite every game runs: random seeded
// playouts that check, at each step, that legal moves are well formed and
// accepted, that other moves are refused without changing anything, that moves
// survive their JSON codec, that views and events keep each seat's secrets, that
// Determinize agrees with the view it was given, that every game ends, and that
// replay reproduces the state byte for byte. Reach plays seeded games by legal
// moves until a position with a given property appears, so that rule tests
// check a ruling where real play gets, not in a state built by hand.
package gametest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"gaslamp/game"
)

// Config says what to run.
type Config struct {
	Rules    game.Rules
	Options  []game.Options // option sets to cycle through; nil means one empty set
	Games    int            // number of random games
	Seed     uint64         // first seed
	MaxMoves int            // a game longer than this fails the test
	// Seats is the number of seats (views are checked for each and for Spectator).
	Seats int
	// CheckView, when set, inspects the JSON view of viewer and the events that
	// viewer was sent by the last move, while the game is not over, and returns an
	// error when they reveal a secret of another seat.
	CheckView func(st game.State, viewer game.Seat, view []byte, events []game.Event) error
	// DeterminizeEvery checks Determinize on every n-th step (0 means 7).
	DeterminizeEvery int
	// ApplyAll applies every legal move on a clone at each step (slow); otherwise
	// up to 4 chosen at random are tried.
	ApplyAll bool
}

// Run plays the games and reports every broken property through t.
func Run(t testing.TB, c Config) {
	t.Helper()
	if c.MaxMoves == 0 {
		c.MaxMoves = 100000
	}
	if c.DeterminizeEvery == 0 {
		c.DeterminizeEvery = 7
	}
	opts := c.Options
	if len(opts) == 0 {
		opts = []game.Options{{}}
	}
	for g := 0; g < c.Games; g++ {
		seed := c.Seed + uint64(g)
		o := opts[g%len(opts)]
		if err := playOne(c, o, seed); err != nil {
			t.Fatalf("game %s seed %d options %q: %v", c.Rules.ID(), seed, o.String(), err)
		}
	}
}

func playOne(c Config, o game.Options, seed uint64) error {
	r := c.Rules
	st, err := r.New(o, seed)
	if err != nil {
		return fmt.Errorf("New: %w", err)
	}
	rng := game.NewRand(seed * 7919)
	rec := game.Record{Game: r.ID(), Options: o, Seed: seed}
	var buf []game.Move
	var log game.Log
	var cur, spare game.State // the server's way of playing (see below)
	for step := 0; ; step++ {
		out := st.Outcome()
		toAct := st.ToAct()
		if out.Over {
			if !toAct.Empty() {
				return fmt.Errorf("step %d: game over but seats %v must act", step, toAct.Seats())
			}
			if out.Reason.Key == "" {
				return fmt.Errorf("game over without a reason")
			}
			break
		}
		if step >= c.MaxMoves {
			return fmt.Errorf("no end after %d moves", step)
		}
		if toAct.Empty() {
			return fmt.Errorf("step %d: game not over but nobody must act", step)
		}
		// Seats that need not act have no moves and are refused.
		for s := game.Seat(0); int(s) < c.Seats; s++ {
			if toAct.Has(s) {
				continue
			}
			if l := st.Legal(s, buf[:0]); len(l) != 0 {
				return fmt.Errorf("step %d: seat %d need not act but has %d legal moves", step, s, len(l))
			}
		}
		// Views.
		if err := checkViews(c, st, &log, step); err != nil {
			return err
		}
		if step%c.DeterminizeEvery == 0 {
			if err := checkDeterminize(c, st, &rng, step); err != nil {
				return err
			}
		}
		// Pick the acting seat and its moves.
		seats := toAct.Seats()
		seat := seats[rng.IntN(len(seats))]
		buf = st.Legal(seat, buf[:0])
		if len(buf) == 0 {
			return fmt.Errorf("step %d: seat %d must act but has no legal move", step, seat)
		}
		legal := append([]game.Move(nil), buf...)
		seen := map[game.Move]bool{}
		for _, m := range legal {
			if seen[m] {
				return fmt.Errorf("step %d: legal move %d listed twice", step, m)
			}
			seen[m] = true
			data := r.EncodeMove(m)
			if !json.Valid(data) {
				return fmt.Errorf("step %d: move %d encodes to invalid JSON %s", step, m, data)
			}
			back, err := r.DecodeMove(data)
			if err != nil || back != m {
				return fmt.Errorf("step %d: move %s does not round-trip: got %d, %v", step, data, back, err)
			}
		}
		before := st.Snapshot()
		// Legal moves are accepted.
		tries := legal
		if !c.ApplyAll && len(tries) > 4 {
			tries = []game.Move{legal[rng.IntN(len(legal))], legal[rng.IntN(len(legal))], legal[0], legal[len(legal)-1]}
		}
		for _, m := range tries {
			cl := st.Clone()
			if err := cl.Apply(seat, m, nil); err != nil {
				return fmt.Errorf("step %d: legal move %s refused: %v", step, r.EncodeMove(m), err)
			}
		}
		if !bytes.Equal(before, st.Snapshot()) {
			return fmt.Errorf("step %d: applying to a clone changed the original", step)
		}
		// Other moves are refused and change nothing.
		for k := 0; k < 4; k++ {
			m := game.Move(rng.Uint64())
			if k == 1 {
				m = legal[rng.IntN(len(legal))] ^ 1
			}
			if k == 2 {
				m = legal[rng.IntN(len(legal))] + 1<<8
			}
			if seen[m] {
				continue
			}
			err := st.Apply(seat, m, nil)
			if err == nil {
				return fmt.Errorf("step %d: move %d not in Legal but accepted", step, m)
			}
			if _, ok := err.(*game.Error); !ok {
				return fmt.Errorf("step %d: refusal is not a *game.Error: %v", step, err)
			}
			if !bytes.Equal(before, st.Snapshot()) {
				return fmt.Errorf("step %d: refused move %d changed the state", step, m)
			}
		}
		// A seat that need not act is refused.
		for s := game.Seat(0); int(s) < c.Seats; s++ {
			if !toAct.Has(s) {
				if err := st.Apply(s, legal[0], nil); game.CodeOf(err) != game.CodeNotYourTurn {
					return fmt.Errorf("step %d: seat %d out of turn: want not-your-turn, got %v", step, s, err)
				}
				break
			}
		}
		// Play one at random.
		m := legal[rng.IntN(len(legal))]
		var next game.State
		if _, ok := st.(game.IntoCloner); ok {
			// The server's way, beside st: cur plays each move on a copy
			// made into the state the previous move replaced.
			if cur == nil {
				cur = st.Clone()
			}
			curBefore := cur.Snapshot()
			if next = game.CloneInto(cur, spare); spare != nil && next != spare {
				return fmt.Errorf("step %d: CloneInto did not use the spare state", step)
			}
			if err := next.Apply(seat, m, nil); err != nil {
				return fmt.Errorf("step %d: chosen legal move refused on a copy into a used state: %v", step, err)
			}
			if !bytes.Equal(curBefore, cur.Snapshot()) {
				return fmt.Errorf("step %d: applying to a copy into a used state changed the original", step)
			}
			if c := game.CloneInto(cur, cur); c == cur {
				return fmt.Errorf("step %d: CloneInto copied a state into itself", step)
			}
		}
		log.Reset()
		if err := st.Apply(seat, m, &log); err != nil {
			return fmt.Errorf("step %d: chosen legal move refused: %v", step, err)
		}
		if next != nil {
			if !bytes.Equal(next.Snapshot(), st.Snapshot()) {
				return fmt.Errorf("step %d: the move on a copy into a used state gave another state", step)
			}
			if step%c.DeterminizeEvery == 0 {
				for s := game.Spectator; int(s) < c.Seats; s++ {
					a, _ := json.Marshal(st.View(s))
					b, _ := json.Marshal(next.View(s))
					if !bytes.Equal(a, b) {
						return fmt.Errorf("step %d: seat %d's view differs on a copy into a used state", step, s)
					}
				}
			}
			spare, cur = cur, next
		}
		rec.Moves = append(rec.Moves, game.RecordedMove{Seat: seat, Move: r.EncodeMove(m)})
	}
	// Final views are complete and encodable.
	for s := game.Spectator; int(s) < c.Seats; s++ {
		if _, err := json.Marshal(st.View(s)); err != nil {
			return fmt.Errorf("final view of seat %d: %v", s, err)
		}
	}
	// Replay gives the same state byte for byte.
	data, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	var back game.Record
	if err := json.Unmarshal(data, &back); err != nil {
		return err
	}
	rs, err := game.Replay(back, nil)
	if err != nil {
		return fmt.Errorf("replay: %v", err)
	}
	if !bytes.Equal(rs.Snapshot(), st.Snapshot()) {
		return fmt.Errorf("replay of %d moves does not reproduce the state", len(rec.Moves))
	}
	return nil
}

func checkViews(c Config, st game.State, log *game.Log, step int) error {
	for s := game.Spectator; int(s) < c.Seats; s++ {
		v := st.View(s)
		if v.Viewer() != s {
			return fmt.Errorf("step %d: View(%d).Viewer() = %d", step, s, v.Viewer())
		}
		data, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("step %d: view of seat %d does not encode: %v", step, s, err)
		}
		if c.CheckView != nil {
			if err := c.CheckView(st, s, data, log.For(s)); err != nil {
				return fmt.Errorf("step %d: seat %d: %v", step, s, err)
			}
		}
	}
	return nil
}

func checkDeterminize(c Config, st game.State, rng *game.Rand, step int) error {
	for s := game.Spectator; int(s) < c.Seats; s++ {
		v := st.View(s)
		want, _ := json.Marshal(v)
		d, err := c.Rules.Determinize(v, rng)
		if err != nil {
			return fmt.Errorf("step %d: Determinize for seat %d: %v", step, s, err)
		}
		got, _ := json.Marshal(d.View(s))
		if !bytes.Equal(want, got) {
			return fmt.Errorf("step %d: Determinize for seat %d disagrees with its view:\nwant %s\ngot  %s", step, s, want, got)
		}
		if d.ToAct() != st.ToAct() {
			return fmt.Errorf("step %d: Determinize for seat %d changed who acts", step, s)
		}
	}
	return nil
}
