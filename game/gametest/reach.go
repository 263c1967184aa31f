package gametest

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"gaslamp/game"
)

// ReachConfig says how to reach a position by legal play: rule tests use it to
// check a ruling in a position that real games produce, instead of one built by
// editing a state's fields.
type ReachConfig struct {
	Rules   game.Rules
	Options game.Options
	Seed    uint64 // the first seed; game g uses Seed+g for both New and the moves
	Games   int    // games to try before giving up (0 means 200)
	// MaxMoves bounds each game (0 means 5000).
	MaxMoves int
	// Choose picks the move of seat among legal (never empty); nil picks one
	// uniformly at random. A guided choice steers games towards rare positions.
	Choose func(st game.State, seat game.Seat, legal []game.Move, rng *game.Rand) game.Move
	// Want is the property sought, checked before every move and on the final
	// state; the first state that has it is returned.
	Want func(st game.State) bool
	// What names the property, for the failure message.
	What string
}

// Reached is a position found by Reach and the play that led to it.
type Reached struct {
	State game.State
	Seed  uint64              // the seed of the game that reached it
	Moves []game.RecordedMove // the moves played from New(Options, Seed)
}

// String names the position for messages: the seed and the number of moves.
func (r Reached) String() string {
	return fmt.Sprintf("seed %d after %d moves", r.Seed, len(r.Moves))
}

// Record returns the game record that replays to the position.
func (r Reached) Record(c ReachConfig) game.Record {
	return game.Record{Game: c.Rules.ID(), Options: c.Options, Seed: r.Seed, Moves: r.Moves}
}

// Reach plays seeded games from New until one reaches a state with the wanted
// property and returns it. Every move it plays is legal, so the position is one
// real play produces. When no game reaches the property it fails t, saying
// what was sought and what was played (games, moves, how they ended).
func Reach(t testing.TB, c ReachConfig) Reached {
	t.Helper()
	r, err := TryReach(c)
	if err != nil {
		t.Fatalf("%v", err)
	}
	return r
}

// TryReach is Reach returning an error instead of failing a test.
func TryReach(c ReachConfig) (Reached, error) {
	if c.Games == 0 {
		c.Games = 200
	}
	if c.MaxMoves == 0 {
		c.MaxMoves = 5000
	}
	ends := map[string]int{}
	total := 0
	var buf []game.Move
	for g := 0; g < c.Games; g++ {
		seed := c.Seed + uint64(g)
		st, err := c.Rules.New(c.Options, seed)
		if err != nil {
			return Reached{}, fmt.Errorf("reach %s: New(%q, %d): %v", c.What, c.Options.String(), seed, err)
		}
		rng := game.NewRand(seed*6364136223846793005 + 1442695040888963407)
		var moves []game.RecordedMove
		for step := 0; ; step++ {
			if c.Want(st) {
				return Reached{State: st, Seed: seed, Moves: moves}, nil
			}
			out := st.Outcome()
			if out.Over {
				ends[out.Winner+" "+out.Reason.Key]++
				break
			}
			if step >= c.MaxMoves {
				ends["no end within the move limit"]++
				break
			}
			seats := st.ToAct().Seats()
			if len(seats) == 0 {
				return Reached{}, fmt.Errorf("reach %s: seed %d step %d: nobody must act in a game not over", c.What, seed, step)
			}
			seat := seats[rng.IntN(len(seats))]
			buf = st.Legal(seat, buf[:0])
			if len(buf) == 0 {
				return Reached{}, fmt.Errorf("reach %s: seed %d step %d: seat %d must act but has no legal move", c.What, seed, step, seat)
			}
			var m game.Move
			if c.Choose != nil {
				m = c.Choose(st, seat, buf, &rng)
			} else {
				m = buf[rng.IntN(len(buf))]
			}
			if err := st.Apply(seat, m, nil); err != nil {
				return Reached{}, fmt.Errorf("reach %s: seed %d step %d: move %s refused: %v", c.What, seed, step, c.Rules.EncodeMove(m), err)
			}
			moves = append(moves, game.RecordedMove{Seat: seat, Move: c.Rules.EncodeMove(m)})
			total++
		}
	}
	var seen []string
	for k, n := range ends {
		seen = append(seen, fmt.Sprintf("%d× %s", n, strings.TrimSpace(k)))
	}
	sort.Strings(seen)
	return Reached{}, fmt.Errorf("reach %s: no position with it in %d games (seeds %d..%d, %d moves in all, options %q); the games ended: %s",
		c.What, c.Games, c.Seed, c.Seed+uint64(c.Games)-1, total, c.Options.String(), strings.Join(seen, ", "))
}
