package jekyll

import (
	"time"

	"gaslamp/game"
)

// Round-2 rollouts. In the second round a sampled world is worth +100 or
// -100 (landed exactly or not), and the plain sampling bot counts, for each
// move, the worlds in which the two partners, seeing everything, could still
// land: it assumes the partner will always find the one line that lands, which
// a partner who does not see this bot's hand cannot. Here, in round 2, each
// move is instead tried in each sampled world and the rest of the round is
// played out there by two copies of a small sampling bot (the blueprint:
// rollK samples of its own seat's view of that world, gift prior included,
// solved exactly), as the partner will really play: a move is worth the
// share of those playouts that land. The perfect-information value breaks
// ties. A round-2 solve takes tens of microseconds, so a playout of the
// remaining plays costs about a millisecond.
//
// The bot sees only its own view: the playouts run in worlds drawn from it,
// and each blueprint seat there reads only its own view of that world.

// rollLevel is the rollout effort of a level: worlds per decision and the
// blueprint's samples per play.
type rollLevel struct {
	worlds, k int
}

// chooseRollout is chooseNight in round 2 with rollouts: the moves within
// rollBand of the best sampled perfect-information value are played out in
// the first worlds of the level's samples, and the one landing most often
// is played (ties: the perfect-information value).
func (b *Partner) chooseRollout(v *View, legal []game.Move, deadline time.Time) game.Move {
	wins := make([]float64, len(legal))
	var mine uint32
	if b.giftPrior {
		mine, _ = parseCards(v.Gifts)
	}
	seat := int(b.seat)
	var worlds []*State
	n, tries := 0, 0
	for n < b.lv.samples && (n == 0 || time.Now().Before(deadline)) {
		st, err := determinize(v, &b.rng)
		if err != nil {
			break
		}
		tries++
		if b.giftPrior && tries < 40*b.lv.samples && b.rng.Float64() >= giftWeight(st, seat, mine) {
			continue
		}
		b.vals = b.solver.SolveMoves(st, b.vals[:0])
		for _, x := range b.vals {
			for i, m := range legal {
				if m == x.Move {
					b.sums[i] += float64(x.Value)
				}
			}
		}
		if len(worlds) < b.lv.roll.worlds {
			worlds = append(worlds, st)
		}
		n++
	}
	best := 0
	for i := range legal {
		if b.sums[i] > b.sums[best] {
			best = i
		}
	}
	var cands []int
	for i := range legal {
		if b.sums[i] >= b.sums[best]-rollBand*float64(n) {
			cands = append(cands, i)
		}
	}
	if len(cands) < 2 {
		return legal[best]
	}
	for k, st := range worlds {
		if k > 0 && !time.Now().Before(deadline) {
			break
		}
		seed := b.rng.Uint64()
		for _, i := range cands {
			x := *st
			x.apply(seat, legal[i], nil)
			rr := game.NewRand(seed)
			if b.playout(&x, &rr) {
				wins[i]++
			}
		}
	}
	pick := cands[0]
	for _, i := range cands {
		if wins[i] > wins[pick] || wins[i] == wins[pick] && b.sums[i] > b.sums[pick] {
			pick = i
		}
	}
	return legal[pick]
}

// rollBand: moves whose average sampled value is within rollBand of the
// best (on the -100..100 scale) are played out.
var rollBand = 20.0

// playout plays the rest of world x's round with the blueprint for both
// seats and reports whether the players won.
func (b *Partner) playout(x *State, rng *game.Rand) bool {
	var buf [16]game.Move
	sums := make([]float64, 16)
	for x.phase == phaseNight {
		s := int(x.r.toAct())
		legal := x.legal(s, buf[:0])
		if len(legal) == 1 {
			x.apply(s, legal[0], nil)
			continue
		}
		if b.solver.Value(x) <= -winValue {
			return false
		}
		v := x.view(game.Seat(s))
		var mine uint32
		if b.giftPrior {
			mine, _ = parseCards(v.Gifts)
		}
		clear(sums)
		for n, tries := 0, 0; n < b.lv.roll.k; {
			w, err := determinize(v, rng)
			if err != nil {
				break
			}
			tries++
			if b.giftPrior && tries < 40*b.lv.roll.k && rng.Float64() >= giftWeight(w, s, mine) {
				continue
			}
			b.rvals = b.solver.SolveMoves(w, b.rvals[:0])
			for _, mv := range b.rvals {
				for i, m := range legal {
					if m == mv.Move {
						sums[i] += float64(mv.Value)
					}
				}
			}
			n++
		}
		best := 0
		for i := range legal {
			if sums[i] > sums[best] {
				best = i
			}
		}
		x.apply(s, legal[best], nil)
	}
	return x.result == resWin
}
