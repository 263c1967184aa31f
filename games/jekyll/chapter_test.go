package jekyll

import (
	"testing"

	"gaslamp/game"
)

// TestChapterResult: a finished chapter's result, for its players'
// records, says the chapter, whether the players won, the tricks the City
// took in the rounds scored (8 a round less the players') and the stars;
// an unfinished chapter is not won.
func TestChapterResult(t *testing.T) {
	opts := game.Options{"chapter": "1", "campaign-score": "2"}
	cfg, err := parseConfig(opts)
	if err != nil {
		t.Fatal(err)
	}
	wins, losses := 0, 0
	for seed := uint64(1); seed < 400 && (wins == 0 || losses == 0); seed++ {
		var st State
		st.init(cfg, seed)
		if r := st.ChapterResult(); r.Won || r.CityTricks != 0 || r.Chapter != 1 || r.Key != "first-steps" || !r.Campaign {
			t.Fatalf("a chapter not started yet: %+v", r)
		}
		rng := game.NewRand(seed ^ 0x5eed)
		var buf [16]game.Move
		for st.phase != phaseOver {
			seat := int(st.ToAct().First())
			if st.ToAct().Len() == 2 && rng.IntN(2) == 1 {
				seat = 1
			}
			l := st.legal(seat, buf[:0])
			st.apply(seat, l[rng.IntN(len(l))], nil)
		}
		r := st.ChapterResult()
		city := 0
		for _, rr := range st.res {
			if rr.Done {
				city += 8 - int(rr.Tricks[0]) - int(rr.Tricks[1])
			}
		}
		if r.Won != (st.Outcome().Winner == "players") || r.CityTricks != city || r.Stars != int(st.stars) || (r.Won && r.Stars < 1) {
			t.Fatalf("seed %d: %+v (outcome %+v, City %d tricks, %d stars)", seed, r, st.Outcome(), city, st.stars)
		}
		if r.Won {
			wins++
		} else {
			losses++
		}
	}
	if wins == 0 || losses == 0 {
		t.Fatalf("%d wins and %d losses: both kinds not seen", wins, losses)
	}
}
