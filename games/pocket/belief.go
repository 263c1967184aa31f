package pocket

import (
	"math"
	"sort"
	"time"

	"gaslamp/bot"
	"gaslamp/game"
)

// The "belief" bot (an advanced choice, no level's pick): at Jack's seat
// the endgame bot (bots.go) of its level whose root moves are cut down to
// the few that a search of the rest of the turn values best against an
// investigator who does not know Jack; at the investigator's seat the
// endgame bot itself.
//
// The turn search: every suspect may be Jack for the investigator, alike,
// so the search values each position once per suspect (what Jack would get
// were he that suspect). At Jack's moves each suspect takes his own best
// move; at the investigator's every move is played with a weight that falls
// with its value averaged over the suspects (exp(-d/beliefTemp), d its gap
// to the best average): he plays well for what he knows, and Jack does not
// bet on one exact reply. An alibi card drawn is averaged over the pile. At
// the witness call that ends the turn each suspect's value is the game's
// end when it ends there, otherwise Jack's chance to win from the suspects
// left, his hourglasses and the turns left (beliefTable).
//
// Why a cut and not the turn search alone: played alone (the move of the
// highest value for who Jack is) it won 12 of 30 against the Normal
// investigator with the weights, 0 of 30 with the investigator's single best
// reply (Jack bets on it and is caught by any other) and 10 with an
// investigator who knows Jack; its horizon is one turn. The endgame bot's
// search sees further but plays as if the investigator knew Jack; choosing
// among the turn search's beliefTop best moves combines both. Against the
// Normal investigator (--budget -1ns) belief:100000 won 17 of 30 on seeds
// 1..30, where it was tuned, and 13 and 9 of 30 on seeds 31..60 and 61..90,
// where Hard's Jack (endgame:100000) won 11, 10 and 10: on the seeds it was
// not tuned on it is no better (22 of 60 against 20), so Hard keeps the
// endgame bot.
//
// Time: the turn search stops after a quarter of the budget (then the
// endgame bot decides among every legal move), and the endgame bot takes a
// whole budget of its own after it: a decision takes up to 1.25 budgets
// (2.5 s at Hard's 2 s).

func init() {
	game.RegisterBot(ID, "belief", func(cfg game.BotConfig) (game.Bot, error) { return NewBelief(cfg), nil })
}

// Tuning of the belief bot, against the Normal investigator on seeds 1..30
// (--budget -1ns): 3 moves won 17 games, 2 won 10, 5 won 15; weights of
// temperature 0.01, 0.05, 0.1, 0.2 in the turn search alone won 8, 12, 7, 6;
// the 3 best moves against an investigator who knows Jack (in the turn
// search) won 13.
const (
	beliefTop   = 3
	beliefTemp  = 0.05
	chaseValue  = 0.5       // Jack's value in a chase (P2) not yet over
	beliefLeafs = 4_000_000 // witness calls a turn search may value before it gives up
)

// Belief is the "belief" bot of one seat.
type Belief struct {
	seat     game.Seat
	rng      game.Rand
	budget   time.Duration
	end      *Endgame // the investigator's seat, and Jack's search among the cut moves
	moves    [5][MaxLegal]game.Move
	legal    []game.Move
	scores   []float64
	idx      []int
	leafs    int
	deadline time.Time
	stop     bool
}

// NewBelief returns the belief bot of cfg.Seat; cfg.Level is its endgame
// bot's.
func NewBelief(cfg game.BotConfig) *Belief {
	budget := cfg.Budget
	if budget == 0 {
		budget = bot.DefaultBudget
	}
	return &Belief{seat: cfg.Seat, rng: game.NewRand(cfg.Seed ^ 0x62656c696566), budget: budget,
		end: NewEndgame(cfg)}
}

// vals holds a value per character (only the suspects' are meaningful).
type vals [NumCharacters]float64

// Choose implements game.Bot.
func (b *Belief) Choose(gv game.View, legal []game.Move) game.Move {
	if len(legal) == 1 {
		return legal[0]
	}
	v, ok := gv.(*View)
	if !ok || v.Jack == nil || v.Phase != "action" {
		return b.end.Choose(gv, legal)
	}
	top, ok := b.cut(v, legal)
	if !ok || len(legal) <= beliefTop {
		return b.end.Choose(gv, legal)
	}
	return b.end.Choose(gv, top)
}

// cut returns the beliefTop moves of legal of the highest value for Jack in
// the turn search (among equals, in an order drawn from the bot's
// generator), and false when the search gave up.
func (b *Belief) cut(v *View, legal []game.Move) ([]game.Move, bool) {
	gs, err := Rules{}.Determinize(v, &b.rng)
	if err != nil {
		return nil, false
	}
	s := gs.(*State)
	moves := append(b.legal[:0], legal...)
	b.legal = moves
	b.rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
	b.leafs, b.stop = 0, false
	b.deadline = time.Time{}
	if b.budget > 0 {
		b.deadline = time.Now().Add(b.budget / 4)
	}
	b.scores = b.scores[:0]
	b.idx = b.idx[:0]
	for i, m := range moves {
		x := b.child(s, m, int(s.step))
		if b.stop {
			return nil, false
		}
		b.scores = append(b.scores, x[s.jack])
		b.idx = append(b.idx, i)
	}
	sort.SliceStable(b.idx, func(a, c int) bool { return b.scores[b.idx[a]] > b.scores[b.idx[c]] })
	top := make([]game.Move, 0, beliefTop)
	for _, i := range b.idx[:min(beliefTop, len(b.idx))] {
		top = append(top, moves[i])
	}
	return top, true
}

// child returns the values after m is played in s (depth: s.step).
func (b *Belief) child(s *State, m game.Move, depth int) vals {
	a, _ := Parse(m)
	t := s.tokenFor(a.Kind)
	if a.Kind == KindAlibi && s.pileN > 0 {
		n := int(s.pileN)
		var sum, cnt vals
		for i := 0; i < n; i++ {
			c := *s
			c.pile[i], c.pile[n-1] = c.pile[n-1], c.pile[i]
			card := c.pile[n-1]
			quiet(&c, t, a)
			x := b.after(&c, depth)
			for j := range x {
				if Character(j) != card || s.actor() == sideJack {
					sum[j] += x[j]
					cnt[j]++
				}
			}
		}
		for j := range sum {
			if cnt[j] > 0 {
				sum[j] /= cnt[j]
			}
		}
		return sum
	}
	c := *s
	quiet(&c, t, a)
	return b.after(&c, depth)
}

// quiet plays a with token t in s without the witness call that ends a turn.
func quiet(s *State, t int, a Action) {
	side := s.actor()
	s.used |= 1 << t
	if a.Kind == KindAlibi {
		s.drawAlibi(side, nil)
	} else {
		s.b.apply(a)
	}
	if a.Kind == KindRotate {
		s.rotated = s.b.Tiles[a.Cell]
	}
	s.step++
}

// after returns the values of c, just played.
func (b *Belief) after(c *State, depth int) vals {
	if c.step == 4 {
		b.leafs++
		if b.leafs > beliefLeafs || b.leafs&1023 == 0 && !b.deadline.IsZero() && time.Now().After(b.deadline) {
			b.stop = true
		}
		return leafValues(c)
	}
	return b.value(c, depth+1)
}

// value returns the values of s within the turn.
func (b *Belief) value(s *State, depth int) vals {
	n := s.legal(b.moves[depth][:])
	jack := s.actor() == sideJack
	suspects := s.b.Suspects()
	var best vals
	if jack {
		for i := 0; i < n && !b.stop; i++ {
			x := b.child(s, b.moves[depth][i], depth)
			for j := range x {
				if i == 0 || x[j] > best[j] {
					best[j] = x[j]
				}
			}
		}
		return best
	}
	var xs [MaxLegal]vals
	var avgs [MaxLegal]float64
	k := float64(suspects.Len())
	bestAvg := 2.0
	for i := 0; i < n && !b.stop; i++ {
		xs[i] = b.child(s, b.moves[depth][i], depth)
		a := 0.0
		for j := range xs[i] {
			if suspects.Has(Character(j)) {
				a += xs[i][j]
			}
		}
		avgs[i] = a / k
		bestAvg = min(bestAvg, avgs[i])
	}
	tw := 0.0
	for i := 0; i < n; i++ {
		w := math.Exp(-(avgs[i] - bestAvg) / beliefTemp)
		tw += w
		for j := range best {
			best[j] += w * xs[i][j]
		}
	}
	for j := range best {
		best[j] /= tw
	}
	return best
}

// leafValues returns, for each suspect of s (the four actions of the turn
// played), Jack's value after the witness call were he that suspect.
func leafValues(s *State) vals {
	var out vals
	sight := s.b.Sight()
	suspects := s.b.Suspects()
	seenSet := suspects & sight.Seen
	unseenSet := suspects &^ sight.Seen
	h := s.Hourglasses()
	last := s.turn == Turns
	for _, j := range suspects.List() {
		seen := sight.Seen.Has(j)
		n, hg := unseenSet.Len(), h+1
		if seen {
			n, hg = seenSet.Len(), h
		}
		out[j] = stateValue(n, hg, seen, last, int(s.turn), s.chaseTurn != 0)
	}
	return out
}

// stateValue is Jack's value after a witness call (of turn turn) that left
// n suspects, Jack with hg hourglasses.
func stateValue(n, hg int, seen, last bool, turn int, chase bool) float64 {
	one, six := n <= 1, hg >= 6
	switch {
	case chase:
		if seen {
			return 0
		}
		if last {
			return 1
		}
		return chaseValue
	case six && one:
		if seen || last {
			return 0
		}
		return chaseValue
	case six:
		return 1
	case one:
		return 0
	case last:
		return 1
	}
	return beliefTable[turn][min(n, NumCharacters)][hg]
}

// beliefTable[t][n][h] is Jack's chance to win after the witness call of
// turn t left n suspects and him h hourglasses (t 1..7, n 2..9, h 0..5):
// a logistic fit, over the features 1, ln(n-1), h/6, r, ln(n-1)r, hr/6 and
// h ln(n-1)/6 with r the turns left over 8, of 300 games (seeds 1000..1299)
// of a first version of this bot against the Normal investigator
// (TestBeliefData): its turn search alone, with a table of a model where
// each later turn halves the suspects. That Jack won 37 of the 300; the fit
// is crude (it says a turn 7 ends with two suspects is worth 0.26 when
// turn 8 nearly always splits them) but orders the positions as play does.
var beliefTable = makeBeliefTable()

var beliefFit = [7]float64{-4.9286, 3.9171, 4.7666, -1.1146, -1.9783, 0.4420, -1.9370}

func makeBeliefTable() (t [Turns + 1][NumCharacters + 1][7]float64) {
	for turn := 1; turn < Turns; turn++ {
		for n := 2; n <= NumCharacters; n++ {
			for h := 0; h < 6; h++ {
				r := float64(Turns-turn) / 8
				ln := math.Log(float64(n - 1))
				hh := float64(h) / 6
				x := [7]float64{1, ln, hh, r, ln * r, hh * r, hh * ln}
				z := 0.0
				for i := range x {
					z += x[i] * beliefFit[i]
				}
				t[turn][n][h] = 1 / (1 + math.Exp(-z))
			}
		}
	}
	return t
}
