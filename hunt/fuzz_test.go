package hunt

import (
	"errors"
	"testing"

	"gaslamp/board"
	"gaslamp/game"
)

// decodeRound turns fuzz bytes into a round, often malformed: circles,
// times and kinds may be out of range.
func decodeRound(data []byte) (*board.Board, *Round, []bool) {
	next := func() int {
		if len(data) == 0 {
			return 0
		}
		v := int(data[0])
		data = data[1:]
		return v
	}
	b := board.Whitehall()
	if next()%4 == 3 {
		b = board.Whitechapel()
	}
	r := &Round{Start: next() - 20 + next()%3*60}
	var interleave []bool // per event: true = move
	for len(data) > 0 {
		op := next()
		if op%3 != 0 {
			m := Move{Kind: MoveKind(op / 3 % 6)}
			for k := next() % 4; k > 0; k-- {
				m.Occupied.Add(next())
			}
			r.Moves = append(r.Moves, m)
			interleave = append(interleave, true)
		} else {
			o := Obs{Time: next() % 24, Circle: next() - 10 + next()%2*100, Kind: ObsKind(op / 3 % 4)}
			r.Obs = append(r.Obs, o)
			interleave = append(interleave, false)
		}
	}
	return b, r, interleave
}

func FuzzSolve(f *testing.F) {
	f.Add([]byte{0, 60, 0, 1, 0, 4, 1, 2, 0, 3, 5, 7, 6, 0, 1, 2, 3, 40, 9})
	f.Add([]byte{3, 17, 1, 1, 1, 1, 4, 0, 3, 2, 17, 0, 6, 2, 20, 1})
	f.Add([]byte{1, 200, 3, 9, 4, 0, 0, 0})
	f.Add([]byte{0, 80, 4, 2, 4, 5, 13, 1, 1, 1, 12, 0, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		b, r, interleave := decodeRound(data)
		sol, err := Solve(b, r)
		if err != nil {
			if !errors.Is(err, ErrMalformed) && !errors.Is(err, ErrInconsistent) {
				t.Fatalf("unexpected error %v", err)
			}
		} else {
			var sum uint64
			for c := 0; c <= b.NumCircles; c++ {
				sum = sadd(sum, sol.Count(c))
				if (sol.Count(c) > 0) != sol.Where().Has(c) {
					t.Fatalf("Count(%d) = %d but Where %v", c, sol.Count(c), sol.Where())
				}
			}
			if sum != sol.Total() || sol.Total() == 0 {
				t.Fatalf("counts sum to %d, Total %d", sum, sol.Total())
			}
			rng := game.NewRand(uint64(len(data)))
			tr, kinds := sol.SampleKinds(&rng)
			if len(tr) != sol.Now()+1 || len(kinds) != len(r.Moves) || !sol.Where().Has(tr[len(tr)-1]) {
				t.Fatalf("sample %v %v", tr, kinds)
			}
			if sol.Total() < 1<<62 && !legalTrail(b, r, tr) {
				t.Fatalf("sampled trail %v is not consistent with %+v", tr, *r)
			}
		}
		// The same events through a Tracker, in table order: it refuses
		// exactly what makes Solve fail as malformed, or counts the same.
		tr := NewTracker(b, r.Start)
		mi, oi := 0, 0
		var terr error
		for _, isMove := range interleave {
			if isMove {
				if e := tr.AddMove(r.Moves[mi]); e != nil && terr == nil {
					terr = e
				}
				mi++
			} else {
				if e := tr.AddObs(r.Obs[oi]); e != nil && terr == nil {
					terr = e
				}
				oi++
			}
			if len(data)%2 == 0 {
				tr.Solution()
			}
		}
		tsol, e := tr.Solution()
		if terr == nil {
			terr = e
		}
		if terr == nil && err == nil {
			sameSolution(t, "tracker", tsol, sol, nil, nil)
		}
		if errors.Is(err, ErrInconsistent) && terr == nil {
			t.Fatalf("Solve inconsistent, tracker fine")
		}
	})
}
