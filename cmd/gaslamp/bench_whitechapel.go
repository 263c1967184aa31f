package main

import (
	"time"

	"gaslamp/games/whitechapel"
)

func init() { benchExtras[whitechapel.ID] = benchWhitechapelNights }

// benchWhitechapelNights measures whole Letters from Whitechapel games that
// last the four nights, which uniformly random games seldom do (a random
// Jack rarely gets home in time). It plays whitechapel.GuidedGame (a Jack
// who heads home, random police, default options, no event log) from a new
// seed each time for about d on the calling goroutine, and counts only the
// games that ended in night 4 (Jack home at its end, or caught in it) over
// the time spent on every game, the shorter ones included: the same figure
// as BenchmarkGuidedGame's 4-night-games/s.
func benchWhitechapelNights(d time.Duration, seed uint64) (map[string]float64, error) {
	var games, full, moves int
	start := time.Now()
	var elapsed time.Duration
	for ; elapsed < d; elapsed = time.Since(start) {
		n, night := whitechapel.GuidedGame(seed+uint64(games), nil)
		games++
		moves += n
		if night == 4 {
			full++
		}
	}
	s := elapsed.Seconds()
	return map[string]float64{
		"four_night_games_per_second": float64(full) / s,
		"four_night_share":            float64(full) / float64(games),
		"guided_avg_moves":            float64(moves) / float64(games),
	}, nil
}
