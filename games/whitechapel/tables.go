package whitechapel

import (
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"

	"gaslamp/board"
	"gaslamp/game"
)

// Board sizes and limits the fixed-size state relies on.
const (
	numCircles   = 195 // numbered circles 1..195
	numCrossings = 234 // crossings 0..233
	numNights    = 4
	numPolice    = 5 // policemen: blue, yellow, brown, red, green
	numPatrols   = 7 // patrol tokens: one per colour and 2 fakes (L2)
	numFakes     = 2
	maxWomen     = 8 // woman tokens of night 1
	maxWretched  = 5 // marked women of night 1
	numScenes    = 5 // victims of the game (1+1+2+1)
	// trackSpaces is the length of the move track (L4): V, IV, III, II, I,
	// then 1..15. Space index 0 is V, 4 is I, 19 is 15.
	trackSpaces = 20
	// maxCells bounds the trail cells written after the crime scene: killing
	// on V leaves 19 spaces.
	maxCells = trackSpaces - 1
	maxNear  = 4 // most circles joined to one crossing on this board
	// maxObsNight bounds the answers of one night: per turn each policeman
	// names at most maxNear circles.
	maxObsNight = maxCells * numPolice * maxNear
	noCrossing  = 255 // a policeman off the board
	tokenFake   = 5   // PatrolID of a fake patrol token
)

// Per-night numbers (L2): woman tokens, marked ones, victims, coaches and
// alleys.
var (
	nightWomen   = [numNights]uint8{8, 7, 6, 4}
	nightMarked  = [numNights]uint8{5, 4, 3, 1}
	nightVictims = [numNights]uint8{1, 1, 2, 1}
	nightCoaches = [numNights]uint8{3, 2, 2, 1}
	nightAlleys  = [numNights]uint8{2, 2, 1, 1}
	// sceneBase is the index in core.Scenes of each night's first crime
	// scene.
	sceneBase = [numNights + 1]uint8{0, 1, 2, 4, 5}
)

// tables holds board facts precomputed once for the rules' hot paths.
type tables struct {
	b      *board.Board
	red    board.Set // the red circles (women tokens)
	circle board.Set // every circle 1..195
	starts board.Set // yellow-bordered crossings
	reach2 [numCrossings]board.Set
	// walk[c] is WalkSet[c] without c.
	walk [numCircles + 1]board.Set
	// coach[c] lists the coach moves from c, one per route: two walks in a
	// row, the two circles distinct and different from c (C8). Coaches
	// ignore policemen.
	coach [numCircles + 1][]game.Move
	// near[x] is the board's NearSet[x]: the circles joined to crossing x.
	near [numCrossings]board.Set
	// alley[c] is the board's AlleySet[c].
	alley [numCircles + 1]board.Set
}

var (
	tabOnce sync.Once
	tab     atomic.Pointer[tables]
)

// tbl returns the shared tables, building them on first use. It is small
// enough to be inlined: the hot paths pay one load.
func tbl() *tables {
	if t := tab.Load(); t != nil {
		return t
	}
	return firstTbl()
}

// firstTbl builds the shared tables once and returns them.
func firstTbl() *tables {
	tabOnce.Do(func() { tab.Store(buildTables(board.Whitechapel())) })
	return tab.Load()
}

func buildTables(b *board.Board) *tables {
	if b.NumCircles != numCircles || len(b.Crossings) != numCrossings {
		panic(fmt.Sprintf("whitechapel: board has %d circles and %d crossings, want %d and %d",
			b.NumCircles, len(b.Crossings), numCircles, numCrossings))
	}
	t := &tables{b: b}
	for c := 1; c <= numCircles; c++ {
		t.circle.Add(c)
		if b.Circles[c].Red {
			t.red.Add(c)
		}
		t.walk[c] = b.WalkSet[c]
		t.walk[c].Remove(c)
		t.alley[c] = b.AlleySet[c]
	}
	if t.red.Count() != maxWomen {
		panic("whitechapel: the board must have 8 red circles")
	}
	for _, x := range b.Starts {
		t.starts.Add(x)
	}
	if t.starts.Count() != numPatrols {
		panic("whitechapel: the board must have 7 yellow-bordered crossings")
	}
	for x := 0; x < numCrossings; x++ {
		if len(b.Near[x]) > maxNear {
			panic("whitechapel: a crossing has more adjacent circles than maxNear")
		}
		t.reach2[x] = b.StepTargets(x, 2)
		t.near[x] = b.NearSet[x]
	}
	for c := 1; c <= numCircles; c++ {
		first := t.walk[c]
		for v := first.Next(0); v >= 0; v = first.Next(v + 1) {
			second := t.walk[v]
			second.Remove(c)
			for w := second.Next(0); w >= 0; w = second.Next(w + 1) {
				t.coach[c] = append(t.coach[c], Coach(v, w))
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

// circleSet returns the set holding just c.
func circleSet(c int) board.Set {
	var s board.Set
	s.Add(c)
	return s
}
