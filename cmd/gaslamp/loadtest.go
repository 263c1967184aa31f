package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
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
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/coder/websocket"
)

func init() {
	commands["loadtest"] = command{"load a local server with WebSocket players and print latency and memory", runLoadtest}
}

// loadConfig is what one load test does.
type loadConfig struct {
	base     string // http://127.0.0.1:PORT
	clients  int
	tables   int
	game     string
	duration time.Duration
	think    time.Duration
	bot      string
	level    string
}

func runLoadtest(args []string) int {
	fs := newFlags("loadtest", "[--addr URL] [--clients 2000] [--tables 1000] [--game whitehall] [--duration 60s]")
	addr := fs.String("addr", "", "server to load, http://127.0.0.1:PORT (loopback only); empty starts one (gaslamp serve) on a temporary directory")
	clients := fs.Int("clients", 2000, "WebSocket players (two per table)")
	tables := fs.Int("tables", 1000, "tables (bots fill the seats beyond the two players)")
	gameID := fs.String("game", "whitehall", "game to play")
	duration := fs.Duration("duration", 60*time.Second, "how long to play")
	think := fs.Duration("think", time.Second, "a player's pause before each move (0 for as fast as possible)")
	bot := fs.String("bot", "random", "bot for the other seats")
	level := fs.String("bot-level", "easy", "the bots' level: easy, normal or hard")
	serverDebug := fs.String("server-debug-addr", "", "with no --addr: serve the started server's profiler on this loopback address (serve --debug-addr)")
	cpuProfile := fs.String("cpuprofile", "", "write the load generator's own CPU profile to this file")
	if code, ok := parse(fs, args); !ok {
		return code
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
	if *clients < 2 || *tables < 1 {
		fmt.Fprintln(os.Stderr, "gaslamp loadtest: need at least 2 clients and 1 table")
		return 2
	}
	if *tables > *clients/2 {
		*tables = *clients / 2
	}
	raiseFileLimit()
	cfg := loadConfig{clients: *clients, tables: *tables, game: *gameID, duration: *duration, think: *think, bot: *bot, level: *level}
	if *addr == "" {
		stop, base, err := startLocalServer(*serverDebug)
		if err != nil {
			fmt.Fprintln(os.Stderr, "gaslamp loadtest:", err)
			return 1
		}
		defer stop()
		cfg.base = base
	} else {
		base, err := loopbackURL(*addr)
		if err != nil {
			fmt.Fprintln(os.Stderr, "gaslamp loadtest:", err)
			return 2
		}
		if *serverDebug != "" {
			fmt.Fprintln(os.Stderr, "gaslamp loadtest: --server-debug-addr needs a server started by loadtest (no --addr)")
			return 2
		}
		cfg.base = base
		fmt.Println("note: run the target with --ip-limit-scale 0, or its per-IP limits will refuse most players")
	}
	if err := loadtest(cfg, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "gaslamp loadtest:", err)
		return 1
	}
	return 0
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

// startLocalServer runs `gaslamp serve` (this binary) on a free loopback port
// and a temporary data directory, without per-IP limits; with debugAddr, it
// serves its profiler there.
func startLocalServer(debugAddr string) (stop func(), base string, err error) {
	self, err := os.Executable()
	if err != nil {
		return nil, "", err
	}
	dir, err := os.MkdirTemp("", "gaslamp-loadtest-")
	if err != nil {
		return nil, "", err
	}
	args := []string{"serve", "--addr", "127.0.0.1:0", "--data", dir, "--ip-limit-scale", "0",
		"--bot-delay", "0", "--bot-budget", "100ms", "--log-level", "warn"}
	if debugAddr != "" {
		args = append(args, "--debug-addr", debugAddr)
	}
	cmd := exec.Command(self, args...)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, "", err
	}
	if err := cmd.Start(); err != nil {
		return nil, "", err
	}
	stop = func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
		os.RemoveAll(dir)
	}
	sc := bufio.NewScanner(out)
	if !sc.Scan() {
		stop()
		return nil, "", errors.New("the server did not start")
	}
	addr, ok := strings.CutPrefix(sc.Text(), "listening on ")
	if !ok {
		stop()
		return nil, "", fmt.Errorf("unexpected server output %q", sc.Text())
	}
	go io.Copy(io.Discard, out)
	return stop, "http://" + addr, nil
}

// loadStats are the figures a load test collects.
type loadStats struct {
	mu        sync.Mutex
	latencies []time.Duration
	moves     atomic.Int64
	games     atomic.Int64
	errors    atomic.Int64
	refused   atomic.Int64
	frames    atomic.Int64 // frames received
	bytes     atomic.Int64 // their bytes
}

func (s *loadStats) add(d time.Duration) {
	s.mu.Lock()
	s.latencies = append(s.latencies, d)
	s.mu.Unlock()
	s.moves.Add(1)
}

func loadtest(cfg loadConfig, w io.Writer) error {
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256, MaxConnsPerHost: 512}, Timeout: 30 * time.Second}
	if resp, err := hc.Get(cfg.base + "/healthz"); err != nil {
		return fmt.Errorf("server at %s: %w", cfg.base, err)
	} else {
		resp.Body.Close()
	}
	before, err := scrape(hc, cfg.base)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "loadtest: %s, %d tables, %d players, game %s, think %v, %v\n", cfg.base, cfg.tables, 2*cfg.tables, cfg.game, cfg.think, cfg.duration)
	stats := &loadStats{}
	// Set up every table and connect its two players.
	pairs := make([]*pair, cfg.tables)
	start := time.Now()
	var wg sync.WaitGroup
	sem := make(chan struct{}, 64)
	var setupErr atomic.Value
	for i := range pairs {
		pairs[i] = &pair{cfg: cfg, hc: hc, stats: stats, rng: rand.New(rand.NewPCG(uint64(i), 7))}
		wg.Add(1)
		go func(p *pair) {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			if err := p.setup(); err != nil {
				setupErr.Store(err)
			}
		}(pairs[i])
	}
	wg.Wait()
	if err, _ := setupErr.Load().(error); err != nil {
		return fmt.Errorf("set-up: %w", err)
	}
	fmt.Fprintf(w, "connected %d players in %v\n", 2*cfg.tables, time.Since(start).Round(time.Millisecond))
	time.Sleep(2 * time.Second) // let the connections settle
	idle, err := scrape(hc, cfg.base)
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
	after, err := scrape(hc, cfg.base)
	if err != nil {
		return err
	}
	// Report.
	stats.mu.Lock()
	lat := stats.latencies
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
	if p50, p99, ok := serverLatency(idle, after); ok {
		fmt.Fprintf(w, "server's own move latency (frame read to ack, from its histogram): p50 %v  p99 %v\n", p50.Round(10*time.Microsecond), p99.Round(10*time.Microsecond))
	}
	frames, bytes := stats.frames.Load(), stats.bytes.Load()
	fmt.Fprintf(w, "frames received: %d (%.0f/s, %.0f KiB/s, mean %d bytes)\n", frames, float64(frames)/elapsed.Seconds(),
		float64(bytes)/1024/elapsed.Seconds(), bytes/max(frames, 1))
	if srvCPU, ok := after["process_cpu_seconds_total"]; ok {
		srvUsed := srvCPU - idle["process_cpu_seconds_total"]
		moves := after["gaslamp_moves_total"] - movesBefore
		fmt.Fprintf(w, "CPU while playing: server %.1f s (%.2f cores, %.0f µs a move), load generator %.1f s (%.2f cores); the server's share %.0f%%\n",
			srvUsed, srvUsed/elapsed.Seconds(), srvUsed/max(moves, 1)*1e6, selfUsed.Seconds(), selfUsed.Seconds()/elapsed.Seconds(),
			100*srvUsed/max(srvUsed+selfUsed.Seconds(), 1e-9))
		if gc, ok := after["go_gc_cpu_seconds_total"]; ok {
			gcUsed := gc - idle["go_gc_cpu_seconds_total"]
			fmt.Fprintf(w, "server's garbage collection while playing: %.0f cycles, %.1f s CPU (%.0f%% of the server's)\n",
				after["go_gc_cycles_total"]-idle["go_gc_cycles_total"], gcUsed, 100*gcUsed/max(srvUsed, 1e-9))
		}
	}
	if conns > 0 {
		for _, h := range []struct{ name, what string }{
			{"go_memstats_heap_alloc_bytes", "allocated heap (live and not yet collected)"},
			{"go_gc_heap_live_bytes", "live heap at the last GC"},
		} {
			heap := idle[h.name] + idle["go_memstats_stack_inuse_bytes"]
			base := before[h.name] + before["go_memstats_stack_inuse_bytes"]
			fmt.Fprintf(w, "idle memory, %s + stacks: %.1f MiB for %.0f connections = %.1f KiB per connection (%.1f KiB above the empty server, tables included)\n",
				h.what, heap/(1<<20), conns, heap/conns/1024, (heap-base)/conns/1024)
		}
		if rss := idle["process_resident_memory_bytes"]; rss > 0 {
			fmt.Fprintf(w, "idle resident memory: %.1f MiB = %.1f KiB per connection\n", rss/(1<<20), rss/conns/1024)
		}
	}
	return nil
}

// selfCPU returns the CPU time (user and system) the load generator has used.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// latencyBucket is the name prefix of the server's move latency histogram.
const latencyBucket = `gaslamp_move_latency_seconds_bucket{le="`

// serverLatency estimates the median and 99th percentile of the server's own
// move latency between two scrapes, from its histogram's buckets (linear
// within a bucket, as Prometheus's histogram_quantile does).
func serverLatency(before, after map[string]float64) (p50, p99 time.Duration, ok bool) {
	type bucket struct{ le, n float64 }
	var bs []bucket
	for k, v := range after {
		le, found := strings.CutPrefix(k, latencyBucket)
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

// pair is one table's two players.
type pair struct {
	cfg     loadConfig
	hc      *http.Client
	stats   *loadStats
	rng     *rand.Rand
	players [2]*player
	n       int
}

// player is one WebSocket player.
type player struct {
	jar    http.CookieJar
	csrf   string
	seat   int
	ws     *websocket.Conn
	frames chan inFrame
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

// setup creates two guests and a table, seats them and connects them.
func (p *pair) setup() error {
	n, err := p.seats()
	if err != nil {
		return err
	}
	p.n++
	for i := range p.players {
		pl := &player{jar: newJar(), seat: i, frames: make(chan inFrame, 256)}
		var me struct {
			CSRF string `json:"csrf"`
		}
		if err := apiCall(p.hc, pl.jar, "POST", p.cfg.base+"/api/session", "", map[string]string{"name": fmt.Sprintf("load-%d", i)}, &me); err != nil {
			return err
		}
		pl.csrf = me.CSRF
		p.players[i] = pl
	}
	seats := make([]map[string]string, n)
	for i := range seats {
		seats[i] = map[string]string{"kind": "bot", "bot": p.cfg.bot, "level": p.cfg.level}
		if i < 2 {
			seats[i] = map[string]string{"kind": "human"}
		}
	}
	var created struct {
		ID string `json:"id"`
	}
	owner := p.players[0]
	if err := apiCall(p.hc, owner.jar, "POST", p.cfg.base+"/api/tables", owner.csrf, map[string]any{"game": p.cfg.game, "seats": seats}, &created); err != nil {
		return err
	}
	for _, pl := range p.players {
		if err := apiCall(p.hc, pl.jar, "POST", fmt.Sprintf("%s/api/tables/%s/seats/%d", p.cfg.base, created.ID, pl.seat), pl.csrf, nil, nil); err != nil {
			return err
		}
		if err := pl.dial(p.cfg.base, created.ID, p.stats); err != nil {
			return err
		}
	}
	return nil
}

func (pl *player) dial(base, table string, stats *loadStats) error {
	u, _ := url.Parse(base)
	hdr := http.Header{}
	for _, c := range pl.jar.Cookies(u) {
		hdr.Add("Cookie", c.Name+"="+c.Value)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws://"+u.Host+"/ws/t/"+table, &websocket.DialOptions{HTTPHeader: hdr})
	if err != nil {
		return err
	}
	ws.SetReadLimit(-1)
	pl.ws = ws
	go func() {
		defer close(pl.frames)
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
			pl.frames <- inFrame{at, buf}
		}
	}()
	return pl.send(map[string]any{"t": "hello", "v": -1})
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

// playSeat answers every frame that offers pl's seat a move; it returns true
// when the game is over.
func (p *pair) playSeat(ctx context.Context, pl *player) bool {
	seat := strconv.Itoa(pl.seat)
	pending, sentAt := int64(-1), time.Time{}
	id := 0
	rng := rand.New(rand.NewPCG(p.rng.Uint64(), uint64(pl.seat)))
	for {
		var in inFrame
		var ok bool
		select {
		case in, ok = <-pl.frames:
			if !ok {
				p.stats.errors.Add(1)
				return false
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
			pending = -1
			continue
		case "update", "state":
		default:
			continue
		}
		if pending >= 0 && f.T == "update" && f.V == pending+1 {
			p.stats.add(in.at.Sub(sentAt))
			pending = -1
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
		if f.Legal == nil || !f.Views || pending >= 0 {
			continue
		}
		var legalBySeat map[string][]json.RawMessage
		if json.Unmarshal(f.Legal, &legalBySeat) != nil {
			p.stats.errors.Add(1)
			continue
		}
		legal := legalBySeat[seat]
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
		sentAt, pending = time.Now(), f.V
		msg := fmt.Sprintf(`{"t":"move","id":"m%d","v":%d,"seat":%d,"move":%s}`, id, f.V, pl.seat, mv)
		ctxw, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		err = pl.ws.Write(ctxw, websocket.MessageText, []byte(msg))
		cancel()
		if err != nil {
			p.stats.errors.Add(1)
			return false
		}
	}
}
