package hunt

import (
	"errors"
	"testing"

	"gaslamp/board"
	"gaslamp/game"
	"gaslamp/internal/testscale"
)

// This file checks the Letters from Whitechapel nights against a plain
// enumeration of every trail, written from the rules: cell 0 is the crime
// scene, cell 1 the second crime scene of a double event, then the moves.

// bruteNight enumerates every trail of night n (cells numbered from the
// crime scene) consistent with its observations, calling visit with the
// trail (reused) and the cells its walks wrote. It returns false if it gave
// up after limit trails were tried.
func bruteNight(b *board.Board, n *Night, limit int, visit func(trail, walkCells []int)) bool {
	trail := []int{n.Scene}
	if n.Second != 0 {
		trail = append(trail, n.Second)
	}
	var walks []int
	tried := 0
	var rec func(mi int) bool
	rec = func(mi int) bool {
		tried++
		if tried > limit {
			return false
		}
		for _, o := range n.Obs {
			if o.Time < len(trail) && !obsHolds(o, trail) {
				return true
			}
		}
		if mi == len(n.Moves) {
			visit(trail, walks)
			return true
		}
		for _, cells := range bruteNext(b, trail[len(trail)-1], n.Moves[mi]) {
			trail = append(trail, cells...)
			if n.Moves[mi].Kind == Walk {
				walks = append(walks, len(trail)-1)
			}
			ok := rec(mi + 1)
			if n.Moves[mi].Kind == Walk {
				walks = walks[:len(walks)-1]
			}
			trail = trail[:len(trail)-len(cells)]
			if !ok {
				return false
			}
		}
		return true
	}
	return rec(0)
}

// genNights plays up to count nights of a game with a hideout on the
// Whitechapel board: each but the last ends with a walk home (Home), the
// last is cut at a random point (a prefix), unless whole. Jack heads for his
// hideout with no walk landing on it before the last; policemen wander;
// observations are clues on the trail, misses next to it and failed arrests,
// with a double event now and then. It returns the hideout and the nights,
// or ok false when the game could not be played short enough.
func genNights(b *board.Board, rng *game.Rand, count, maxMoves int, whole bool) (int, []Night, bool) {
	red := redCircles(b)
	hideout := pickSet(rng, allCircles(b).Minus(red))
	dist := walkDist(b, hideout)
	var nights []Night
	for ni := 0; ni < count; ni++ {
		// A crime scene a few walks from home.
		var near board.Set
		for c := 1; c <= b.NumCircles; c++ {
			if dist[c] >= 1 && dist[c] <= 2+rng.IntN(2) {
				near.Add(c)
			}
		}
		n := Night{Scene: pickSet(rng, near)}
		trail := []int{n.Scene}
		if rng.IntN(4) == 0 {
			n.Second = pickSet(rng, near.Minus(board.SetOf(n.Scene)))
			trail = append(trail, n.Second)
		}
		figs := make([]int, 5)
		for i := range figs {
			figs[i] = rng.IntN(len(b.Crossings))
		}
		home := false
		for mi := 0; mi < maxMoves && !home; mi++ {
			cur := trail[len(trail)-1]
			var occ board.Set
			for i := range figs {
				if rng.IntN(3) == 0 {
					if x := pickSet(rng, b.CircleCrossings[cur]); x >= 0 && !occ.Has(x) {
						figs[i] = x
					}
				}
				occ.Add(figs[i])
			}
			walks := b.WalkTargets(cur, occ)
			var m Move
			var cells []int
			switch k := rng.IntN(10); {
			case walks.Has(hideout) && (mi == maxMoves-1 || rng.IntN(2) == 0):
				m, cells, home = Move{Kind: Walk, Occupied: occ}, []int{hideout}, true
			case k == 0 && !b.AlleySet[cur].Empty():
				m, cells = Move{Kind: Alley}, []int{pickSet(rng, b.AlleySet[cur])}
			case k == 1:
				c1 := pickSet(rng, b.WalkSet[cur].Minus(board.SetOf(cur)))
				c2s := b.WalkSet[c1].Minus(board.SetOf(cur, c1))
				if c2s.Empty() {
					continue
				}
				m, cells = Move{Kind: Coach}, []int{c1, pickSet(rng, c2s)}
			default:
				w := walks.Minus(board.SetOf(hideout))
				if w.Empty() {
					continue
				}
				// Toward home, mostly.
				to := pickSet(rng, w)
				if rng.IntN(3) != 0 {
					for x := w.Next(0); x >= 0; x = w.Next(x + 1) {
						if dist[x] < dist[to] {
							to = x
						}
					}
				}
				m, cells = Move{Kind: Walk, Occupied: occ}, []int{to}
			}
			n.Moves = append(n.Moves, m)
			trail = append(trail, cells...)
			now := len(trail) - 1
			// Observations: misses around Jack, a clue, a failed arrest.
			onTrail := func(x int) bool {
				for _, c := range trail {
					if c == x {
						return true
					}
				}
				return false
			}
			nb := b.WalkSet[trail[now]]
			for x := nb.Next(0); x >= 0; x = nb.Next(x + 1) {
				if !onTrail(x) && rng.IntN(3) != 0 {
					n.Obs = append(n.Obs, Obs{Time: now, Circle: x, Kind: NoClue})
				}
			}
			if rng.IntN(2) == 0 {
				n.Obs = append(n.Obs, Obs{Time: now, Circle: trail[rng.IntN(now+1)], Kind: Clue})
			}
			if rng.IntN(4) == 0 {
				if y := pickSet(rng, nb); y >= 0 && y != trail[now] {
					n.Obs = append(n.Obs, Obs{Time: now, Circle: y, Kind: NotHere})
				}
			}
		}
		last := ni == count-1
		if !home && !(last && !whole) {
			return 0, nil, false
		}
		if last && !whole && home {
			// Cut the last night before its walk home.
			k := rng.IntN(len(n.Moves))
			n = cutNight(n, k)
			home = false
		}
		n.Home = home
		nights = append(nights, n)
	}
	return hideout, nights, true
}

// cutNight returns night n with its first k moves and the observations
// made by then.
func cutNight(n Night, k int) Night {
	c := Night{Scene: n.Scene, Second: n.Second, Moves: append([]Move(nil), n.Moves[:k]...)}
	now := c.Now()
	for _, o := range n.Obs {
		if o.Time <= now {
			c.Obs = append(c.Obs, o)
		}
	}
	return c
}

func redCircles(b *board.Board) board.Set {
	var s board.Set
	for c := 1; c <= b.NumCircles; c++ {
		if b.Circles[c].Red {
			s.Add(c)
		}
	}
	return s
}

func allCircles(b *board.Board) board.Set {
	var s board.Set
	for c := 1; c <= b.NumCircles; c++ {
		s.Add(c)
	}
	return s
}

// walkDist returns the walking distance of every circle to circle to.
func walkDist(b *board.Board, to int) []int {
	d := make([]int, b.NumCircles+1)
	for i := range d {
		d[i] = 1 << 20
	}
	d[to] = 0
	frontier := []int{to}
	for len(frontier) > 0 {
		var next []int
		for _, c := range frontier {
			for x := b.WalkSet[c].Next(0); x >= 0; x = b.WalkSet[c].Next(x + 1) {
				if d[x] > d[c]+1 {
					d[x] = d[c] + 1
					next = append(next, x)
				}
			}
		}
		frontier = next
	}
	return d
}

func TestNightExactAgainstBruteForce(t *testing.T) {
	b := board.Whitechapel()
	rng := game.NewRand(11)
	want := testscale.Size(60, 300)
	checked, doubles, inconsistent := 0, 0, 0
	for tries := 0; checked < want && tries < 20*want; tries++ {
		_, nights, ok := genNights(b, &rng, 1, 2+rng.IntN(5), false)
		if !ok {
			continue
		}
		n := &nights[0]
		if rng.IntN(8) == 0 && len(n.Obs) > 0 {
			// A lie, now and then.
			times := []int{0, n.shift()}
			for _, m := range n.Moves {
				times = append(times, times[len(times)-1]+m.Kind.Cells())
			}
			at := times[rng.IntN(len(times))]
			n.Obs = append(n.Obs, Obs{Time: at, Circle: 1 + rng.IntN(b.NumCircles), Kind: ObsKind(rng.IntN(3))})
		}
		counts := map[int]uint64{}
		var total uint64
		if !bruteNight(b, n, 300_000, func(tr, _ []int) { counts[tr[len(tr)-1]]++; total++ }) {
			continue
		}
		checked++
		if n.Second != 0 {
			doubles++
		}
		sol, err := SolveNight(b, n)
		if total == 0 {
			inconsistent++
			if !errors.Is(err, ErrInconsistent) {
				t.Fatalf("night %+v: brute force finds no trail, SolveNight gave %v", *n, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("night %+v: %v (brute force: %d trails)", *n, err, total)
		}
		if sol.Total() != total || sol.Now() != n.Now() {
			t.Fatalf("night %+v: Total %d Now %d, want %d %d", *n, sol.Total(), sol.Now(), total, n.Now())
		}
		for c := 0; c <= b.NumCircles; c++ {
			if sol.Count(c) != counts[c] || sol.Where().Has(c) != (counts[c] > 0) {
				t.Fatalf("night %+v: Count(%d) %d, want %d", *n, c, sol.Count(c), counts[c])
			}
		}
		tr := sol.Sample(&rng)
		if len(tr) != n.Now()+1 || tr[0] != n.Scene || (n.Second != 0 && tr[1] != n.Second) {
			t.Fatalf("sampled trail %v does not fit night %+v", tr, *n)
		}
	}
	t.Logf("%d nights checked (%d double events, %d inconsistent)", checked, doubles, inconsistent)
	if checked < want || doubles == 0 || inconsistent == 0 {
		t.Fatalf("too few nights checked: %d, %d double events, %d inconsistent", checked, doubles, inconsistent)
	}
}

func TestNightDoubleEventObservations(t *testing.T) {
	b := board.Whitechapel()
	s1, s2 := 3, 21
	to := b.WalkSet[s2].Next(0)
	base := Night{Scene: s1, Second: s2, Moves: []Move{{Kind: Walk}}}
	one, err := SolveNight(b, &base)
	if err != nil || one.Where() != b.WalkSet[s2] || one.Now() != 2 {
		t.Fatalf("walk from the second crime scene: %v %v", one.Where(), err)
	}
	cases := []struct {
		o    Obs
		fits bool
	}{
		{Obs{Time: 2, Circle: s1, Kind: Clue}, true},     // cell 0
		{Obs{Time: 2, Circle: s1, Kind: NoClue}, false},  // cell 0 holds it
		{Obs{Time: 2, Circle: s2, Kind: Clue}, true},     // cell 1
		{Obs{Time: 0, Circle: s2, Kind: Clue}, false},    // only cell 0 then
		{Obs{Time: 0, Circle: s2, Kind: NoClue}, true},   // cell 0 is s1
		{Obs{Time: 1, Circle: s2, Kind: NotHere}, false}, // Jack was on s2
		{Obs{Time: 2, Circle: to, Kind: Clue}, true},
	}
	for _, c := range cases {
		n := base
		n.Obs = []Obs{c.o}
		_, err := SolveNight(b, &n)
		if (err == nil) != c.fits {
			t.Errorf("observation %+v: err %v, want fits=%v", c.o, err, c.fits)
		}
	}
	bad := Night{Scene: s1, Second: s2, Moves: []Move{{Kind: Alley}}, Home: true}
	if _, err := SolveNight(b, &bad); !errors.Is(err, ErrMalformed) {
		t.Errorf("home after an alley: %v", err)
	}
}
