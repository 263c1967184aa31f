package whitehall

import (
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"

	"gaslamp/board"
)

// Board sizes and limits the fixed-size state relies on.
const (
	numCircles   = 189 // numbered circles 1..189
	numCrossings = 174 // crossings 0..173
	trackLen     = 15  // track spaces per round (W4)
	numRounds    = 3   // rounds: one per discovery location after the start
	numFigures   = 3   // investigator figures in play
	maxNear      = 4   // most circles joined to one crossing on this board
	// maxObsRound bounds the answers of one round: per turn each figure names
	// at most maxNear circles.
	maxObsRound = trackLen * numFigures * maxNear
	noCrossing  = 255 // Fig value of a figure not yet placed
)

// quadNames lists the quadrants in W1 order; a quadrant index is a position
// in this list.
var quadNames = [4]string{"bA", "aA", "aB", "bB"}

// coachPair is one coach route from a circle: the first circle (via) and the
// final one (to).
type coachPair struct{ via, to uint8 }

// tables holds board facts precomputed once for the rules' hot paths.
type tables struct {
	b       *board.Board
	white   board.Set // white circles
	blue    board.Set // blue circles
	quad    [numCircles + 1]int8
	quadSet [4]board.Set
	starts  board.Set
	reach2  [numCrossings]board.Set // crossings within 0..2 steps
	reach3  [numCrossings]board.Set // crossings within 0..3 steps
	// coach[c] lists every coach route from c that W6 allows before taking
	// the discovery locations into account: via and to are walking
	// neighbours in a row, distinct, different from c, and neither is blue.
	coach [numCircles + 1][]coachPair
}

var (
	tabOnce sync.Once
	tab     atomic.Pointer[tables]
)

// tbl returns the shared tables, building them on first use.
func tbl() *tables {
	if t := tab.Load(); t != nil {
		return t
	}
	tabOnce.Do(func() { tab.Store(buildTables(board.Whitehall())) })
	return tab.Load()
}

func buildTables(b *board.Board) *tables {
	if b.NumCircles != numCircles || len(b.Crossings) != numCrossings {
		panic(fmt.Sprintf("whitehall: board has %d circles and %d crossings, want %d and %d",
			b.NumCircles, len(b.Crossings), numCircles, numCrossings))
	}
	t := &tables{b: b}
	for c := 1; c <= numCircles; c++ {
		t.quad[c] = -1
		switch b.Circles[c].Color {
		case board.White:
			t.white.Add(c)
		case board.Blue:
			t.blue.Add(c)
		}
	}
	for q, name := range quadNames {
		t.quadSet[q] = b.Quadrants[name]
		for c := t.quadSet[q].Next(0); c >= 0; c = t.quadSet[q].Next(c + 1) {
			t.quad[c] = int8(q)
		}
	}
	for _, x := range b.Starts {
		t.starts.Add(x)
	}
	for x := 0; x < numCrossings; x++ {
		if len(b.Near[x]) > maxNear {
			panic("whitehall: a crossing has more adjacent circles than maxNear")
		}
		t.reach2[x] = b.StepTargets(x, 2)
		t.reach3[x] = b.StepTargets(x, 3)
	}
	for c := 1; c <= numCircles; c++ {
		first := b.WalkSet[c].Minus(t.blue)
		first.Remove(c)
		for v := first.Next(0); v >= 0; v = first.Next(v + 1) {
			second := b.WalkSet[v].Minus(t.blue)
			second.Remove(c)
			second.Remove(v)
			for w := second.Next(0); w >= 0; w = second.Next(w + 1) {
				t.coach[c] = append(t.coach[c], coachPair{uint8(v), uint8(w)})
			}
		}
	}
	return t
}

// label returns the label of crossing x.
func label(x int) string { return tbl().b.Crossings[x].Label }

// crossingOf returns the index of the crossing labelled l, or -1.
func crossingOf(l string) int {
	if x, ok := tbl().b.CrossingByLabel[l]; ok {
		return x
	}
	return -1
}

// trailing returns the index of the lowest set bit of a non-zero word.
func trailing(w uint64) int { return bits.TrailingZeros64(w) }
