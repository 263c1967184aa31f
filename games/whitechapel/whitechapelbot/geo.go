package whitechapelbot

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
	// policemen.
	walk [][]uint8
	// step[x][y] is the number of police steps from crossing x to crossing y.
	step [][]uint8
	// reach[x][c] is the number of police steps from crossing x to a
	// crossing joined directly to circle c (0 when a policeman on x may
	// already name c).
	reach [][]uint8
	red   board.Set
	// hideouts are the circles that may be a hideout (not red).
	hideouts board.Set
	starts   board.Set
}

var (
	geoOnce sync.Once
	theGeo  *geo
)

// tables returns the shared distance tables of the Whitechapel board.
func tables() *geo {
	geoOnce.Do(func() { theGeo = buildGeo(board.Whitechapel()) })
	return theGeo
}

func buildGeo(b *board.Board) *geo {
	g := &geo{b: b, n: b.NumCircles}
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
	for c := 1; c <= g.n; c++ {
		if b.Circles[c].Red {
			g.red.Add(c)
		} else {
			g.hideouts.Add(c)
		}
	}
	for _, x := range b.Starts {
		g.starts.Add(x)
	}
	return g
}

// crossing returns the index of the crossing labelled l, or -1.
func (g *geo) crossing(l string) int {
	if x, ok := g.b.CrossingByLabel[l]; ok {
		return x
	}
	return -1
}

// minReach is the fewest police steps any policeman on the crossings xs
// needs to stand next to circle c.
func (g *geo) minReach(xs []int, c int) int {
	d := far
	for _, x := range xs {
		if x >= 0 {
			d = min(d, int(g.reach[x][c]))
		}
	}
	return d
}

// walkDistAvoiding returns the number of walks from every circle to circle
// to along streets that pass none of the blocked crossings (far when there
// is no such way).
func (g *geo) walkDistAvoiding(to int, blocked board.Set) []uint8 {
	d := make([]uint8, g.n+1)
	for i := range d {
		d[i] = far
	}
	d[to] = 0
	queue := []int{to}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		nb := g.b.WalkTargets(c, blocked)
		for x := nb.Next(0); x >= 0; x = nb.Next(x + 1) {
			if d[x] == far {
				d[x] = d[c] + 1
				queue = append(queue, x)
			}
		}
	}
	return d
}
