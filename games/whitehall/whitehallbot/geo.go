package whitehallbot

import (
	"sync"

	"gaslamp/board"
)

// far is the distance of two points that are not joined.
const far = board.Far

// geo holds the board distances the bots reason with, built once.
type geo struct {
	b *board.Board
	n int // circles are 1..n
	// walk[a][c] is the number of walks from circle a to circle c, ignoring
	// figures.
	walk [][]uint8
	// step[x][y] is the number of figure steps from crossing x to crossing y.
	step [][]uint8
	// reach[x][c] is the number of figure steps from crossing x to a crossing
	// joined directly to circle c (0 when the figure may already name c).
	reach [][]uint8
	white board.Set
	blue  board.Set
	// quad[c] is the quadrant index (0..3, W1 order: bA, aA, aB, bB) of white
	// circle c, or -1.
	quad []int
	// quadSet lists the white circles of each quadrant.
	quadSet [4]board.Set
	// starts are the starting crossings.
	starts []int
}

var (
	geoOnce sync.Once
	theGeo  *geo
)

// quadNames are the quadrants in W1 order.
var quadNames = [4]string{"bA", "aA", "aB", "bB"}

// tables returns the shared distance tables of the Whitehall board.
func tables() *geo {
	geoOnce.Do(func() { theGeo = buildGeo(board.Whitehall()) })
	return theGeo
}

func buildGeo(b *board.Board) *geo {
	g := &geo{b: b, n: b.NumCircles, starts: b.Starts}
	g.walk = b.WalkDistances()
	nx := len(b.Crossings)
	g.step = b.StepDistances()
	g.reach = make([][]uint8, nx)
	for x := 0; x < nx; x++ {
		g.reach[x] = make([]uint8, g.n+1)
		for c := 1; c <= g.n; c++ {
			d := uint8(far)
			cc := b.CircleCrossings[c]
			for y := cc.Next(0); y >= 0; y = cc.Next(y + 1) {
				d = min(d, g.step[x][y])
			}
			g.reach[x][c] = d
		}
	}
	g.quad = make([]int, g.n+1)
	for c := range g.quad {
		g.quad[c] = -1
	}
	for c := 1; c <= g.n; c++ {
		switch b.Circles[c].Color {
		case board.White:
			g.white.Add(c)
		case board.Blue:
			g.blue.Add(c)
		}
	}
	for q, name := range quadNames {
		g.quadSet[q] = b.Quadrants[name]
		s := g.quadSet[q]
		for c := s.Next(0); c >= 0; c = s.Next(c + 1) {
			g.quad[c] = q
		}
	}
	return g
}

// minReach is the fewest figure steps any of the figures on crossings xs needs
// to stand next to circle c.
func (g *geo) minReach(xs []int, c int) int {
	d := far
	for _, x := range xs {
		if x >= 0 {
			d = min(d, int(g.reach[x][c]))
		}
	}
	return d
}
