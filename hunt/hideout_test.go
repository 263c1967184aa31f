package hunt

import (
	"errors"
	"testing"

	"gaslamp/board"
	"gaslamp/game"
	"gaslamp/internal/testscale"
)

// bruteHideouts returns, for every night and every circle of allowed, the
// number of the night's consistent trails that the circle allows as the
// hideout, by enumeration; ok is false when a night was too big.
func bruteHideouts(b *board.Board, nights []Night, allowed board.Set) ([][]uint64, bool) {
	out := make([][]uint64, len(nights))
	for i := range nights {
		n := &nights[i]
		counts := make([]uint64, b.NumCircles+1)
		ok := bruteNight(b, n, 300_000, func(tr, walks []int) {
			last := len(tr) - 1
			for h := allowed.Next(0); h >= 0; h = allowed.Next(h + 1) {
				if n.Home && tr[last] != h {
					continue
				}
				fine := true
				for _, at := range walks {
					if tr[at] == h && !(n.Home && at == last) {
						fine = false
					}
				}
				if fine {
					counts[h]++
				}
			}
		})
		if !ok {
			return nil, false
		}
		out[i] = counts
	}
	return out, true
}

func TestHideoutsExactAgainstBruteForce(t *testing.T) {
	b := board.Whitechapel()
	allowed := allCircles(b).Minus(redCircles(b))
	rng := game.NewRand(5)
	want := testscale.Size(30, 120)
	checked, inProgress, multi := 0, 0, 0
	for tries := 0; checked < want && tries < 50*want; tries++ {
		count := 1 + rng.IntN(3)
		whole := rng.IntN(2) == 0
		hideout, nights, ok := genNights(b, &rng, count, 2+rng.IntN(4), whole)
		if !ok {
			continue
		}
		brute, ok := bruteHideouts(b, nights, allowed)
		if !ok {
			continue
		}
		checked++
		if !nights[len(nights)-1].Home {
			inProgress++
		}
		if len(nights) > 1 {
			multi++
		}
		h, err := Hideouts(b, nights, allowed)
		if err != nil {
			t.Fatalf("nights %+v: %v", nights, err)
		}
		var where board.Set
		var total float64
		for c := allowed.Next(0); c >= 0; c = allowed.Next(c + 1) {
			w := 1.0
			for i := range nights {
				if got := h.Count(i, c); got != brute[i][c] && h.Where().Has(c) {
					t.Fatalf("nights %+v: Count(%d, %d) = %d, want %d", nights, i, c, got, brute[i][c])
				}
				w *= float64(brute[i][c])
			}
			if w > 0 {
				where.Add(c)
			}
			if h.Weight(c) != w {
				t.Fatalf("nights %+v: Weight(%d) = %g, want %g", nights, c, h.Weight(c), w)
			}
			total += w
		}
		if h.Where() != where || h.Total() != total {
			t.Fatalf("Where %v Total %g, want %v %g", h.Where(), h.Total(), where, total)
		}
		if !where.Has(hideout) {
			t.Fatalf("the true hideout %d is not possible: %v", hideout, where)
		}
		// Trails drawn for a hideout are allowed by it.
		for i := range nights {
			hid := h.Sample(&rng)
			tr, err := h.SampleNight(i, hid, &rng)
			if err != nil {
				t.Fatal(err)
			}
			n := &nights[i]
			if len(tr) != n.Now()+1 || tr[0] != n.Scene || (n.Home && tr[len(tr)-1] != hid) {
				t.Fatalf("night %d trail %v for hideout %d", i, tr, hid)
			}
		}
	}
	t.Logf("%d records checked (%d with a night in progress, %d with several nights)", checked, inProgress, multi)
	if checked < want || inProgress == 0 || multi == 0 {
		t.Fatalf("too few records: %d (%d in progress, %d several nights)", checked, inProgress, multi)
	}
}

func TestHideoutsNoNightAndErrors(t *testing.T) {
	b := board.Whitechapel()
	allowed := board.SetOf(1, 2, 5)
	h, err := Hideouts(b, nil, allowed)
	if err != nil || h.Where() != allowed || h.Total() != 3 || h.Weight(2) != 1 || h.Nights() != 0 {
		t.Fatalf("no night: %v %v", h, err)
	}
	open := Night{Scene: 3, Moves: []Move{{Kind: Walk}}}
	if _, err := Hideouts(b, []Night{open, open}, allowed); !errors.Is(err, ErrMalformed) {
		t.Fatalf("unfinished night before the last: %v", err)
	}
	// A night home on a circle that is not allowed.
	to := b.WalkSet[3].Next(0)
	home := Night{Scene: 3, Moves: []Move{{Kind: Walk}}, Obs: []Obs{{Time: 1, Circle: to, Kind: Clue}}, Home: true}
	if _, err := Hideouts(b, []Night{home}, board.SetOf(to+1)); !errors.Is(err, ErrInconsistent) {
		t.Fatalf("no allowed hideout: %v", err)
	}
	h, err = Hideouts(b, []Night{home}, allCircles(b))
	if err != nil || h.Where() != board.SetOf(to) || h.Count(0, to) != 1 {
		t.Fatalf("one walk home: %v %v", h, err)
	}
}

// TestSampleTonightExact checks the joint draw of the hideout and tonight's
// trail against the exact weights with tonight counted in, by a
// chi-square test on the hideout drawn.
func TestSampleTonightExact(t *testing.T) {
	for _, tries := range []int{64, 0} {
		sampleTries = tries
		testSampleTonight(t)
	}
	sampleTries = 64
}

func testSampleTonight(t *testing.T) {
	b := board.Whitechapel()
	allowed := allCircles(b).Minus(redCircles(b))
	rng := game.NewRand(9)
	tested := 0
	want := testscale.Size(2, 6)
	for tries := 0; tested < want && tries < 3000; tries++ {
		_, nights, ok := genNights(b, &rng, 2+rng.IntN(2), 2+rng.IntN(4), false)
		if !ok || nights[len(nights)-1].Home || len(nights[len(nights)-1].Moves) < 2 {
			continue
		}
		finished, tonight := nights[:len(nights)-1], &nights[len(nights)-1]
		h, err := Hideouts(b, finished, allowed)
		if err != nil {
			t.Fatal(err)
		}
		exact, err := Hideouts(b, nights, allowed)
		if err != nil {
			t.Fatal(err)
		}
		n := exact.Where().Count()
		if n < 2 || n > 40 {
			continue
		}
		// Tonight must matter: some hideout loses weight.
		matters := false
		for c := exact.Where().Next(0); c >= 0; c = exact.Where().Next(c + 1) {
			sol, _ := SolveNight(b, tonight)
			matters = matters || exact.Count(len(nights)-1, c) != sol.Total()
		}
		if !matters {
			continue
		}
		tested++
		draws := 400 * n
		if sampleTries == 0 {
			draws = 30 * n
		}
		seen := make([]int, b.NumCircles+1)
		walks := tonight.walkCells()
		for d := 0; d < draws; d++ {
			hid, tr, err := h.SampleTonight(tonight, nil, &rng)
			if err != nil {
				t.Fatal(err)
			}
			if !fits(tr, walks, tonight.shift(), hid) || len(tr) != tonight.Now()+1 {
				t.Fatalf("trail %v walks onto hideout %d", tr, hid)
			}
			seen[hid]++
		}
		chi := 0.0
		for c := exact.Where().Next(0); c >= 0; c = exact.Where().Next(c + 1) {
			e := float64(draws) * exact.Weight(c) / exact.Total()
			d := float64(seen[c]) - e
			chi += d * d / e
		}
		if chi > chiSquareBound(n-1) {
			t.Fatalf("hideouts drawn %v do not follow the weights (chi2 %.1f, %d cells)", seen, chi, n)
		}
	}
	if tested < want {
		t.Fatalf("only %d records tested", tested)
	}
}

// TestTonightExactAgainstBruteForce checks Tonight and With (issue 15: the
// possible circles of the night in progress use what is known of the
// hideout) against an enumeration: the weight of circle x is the sum, over
// every allowed hideout H and every trail of tonight that no walk of it
// lands on H and that ends on x, of the number of trails of each finished
// night that H allows.
func TestTonightExactAgainstBruteForce(t *testing.T) {
	b := board.Whitechapel()
	allowed := allCircles(b).Minus(redCircles(b))
	rng := game.NewRand(17)
	want := testscale.Size(30, 120)
	checked, multi := 0, 0
	for tries := 0; checked < want && tries < 50*want; tries++ {
		hideout, nights, ok := genNights(b, &rng, 1+rng.IntN(3), 2+rng.IntN(4), false)
		if !ok || nights[len(nights)-1].Home {
			continue
		}
		fin, last := nights[:len(nights)-1], &nights[len(nights)-1]
		brute, ok := bruteHideouts(b, fin, allowed)
		if !ok {
			continue
		}
		prev := make([]float64, b.NumCircles+1)
		for c := allowed.Next(0); c >= 0; c = allowed.Next(c + 1) {
			prev[c] = 1
			for i := range fin {
				prev[c] *= float64(brute[i][c])
			}
		}
		ends := make([]float64, b.NumCircles+1)
		if !bruteNight(b, last, 300_000, func(tr, walks []int) {
			for h := allowed.Next(0); h >= 0; h = allowed.Next(h + 1) {
				fine := prev[h] > 0
				for _, at := range walks {
					fine = fine && tr[at] != h
				}
				if fine {
					ends[tr[len(tr)-1]] += prev[h]
				}
			}
		}) {
			continue
		}
		checked++
		if len(fin) > 0 {
			multi++
		}
		base, err := Hideouts(b, fin, allowed)
		if err != nil {
			t.Fatal(err)
		}
		h, err := base.With(last)
		if err != nil {
			t.Fatalf("nights %+v: %v", nights, err)
		}
		all, err := Hideouts(b, nights, allowed)
		if err != nil {
			t.Fatal(err)
		}
		where, weight, ok := h.Tonight()
		if !ok {
			t.Fatal("no Tonight for a night in progress")
		}
		if h.Where() != all.Where() || !approxEqual(h.Total(), all.Total()) {
			t.Fatalf("With differs from Hideouts: %v %g, %v %g", h.Where(), h.Total(), all.Where(), all.Total())
		}
		var sum float64
		for x := 1; x <= b.NumCircles; x++ {
			if (ends[x] > 0) != where.Has(x) || !approxEqual(weight[x], ends[x]) {
				t.Fatalf("nights %+v: circle %d weighs %g, want %g", nights, x, weight[x], ends[x])
			}
			sum += weight[x]
		}
		if !approxEqual(sum, h.Total()) {
			t.Fatalf("Tonight sums to %g, Total is %g", sum, h.Total())
		}
		if !h.Where().Has(hideout) {
			t.Fatalf("the true hideout %d is not possible", hideout)
		}
		if _, err := all.With(last); err == nil {
			t.Fatal("With after a night in progress must be refused")
		}
	}
	t.Logf("%d records checked (%d with finished nights)", checked, multi)
	if checked < want || multi == 0 {
		t.Fatalf("too few records: %d (%d with finished nights)", checked, multi)
	}
}

// approxEqual reports whether a and b agree to a relative 1e-12 (sums of float64
// products in another order).
func approxEqual(a, b float64) bool {
	d := a - b
	if d < 0 {
		d = -d
	}
	m := a
	if b > m {
		m = b
	}
	return d <= 1e-12*m
}
