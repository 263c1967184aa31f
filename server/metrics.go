package server

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"gaslamp/store"
)

// latencyBuckets are the upper bounds, in seconds, of the move latency
// histogram.
var latencyBuckets = [...]float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30}

// metrics are the server's counters, exposed in Prometheus text format.
type serverMetrics struct {
	conns           atomic.Int64
	moves           atomic.Int64
	botMoves        atomic.Int64
	botTimeouts     atomic.Int64
	botShort        atomic.Int64 // decisions given less than their budget: they waited for a worker
	clockTimeouts   atomic.Int64 // seats whose clock ran out (a bot played the move)
	refused         atomic.Int64
	slowCuts        atomic.Int64
	framesOut       atomic.Int64 // WebSocket frames written to clients
	framesWrites    atomic.Int64 // the writes (system calls) that carried them
	notices         atomic.Int64
	sessionsExpired atomic.Int64

	latency histogram // players' moves, frame to acknowledgement
	stored  histogram // every move's wait for the store (AppendMove)
	botWait histogram // bot decisions' wait for a worker of the bot pool

	mu      sync.Mutex
	second  [16]int64 // moves per second, a ring indexed by Unix second
	seconds [16]int64 // which second each ring slot holds
}

func newMetrics() *serverMetrics {
	return &serverMetrics{}
}

// histogram counts durations in latencyBuckets, as a Prometheus histogram.
type histogram struct {
	mu     sync.Mutex
	counts [len(latencyBuckets) + 1]uint64 // per bucket of latencyBuckets, then +Inf
	sum    float64
	n      uint64
}

// observe records one duration.
func (h *histogram) observe(d time.Duration) {
	s := d.Seconds()
	k := len(latencyBuckets)
	for j, b := range latencyBuckets {
		if s <= b {
			k = j
			break
		}
	}
	h.mu.Lock()
	h.counts[k]++
	h.sum += s
	h.n++
	h.mu.Unlock()
}

// write writes the histogram in the text exposition format.
func (h *histogram) write(b *strings.Builder, name, help string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	fmt.Fprintf(b, "# HELP %s %s\n# TYPE %s histogram\n", name, help, name)
	var cum uint64
	for i, ub := range latencyBuckets {
		cum += h.counts[i]
		fmt.Fprintf(b, "%s_bucket{le=\"%g\"} %d\n", name, ub, cum)
	}
	cum += h.counts[len(latencyBuckets)]
	fmt.Fprintf(b, "%s_bucket{le=\"+Inf\"} %d\n%s_sum %g\n%s_count %d\n", name, cum, name, h.sum, name, h.n)
}

// move records one applied move and, for a player's move, its latency from
// the frame's arrival to its acknowledgement.
func (m *serverMetrics) move(latency time.Duration, bot bool, now time.Time) {
	m.moves.Add(1)
	m.mu.Lock()
	defer m.mu.Unlock()
	sec := now.Unix()
	i := sec & 15
	if m.seconds[i] != sec {
		m.seconds[i], m.second[i] = sec, 0
	}
	m.second[i]++
	if bot {
		m.botMoves.Add(1)
		return
	}
	m.latency.observe(latency)
}

// perSecond is the mean number of moves per second over the last ten full
// seconds.
func (m *serverMetrics) perSecond(now time.Time) float64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	var total int64
	cur := now.Unix()
	for d := int64(1); d <= 10; d++ {
		i := (cur - d) & 15
		if m.seconds[i] == cur-d {
			total += m.second[i]
		}
	}
	return float64(total) / 10
}

func (s *Server) handleMetrics(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	counts, err := s.store.CountTables(ctx)
	if err != nil {
		http.Error(w, "store unavailable", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	s.writeMetrics(w, counts)
}

func (s *Server) writeMetrics(w io.Writer, counts map[string]int) {
	m := s.metrics
	var b strings.Builder
	gauge := func(name, help string, v string) {
		fmt.Fprintf(&b, "# HELP %s %s\n# TYPE %s gauge\n%s %s\n", name, help, name, name, v)
	}
	counter := func(name, help string, v int64) {
		fmt.Fprintf(&b, "# HELP %s %s\n# TYPE %s counter\n%s %d\n", name, help, name, name, v)
	}
	version := s.cfg.Version
	if version == "" {
		version = "unknown"
	}
	fmt.Fprintf(&b, "# HELP gaslamp_build_info The build this node runs and the database schema it uses (always 1).\n# TYPE gaslamp_build_info gauge\ngaslamp_build_info{version=%q,schema=\"%d\"} 1\n",
		version, store.LatestSchemaVersion())
	b.WriteString("# HELP gaslamp_tables Tables by status.\n# TYPE gaslamp_tables gauge\n")
	for _, st := range []string{store.StatusOpen, store.StatusRunning, store.StatusFinished} {
		fmt.Fprintf(&b, "gaslamp_tables{status=%q} %d\n", st, counts[st])
	}
	gauge("gaslamp_tables_loaded", "Tables held in memory.", strconv.Itoa(s.hub.count()))
	gauge("gaslamp_connections", "Open WebSocket connections.", strconv.FormatInt(m.conns.Load(), 10))
	counter("gaslamp_moves_total", "Moves applied and stored (players and bots).", m.moves.Load())
	counter("gaslamp_bot_moves_total", "Moves played by bots.", m.botMoves.Load())
	counter("gaslamp_bot_timeouts_total", "Bot decisions that missed their deadline.", m.botTimeouts.Load())
	counter("gaslamp_bot_shortened_total", "Bot decisions given less than their budget, having waited for a worker of the bot pool.", m.botShort.Load())
	counter("gaslamp_clock_timeouts_total", "Seats whose clock ran out (a bot played that move).", m.clockTimeouts.Load())
	gauge("gaslamp_bot_decisions_waiting", "Bot decisions waiting for a worker of the bot pool.", strconv.Itoa(s.bots.pending()))
	counter("gaslamp_refused_total", "Client messages refused with an error.", m.refused.Load())
	counter("gaslamp_slow_clients_cut_total", "Connections closed because they read too slowly.", m.slowCuts.Load())
	counter("gaslamp_ws_frames_total", "WebSocket frames written to clients.", m.framesOut.Load())
	counter("gaslamp_ws_writes_total", "Writes to client connections that carried those frames (frames queued together leave in one write).", m.framesWrites.Load())
	counter("gaslamp_bus_notices_total", "Table notices received from the bus.", m.notices.Load())
	counter("gaslamp_sessions_expired_total", "Sessions deleted after going unused for the idle period.", m.sessionsExpired.Load())
	sent, fails, lost, drops := s.mail.counts()
	counter("gaslamp_mail_sent_total", "E-mails the SMTP server accepted.", sent)
	counter("gaslamp_mail_failed_attempts_total", "Attempts to send an e-mail that failed (each is tried again, up to 4 times).", fails)
	counter("gaslamp_mail_given_up_total", "E-mails given up after every attempt failed.", lost)
	counter("gaslamp_mail_dropped_total", "E-mails dropped because the sender's queue was full.", drops)
	psent, pfails, pdrops := s.push.counts()
	counter("gaslamp_push_sent_total", "Browser notifications a push service accepted.", psent)
	counter("gaslamp_push_failed_total", "Browser notifications refused by a push service or that failed.", pfails)
	counter("gaslamp_push_dropped_total", "Browser notifications dropped because the sender's queue was full.", pdrops)
	gauge("gaslamp_moves_per_second", "Moves per second over the last ten seconds.", strconv.FormatFloat(m.perSecond(s.now()), 'f', 2, 64))

	m.latency.write(&b, "gaslamp_move_latency_seconds", "Time from a player's move frame to its acknowledgement (stored, applied, broadcast).")
	m.botWait.write(&b, "gaslamp_bot_wait_seconds", "Time a bot decision waited for a worker of the bot pool; that wait counts against its budget.")
	m.stored.write(&b, "gaslamp_store_append_seconds", "Time a move (a player's or a bot's) waited for the store to write it, the writer's queue included.")

	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	rt := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/cycles/total:gc-cycles"}, {Name: "/cpu/classes/gc/total:cpu-seconds"}}
	metrics.Read(rt)
	if rt[0].Value.Kind() == metrics.KindUint64 {
		gauge("go_gc_heap_live_bytes", "Heap bytes live at the last garbage collection.", strconv.FormatUint(rt[0].Value.Uint64(), 10))
	}
	if rt[1].Value.Kind() == metrics.KindUint64 {
		counter("go_gc_cycles_total", "Garbage collections.", int64(rt[1].Value.Uint64()))
	}
	if rt[2].Value.Kind() == metrics.KindFloat64 {
		fmt.Fprintf(&b, "# HELP go_gc_cpu_seconds_total CPU time spent collecting garbage (the runtime's estimate).\n# TYPE go_gc_cpu_seconds_total counter\ngo_gc_cpu_seconds_total %g\n", rt[2].Value.Float64())
	}
	// The runtime's CPU classes are estimates (GOMAXPROCS times the wall
	// clock, split by what each P did), not comparable with the process's
	// CPU time: a share of GC is read against their own busy total.
	classes := []metrics.Sample{
		{Name: "/cpu/classes/gc/total:cpu-seconds"}, {Name: "/cpu/classes/gc/mark/idle:cpu-seconds"},
		{Name: "/cpu/classes/user:cpu-seconds"}, {Name: "/cpu/classes/scavenge/total:cpu-seconds"},
		{Name: "/cpu/classes/idle:cpu-seconds"},
	}
	metrics.Read(classes)
	b.WriteString("# HELP go_cpu_classes_seconds_total The runtime's estimate of its processors' time by class: gc (of which gc_mark_idle ran on processors that had nothing else to do), user, scavenge and idle.\n# TYPE go_cpu_classes_seconds_total counter\n")
	for i, class := range []string{"gc", "gc_mark_idle", "user", "scavenge", "idle"} {
		if classes[i].Value.Kind() == metrics.KindFloat64 {
			fmt.Fprintf(&b, "go_cpu_classes_seconds_total{class=%q} %g\n", class, classes[i].Value.Float64())
		}
	}
	// What a collection must scan (its mark work): the heap's objects with
	// pointers, the goroutines' stacks and the globals.
	scan := []metrics.Sample{{Name: "/gc/scan/heap:bytes"}, {Name: "/gc/scan/stack:bytes"}, {Name: "/gc/scan/globals:bytes"}}
	metrics.Read(scan)
	b.WriteString("# HELP go_gc_scan_bytes Bytes a garbage collection scans: the heap's objects with pointers, the goroutines' stacks and the globals (the runtime's /gc/scan metrics).\n# TYPE go_gc_scan_bytes gauge\n")
	for i, kind := range []string{"heap", "stack", "globals"} {
		if scan[i].Value.Kind() == metrics.KindUint64 {
			fmt.Fprintf(&b, "go_gc_scan_bytes{kind=%q} %d\n", kind, scan[i].Value.Uint64())
		}
	}
	gauge("go_goroutines", "Goroutines.", strconv.Itoa(runtime.NumGoroutine()))
	gauge("go_memstats_heap_alloc_bytes", "Bytes of allocated heap objects.", strconv.FormatUint(ms.HeapAlloc, 10))
	gauge("go_memstats_heap_inuse_bytes", "Bytes in in-use heap spans.", strconv.FormatUint(ms.HeapInuse, 10))
	gauge("go_memstats_stack_inuse_bytes", "Bytes in stack spans.", strconv.FormatUint(ms.StackInuse, 10))
	gauge("go_memstats_sys_bytes", "Bytes obtained from the OS.", strconv.FormatUint(ms.Sys, 10))
	if cpu := cpuTime(); cpu > 0 {
		fmt.Fprintf(&b, "# HELP process_cpu_seconds_total Total user and system CPU time spent in seconds.\n# TYPE process_cpu_seconds_total counter\nprocess_cpu_seconds_total %g\n", cpu.Seconds())
	}
	if rss := residentBytes(); rss > 0 {
		gauge("process_resident_memory_bytes", "Resident memory size in bytes.", strconv.FormatInt(rss, 10))
	}
	if n := openFiles(); n >= 0 {
		gauge("process_open_fds", "Open file descriptors (each WebSocket holds one).", strconv.Itoa(n))
	}
	if n := FileLimit(); n > 0 {
		gauge("process_max_fds", "The most file descriptors the process may open.", strconv.FormatUint(n, 10))
	}
	io.WriteString(w, b.String())
}

// residentBytes reads the resident set size from /proc (Linux), or 0.
func residentBytes() int64 {
	data, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(data))
	if len(f) < 2 {
		return 0
	}
	pages, _ := strconv.ParseInt(f[1], 10, 64)
	return pages * int64(os.Getpagesize())
}
