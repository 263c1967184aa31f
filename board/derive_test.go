package board

import (
	"math/rand/v2"
	"testing"

	"gaslamp/board/internal/boardfile"
)

// boardsUnderTest returns both boards.
func boardsUnderTest() []*Board { return []*Board{Whitehall(), Whitechapel()} }

// crossingSet returns the set of crossings with the given labels.
func crossingSet(t testing.TB, b *Board, labels ...string) Set {
	t.Helper()
	var s Set
	for _, l := range labels {
		x, ok := b.CrossingByLabel[l]
		if !ok {
			t.Fatalf("%s: no crossing %q", b.Name, l)
		}
		s.Add(x)
	}
	return s
}

// walk returns the walk from c to d, or fails.
func walk(t *testing.T, b *Board, c, d int) Walk {
	t.Helper()
	for _, w := range b.Walks[c] {
		if w.To == d {
			return w
		}
	}
	t.Fatalf("%s: no walk %d-%d", b.Name, c, d)
	return Walk{}
}

func TestSymmetry(t *testing.T) {
	for _, b := range boardsUnderTest() {
		for c := 1; c <= b.NumCircles; c++ {
			if b.WalkSet[c].Has(c) || b.AlleySet[c].Has(c) || b.BoatSet[c].Has(c) {
				t.Errorf("%s: circle %d neighbours itself", b.Name, c)
			}
			for _, w := range b.Walks[c] {
				back := walk(t, b, w.To, c)
				if len(back.Paths) != len(w.Paths) {
					t.Errorf("%s: walk %d-%d has %d paths, back %d", b.Name, c, w.To, len(w.Paths), len(back.Paths))
					continue
				}
				for i := range w.Paths {
					if w.Paths[i] != back.Paths[i] {
						t.Errorf("%s: walk %d-%d path %d = %v, back %v", b.Name, c, w.To, i, w.Paths[i], back.Paths[i])
					}
				}
			}
			for name, rel := range map[string][]Set{"walk": b.WalkSet, "alley": b.AlleySet, "boat": b.BoatSet} {
				for d := rel[c].Next(0); d >= 0; d = rel[c].Next(d + 1) {
					if d < 1 || d > b.NumCircles || !rel[d].Has(c) {
						t.Errorf("%s: %s %d-%d not symmetric", b.Name, name, c, d)
					}
				}
			}
			for x := b.CircleCrossings[c].Next(0); x >= 0; x = b.CircleCrossings[c].Next(x + 1) {
				if !b.NearSet[x].Has(c) {
					t.Errorf("%s: circle %d touches crossing %d but not Near", b.Name, c, x)
				}
			}
		}
		for x := range b.Crossings {
			if b.StepSet[x].Has(x) {
				t.Errorf("%s: crossing %d steps to itself", b.Name, x)
			}
			if got := b.StepSet[x].AppendTo(nil); len(got) != len(b.Steps[x]) {
				t.Errorf("%s: Steps[%d] and StepSet differ", b.Name, x)
			}
			for _, y := range b.Steps[x] {
				if !b.StepSet[y].Has(x) {
					t.Errorf("%s: step %d-%d not symmetric", b.Name, x, y)
				}
			}
			for _, c := range b.Near[x] {
				if !b.CircleCrossings[c].Has(x) {
					t.Errorf("%s: Near[%d] has %d but CircleCrossings does not", b.Name, x, c)
				}
			}
		}
	}
}

func TestWalkPathsMinimal(t *testing.T) {
	for _, b := range boardsUnderTest() {
		for c := 1; c <= b.NumCircles; c++ {
			var want Set
			for i, w := range b.Walks[c] {
				want.Add(w.To)
				if i > 0 && b.Walks[c][i-1].To >= w.To {
					t.Errorf("%s: Walks[%d] not ascending", b.Name, c)
				}
				if len(w.Paths) == 0 {
					t.Errorf("%s: walk %d-%d has no path", b.Name, c, w.To)
				}
				for i, p := range w.Paths {
					if p.Next(len(b.Crossings)) >= 0 {
						t.Errorf("%s: walk %d-%d path %v beyond crossings", b.Name, c, w.To, p)
					}
					for j, q := range w.Paths {
						if i != j && q.SubsetOf(p) {
							t.Errorf("%s: walk %d-%d path %v contains %v", b.Name, c, w.To, p, q)
						}
					}
				}
			}
			if want != b.WalkSet[c] {
				t.Errorf("%s: WalkSet[%d] = %v, want %v", b.Name, c, b.WalkSet[c], want)
			}
		}
	}
}

func TestWhitehallLongWalk(t *testing.T) {
	b := Whitehall()
	w := walk(t, b, 11, 14)
	t.Logf("walk 11-14 passes %v", w.Paths)
	if w.Paths[0].Count() < 2 {
		t.Errorf("walk 11-14 path %v: expected the long route through several crossings", w.Paths[0])
	}
	if !b.WalkTargets(11, Set{}).Has(14) || !b.WalkTargets(14, Set{}).Has(11) {
		t.Errorf("WalkTargets misses 11-14")
	}
}

func TestWalkBlocked(t *testing.T) {
	b := Whitehall()
	// Circles 1 and 9 are joined through BB and, separately, through BV.
	w := walk(t, b, 1, 9)
	bb, bv := crossingSet(t, b, "BB"), crossingSet(t, b, "BV")
	if len(w.Paths) != 2 || !containsSet(w.Paths, bb) || !containsSet(w.Paths, bv) {
		t.Fatalf("walk 1-9 paths %v, want {BB} and {BV}", w.Paths)
	}
	for _, tc := range []struct {
		occ     Set
		blocked bool
	}{
		{Set{}, false},
		{bb, false},
		{bv, false},
		{bb.Union(bv), true},
		{bb.Union(crossingSet(t, b, "BC")), false},
	} {
		if got := w.Blocked(tc.occ); got != tc.blocked {
			t.Errorf("walk 1-9 Blocked(%v) = %v, want %v", tc.occ, got, tc.blocked)
		}
		if got := b.WalkTargets(1, tc.occ).Has(9); got == tc.blocked {
			t.Errorf("WalkTargets(1, %v).Has(9) = %v, want %v", tc.occ, got, !tc.blocked)
		}
	}

	// Every walk: a single crossing blocks it exactly when it lies on every path.
	for _, b := range boardsUnderTest() {
		for c := 1; c <= b.NumCircles; c++ {
			for _, w := range b.Walks[c] {
				for x := range b.Crossings {
					all := true
					for _, p := range w.Paths {
						all = all && p.Has(x)
					}
					if got := w.Blocked(SetOf(x)); got != all {
						t.Fatalf("%s: walk %d-%d Blocked({%d}) = %v, want %v", b.Name, c, w.To, x, got, all)
					}
				}
			}
		}
	}

	// Whitechapel's direct streets are never blocked.
	wc := Whitechapel()
	var every Set
	for x := range wc.Crossings {
		every.Add(x)
	}
	for _, p := range [][2]int{{26, 28}, {45, 47}} {
		if !wc.WalkTargets(p[0], every).Has(p[1]) {
			t.Errorf("whitechapel: direct street %d-%d blocked", p[0], p[1])
		}
	}
}

func containsSet(list []Set, s Set) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestWalkTargetsRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, b := range boardsUnderTest() {
		for i := 0; i < 2000; i++ {
			var occ Set
			for k := r.IntN(8); k > 0; k-- {
				occ.Add(r.IntN(len(b.Crossings)))
			}
			c := 1 + r.IntN(b.NumCircles)
			var want Set
			for _, w := range b.Walks[c] {
				if !w.Blocked(occ) {
					want.Add(w.To)
				}
			}
			if got := b.WalkTargets(c, occ); got != want {
				t.Fatalf("%s: WalkTargets(%d, %v) = %v, want %v", b.Name, c, occ, got, want)
			}
		}
	}
}

func TestStepTargets(t *testing.T) {
	for _, b := range boardsUnderTest() {
		for x := range b.Crossings {
			if got := b.StepTargets(x, 0); got != SetOf(x) {
				t.Errorf("%s: StepTargets(%d, 0) = %v", b.Name, x, got)
			}
			if got, want := b.StepTargets(x, 1), b.StepSet[x].Union(SetOf(x)); got != want {
				t.Errorf("%s: StepTargets(%d, 1) = %v, want %v", b.Name, x, got, want)
			}
			// Two steps: union over one-step neighbours.
			want := b.StepTargets(x, 1)
			for _, y := range b.Steps[x] {
				want = want.Union(b.StepSet[y])
			}
			if got := b.StepTargets(x, 2); got != want {
				t.Errorf("%s: StepTargets(%d, 2) = %v, want %v", b.Name, x, got, want)
			}
			if !b.StepTargets(x, 2).SubsetOf(b.StepTargets(x, 3)) {
				t.Errorf("%s: StepTargets(%d, n) not monotone", b.Name, x)
			}
		}
	}
}

func TestWhitechapelDataTables(t *testing.T) {
	b := Whitechapel()
	data, err := dataFS.ReadFile("data/whitechapel.json")
	if err != nil {
		t.Fatal(err)
	}
	f, err := boardfile.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.JackAdjacency) != 775 {
		t.Errorf("jack_adjacency has %d pairs, want 775", len(f.JackAdjacency))
	}
	want := make([]Set, b.NumCircles+1)
	for _, p := range f.JackAdjacency {
		want[p[0]].Add(p[1])
		want[p[1]].Add(p[0])
	}
	for c := 1; c <= b.NumCircles; c++ {
		if b.WalkSet[c] != want[c] {
			t.Errorf("circle %d: derived walks %v, jack_adjacency %v (extra %v, missing %v)", c,
				b.WalkSet[c], want[c], b.WalkSet[c].Minus(want[c]), want[c].Minus(b.WalkSet[c]))
		}
	}
	// The data's alley_pairs equal the land-block rule.
	rule := landBlockAlleys(b)
	for c := 1; c <= b.NumCircles; c++ {
		if b.AlleySet[c] != rule[c] {
			t.Errorf("circle %d: alley_pairs %v, land-block rule %v", c, b.AlleySet[c], rule[c])
		}
	}
}

func TestWhitehallTables(t *testing.T) {
	b := Whitehall()
	var blue Set
	for _, c := range b.Circles[1:] {
		if c.Color == Blue {
			blue.Add(c.ID)
		}
	}
	var grouped Set
	for _, g := range b.WaterGroups {
		s := SetOf(g...)
		for _, c := range g {
			if b.BoatSet[c] != s.Minus(SetOf(c)) {
				t.Errorf("BoatSet[%d] = %v, want %v", c, b.BoatSet[c], s.Minus(SetOf(c)))
			}
		}
		grouped = grouped.Union(s)
	}
	if grouped != blue {
		t.Errorf("water groups cover %v, blue circles are %v", grouped, blue)
	}
	for c := 1; c <= b.NumCircles; c++ {
		if b.AlleySet[c].Intersects(blue) || (blue.Has(c) && !b.AlleySet[c].Empty()) {
			t.Errorf("Alley from %d reaches a blue circle or starts on one: %v", c, b.AlleySet[c])
		}
	}
	var starts []string
	for _, x := range b.Starts {
		starts = append(starts, b.Crossings[x].Label)
	}
	want := []string{"FP", "HP", "HZ", "JC", "JD", "JH"}
	if len(starts) != len(want) {
		t.Fatalf("starts %v, want %v", starts, want)
	}
	for i := range want {
		if starts[i] != want[i] {
			t.Errorf("starts %v, want %v", starts, want)
		}
	}
	for i, x := range b.Crossings {
		if x.Index != i || b.CrossingByLabel[x.Label] != i {
			t.Errorf("crossing %d: %+v", i, x)
		}
	}
	for _, c := range b.Circles[1:] {
		if c.X < 0 || c.X > 1000 || c.Y < 0 || c.Y > 1000 {
			t.Errorf("circle %d at (%v, %v) outside 0..1000", c.ID, c.X, c.Y)
		}
		// Quadrant rule of the source: 'b' top, 'a' bottom; 'A' left, 'B' right.
		q := "a"
		if c.Y < 500 {
			q = "b"
		}
		if c.X < 500 {
			q += "A"
		} else {
			q += "B"
		}
		if c.Quadrant != q {
			t.Errorf("circle %d at (%v, %v): quadrant %q, want %q", c.ID, c.X, c.Y, c.Quadrant, q)
		}
	}
}

func TestByName(t *testing.T) {
	for _, name := range Names() {
		b, err := ByName(name)
		if err != nil || b.Name != name {
			t.Errorf("ByName(%q) = %v, %v", name, b, err)
		}
	}
	if b, _ := ByName("whitehall"); b != Whitehall() {
		t.Errorf("ByName and Whitehall return different boards")
	}
	if _, err := ByName("nowhere"); err == nil {
		t.Errorf("ByName(nowhere) succeeded")
	}
}

func BenchmarkWalkTargets(b *testing.B) {
	bd := Whitehall()
	occ := crossingSet(b, bd, "BB", "BV", "HP", "JC", "FP")
	b.Run("free", func(b *testing.B) {
		var sink Set
		for i := 0; i < b.N; i++ {
			sink = sink.Union(bd.WalkTargets(1+i%bd.NumCircles, Set{}))
		}
		_ = sink
	})
	b.Run("occupied", func(b *testing.B) {
		var sink Set
		for i := 0; i < b.N; i++ {
			sink = sink.Union(bd.WalkTargets(1+i%bd.NumCircles, occ))
		}
		_ = sink
	})
	b.Run("occupied-blocking", func(b *testing.B) {
		// Circle 1 with both its routes to 9 occupied: forces the slow path.
		var sink Set
		for i := 0; i < b.N; i++ {
			sink = sink.Union(bd.WalkTargets(1, occ))
		}
		_ = sink
	})
}

func BenchmarkBuild(b *testing.B) {
	for _, name := range Names() {
		data, err := dataFS.ReadFile("data/" + name + ".json")
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := parse(data); err != nil {
					b.Fatal(err)
				}
			}
		})
		f, err := boardfile.Parse(data)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name+"-derive-only", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := build(f); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
