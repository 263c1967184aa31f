package main

import (
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"gaslamp/game"
	"gaslamp/games/jekyll"
)

// Jekyll & Hyde vs Scotland Yard is co-operative: both seats are on one side
// against the City, so "who wins" is one number per chapter and pair. "gaslamp
// arena --game jekyll" runs its own arena: N games per chapter for each pair
// of players (the same seeds for every pair) and prints the players' win rate
// with a 95% Wilson interval. The pairs:
//
//   - a registered bot name (default "partner"): both seats play that bot at
//     --level/--budget, each from its own view;
//   - "cheater": jekyll.Cheater for both seats, reading the full state (both
//     hands, the City deck). It is an upper bound, not a player.
//
// The generic arena (arena.go) handles every other game; this file takes the
// "arena" command over and hands it on unless --game is jekyll.

func init() {
	commands["arena"] = command{"play seeded bot matches and print win rates", runArenaDispatch}
}

// runArenaDispatch runs the Jekyll arena for --game jekyll, else the generic one.
func runArenaDispatch(args []string) int {
	if arenaGameArg(args) == "jekyll" {
		return runArenaJekyll(args)
	}
	return runArena(args)
}

// arenaGameArg finds the value of --game in args ("" if absent).
func arenaGameArg(args []string) string {
	for i, a := range args {
		if a == "--" {
			break
		}
		name := strings.TrimLeft(a, "-")
		if name == a || len(a)-len(name) > 2 {
			continue
		}
		if v, ok := strings.CutPrefix(name, "game="); ok {
			return v
		}
		if name == "game" && i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}

// cheaterPair is the pair name of the all-seeing upper bound.
const cheaterPair = "cheater"

// jekyllArenaConfig is one Jekyll arena run.
type jekyllArenaConfig struct {
	rules    game.Rules
	opts     game.Options // without "chapter"
	chapters []int
	pairs    []string
	games    int
	seed     uint64
	budget   time.Duration
	level    string
	workers  int
	maxMoves int
}

// jekyllRow is the result of one pair in one chapter.
type jekyllRow struct {
	Chapter    int           `json:"chapter"`
	Key        string        `json:"key"`
	Track      string        `json:"track"` // "last=12 jh=3 yard=0" as played
	Pair       string        `json:"pair"`
	UpperBound bool          `json:"upper_bound"` // the cheating pair: sees everything
	Games      int           `json:"games"`
	Wins       int           `json:"wins"`
	WinRate    float64       `json:"win_rate"`
	CI         [2]float64    `json:"ci"` // 95% Wilson interval of the win rate
	AvgStars   float64       `json:"avg_stars"`
	Decisions  decisionTimes `json:"-"` // ms, the bots' decisions with a choice (printed, not in --json: it varies between runs)
}

// jekyllArenaReport is what arena --game jekyll prints with --json.
type jekyllArenaReport struct {
	Game     string      `json:"game"`
	Options  string      `json:"options"`
	Seed     uint64      `json:"seed"`
	Games    int         `json:"games"` // per chapter and pair
	Level    string      `json:"level"`
	Budget   string      `json:"budget"`
	Note     string      `json:"note"`
	Rows     []jekyllRow `json:"rows"`
	Seconds  float64     `json:"seconds"`
	Workers  int         `json:"workers"`
	Command  string      `json:"command"`
	Chapters []int       `json:"chapters"`
}

const cheaterNote = "cheater: both seats read the full state (hands, City deck); an upper bound, not a fair player"

func runArenaJekyll(args []string) int {
	fs := newFlags("arena", "--game jekyll [--chapters 1-10] [--games N] [--pairs partner,cheater] [--level L] [--budget D] [--options LIST] [--json]")
	fs.String("game", "jekyll", "the game (jekyll here)")
	games := fs.Int("games", 100, "games per chapter and pair")
	seed := fs.Uint64("seed", 1, "seed of the first game; game i of every chapter and pair uses seed+i")
	optList := fs.String("options", "", "table options, e.g. \"track-length=10,start-jh=2\" (chapter: the default --chapters)")
	chapterList := fs.String("chapters", "", "chapters to run, e.g. 1-10, 4 or 1,4,6 (default: the chapter of --options, else all)")
	pairList := fs.String("pairs", "partner,"+cheaterPair, "pairs to run, comma-separated: a bot name for both seats (partner, random, ...) or cheater (all-seeing upper bound)")
	asJSON := fs.Bool("json", false, "print one JSON object")
	budget := fs.Duration("budget", -1, "time per decision for the bots (negative: none, the level's samples only, deterministic; 0: the bot's default)")
	level := fs.String("level", "easy", "bot level: easy, normal or hard")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "games played at once")
	maxMoves := fs.Int("max-moves", 10000, "a game longer than this is an error")
	if code, ok := parse(fs, args); !ok {
		return code
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(os.Stderr, "gaslamp arena: "+format+"\n", a...)
		return 2
	}
	r, err := game.Lookup("jekyll")
	if err != nil {
		return fail("%v", err)
	}
	if *games <= 0 {
		return fail("--games must be positive")
	}
	if msg := checkArenaFlags(*level, *workers, *maxMoves); msg != "" {
		return fail("%s", msg)
	}
	opts := game.ParseOptions(*optList)
	spec := *chapterList
	if spec == "" {
		spec = opts["chapter"]
		if spec == "" {
			spec = "1-" + strconv.Itoa(jekyll.NumChapters)
		}
	}
	chs, err := parseChapters(spec)
	if err != nil {
		return fail("--chapters: %v", err)
	}
	delete(opts, "chapter")
	var pairs []string
	for _, p := range strings.Split(*pairList, ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		if p != cheaterPair {
			if _, err := game.NewBot(p, game.BotConfig{Rules: r, Seat: 0, Seed: 1}); err != nil {
				return fail("%v", err)
			}
		}
		pairs = append(pairs, p)
	}
	if len(pairs) == 0 {
		return fail("--pairs is empty")
	}
	for _, ch := range chs {
		if _, err := r.New(chapterOpts(opts, ch), 1); err != nil {
			return fail("chapter %d, options %q: %v", ch, *optList, err)
		}
	}
	cfg := jekyllArenaConfig{rules: r, opts: opts, chapters: chs, pairs: pairs, games: *games, seed: *seed,
		budget: *budget, level: *level, workers: *workers, maxMoves: *maxMoves}
	rep, err := jekyllArena(cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gaslamp arena:", err)
		return 1
	}
	rep.Command = "gaslamp arena " + strings.Join(args, " ")
	if *asJSON {
		data, _ := json.MarshalIndent(rep, "", "  ")
		fmt.Println(string(data))
		return 0
	}
	printJekyllArena(rep)
	return 0
}

// parseChapters reads "1-10", "4" or "1,4,6-8".
func parseChapters(s string) ([]int, error) {
	var out []int
	seen := map[int]bool{}
	for _, part := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(part), "-")
		a, err := strconv.Atoi(lo)
		if err != nil {
			return nil, fmt.Errorf("bad chapter %q", part)
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(hi); err != nil {
				return nil, fmt.Errorf("bad chapter range %q", part)
			}
		}
		if a < 1 || b > jekyll.NumChapters || a > b {
			return nil, fmt.Errorf("chapters are 1..%d, got %q", jekyll.NumChapters, part)
		}
		for c := a; c <= b; c++ {
			if !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	return out, nil
}

func chapterOpts(opts game.Options, ch int) game.Options {
	o := game.Options{}
	for k, v := range opts {
		o[k] = v
	}
	o["chapter"] = strconv.Itoa(ch)
	return o
}

type jekyllJob struct{ row, game int }

type jekyllResult struct {
	win   bool
	stars int
	err   error
	think []time.Duration // the time of each bot decision with more than one legal move
}

// jekyllArena plays every chapter x pair x game on cfg.workers goroutines.
// Game i of every chapter and pair uses seed cfg.seed+i, its bots the seeds of
// botSeed, so the results do not depend on workers (with a negative budget,
// on nothing else either).
func jekyllArena(cfg jekyllArenaConfig) (*jekyllArenaReport, error) {
	rep := &jekyllArenaReport{Game: "jekyll", Options: cfg.opts.String(), Seed: cfg.seed, Games: cfg.games,
		Level: cfg.level, Budget: budgetString(cfg.budget), Note: cheaterNote, Workers: cfg.workers, Chapters: cfg.chapters}
	type rowCfg struct {
		ch   int
		opts game.Options
		pair string
	}
	var rows []rowCfg
	for _, ch := range cfg.chapters {
		o := chapterOpts(cfg.opts, ch)
		st, err := cfg.rules.New(o, cfg.seed)
		if err != nil {
			return nil, fmt.Errorf("chapter %d: %w", ch, err)
		}
		key, track := jekyllTrack(st, ch)
		for _, p := range cfg.pairs {
			rows = append(rows, rowCfg{ch, o, p})
			rep.Rows = append(rep.Rows, jekyllRow{Chapter: ch, Key: key, Track: track, Pair: p, UpperBound: p == cheaterPair, Games: cfg.games})
		}
	}
	results := make([][]jekyllResult, len(rows))
	for i := range results {
		results[i] = make([]jekyllResult, cfg.games)
	}
	next := make(chan jekyllJob)
	var wg sync.WaitGroup
	start := time.Now()
	for w := 0; w < cfg.workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				rc := rows[j.row]
				results[j.row][j.game] = playJekyllGame(cfg, rc.opts, rc.pair, cfg.seed+uint64(j.game))
			}
		}()
	}
	// Interleave rows so that a partial run is spread over every row.
	for g := 0; g < cfg.games; g++ {
		for r := range rows {
			next <- jekyllJob{r, g}
		}
	}
	close(next)
	wg.Wait()
	rep.Seconds = time.Since(start).Seconds()
	for r := range rows {
		row := &rep.Rows[r]
		stars := 0
		var think []time.Duration
		for g, res := range results[r] {
			think = append(think, res.think...)
			if res.err != nil {
				return nil, fmt.Errorf("chapter %d, pair %s, game %d (seed %d): %w", row.Chapter, row.Pair, g, cfg.seed+uint64(g), res.err)
			}
			if res.win {
				row.Wins++
			}
			stars += res.stars
		}
		row.WinRate = float64(row.Wins) / float64(row.Games)
		lo, hi := wilson(row.Wins, row.Games)
		row.CI = [2]float64{lo, hi}
		row.AvgStars = float64(stars) / float64(row.Games)
		row.Decisions = timesOf(think)
	}
	return rep, nil
}

func budgetString(d time.Duration) string {
	if d < 0 {
		return "none"
	}
	if d == 0 {
		return "default"
	}
	return d.String()
}

// jekyllTrack names the chapter and its track as played (options included).
func jekyllTrack(st game.State, ch int) (key, track string) {
	v, ok := st.View(game.Spectator).(*jekyll.View)
	if !ok {
		return strconv.Itoa(ch), ""
	}
	track = fmt.Sprintf("last=%d jh=%d", v.Rules.Last, v.Rules.StartJH)
	if v.Rules.Yard {
		track += fmt.Sprintf(" yard=%d", v.Rules.StartYard)
	} else {
		track += " yard=-"
	}
	return v.Rules.Key, track
}

// playJekyllGame plays one game of pair (a bot name, or cheaterPair).
func playJekyllGame(cfg jekyllArenaConfig, opts game.Options, pair string, seed uint64) (res jekyllResult) {
	st, err := cfg.rules.New(opts, seed)
	if err != nil {
		return jekyllResult{err: err}
	}
	var bots [2]game.Bot
	var cheat *jekyll.Cheater
	if pair == cheaterPair {
		cheat = jekyll.NewCheater(botSeed(seed, 0))
	} else {
		for i := range bots {
			bots[i], err = game.NewBot(pair, game.BotConfig{Rules: cfg.rules, Seat: game.Seat(i), Seed: botSeed(seed, i), Budget: cfg.budget, Level: cfg.level})
			if err != nil {
				return jekyllResult{err: err}
			}
		}
	}
	var buf, legal []game.Move
	for moves := 0; ; moves++ {
		out := st.Outcome()
		if out.Over {
			res.win = out.Winner == "players"
			if js, ok := st.(*jekyll.State); ok && res.win {
				res.stars = js.CampaignScore() - campaignOf(opts)
			}
			return res
		}
		if moves >= cfg.maxMoves {
			return jekyllResult{err: fmt.Errorf("no end after %d moves", moves)}
		}
		seat := st.ToAct().First()
		if seat == game.Spectator || int(seat) >= len(bots) {
			return jekyllResult{err: fmt.Errorf("move %d: game not over but seat %d must act", moves+1, seat)}
		}
		buf = st.Legal(seat, buf[:0])
		if len(buf) == 0 {
			return jekyllResult{err: fmt.Errorf("move %d: seat %d has no legal move", moves+1, seat)}
		}
		var m game.Move
		if cheat != nil {
			m = cheat.Choose(st, seat)
		} else {
			legal = append(legal[:0], buf...)
			t0 := time.Now()
			m = bots[seat].Choose(st.View(seat), legal)
			if len(buf) > 1 {
				res.think = append(res.think, time.Since(t0))
			}
		}
		if !game.Contains(buf, m) {
			return jekyllResult{err: fmt.Errorf("move %d: pair %s chose %s, not a legal move", moves+1, pair, cfg.rules.EncodeMove(m))}
		}
		if err := st.Apply(seat, m, nil); err != nil {
			return jekyllResult{err: fmt.Errorf("move %d: legal move %s refused: %v", moves+1, cfg.rules.EncodeMove(m), err)}
		}
	}
}

func campaignOf(opts game.Options) int {
	n, _ := strconv.Atoi(opts["campaign-score"])
	return n
}

func printJekyllArena(rep *jekyllArenaReport) {
	opts := rep.Options
	if opts == "" {
		opts = "chapter defaults"
	}
	fmt.Printf("jekyll: %d games per chapter and pair, seeds %d..%d, options %s, level %s, budget %s\n",
		rep.Games, rep.Seed, rep.Seed+uint64(rep.Games)-1, opts, rep.Level, rep.Budget)
	fmt.Printf("  %-2s  %-14s %-20s %-8s %11s %7s  %-17s %s\n", "ch", "key", "track", "pair", "wins/games", "win %", "95% CI", "stars")
	for _, r := range rep.Rows {
		pair := r.Pair
		if r.UpperBound {
			pair += "*"
		}
		fmt.Printf("  %2d  %-14s %-20s %-8s %5d/%-5d %6.1f%%  [%5.1f%%, %5.1f%%]  %.2f\n",
			r.Chapter, r.Key, r.Track, pair, r.Wins, r.Games, 100*r.WinRate, 100*r.CI[0], 100*r.CI[1], r.AvgStars)
	}
	for _, r := range rep.Rows {
		if d := r.Decisions; d.N > 0 {
			fmt.Printf("  ch %d %s decisions %d: p50 %.1f ms, p95 %.1f ms, max %.1f ms\n", r.Chapter, r.Pair, d.N, d.P50, d.P95, d.Max)
		}
	}
	for _, r := range rep.Rows {
		if r.UpperBound {
			fmt.Println("  * " + rep.Note)
			break
		}
	}
	fmt.Printf("  %.1fs, %d workers\n", rep.Seconds, rep.Workers)
}
