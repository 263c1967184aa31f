package hunt

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"gaslamp/board"
	"gaslamp/game"
	"gaslamp/internal/testscale"
)

// compare checks a Solve result against brute-force counts.
func compare(t *testing.T, b *board.Board, r *Round, sol *Solution, err error, want map[int]uint64) {
	t.Helper()
	var total uint64
	for _, v := range want {
		total += v
	}
	if total == 0 {
		if !errors.Is(err, ErrInconsistent) {
			t.Fatalf("round %+v: brute force finds no trail, Solve gave err %v", *r, err)
		}
		return
	}
	if err != nil {
		t.Fatalf("round %+v: brute force finds %d trails, Solve gave err %v", *r, total, err)
	}
	var where board.Set
	for c, v := range want {
		if v > 0 {
			where.Add(c)
		}
	}
	if sol.Where() != where {
		t.Fatalf("round %+v: Where %v, want %v", *r, sol.Where(), where)
	}
	for c := 0; c <= b.NumCircles+1; c++ {
		if got := sol.Count(c); got != want[c] {
			t.Fatalf("round %+v: Count(%d) = %d, want %d", *r, c, got, want[c])
		}
	}
	if sol.Total() != total {
		t.Fatalf("round %+v: Total %d, want %d", *r, sol.Total(), total)
	}
	if sol.Now() != r.Now() {
		t.Fatalf("Now %d, want %d", sol.Now(), r.Now())
	}
}

// sameSolution checks that two solutions count the same.
func sameSolution(t *testing.T, what string, a, b *Solution, errA, errB error) {
	t.Helper()
	if (errA == nil) != (errB == nil) {
		t.Fatalf("%s: errors differ: %v vs %v", what, errA, errB)
	}
	if errA != nil {
		return
	}
	if a.Where() != b.Where() || a.Total() != b.Total() || a.Now() != b.Now() {
		t.Fatalf("%s: Where %v/%v Total %d/%d", what, a.Where(), b.Where(), a.Total(), b.Total())
	}
	for c := 0; c < len(a.final); c++ {
		if a.Count(c) != b.Count(c) {
			t.Fatalf("%s: Count(%d) %d vs %d", what, c, a.Count(c), b.Count(c))
		}
	}
}

// trackerReplay feeds p's events to a Tracker in table order, asking for
// a Solution at random points, and checks each against Solve of the same
// prefix; it returns the final Solution.
func trackerReplay(t *testing.T, b *board.Board, p played, rng *game.Rand) (*Solution, error) {
	t.Helper()
	tr := NewTracker(b, p.round.Start)
	prefix := Round{Start: p.round.Start}
	type kept struct {
		sol   *Solution
		err   error
		round Round
	}
	var olds []kept
	for _, e := range p.events {
		if e.move != nil {
			if err := tr.AddMove(*e.move); err != nil {
				t.Fatal(err)
			}
			prefix.Moves = append(prefix.Moves, *e.move)
		} else {
			if err := tr.AddObs(*e.obs); err != nil {
				t.Fatal(err)
			}
			prefix.Obs = append(prefix.Obs, *e.obs)
		}
		if rng.IntN(3) == 0 {
			sol, err := tr.Solution()
			r := Round{Start: prefix.Start, Moves: append([]Move(nil), prefix.Moves...), Obs: append([]Obs(nil), prefix.Obs...)}
			want, werr := Solve(b, &r)
			sameSolution(t, "tracker prefix", sol, want, err, werr)
			olds = append(olds, kept{sol, err, r})
		}
	}
	// Earlier solutions must not have changed.
	for _, k := range olds {
		want, werr := Solve(b, &k.round)
		sameSolution(t, "old tracker solution", k.sol, want, k.err, werr)
	}
	return tr.Solution()
}

func exactness(t *testing.T, b *board.Board, rounds int, seed uint64, pick func(rng *game.Rand) genOpts) {
	rng := game.NewRand(seed)
	skipped, inconsistent, coaches, hidden := 0, 0, 0, 0
	for i := 0; i < rounds; i++ {
		o := pick(&rng)
		p := genRound(b, &rng, o)
		r := &p.round
		want, ok := bruteCounts(b, r, 1_000_000)
		if !ok {
			skipped++
			continue
		}
		sol, err := Solve(b, r)
		compare(t, b, r, sol, err, want)
		if err != nil {
			inconsistent++
		}
		tsol, terr := trackerReplay(t, b, p, &rng)
		sameSolution(t, fmt.Sprintf("round %d tracker", i), tsol, sol, terr, err)
		for _, m := range r.Moves {
			switch m.Kind {
			case Coach:
				coaches++
			case Hidden:
				hidden++
			}
		}
		// The true trail is consistent unless a lie was added.
		if o.lie == 0 && err != nil {
			t.Fatalf("round %d: true trail %v but Solve says %v", i, p.trail, err)
		}
	}
	t.Logf("%s: %d rounds, %d skipped (too big for brute force), %d inconsistent, %d coach moves, %d hidden moves",
		b.Name, rounds, skipped, inconsistent, coaches, hidden)
	if skipped > rounds/10 {
		t.Errorf("too many skipped rounds: %d of %d", skipped, rounds)
	}
}

func TestExactWhitehall(t *testing.T) {
	rounds := testscale.Size(300, 3000)
	exactness(t, board.Whitehall(), rounds, 1, func(rng *game.Rand) genOpts {
		o := genOpts{
			moves:     1 + rng.IntN(6),
			obsRate:   60,
			late:      15,
			specials:  35,
			coachRate: 30,
			figures:   3 + rng.IntN(3),
		}
		if rng.IntN(4) == 0 {
			o.lie = 100
		}
		return o
	})
}

// TestExactWhitehallLong checks longer rounds, kept small for the brute
// force by many observations.
func TestExactWhitehallLong(t *testing.T) {
	rounds := testscale.Size(12, 120)
	exactness(t, board.Whitehall(), rounds, 2, func(rng *game.Rand) genOpts {
		return genOpts{
			moves:     9 + rng.IntN(7),
			obsRate:   100,
			late:      10,
			specials:  15,
			coachRate: 30,
			figures:   3,
			tight:     true,
		}
	})
}

func TestExactWhitechapelWalks(t *testing.T) {
	rounds := testscale.Size(50, 500)
	exactness(t, board.Whitechapel(), rounds, 3, func(rng *game.Rand) genOpts {
		return genOpts{
			moves:    1 + rng.IntN(8),
			walkOnly: true,
			obsRate:  60,
			late:     15,
			figures:  5,
		}
	})
}

// TestExactWhitechapelSpecials runs coaches and alleys on the other board
// too (with Whitehall's movement rules: the counting is board-generic).
func TestExactWhitechapelSpecials(t *testing.T) {
	rounds := testscale.Size(30, 300)
	exactness(t, board.Whitechapel(), rounds, 4, func(rng *game.Rand) genOpts {
		return genOpts{
			moves:     1 + rng.IntN(6),
			obsRate:   60,
			late:      15,
			specials:  40,
			coachRate: 40,
			figures:   5,
		}
	})
}

// TestHandmade checks a few rounds by hand-derived facts.
func TestHandmade(t *testing.T) {
	b := board.Whitehall()
	// No move: Jack is on the start, one trail.
	sol, err := Solve(b, &Round{Start: 17})
	if err != nil || sol.Where() != board.SetOf(17) || sol.Total() != 1 || sol.Count(17) != 1 {
		t.Fatalf("empty round: %v %v", sol, err)
	}
	// One free walk: every walking neighbour, once.
	sol, err = Solve(b, &Round{Start: 17, Moves: []Move{{Kind: Walk}}})
	if err != nil || sol.Where() != b.WalkSet[17] || sol.Total() != uint64(b.WalkSet[17].Count()) {
		t.Fatalf("one walk: %v %v", sol.Where(), err)
	}
	// Walk then a clue on the start: always true.
	sol2, err := Solve(b, &Round{Start: 17, Moves: []Move{{Kind: Walk}}, Obs: []Obs{{Time: 1, Circle: 17, Kind: Clue}}})
	if err != nil || sol2.Where() != sol.Where() {
		t.Fatalf("clue on start: %v %v", sol2, err)
	}
	// Two walks and a clue at time 1 on a neighbour n: Jack went through n.
	nb := b.WalkSet[17].Next(0)
	sol, err = Solve(b, &Round{Start: 17, Moves: []Move{{Kind: Walk}, {Kind: Walk}},
		Obs: []Obs{{Time: 1, Circle: nb, Kind: Clue}}})
	if err != nil || sol.Where() != b.WalkSet[nb] {
		t.Fatalf("clue on neighbour: %v, want %v (%v)", sol.Where(), b.WalkSet[nb], err)
	}
	// A failed arrest on every neighbour: inconsistent.
	r := &Round{Start: 17, Moves: []Move{{Kind: Walk}}}
	for c := b.WalkSet[17].Next(0); c >= 0; c = b.WalkSet[17].Next(c + 1) {
		r.Obs = append(r.Obs, Obs{Time: 1, Circle: c, Kind: NotHere})
	}
	if _, err := Solve(b, r); !errors.Is(err, ErrInconsistent) {
		t.Fatalf("arrests everywhere: %v", err)
	}
	// A miss on the start: inconsistent.
	if _, err := Solve(b, &Round{Start: 17, Obs: []Obs{{Time: 0, Circle: 17, Kind: NoClue}}}); !errors.Is(err, ErrInconsistent) {
		t.Fatalf("miss on start: %v", err)
	}
	// A clue far away after one move: inconsistent.
	if _, err := Solve(b, &Round{Start: 1, Moves: []Move{{Kind: Walk}}, Obs: []Obs{{Time: 1, Circle: 189, Kind: Clue}}}); !errors.Is(err, ErrInconsistent) {
		t.Fatalf("far clue: %v", err)
	}
}

func TestMalformed(t *testing.T) {
	b := board.Whitehall()
	coach := []Move{{Kind: Coach}}
	cases := []struct {
		name  string
		b     *board.Board
		round *Round
	}{
		{"nil board", nil, &Round{Start: 1}},
		{"nil round", b, nil},
		{"start 0", b, &Round{Start: 0}},
		{"start too big", b, &Round{Start: 190}},
		{"negative start", b, &Round{Start: -5}},
		{"bad move kind", b, &Round{Start: 1, Moves: []Move{{Kind: 9}}}},
		{"obs circle 0", b, &Round{Start: 1, Obs: []Obs{{Circle: 0}}}},
		{"obs circle too big", b, &Round{Start: 1, Obs: []Obs{{Circle: 300}}}},
		{"obs in the future", b, &Round{Start: 1, Obs: []Obs{{Time: 1, Circle: 1}}}},
		{"obs negative time", b, &Round{Start: 1, Obs: []Obs{{Time: -1, Circle: 1}}}},
		{"obs coach middle", b, &Round{Start: 1, Moves: coach, Obs: []Obs{{Time: 1, Circle: 1, Kind: NotHere}}}},
		{"obs bad kind", b, &Round{Start: 1, Obs: []Obs{{Circle: 1, Kind: 7}}}},
	}
	for _, c := range cases {
		if _, err := Solve(c.b, c.round); !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: err %v, want ErrMalformed", c.name, err)
		}
	}
	// Too many clue circles.
	r := &Round{Start: 1}
	for i := 0; i < 70; i++ {
		r.Moves = append(r.Moves, Move{Kind: Walk})
	}
	for c := 1; c <= 65; c++ {
		r.Obs = append(r.Obs, Obs{Time: 70, Circle: c, Kind: Clue})
	}
	if _, err := Solve(b, r); !errors.Is(err, ErrMalformed) {
		t.Errorf("65 clue circles: %v", err)
	}
	// A Tracker with a bad start says so everywhere.
	tr := NewTracker(b, 0)
	if tr.AddMove(Move{}) == nil || tr.AddObs(Obs{Circle: 1}) == nil {
		t.Error("bad tracker accepted input")
	}
	if _, err := tr.Solution(); !errors.Is(err, ErrMalformed) {
		t.Errorf("bad tracker: %v", err)
	}
	// A refused observation changes nothing.
	tr = NewTracker(b, 1)
	if err := tr.AddObs(Obs{Time: 3, Circle: 2}); err == nil {
		t.Error("future observation accepted")
	}
	if len(tr.Round().Obs) != 0 {
		t.Error("refused observation recorded")
	}
}

// TestBranchingBound checks the bound the overflow argument of sadd rests
// on: at most 15 possible next cells from any circle, for any move kind.
func TestBranchingBound(t *testing.T) {
	for _, b := range []*board.Board{board.Whitehall(), board.Whitechapel()} {
		r := rulesFor(b)
		most := 0
		for c := 1; c <= r.n; c++ {
			most = max(most, r.walkSet[c].Count(), r.alley[c].Count(), r.boat[c].Count(),
				r.alley[c].Union(r.boat[c]).Count())
			if r.alley[c].Intersects(r.boat[c]) {
				t.Errorf("%s: circle %d reaches a circle by alley and by boat", b.Name, c)
			}
		}
		t.Logf("%s: at most %d next cells", b.Name, most)
		if most > 15 {
			t.Errorf("%s: %d next cells: the overflow argument of sadd fails", b.Name, most)
		}
	}
	// 15^16 < 2^64.
	p := uint64(1)
	for i := 0; i < 16; i++ {
		hi, lo := mul(p, 15)
		if hi != 0 {
			t.Fatal("15^16 overflows")
		}
		p = lo
	}
	if sadd(math.MaxUint64, 1) != math.MaxUint64 || sadd(2, 3) != 5 {
		t.Error("sadd")
	}
}

func mul(a, b uint64) (uint64, uint64) {
	if a == 0 || b == 0 {
		return 0, 0
	}
	p := a * b
	if p/b != a {
		return 1, p
	}
	return 0, p
}

// TestSaturation runs a round long enough to saturate without panicking.
func TestSaturation(t *testing.T) {
	b := board.Whitehall()
	r := &Round{Start: 60}
	for i := 0; i < 40; i++ {
		kind := Walk
		if i%3 == 0 {
			kind = Hidden
		}
		r.Moves = append(r.Moves, Move{Kind: kind})
	}
	sol, err := Solve(b, r)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("40 free moves: total %d, %d circles", sol.Total(), sol.Where().Count())
	rng := game.NewRand(1)
	if tr := sol.Sample(&rng); len(tr) != 41 || !legalTrail(b, r, tr) {
		t.Fatalf("saturated sample %v", tr)
	}
}

// TestClone checks that a clone and its original go their own ways.
func TestClone(t *testing.T) {
	b := board.Whitehall()
	rng := game.NewRand(21)
	for i := 0; i < 200; i++ {
		p := genRound(b, &rng, genOpts{moves: 8, obsRate: 70, late: 20, specials: 30, coachRate: 30, figures: 3})
		r := p.round
		cut := rng.IntN(len(p.events) + 1)
		tr := NewTracker(b, r.Start)
		for _, e := range p.events[:cut] {
			if e.move != nil {
				tr.AddMove(*e.move)
			} else {
				tr.AddObs(*e.obs)
			}
		}
		if rng.IntN(2) == 0 {
			tr.Solution()
		}
		cl := tr.Clone()
		// The clone gets the rest of the round; the original gets one
		// extra free walk and nothing else.
		for _, e := range p.events[cut:] {
			if e.move != nil {
				cl.AddMove(*e.move)
			} else {
				cl.AddObs(*e.obs)
			}
		}
		tr.AddMove(Move{Kind: Walk})
		got, err := cl.Solution()
		want, werr := Solve(b, &r)
		sameSolution(t, "clone", got, want, err, werr)
		orig := tr.Round()
		got, err = tr.Solution()
		want, werr = Solve(b, &orig)
		sameSolution(t, "original", got, want, err, werr)
	}
}

// TestWalkCuts checks the Walk targets of a step against the board's own
// WalkTargets for random figure positions.
func TestWalkCuts(t *testing.T) {
	rng := game.NewRand(3)
	for _, b := range []*board.Board{board.Whitehall(), board.Whitechapel()} {
		r := rulesFor(b)
		for i := 0; i < 300; i++ {
			var occ board.Set
			for k := rng.IntN(8); k > 0; k-- {
				occ.Add(rng.IntN(len(b.Crossings)))
			}
			s := newStep(b, r, Move{Kind: Walk, Occupied: occ}, 0)
			for c := 1; c <= b.NumCircles; c++ {
				if got, want := s.targets(r, c), b.WalkTargets(c, occ); got != want {
					t.Fatalf("%s: circle %d with figures on %v: targets %v, want %v", b.Name, c, occ, got, want)
				}
			}
		}
	}
}

// TestSolutionWhileTracking reads Solutions from other goroutines while
// the Tracker goes on (run with -race): returned Solutions share the
// Tracker's arrays and must never see a change.
func TestSolutionWhileTracking(t *testing.T) {
	b := board.Whitehall()
	rng := game.NewRand(77)
	p := genRound(b, &rng, genOpts{moves: 12, obsRate: 80, late: 20, specials: 20, coachRate: 30, figures: 3})
	for len(p.round.Moves) < 12 {
		p = genRound(b, &rng, genOpts{moves: 12, obsRate: 80, late: 20, specials: 20, coachRate: 30, figures: 3})
	}
	t.Logf("%d events", len(p.events))
	tr := NewTracker(b, p.round.Start)
	done := make(chan error, len(p.events))
	prefix := Round{Start: p.round.Start}
	for i, e := range p.events {
		if e.move != nil {
			tr.AddMove(*e.move)
			prefix.Moves = append(prefix.Moves, *e.move)
		} else {
			tr.AddObs(*e.obs)
			prefix.Obs = append(prefix.Obs, *e.obs)
		}
		sol, err := tr.Solution()
		if err != nil {
			t.Fatal(err)
		}
		r := Round{Start: prefix.Start, Moves: append([]Move(nil), prefix.Moves...), Obs: append([]Obs(nil), prefix.Obs...)}
		go func(seed uint64) {
			g := game.NewRand(seed)
			for k := 0; k < 30; k++ {
				if tr := sol.Sample(&g); !legalTrail(b, &r, tr) {
					done <- fmt.Errorf("trail %v not legal", tr)
					return
				}
			}
			want, _ := Solve(b, &r)
			for c := 1; c <= b.NumCircles; c++ {
				if sol.Count(c) != want.Count(c) {
					done <- fmt.Errorf("Count(%d) changed", c)
					return
				}
			}
			done <- nil
		}(uint64(i))
	}
	for range p.events {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}
