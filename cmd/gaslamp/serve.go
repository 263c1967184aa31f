package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/mail"
	"net/url"
	"os"
	"os/signal"
	"path"
	"runtime"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"gaslamp/bus/natsbus"
	"gaslamp/game"
	"gaslamp/server"
	"gaslamp/store"
	"gaslamp/web"
)

func init() {
	commands["serve"] = command{"serve the site and online play", runServe}
}

// defaultGCPercent is serve's garbage collector target. Measured with
// `gaslamp loadtest --clients 2000 --tables 1000` on 2 cores, Go's default
// (100) spent 28% of the server's CPU collecting garbage (34 collections in
// 45 s: a live heap of 50-250 MB of game events and connection buffers, and
// 5,000 goroutine stacks, scanned each time) and 200 spent 14%, with a lower
// move latency at the 99th percentile, for about 35% more resident memory
// at the end of the run (730 MB instead of 540 MB); 400 spent 9% but took
// 1.2 GB. A GOMEMLIMIT environment variable bounds the memory (softly)
// whatever the target.
const defaultGCPercent = 200

// minFileLimit is the open-files limit under which serve warns at start: a
// site of a few thousand players needs more.
const minFileLimit = 4096

// stopSignals end serve gracefully: SIGTERM from a service manager, SIGINT
// from a terminal's Ctrl-C, SIGHUP when the terminal closes (or a
// service manager's reload, which serve does not do otherwise).
var stopSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}

func runServe(args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), stopSignals...)
	defer stop()
	return serve(ctx, args, nil)
}

// serve runs the server until ctx is done, then shuts it down gracefully;
// ready, when not nil, is told the address once the server listens. It
// returns the exit code.
func serve(ctx context.Context, args []string, ready func(net.Addr)) int {
	fs := newFlags("serve", "[--addr :8080] [--data DIR | --database postgres://...] [--nats nats://...]")
	addr := fs.String("addr", ":8080", "address to listen on (host:port; port 0 picks a free one)")
	data := fs.String("data", "./gaslamp-data", "directory of the embedded SQLite database (when no --database is given)")
	database := fs.String("database", "", "PostgreSQL URL, postgres://user:pass@host:5432/db?search_path=schema (default: the embedded SQLite in --data)")
	natsURL := fs.String("nats", "", "NATS server URL(s), nats://host:4222 (comma separated for a cluster) carrying table notices between nodes (default: in-process)")
	natsPrefix := fs.String("nats-prefix", natsbus.DefaultPrefix, "NATS subject prefix: one per deployment sharing a NATS server")
	origins := fs.String("origins", "", "extra allowed origin hosts, comma separated: the host only, host or host:port, patterns as in path.Match (play.example.org, *.example.org), no scheme nor path; prefer --public-url https://play.example.org")
	publicURL := fs.String("public-url", "", "the site's public origins, http(s)://host[:port], comma separated: WebSockets and posts must come from them (default: loopback origins only, for local play)")
	trustedProxies := fs.String("trusted-proxies", "", "reverse proxies (CIDRs, comma separated) whose X-Forwarded-For / Forwarded headers name the client (default: none, the peer address is the client)")
	readHeaderTimeout := fs.Duration("read-header-timeout", 10*time.Second, "time a client has to send a request's headers")
	readTimeout := fs.Duration("read-timeout", server.DefaultBodyTimeout, "time a client has to send a request's body (not WebSockets)")
	writeTimeout := fs.Duration("write-timeout", server.DefaultWriteTimeout, "time to write an answer (not WebSockets)")
	idleTimeout := fs.Duration("idle-timeout", 120*time.Second, "time an idle keep-alive connection is kept")
	helloTimeout := fs.Duration("hello-timeout", server.DefaultHelloTimeout, "close a WebSocket that has not said hello by then")
	pingEvery := fs.Duration("ping-every", server.DefaultPingEvery, "period of the server's WebSocket pings")
	pongTimeout := fs.Duration("pong-timeout", server.DefaultPongTimeout, "close a WebSocket that has not answered a ping by then")
	connsPerAddr := fs.Int("ws-per-address", server.DefaultConnsPerAddr, "WebSockets open at once per client address (an IPv6 /64)")
	openTTL := fs.Duration("open-table-ttl", server.DefaultOpenTableTTL, "an open table that has not started by then expires (leaves the lobby)")
	openPerUser := fs.Int("open-tables-per-user", server.DefaultOpenTablesPerUser, "open tables one user (a guest session) may hold at once")
	guestChat := fs.Bool("guest-chat", true, "let guests write in the tables' chats (false: only accounts may, as on lichess; guests still read them)")
	connsPerSession := fs.Int("ws-per-session", server.DefaultConnsPerSession, "WebSockets open at once per session")
	secure := fs.Bool("secure-cookies", false, "mark the session cookie Secure (behind TLS)")
	revokeCheck := fs.Duration("revoke-check", server.DefaultRevokeCheck, "how often open WebSockets are checked against the store, closing those whose session ended elsewhere (another node's sign-out, a suspension by gaslamp admin; 0: never)")
	sessionIdle := fs.Duration("session-idle", server.DefaultSessionIdle, "sign a guest out after this long without a visit (each visit renews it; 0: never)")
	budget := fs.Duration("bot-budget", 2*time.Second, "time a bot may think per move")
	delay := fs.Duration("bot-delay", 400*time.Millisecond, "least time before a bot's move shows")
	botWorkers := fs.Int("bot-workers", 0, "bot decisions computed at once over all tables; more wait their turn (0: one per core)")
	ipScale := fs.Float64("ip-limit-scale", 1, "multiply the per-IP rate limits (0 removes them and the --ws-per-address cap; for load tests on loopback)")
	logLevel := fs.String("log-level", "info", "debug, info, warn or error")
	debugAddr := fs.String("debug-addr", "", "serve Go's profiler (net/http/pprof) on this loopback address, e.g. 127.0.0.1:6060")
	pushSubject := fs.String("push-subject", "", "contact given to browsers' push services with each \"your move\" notification: the site admin's e-mail address (admin@example.org or mailto:admin@example.org) or an https URL (default admin@localhost, which Apple's push service is reported to refuse: set it)")
	smtpURL := fs.String("smtp-url", "", "SMTP server for \"your move\" e-mails to the accounts that ask for them: smtp://user:pass@host:587 (STARTTLS), smtps://user:pass@host:465, or smtp://localhost:25?tls=none for a local relay (default: no e-mail); needs --mail-from and --public-url")
	mailFrom := fs.String("mail-from", "", "sender of the e-mails, e.g. \"gaslamp <play@example.org>\"")
	idleUnload := fs.Duration("idle-unload", server.DefaultIdleUnload, "a table with no connection and nothing for the server to do leaves memory after this long idle, and comes back from the store on the next visit (0: keep every table loaded)")
	shutdownTimeout := fs.Duration("shutdown-timeout", 10*time.Second, "on SIGTERM (or SIGINT, SIGHUP), time to finish and acknowledge the moves received and close every client's connection before exiting")
	gcPercent := fs.Int("gc-percent", defaultGCPercent, "heap growth between garbage collections, in % of the live heap (Go's GOGC, whose own default is 100: less memory, more CPU); a GOGC environment variable wins over this default")
	procs := fs.Int("procs", 0, "Go processors the server's goroutines run on (GOMAXPROCS; 0: twice the cores it may use on a machine of up to 4 cores, which lowered the p99 latency under load on a 2-core machine, see docs/performance.md; the cores on a larger one); a GOMAXPROCS environment variable wins over this default")
	if code, ok := parse(fs, args); !ok {
		return code
	}
	gcSet, procsSet := false, false
	fs.Visit(func(f *flag.Flag) {
		gcSet = gcSet || f.Name == "gc-percent"
		procsSet = procsSet || f.Name == "procs"
	})
	if *procs < 0 || *procs > maxProcs {
		fmt.Fprintf(os.Stderr, "gaslamp serve: --procs must be 0 (the default for this machine, see --help) or between 1 and %d, got %d\n", maxProcs, *procs)
		return 2
	}
	cores := startProcs
	if *botWorkers == 0 {
		*botWorkers = cores // bot decisions are CPU-bound: one per core, whatever --procs says
	}
	if procsSet || os.Getenv("GOMAXPROCS") == "" {
		runtime.GOMAXPROCS(serveProcs(*procs, cores))
	}
	if gcSet || os.Getenv("GOGC") == "" {
		debug.SetGCPercent(*gcPercent)
	}
	if err := checkBackendFlags(*database, *natsURL, *natsPrefix); err != nil {
		fmt.Fprintf(os.Stderr, "gaslamp serve: %v\n", err)
		return 2
	}
	publicURLs, err := server.ParsePublicURLs(*publicURL)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gaslamp serve: --public-url: %v\n", err)
		return 2
	}
	if _, _, err := net.SplitHostPort(*addr); err != nil {
		fmt.Fprintf(os.Stderr, "gaslamp serve: --addr %q: want host:port, e.g. 127.0.0.1:8080 or :8080 (%v)\n", *addr, err)
		return 2
	}
	if *debugAddr != "" {
		host, _, err := net.SplitHostPort(*debugAddr)
		if ip := net.ParseIP(host); err != nil || host != "localhost" && (ip == nil || !ip.IsLoopback()) {
			fmt.Fprintf(os.Stderr, "gaslamp serve: --debug-addr %q: want a loopback host:port, e.g. 127.0.0.1:6060 (the profiler shows the server's memory)\n", *debugAddr)
			return 2
		}
	}
	if *database == "" {
		if err := notADataDir(*data); err != nil {
			fmt.Fprintf(os.Stderr, "gaslamp serve: %v\n", err)
			return 2
		}
	}
	originList, err := parseOrigins(*origins)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gaslamp serve: --origins: %v\n", err)
		return 2
	}
	proxies, err := server.ParseTrustedProxies(*trustedProxies)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gaslamp serve: --trusted-proxies: %v\n", err)
		return 2
	}
	for _, d := range []struct {
		name string
		v    time.Duration
	}{{"read-header-timeout", *readHeaderTimeout}, {"read-timeout", *readTimeout}, {"write-timeout", *writeTimeout},
		{"idle-timeout", *idleTimeout}, {"hello-timeout", *helloTimeout}, {"ping-every", *pingEvery}, {"pong-timeout", *pongTimeout}} {
		if d.v <= 0 {
			fmt.Fprintf(os.Stderr, "gaslamp serve: --%s must be a positive duration, got %v\n", d.name, d.v)
			return 2
		}
	}
	if *idleUnload < 0 {
		fmt.Fprintf(os.Stderr, "gaslamp serve: --idle-unload must be 0 (never) or a positive duration, got %v\n", *idleUnload)
		return 2
	}
	if *shutdownTimeout <= 0 {
		fmt.Fprintf(os.Stderr, "gaslamp serve: --shutdown-timeout must be a positive duration, got %v\n", *shutdownTimeout)
		return 2
	}
	if *openTTL <= 0 {
		fmt.Fprintf(os.Stderr, "gaslamp serve: --open-table-ttl must be a positive duration, got %v\n", *openTTL)
		return 2
	}
	if *openPerUser < 1 {
		fmt.Fprintf(os.Stderr, "gaslamp serve: --open-tables-per-user must be at least 1\n")
		return 2
	}
	if msg := checkServeNumbers(*gcPercent, *ipScale, *budget, *delay, *botWorkers, *sessionIdle, *revokeCheck); msg != "" {
		fmt.Fprintf(os.Stderr, "gaslamp serve: %s\n", msg)
		return 2
	}
	if *connsPerAddr < 1 || *connsPerSession < 1 {
		fmt.Fprintf(os.Stderr, "gaslamp serve: --ws-per-address and --ws-per-session must be at least 1\n")
		return 2
	}
	var smtp *server.SMTPSettings
	if *smtpURL != "" || *mailFrom != "" {
		if *smtpURL == "" || *mailFrom == "" {
			fmt.Fprintf(os.Stderr, "gaslamp serve: --smtp-url and --mail-from go together\n")
			return 2
		}
		if smtp, err = server.ParseSMTPURL(*smtpURL); err != nil {
			fmt.Fprintf(os.Stderr, "gaslamp serve: --smtp-url %s: %v\n", redactURL(*smtpURL), err)
			return 2
		}
		if _, err := server.ParseMailFrom(*mailFrom); err != nil {
			fmt.Fprintf(os.Stderr, "gaslamp serve: --mail-from: %v\n", err)
			return 2
		}
		if len(publicURLs) == 0 {
			fmt.Fprintf(os.Stderr, "gaslamp serve: --smtp-url needs --public-url (the links in the e-mails)\n")
			return 2
		}
	}
	subject, err := parsePushSubject(*pushSubject)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gaslamp serve: --push-subject: %v\n", err)
		return 2
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		fmt.Fprintf(os.Stderr, "gaslamp serve: bad --log-level %q\n", *logLevel)
		return 2
	}
	log := slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
	if *database != "" && flagGiven(fs, "data") {
		log.Warn("--data is not used with --database: the store is PostgreSQL (to move a node's SQLite data there: gaslamp to-postgres)", "data", *data)
	}

	be, err := openBackends(ctx, log, *data, *database, *natsURL, *natsPrefix)
	if err != nil {
		log.Error("start", "err", err)
		return 1
	}
	closed := false
	defer func() {
		if !closed {
			be.close(log)
		}
	}()
	if *sessionIdle == 0 {
		*sessionIdle = -1 // the server's "never"
	}
	cfg := server.Config{
		Store: be.store, Bus: be.bus, Logger: log, Version: buildVersion(), SecureCookies: *secure, SessionIdle: zeroMeansNever(*sessionIdle), RevokeCheck: zeroMeansNever(*revokeCheck), IdleUnload: zeroMeansNever(*idleUnload), PushSubject: subject,
		BotBudget: *budget, BotDelay: *delay, BotWorkers: *botWorkers,
		Limits:     server.DefaultLimits().ScaleIP(*ipScale),
		PublicURLs: publicURLs, TrustedProxies: proxies,
		HelloTimeout: *helloTimeout, PingEvery: *pingEvery, PongTimeout: *pongTimeout,
		ConnsPerAddr: *connsPerAddr, ConnsPerSession: *connsPerSession,
		BodyTimeout: *readTimeout, WriteTimeout: *writeTimeout,
		OpenTableTTL: *openTTL, OpenTablesPerUser: *openPerUser, NoGuestChat: !*guestChat,
		SMTP: smtp, MailFrom: *mailFrom,
	}
	if smtp != nil {
		log.Info("mail", "smtp", smtp.String(), "from", *mailFrom)
	}
	if *ipScale == 0 {
		cfg.ConnsPerAddr = -1 // no cap per address
	}
	cfg.Static, cfg.Messages = webFiles()
	if *database != "" {
		// PostgreSQL may be shared with other nodes: coordinate with them.
		cfg.NodeID = nodeID()
		log.Info("node", "id", cfg.NodeID)
	}
	cfg.Origins = originList
	srv, err := server.New(ctx, cfg)
	if err != nil {
		log.Error("server", "err", err)
		return 1
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Error("listen", "addr", *addr, "err", err)
		return 1
	}
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: *readHeaderTimeout, IdleTimeout: *idleTimeout,
		// ReadTimeout and WriteTimeout are applied per request by the
		// server's handler (--read-timeout, --write-timeout), which clears
		// them for WebSockets.
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	if *debugAddr != "" {
		if err := serveDebug(*debugAddr, log); err != nil {
			log.Error("debug listener", "addr", *debugAddr, "err", err)
			return 1
		}
	}
	// The first line on stdout tells scripts and tests where we listen.
	fmt.Printf("listening on %s\n", ln.Addr())
	log.Info("listening", append([]any{"addr", ln.Addr().String(), "version", buildVersion(), "schema", store.LatestSchemaVersion(),
		"procs", runtime.GOMAXPROCS(0), "bot_workers", *botWorkers,
		"open_files_limit", server.FileLimit()}, be.describe...)...)
	if n := server.FileLimit(); n > 0 && n < minFileLimit {
		log.Warn("few open files allowed: each player's WebSocket holds one, so this server can hold about that many players at once; raise the limit (systemd: LimitNOFILE=65536; a shell: ulimit -n)",
			"open_files_limit", n)
	}
	if subject == "" {
		// The server always offers push ("your move" notifications).
		log.Warn("push: no --push-subject, so push services are given the default contact admin@localhost, which Apple's push service is reported to refuse (no notifications to Safari and iPhones); set --push-subject to the site admin's e-mail address or an https URL",
			"push_subject", defaultPushSubject)
	}
	if ready != nil {
		ready(ln.Addr())
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		log.Error("serve", "err", err)
		return 1
	case <-ctx.Done():
	}
	log.Info("shutting down", "cause", context.Cause(ctx).Error())
	sctx, cancel := context.WithTimeout(context.Background(), *shutdownTimeout)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Warn("http shutdown", "err", err)
	}
	if err := srv.Shutdown(sctx); err != nil {
		log.Warn("tables shutdown", "err", err)
	}
	closed = true
	if !be.close(log) {
		return 1
	}
	log.Info("stopped")
	return 0
}

// webFiles returns the browser client's files and site texts.
func webFiles() (fs.FS, game.Catalog) { return web.Static(), web.Messages() }

// maxProcs bounds --procs.
const maxProcs = 1024

// startProcs is GOMAXPROCS as the process started: the cores Go may use (its
// CPU set and cgroup limit), or the GOMAXPROCS environment variable. Read
// once, so that serve run again in one process (the tests) does not double
// what it doubled before.
var startProcs = runtime.GOMAXPROCS(0)

// serveProcs is the GOMAXPROCS serve runs with: procs when set, else twice
// the cores Go may use on a machine of up to 4 cores, and the cores on a
// larger one (Go's own default; the doubling was measured on 2 cores only).
// The server's work is short bursts between system calls (socket writes, the
// store's writes). On a 2-core machine under load, with the load generator
// beside it, four processors instead of two gave a median p99 move-to-view
// latency of 81 ms against 119 ms at 4,000 players (12 interleaved pairs,
// 10 of them in its favour), at the same throughput and about 8% more CPU a
// move (docs/performance.md).
func serveProcs(procs, cores int) int {
	if procs > 0 {
		return procs
	}
	cores = max(cores, 1)
	if cores <= 4 {
		return 2 * cores
	}
	return min(cores, maxProcs)
}

// checkServeNumbers checks the numeric flags that once fell back silently or
// switched a protection off: it returns a message naming the bad flag, or "".
func checkServeNumbers(gcPercent int, ipScale float64, budget, delay time.Duration, botWorkers int, sessionIdle, revokeCheck time.Duration) string {
	switch {
	case gcPercent < 10 || gcPercent > 10000:
		return fmt.Sprintf("--gc-percent must be between 10 and 10000, got %d (a negative value would turn the garbage collector off)", gcPercent)
	case ipScale < 0 || ipScale != ipScale:
		return fmt.Sprintf("--ip-limit-scale must be 0 (no per-IP limits) or more, got %v", ipScale)
	case budget <= 0:
		return fmt.Sprintf("--bot-budget must be a positive duration, got %v", budget)
	case budget > 5*time.Minute:
		return fmt.Sprintf("--bot-budget must be at most 5m, got %v", budget)
	case delay < 0:
		return fmt.Sprintf("--bot-delay must be 0 or more, got %v", delay)
	case botWorkers < 0:
		return fmt.Sprintf("--bot-workers must be 0 (one per core) or more, got %d", botWorkers)
	case sessionIdle < 0:
		return fmt.Sprintf("--session-idle must be 0 (never) or a positive duration, got %v", sessionIdle)
	case revokeCheck < 0:
		return fmt.Sprintf("--revoke-check must be 0 (never) or a positive duration, got %v", revokeCheck)
	}
	return ""
}

// defaultPushSubject is the push contact the server uses without
// --push-subject (server/push.go).
const defaultPushSubject = "admin@localhost"

// parsePushSubject checks --push-subject: an e-mail address, bare or as a
// mailto: URL, or an https URL. It returns the form server.Config wants
// (the push library adds "mailto:" itself), "" for the default.
func parsePushSubject(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", nil
	}
	if strings.HasPrefix(strings.ToLower(s), "https://") {
		u, err := url.Parse(s)
		if err != nil || u.Host == "" || u.User != nil {
			return "", fmt.Errorf("%q is not a valid https URL (want an e-mail address, e.g. admin@example.org, or an https URL such as https://play.example.org/contact)", s)
		}
		return s, nil
	}
	addr := s
	if len(s) >= 7 && strings.EqualFold(s[:7], "mailto:") {
		addr = s[7:]
	}
	a, err := mail.ParseAddress(addr)
	if err != nil || a.Name != "" || a.Address != addr || !strings.Contains(addr, "@") {
		return "", fmt.Errorf("%q is neither an e-mail address (admin@example.org, or mailto:admin@example.org) nor an https URL", s)
	}
	return addr, nil
}

// parseOrigins reads --origins: comma-separated hosts (host or host:port,
// path.Match patterns), matched against the host of a request's Origin
// header. An entry with a scheme or a path would never match one: it is
// refused with what to give instead.
func parseOrigins(list string) ([]string, error) {
	var out []string
	for _, o := range strings.Split(list, ",") {
		o = strings.TrimSpace(o)
		if o == "" {
			continue
		}
		if strings.Contains(o, "://") || strings.ContainsAny(o, "/?#@ ") {
			return nil, fmt.Errorf("%q is not a host: give the host only (host or host:port, e.g. play.example.org), or give the site's address with --public-url https://play.example.org", o)
		}
		if _, err := path.Match(o, ""); err != nil {
			return nil, fmt.Errorf("%q is not a valid pattern (%v): give the host only, e.g. play.example.org or *.example.org", o, err)
		}
		out = append(out, o)
	}
	return out, nil
}

// zeroMeansNever maps a flag's duration where 0 means never (--session-idle,
// --revoke-check, --idle-unload; a negative one is refused before) to server.Config's form (negative: never; 0 there means the
// default).
func zeroMeansNever(d time.Duration) time.Duration {
	if d == 0 {
		return -1
	}
	return d
}
