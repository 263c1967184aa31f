package jekyll

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"gaslamp/game"
)

func expBotSeed(gameSeed uint64, seat int) uint64 {
	r := game.NewRand(gameSeed*0x9e3779b97f4a7c15 + uint64(seat+1)*0xbf58476d1ce4e5b9)
	return r.Uint64()
}

// TestExp plays partner pairs like the arena and logs each game's rounds.
func TestExp(t *testing.T) {
	if os.Getenv("JEKYLL_EXP") == "" {
		t.Skip()
	}
	n, _ := strconv.Atoi(os.Getenv("JEKYLL_EXP"))
	from, _ := strconv.Atoi(os.Getenv("JEKYLL_FROM"))
	if from == 0 {
		from = 1
	}
	lvl := os.Getenv("JEKYLL_LEVEL")
	if lvl == "" {
		lvl = "normal"
	}
	if r := os.Getenv("JEKYLL_TOL"); r != "" {
		pviewTol, _ = strconv.ParseFloat(r, 64)
	}
	if r := os.Getenv("JEKYLL_ROLL"); r != "" && r != "0" {
		var w, k int
		fmt.Sscanf(r, "%d,%d", &w, &k)
		lv := levels[lvl]
		lv.roll = rollLevel{w, k}
		levels[lvl] = lv
	}
	if r := os.Getenv("JEKYLL_R2"); r != "" {
		lv := levels[lvl]
		lv.r2, _ = strconv.Atoi(r)
		levels[lvl] = lv
	}
	if r := os.Getenv("JEKYLL_BAND"); r != "" {
		rollBand, _ = strconv.ParseFloat(r, 64)
	}
	fmt.Printf("level %+v band %v\n", levels[lvl], rollBand)
	wins := 0
	var durs []time.Duration
	cs := NewSolver()
	r2win, r2ok := 0, 0
	for seed := uint64(from); seed < uint64(from+n); seed++ {
		gs, _ := Rules{}.New(game.Options{"chapter": "4"}, seed)
		st := gs.(*State)
		var bots [2]game.Bot
		for i := range bots {
			bots[i], _ = newPartner(game.BotConfig{Seat: game.Seat(i), Seed: expBotSeed(seed, i), Level: lvl, Budget: -1})
			bots[i].(*Partner).conv2 = os.Getenv("JEKYLL_CONV2") != ""
			bots[i].(*Partner).pview, _ = strconv.Atoi(os.Getenv("JEKYLL_PVIEW"))
			if r := os.Getenv("JEKYLL_ROLL"); r == "0" {
				bots[i].(*Partner).lv.roll = rollLevel{}
			}
		}
		r2 := ""
		for !st.Outcome().Over {
			s := st.ToAct().First()
			if st.rnd == 1 && st.phase == phaseNight && st.r.N == 0 && st.r.Pos == 1 && r2 == "" {
				_, v := cs.Solve(st)
				r2 = fmt.Sprintf("r2start pawn %d yard %d cheatval %d", st.pawn, st.yard, v)
				if v > 0 {
					r2ok++
				}
			}
			legal := st.Legal(s, nil)
			m := legal[0]
			if len(legal) > 1 {
				t0 := time.Now()
				m = bots[s].Choose(st.view(s), legal)
				durs = append(durs, time.Since(t0))
			}
			pre := 0
			var truth []MoveValue
			if st.rnd == 1 && st.phase == phaseNight && len(legal) > 1 {
				pre = cs.Value(st)
				truth = cs.SolveMoves(st, nil)
			}
			if err := st.Apply(s, m, nil); err != nil {
				t.Fatal(err)
			}
			if pre > 0 && st.phase == phaseNight && cs.Value(st) < 0 {
				fmt.Printf("  err seed %d seat %d trick %d pos %d nlegal %d pawn %d yard %d tricks %v played %s\n", seed, s, st.r.N, st.r.Pos, len(legal), st.pawn, st.yard, st.r.T, moveCard(m))
				for i, l := range legal {
					fmt.Printf("     %v est %.0f true %d\n", moveCard(l), bots[s].(*Partner).sums[i]/float64(max(levels[lvl].r2, levels[lvl].samples)), truth[i].Value)
				}
			}
		}
		win := st.Outcome().Winner == "players"
		if win {
			wins++
			if r2 != "" {
				r2win++
			}
		}
		fmt.Printf("seed %d win %v r1 %+v | %s | r2 %+v\n", seed, win, st.res[0], r2, st.res[1])
	}
	slices.Sort(durs)
	fmt.Printf("decisions %d p50 %v p95 %v max %v\n", len(durs), durs[len(durs)/2], durs[len(durs)*95/100], durs[len(durs)-1])
	fmt.Printf("wins %d/%d; r2 reached and winnable at its start %d, won in r2 %d\n", wins, n, r2ok, r2win)
}
