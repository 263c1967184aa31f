package jekyll

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"gaslamp/game"
)

// TestFairFutureTable: the fair table of the classic chapter values rooms
// the all-seeing table finds equal (2 and 5 spaces left) apart, is
// non-decreasing in the gap, loses past the track and beyond a round's reach,
// and exists for the classic rules only.
func TestFairFutureTable(t *testing.T) {
	cfg, err := parseConfig(game.Options{"chapter": "4"})
	if err != nil {
		t.Fatal(err)
	}
	f := fairFuture(cfg)
	if f == nil {
		t.Fatal("no fair table for the classic chapter")
	}
	all := futureFor(cfg)
	if all.value(2, 3) != all.value(5, 3) {
		t.Logf("all-seeing table: room 2 %d, room 5 %d", all.value(2, 3), all.value(5, 3))
	}
	if f.value(2, 3) <= f.value(5, 3) || f.value(5, 3) <= f.value(7, 3) {
		t.Fatalf("fair table: room 2 %d, room 5 %d, room 7 %d at gap 3", f.value(2, 3), f.value(5, 3), f.value(7, 3))
	}
	for room := range f.val {
		for g := 2; g <= f.maxGap+2; g++ {
			if f.value(room, g) < f.value(room, g-1) {
				t.Fatalf("room %d: gap %d worth %d, gap %d worth %d", room, g, f.value(room, g), g-1, f.value(room, g-1))
			}
		}
	}
	if f.value(-1, 5) != -winValue || f.value(9, 5) != -winValue || f.value(3, 0) != -winValue {
		t.Fatal("a lost position is not worth -winValue")
	}
	for _, o := range []game.Options{{"chapter": "1"}, {"chapter": "5"}, {"chapter": "4", "track-length": "14"}, {"chapter": "4", "overshoot-to-yard": "true"}} {
		c, err := parseConfig(o)
		if err != nil {
			t.Fatal(err)
		}
		if fairFuture(c) != nil {
			t.Fatalf("%v: a fair table outside the classic rules", o)
		}
	}
	c, _ := parseConfig(game.Options{"chapter": "4", "start-jh": "4", "campaign-score": "2"})
	if fairFuture(c) != f {
		t.Fatal("the classic chapter with another start or the campaign score has no fair table")
	}
}

// TestMeasureFairFuture measures the fair table (JEKYLL_FAIR_TABLE=N: N
// second-round deals per cell, e.g. 60; JEKYLL_FAIR_GAPS=1,2: the gaps):
// for each room and gap, the second rounds of the classic chapter that two
// partner bots at Normal (no clock) win from there, as percent rows of
// fairClassic.
func TestMeasureFairFuture(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("JEKYLL_FAIR_TABLE"))
	if n <= 0 {
		t.Skip("set JEKYLL_FAIR_TABLE=N to measure the fair future table")
	}
	gaps := []int{1, 2, 3, 4, 5, 6}
	if s := os.Getenv("JEKYLL_FAIR_GAPS"); s != "" {
		gaps = nil
		for _, x := range strings.Split(s, ",") {
			g, _ := strconv.Atoi(x)
			gaps = append(gaps, g)
		}
	}
	cfg, _ := parseConfig(game.Options{"chapter": "4"})
	for room := range fairClassic {
		var row []string
		for _, gap := range gaps {
			wins := 0
			for k := range n {
				seed := uint64(1000 + k)
				st := newState(cfg, seed)
				st.pawn = cfg.Last - int8(room)
				st.yard = max(0, st.pawn-int8(gap))
				st.startRound(1)
				var bots [2]game.Bot
				for i := range bots {
					b, _ := newPartner(game.BotConfig{Seat: game.Seat(i), Seed: seed*7 + uint64(i), Level: "normal", Budget: -1})
					b.(*Partner).solver.FairFuture = false
					bots[i] = b
				}
				for !st.Outcome().Over {
					s := st.ToAct().First()
					if err := st.Apply(s, bots[s].Choose(st.view(s), st.Legal(s, nil)), nil); err != nil {
						t.Fatal(err)
					}
				}
				if st.Outcome().Winner == "players" {
					wins++
				}
			}
			row = append(row, strconv.Itoa((100*wins+n/2)/n))
		}
		fmt.Printf("room %d: {%s},\n", room, strings.Join(row, ", "))
	}
}
