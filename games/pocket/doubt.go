package pocket

import (
	"math"
	"strconv"
	"strings"
	"time"

	"gaslamp/bot"
	"gaslamp/game"
)

// The "doubt" bot (an advanced choice): at the investigator's seat the
// endgame bot itself; at Jack's seat the endgame bot whose ISMCTS searches
// against an investigator who does not know who Jack is. The plain search
// draws every world from Jack's view, so every world has the true Jack: an
// investigator searched in that tree learns who Jack is from the rewards.
// The doubt search draws each iteration's world either from Jack's own view
// (with probability Share: the true Jack, only the alibi pile's order
// drawn) or from the investigator's view, the public part of Jack's view
// (any suspect still possible may be Jack, with alibi cards that agree with
// the game). The investigator's nodes keep one set of statistics for all
// the worlds, so he plays as someone who does not know Jack, the true one
// over-weighted; Jack's nodes keep one set per identity, so that Jack in
// the tree plays as the Jack of his world, and at the root only the true
// Jack's statistics pick the move. The bot reads nothing but its view:
// the investigator's view it draws from is a part of its own.
func init() {
	game.RegisterBot(ID, "doubt", func(cfg game.BotConfig) (game.Bot, error) { return NewDoubt(cfg), nil })
}

// DefaultDoubtShare is the share of the doubt search's worlds drawn from
// Jack's own view when its level does not say.
const DefaultDoubtShare = 0.5

// searcher is the search an endgame bot falls back to: the generic ISMCTS
// or the doubt search.
type searcher interface {
	ChooseBy(v game.View, legal []game.Move, deadline time.Time) game.Move
}

// ParseDoubtLevel splits a doubt level, "N" or "N/share" (a level of
// bot.LevelIterations, then the share of worlds drawn from Jack's own view,
// in [0, 1]), into its iterations and share. A share it cannot read is
// DefaultDoubtShare.
func ParseDoubtLevel(level string) (iters int, share float64) {
	it, sh, ok := strings.Cut(level, "/")
	share = DefaultDoubtShare
	if ok {
		if x, err := strconv.ParseFloat(sh, 64); err == nil && x >= 0 && x <= 1 {
			share = x
		}
	}
	return bot.LevelIterations(it), share
}

// NewDoubt returns the doubt bot of cfg.Seat: cfg.Level ("N" or "N/share",
// see ParseDoubtLevel) sets the iterations of its search, the node limit of
// its exact search and, at Jack's seat, the share of worlds with the true
// Jack; cfg.Budget the time of a decision (negative: none).
func NewDoubt(cfg game.BotConfig) *Endgame {
	iters, share := ParseDoubtLevel(cfg.Level)
	c := cfg
	c.Level = strconv.Itoa(iters)
	b := newEndgame(c, false)
	if cfg.Seat == JackSeat {
		b.search = &doubtSearch{
			rng:     game.NewRand(cfg.Seed ^ 0x646f756274),
			iters:   iters,
			share:   share,
			explore: 0.7,
			variety: bot.DefaultVariety,
		}
	}
	return b
}

// doubtSearch is the ISMCTS of the doubt bot at Jack's seat.
type doubtSearch struct {
	rng     game.Rand
	iters   int
	share   float64
	explore float64
	variety float64

	buf     []game.Move
	untried []game.Move
	path    []doubtStep
	last    int
}

// doubtNode is one move in the tree: the seat that made it and its
// statistics, one set for the investigator's moves, one per identity of
// Jack for his.
type doubtNode struct {
	seat     game.Seat
	move     game.Move
	children []*doubtNode
	stats    []doubtStat
}

// doubtStat is the result of the iterations that passed through a node
// (reward credited to the side of its seat), and the number of iterations
// in which its move was legal at its parent.
type doubtStat struct {
	visits int32
	avail  int32
	reward float64
}

// doubtStep is one node of an iteration's path and the statistics it used.
type doubtStep struct {
	n *doubtNode
	k int
}

func (n *doubtNode) child(seat game.Seat, m game.Move) *doubtNode {
	for _, c := range n.children {
		if c.move == m && c.seat == seat {
			return c
		}
	}
	return nil
}

// statIndex is the statistics a world whose Jack is who uses at a node of
// seat.
func statIndex(seat game.Seat, who Character) int {
	if seat == JackSeat {
		return int(who)
	}
	return 0
}

// publicView returns the investigator's view hidden in Jack's view v: v
// without Jack's secrets (and without the preview, which Determinize does
// not read).
func publicView(v *View) *View {
	p := *v
	p.Seat = InvestigatorSeat
	p.Jack, p.JackAlibis, p.Hourglasses, p.JackVisible, p.Preview = nil, nil, nil, nil, nil
	return &p
}

// ChooseBy searches from Jack's view gv until its iteration cap or deadline
// (zero: none) and returns the move the true Jack's statistics prefer.
func (d *doubtSearch) ChooseBy(gv game.View, legal []game.Move, deadline time.Time) game.Move {
	d.last = 0
	if len(legal) == 1 {
		return legal[0]
	}
	v, ok := gv.(*View)
	if !ok || v.Jack == nil {
		return legal[d.rng.IntN(len(legal))]
	}
	truth := *v.Jack
	pub := publicView(v)
	root := &doubtNode{seat: game.Spectator}
	for d.last < d.iters {
		if !deadline.IsZero() && d.last > 0 && !time.Now().Before(deadline) {
			break
		}
		var gs game.State
		var err error
		if d.rng.Float64() < d.share {
			gs, err = Rules{}.Determinize(v, &d.rng)
		} else if gs, err = (Rules{}).Determinize(pub, &d.rng); err != nil {
			gs, err = Rules{}.Determinize(v, &d.rng)
		}
		if err != nil {
			break
		}
		d.iterate(root, gs.(*State), legal)
		d.last++
	}
	k := int(truth)
	var best *doubtNode
	for _, c := range root.children {
		if best == nil || c.stats[k].visits > best.stats[k].visits ||
			c.stats[k].visits == best.stats[k].visits && c.stats[k].reward > best.stats[k].reward {
			best = c
		}
	}
	if best != nil && d.variety > 0 && best.stats[k].visits > 0 {
		near := d.untried[:0]
		for _, c := range root.children {
			if float64(c.stats[k].visits) >= (1-d.variety)*float64(best.stats[k].visits) {
				near = append(near, c.move)
			}
		}
		if len(near) > 1 {
			best = root.child(JackSeat, near[d.rng.IntN(len(near))])
		}
		d.untried = near
	}
	if best == nil || !game.Contains(legal, best.move) {
		return legal[d.rng.IntN(len(legal))]
	}
	return best.move
}

// iterate runs one iteration on the determinized state st.
func (d *doubtSearch) iterate(root *doubtNode, st *State, legal []game.Move) {
	who := st.jack
	path := d.path[:0]
	n := root
	for !st.over() {
		seat := seatOf(st.actor())
		moves := legal
		if n != root {
			d.buf = st.Legal(seat, d.buf[:0])
			moves = d.buf
		} else if seat != JackSeat {
			break
		}
		if len(moves) == 0 {
			break
		}
		k := statIndex(seat, who)
		untried := d.untried[:0]
		var best *doubtNode
		bestScore := math.Inf(-1)
		for _, m := range moves {
			c := n.child(seat, m)
			if c == nil {
				untried = append(untried, m)
				continue
			}
			s := &c.stats[k]
			s.avail++
			if s.visits == 0 {
				untried = append(untried, m)
				continue
			}
			if len(untried) == 0 {
				score := s.reward/float64(s.visits) + d.explore*math.Sqrt(math.Log(float64(s.avail))/float64(s.visits))
				if score > bestScore {
					best, bestScore = c, score
				}
			}
		}
		d.untried = untried
		expand := len(untried) > 0
		if expand {
			m := untried[d.rng.IntN(len(untried))]
			if best = n.child(seat, m); best == nil {
				size := 1
				if seat == JackSeat {
					size = NumCharacters
				}
				best = &doubtNode{seat: seat, move: m, stats: make([]doubtStat, size)}
				best.stats[k].avail = 1
				n.children = append(n.children, best)
			}
		}
		if err := st.Apply(seat, best.move, nil); err != nil {
			// A root move the drawn world refuses: drop the iteration.
			d.path = path
			return
		}
		path = append(path, doubtStep{best, k})
		n = best
		if expand {
			break
		}
	}
	// A uniformly random rollout.
	for !st.over() {
		seat := seatOf(st.actor())
		d.buf = st.Legal(seat, d.buf[:0])
		if len(d.buf) == 0 || st.Apply(seat, d.buf[d.rng.IntN(len(d.buf))], nil) != nil {
			break
		}
	}
	for _, p := range path {
		s := &p.n.stats[p.k]
		s.visits++
		switch {
		case !st.over():
			s.reward += 0.5
		case st.winner == sideOfSeat(p.n.seat):
			s.reward++
		}
	}
	d.path = path
}
