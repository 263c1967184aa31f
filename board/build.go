package board

import (
	"fmt"
	"sort"

	"gaslamp/board/internal/boardfile"
)

// Bounds on the route enumeration behind Walks. The boards' crossing-only
// street pieces hold at most six crossings, so these are far from reached;
// they only keep a malformed data file from blowing up construction.
const (
	maxRouteCrossings  = 32      // crossings on one route
	maxRoutesPerCircle = 1 << 14 // routes enumerated from one circle
)

// parse builds a Board from an embedded data file.
func parse(data []byte) (*Board, error) {
	f, err := boardfile.Parse(data)
	if err != nil {
		return nil, err
	}
	return build(f)
}

// build derives a Board from a parsed data file.
func build(f *boardfile.File) (*Board, error) {
	b := &Board{Name: f.Name, Source: f.Source, Aspect: f.Aspect}
	nc := len(f.Circles)
	if nc == 0 || nc >= SetSize {
		return nil, fmt.Errorf("board %s: %d circles (want 1..%d)", f.Name, nc, SetSize-1)
	}
	if len(f.Crossings) == 0 || len(f.Crossings) > SetSize {
		return nil, fmt.Errorf("board %s: %d crossings (want 1..%d)", f.Name, len(f.Crossings), SetSize)
	}
	b.NumCircles = nc
	b.Circles = make([]Circle, nc+1)
	for i, c := range f.Circles {
		if c.ID != i+1 {
			return nil, fmt.Errorf("board %s: circle ids not 1..%d (found %d at %d)", f.Name, nc, c.ID, i)
		}
		var col Color
		switch c.Color {
		case "", "white":
			col = White
		case "black":
			col = Black
		case "blue":
			col = Blue
		default:
			return nil, fmt.Errorf("board %s: circle %d: unknown colour %q", f.Name, c.ID, c.Color)
		}
		b.Circles[c.ID] = Circle{ID: c.ID, X: c.X, Y: c.Y, Color: col, Red: c.Red, Quadrant: c.Quadrant}
	}
	b.Crossings = make([]Crossing, len(f.Crossings))
	b.CrossingByLabel = make(map[string]int, len(f.Crossings))
	for i, x := range f.Crossings {
		if _, isNum := boardfile.IsCircle(x.Label); isNum || x.Label == "" {
			return nil, fmt.Errorf("board %s: bad crossing label %q", f.Name, x.Label)
		}
		if _, dup := b.CrossingByLabel[x.Label]; dup {
			return nil, fmt.Errorf("board %s: duplicate crossing %q", f.Name, x.Label)
		}
		b.CrossingByLabel[x.Label] = i
		b.Crossings[i] = Crossing{Index: i, Label: x.Label, X: x.X, Y: x.Y, Start: x.Start}
		if x.Start {
			b.Starts = append(b.Starts, i)
		}
	}

	// node resolves a node name: circle number (isCircle) or crossing index.
	node := func(name string) (int, bool, error) {
		if n, ok := boardfile.IsCircle(name); ok {
			if n < 1 || n > nc {
				return 0, false, fmt.Errorf("board %s: unknown circle %q", f.Name, name)
			}
			return n, true, nil
		}
		x, ok := b.CrossingByLabel[name]
		if !ok {
			return 0, false, fmt.Errorf("board %s: unknown crossing %q", f.Name, name)
		}
		return x, false, nil
	}

	// Direct adjacency, by node kind.
	nx := len(b.Crossings)
	circCircle := make([]Set, nc+1) // circle -> circles by one segment
	b.CircleCrossings = make([]Set, nc+1)
	crossCross := make([]Set, nx) // crossing -> crossings by one segment
	b.NearSet = make([]Set, nx)
	b.Edges = make([][2]string, len(f.Edges))
	seen := make(map[[2]string]bool, len(f.Edges))
	for i, e := range f.Edges {
		b.Edges[i] = e
		key := e
		if key[1] < key[0] {
			key[0], key[1] = key[1], key[0]
		}
		if seen[key] || e[0] == e[1] {
			return nil, fmt.Errorf("board %s: duplicate or looping edge %v", f.Name, e)
		}
		seen[key] = true
		u, uc, err := node(e[0])
		if err != nil {
			return nil, err
		}
		v, vc, err := node(e[1])
		if err != nil {
			return nil, err
		}
		switch {
		case uc && vc:
			circCircle[u].Add(v)
			circCircle[v].Add(u)
		case uc && !vc:
			b.CircleCrossings[u].Add(v)
			b.NearSet[v].Add(u)
		case !uc && vc:
			b.CircleCrossings[v].Add(u)
			b.NearSet[u].Add(v)
		default:
			crossCross[u].Add(v)
			crossCross[v].Add(u)
		}
	}
	b.Near = make([][]int, nx)
	for x := range b.Near {
		b.Near[x] = b.NearSet[x].AppendTo(nil)
	}

	if err := b.deriveWalks(circCircle, crossCross); err != nil {
		return nil, err
	}
	b.deriveSteps(circCircle, crossCross)

	// Blocks.
	b.Blocks = make([]Block, len(f.Blocks))
	for i, blk := range f.Blocks {
		if blk.Kind != "land" && blk.Kind != "water" {
			return nil, fmt.Errorf("board %s: block %d: unknown kind %q", f.Name, i, blk.Kind)
		}
		for _, n := range blk.Boundary {
			if _, _, err := node(n); err != nil {
				return nil, fmt.Errorf("block %d: %w", i, err)
			}
		}
		circles := append([]int(nil), blk.Circles...)
		sort.Ints(circles)
		for _, c := range circles {
			if c < 1 || c > nc {
				return nil, fmt.Errorf("board %s: block %d: unknown circle %d", f.Name, i, c)
			}
		}
		b.Blocks[i] = Block{Kind: blk.Kind, Circles: circles, Boundary: append([]string(nil), blk.Boundary...)}
	}

	// Alley.
	b.AlleySet = make([]Set, nc+1)
	if len(f.AlleyPairs) > 0 {
		for _, p := range f.AlleyPairs {
			if p[0] < 1 || p[0] > nc || p[1] < 1 || p[1] > nc || p[0] == p[1] {
				return nil, fmt.Errorf("board %s: bad alley pair %v", f.Name, p)
			}
			b.AlleySet[p[0]].Add(p[1])
			b.AlleySet[p[1]].Add(p[0])
		}
	} else {
		b.AlleySet = landBlockAlleys(b)
	}

	// Boat.
	b.BoatSet = make([]Set, nc+1)
	for i, g := range f.WaterGroups {
		grp := append([]int(nil), g...)
		sort.Ints(grp)
		var s Set
		for _, c := range grp {
			if c < 1 || c > nc || b.Circles[c].Color != Blue || s.Has(c) {
				return nil, fmt.Errorf("board %s: water group %d: bad circle %d", f.Name, i, c)
			}
			s.Add(c)
		}
		for _, c := range grp {
			if !b.BoatSet[c].Empty() {
				return nil, fmt.Errorf("board %s: circle %d in two water groups", f.Name, c)
			}
			b.BoatSet[c] = s.Minus(SetOf(c))
		}
		b.WaterGroups = append(b.WaterGroups, grp)
	}

	// Quadrants.
	for _, c := range b.Circles[1:] {
		if c.Quadrant == "" {
			continue
		}
		if b.Quadrants == nil {
			b.Quadrants = make(map[string]Set, 4)
		}
		s := b.Quadrants[c.Quadrant]
		if c.Color == White {
			s.Add(c.ID)
		}
		b.Quadrants[c.Quadrant] = s
	}
	return b, nil
}

// landBlockAlleys derives the Alley sets from the land blocks: the non-blue
// circles of each land block that holds no blue circle are pairwise joined.
func landBlockAlleys(b *Board) []Set {
	alley := make([]Set, b.NumCircles+1)
	for _, blk := range b.Blocks {
		if blk.Kind != "land" {
			continue
		}
		var s Set
		blue := false
		for _, c := range blk.Circles {
			if b.Circles[c].Color == Blue {
				blue = true
				break
			}
			s.Add(c)
		}
		if blue {
			continue
		}
		for _, c := range blk.Circles {
			alley[c] = alley[c].Union(s)
		}
	}
	for c := range alley {
		alley[c].Remove(c)
	}
	return alley
}

// deriveWalks fills Walks, WalkSet and walkCross: for each circle, every
// simple route through crossings only to another circle, reduced to the
// minimal sets of crossings passed per target circle.
func (b *Board) deriveWalks(circCircle, crossCross []Set) error {
	nc := b.NumCircles
	b.Walks = make([][]Walk, nc+1)
	b.WalkSet = make([]Set, nc+1)
	b.walkCross = make([]Set, nc+1)
	paths := make([][]Set, nc+1) // scratch: target circle -> route sets
	for c := 1; c <= nc; c++ {
		for i := range paths {
			paths[i] = paths[i][:0]
		}
		routes := 0
		var err error
		var dfs func(x int, on Set, depth int)
		dfs = func(x int, on Set, depth int) {
			if err != nil {
				return
			}
			near := b.NearSet[x]
			for d := near.Next(0); d >= 0; d = near.Next(d + 1) {
				if d == c {
					continue
				}
				routes++
				paths[d] = append(paths[d], on)
			}
			if routes > maxRoutesPerCircle {
				err = fmt.Errorf("board %s: more than %d walking routes from circle %d", b.Name, maxRoutesPerCircle, c)
				return
			}
			if depth >= maxRouteCrossings {
				err = fmt.Errorf("board %s: walking route from circle %d passes more than %d crossings", b.Name, c, maxRouteCrossings)
				return
			}
			next := crossCross[x].Minus(on)
			for y := next.Next(0); y >= 0; y = next.Next(y + 1) {
				on2 := on
				on2.Add(y)
				dfs(y, on2, depth+1)
			}
		}
		start := b.CircleCrossings[c]
		for x := start.Next(0); x >= 0; x = start.Next(x + 1) {
			dfs(x, SetOf(x), 1)
		}
		if err != nil {
			return err
		}
		direct := circCircle[c]
		for d := direct.Next(0); d >= 0; d = direct.Next(d + 1) {
			paths[d] = append(paths[d], Set{})
		}
		for d := 1; d <= nc; d++ {
			if len(paths[d]) == 0 {
				continue
			}
			min := minimalSets(paths[d])
			b.Walks[c] = append(b.Walks[c], Walk{To: d, Paths: min})
			b.WalkSet[c].Add(d)
			for _, p := range min {
				b.walkCross[c] = b.walkCross[c].Union(p)
			}
		}
	}
	return nil
}

// minimalSets returns a fresh, ordered slice of the sets in sets that have
// no proper subset (and no duplicate) among them.
func minimalSets(sets []Set) []Set {
	sorted := append([]Set(nil), sets...)
	sort.Slice(sorted, func(i, j int) bool { return setLess(sorted[i], sorted[j]) })
	out := sorted[:0]
	for _, s := range sorted {
		keep := true
		for _, k := range out {
			if k.SubsetOf(s) {
				keep = false
				break
			}
		}
		if keep {
			out = append(out, s)
		}
	}
	return out[:len(out):len(out)]
}

// setLess orders sets by size, then by the smallest member in which they
// differ (the set holding it first).
func setLess(a, b Set) bool {
	if na, nb := a.Count(), b.Count(); na != nb {
		return na < nb
	}
	for w := range a {
		if x := a[w] ^ b[w]; x != 0 {
			return a[w]&(x&-x) != 0
		}
	}
	return false
}

// deriveSteps fills Steps and StepSet: from each crossing, the crossings
// reached through circles only (any number, including none).
func (b *Board) deriveSteps(circCircle, crossCross []Set) {
	nx := len(b.Crossings)
	b.Steps = make([][]int, nx)
	b.StepSet = make([]Set, nx)
	for x := 0; x < nx; x++ {
		reach := crossCross[x]
		seenC := b.NearSet[x]
		frontier := seenC
		for !frontier.Empty() {
			var next Set
			for c := frontier.Next(0); c >= 0; c = frontier.Next(c + 1) {
				reach = reach.Union(b.CircleCrossings[c])
				next = next.Union(circCircle[c])
			}
			frontier = next.Minus(seenC)
			seenC = seenC.Union(frontier)
		}
		reach.Remove(x)
		b.StepSet[x] = reach
		b.Steps[x] = reach.AppendTo(make([]int, 0, reach.Count()))
	}
}
