package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"runtime/pprof"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/coder/websocket"

	"gaslamp/game"
)

func init() {
	commands["loadtest"] = command{"load a local server with WebSocket players and print latency and memory", runLoadtest}
}

// loadConfig is what one load test does.
type loadConfig struct {
	base     string   // http://127.0.0.1:PORT: the first node
	bases    []string // every node (base first); table k is created on node k mod n, its second player connects to the next node
	clients  int
	tables   int
	humans   int // players a table (1 or 2); bots take the other seats
	game     string
	duration time.Duration
	think    time.Duration
	bot      string
	level    string
	faults   faultList
	cluster  *localCluster // the nodes loadtest started, or nil
	// profilers are the started nodes' profilers (http://127.0.0.1:PORT),
	// through which a GC is forced before the idle memory is read; empty
	// with --addr.
	profilers []string
}

func runLoadtest(args []string) int {
	fs := newFlags("loadtest", "[--addr URL] [--clients 2000] [--tables 1000] [--game whitehall] [--humans 2] [--duration 60s]")
	addr := fs.String("addr", "", "server(s) to load, http://127.0.0.1:PORT (loopback only; comma separated for several nodes of one deployment); empty starts them (gaslamp serve, see --nodes)")
	nodes := fs.Int("nodes", 1, "with no --addr: nodes to start (more than 1 needs --database and --nats)")
	database := fs.String("database", "", "with no --addr: the PostgreSQL URL the started nodes share (default: each node's own SQLite, one node only)")
	natsURL := fs.String("nats", "", "with no --addr: the NATS URL the started nodes share")
	var faults faultList
	fs.Var(&faults, "fault", "a fault injected during play, repeatable: kill:N@T (SIGKILL started node N, from 1, T after play starts), start:N@T (start it again on its address), exec@T:COMMAND (run a shell command, e.g. to stop NATS or kill database connections)")
	clients := fs.Int("clients", 2000, "WebSocket players, --humans per table (given alone: --tables x --humans)")
	tables := fs.Int("tables", 1000, "tables, bots filling the seats beyond the players (given alone: --clients / --humans, the default)")
	humans := fs.Int("humans", 2, "players a table, 1 or 2 (1: each player against bots, as most games on a new site are)")
	gameID := fs.String("game", "whitehall", "game to play")
	duration := fs.Duration("duration", 60*time.Second, "how long to play (positive)")
	think := fs.Duration("think", time.Second, "a player's pause before each move (0 for as fast as possible)")
	bot := fs.String("bot", "random", "bot for the other seats")
	level := fs.String("bot-level", "easy", "the bots' level: easy, normal or hard")
	serverDebug := fs.String("server-debug-addr", "", "with no --addr: serve the started server's profiler on this loopback address (serve --debug-addr)")
	var serveFlags serveFlagList
	fs.Var(&serveFlags, "serve-flag", "with no --addr: a flag for the started nodes' serve, repeatable (e.g. --serve-flag=--gc-percent=400)")
	cpuProfile := fs.String("cpuprofile", "", "write the load generator's own CPU profile to this file")
	if code, ok := parse(fs, args); !ok {
		return code
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if msg := checkLoadtestFlags(set, *addr, *nodes, *database, *natsURL, *serverDebug, *humans, clients, tables,
		*gameID, *duration, *think, *level, faults); msg != "" {
		fmt.Fprintf(os.Stderr, "gaslamp loadtest: %s\n", msg)
		return 2
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "gaslamp loadtest:", err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, "gaslamp loadtest:", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	raiseFileLimit()
	cfg := loadConfig{clients: *clients, tables: *tables, humans: *humans, game: *gameID, duration: *duration, think: *think, bot: *bot, level: *level}
	var cluster *localCluster
	if *addr == "" {
		extra := append([]string(nil), serveFlags...)
		if *database != "" {
			extra = append(extra, "--database", *database)
		}
		if *natsURL != "" {
			extra = append(extra, "--nats", *natsURL, "--nats-prefix", fmt.Sprintf("loadtest%d", os.Getpid()))
		}
		cluster = &localCluster{extra: extra}
		defer cluster.stopAll()
		for i := range *nodes {
			debug := ""
			if i == 0 {
				debug = *serverDebug
			}
			base, debug, err := cluster.startProfiled(i, debug)
			if err != nil {
				fmt.Fprintln(os.Stderr, "gaslamp loadtest:", err)
				return 1
			}
			cfg.bases = append(cfg.bases, base)
			cfg.profilers = append(cfg.profilers, "http://"+debug)
		}
	} else {
		for _, a := range strings.Split(*addr, ",") {
			base, err := loopbackURL(strings.TrimSpace(a))
			if err != nil {
				fmt.Fprintln(os.Stderr, "gaslamp loadtest:", err)
				return 2
			}
			cfg.bases = append(cfg.bases, base)
		}
		fmt.Println("note: run the target with --ip-limit-scale 0, or its per-IP limits will refuse most players")
	}
	cfg.base = cfg.bases[0]
	cfg.faults, cfg.cluster = faults, cluster
	if err := loadtest(cfg, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "gaslamp loadtest:", err)
		return 1
	}
	return 0
}

// checkLoadtestFlags checks loadtest's flags before anything starts; set
// holds the flags given. It returns a message naming the bad flag, or "".
// It may set *clients or *tables from the other (one player a seat of
// --humans per table: --clients is --tables x --humans).
func checkLoadtestFlags(set map[string]bool, addr string, nodes int, database, natsURL string, serverDebug string,
	humans int, clients, tables *int, gameID string, duration, think time.Duration, level string, faults faultList) string {
	switch {
	case humans < 1 || humans > 2:
		return "--humans must be 1 or 2"
	case duration <= 0:
		return fmt.Sprintf("--duration must be a positive duration, got %v", duration)
	case think < 0:
		return fmt.Sprintf("--think must be 0 (as fast as possible) or a positive duration, got %v", think)
	case !game.IsLevel(level):
		return fmt.Sprintf("unknown --bot-level %q (levels: %s)", level, strings.Join(game.Levels, ", "))
	case nodes < 1 || nodes > 16:
		return "--nodes must be between 1 and 16"
	}
	if _, err := game.Lookup(gameID); err != nil {
		return fmt.Sprintf("unknown --game %q (have: %s)", gameID, strings.Join(gameIDs(), ", "))
	}
	// --clients and --tables: one follows from the other when only one is
	// given (the default --tables follows --clients); given both, they must
	// agree, or players would silently be fewer than asked.
	switch {
	case set["tables"] && !set["clients"]:
		*clients = *tables * humans
	case !set["tables"]:
		*tables = *clients / humans
	}
	if *tables < 1 || *clients < humans {
		return fmt.Sprintf("need at least %d clients and 1 table", humans)
	}
	if !set["tables"] && *clients%humans != 0 {
		return fmt.Sprintf("--clients %d is not a multiple of --humans %d", *clients, humans)
	}
	if *clients != *tables*humans {
		return fmt.Sprintf("--clients %d does not fill --tables %d with --humans %d players each: give --clients %d, or only one of the two", *clients, *tables, humans, *tables*humans)
	}
	if addr != "" {
		for _, f := range []string{"nodes", "database", "nats", "server-debug-addr", "serve-flag"} {
			if set[f] {
				return fmt.Sprintf("--%s applies to the nodes loadtest starts, not to --addr", f)
			}
		}
	} else {
		if nodes > 1 && (database == "" || natsURL == "") {
			return "--nodes above 1 needs --database and --nats (the nodes share them)"
		}
		if serverDebug != "" {
			host, _, err := net.SplitHostPort(serverDebug)
			if ip := net.ParseIP(host); err != nil || host != "localhost" && (ip == nil || !ip.IsLoopback()) {
				return fmt.Sprintf("--server-debug-addr %q: want a loopback host:port, e.g. 127.0.0.1:6060", serverDebug)
			}
		}
	}
	for _, f := range faults {
		if f.kind != "exec" && (addr != "" || f.node >= nodes) {
			return fmt.Sprintf("--fault %s: no started node %d (kill and start need nodes started by loadtest, see --nodes)", f, f.node+1)
		}
		if f.at >= duration {
			return fmt.Sprintf("--fault %s: at %v, not within --duration %v, it would never happen", f, f.at, duration)
		}
	}
	return ""
}

// loopbackURL accepts only http URLs on the loopback interface.
func loopbackURL(s string) (string, error) {
	if !strings.Contains(s, "://") {
		s = "http://" + s
	}
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "http" {
		return "", fmt.Errorf("--addr %q: want http://127.0.0.1:PORT", s)
	}
	host := u.Hostname()
	ip := net.ParseIP(host)
	if host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return "", fmt.Errorf("--addr %q: only loopback targets are allowed", s)
	}
	return "http://" + u.Host, nil
}

// raiseFileLimit lifts the soft limit on open files to the hard one.
func raiseFileLimit() {
	var l syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l) == nil && l.Cur < l.Max {
		l.Cur = l.Max
		syscall.Setrlimit(syscall.RLIMIT_NOFILE, &l)
	}
}

// localCluster is the `gaslamp serve` processes (this binary) a load test
// started, each on a loopback port and a temporary data directory, without
// per-IP limits.
type localCluster struct {
	extra []string // flags every node gets (--database, --nats)
	mu    sync.Mutex
	nodes []*localNode
}

type localNode struct {
	cmd  *exec.Cmd
	dir  string
	addr string // host:port it listens on
}

// start starts node i on addr (host:port; port 0 picks one), or again on
// its old address when addr is empty, and returns its base URL.
func (c *localCluster) start(i int, addr, debugAddr string) (string, error) {
	self, err := os.Executable()
	if err != nil {
		return "", err
	}
	c.mu.Lock()
	for len(c.nodes) <= i {
		c.nodes = append(c.nodes, nil)
	}
	n := c.nodes[i]
	c.mu.Unlock()
	if n == nil {
		dir, err := os.MkdirTemp("", "gaslamp-loadtest-")
		if err != nil {
			return "", err
		}
		n = &localNode{dir: dir}
	}
	if addr == "" {
		addr = n.addr
	}
	args := append([]string{"serve", "--addr", addr, "--data", n.dir, "--ip-limit-scale", "0",
		"--bot-delay", "0", "--bot-budget", "100ms", "--log-level", "warn"}, c.extra...)
	if debugAddr != "" {
		args = append(args, "--debug-addr", debugAddr)
	}
	cmd := exec.Command(self, args...)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return "", err
	}
	if err := cmd.Start(); err != nil {
		return "", err
	}
	sc := bufio.NewScanner(out)
	if !sc.Scan() {
		cmd.Process.Kill()
		cmd.Wait()
		return "", fmt.Errorf("node %d did not start", i+1)
	}
	got, ok := strings.CutPrefix(sc.Text(), "listening on ")
	if !ok {
		cmd.Process.Kill()
		cmd.Wait()
		return "", fmt.Errorf("node %d: unexpected server output %q", i+1, sc.Text())
	}
	go io.Copy(io.Discard, out)
	n.cmd, n.addr = cmd, got
	c.mu.Lock()
	c.nodes[i] = n
	c.mu.Unlock()
	return "http://" + got, nil
}

// startProfiled starts node i on a free port with its profiler on debugAddr,
// or on a free loopback port when debugAddr is empty (tried again on another
// if it was taken meanwhile), and returns its base URL and profiler address.
func (c *localCluster) startProfiled(i int, debugAddr string) (base, debug string, err error) {
	for try := 0; ; try++ {
		debug = debugAddr
		if debug == "" {
			ln, lerr := net.Listen("tcp", "127.0.0.1:0")
			if lerr != nil {
				return "", "", lerr
			}
			debug = ln.Addr().String()
			ln.Close()
		}
		base, err = c.start(i, "127.0.0.1:0", debug)
		if err == nil || debugAddr != "" || try == 2 {
			return base, debug, err
		}
	}
}

// forceGC runs a GC on every node through its profiler (heap?gc=1), so that
// the live heap the next scrape reads is the one of the moment, not of a GC
// the set-up happened to trigger earlier with fewer connections; false when
// a node did not answer or there is no profiler (--addr).
func forceGC(hc *http.Client, profilers []string) bool {
	if len(profilers) == 0 {
		return false
	}
	for _, p := range profilers {
		resp, err := hc.Get(p + "/debug/pprof/heap?gc=1")
		if err != nil {
			return false
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return false
		}
	}
	return true
}

// kill ends node i at once (SIGKILL), as a crash would.
func (c *localCluster) kill(i int) {
	c.mu.Lock()
	n := c.nodes[i]
	c.mu.Unlock()
	if n != nil && n.cmd != nil {
		n.cmd.Process.Kill()
		n.cmd.Wait()
		n.cmd = nil
	}
}

// stopAll stops every node with SIGTERM and removes their directories.
func (c *localCluster) stopAll() {
	c.mu.Lock()
	nodes := c.nodes
	c.mu.Unlock()
	for _, n := range nodes {
		if n == nil {
			continue
		}
		if n.cmd != nil {
			n.cmd.Process.Signal(syscall.SIGTERM)
			n.cmd.Wait()
		}
		os.RemoveAll(n.dir)
	}
}

// fault is one --fault: what to do to which started node, when.
type fault struct {
	kind string // kill, start, exec
	node int    // from 0
	at   time.Duration
	cmd  string // exec's shell command
}

func (f fault) String() string {
	if f.kind == "exec" {
		return fmt.Sprintf("exec@%v:%s", f.at, f.cmd)
	}
	return fmt.Sprintf("%s:%d@%v", f.kind, f.node+1, f.at)
}

// faultList is the repeatable --fault flag.
// serveFlagList is the repeatable --serve-flag: flags passed on to the
// started nodes' serve.
type serveFlagList []string

func (l *serveFlagList) String() string { return strings.Join(*l, " ") }

func (l *serveFlagList) Set(v string) error {
	if !strings.HasPrefix(v, "--") {
		return fmt.Errorf("%q is not a flag of serve (it starts with --)", v)
	}
	*l = append(*l, v)
	return nil
}

type faultList []fault

func (l *faultList) String() string {
	var parts []string
	for _, f := range *l {
		parts = append(parts, f.String())
	}
	return strings.Join(parts, " ")
}

// Set parses kill:N@T, start:N@T and exec@T:COMMAND.
func (l *faultList) Set(v string) error {
	var f fault
	if rest, ok := strings.CutPrefix(v, "exec@"); ok {
		at, cmd, ok := strings.Cut(rest, ":")
		d, err := time.ParseDuration(at)
		if !ok || err != nil || d < 0 || strings.TrimSpace(cmd) == "" {
			return fmt.Errorf("want exec@T:COMMAND, e.g. exec@20s:pkill -STOP nats-server")
		}
		f = fault{kind: "exec", at: d, cmd: cmd}
	} else {
		kind, rest, ok := strings.Cut(v, ":")
		node, at, ok2 := strings.Cut(rest, "@")
		n, err1 := strconv.Atoi(node)
		d, err2 := time.ParseDuration(at)
		if !ok || !ok2 || (kind != "kill" && kind != "start") || err1 != nil || n < 1 || err2 != nil || d < 0 {
			return fmt.Errorf("want kill:N@T or start:N@T (N from 1, T a duration such as 20s)")
		}
		f = fault{kind: kind, node: n - 1, at: d}
	}
	*l = append(*l, f)
	return nil
}

// inject runs the faults at their times after play starts, reporting each.
func inject(ctx context.Context, cfg loadConfig, w io.Writer, wmu *sync.Mutex) {
	start := time.Now()
	for _, f := range cfg.faults {
		go func(f fault) {
			select {
			case <-time.After(f.at - time.Since(start)):
			case <-ctx.Done():
				return
			}
			var err error
			switch f.kind {
			case "kill":
				cfg.cluster.kill(f.node)
			case "start":
				_, err = cfg.cluster.start(f.node, "", "")
			case "exec":
				var out []byte
				out, err = exec.Command("sh", "-c", f.cmd).CombinedOutput()
				if err != nil {
					err = fmt.Errorf("%w: %s", err, bytes.TrimSpace(out))
				}
			}
			wmu.Lock()
			defer wmu.Unlock()
			if err != nil {
				fmt.Fprintf(w, "fault %s at %v: %v\n", f, time.Since(start).Round(100*time.Millisecond), err)
			} else {
				fmt.Fprintf(w, "fault %s done at %v\n", f, time.Since(start).Round(100*time.Millisecond))
			}
		}(f)
	}
}

// loadStats are the figures a load test collects.
type loadStats struct {
	mu        sync.Mutex
	latencies []time.Duration
	// windows holds each window's latencies (windowLen of the run each,
	// by when the move was sent), to show how the tail moves in time.
	windows [][]time.Duration
	start   time.Time // when play began
	moves   atomic.Int64
	games   atomic.Int64
	errors  atomic.Int64
	refused atomic.Int64
	frames  atomic.Int64 // frames received
	bytes   atomic.Int64 // their bytes
	redials atomic.Int64 // connections made again after one ended
	acked   sync.Map     // table id -> *atomic.Int64: the highest version an ack named
	acks    atomic.Int64 // acks received
}

// ack records that the server acknowledged a move at version v of table.
func (s *loadStats) ack(table string, v int64) {
	s.acks.Add(1)
	x, _ := s.acked.LoadOrStore(table, new(atomic.Int64))
	hi := x.(*atomic.Int64)
	for {
		old := hi.Load()
		if v <= old || hi.CompareAndSwap(old, v) {
			return
		}
	}
}

// windowLen is the length of the windows whose p99 the report lists.
const windowLen = 5 * time.Second

func (s *loadStats) add(sent time.Time, d time.Duration) {
	s.mu.Lock()
	s.latencies = append(s.latencies, d)
	if !s.start.IsZero() {
		k := max(0, int(sent.Sub(s.start)/windowLen))
		for len(s.windows) <= k {
			s.windows = append(s.windows, nil)
		}
		s.windows[k] = append(s.windows[k], d)
	}
	s.mu.Unlock()
	s.moves.Add(1)
}

// windowP99s returns the p99 of each window's latencies (0 for an empty
// window), sorting each window in place.
func windowP99s(windows [][]time.Duration) []time.Duration {
	out := make([]time.Duration, len(windows))
	for k, ws := range windows {
		if len(ws) == 0 {
			continue
		}
		slices.Sort(ws)
		out[k] = ws[min(len(ws)-1, int(0.99*float64(len(ws))))]
	}
	return out
}

func loadtest(cfg loadConfig, w io.Writer) error {
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256, MaxConnsPerHost: 512}, Timeout: 30 * time.Second}
	if resp, err := hc.Get(cfg.base + "/healthz"); err != nil {
		return fmt.Errorf("server at %s: %w", cfg.base, err)
	} else {
		resp.Body.Close()
	}
	if len(cfg.bases) == 0 {
		cfg.bases = []string{cfg.base}
	}
	forceGC(hc, cfg.profilers) // the empty server's figures, as the idle ones below
	before, err := scrapeAll(hc, cfg.bases)
	if err != nil {
		return err
	}
	if cfg.humans == 0 {
		cfg.humans = 2
	}
	fmt.Fprintf(w, "loadtest: %s, %d tables, %d players, game %s, think %v, %v\n", strings.Join(cfg.bases, " "), cfg.tables, cfg.humans*cfg.tables, cfg.game, cfg.think, cfg.duration)
	stats := &loadStats{}
	// Set up every table and connect its players.
	pairs := make([]*pair, cfg.tables)
	start := time.Now()
	var wg sync.WaitGroup
	sem := make(chan struct{}, 64)
	var setupErr atomic.Value
	var limited atomic.Bool
	for i := range pairs {
		pairs[i] = &pair{cfg: cfg, hc: hc, stats: stats, rng: rand.New(rand.NewPCG(uint64(i), 7)), k: i, players: make([]*player, cfg.humans)}
		wg.Add(1)
		go func(p *pair) {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			if limited.Load() {
				return // the target refuses: make no more tables on it
			}
			if err := p.setup(); err != nil {
				setupErr.Store(err)
				if errors.Is(err, errRateLimited) {
					limited.Store(true)
				}
			}
		}(pairs[i])
	}
	wg.Wait()
	if err, _ := setupErr.Load().(error); err != nil {
		return fmt.Errorf("set-up: %w", err)
	}
	fmt.Fprintf(w, "connected %d players in %v\n", cfg.humans*cfg.tables, time.Since(start).Round(time.Millisecond))
	time.Sleep(2 * time.Second) // let the connections settle
	forced := forceGC(hc, cfg.profilers)
	idle, err := scrapeAll(hc, cfg.bases)
	if err != nil {
		return err
	}
	conns := idle["gaslamp_connections"]
	// Play.
	ctx, cancel := context.WithTimeout(context.Background(), cfg.duration)
	defer cancel()
	movesBefore := idle["gaslamp_moves_total"]
	selfBefore := selfCPU()
	start = time.Now()
	stats.mu.Lock()
	stats.start = start
	stats.mu.Unlock()
	var wmu sync.Mutex
	inject(ctx, cfg, w, &wmu)
	for _, p := range pairs {
		wg.Add(1)
		go func(p *pair) {
			defer wg.Done()
			p.play(ctx)
		}(p)
	}
	wg.Wait()
	elapsed := time.Since(start)
	selfUsed := selfCPU() - selfBefore
	after, err := scrapeAll(hc, cfg.bases)
	if err != nil {
		return err
	}
	wmu.Lock()
	defer wmu.Unlock()
	// Report.
	stats.mu.Lock()
	lat := stats.latencies
	windows := stats.windows
	stats.mu.Unlock()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(p*float64(len(lat))))]
	}
	fmt.Fprintf(w, "player moves: %d (%.0f/s), all moves incl. bots: %.0f/s, games finished: %d, refused: %d, errors: %d\n",
		stats.moves.Load(), float64(stats.moves.Load())/elapsed.Seconds(),
		(after["gaslamp_moves_total"]-movesBefore)/elapsed.Seconds(), stats.games.Load(), stats.refused.Load(), stats.errors.Load())
	fmt.Fprintf(w, "move-to-view latency: p50 %v  p99 %v  max %v\n", pct(0.50).Round(10*time.Microsecond), pct(0.99).Round(10*time.Microsecond), pct(1).Round(10*time.Microsecond))
	if len(windows) > 1 {
		fmt.Fprintf(w, "move-to-view p99 by %v of play (moves sent in it):", windowLen)
		for k, p99 := range windowP99s(windows) {
			fmt.Fprintf(w, " %v: %v (%d)", time.Duration(k)*windowLen, p99.Round(100*time.Microsecond), len(windows[k]))
		}
		fmt.Fprintln(w)
	}
	if p50, p99, ok := serverLatency(idle, after); ok {
		fmt.Fprintf(w, "server's own move latency (frame read to ack, from its histogram): p50 %v  p99 %v\n", p50.Round(10*time.Microsecond), p99.Round(10*time.Microsecond))
	}
	if p50, p99, ok := quantiles(storeBucket, idle, after); ok {
		fmt.Fprintf(w, "of which the store's write (every move, bots' too; the writer's queue included): p50 %v  p99 %v\n", p50.Round(10*time.Microsecond), p99.Round(10*time.Microsecond))
	}
	if bots := after["gaslamp_bot_moves_total"] - idle["gaslamp_bot_moves_total"]; bots > 0 {
		fmt.Fprintf(w, "bot moves: %.0f (%.0f/s)", bots, bots/elapsed.Seconds())
		if p50, p99, ok := quantiles(botWaitBucket, idle, after); ok {
			fmt.Fprintf(w, "; their wait for a worker of the bot pool p50 %v  p99 %v", p50.Round(10*time.Microsecond), p99.Round(10*time.Microsecond))
		}
		short := after["gaslamp_bot_shortened_total"] - idle["gaslamp_bot_shortened_total"]
		fmt.Fprintf(w, "; decisions given less than their budget by that wait: %.0f\n", short)
	}
	if len(cfg.bases) > 1 || len(cfg.faults) > 0 {
		fmt.Fprintf(w, "connections made again after one ended: %d\n", stats.redials.Load())
		if len(cfg.faults) > 0 {
			fmt.Fprintln(w, "(a node started again during the run counts its figures from its restart)")
		}
	}
	lost, tables, err := checkAcked(hc, cfg.bases, stats)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "acknowledged moves: %d on %d tables; tables whose stored game is behind an ack: %d\n", stats.acks.Load(), tables, lost)
	frames, bytes := stats.frames.Load(), stats.bytes.Load()
	fmt.Fprintf(w, "frames received: %d (%.0f/s, %.0f KiB/s, mean %d bytes)\n", frames, float64(frames)/elapsed.Seconds(),
		float64(bytes)/1024/elapsed.Seconds(), bytes/max(frames, 1))
	if out, ok := after["gaslamp_ws_frames_total"]; ok {
		out -= idle["gaslamp_ws_frames_total"]
		writes := after["gaslamp_ws_writes_total"] - idle["gaslamp_ws_writes_total"]
		fmt.Fprintf(w, "frames the server wrote while playing: %.0f in %.0f writes (%.2f a write)\n", out, writes, out/max(writes, 1))
	}
	if srvCPU, ok := after["process_cpu_seconds_total"]; ok {
		srvUsed := srvCPU - idle["process_cpu_seconds_total"]
		moves := after["gaslamp_moves_total"] - movesBefore
		fmt.Fprintf(w, "CPU while playing: server %.1f s (%.2f cores, %.0f µs a move), load generator %.1f s (%.2f cores); the server's share %.0f%%\n",
			srvUsed, srvUsed/elapsed.Seconds(), srvUsed/max(moves, 1)*1e6, selfUsed.Seconds(), selfUsed.Seconds()/elapsed.Seconds(),
			100*srvUsed/max(srvUsed+selfUsed.Seconds(), 1e-9))
		if gc, ok := after["go_gc_cpu_seconds_total"]; ok {
			gcUsed := gc - idle["go_gc_cpu_seconds_total"]
			fmt.Fprintf(w, "server's garbage collection while playing: %.0f cycles, %.1f s by the runtime's estimate (%.0f%% of the server's CPU time, an overestimate: see below)\n",
				after["go_gc_cycles_total"]-idle["go_gc_cycles_total"], gcUsed, 100*gcUsed/max(srvUsed, 1e-9))
		}
		if share, forced, ok := gcShare(idle, after); ok {
			fmt.Fprintf(w, "server's garbage collection, by the runtime's CPU classes: %.1f%% of its busy processor time, %.1f%% without the mark work on processors that were otherwise idle\n",
				100*share, 100*forced)
		}
		if heap, ok := after[`go_gc_scan_bytes{kind="heap"}`]; ok {
			fmt.Fprintf(w, "the collector's scan work at the end of play: %.0f MiB of heap objects with pointers, %.0f MiB of stacks (%.0f MiB live at the last collection)\n",
				heap/(1<<20), after[`go_gc_scan_bytes{kind="stack"}`]/(1<<20), after["go_gc_heap_live_bytes"]/(1<<20))
		}
	}
	if conns > 0 {
		lastGC := "live heap at the last GC"
		if forced {
			lastGC = "live heap at the last GC (forced once the players were connected)"
		}
		for _, h := range []struct{ name, what string }{
			{"go_memstats_heap_alloc_bytes", "allocated heap (live and not yet collected)"},
			{"go_gc_heap_live_bytes", lastGC},
		} {
			heap := idle[h.name] + idle["go_memstats_stack_inuse_bytes"]
			base := before[h.name] + before["go_memstats_stack_inuse_bytes"]
			fmt.Fprintf(w, "idle memory, %s + stacks: %.1f MiB for %.0f connections = %.1f KiB per connection (%.1f KiB above the empty server, tables included)\n",
				h.what, heap/(1<<20), conns, heap/conns/1024, (heap-base)/conns/1024)
		}
		fmt.Fprintf(w, "idle memory, of which goroutine stacks: %.1f KiB per connection (%.0f goroutines)\n",
			idle["go_memstats_stack_inuse_bytes"]/conns/1024, idle["go_goroutines"])
		if rss := idle["process_resident_memory_bytes"]; rss > 0 {
			fmt.Fprintf(w, "idle resident memory: %.1f MiB = %.1f KiB per connection\n", rss/(1<<20), rss/conns/1024)
		}
	}
	if lost > 0 {
		return fmt.Errorf("%d tables lost acknowledged moves", lost)
	}
	return nil
}

// gcShare reads the garbage collector's share of the server's busy processor
// time between two scrapes from the runtime's CPU classes, which are
// estimates comparable only with each other (GOMAXPROCS times the wall clock
// split by what each processor did, so that on a contended machine they
// count time the threads did not run): gc over gc + user + scavenge, and the
// same without the mark work done on processors that had nothing else to do.
func gcShare(before, after map[string]float64) (share, compulsory float64, ok bool) {
	d := func(class string) float64 {
		k := `go_cpu_classes_seconds_total{class="` + class + `"}`
		return after[k] - before[k]
	}
	gc, idleMark, busy := d("gc"), d("gc_mark_idle"), d("gc")+d("user")+d("scavenge")
	if busy <= 0 {
		return 0, 0, false
	}
	return gc / busy, (gc - idleMark) / max(busy-idleMark, 1e-9), true
}

// scrapeAll sums the samples of every node that answers; it fails only when
// none does.
func scrapeAll(hc *http.Client, bases []string) (map[string]float64, error) {
	sum := map[string]float64{}
	var firstErr error
	answered := 0
	for _, b := range bases {
		m, err := scrape(hc, b)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		answered++
		for k, v := range m {
			sum[k] += v
		}
	}
	if answered == 0 {
		return nil, firstErr
	}
	return sum, nil
}

// checkAcked reads every table a player was acknowledged a move on, from
// any node that answers, and counts those whose stored version is below the
// highest acknowledged one: acknowledged moves that were lost.
func checkAcked(hc *http.Client, bases []string, stats *loadStats) (lost, tables int, err error) {
	type job struct {
		id string
		v  int64
	}
	var jobs []job
	stats.acked.Range(func(k, v any) bool {
		jobs = append(jobs, job{k.(string), v.(*atomic.Int64).Load()})
		return true
	})
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, 16)
	var failed error
	for _, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			// A node's version of a table is what it read from the store
			// (a node holds no move the store has not): the highest any
			// node answers is stored. One that missed notices may lag
			// until its next sync, so every node is asked.
			best, answered := int64(-1), 0
			var last error
			for try := 0; try < 3 && answered == 0; try++ {
				if try > 0 {
					time.Sleep(200 * time.Millisecond)
				}
				for _, b := range bases {
					var sum struct {
						Version int64 `json:"version"`
					}
					if err := apiCall(hc, newJar(), "GET", b+"/api/tables/"+j.id, "", nil, &sum); err != nil {
						last = err
						continue
					}
					answered++
					best = max(best, sum.Version)
				}
			}
			mu.Lock()
			defer mu.Unlock()
			if answered == 0 {
				failed = fmt.Errorf("reading table %s to check its acknowledged moves: %w", j.id, last)
			} else if best < j.v {
				lost++
				if lost <= 5 {
					fmt.Fprintf(os.Stderr, "table %s: acknowledged version %d, stored version %d\n", j.id, j.v, best)
				}
			}
		}()
	}
	wg.Wait()
	return lost, len(jobs), failed
}

// selfCPU returns the CPU time (user and system) the load generator has used.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// latencyBucket, storeBucket and botWaitBucket are the name prefixes of the
// server's histograms of move latency, of the store's writes and of bot
// decisions' wait for a worker.
const (
	latencyBucket = `gaslamp_move_latency_seconds_bucket{le="`
	storeBucket   = `gaslamp_store_append_seconds_bucket{le="`
	botWaitBucket = `gaslamp_bot_wait_seconds_bucket{le="`
)

// serverLatency estimates the median and 99th percentile of the server's own
// move latency between two scrapes, from its histogram's buckets (linear
// within a bucket, as Prometheus's histogram_quantile does).
func serverLatency(before, after map[string]float64) (p50, p99 time.Duration, ok bool) {
	return quantiles(latencyBucket, before, after)
}

// quantiles estimates the median and 99th percentile of the histogram whose
// buckets are named prefix+le, between two scrapes.
func quantiles(prefix string, before, after map[string]float64) (p50, p99 time.Duration, ok bool) {
	type bucket struct{ le, n float64 }
	var bs []bucket
	for k, v := range after {
		le, found := strings.CutPrefix(k, prefix)
		if !found {
			continue
		}
		le = strings.TrimSuffix(le, `"}`)
		x, err := strconv.ParseFloat(le, 64)
		if le == "+Inf" {
			x, err = math.Inf(1), nil
		}
		if err == nil {
			bs = append(bs, bucket{x, v - before[k]})
		}
	}
	sort.Slice(bs, func(i, j int) bool { return bs[i].le < bs[j].le })
	if len(bs) < 2 || bs[len(bs)-1].n <= 0 {
		return 0, 0, false
	}
	total := bs[len(bs)-1].n
	q := func(p float64) time.Duration {
		rank := p * total
		lo, prev := 0.0, 0.0
		for _, b := range bs {
			if b.n >= rank {
				if math.IsInf(b.le, 1) {
					return time.Duration(lo * float64(time.Second))
				}
				frac := 0.0
				if b.n > prev {
					frac = (rank - prev) / (b.n - prev)
				}
				return time.Duration((lo + (b.le-lo)*frac) * float64(time.Second))
			}
			lo, prev = b.le, b.n
		}
		return time.Duration(lo * float64(time.Second))
	}
	return q(0.50), q(0.99), true
}

// scrape reads the samples of /metrics, keyed by name and labels as written
// (`gaslamp_moves_total`, `gaslamp_tables{status="open"}`).
func scrape(hc *http.Client, base string) (map[string]float64, error) {
	resp, err := hc.Get(base + "/metrics")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	out := map[string]float64{}
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		if name, v, ok := cutLast(line, " "); ok {
			out[name], _ = strconv.ParseFloat(v, 64)
		}
	}
	return out, sc.Err()
}

// errRateLimited is a request the target refused with 429 Too Many Requests:
// its per-IP limits, which a load test from one address meets at once unless
// the target runs with --ip-limit-scale 0. Set-up stops at the first one
// rather than retrying into the limits.
var errRateLimited = errors.New("429 Too Many Requests: the target's per-IP limits refused the players; start it with --ip-limit-scale 0 (the tables made before the refusal stay open until its --open-table-ttl removes them)")

// apiCall sends a JSON request with the player's cookies and CSRF token.
func apiCall(hc *http.Client, jar http.CookieJar, method, u, csrf string, body, out any) error {
	var rd io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, u, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if csrf != "" {
		req.Header.Set("X-CSRF-Token", csrf)
	}
	pu, _ := url.Parse(u)
	for _, c := range jar.Cookies(pu) {
		req.AddCookie(c)
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	jar.SetCookies(pu, resp.Cookies())
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode == http.StatusTooManyRequests {
		return fmt.Errorf("%s %s: %w", method, pu.Path, errRateLimited)
	}
	if resp.StatusCode >= 300 {
		return fmt.Errorf("%s %s: %d %s", method, pu.Path, resp.StatusCode, bytes.TrimSpace(data))
	}
	if out != nil {
		return json.Unmarshal(data, out)
	}
	return nil
}

// cutLast splits s around the last sep.
func cutLast(s, sep string) (before, after string, found bool) {
	if i := strings.LastIndex(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):], true
	}
	return s, "", false
}

func newJar() http.CookieJar { j, _ := cookiejar.New(nil); return j }

// pair is one table's players (one or two).
type pair struct {
	cfg     loadConfig
	hc      *http.Client
	stats   *loadStats
	rng     *rand.Rand
	players []*player
	n       int
	k       int // the pair's number: which node it starts on
}

// player is one WebSocket player.
type player struct {
	jar    http.CookieJar
	csrf   string
	seat   int
	ws     *websocket.Conn
	frames chan inFrame
	table  string   // the table's id
	bases  []string // every node; the player connects to bases[node]
	node   int
}

type inFrame struct {
	at  time.Time
	buf *bytes.Buffer // from frameBuffers; the player puts it back
}

// frameBuffers holds the buffers frames are read into, reused from frame to
// frame.
var frameBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// loadFrame holds the top-level fields of a server frame that a player reads.
// The rest (views and events, most of each frame) is skipped unread: the load
// generator shares the machine with the server, and decoding every view
// would take much of the CPU both need.
type loadFrame struct {
	T       string
	V       int64
	ID      string          // a move's id, in its ack or error
	Views   bool            // "views" is there and not null
	Legal   json.RawMessage // the "legal" object as sent, or nil
	Outcome json.RawMessage // the "outcome" object as sent, or nil
}

var errFrame = errors.New("not a JSON object")

// scanFrame reads a frame's top-level fields without decoding the values it
// does not need. It checks the structure only as far as it reads: the
// server's frames are valid JSON, and its own tests check that.
func scanFrame(data []byte) (loadFrame, error) {
	var f loadFrame
	err := eachField(data, func(key, val []byte) bool {
		switch string(key) {
		case "t":
			t, ok := jsonString(val)
			f.T = t
			return ok
		case "v":
			v, err := strconv.ParseInt(string(val), 10, 64)
			f.V = v
			return err == nil
		case "id":
			id, ok := jsonString(val)
			f.ID = id
			return ok
		case "views":
			f.Views = string(val) != "null"
		case "legal":
			f.Legal = val
		case "outcome":
			f.Outcome = val
		}
		return true
	})
	return f, err
}

// seatLegal appends to dst the raw intents in a "legal" object's array for
// seat (none when the seat has no entry), without decoding them: the
// generator only sends one back.
func seatLegal(legal []byte, seat string, dst [][]byte) ([][]byte, error) {
	var list []byte
	if err := eachField(legal, func(key, val []byte) bool {
		if string(key) == seat {
			list = val
		}
		return true
	}); err != nil {
		return dst, err
	}
	if list == nil {
		return dst, nil
	}
	i := skipSpace(list, 0)
	if i >= len(list) || list[i] != '[' {
		return dst, errFrame
	}
	i = skipSpace(list, i+1)
	if i < len(list) && list[i] == ']' {
		return dst, nil
	}
	for i < len(list) {
		start := i
		end, ok := skipValue(list, i)
		if !ok {
			return dst, errFrame
		}
		dst = append(dst, list[start:end])
		i = skipSpace(list, end)
		if i < len(list) && list[i] == ']' {
			return dst, nil
		}
		if i >= len(list) || list[i] != ',' {
			return dst, errFrame
		}
		i = skipSpace(list, i+1)
	}
	return dst, errFrame
}

// gameOver reports whether an "outcome" object says the game is over.
func gameOver(outcome []byte) (over bool, err error) {
	err = eachField(outcome, func(key, val []byte) bool {
		if string(key) == "over" {
			over = string(val) == "true"
		}
		return true
	})
	return over, err
}

// jsonString decodes a JSON string value, quickly when it has no escapes.
func jsonString(val []byte) (string, bool) {
	if len(val) >= 2 && val[0] == '"' && val[len(val)-1] == '"' && bytes.IndexByte(val, '\\') < 0 {
		return string(val[1 : len(val)-1]), true
	}
	var s string
	return s, json.Unmarshal(val, &s) == nil
}

// eachField calls fn with the raw key and value of each field of the JSON
// object data, in order, until fn returns false (an error then).
func eachField(data []byte, fn func(key, val []byte) bool) error {
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return errFrame
	}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return nil
	}
	for i < len(data) {
		if data[i] != '"' {
			return errFrame
		}
		end, ok := skipString(data, i)
		if !ok {
			return errFrame
		}
		key := data[i+1 : end-1]
		i = skipSpace(data, end)
		if i >= len(data) || data[i] != ':' {
			return errFrame
		}
		i = skipSpace(data, i+1)
		start := i
		if i, ok = skipValue(data, i); !ok {
			return errFrame
		}
		if !fn(key, data[start:i]) {
			return errFrame
		}
		i = skipSpace(data, i)
		if i >= len(data) {
			break
		}
		switch data[i] {
		case ',':
			i = skipSpace(data, i+1)
		case '}':
			return nil
		default:
			return errFrame
		}
	}
	return errFrame
}

func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the index just past the string that starts at data[i].
func skipString(data []byte, i int) (int, bool) {
	for j := i + 1; j < len(data); j++ {
		switch data[j] {
		case '\\':
			j++
		case '"':
			return j + 1, true
		}
	}
	return len(data), false
}

// skipValue returns the index just past the value that starts at data[i].
func skipValue(data []byte, i int) (int, bool) {
	if i >= len(data) {
		return i, false
	}
	switch data[i] {
	case '"':
		return skipString(data, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(data); j++ {
			switch data[j] {
			case '"':
				end, ok := skipString(data, j)
				if !ok {
					return end, false
				}
				j = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1, true
				}
			}
		}
		return len(data), false
	}
	j := i
	for j < len(data) && data[j] != ',' && data[j] != '}' && data[j] != ']' && data[j] != ' ' &&
		data[j] != '\t' && data[j] != '\n' && data[j] != '\r' {
		j++
	}
	return j, j > i
}

var (
	seatCountOnce sync.Once
	seatCount     int
	seatCountErr  error
)

// seats returns the number of seats of the game (with default options).
func (p *pair) seats() (int, error) {
	seatCountOnce.Do(func() {
		var games []struct {
			ID    string            `json:"id"`
			Seats []json.RawMessage `json:"seats"`
		}
		seatCountErr = apiCall(p.hc, newJar(), "GET", p.cfg.base+"/api/games", "", nil, &games)
		for _, g := range games {
			if g.ID == p.cfg.game {
				seatCount = len(g.Seats)
			}
		}
		if seatCountErr == nil && seatCount < 2 {
			seatCountErr = fmt.Errorf("game %q not served, or with fewer than 2 seats", p.cfg.game)
		}
	})
	return seatCount, seatCountErr
}

// setup creates two guests and a table, seats them and connects them: the
// table on node k mod n, the second player on the next node. A node that
// fails is passed over for the next one, for a while.
func (p *pair) setup() error {
	var err error
	bases := p.cfg.bases
	for try := range 4 * len(bases) {
		if try > 0 {
			time.Sleep(time.Duration(try) * 250 * time.Millisecond)
		}
		if err = p.setupOn((p.k + try) % len(bases)); err == nil || errors.Is(err, errRateLimited) {
			return err
		}
	}
	return err
}

func (p *pair) setupOn(node int) error {
	n, err := p.seats()
	if err != nil {
		return err
	}
	bases := p.cfg.bases
	base := bases[node]
	p.n++
	// Two players hold seats 0 and 1; one alone holds seat k mod n, so that
	// the tables cover every side.
	human := func(i int) int {
		if len(p.players) == 1 {
			return p.k % n
		}
		return i
	}
	for i := range p.players {
		pl := &player{jar: newJar(), seat: human(i), bases: bases, node: (node + i) % len(bases)}
		var me struct {
			CSRF string `json:"csrf"`
		}
		if err := apiCall(p.hc, pl.jar, "POST", base+"/api/session", "", map[string]string{"name": fmt.Sprintf("load-%d", i)}, &me); err != nil {
			return err
		}
		pl.csrf = me.CSRF
		p.players[i] = pl
	}
	seats := make([]map[string]string, n)
	for i := range seats {
		seats[i] = map[string]string{"kind": "bot", "bot": p.cfg.bot, "level": p.cfg.level}
	}
	for _, pl := range p.players {
		seats[pl.seat] = map[string]string{"kind": "human"}
	}
	var created struct {
		ID string `json:"id"`
	}
	owner := p.players[0]
	if err := apiCall(p.hc, owner.jar, "POST", base+"/api/tables", owner.csrf, map[string]any{"game": p.cfg.game, "seats": seats}, &created); err != nil {
		return err
	}
	for _, pl := range p.players {
		pl.table = created.ID
		if err := apiCall(p.hc, pl.jar, "POST", fmt.Sprintf("%s/api/tables/%s/seats/%d", base, created.ID, pl.seat), pl.csrf, nil, nil); err != nil {
			return err
		}
		if err := pl.dial(p.stats); err != nil {
			return err
		}
	}
	return nil
}

// dial connects the player to its node's table and says hello.
func (pl *player) dial(stats *loadStats) error {
	u, _ := url.Parse(pl.bases[pl.node])
	hdr := http.Header{}
	for _, c := range pl.jar.Cookies(u) {
		hdr.Add("Cookie", c.Name+"="+c.Value)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws://"+u.Host+"/ws/t/"+pl.table, &websocket.DialOptions{HTTPHeader: hdr})
	if err != nil {
		return err
	}
	ws.SetReadLimit(-1)
	pl.ws = ws
	frames := make(chan inFrame, 256)
	pl.frames = frames
	go func() {
		defer close(frames)
		for {
			_, r, err := ws.Reader(context.Background())
			if err != nil {
				return
			}
			buf := frameBuffers.Get().(*bytes.Buffer)
			buf.Reset()
			if _, err := buf.ReadFrom(r); err != nil {
				return
			}
			at := time.Now()
			stats.frames.Add(1)
			stats.bytes.Add(int64(buf.Len()))
			frames <- inFrame{at, buf}
		}
	}()
	return pl.send(map[string]any{"t": "hello", "v": -1})
}

// redial connects the player again after its connection ended, to the next
// node that answers, until ctx ends.
func (pl *player) redial(ctx context.Context, stats *loadStats) bool {
	pl.ws.CloseNow()
	for try := 0; ctx.Err() == nil; try++ {
		pl.node = (pl.node + 1) % len(pl.bases)
		if pl.dial(stats) == nil {
			stats.redials.Add(1)
			return true
		}
		select {
		case <-time.After(time.Duration(min(try+1, 8)) * 250 * time.Millisecond):
		case <-ctx.Done():
		}
	}
	return false
}

func (pl *player) send(v any) error {
	data, _ := json.Marshal(v)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return pl.ws.Write(ctx, websocket.MessageText, data)
}

// play plays games until ctx ends, a new table after each finished game.
func (p *pair) play(ctx context.Context) {
	for ctx.Err() == nil {
		var wg sync.WaitGroup
		gameCtx, cancel := context.WithCancel(ctx)
		for _, pl := range p.players {
			wg.Add(1)
			go func(pl *player) {
				defer wg.Done()
				if p.playSeat(gameCtx, pl) {
					cancel() // the game is over: both stop
				}
			}(pl)
		}
		wg.Wait()
		cancel()
		for _, pl := range p.players {
			pl.ws.Close(websocket.StatusNormalClosure, "")
		}
		if ctx.Err() != nil {
			return
		}
		p.stats.games.Add(1)
		if err := p.setup(); err != nil {
			p.stats.errors.Add(1)
			return
		}
	}
}

// playSeat answers every frame that offers pl's seat a move, one move at a
// time: it sends the next only once the last one's ack or error came back.
// A move's latency runs from its sending to the arrival of the update that
// shows it (the update of the version its ack names, which the server sends
// just before the ack). It returns true when the game is over.
func (p *pair) playSeat(ctx context.Context, pl *player) bool {
	seat := strconv.Itoa(pl.seat)
	var (
		pendingID string    // the move in flight, "" when none
		sentAt    time.Time // when it was sent
		actedAt   = int64(-1)
		cur       struct {
			v     int64
			legal []byte // the seat's "legal" of the latest update or state, nil if none
		}
		arrived [16]struct {
			v  int64
			at time.Time
		} // the arrival of the last updates, by version mod 16
	)
	id := 0
	rng := rand.New(rand.NewPCG(p.rng.Uint64(), uint64(pl.seat)))
	var legal [][]byte // the seat's legal intents, slices of cur.legal
	for {
		var in inFrame
		var ok bool
		select {
		case in, ok = <-pl.frames:
			if !ok {
				// The connection ended (a node died or restarted, or
				// shut down): carry on from another node, with a full
				// state; a move in flight is judged there again or
				// was stored, which the state shows.
				if ctx.Err() != nil || !pl.redial(ctx, p.stats) {
					return false
				}
				pendingID, actedAt, cur.legal = "", -1, nil
				continue
			}
		case <-ctx.Done():
			return false
		}
		f, err := scanFrame(in.buf.Bytes())
		if err == nil && f.Outcome != nil {
			f.Outcome = append([]byte(nil), f.Outcome...) // the buffer goes back
		}
		if err == nil && f.Legal != nil {
			f.Legal = append([]byte(nil), f.Legal...)
		}
		frameBuffers.Put(in.buf)
		if err != nil {
			p.stats.errors.Add(1)
			continue
		}
		switch f.T {
		case "error":
			p.stats.refused.Add(1)
			if f.ID == pendingID {
				pendingID, actedAt = "", -1 // choose again from the latest frame
			}
		case "ack":
			p.stats.ack(pl.table, f.V)
			if f.ID == pendingID && pendingID != "" {
				at := in.at
				if a := arrived[f.V&15]; a.v == f.V && !a.at.IsZero() {
					at = a.at
				}
				p.stats.add(sentAt, at.Sub(sentAt))
				pendingID = ""
			}
		case "update", "state":
			if f.T == "update" {
				arrived[f.V&15].v, arrived[f.V&15].at = f.V, in.at
			}
			if f.Outcome != nil {
				over, err := gameOver(f.Outcome)
				if err != nil {
					p.stats.errors.Add(1)
					continue
				}
				if over {
					return true
				}
			}
			if f.Views {
				cur.v, cur.legal = f.V, nil
				if f.Legal != nil {
					cur.legal = f.Legal
				}
			}
		default:
			continue
		}
		if pendingID != "" || cur.legal == nil || cur.v <= actedAt {
			continue
		}
		legal, err = seatLegal(cur.legal, seat, legal[:0])
		if err != nil {
			p.stats.errors.Add(1)
			cur.legal = nil
			continue
		}
		if len(legal) == 0 {
			continue
		}
		if p.cfg.think > 0 {
			wait := time.Duration(float64(p.cfg.think) * (0.5 + rng.Float64()))
			select {
			case <-time.After(wait):
			case <-ctx.Done():
				return false
			}
		}
		id++
		mv := legal[rng.IntN(len(legal))]
		pendingID, sentAt, actedAt = "m"+strconv.Itoa(id), time.Now(), cur.v
		msg := fmt.Sprintf(`{"t":"move","id":%q,"v":%d,"seat":%d,"move":%s}`, pendingID, cur.v, pl.seat, mv)
		ctxw, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		err = pl.ws.Write(ctxw, websocket.MessageText, []byte(msg))
		cancel()
		if err != nil {
			if ctx.Err() != nil || !pl.redial(ctx, p.stats) {
				return false
			}
			pendingID, actedAt, cur.legal = "", -1, nil
		}
	}
}
