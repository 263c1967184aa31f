package main

import (
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"sort"
	"strings"
	"time"

	"gaslamp/board"
	"gaslamp/game"
	"gaslamp/games/whitehall"
	"gaslamp/hunt"
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
	if !(*seconds > 0 && *seconds <= 3600) { // NaN fails both
		fmt.Fprintln(os.Stderr, "gaslamp bench: --seconds must be a number above 0, at most 3600")
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
	fmt.Printf("  random playouts  %12.1f games/s (%.1f moves a game, %.0f moves/s)\n", res["games_per_second"], res["avg_moves"], res["moves_per_second"])
	if u, ok := res["hunt_updates_per_second"]; ok {
		fmt.Printf("  hunt updates     %12.1f /s     (AddMove + Solution, a round of %.0f moves and %.0f observations)\n",
			u, res["hunt_round_moves"], res["hunt_round_observations"])
		fmt.Printf("  hunt solves      %12.1f /s     (Solve of the whole round)\n", res["hunt_solves_per_second"])
	}
	var names []string
	for k := range res {
		if strings.HasSuffix(k, "_per_second") && !strings.HasPrefix(k, "hunt_") && k != "games_per_second" && k != "moves_per_second" {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	for _, k := range names {
		fmt.Printf("  %-16s %12.1f /s\n", strings.ReplaceAll(strings.TrimSuffix(k, "_per_second"), "_", " "), res[k])
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

func init() { benchExtras[whitehall.ID] = benchWhitehallHunt }

// benchWhitehallHunt measures the deduction of a realistic round: 12 Jack
// moves with 10 observations. An update is what a table does after Jack's
// move: a Tracker that followed the round gets the move (AddMove) and counts
// again (Solution); a solve is hunt.Solve of the whole round from scratch.
func benchWhitehallHunt(d time.Duration, seed uint64) (map[string]float64, error) {
	round, err := whitehallRound(seed)
	if err != nil {
		return nil, err
	}
	b := board.Whitehall()
	last := round.Moves[len(round.Moves)-1]
	base := hunt.NewTracker(b, round.Start)
	for _, m := range round.Moves[:len(round.Moves)-1] {
		if err := base.AddMove(m); err != nil {
			return nil, err
		}
	}
	now := base.Now()
	for _, o := range round.Obs {
		if o.Time <= now {
			if err := base.AddObs(o); err != nil {
				return nil, err
			}
		}
	}
	if _, err := base.Solution(); err != nil {
		return nil, err
	}
	measure := func(f func() error) (float64, error) {
		n := 0
		start := time.Now()
		for time.Since(start) < d/2 {
			if err := f(); err != nil {
				return 0, err
			}
			n++
		}
		return time.Since(start).Seconds() / float64(n), nil
	}
	// Each update starts from a clone of the same tracker; the clone is timed
	// apart and taken off.
	cloneAndUpdate, err := measure(func() error {
		t := base.Clone()
		if err := t.AddMove(last); err != nil {
			return err
		}
		_, err := t.Solution()
		return err
	})
	if err != nil {
		return nil, err
	}
	cloneOnly, _ := measure(func() error { base.Clone(); return nil })
	solve, err := measure(func() error { _, err := hunt.Solve(b, &round); return err })
	if err != nil {
		return nil, err
	}
	update := max(cloneAndUpdate-cloneOnly, 1e-9)
	return map[string]float64{
		"hunt_updates_per_second": 1 / update,
		"hunt_solves_per_second":  1 / solve,
		"hunt_round_moves":        float64(len(round.Moves)),
		"hunt_round_observations": float64(len(round.Obs)),
	}, nil
}

// whitehallRound plays games of a random Jack against the investigators'
// default bot, from seed on, until a round of at least 12 Jack moves, and
// returns its first 12 moves with the first 10 observations made by then
// (every answer is true, so any of them fit together).
func whitehallRound(seed uint64) (hunt.Round, error) {
	r := whitehall.Rules{}
	b := board.Whitehall()
	for g := uint64(0); g < 200; g++ {
		st, err := r.New(nil, seed+g)
		if err != nil {
			return hunt.Round{}, err
		}
		bots := make([]game.Bot, 4)
		for i := range bots {
			name := defaultBot(r.ID())
			if i == 0 {
				name = "random"
			}
			if bots[i], err = game.NewBot(name, game.BotConfig{Rules: r, Seat: game.Seat(i), Seed: seed + g + uint64(i)}); err != nil {
				return hunt.Round{}, err
			}
		}
		for !st.Outcome().Over {
			seat := st.ToAct().First()
			if err := st.Apply(seat, bots[seat].Choose(st.View(seat), st.Legal(seat, nil)), nil); err != nil {
				return hunt.Round{}, err
			}
		}
		v := st.View(game.Spectator).(*whitehall.View)
		for _, rv := range v.Rounds {
			if len(rv.Moves) < 12 {
				continue
			}
			hr := hunt.Round{Start: rv.Start}
			now := 0
			for _, m := range rv.Moves[:12] {
				hm := hunt.Move{}
				switch m.Kind {
				case "coach":
					hm.Kind = hunt.Coach
				case "alley":
					hm.Kind = hunt.Alley
				case "boat":
					hm.Kind = hunt.Boat
				}
				for _, l := range m.Occupied {
					hm.Occupied.Add(b.CrossingByLabel[l])
				}
				hr.Moves = append(hr.Moves, hm)
				now += hm.Kind.Cells()
			}
			for _, o := range rv.Obs {
				if o.Time > now || len(hr.Obs) == 10 {
					break
				}
				k := hunt.NotHere
				switch o.Kind {
				case "clue":
					k = hunt.Clue
				case "no-clue":
					k = hunt.NoClue
				}
				hr.Obs = append(hr.Obs, hunt.Obs{Time: o.Time, Circle: o.Circle, Kind: k})
			}
			if len(hr.Obs) >= 8 {
				return hr, nil
			}
		}
	}
	return hunt.Round{}, fmt.Errorf("no round of 12 moves and about 10 observations in 200 games")
}
