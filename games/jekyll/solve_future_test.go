package jekyll

import (
	"testing"

	"gaslamp/game"
)

// TestFutureTable checks the tables behind the first round's objective when
// the pawn has little room (J7: the players win only standing exactly on the
// last space after round 2): rooms no round can cover are lost, the values
// stay in range, a larger gap to Scotland Yard is never worse, and a table is
// the same every time it is built.
func TestFutureTable(t *testing.T) {
	for _, ch := range []string{"1", "2"} {
		cfg, err := parseConfig(game.Options{"chapter": ch})
		if err != nil {
			t.Fatal(err)
		}
		f := futureFor(cfg)
		if g := buildFuture(cfg); !equalTables(f, g) {
			t.Fatalf("chapter %s: two builds differ", ch)
		}
		if len(f.val) != int(cfg.Last)+1 {
			t.Fatalf("chapter %s: %d rooms", ch, len(f.val))
		}
		some := false
		for room, row := range f.val {
			for gap, v := range row {
				if v < -winValue || v > winValue {
					t.Fatalf("chapter %s room %d gap %d: %d out of range", ch, room, gap+1, v)
				}
				if room > maxRoundGain && v != -winValue {
					t.Fatalf("chapter %s: room %d is beyond one round but worth %d", ch, room, v)
				}
				if gap > 0 && v < row[gap-1] {
					t.Fatalf("chapter %s room %d: gap %d worth less than gap %d", ch, room, gap+1, gap)
				}
				some = some || v > 0
			}
		}
		if !some {
			t.Fatalf("chapter %s: no room is more likely won than lost", ch)
		}
		if f.value(-1, 5) != -winValue || f.value(1, 0) != -winValue {
			t.Fatalf("chapter %s: past the last space or caught must be lost", ch)
		}
	}
	// Chapter 1 from its start (7 of 0..12): landing on the last space in
	// round 1 (room 0) is worse than stopping one or two short.
	cfg, _ := parseConfig(game.Options{"chapter": "1"})
	f := futureFor(cfg)
	if f.value(0, 1) >= f.value(1, 1) && f.value(0, 1) >= f.value(2, 1) {
		t.Fatalf("chapter 1: room 0 worth %d, rooms 1 and 2 %d and %d", f.value(0, 1), f.value(1, 1), f.value(2, 1))
	}
}

func equalTables(a, b *future) bool {
	if a.maxGap != b.maxGap || len(a.val) != len(b.val) {
		return false
	}
	for i := range a.val {
		for j := range a.val[i] {
			if a.val[i][j] != b.val[i][j] {
				return false
			}
		}
	}
	return true
}

// outcomes collects, through the engine, every way the rest of st's round
// can end.
func outcomes(st *State, out map[roundResult]bool) {
	rnd := st.rnd
	var buf [16]game.Move
	seat := game.Seat(st.r.toAct())
	for _, m := range st.legal(int(seat), buf[:0]) {
		c := *st
		if err := c.Apply(seat, m, nil); err != nil {
			panic(err)
		}
		if c.phase == phaseNight && c.rnd == rnd {
			outcomes(&c, out)
		} else {
			res := c.res[rnd]
			res.Tricks, res.LastOwner = [2]uint8{}, 0 // only where the pawns stand matters
			out[res] = true
		}
	}
}

// TestFirstRoundAimsAtTheLastSpace: in chapter 1 (the pawn 5 spaces from the
// last one) the first round's best line is the one that leaves the second
// round its best chance of landing exactly (J7), not the one that moves the
// pawn furthest. On late first-round positions the solver's value is the
// best future value among every reachable ending, and in some of them that
// ending is not the furthest move.
func TestFirstRoundAimsAtTheLastSpace(t *testing.T) {
	s := NewSolver()
	checked, differ := 0, 0
	for i := 0; i < 400 && (checked < 60 || differ == 0); i++ {
		st := randomUntil(game.Options{"chapter": "1"}, uint64(4000+i), func(st *State) bool {
			return st.phase == phaseNight && st.rnd == 0 && st.r.N == 4 && st.r.Pos == 1
		})
		if st == nil {
			continue
		}
		got := s.Value(st)
		if s.fut == nil {
			t.Fatal("chapter 1's first round must use the future table")
		}
		ends := map[roundResult]bool{}
		outcomes(st, ends)
		best, far, farVal := -1<<20, -1, 0
		for res := range ends {
			v := s.outcomeValue(res)
			best = max(best, v)
			if res.Res == resNone && int(res.PawnGain) > far {
				far, farVal = int(res.PawnGain), v
			}
		}
		if got != best {
			t.Fatalf("seed %d: solver %d, best reachable %d", 4000+i, got, best)
		}
		if far >= 0 && farVal < best {
			differ++
		}
		checked++
	}
	t.Logf("%d positions, %d where moving furthest was not best", checked, differ)
	if checked < 30 || differ == 0 {
		t.Fatalf("%d positions checked, %d where moving furthest was not best", checked, differ)
	}
}
