package bot

import (
	"math"
	"math/bits"
	"strconv"
	"time"

	"gaslamp/game"
)

func init() {
	game.RegisterBot("*", "ismcts", func(cfg game.BotConfig) (game.Bot, error) {
		return NewISMCTS(cfg, Search{Iterations: LevelIterations(cfg.Level), Budget: cfg.Budget, Variety: DefaultVariety}), nil
	})
}

// DefaultVariety is the Search.Variety of the registered search bots: a
// move visited at least 90% as often as the best one may be played instead.
const DefaultVariety = 0.1

// DefaultBudget is the time an ISMCTS bot may think per decision when its
// BotConfig gives none.
const DefaultBudget = time.Second

// LevelIterations returns the iteration cap of a level: "easy" 200, "normal"
// (or "") 2000, "hard" 20000, or the number a level written as a positive
// integer says ("50000": the levels in words of a game may pick a search by
// what fits their budget). Unknown levels are normal.
func LevelIterations(level string) int {
	switch level {
	case "easy":
		return 200
	case "hard":
		return 20000
	}
	if n, err := strconv.Atoi(level); err == nil && n > 0 {
		return n
	}
	return 2000
}

// Rollout chooses the moves of the rollouts of one bot. It only ever sees
// determinized states (never the real one). A Rollout belongs to one bot and
// is not used concurrently.
type Rollout interface {
	// Begin is called when a rollout starts from s, before the first Choose.
	Begin(s game.State)
	// Choose returns one of legal (never empty), the moves of seat in s,
	// drawing any randomness from rng.
	Choose(s game.State, seat game.Seat, legal []game.Move, rng *game.Rand) game.Move
}

// Policy is a Rollout that keeps nothing between moves.
type Policy func(s game.State, seat game.Seat, legal []game.Move, rng *game.Rand) game.Move

// Begin implements Rollout.
func (Policy) Begin(game.State) {}

// Choose implements Rollout.
func (p Policy) Choose(s game.State, seat game.Seat, legal []game.Move, rng *game.Rand) game.Move {
	return p(s, seat, legal, rng)
}

// Search configures an ISMCTS bot.
type Search struct {
	// Iterations caps the iterations of one decision; 0 means
	// LevelIterations("normal").
	Iterations int
	// Budget is the time one decision may take; 0 means DefaultBudget and a
	// negative value means no time limit (only the iteration cap), which makes
	// the bot deterministic.
	Budget time.Duration
	// Exploration is the UCB1 constant; 0 means 0.7.
	Exploration float64
	// MaxRollout is the number of moves after which a rollout stops and counts
	// as a draw; 0 means 10000.
	MaxRollout int
	// Rollout chooses the rollout moves; nil means uniformly at random.
	Rollout Rollout
	// Variety is the share of the best root move's visits within which
	// another move is as likely to be played (0: always the most visited;
	// DefaultVariety is the registered bots'), so that a bot's play varies
	// with its seed where the search cannot tell the moves apart.
	Variety float64
	// SideOnly keeps only the moves of the bot's own side in the tree: the
	// other sides' moves are chosen by Rollout there too. In a determinized
	// world an opponent searched in the tree knows every hidden fact (Jack's
	// circle, say), which makes the bot play as if its secrets were known;
	// the rollout policy is then the model of how the opponents play.
	SideOnly bool
}

// ISMCTS is a single-observer information-set MCTS bot. It is given only views
// and legal moves; the states it searches come from Rules.Determinize.
type ISMCTS struct {
	rules game.Rules
	seat  game.Seat
	rng   game.Rand
	cfg   Search
	sides []string // seat -> side, learned from the first view

	buf     []game.Move
	untried []game.Move
	path    []*node
	last    int
}

// node is one move in the shared tree: the seat that made it, and the results of
// the iterations that passed through it, credited to that seat's side.
type node struct {
	seat     game.Seat
	move     game.Move
	children []*node
	visits   int
	avail    int // iterations in which the move was legal at its parent
	reward   float64
}

func (n *node) child(seat game.Seat, m game.Move) *node {
	for _, c := range n.children {
		if c.move == m && c.seat == seat {
			return c
		}
	}
	return nil
}

// NewISMCTS returns an ISMCTS bot for cfg.Rules and cfg.Seat, seeded with
// cfg.Seed and configured by s (cfg.Budget and cfg.Level are not read: s says
// everything).
func NewISMCTS(cfg game.BotConfig, s Search) *ISMCTS {
	if s.Iterations <= 0 {
		s.Iterations = LevelIterations("normal")
	}
	if s.Budget == 0 {
		s.Budget = DefaultBudget
	}
	if s.Exploration == 0 {
		s.Exploration = 0.7
	}
	if s.MaxRollout <= 0 {
		s.MaxRollout = 10000
	}
	return &ISMCTS{rules: cfg.Rules, seat: cfg.Seat, rng: game.NewRand(cfg.Seed ^ 0x69736d637473), cfg: s}
}

// Iterations returns the number of iterations of the last decision.
func (b *ISMCTS) Iterations() int { return b.last }

// Choose implements game.Bot: it searches from view v and returns the most
// visited of legal.
func (b *ISMCTS) Choose(v game.View, legal []game.Move) game.Move {
	var deadline time.Time
	if b.cfg.Budget > 0 {
		deadline = time.Now().Add(b.cfg.Budget)
	}
	return b.ChooseBy(v, legal, deadline)
}

// ChooseBy is Choose with the search stopped at deadline (zero: only the
// iteration cap) instead of after the budget: a bot that spent part of its
// budget on another search gives the ISMCTS what is left.
func (b *ISMCTS) ChooseBy(v game.View, legal []game.Move, deadline time.Time) game.Move {
	b.last = 0
	if len(legal) == 1 {
		return legal[0]
	}
	if b.sides == nil {
		sides, err := SeatSides(b.rules, v)
		if err != nil {
			return legal[b.rng.IntN(len(legal))]
		}
		b.sides = sides
	}
	root := &node{seat: game.Spectator}
	for b.last < b.cfg.Iterations {
		if !deadline.IsZero() && b.last > 0 && !time.Now().Before(deadline) {
			break
		}
		st, err := b.rules.Determinize(v, &b.rng)
		if err != nil {
			break
		}
		b.iterate(root, st, legal)
		b.last++
	}
	var best *node
	for _, c := range root.children {
		if best == nil || c.visits > best.visits || c.visits == best.visits && c.reward > best.reward {
			best = c
		}
	}
	if best != nil && b.cfg.Variety > 0 {
		// Variety: any move visited nearly as often as the best one.
		near := b.untried[:0]
		for _, c := range root.children {
			if float64(c.visits) >= (1-b.cfg.Variety)*float64(best.visits) {
				near = append(near, c.move)
			}
		}
		if len(near) > 1 {
			m := near[b.rng.IntN(len(near))]
			best = root.child(b.seat, m)
		}
		b.untried = near
	}
	if best == nil || !game.Contains(legal, best.move) {
		return legal[b.rng.IntN(len(legal))]
	}
	return best.move
}

// iterate runs one iteration on the determinized state st.
func (b *ISMCTS) iterate(root *node, st game.State, legal []game.Move) {
	path := b.path[:0]
	n := root
	for {
		toAct := st.ToAct()
		if toAct.Empty() {
			break
		}
		seat, moves := b.seat, legal
		if n != root {
			seat = toAct.First()
			b.buf = st.Legal(seat, b.buf[:0])
			moves = b.buf
		}
		if len(moves) == 0 {
			break
		}
		if n != root && b.cfg.SideOnly && !b.sameSide(seat) {
			// The opponents' move comes from the model, outside the tree.
			m := moves[b.rng.IntN(len(moves))]
			if b.cfg.Rollout != nil {
				b.cfg.Rollout.Begin(st)
				m = b.cfg.Rollout.Choose(st, seat, moves, &b.rng)
			}
			if st.Apply(seat, m, nil) != nil {
				b.path = path
				return
			}
			continue
		}
		untried := b.untried[:0]
		var best *node
		bestScore := math.Inf(-1)
		for _, m := range moves {
			c := n.child(seat, m)
			if c == nil {
				untried = append(untried, m)
				continue
			}
			c.avail++
			if len(untried) == 0 {
				score := c.reward/float64(c.visits) + b.cfg.Exploration*math.Sqrt(math.Log(float64(c.avail))/float64(c.visits))
				if score > bestScore {
					best, bestScore = c, score
				}
			}
		}
		b.untried = untried
		expand := len(untried) > 0
		if expand {
			best = &node{seat: seat, move: untried[b.rng.IntN(len(untried))], avail: 1}
		}
		if err := st.Apply(seat, best.move, nil); err != nil {
			// Only a root move the determinized world refuses can get here: a
			// bug of the game's Determinize. Drop the iteration.
			b.path = path
			return
		}
		if expand {
			n.children = append(n.children, best)
		}
		path = append(path, best)
		n = best
		if expand {
			break
		}
	}
	out := b.rollout(st)
	for _, p := range path {
		p.visits++
		p.reward += b.score(out, p.seat)
	}
	b.path = path
}

// rollout finishes the game on st with the rollout policy.
func (b *ISMCTS) rollout(st game.State) game.Outcome {
	if b.cfg.Rollout != nil {
		b.cfg.Rollout.Begin(st)
	}
	for i := 0; i < b.cfg.MaxRollout; i++ {
		toAct := st.ToAct()
		if toAct.Empty() {
			return st.Outcome()
		}
		seat := toAct.First()
		if n := toAct.Len(); n > 1 {
			seat = nthSeat(toAct, b.rng.IntN(n))
		}
		b.buf = st.Legal(seat, b.buf[:0])
		if len(b.buf) == 0 {
			return st.Outcome()
		}
		var m game.Move
		if b.cfg.Rollout != nil {
			m = b.cfg.Rollout.Choose(st, seat, b.buf, &b.rng)
		} else {
			m = b.buf[b.rng.IntN(len(b.buf))]
		}
		if st.Apply(seat, m, nil) != nil {
			return game.Outcome{}
		}
	}
	return st.Outcome()
}

// sameSide reports whether seat plays for the bot's side.
func (b *ISMCTS) sameSide(seat game.Seat) bool {
	if seat == b.seat {
		return true
	}
	if seat < 0 || int(seat) >= len(b.sides) || int(b.seat) >= len(b.sides) {
		return false
	}
	return b.sides[seat] == b.sides[b.seat]
}

// score is the reward of an outcome for the side of seat: 1 for a win, 0 for a
// loss, 1/2 for a draw or an unfinished game.
func (b *ISMCTS) score(out game.Outcome, seat game.Seat) float64 {
	if !out.Over || out.Winner == "" || seat < 0 || int(seat) >= len(b.sides) {
		return 0.5
	}
	if b.sides[seat] == out.Winner {
		return 1
	}
	return 0
}

// nthSeat returns the k-th (0-based) seat of s in increasing order.
func nthSeat(s game.SeatSet, k int) game.Seat {
	x := uint16(s)
	for ; k > 0; k-- {
		x &= x - 1
	}
	return game.Seat(bits.TrailingZeros16(x))
}
