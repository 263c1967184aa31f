package board

// Far is the distance Distances gives between two nodes that are not joined.
const Far = 99

// Distances returns the breadth-first distances between all nodes first..n-1
// of the graph whose neighbours are given by next: d[a][b] is the fewest edges
// from a to b, or Far. Rows below first are all Far. Distances of 98 edges or
// more are not told apart from Far (no board comes near).
func Distances(n int, next func(int) Set, first int) [][]uint8 {
	d := make([][]uint8, n)
	queue := make([]int, 0, n)
	for a := 0; a < n; a++ {
		row := make([]uint8, n)
		for i := range row {
			row[i] = Far
		}
		d[a] = row
		if a < first {
			continue
		}
		row[a] = 0
		queue = append(queue[:0], a)
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			nb := next(x)
			for y := nb.Next(0); y >= 0; y = nb.Next(y + 1) {
				if y < n && row[y] == Far {
					row[y] = row[x] + 1
					queue = append(queue, y)
				}
			}
		}
	}
	return d
}

// WalkDistances returns Distances over Jack's walking neighbours (ignoring
// figures), indexed by circle number. The result is new on each call.
func (b *Board) WalkDistances() [][]uint8 {
	return Distances(b.NumCircles+1, func(c int) Set { return b.WalkSet[c] }, 1)
}

// StepDistances returns Distances over the figures' steps between crossings,
// indexed by crossing. The result is new on each call.
func (b *Board) StepDistances() [][]uint8 {
	return Distances(len(b.Crossings), func(x int) Set { return b.StepSet[x] }, 0)
}
