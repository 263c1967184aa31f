package jekyll

import (
	"sync"
)

// The first round's objective when the pawn has little room.
//
// When the pawn cannot pass the last space in the first round (the classic
// chapter and most others), the best first round simply moves the pawn as far
// as it can ahead of Scotland Yard: the solver maximises the pawn's gain
// minus Scotland Yard's. When the room is short (chapter 1 starts the pawn on
// 7 of 0..12, chapter 2 on 9), moving far is wrong: the second round must
// then land exactly on the last space with little left to move, which a deal
// often forbids. There the solver values a first-round outcome by the chance
// that the all-seeing pair wins the second round from it: the future table,
// estimated once per rule set by solving many random second-round deals.

// futureDeals is the number of random second-round deals behind each table.
const futureDeals = 96

// future holds, for each room left after the first round (spaces from the
// pawn to the last space) and each gap between the pawn and Scotland Yard,
// the value of standing there: the estimated chance that the all-seeing pair
// then wins, scaled to -winValue..winValue.
type future struct {
	maxGap int      // gaps from 1 to maxGap (larger gaps count as maxGap)
	val    [][]int8 // val[room][gap-1]
}

var futures struct {
	sync.Mutex
	m map[config]*future
}

// futureFor returns the future table of cfg's rule set, building it on first
// use (tens to hundreds of milliseconds; it is kept for the process).
func futureFor(cfg config) *future {
	key := cfg
	key.StartJH, key.StartYard, key.Campaign, key.Score = 0, 0, 0, false
	futures.Lock()
	defer futures.Unlock()
	if f := futures.m[key]; f != nil {
		return f
	}
	if futures.m == nil {
		futures.m = map[config]*future{}
	}
	f := buildFuture(key)
	futures.m[key] = f
	return f
}

// buildFuture solves futureDeals second rounds of cfg for every room up to
// the track's length: for each deal and each room R, the least Scotland Yard
// move with which the all-seeing pair can move the pawn exactly R spaces (the
// players' gifts made by the bots' heuristic). The chance of a win from room
// R and gap G is then the share of deals where that least move stays under
// G + R, the distance Scotland Yard must not reach.
func buildFuture(cfg config) *future {
	rooms := int(cfg.Last) + 1
	f := &future{maxGap: 1}
	// With reactions the least Scotland Yard move is costly to find (a
	// second or more per table); the table then only asks whether the pawn
	// can land at all, as if Scotland Yard were far behind.
	exact := cfg.Yard && !cfg.Reactions
	if exact {
		f.maxGap = int(cfg.Last) + 1
	}
	solveCfg := cfg
	solveCfg.Yard = exact
	s := NewSolver()
	var minY [futureDeals][]int8 // per deal and room, the least Scotland Yard move (-1: none)
	for k := range futureDeals {
		st := newState(solveCfg, 0x5eed_f00d+uint64(k))
		st.apply(0, ReadyMove(), nil)
		st.apply(1, ReadyMove(), nil)
		finishDay(st)
		st.rnd = 1
		minY[k] = make([]int8, rooms)
		for room := range rooms {
			minY[k][room] = -1
			if room <= maxRoundGain {
				minY[k][room] = int8(s.minYard(st, room))
			}
		}
	}
	f.val = make([][]int8, rooms)
	for room := range rooms {
		f.val[room] = make([]int8, f.maxGap)
		for g := 1; g <= f.maxGap; g++ {
			wins := 0
			for k := range futureDeals {
				y := int(minY[k][room])
				if y >= 0 && (!exact || y < g+room) {
					wins++
				}
			}
			f.val[room][g-1] = int8((2*winValue*wins+futureDeals/2)/futureDeals - winValue)
		}
	}
	return f
}

// value is the value of standing room spaces from the last space, gap
// spaces ahead of Scotland Yard, after the first round.
func (f *future) value(room, gap int) int {
	if room < 0 || gap < 1 {
		return -winValue
	}
	return int(f.val[room][min(gap, f.maxGap)-1])
}

// best bounds the value of the first round's outcomes with a pawn gain from
// gLo to gHi and a Scotland Yard move of at least yLo, from room and gap at
// the round's start: the value grows with the gap, so the least move is the
// best one.
func (f *future) best(room, gap, gLo, gHi, yLo int) int {
	best := -winValue
	for g := max(gLo, 0); g <= gHi; g++ {
		best = max(best, f.value(room-g, gap+g-yLo))
	}
	return best
}

// maxRoundGain is the most one round can move the pawn: the player with
// fewer tricks holds at most 4 of the 8, and there are three 8s.
const maxRoundGain = 4 + 3

// targetBase is the value of a target-mode line whose Scotland Yard moves
// nothing: a line that moves Scotland Yard y spaces is worth targetBase - y.
const targetBase = 50

// minYard returns the least Scotland Yard move (its pawn's steps, hounds
// included) with which the players of st, seeing everything, move the pawn
// exactly room spaces in st's round; -1 if no line does.
func (s *Solver) minYard(st *State, room int) int {
	s.target = int8(room)
	defer func() { s.target = -1 }()
	v := s.Value(st)
	if v <= -winValue {
		return -1
	}
	return targetBase - v
}

// The fair future. The future table above is the all-seeing pair's: it
// finds rooms of 0 to 5 spaces nearly sure, and the first round is then
// indifferent between them. Two partner bots, which see neither the
// partner's hand nor the City's order, land exactly far less often, and
// less often the more room is left (the more tricks both must take) and the
// closer Scotland Yard is. fairClassic is their measured chance, in
// percent, by room (row, 0..7; more is 0) and gap (column, 1..6; more counts
// as 6), for the classic chapter's rules (TestFairFutureTable measures it:
// 60 second-round deals per cell, the partner bots at Normal with the
// all-seeing table, no clock; the rows are made non-decreasing in the gap,
// which the bound needs). A first round is worth the chance of where it
// leaves the pawns.
var fairClassic = [8][6]int8{
	{57, 72, 72, 80, 78, 77},
	{57, 58, 67, 68, 75, 77},
	{58, 60, 65, 72, 77, 77},
	{43, 55, 57, 53, 57, 55},
	{48, 50, 62, 67, 63, 68},
	{33, 35, 47, 50, 53, 53},
	{18, 23, 25, 28, 28, 28},
	{3, 10, 15, 15, 15, 15},
}

// fairStep: the fair table's values are rounded to multiples of fairStep
// (of the -winValue..winValue scale, so 10% steps of the chance): fewer
// distinct values let the null-window searches settle sooner (at no clock,
// seeds 1..60, Normal: p95 210 ms against 420 ms unrounded, 33 wins
// against 30).
const fairStep = 20

// fairFuture is the classic chapter's fair future table, nil for other rule
// sets (their partner bots keep the all-seeing table).
func fairFuture(cfg config) *future {
	key := cfg
	key.StartJH, key.StartYard, key.Campaign, key.Score = 0, 0, 0, false
	classic := chapters[4]
	if key != (config{Chapter: 4, Potions: classic.Potions, Reactions: classic.Reactions, Yard: classic.Yard, Last: classic.Last}) {
		return nil
	}
	fairOnce.Do(func() {
		f := &future{maxGap: len(fairClassic[0]), val: make([][]int8, int(classic.Last)+1)}
		for room := range f.val {
			f.val[room] = make([]int8, f.maxGap)
			best := int8(-winValue)
			for g := range f.maxGap {
				p := int8(0)
				if room < len(fairClassic) {
					p = fairClassic[room][g]
				}
				v := (2*winValue*int(p)+50)/100 - winValue
				v = (v+winValue+fairStep/2)/fairStep*fairStep - winValue
				best = max(best, int8(v))
				f.val[room][g] = best
			}
		}
		fairTable = f
	})
	return fairTable
}

var (
	fairOnce  sync.Once
	fairTable *future
)
