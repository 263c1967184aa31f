package jekyll

import (
	"slices"
	"testing"

	"gaslamp/game"
	"gaslamp/internal/testscale"
)

// TestSignalReproducesPartner: in chapters played by two signal bots, the
// receiver's reproduction of the partner's round-2 level-0 plays (a fresh
// bot replaying the record on the true world with its own view) matches,
// play by play, the level-0 play the partner computed when it decided; and
// the receiver's weight of the true world is 1 where the partner played its
// level-0 play every time.
func TestSignalReproducesPartner(t *testing.T) {
	checked, level0, other, kept := 0, 0, 0, 0
	for seed := uint64(1); seed <= uint64(testscale.Size(4, 12)); seed++ {
		gs, err := Rules{}.New(game.Options{"chapter": "4"}, seed)
		if err != nil {
			t.Fatal(err)
		}
		st := gs.(*State)
		var bots [2]*Partner
		for i := range bots {
			b, _ := newSignal(game.BotConfig{Seat: game.Seat(i), Seed: seed + uint64(i), Level: "easy", Budget: -1})
			bots[i] = b.(*Partner)
		}
		var own [2][]Card  // level-0 plays computed by each seat this round
		var keep [2]bool   // whether each seat played its level-0 play every time
		var broken [2]bool // a decision with a choice was not level 0
		rnd := -1
		for !st.Outcome().Over {
			if int(st.rnd) != rnd || st.phase != phaseNight {
				rnd = int(st.rnd)
				own, keep, broken = [2][]Card{}, [2]bool{true, true}, [2]bool{}
			}
			s := st.ToAct().First()
			legal := st.Legal(s, nil)
			v := st.view(s)
			bots[s].sigOwn = NoCard
			m := bots[s].Choose(v, legal)
			if st.phase == phaseNight && st.r.Pend == pendNone && len(legal) > 1 {
				if bots[s].sigOwn == NoCard {
					broken[s] = broken[s] || st.rnd == 1
					if st.rnd == 1 {
						other++
					}
				} else {
					level0++
					if m == PlayMove(bots[s].sigOwn) {
						kept++
					}
					own[s] = append(own[s], bots[s].sigOwn)
					keep[s] = keep[s] && m == PlayMove(bots[s].sigOwn)
				}
			}
			if err := st.Apply(s, m, nil); err != nil {
				t.Fatal(err)
			}
			if st.phase != phaseNight || st.rnd != 1 || st.r.Pend != pendNone {
				continue
			}
			// The receiver r reproduces the partner's level-0 plays.
			r := int(st.ToAct().First())
			p := 1 - r
			if broken[p] || len(own[p]) == 0 {
				continue
			}
			rv := st.view(game.Seat(r))
			fresh, _ := newSignal(game.BotConfig{Seat: game.Seat(r), Seed: 99, Level: "easy", Budget: -1})
			fb := fresh.(*Partner)
			if !sigReadable(rv, st, r) {
				continue
			}
			mine, _ := parseCards(rv.Gifts)
			var deck uint32
			for i := range 8 {
				deck |= bit(st.r.Deck[i])
			}
			var got []Card
			convReplayBlack(rv, st, r, func(x *round, c Card) bool {
				got = append(got, fb.level0(st, x, p, deck&^mine))
				return true
			})
			if len(got) != len(own[p]) {
				t.Fatalf("seed %d: %d partner plays replayed, %d decided", seed, len(got), len(own[p]))
			}
			for i := range got {
				if got[i] != own[p][i] {
					t.Fatalf("seed %d: partner play %d: reproduced %v, the partner's level 0 was %v", seed, i, got[i], own[p][i])
				}
				checked++
			}
			if w := fb.sigWeight(rv, st, mine, 0); keep[p] && w != 1 {
				t.Fatalf("seed %d: the true world weighs %v though the partner kept to level 0", seed, w)
			}
		}
	}
	if checked < 10 {
		t.Fatalf("only %d reproductions checked", checked)
	}
	t.Logf("%d reproductions checked; round-2 decisions: %d by level 0 (%d kept its play), %d not", checked, level0, kept, other)
}

// TestSignalBotPlaysDeterministically: two signal bots play classic
// chapters to the end with legal moves, and the same seed replays the same
// chapter move for move.
func TestSignalBotPlaysDeterministically(t *testing.T) {
	play := func(seed uint64) []game.Move {
		gs, err := Rules{}.New(game.Options{"chapter": "4"}, seed)
		if err != nil {
			t.Fatal(err)
		}
		st := gs.(*State)
		var bots [2]game.Bot
		for i := range bots {
			bots[i], _ = newSignal(game.BotConfig{Seat: game.Seat(i), Seed: seed*10 + uint64(i), Level: "easy", Budget: -1})
		}
		var moves []game.Move
		for !st.Outcome().Over {
			s := st.ToAct().First()
			m := bots[s].Choose(st.view(s), st.Legal(s, nil))
			if err := st.Apply(s, m, nil); err != nil {
				t.Fatalf("seed %d: illegal move %v: %v", seed, m, err)
			}
			moves = append(moves, m)
			if len(moves) > 200 {
				t.Fatalf("seed %d: the chapter does not end", seed)
			}
		}
		return moves
	}
	for seed := uint64(1); seed <= 3; seed++ {
		a, b := play(seed), play(seed)
		if !slices.Equal(a, b) {
			t.Fatalf("seed %d: two runs differ", seed)
		}
	}
}
