package main

import (
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"sort"
	"strings"
	"time"

	"gaslamp/game"
)

func init() {
	commands["bench"] = command{"measure random playouts per second (and a game's own figures)", runBench}
}

// benchExtra measures a game's own figures (e.g. Whitehall's deduction
// updates per second) for about d, returning JSON field name -> value.
type benchExtra func(d time.Duration, seed uint64) (map[string]float64, error)

// benchExtras holds the extra measures of each game id.
var benchExtras = map[string]benchExtra{}

func runBench(args []string) int {
	fs := newFlags("bench", "--game ID [--seconds 3] [--options LIST] [--json]")
	gameID := fs.String("game", "whitehall", "the game to measure (registered id)")
	seconds := fs.Float64("seconds", 3, "time spent on each measure")
	optList := fs.String("options", "", "table options, e.g. \"false-clues\"")
	seed := fs.Uint64("seed", 1, "seed of the first game")
	asJSON := fs.Bool("json", false, "print one JSON object")
	if code, ok := parse(fs, args); !ok {
		return code
	}
	r, err := game.Lookup(*gameID)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gaslamp bench: unknown game %q (have: %s)\n", *gameID, strings.Join(gameIDs(), ", "))
		return 2
	}
	if *seconds <= 0 {
		fmt.Fprintln(os.Stderr, "gaslamp bench: --seconds must be positive")
		return 2
	}
	opts := game.ParseOptions(*optList)
	if _, err := r.Seats(opts); err != nil {
		fmt.Fprintf(os.Stderr, "gaslamp bench: options %q: %v\n", *optList, err)
		return 2
	}
	d := time.Duration(*seconds * float64(time.Second))
	// One core: the playouts and the garbage collector share one processor.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	res, err := benchPlayouts(r, opts, *seed, d)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gaslamp bench:", err)
		return 1
	}
	if extra, ok := benchExtras[r.ID()]; ok {
		more, err := extra(d, *seed)
		if err != nil {
			fmt.Fprintln(os.Stderr, "gaslamp bench:", err)
			return 1
		}
		for k, v := range more {
			res[k] = v
		}
	}
	if *asJSON {
		out := map[string]any{"game": r.ID(), "options": opts.String(), "cores": 1}
		for k, v := range res {
			out[k] = v
		}
		data, _ := json.MarshalIndent(out, "", "  ")
		fmt.Println(string(data))
		return 0
	}
	fmt.Printf("%s (one core, %.1fs per measure)\n", r.ID(), d.Seconds())
	fmt.Printf("  random playouts  %12.1f games/s  (%.1f moves a game, %.0f moves/s)\n", res["games_per_second"], res["avg_moves"], res["moves_per_second"])
	var names []string
	for k := range res {
		switch k {
		case "games_per_second", "avg_moves", "moves_per_second", "games", "seconds":
		default:
			names = append(names, k)
		}
	}
	sort.Strings(names)
	for _, k := range names {
		fmt.Printf("  %-16s %12.1f\n", strings.TrimSuffix(strings.ReplaceAll(k, "_", " "), " per second")+"/s", res[k])
	}
	return 0
}

// benchPlayouts plays uniformly random games, each from a new seed, for about
// d on the calling goroutine.
func benchPlayouts(r game.Rules, opts game.Options, seed uint64, d time.Duration) (map[string]float64, error) {
	rng := game.NewRand(seed)
	var buf []game.Move
	var games, moves int
	start := time.Now()
	var elapsed time.Duration
	for ; elapsed < d; elapsed = time.Since(start) {
		st, err := r.New(opts, seed+uint64(games))
		if err != nil {
			return nil, err
		}
		for n := 0; !st.Outcome().Over; n++ {
			if n > 1000000 {
				return nil, fmt.Errorf("random game of seed %d does not end", seed+uint64(games))
			}
			toAct := st.ToAct()
			seat := toAct.First()
			if k := toAct.Len(); k > 1 {
				seat = toAct.Seats()[rng.IntN(k)]
			}
			buf = st.Legal(seat, buf[:0])
			if len(buf) == 0 {
				return nil, fmt.Errorf("seed %d: seat %d must act but has no legal move", seed+uint64(games), seat)
			}
			if err := st.Apply(seat, buf[rng.IntN(len(buf))], nil); err != nil {
				return nil, fmt.Errorf("seed %d: legal move refused: %v", seed+uint64(games), err)
			}
			moves++
		}
		games++
	}
	s := elapsed.Seconds()
	return map[string]float64{
		"games":            float64(games),
		"seconds":          s,
		"games_per_second": float64(games) / s,
		"moves_per_second": float64(moves) / s,
		"avg_moves":        float64(moves) / float64(games),
	}, nil
}
