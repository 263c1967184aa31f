package rating

import (
	"math"
	"testing"
)

// TestGlickmanExample is the worked example of Glickman's "Example of the
// Glicko-2 system": a 1500/200/0.06 player beats a 1400/30 player and loses
// to 1550/100 and 1700/300 players; τ = 0.5.
func TestGlickmanExample(t *testing.T) {
	p := Update(Player{1500, 200, 0.06}, []Game{
		{Player{1400, 30, 0.06}, 1},
		{Player{1550, 100, 0.06}, 0},
		{Player{1700, 300, 0.06}, 0},
	})
	if math.Abs(p.Rating-1464.06) > 0.01 || math.Abs(p.RD-151.52) > 0.01 || math.Abs(p.Vol-0.05999) > 0.00001 {
		t.Fatalf("got %.2f / %.2f / %.5f; want 1464.06 / 151.52 / 0.05999", p.Rating, p.RD, p.Vol)
	}
}

func TestNoGamesWidensDeviation(t *testing.T) {
	p := Update(Player{1500, 200, 0.06}, nil)
	if p.Rating != 1500 || math.Abs(p.RD-200.2714) > 0.001 {
		t.Fatalf("got %+v", p)
	}
	if q := Update(New(), nil); q.RD != DefaultRD {
		t.Fatalf("RD grows past 350: %+v", q)
	}
}

func TestWinnerGainsLoserLoses(t *testing.T) {
	a, b := New(), New()
	a2 := Update(a, []Game{{b, 1}})
	b2 := Update(b, []Game{{a, 0}})
	if !(a2.Rating > 1500 && b2.Rating < 1500) || math.Abs((a2.Rating-1500)-(1500-b2.Rating)) > 1e-9 {
		t.Fatalf("a %+v b %+v", a2, b2)
	}
	if c := Composite([]Player{{1400, 100, 0.06}, {1600, 200, 0.06}}); c.Rating != 1500 || math.Abs(c.RD-math.Sqrt(25000)) > 1e-9 {
		t.Fatalf("composite %+v", c)
	}
}
