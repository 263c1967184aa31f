package pocket

import (
	"fmt"
	"os"
	"strconv"
	"sync"
	"testing"

	"gaslamp/game"
)

// TestBeliefData (a tool, skipped unless BELIEF_GAMES is set) made the
// data of beliefFit: it plays games of the belief Jack against the Normal
// investigator and prints, per (turn, suspects, hourglasses) after a
// witness call that did not end the game, Jack's wins and games.
func TestBeliefData(t *testing.T) {
	ng, _ := strconv.Atoi(os.Getenv("BELIEF_GAMES"))
	if ng == 0 {
		t.Skip()
	}
	first, _ := strconv.Atoi(os.Getenv("BELIEF_SEED"))
	var mu sync.Mutex
	var wins, games [Turns + 1][NumCharacters + 1][7]int
	var wg sync.WaitGroup
	next := 0
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= ng {
					return
				}
				seed := uint64(first + i)
				g, _ := Rules{}.New(nil, seed)
				s := g.(*State)
				jb := NewBelief(game.BotConfig{Rules: Rules{}, Seat: JackSeat, Seed: seed, Level: "100000", Budget: -1})
				ib := NewEndgame(game.BotConfig{Rules: Rules{}, Seat: InvestigatorSeat, Seed: seed, Level: "20000", Budget: -1})
				type rec struct{ t, n, h int }
				var recs []rec
				for !s.over() {
					seat := seatOf(s.actor())
					legal := s.Legal(seat, nil)
					var m game.Move
					if seat == JackSeat {
						m = jb.Choose(s.View(JackSeat), legal)
					} else {
						m = ib.Choose(s.View(InvestigatorSeat), legal)
					}
					turn := s.turn
					s.Apply(seat, m, nil)
					if s.lastTurn == turn && !s.over() && s.chaseTurn == 0 {
						recs = append(recs, rec{int(turn), s.b.Suspects().Len(), min(s.Hourglasses(), 6)})
					}
				}
				mu.Lock()
				for _, r := range recs {
					games[r.t][r.n][r.h]++
					if s.winner == sideJack {
						wins[r.t][r.n][r.h]++
					}
				}
				if s.winner == sideJack {
					wins[0][0][0]++
				}
				games[0][0][0]++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	fmt.Printf("jack wins %d of %d\n", wins[0][0][0], games[0][0][0])
	for tu := 1; tu < Turns; tu++ {
		for n := 2; n <= NumCharacters; n++ {
			for h := 0; h < 6; h++ {
				if games[tu][n][h] > 0 {
					fmt.Printf("DATA %d %d %d %d %d\n", tu, n, h, wins[tu][n][h], games[tu][n][h])
				}
			}
		}
	}
}
