package hunt

import (
	"gaslamp/board"
	"gaslamp/game"
)

// This file generates random rounds by actually playing them: a true trail
// walked legally with figures around, and observations made from it.

// genOpts tunes the random rounds.
type genOpts struct {
	moves     int  // number of Jack moves to try
	walkOnly  bool // only Walk moves
	obsRate   int  // percent chance of observations after each move
	lie       int  // percent chance to add one observation that contradicts the true trail
	late      int  // percent chance for an observation to be about an earlier time
	figures   int  // number of figures
	specials  int  // percent chance of a special move (coach, alley, boat, hidden) when legal
	coachRate int  // percent of specials that are coaches
	tight     bool // many observations (to keep long rounds small for brute force)
}

// played is a generated round with its true trail and the order in which a
// table would have announced things (moves and observations interleaved).
type played struct {
	round  Round
	trail  []int
	events []event // in table order
}

// event is a move (obs == nil) or an observation, in table order.
type event struct {
	move *Move
	obs  *Obs
}

// pickSet returns a uniform member of s, or -1 if s is empty.
func pickSet(rng *game.Rand, s board.Set) int {
	n := s.Count()
	if n == 0 {
		return -1
	}
	k := rng.IntN(n)
	for i := s.Next(0); i >= 0; i = s.Next(i + 1) {
		if k == 0 {
			return i
		}
		k--
	}
	return -1
}

// genRound plays one random round on b.
func genRound(b *board.Board, rng *game.Rand, o genOpts) played {
	n := b.NumCircles
	start := 1 + rng.IntN(n)
	p := played{round: Round{Start: start}, trail: []int{start}}
	nfig := o.figures
	if nfig == 0 {
		nfig = 3
	}
	figs := make([]int, nfig)
	for i := range figs {
		figs[i] = rng.IntN(len(b.Crossings))
	}
	var blue board.Set
	for c := 1; c <= n; c++ {
		if b.Circles[c].Color == board.Blue {
			blue.Add(c)
		}
	}
	boatOf := func(c int) board.Set {
		if len(b.BoatSet) > c {
			return b.BoatSet[c]
		}
		return board.Set{}
	}
	addObs := func(ob Obs) {
		p.round.Obs = append(p.round.Obs, ob)
		p.events = append(p.events, event{obs: &p.round.Obs[len(p.round.Obs)-1]})
	}
	// cellOK lists the cell indices an observation may be about (not
	// coach middles).
	var obsTimes []int
	obsTimes = append(obsTimes, 0)
	for mi := 0; mi < o.moves; mi++ {
		cur := p.trail[len(p.trail)-1]
		// Figures wander; some stand next to Jack to block streets.
		var occ board.Set
		for i := range figs {
			switch rng.IntN(4) {
			case 0:
				if x := pickSet(rng, b.CircleCrossings[cur]); x >= 0 {
					figs[i] = x
				}
			case 1:
				figs[i] = rng.IntN(len(b.Crossings))
			default:
				if x := pickSet(rng, b.StepSet[figs[i]]); x >= 0 {
					figs[i] = x
				}
			}
			occ.Add(figs[i])
		}
		// Choose a legal move.
		type option struct {
			kind MoveKind
			to   []int
		}
		var opts []option
		if w := b.WalkTargets(cur, occ); !w.Empty() {
			opts = append(opts, option{kind: Walk, to: []int{pickSet(rng, w)}})
		}
		if !o.walkOnly && rng.IntN(100) < o.specials {
			if rng.IntN(100) < o.coachRate {
				c1s := b.WalkSet[cur].Minus(blue)
				for try := 0; try < 4; try++ {
					c1 := pickSet(rng, c1s)
					if c1 < 0 {
						break
					}
					c2s := b.WalkSet[c1].Minus(blue)
					c2s.Remove(cur)
					if c2 := pickSet(rng, c2s); c2 >= 0 {
						opts = append(opts, option{kind: Coach, to: []int{c1, c2}})
						break
					}
				}
			}
			if a := pickSet(rng, b.AlleySet[cur]); a >= 0 {
				kind := Alley
				if rng.IntN(2) == 0 {
					kind = Hidden
				}
				opts = append(opts, option{kind: kind, to: []int{a}})
			}
			if bt := pickSet(rng, boatOf(cur)); bt >= 0 {
				kind := Boat
				if rng.IntN(2) == 0 {
					kind = Hidden
				}
				opts = append(opts, option{kind: kind, to: []int{bt}})
			}
		}
		if len(opts) == 0 {
			break
		}
		// Prefer specials when offered (they are rarer).
		ch := opts[rng.IntN(len(opts))]
		if len(opts) > 1 && opts[0].kind == Walk && rng.IntN(3) != 0 {
			ch = opts[1+rng.IntN(len(opts)-1)]
		}
		m := Move{Kind: ch.kind}
		if ch.kind == Walk || rng.IntN(2) == 0 {
			m.Occupied = occ // specials ignore it; sometimes set anyway
		}
		p.round.Moves = append(p.round.Moves, m)
		p.events = append(p.events, event{move: &p.round.Moves[len(p.round.Moves)-1]})
		p.trail = append(p.trail, ch.to...)
		now := len(p.trail) - 1
		obsTimes = append(obsTimes, now)

		// Observations.
		if o.tight {
			// Searches all around Jack: misses on most neighbours off the
			// trail, the way a closing net looks.
			nb := b.WalkSet[p.trail[now]]
			for x := nb.Next(0); x >= 0; x = nb.Next(x + 1) {
				if rng.IntN(3) == 0 {
					continue
				}
				onTrail := false
				for _, c := range p.trail {
					onTrail = onTrail || c == x
				}
				if !onTrail {
					addObs(Obs{Time: now, Circle: x, Kind: NoClue})
				}
			}
		}
		if rng.IntN(100) >= o.obsRate {
			continue
		}
		nobs := 1 + rng.IntN(3)
		if o.tight {
			nobs += 2
		}
		for k := 0; k < nobs; k++ {
			at := now
			if rng.IntN(100) < o.late {
				at = obsTimes[rng.IntN(len(obsTimes))]
			}
			seen := func(x int) bool {
				for _, c := range p.trail[:at+1] {
					if c == x {
						return true
					}
				}
				return false
			}
			// A circle near the trail.
			var x int
			switch rng.IntN(4) {
			case 0:
				x = p.trail[rng.IntN(at+1)]
			case 1:
				x = 1 + rng.IntN(n)
			default:
				x = pickSet(rng, b.WalkSet[p.trail[rng.IntN(at+1)]])
			}
			if x < 0 {
				continue
			}
			if rng.IntN(5) == 0 {
				// A failed arrest next to Jack.
				y := pickSet(rng, b.WalkSet[p.trail[at]])
				if y >= 0 && y != p.trail[at] {
					addObs(Obs{Time: at, Circle: y, Kind: NotHere})
				}
				continue
			}
			if seen(x) {
				addObs(Obs{Time: at, Circle: x, Kind: Clue})
			} else {
				addObs(Obs{Time: at, Circle: x, Kind: NoClue})
			}
		}
	}
	if rng.IntN(100) < o.lie && len(obsTimes) > 0 {
		at := obsTimes[rng.IntN(len(obsTimes))]
		x := 1 + rng.IntN(n)
		switch rng.IntN(3) {
		case 0:
			addObs(Obs{Time: at, Circle: x, Kind: Clue})
		case 1:
			addObs(Obs{Time: at, Circle: p.trail[rng.IntN(at+1)], Kind: NoClue})
		default:
			addObs(Obs{Time: at, Circle: p.trail[at], Kind: NotHere})
		}
	}
	return p
}
