package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"sort"
	"strings"
	"time"

	"gaslamp/game"
)

// "gaslamp arena --tournament --game G" plays a round robin between entrants
// (levels in words, bot names, "bot:level") of a two-sided game: every
// ordered pair, an entrant against itself included, plays --games games with
// the first entrant at the game's first side and the second at the other,
// on the seeds seed..seed+games-1 (the same deals for every pairing). It
// fits Elo ratings to the results (a Bradley-Terry model with a term for
// the first side's advantage, by maximum likelihood with a weak prior that
// keeps a clean sweep finite) and prints them with 95% intervals, the head-
// to-head table and the decision times of each entrant at each side.

// eloScale turns the model's natural units into Elo points.
const eloScale = 400 / math.Ln10

// tournamentPairing is the result of one ordered pair of entrants.
type tournamentPairing struct {
	First  string         `json:"first"`  // the entrant at the first side
	Second string         `json:"second"` // the entrant at the second side
	Games  int            `json:"games"`
	Wins   map[string]int `json:"wins"` // side -> games won
	Draws  int            `json:"draws"`
}

// tournamentReport is what arena --tournament prints with --json.
type tournamentReport struct {
	Game     string                              `json:"game"`
	Options  string                              `json:"options"`
	Seed     uint64                              `json:"seed"`
	Games    int                                 `json:"games_per_pairing"`
	Sides    []string                            `json:"sides"` // first, second
	Entrants []string                            `json:"entrants"`
	Bots     map[string]map[string]string        `json:"bots"` // entrant -> side -> bot:level@budget
	Elo      map[string]float64                  `json:"elo"`
	EloCI    map[string][2]float64               `json:"elo_ci"`          // 95% interval
	Edge     float64                             `json:"first_side_edge"` // Elo points the first side gains
	EdgeCI   [2]float64                          `json:"first_side_edge_ci"`
	Pairings []tournamentPairing                 `json:"pairings"`
	Times    map[string]map[string]decisionTimes `json:"decision_ms"` // entrant -> side -> times
	Seconds  float64                             `json:"seconds"`
	Workers  int                                 `json:"workers"`
	Command  string                              `json:"command"`
}

// tournament plays the round robin of entrants (names as parseEntrant
// reads them) with the settings of base (rules, options, games, seed,
// budget, level, workers).
func tournament(base arenaConfig, names []string, budgetSet bool) (*tournamentReport, error) {
	sides := base.rules.Sides()
	if len(sides) != 2 {
		return nil, fmt.Errorf("a tournament needs a game of two sides; %s has %d", base.rules.ID(), len(sides))
	}
	rep := &tournamentReport{Game: base.rules.ID(), Options: base.opts.String(), Seed: base.seed, Games: base.games,
		Sides: sides, Entrants: names, Bots: map[string]map[string]string{}, Elo: map[string]float64{},
		EloCI: map[string][2]float64{}, Times: map[string]map[string]decisionTimes{}, Workers: base.workers}
	for _, n := range names {
		rep.Bots[n] = map[string]string{}
		for _, side := range sides {
			e := parseEntrant(base.rules.ID(), side, n, base.level, base.budget, budgetSet)
			b := e.bot
			if e.level != "" {
				b += ":" + e.level
			}
			rep.Bots[n][side] = b + "@" + budgetString(e.budget)
		}
	}
	think := map[string]map[string][]time.Duration{}
	start := time.Now()
	for _, a := range names {
		for _, b := range names {
			cfg := base
			cfg.bots, cfg.players = nil, nil
			for i, s := range base.seats {
				n := a
				if s.Side != sides[0] {
					n = b
				}
				e := parseEntrant(base.rules.ID(), s.Side, n, base.level, base.budget, budgetSet)
				if _, err := e.newBot(base.rules, game.Seat(i), 1); err != nil {
					return nil, err
				}
				cfg.bots = append(cfg.bots, n)
				cfg.players = append(cfg.players, e)
			}
			r, err := arena(cfg)
			if err != nil {
				return nil, fmt.Errorf("%s (%s) against %s (%s): %w", a, sides[0], b, sides[1], err)
			}
			rep.Pairings = append(rep.Pairings, tournamentPairing{First: a, Second: b, Games: r.Games, Wins: r.Wins, Draws: r.Draws})
			for i, s := range base.seats {
				n := a
				if s.Side != sides[0] {
					n = b
				}
				if think[n] == nil {
					think[n] = map[string][]time.Duration{}
				}
				if i == seatOfSide(base.seats, s.Side) {
					think[n][s.Side] = append(think[n][s.Side], r.think[s.Side]...)
				}
			}
		}
	}
	rep.Seconds = time.Since(start).Seconds()
	for n, bySide := range think {
		rep.Times[n] = map[string]decisionTimes{}
		for side, ds := range bySide {
			rep.Times[n][side] = timesOf(ds)
		}
	}
	elo, ci, edge, edgeCI := fitElo(names, sides[0], rep.Pairings)
	for i, n := range names {
		rep.Elo[n] = elo[i]
		rep.EloCI[n] = ci[i]
	}
	rep.Edge, rep.EdgeCI = edge, edgeCI
	return rep, nil
}

// seatOfSide returns the first seat of side.
func seatOfSide(seats []game.SeatInfo, side string) int {
	for i, s := range seats {
		if s.Side == side {
			return i
		}
	}
	return -1
}

// fitElo fits the ratings of names and the first side's edge to the
// pairings: P(first side wins) = 1/(1+exp(-(x_first - x_second + h))), draws
// counting half, by Newton's method on the log-likelihood with a normal
// prior of 3 natural units (about 520 Elo) on every parameter. Ratings are
// shifted to average 1500; the intervals are 1.96 standard errors of each
// rating's difference from the average (and of the edge), from the inverse
// of the curvature at the optimum.
func fitElo(names []string, first string, ps []tournamentPairing) (elo []float64, ci [][2]float64, edge float64, edgeCI [2]float64) {
	n := len(names)
	idx := map[string]int{}
	for i, x := range names {
		idx[x] = i
	}
	k := n + 1 // the ratings, then h
	theta := make([]float64, k)
	const prior = 1.0 / 9 // 1/sigma^2
	var cov [][]float64
	for iter := 0; iter < 100; iter++ {
		g := make([]float64, k)
		h := make([][]float64, k)
		for i := range h {
			h[i] = make([]float64, k)
			h[i][i] = -prior
			g[i] = -prior * theta[i]
		}
		for _, p := range ps {
			a, b := idx[p.First], idx[p.Second]
			games := float64(p.Games)
			score := float64(p.Wins[first]) + float64(p.Draws)/2
			pr := 1 / (1 + math.Exp(-(theta[a] - theta[b] + theta[n])))
			d := score - games*pr
			w := games * pr * (1 - pr)
			// d/dx of (x_a - x_b + h): a +1, b -1, h +1.
			coef := map[int]float64{}
			coef[a] += 1
			coef[b] -= 1
			coef[n] += 1
			for i, ci := range coef {
				g[i] += ci * d
				for j, cj := range coef {
					h[i][j] -= ci * cj * w
				}
			}
		}
		neg := make([][]float64, k)
		for i := range h {
			neg[i] = make([]float64, k)
			for j := range h[i] {
				neg[i][j] = -h[i][j]
			}
		}
		inv := invert(neg)
		if inv == nil {
			break
		}
		cov = inv
		step := 0.0
		for i := 0; i < k; i++ {
			var s float64
			for j := 0; j < k; j++ {
				s += inv[i][j] * g[j]
			}
			theta[i] += s
			step = math.Max(step, math.Abs(s))
		}
		if step < 1e-9 {
			break
		}
	}
	mean := 0.0
	for i := 0; i < n; i++ {
		mean += theta[i] / float64(n)
	}
	for i := 0; i < n; i++ {
		r := 1500 + eloScale*(theta[i]-mean)
		se := 0.0
		if cov != nil {
			c := make([]float64, k)
			for j := 0; j < n; j++ {
				c[j] = -1 / float64(n)
			}
			c[i]++
			var v float64
			for a := 0; a < k; a++ {
				for b := 0; b < k; b++ {
					v += c[a] * cov[a][b] * c[b]
				}
			}
			se = eloScale * math.Sqrt(math.Max(0, v))
		}
		elo = append(elo, math.Round(r))
		ci = append(ci, [2]float64{math.Round(r - 1.96*se), math.Round(r + 1.96*se)})
	}
	edge = eloScale * theta[n]
	se := 0.0
	if cov != nil {
		se = eloScale * math.Sqrt(math.Max(0, cov[n][n]))
	}
	return elo, ci, math.Round(edge), [2]float64{math.Round(edge - 1.96*se), math.Round(edge + 1.96*se)}
}

// invert returns the inverse of the square matrix m (Gauss-Jordan with
// partial pivoting), or nil when it is singular.
func invert(m [][]float64) [][]float64 {
	k := len(m)
	a := make([][]float64, k)
	for i := range m {
		a[i] = make([]float64, 2*k)
		copy(a[i], m[i])
		a[i][k+i] = 1
	}
	for c := 0; c < k; c++ {
		p := c
		for r := c + 1; r < k; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if math.Abs(a[p][c]) < 1e-12 {
			return nil
		}
		a[c], a[p] = a[p], a[c]
		d := a[c][c]
		for j := range a[c] {
			a[c][j] /= d
		}
		for r := 0; r < k; r++ {
			if r == c || a[r][c] == 0 {
				continue
			}
			f := a[r][c]
			for j := range a[r] {
				a[r][j] -= f * a[c][j]
			}
		}
	}
	out := make([][]float64, k)
	for i := range a {
		out[i] = a[i][k:]
	}
	return out
}

// printTournament prints the ratings, the head-to-head table and the
// decision times.
func printTournament(rep *tournamentReport) {
	opts := rep.Options
	if opts == "" {
		opts = "none"
	}
	s0, s1 := rep.Sides[0], rep.Sides[1]
	fmt.Printf("%s tournament: %d entrants, %d games per pairing (seeds %d..%d), options %s\n",
		rep.Game, len(rep.Entrants), rep.Games, rep.Seed, rep.Seed+uint64(rep.Games)-1, opts)
	order := append([]string(nil), rep.Entrants...)
	sort.SliceStable(order, func(i, j int) bool { return rep.Elo[order[i]] > rep.Elo[order[j]] })
	w := 8
	for _, n := range rep.Entrants {
		w = max(w, len(n))
	}
	fmt.Printf("  Elo (95%% interval); the %s side's edge %+.0f [%+.0f, %+.0f]\n", s0, rep.Edge, rep.EdgeCI[0], rep.EdgeCI[1])
	for i, n := range order {
		ci := rep.EloCI[n]
		fmt.Printf("  %2d. %-*s %5.0f  [%5.0f, %5.0f]   %s: %s, %s: %s\n", i+1, w, n, rep.Elo[n], ci[0], ci[1],
			s0, rep.Bots[n][s0], s1, rep.Bots[n][s1])
	}
	fmt.Printf("  head to head: %s wins, %% of games, %s by row against %s by column\n", s0, s0, s1)
	fmt.Printf("  %-*s", w, "")
	for _, n := range rep.Entrants {
		fmt.Printf(" %*s", max(7, len(n)), n)
	}
	fmt.Println()
	for _, a := range rep.Entrants {
		fmt.Printf("  %-*s", w, a)
		for _, b := range rep.Entrants {
			for _, p := range rep.Pairings {
				if p.First == a && p.Second == b {
					fmt.Printf(" %*.0f", max(7, len(b)), 100*float64(p.Wins[s0])/float64(p.Games))
				}
			}
		}
		fmt.Println()
	}
	fmt.Printf("  decision times, ms (p50 / p95 / max over the decisions with a choice)\n")
	for _, n := range rep.Entrants {
		var parts []string
		for _, side := range rep.Sides {
			d := rep.Times[n][side]
			parts = append(parts, fmt.Sprintf("%s %.1f / %.1f / %.1f (%d)", side, d.P50, d.P95, d.Max, d.N))
		}
		fmt.Printf("  %-*s %s\n", w, n, strings.Join(parts, ", "))
	}
	fmt.Printf("  %.1fs, %d workers\n", rep.Seconds, rep.Workers)
}

// runTournament is arena --tournament once the flags are read.
func runTournament(base arenaConfig, entrantList string, budgetSet, asJSON bool, args []string) int {
	var names []string
	for _, n := range strings.Split(entrantList, ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		names = defaultEntrants(base.rules.ID())
	}
	// Check the entrants before playing: an unknown one is a wrong flag.
	if sides := base.rules.Sides(); len(sides) != 2 {
		fmt.Fprintf(os.Stderr, "gaslamp arena: --tournament needs a game of two sides; %s has %d\n", base.rules.ID(), len(sides))
		return 2
	}
	for _, n := range names {
		for i, s := range base.seats {
			e := parseEntrant(base.rules.ID(), s.Side, n, base.level, base.budget, budgetSet)
			if _, err := e.newBot(base.rules, game.Seat(i), 1); err != nil {
				fmt.Fprintf(os.Stderr, "gaslamp arena: --entrants %q: %v\n", n, err)
				return 2
			}
		}
	}
	rep, err := tournament(base, names, budgetSet)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gaslamp arena:", err)
		return 1
	}
	rep.Command = "gaslamp arena " + strings.Join(args, " ")
	if asJSON {
		data, _ := json.MarshalIndent(rep, "", "  ")
		fmt.Println(string(data))
		return 0
	}
	printTournament(rep)
	return 0
}

// defaultEntrants are the levels in words, then the game's own bot kinds
// that no level plays as such, then random.
func defaultEntrants(gameID string) []string {
	out := append([]string(nil), game.Levels...)
	for _, n := range game.BotNames(gameID) {
		if n == "baseline" {
			out = append(out, n)
		}
	}
	return append(out, "random")
}
