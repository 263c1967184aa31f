package board

import "testing"

func TestDistances(t *testing.T) {
	// A path 0-1-2 and a lone node 3.
	adj := []Set{SetOf(1), SetOf(0, 2), SetOf(1), {}}
	d := Distances(4, func(i int) Set { return adj[i] }, 0)
	if d[0][2] != 2 || d[2][0] != 2 || d[1][1] != 0 || d[0][3] != Far || d[3][3] != 0 {
		t.Fatalf("distances %v", d)
	}
	if d := Distances(4, func(i int) Set { return adj[i] }, 1); d[0][1] != Far {
		t.Fatal("a row below first must be all Far")
	}
	b := Whitehall()
	w := b.WalkDistances()
	for c := 1; c <= b.NumCircles; c++ {
		for _, x := range b.Walks[c] {
			if w[c][x.To] != 1 {
				t.Fatalf("walk %d-%d at distance %d", c, x.To, w[c][x.To])
			}
		}
	}
	if w[11][14] != 1 {
		t.Fatal("the long walk 11-14 is one step")
	}
	s := b.StepDistances()
	for x, ys := range b.Steps {
		for _, y := range ys {
			if s[x][y] != 1 {
				t.Fatalf("step %d-%d at distance %d", x, y, s[x][y])
			}
		}
	}
}
