package board

import (
	"embed"
	"fmt"
	"sync"
)

//go:generate go run ./internal/convert -shared ../../shared/boards -out data

//go:embed data/whitehall.json data/whitechapel.json
var dataFS embed.FS

// Color is the colour of a numbered circle.
type Color uint8

// Circle colours. Whitehall has white, black and blue circles. Every
// Whitechapel circle is White; its red circles are marked by Circle.Red.
const (
	White Color = iota
	Black
	Blue
)

// String returns "white", "black" or "blue".
func (c Color) String() string {
	switch c {
	case White:
		return "white"
	case Black:
		return "black"
	case Blue:
		return "blue"
	}
	return fmt.Sprintf("Color(%d)", uint8(c))
}

// Circle is a numbered circle (a place Jack moves through).
type Circle struct {
	// ID is the number printed on the board; it is also the circle's index
	// in Board.Circles and in Sets of circles.
	ID int
	// X and Y place the circle on the board, both normalised to 0..1000
	// (multiply Y by Board.Aspect for an undistorted drawing).
	X, Y float64
	// Color is White, Black or Blue on Whitehall; always White on Whitechapel.
	Color Color
	// Red marks Whitechapel's red circles.
	Red bool
	// Quadrant is Whitehall's quadrant: "bA" (top left), "bB" (top right),
	// "aA" (bottom left) or "aB" (bottom right); "" on Whitechapel.
	Quadrant string
}

// Crossing is a street crossing (where detectives stand).
type Crossing struct {
	// Index is the crossing's position in Board.Crossings and its index in
	// Sets of crossings.
	Index int
	// Label is the crossing's name: "BB" style on Whitehall, "J1".."J234" on
	// Whitechapel.
	Label string
	// X and Y place the crossing on the board, both normalised to 0..1000.
	X, Y float64
	// Start marks a starting (yellow-bordered) crossing.
	Start bool
}

// Block is a bounded face of the planar street drawing.
type Block struct {
	// Kind is "land" or "water" (Whitehall faces holding blue circles).
	Kind string
	// Circles lists the circles on the face's boundary, ascending.
	// Callers must not modify it.
	Circles []int
	// Boundary lists the node names around the face (a number names a
	// circle, anything else a crossing label). Callers must not modify it.
	Boundary []string
}

// Walk is one walking neighbour of a circle for Jack.
type Walk struct {
	// To is the circle reached.
	To int
	// Paths lists the minimal sets of crossings passed on the way, one Set
	// per distinct route: a route is circle -> crossing -> ... -> crossing ->
	// circle through crossings only, or a direct circle-circle street with
	// an empty Set. Sets that are supersets of another route's set are
	// dropped. Paths are ordered by size, then by smallest differing member.
	// Callers must not modify it.
	Paths []Set
}

// Blocked reports whether walk w is blocked by figures on the occupied
// crossings: every path passes an occupied crossing.
func (w Walk) Blocked(occupied Set) bool {
	for _, p := range w.Paths {
		if !p.Intersects(occupied) {
			return false
		}
	}
	return true
}

// Board is one game board with its derived movement tables.
//
// A Board is shared and immutable after construction: callers must never
// modify it or any slice, map or Set reachable from it. All slices returned
// by or stored in a Board are read-only views.
type Board struct {
	// Name is "whitehall" or "whitechapel".
	Name string
	// Source is the provenance note of the data the board was converted from.
	Source string
	// Aspect is the height/width ratio of the printed board (1 for
	// Whitehall); coordinates are 0..1000 on both axes regardless.
	Aspect float64
	// Circles is indexed by circle number; index 0 is unused (zero value).
	Circles []Circle
	// NumCircles is the number of circles (189 or 195); len(Circles) is
	// NumCircles+1.
	NumCircles int
	// Crossings is indexed by crossing index.
	Crossings []Crossing
	// Edges lists the street segments as in the data, e.g. {"1", "BB"} (a
	// number names a circle, anything else a crossing label); kept for
	// drawing streets.
	Edges [][2]string
	// Walks[c] lists circle c's walking neighbours in ascending To order.
	Walks [][]Walk
	// WalkSet[c] is the union of Walks[c][*].To, ignoring blocking.
	WalkSet []Set
	// Steps[x] lists, ascending, the crossings one detective step from
	// crossing x: joined through numbered circles only (any number,
	// including none), with no other crossing on the way. Never contains x.
	Steps [][]int
	// StepSet[x] is Steps[x] as a Set.
	StepSet []Set
	// Near[x] lists, ascending, the circles joined directly to crossing x by
	// one street segment (the circles a detective on x may search or arrest).
	Near [][]int
	// NearSet[x] is Near[x] as a Set.
	NearSet []Set
	// CircleCrossings[c] is the set of crossings joined directly to circle c
	// by one street segment.
	CircleCrossings []Set
	// Blocks lists all bounded faces of the drawing.
	Blocks []Block
	// AlleySet[c] is the set of circles reachable with an Alley move from c:
	// the other non-blue circles of the land blocks holding c, skipping
	// blocks that hold a blue circle (Whitechapel: the data's alley_pairs,
	// which equal that rule). Never contains c.
	AlleySet []Set
	// WaterGroups lists Whitehall's groups of blue circles (Boat); nil on
	// Whitechapel.
	WaterGroups [][]int
	// BoatSet[c] is the set of the other blue circles of c's water group
	// (empty for circles that are not blue).
	BoatSet []Set
	// Starts lists the starting (yellow-bordered) crossing indices, ascending.
	Starts []int
	// Quadrants maps Whitehall's quadrant names ("bA", "bB", "aA", "aB") to
	// the set of WHITE circles in each; nil on Whitechapel.
	Quadrants map[string]Set
	// CrossingByLabel maps a crossing label to its index.
	CrossingByLabel map[string]int

	// walkCross[c] is the union of all crossings on any path of Walks[c];
	// when no occupied crossing is in it, nothing is blocked.
	walkCross []Set
}

// WalkTargets returns the set of circles Jack may walk to from circle c
// when figures stand on the occupied crossings.
func (b *Board) WalkTargets(c int, occupied Set) Set {
	if !b.walkCross[c].Intersects(occupied) {
		return b.WalkSet[c]
	}
	var s Set
	for _, w := range b.Walks[c] {
		if !w.Blocked(occupied) {
			s.Add(w.To)
		}
	}
	return s
}

// StepTargets returns the crossings a figure on crossing x reaches in 0..n
// detective steps (x itself included for 0 steps), ignoring other figures
// (they may be passed). n <= 0 yields just x.
func (b *Board) StepTargets(x int, n int) Set {
	reach := SetOf(x)
	frontier := reach
	for ; n > 0; n-- {
		var next Set
		for i := frontier.Next(0); i >= 0; i = frontier.Next(i + 1) {
			next = next.Union(b.StepSet[i])
		}
		next = next.Minus(reach)
		if next.Empty() {
			break
		}
		reach = reach.Union(next)
		frontier = next
	}
	return reach
}

// Counts summarises a board's size; pair counts are of unordered pairs.
type Counts struct {
	Circles, White, Black, Blue, Red     int
	Crossings, Starts, Edges             int
	WalkPairs, StepPairs, AlleyPairs     int
	LandBlocks, WaterBlocks, WaterGroups int
}

// Counts returns the board's counts. White counts circles whose Color is
// White, so on Whitechapel it includes the red circles.
func (b *Board) Counts() Counts {
	n := Counts{
		Circles:     b.NumCircles,
		Crossings:   len(b.Crossings),
		Starts:      len(b.Starts),
		Edges:       len(b.Edges),
		WaterGroups: len(b.WaterGroups),
	}
	for _, c := range b.Circles[1:] {
		switch c.Color {
		case White:
			n.White++
		case Black:
			n.Black++
		case Blue:
			n.Blue++
		}
		if c.Red {
			n.Red++
		}
		n.WalkPairs += len(b.Walks[c.ID])
		n.AlleyPairs += b.AlleySet[c.ID].Count()
	}
	n.WalkPairs /= 2
	n.AlleyPairs /= 2
	for _, s := range b.Steps {
		n.StepPairs += len(s)
	}
	n.StepPairs /= 2
	for _, blk := range b.Blocks {
		if blk.Kind == "water" {
			n.WaterBlocks++
		} else {
			n.LandBlocks++
		}
	}
	return n
}

// loaded holds a lazily built board.
type loaded struct {
	once  sync.Once
	board *Board
	err   error
}

var boards = map[string]*loaded{
	"whitehall":   {},
	"whitechapel": {},
}

// Names lists the board names ByName accepts.
func Names() []string { return []string{"whitehall", "whitechapel"} }

// ByName returns the shared board called name ("whitehall" or
// "whitechapel"), building it on first use. The board must not be modified.
func ByName(name string) (*Board, error) {
	l, ok := boards[name]
	if !ok {
		return nil, fmt.Errorf("board: unknown board %q", name)
	}
	l.once.Do(func() {
		data, err := dataFS.ReadFile("data/" + name + ".json")
		if err != nil {
			l.err = err
			return
		}
		l.board, l.err = parse(data)
	})
	return l.board, l.err
}

// mustLoad returns the named embedded board or panics: the embedded data is
// fixed at build time and checked by the package tests.
func mustLoad(name string) *Board {
	b, err := ByName(name)
	if err != nil {
		panic(err)
	}
	return b
}

// Whitehall returns the shared Whitehall Mystery board (189 circles, 174
// crossings). It is built once on first use; callers must not modify it.
func Whitehall() *Board { return mustLoad("whitehall") }

// Whitechapel returns the shared Letters from Whitechapel board (195
// circles, 234 crossings). It is built once on first use; callers must not
// modify it.
func Whitechapel() *Board { return mustLoad("whitechapel") }
