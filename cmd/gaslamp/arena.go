package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	_ "gaslamp/bot" // the generic bots: random, ismcts
	"gaslamp/game"
	"gaslamp/games/whitechapel"
	"gaslamp/games/whitehall"
	_ "gaslamp/games/whitehall/whitehallbot" // whitehall's baseline bot
)

func init() {
	commands["arena"] = command{"play seeded bot matches and print win rates", runArena}
}

// botFlags collects repeated --bot side=name flags.
type botFlags map[string]string

func (b botFlags) String() string {
	parts := make([]string, 0, len(b))
	for k, v := range b {
		parts = append(parts, k+"="+v)
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

func (b botFlags) Set(s string) error {
	k, v, ok := strings.Cut(s, "=")
	if !ok || k == "" || v == "" {
		return fmt.Errorf("want side=bot (or seat=bot), got %q", s)
	}
	b[k] = v
	return nil
}

// arenaConfig is one arena run.
type arenaConfig struct {
	rules    game.Rules
	opts     game.Options
	games    int
	seed     uint64
	seats    []game.SeatInfo
	bots     []string  // entrant per seat (see parseEntrant)
	players  []entrant // the bot each seat plays
	budget   time.Duration
	level    string
	workers  int
	maxMoves int
}

// entrant is one player of the arena: a bot with its level and budget. Its
// name is how the arena was told of it: a level in words ("easy", "normal",
// "hard": the game's pick for that side, game.PickLevel), a bot name
// ("baseline": at --level) or a bot and its own level ("ismcts:hard").
type entrant struct {
	name   string
	bot    string
	level  string
	budget time.Duration
}

// parseEntrant resolves name for side of game: a level's pick keeps its own
// budget unless budgetSet (--budget given), a named bot plays at level with
// budget.
func parseEntrant(gameID, side, name, level string, budget time.Duration, budgetSet bool) entrant {
	if game.IsLevel(name) {
		p := game.PickLevel(gameID, side, name)
		e := entrant{name: name, bot: p.Bot, level: p.Level, budget: p.Budget}
		if budgetSet {
			e.budget = budget
		}
		return e
	}
	p := game.Pick(name)
	if p.Level == "" {
		p.Level = level
	}
	return entrant{name: name, bot: p.Bot, level: p.Level, budget: budget}
}

// newBot makes e's bot for seat.
func (e entrant) newBot(r game.Rules, seat game.Seat, seed uint64) (game.Bot, error) {
	return game.NewBot(e.bot, game.BotConfig{Rules: r, Seat: seat, Seed: seed, Budget: e.budget, Level: e.level})
}

// gameResult is the result of one arena game.
type gameResult struct {
	winner string
	reason string
	moves  int
	rounds int // -1 when the game does not report rounds
	err    error
	think  [][]time.Duration           // per seat, the time of each decision with more than one legal move
	kinds  map[string]map[string][]int // side -> move kind -> count per round (index 0 when no rounds)
	counts map[string]int              // a game's own figures (arenaCounts)
}

// arenaReport is what arena prints with --json.
type arenaReport struct {
	Game           string                `json:"game"`
	Options        string                `json:"options"`
	Seed           uint64                `json:"seed"`
	Games          int                   `json:"games"`
	Bots           map[string]string     `json:"bots"` // side -> bot (a seat id when seats of a side differ)
	Wins           map[string]int        `json:"wins"`
	Draws          int                   `json:"draws"`
	WinRate        map[string]float64    `json:"win_rate"`
	CI             map[string][2]float64 `json:"ci"` // 95% Wilson interval of each side's win rate
	Reasons        map[string]int        `json:"reasons"`
	AvgMoves       float64               `json:"avg_moves"`
	AvgRounds      *float64              `json:"avg_rounds,omitempty"`
	Seconds        float64               `json:"seconds"`
	GamesPerSecond float64               `json:"games_per_second"`
	Workers        int                   `json:"workers"`
	// Decisions gives, per side (or seat, as Bots), the bots' decision
	// times in milliseconds over the decisions with a choice.
	Decisions map[string]decisionTimes   `json:"decision_ms"`
	think     map[string][]time.Duration // the decision times behind Decisions
	// Kinds counts the moves each side played by their kind (the "kind" of
	// the move's JSON), per round for the games that count rounds (index
	// 0 is round 1).
	Kinds map[string]map[string][]int `json:"moves_by_kind"`
	// Counts sums a game's own figures over the games (arenaCounts), e.g.
	// Whitechapel's nights Jack was home on his first move.
	Counts map[string]int `json:"counts,omitempty"`
}

// arenaCounts gives, per game, figures of one finished game to sum up.
var arenaCounts = map[string]func(st game.State) map[string]int{
	whitechapel.ID: func(st game.State) map[string]int {
		v, ok := st.View(game.Spectator).(*whitechapel.View)
		if !ok {
			return nil
		}
		out := map[string]int{}
		for i, n := range v.Nights {
			key := "night1"
			if i > 0 {
				key = "nights2-4"
			}
			out[key]++
			if n.Home && len(n.Moves) == 1 {
				out[key+" home on the first move"]++
			}
		}
		return out
	},
}

// decisionTimes sums up the decision times of one side in an arena run.
type decisionTimes struct {
	N   int     `json:"n"`
	P50 float64 `json:"p50"`
	P95 float64 `json:"p95"`
	Max float64 `json:"max"`
}

// timesOf sums up ds (sorted in place).
func timesOf(ds []time.Duration) decisionTimes {
	if len(ds) == 0 {
		return decisionTimes{}
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	return decisionTimes{N: len(ds), P50: ms(ds[len(ds)/2]), P95: ms(ds[min(len(ds)-1, len(ds)*95/100)]), Max: ms(ds[len(ds)-1])}
}

func runArena(args []string) int {
	fs := newFlags("arena", "--game ID [--games N] [--seed S] [--SIDE BOT ...] [--bot SIDE=BOT ...] [--options LIST] [--json]")
	gameID := fs.String("game", "whitehall", "the game to play (registered id)")
	games := fs.Int("games", 100, "number of games")
	seed := fs.Uint64("seed", 1, "seed of the first game; game i uses seed+i")
	optList := fs.String("options", "", "table options, e.g. \"false-clues,reid=blue\"")
	asJSON := fs.Bool("json", false, "print one JSON object")
	budget := fs.Duration("budget", 0, "time per decision for search bots (0: the bot's default; negative: none)")
	level := fs.String("level", "", "bot level: easy, normal or hard")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "games played at once")
	maxMoves := fs.Int("max-moves", 100000, "a game longer than this is an error")
	tourney := fs.Bool("tournament", false, "play a round robin between --entrants at both sides and print Elo ratings")
	entrants := fs.String("entrants", "", "with --tournament: the entrants, comma-separated: levels (easy, normal, hard), bots (baseline) or bot:level (default: the levels, baseline, random)")
	// Jekyll's own flags, shown here so that arena --help lists them; its
	// arena (arena_jekyll.go) reads them.
	fs.String("chapters", "", "with --game jekyll only: chapters to run, e.g. 1-10, 4 or 1,4,6 (arena --game jekyll --help lists its flags, whose defaults differ: --level easy, no time limit)")
	fs.String("pairs", "", "with --game jekyll only: pairs to run, comma-separated: a bot name for both seats (partner, random, ...) or cheater (all-seeing upper bound)")
	bots := botFlags{}
	fs.Var(bots, "bot", "play `SIDE=BOT` (a side, or one seat by its id, gets that bot); repeatable")
	// One flag per side of every registered game: --jack, --investigators, ...
	sideFlags := map[string]*string{}
	for _, r := range game.Games() {
		for _, side := range r.Sides() {
			if _, ok := sideFlags[side]; ok || fs.Lookup(side) != nil {
				continue
			}
			sideFlags[side] = fs.String(side, "", "the bot of side "+side+" (games: "+gamesWithSide(side)+")")
		}
	}
	if code, ok := parse(fs, args); !ok {
		return code
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(os.Stderr, "gaslamp arena: "+format+"\n", a...)
		return 2
	}
	r, err := game.Lookup(*gameID)
	if err != nil {
		return fail("unknown game %q (have: %s)", *gameID, strings.Join(gameIDs(), ", "))
	}
	if *games <= 0 {
		return fail("--games must be positive")
	}
	if msg := checkArenaFlags(*level, *workers, *maxMoves); msg != "" {
		return fail("%s", msg)
	}
	var jekyllOnly, tourneyOnly string
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "chapters", "pairs":
			jekyllOnly = f.Name
		case "entrants":
			tourneyOnly = f.Name
		}
	})
	if jekyllOnly != "" {
		return fail("--%s is for --game jekyll only (see arena --game jekyll --help)", jekyllOnly)
	}
	if tourneyOnly != "" && !*tourney {
		return fail("--entrants goes with --tournament")
	}
	opts := game.ParseOptions(*optList)
	seats, err := r.Seats(opts)
	if err != nil {
		return fail("options %q: %v", *optList, err)
	}
	fs.Visit(func(f *flag.Flag) {
		if p, ok := sideFlags[f.Name]; ok && *p != "" {
			bots[f.Name] = *p
		}
	})
	known := map[string]bool{}
	for _, s := range r.Sides() {
		known[s] = true
	}
	for _, s := range seats {
		known[s.ID] = true
	}
	for k := range bots {
		if !known[k] {
			return fail("game %s has no side or seat %q (sides: %s)", r.ID(), k, strings.Join(r.Sides(), ", "))
		}
	}
	budgetSet := false
	fs.Visit(func(f *flag.Flag) { budgetSet = budgetSet || f.Name == "budget" })
	def := defaultBot(r.ID())
	cfg := arenaConfig{rules: r, opts: opts, games: *games, seed: *seed, seats: seats, budget: *budget, level: *level, workers: *workers, maxMoves: *maxMoves}
	if *tourney {
		if len(bots) > 0 {
			return fail("--tournament takes --entrants, not bots per side")
		}
		return runTournament(cfg, *entrants, budgetSet, *asJSON, args)
	}
	for _, s := range seats {
		name := def
		if b, ok := bots[s.Side]; ok {
			name = b
		}
		if b, ok := bots[s.ID]; ok {
			name = b
		}
		cfg.bots = append(cfg.bots, name)
	}
	for i, name := range cfg.bots {
		e := parseEntrant(r.ID(), seats[i].Side, name, cfg.level, cfg.budget, budgetSet)
		if _, err := e.newBot(r, game.Seat(i), 1); err != nil {
			return fail("%v", err)
		}
		cfg.players = append(cfg.players, e)
	}
	rep, err := arena(cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gaslamp arena:", err)
		return 1
	}
	if *asJSON {
		data, _ := json.MarshalIndent(rep, "", "  ")
		fmt.Println(string(data))
		return 0
	}
	printArena(rep, r)
	return 0
}

// checkArenaFlags checks the flags both arenas share that once fell back
// silently (an unknown level played as the bot's default, --workers 0 as 1):
// it returns a message naming the bad flag, or "".
func checkArenaFlags(level string, workers, maxMoves int) string {
	switch {
	case level != "" && !game.IsLevel(level):
		return fmt.Sprintf("unknown --level %q (levels: %s; a bot's own setting goes after its name, e.g. --bot jack=ismcts:5000)", level, strings.Join(game.Levels, ", "))
	case workers < 1:
		return fmt.Sprintf("--workers must be at least 1, got %d", workers)
	case maxMoves < 1:
		return fmt.Sprintf("--max-moves must be at least 1, got %d", maxMoves)
	}
	return ""
}

func gameIDs() []string {
	var ids []string
	for _, r := range game.Games() {
		ids = append(ids, r.ID())
	}
	return ids
}

func gamesWithSide(side string) string {
	var ids []string
	for _, r := range game.Games() {
		for _, s := range r.Sides() {
			if s == side {
				ids = append(ids, r.ID())
				break
			}
		}
	}
	return strings.Join(ids, ", ")
}

// defaultBot is "baseline" when the game has one, else "random".
func defaultBot(gameID string) string {
	for _, n := range game.BotNames(gameID) {
		if n == "baseline" {
			return n
		}
	}
	return "random"
}

// botSeed is the seed of the bot of seat in the game of seed gameSeed.
func botSeed(gameSeed uint64, seat int) uint64 {
	r := game.NewRand(gameSeed*0x9e3779b97f4a7c15 + uint64(seat+1)*0xbf58476d1ce4e5b9)
	return r.Uint64()
}

// arena plays the games on cfg.workers goroutines. Game i always uses seed
// cfg.seed+i and the same bot seeds, so the results do not depend on workers.
func arena(cfg arenaConfig) (*arenaReport, error) {
	results := make([]gameResult, cfg.games)
	next := make(chan int)
	var wg sync.WaitGroup
	start := time.Now()
	for w := 0; w < min(cfg.workers, cfg.games); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = playArenaGame(cfg, cfg.seed+uint64(i))
			}
		}()
	}
	for i := 0; i < cfg.games; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	elapsed := time.Since(start).Seconds()

	rep := &arenaReport{Game: cfg.rules.ID(), Options: cfg.opts.String(), Seed: cfg.seed, Games: cfg.games,
		Bots: map[string]string{}, Wins: map[string]int{}, WinRate: map[string]float64{}, CI: map[string][2]float64{},
		Reasons: map[string]int{}, Seconds: elapsed, Workers: cfg.workers, Decisions: map[string]decisionTimes{}}
	keys := make([]string, len(cfg.seats)) // side, or seat id when a side's seats differ
	for i, s := range cfg.seats {
		keys[i] = s.Side
		if b, ok := rep.Bots[s.Side]; ok && b != cfg.bots[i] {
			rep.Bots[s.ID] = cfg.bots[i]
			keys[i] = s.ID
		} else if !ok {
			rep.Bots[s.Side] = cfg.bots[i]
		}
	}
	think := map[string][]time.Duration{}
	for _, res := range results {
		for seat, ds := range res.think {
			think[keys[seat]] = append(think[keys[seat]], ds...)
		}
	}
	for k, ds := range think {
		rep.Decisions[k] = timesOf(ds)
	}
	rep.think = think
	rep.Kinds = map[string]map[string][]int{}
	for _, res := range results {
		for k, n := range res.counts {
			if rep.Counts == nil {
				rep.Counts = map[string]int{}
			}
			rep.Counts[k] += n
		}
		for side, ks := range res.kinds {
			if rep.Kinds[side] == nil {
				rep.Kinds[side] = map[string][]int{}
			}
			for k, per := range ks {
				acc := rep.Kinds[side][k]
				for len(acc) < len(per) {
					acc = append(acc, 0)
				}
				for i, n := range per {
					acc[i] += n
				}
				rep.Kinds[side][k] = acc
			}
		}
	}
	for _, side := range cfg.rules.Sides() {
		rep.Wins[side] = 0
	}
	var moves, rounds, withRounds int
	for i, res := range results {
		if res.err != nil {
			return nil, fmt.Errorf("game %d (seed %d): %w", i, cfg.seed+uint64(i), res.err)
		}
		if res.winner == "" {
			rep.Draws++
		} else {
			rep.Wins[res.winner]++
		}
		rep.Reasons[res.reason]++
		moves += res.moves
		if res.rounds >= 0 {
			rounds += res.rounds
			withRounds++
		}
	}
	n := float64(cfg.games)
	for side, w := range rep.Wins {
		rep.WinRate[side] = float64(w) / n
		lo, hi := wilson(w, cfg.games)
		rep.CI[side] = [2]float64{lo, hi}
	}
	rep.AvgMoves = float64(moves) / n
	if withRounds > 0 {
		avg := float64(rounds) / float64(withRounds)
		rep.AvgRounds = &avg
	}
	if elapsed > 0 {
		rep.GamesPerSecond = n / elapsed
	}
	return rep, nil
}

// roundsReporter is implemented by states that count rounds.
type roundsReporter interface{ Rounds() int }

// roundsOf reads the rounds of a finished game of the games whose states do
// not report them, from the public view.
var roundsOf = map[string]func(game.State) int{
	whitehall.ID: func(st game.State) int {
		if v, ok := st.View(game.Spectator).(*whitehall.View); ok {
			return v.Round
		}
		return -1
	},
}

// playArenaGame plays one game between the configured bots.
func playArenaGame(cfg arenaConfig, seed uint64) (res gameResult) {
	res.rounds = -1
	st, err := cfg.rules.New(cfg.opts, seed)
	if err != nil {
		res.err = err
		return res
	}
	bots := make([]game.Bot, len(cfg.players))
	res.think = make([][]time.Duration, len(cfg.players))
	for i, e := range cfg.players {
		bots[i], err = e.newBot(cfg.rules, game.Seat(i), botSeed(seed, i))
		if err != nil {
			res.err = err
			return res
		}
	}
	var buf, legal []game.Move
	for {
		out := st.Outcome()
		if out.Over {
			res.winner, res.reason = out.Winner, out.Reason.Key
			break
		}
		if res.moves >= cfg.maxMoves {
			res.err = fmt.Errorf("no end after %d moves", res.moves)
			return res
		}
		seat := st.ToAct().First()
		if seat == game.Spectator || int(seat) >= len(bots) {
			res.err = fmt.Errorf("move %d: game not over but seat %d must act", res.moves+1, seat)
			return res
		}
		buf = st.Legal(seat, buf[:0])
		if len(buf) == 0 {
			res.err = fmt.Errorf("move %d: seat %s must act but has no legal move", res.moves+1, cfg.seats[seat].ID)
			return res
		}
		legal = append(legal[:0], buf...)
		v := st.View(seat)
		t0 := time.Now()
		m := bots[seat].Choose(v, legal)
		if len(legal) > 1 {
			res.think[seat] = append(res.think[seat], time.Since(t0))
		}
		if !game.Contains(buf, m) {
			res.err = fmt.Errorf("move %d: bot %s of seat %s chose %s, not a legal move", res.moves+1, cfg.bots[seat], cfg.seats[seat].ID, cfg.rules.EncodeMove(m))
			return res
		}
		round := 0
		if f, ok := roundsOf[cfg.rules.ID()]; ok {
			round = max(0, f(st)-1)
		}
		countKind(&res, cfg.seats[seat].Side, cfg.rules.EncodeMove(m), round)
		if err := st.Apply(seat, m, nil); err != nil {
			res.err = fmt.Errorf("move %d: legal move %s of seat %s refused: %v", res.moves+1, cfg.rules.EncodeMove(m), cfg.seats[seat].ID, err)
			return res
		}
		res.moves++
	}
	if f, ok := arenaCounts[cfg.rules.ID()]; ok {
		res.counts = f(st)
	}
	if rr, ok := st.(roundsReporter); ok {
		res.rounds = rr.Rounds()
	} else if f, ok := roundsOf[cfg.rules.ID()]; ok {
		res.rounds = f(st)
	}
	return res
}

// countKind counts move data (JSON) of side in round (0-based) by its kind.
func countKind(res *gameResult, side string, data []byte, round int) {
	var k struct {
		Kind string `json:"kind"`
	}
	if json.Unmarshal(data, &k) != nil || k.Kind == "" {
		return
	}
	if res.kinds == nil {
		res.kinds = map[string]map[string][]int{}
	}
	if res.kinds[side] == nil {
		res.kinds[side] = map[string][]int{}
	}
	per := res.kinds[side][k.Kind]
	for len(per) <= round {
		per = append(per, 0)
	}
	per[round]++
	res.kinds[side][k.Kind] = per
}

// wilson returns the 95% Wilson score interval of k successes in n trials.
func wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	nf := float64(n)
	p := float64(k) / nf
	den := 1 + z*z/nf
	center := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return math.Max(0, center-half), math.Min(1, center+half)
}

// placeholder matches an argument of a message template.
var placeholder = regexp.MustCompile(`\{[a-zA-Z]+\}`)

func printArena(rep *arenaReport, r game.Rules) {
	var bots []string
	for k, v := range rep.Bots {
		bots = append(bots, k+"="+v)
	}
	sort.Strings(bots)
	opts := rep.Options
	if opts == "" {
		opts = "none"
	}
	fmt.Printf("%s: %d games, seeds %d..%d, options %s, bots %s\n", rep.Game, rep.Games, rep.Seed, rep.Seed+uint64(rep.Games)-1, opts, strings.Join(bots, " "))
	for _, side := range r.Sides() {
		ci := rep.CI[side]
		fmt.Printf("  %-15s %6d wins  %5.1f%%  95%% CI [%5.1f%%, %5.1f%%]\n", side, rep.Wins[side], 100*rep.WinRate[side], 100*ci[0], 100*ci[1])
	}
	if rep.Draws > 0 {
		fmt.Printf("  %-15s %6d\n", "draws", rep.Draws)
	}
	reasons := make([]string, 0, len(rep.Reasons))
	for k := range rep.Reasons {
		reasons = append(reasons, k)
	}
	sort.Slice(reasons, func(i, j int) bool {
		a, b := rep.Reasons[reasons[i]], rep.Reasons[reasons[j]]
		return a > b || a == b && reasons[i] < reasons[j]
	})
	msgs := r.Messages()
	for _, k := range reasons {
		// Reasons are counted by key: their arguments (who, where) differ.
		text := placeholder.ReplaceAllString(msgs.Render("en", game.T(k)), "…")
		fmt.Printf("    %6d  %s\n", rep.Reasons[k], text)
	}
	if rep.AvgRounds != nil {
		fmt.Printf("  average rounds %.2f, ", *rep.AvgRounds)
	} else {
		fmt.Printf("  ")
	}
	fmt.Printf("average moves %.1f\n", rep.AvgMoves)
	counts := make([]string, 0, len(rep.Counts))
	for k := range rep.Counts {
		counts = append(counts, k)
	}
	sort.Strings(counts)
	for _, k := range counts {
		fmt.Printf("  %s: %d\n", k, rep.Counts[k])
	}
	keys := make([]string, 0, len(rep.Decisions))
	for k := range rep.Decisions {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		d := rep.Decisions[k]
		fmt.Printf("  %-15s decisions %d: p50 %.1f ms, p95 %.1f ms, max %.1f ms\n", k, d.N, d.P50, d.P95, d.Max)
	}
	fmt.Printf("  %.1f games/s (%.2fs, %d workers)\n", rep.GamesPerSecond, rep.Seconds, rep.Workers)
}
