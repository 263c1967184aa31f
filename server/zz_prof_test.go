package server

import (
	"encoding/json"
	"testing"
	"time"

	"gaslamp/game"
)

func TestZZWhitehallCosts(t *testing.T) {
	r, _ := game.Lookup("whitehall")
	st, _ := r.New(game.Options{}, 1)
	rng := game.NewRand(3)
	var tv, tl, tc, tj, ta time.Duration
	n := 0
	for !st.Outcome().Over && n < 300 {
		seat := st.ToAct().First()
		t0 := time.Now()
		for s := game.Seat(-1); s < 4; s++ {
			v := st.View(s)
			t1 := time.Now()
			json.Marshal(v)
			tj += time.Since(t1)
		}
		tv += time.Since(t0)
		t0 = time.Now()
		legal := st.Legal(seat, nil)
		tl += time.Since(t0)
		t0 = time.Now()
		c := st.Clone()
		tc += time.Since(t0)
		t0 = time.Now()
		var log game.Log
		c.Apply(seat, legal[rng.IntN(len(legal))], &log)
		ta += time.Since(t0)
		st = c
		n++
	}
	t.Logf("%d moves; per move: 5 views %v (json %v), legal %v, clone %v, apply %v", n, tv/time.Duration(n), tj/time.Duration(n), tl/time.Duration(n), tc/time.Duration(n), ta/time.Duration(n))
}
