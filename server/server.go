package server

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"encoding/base64"
	"errors"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"

	"gaslamp/bus"
	"gaslamp/game"
	"gaslamp/store"
)

// Config configures a Server. Store is required; the rest has defaults.
type Config struct {
	Store  store.Store
	Bus    bus.Bus      // table notices; nil means an in-process bus
	Logger *slog.Logger // nil means a JSON handler on stderr

	// Version names the build this node runs, in /metrics
	// (gaslamp_build_info); "" shows as "unknown".
	Version string

	// Static holds the client's files (index.html, table.html, ...); nil
	// means a placeholder page. Messages are the site's texts, merged with
	// every registered game's catalogue for /i18n/{lang}.json.
	Static   fs.FS
	Messages game.Catalog

	// Origins lists extra hosts (patterns as in path.Match, e.g.
	// "play.example.org") whose pages may open WebSockets and post; the
	// request's own host is always allowed.
	Origins []string
	// PublicURLs are the site's origins (scheme://host[:port], lower case,
	// as ParsePublicURLs returns them): the Origin of WebSockets and posts
	// must be one of them (or match Origins). Without any, only loopback
	// origins are accepted (local play). The Host header is never trusted.
	PublicURLs []string
	// TrustedProxies are the reverse proxies whose X-Forwarded-For or
	// Forwarded headers name the client; from any other peer they are
	// ignored.
	TrustedProxies []netip.Prefix
	// HelloTimeout closes a WebSocket that has not said hello by then
	// (default DefaultHelloTimeout; negative: never). PingEvery and
	// PongTimeout: the server's pings (defaults DefaultPingEvery,
	// DefaultPongTimeout; negative PingEvery: none).
	HelloTimeout, PingEvery, PongTimeout time.Duration
	// ConnsPerAddr and ConnsPerSession cap the WebSockets open at once per
	// client address (IPv6 by /64) and per session (defaults
	// DefaultConnsPerAddr, DefaultConnsPerSession; negative: no cap; with
	// no per-IP join limit, Limits.ScaleIP(0), the per-address default is
	// no cap).
	ConnsPerAddr, ConnsPerSession int
	// RateNotices is how many rate-limited notices a WebSocket gets before
	// it is closed (default DefaultRateNotices).
	RateNotices int
	// NoGuestChat: only accounts may write in the tables' chats (as on
	// lichess); a guest reads them. A guest can be signed out by an admin
	// but comes back as a new guest, so this is the site's lever against
	// anonymous abuse.
	NoGuestChat bool
	// OpenTableTTL expires an open table that has not started by then
	// (default DefaultOpenTableTTL; negative: never), checked every
	// OpenTableSweep (default a minute). OpenTablesPerUser caps the open
	// tables one user holds (default DefaultOpenTablesPerUser; negative:
	// no cap).
	OpenTableTTL, OpenTableSweep time.Duration
	// TutorialTTL expires a tutorial table (tutorial.go) this long after it
	// was created, finished or not (default DefaultTutorialTTL; negative:
	// never), checked with the open tables.
	TutorialTTL time.Duration
	// IdleUnload unloads a table with no connection that needs no node to
	// act for it after this long idle (default DefaultIdleUnload; negative:
	// never); it comes back from the store on the next visit.
	IdleUnload        time.Duration
	OpenTablesPerUser int
	// BodyTimeout and WriteTimeout bound a request's body and its answer
	// (defaults DefaultBodyTimeout, DefaultWriteTimeout; negative: none).
	BodyTimeout, WriteTimeout time.Duration
	// LeaderboardMinGames is the number of rated games an account needs
	// in a game and side to appear on its leaderboard (default
	// DefaultLeaderboardMinGames).
	LeaderboardMinGames int
	// SecureCookies sets the Secure flag on the session cookie (behind TLS).
	SecureCookies bool
	// SessionIdle is how long a session may go unused before it expires
	// (default DefaultSessionIdle; negative: never). Each use renews it; an
	// expired session is refused like an unknown one, and a periodic sweep
	// deletes it.
	SessionIdle time.Duration

	// BotBudget is the time a bot is given per decision (default 2s); past it
	// plus a grace of a quarter, the server plays a random legal move instead.
	BotBudget time.Duration
	// BotDelay is the least time a bot seems to think before its move shows,
	// so that people can follow (default 0).
	BotDelay time.Duration
	// PushSubject is the contact the server gives push services in its
	// VAPID claims (an e-mail address or an https URL; default
	// admin@localhost). PushClient replaces the HTTP client that delivers
	// pushes (tests: a fake push service on loopback, which the default
	// client refuses to dial).
	PushSubject string
	PushClient  webpush.HTTPClient
	// SMTP is the server that sends "your move" mails (mail.go; nil: no
	// mail), from MailFrom; the links in mails use PublicURLs[0], which
	// must be set. MailRetry is the first pause after a failed send
	// (default 5s; it grows fourfold per attempt).
	SMTP      *SMTPSettings
	MailFrom  string
	MailRetry time.Duration
	// TakeoverBot is the bot that plays for an absent human (default: the
	// game's pick for level normal, game.PickLevel).
	TakeoverBot string
	// BotWorkers is the number of bot decisions computed at once, over all
	// tables (default GOMAXPROCS, the cores Go uses); more wait their turn.
	BotWorkers int

	// NodeID names this node when several nodes share the store and the
	// bus (see nodes.go for the scheme); "" means a single node, which holds
	// every open and running table and acts for all of them.
	NodeID string
	// LeaseTTL is how long a node's lease on a table lasts unless renewed
	// (several nodes only; default DefaultLeaseTTL): a stopped node's bots
	// resume on another within about LeaseTTL plus SyncEvery.
	LeaseTTL time.Duration
	// SyncEvery is the period at which a node renews its leases, takes
	// expired ones and checks its tables' versions against the store
	// (several nodes only; default LeaseTTL/3).
	SyncEvery time.Duration

	Limits Limits
	// RevokeCheck is how often the node checks that the sessions of its
	// open WebSockets still exist (ended elsewhere: signed out on another
	// node, a password change, a suspension by `gaslamp admin`), and
	// closes those whose session is gone (default DefaultRevokeCheck;
	// negative: never).
	RevokeCheck time.Duration
	// Now is the clock (tests); nil means time.Now.
	Now func() time.Time
}

// Server is the gaslamp HTTP and WebSocket server. Create it with New, serve
// Handler, and call Shutdown to stop.
type Server struct {
	attachHook atomic.Pointer[func(*table)]          // tests only: see beforeAttach
	writeHook  atomic.Pointer[func(*conn, [][]byte)] // tests only: each write's frames (see writeLoop)
	cfg        Config
	store      store.Store
	bus        bus.Bus
	ownBus     bool
	log        *slog.Logger
	hub        *hub
	bots       *botPool
	limiter    *limiter
	caps       connCaps
	metrics    *serverMetrics
	mux        *http.ServeMux
	closing    atomic.Bool
	// conns counts the WebSocket handlers running, so that Shutdown waits
	// until every client has had its close frame.
	conns   activeCount
	probe   storeProbe   // the last readiness check of the store (storehealth.go)
	trouble storeTrouble // consecutive store write failures, for backoff and logging
	// loadFailed counts the tables that could not be rebuilt at start.
	loadFailed atomic.Int64
	unsub      func()
	baseCtx    context.Context
	cancel     context.CancelFunc
	swept      chan struct{} // closed when the session sweeper has stopped
	// tablesSwept is closed when the open-table sweeper has stopped.
	tablesSwept chan struct{}
	// chaptersFilled is closed when the chapter records' backfill has
	// stopped (chapters.go).
	chaptersFilled chan struct{}
	idleSwept      chan struct{} // closed when the idle-table sweeper has stopped
	revoked        chan struct{} // closed when the revoked-session sweeper has stopped
	synced         chan struct{} // closed when the node's sync loop has stopped (several nodes)
	// Several nodes (Config.NodeID set).
	multi     bool
	node      string
	leaseTTL  time.Duration
	syncEvery time.Duration
	noRelease bool              // tests: stop like a crashed node, keeping the leases
	catalogs  map[string][]byte // merged catalogue per language, JSON
	texts     game.Catalog      // the merged catalogue, for texts the server renders (push)
	push      *pusher           // Web Push sender (push.go)
	mail      *mailer           // e-mail sender (mail.go); nil without SMTP
	assets    assetCache        // the client's files, pages and catalogues as sent (assets.go)
	accounts  accountCache      // which seats' holders are accounts (accountflag.go)
}

// New builds a server and loads every open and running table from the store,
// replaying its moves.
func New(ctx context.Context, cfg Config) (*Server, error) {
	if cfg.Store == nil {
		return nil, errors.New("server: no store")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.BotBudget <= 0 {
		cfg.BotBudget = 2 * time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewJSONHandler(nopWriter{}, nil))
	}
	if cfg.Limits == (Limits{}) {
		cfg.Limits = DefaultLimits()
	}
	if cfg.SessionIdle == 0 {
		cfg.SessionIdle = DefaultSessionIdle
	}
	def := func(d *time.Duration, v time.Duration) {
		if *d == 0 {
			*d = v
		}
	}
	def(&cfg.HelloTimeout, DefaultHelloTimeout)
	def(&cfg.PingEvery, DefaultPingEvery)
	def(&cfg.PongTimeout, DefaultPongTimeout)
	def(&cfg.BodyTimeout, DefaultBodyTimeout)
	def(&cfg.WriteTimeout, DefaultWriteTimeout)
	if cfg.ConnsPerAddr == 0 {
		cfg.ConnsPerAddr = DefaultConnsPerAddr
		if cfg.Limits.JoinIP == (Rate{}) {
			// Limits.ScaleIP(0) (load tests and browser tests from one
			// address) lifts the per-address cap with the per-IP rates.
			cfg.ConnsPerAddr = -1
		}
	}
	if cfg.ConnsPerSession == 0 {
		cfg.ConnsPerSession = DefaultConnsPerSession
	}
	def(&cfg.OpenTableTTL, DefaultOpenTableTTL)
	def(&cfg.TutorialTTL, DefaultTutorialTTL)
	def(&cfg.OpenTableSweep, time.Minute)
	def(&cfg.IdleUnload, DefaultIdleUnload)
	if cfg.OpenTablesPerUser == 0 {
		cfg.OpenTablesPerUser = DefaultOpenTablesPerUser
	}
	if cfg.RateNotices <= 0 {
		cfg.RateNotices = DefaultRateNotices
	}
	if cfg.LeaderboardMinGames <= 0 {
		cfg.LeaderboardMinGames = DefaultLeaderboardMinGames
	}
	if cfg.BotWorkers <= 0 {
		cfg.BotWorkers = runtime.GOMAXPROCS(0)
	}
	s := &Server{cfg: cfg, store: cfg.Store, bus: cfg.Bus, log: cfg.Logger, limiter: newLimiter(cfg.Now), metrics: newMetrics()}
	if s.bus == nil {
		s.bus, s.ownBus = bus.NewLocal(), true
	}
	s.baseCtx, s.cancel = context.WithCancel(context.Background())
	s.bots = newBotPool(cfg.BotWorkers)
	if err := s.loadBotSecret(ctx); err != nil {
		return nil, err
	}
	if err := s.loadPush(ctx); err != nil {
		return nil, err
	}
	if err := s.startMail(); err != nil {
		s.push.close()
		return nil, err
	}
	s.multi, s.node, s.leaseTTL, s.syncEvery = cfg.NodeID != "", cfg.NodeID, cfg.LeaseTTL, cfg.SyncEvery
	if s.leaseTTL <= 0 {
		s.leaseTTL = DefaultLeaseTTL
	}
	if s.syncEvery <= 0 {
		s.syncEvery = s.leaseTTL / 3
	}
	s.hub = newHub(s)
	s.unsub = s.bus.Subscribe(s.hub.notice)
	s.buildCatalogs()
	s.routes()
	s.synced = make(chan struct{})
	if s.multi {
		// Tables are loaded on demand, and those with an expired lease by
		// the sync loop.
		go func() {
			defer close(s.synced)
			s.hub.syncLoop(s.baseCtx)
		}()
	} else {
		close(s.synced)
		if err := s.hub.loadAll(ctx); err != nil {
			s.cancel()
			s.bots.close()
			return nil, err
		}
	}
	s.expireSessions(ctx)
	s.swept = make(chan struct{})
	s.tablesSwept = make(chan struct{})
	go func() {
		defer close(s.swept)
		s.sweepSessions()
	}()
	s.chaptersFilled = make(chan struct{})
	go func() {
		defer close(s.chaptersFilled)
		s.backfillChapters()
	}()
	s.revoked = make(chan struct{})
	go func() {
		defer close(s.revoked)
		s.sweepRevoked()
	}()
	s.idleSwept = make(chan struct{})
	go func() {
		defer close(s.idleSwept)
		s.sweepIdleTables()
	}()
	go func() {
		defer close(s.tablesSwept)
		s.sweepOpenTables()
	}()
	return s, nil
}

type nopWriter struct{}

func (nopWriter) Write(p []byte) (int, error) { return len(p), nil }

func (s *Server) now() time.Time { return s.cfg.Now() }

// Handler returns the server's HTTP handler (security headers included).
func (s *Server) Handler() http.Handler { return s.bounded(s.secure(s.pages(s.mux))) }

// pages serves the not-found page (handleNotFound) to a browser that asks
// for an address no route has; every other request, an unknown API path or
// another method on a known address (405) among them, goes to the routes as
// it is.
func (s *Server) pages(m *http.ServeMux) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if wantsPage(r) {
			if _, pattern := m.Handler(r); pattern == "" {
				s.handleNotFound(w, r)
				return
			}
		}
		m.ServeHTTP(w, r)
	})
}

// Shutdown stops the server without losing anything: new WebSocket
// connections are refused, each table finishes the moves it has received,
// then its connections are closed with "going away". It does not close the
// store; the caller does, after Shutdown returns. Call it after
// http.Server.Shutdown has stopped the listener.
func (s *Server) Shutdown(ctx context.Context) error {
	s.closing.Store(true)
	s.cancel() // stops the sync loop: no table is loaded any more
	select {
	case <-s.synced:
	case <-ctx.Done():
	}
	err := s.hub.stopAll(ctx)
	// Every table has queued its last acks and a close frame (1001) to
	// each of its connections: wait until they are written.
	if werr := s.conns.wait(ctx); werr != nil && err == nil {
		err = werr
	}
	s.bots.close()
	s.push.close()
	s.mail.close()
	s.unsub()
	if s.ownBus {
		s.bus.Close()
	}
	s.cancel()
	select {
	case <-s.swept:
	case <-ctx.Done():
	}
	select {
	case <-s.tablesSwept:
	case <-ctx.Done():
	}
	select {
	case <-s.idleSwept:
	case <-ctx.Done():
	}
	select {
	case <-s.revoked:
	case <-ctx.Done():
	}
	select {
	case <-s.chaptersFilled:
	case <-ctx.Done():
	}
	return err
}

// randomToken returns n random bytes, URL-safe base64 encoded.
func randomToken(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("server: no randomness: " + err.Error())
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// randomID returns prefix and 10 random bytes in lower-case base32.
func randomID(prefix string) string {
	b := make([]byte, 10)
	if _, err := rand.Read(b); err != nil {
		panic("server: no randomness: " + err.Error())
	}
	return prefix + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b))
}

// randomSeed returns a random game seed.
func randomSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("server: no randomness: " + err.Error())
	}
	var x uint64
	for _, c := range b {
		x = x<<8 | uint64(c)
	}
	return x
}

// activeCount counts running handlers; wait returns once none runs. Unlike a
// sync.WaitGroup it may be added to while someone waits.
type activeCount struct {
	mu   sync.Mutex
	n    int
	idle chan struct{}
}

func (a *activeCount) add() {
	a.mu.Lock()
	a.n++
	a.mu.Unlock()
}

func (a *activeCount) done() {
	a.mu.Lock()
	a.n--
	if a.n == 0 && a.idle != nil {
		close(a.idle)
		a.idle = nil
	}
	a.mu.Unlock()
}

// wait returns nil once the count is zero, or ctx's error.
func (a *activeCount) wait(ctx context.Context) error {
	a.mu.Lock()
	if a.n == 0 {
		a.mu.Unlock()
		return nil
	}
	if a.idle == nil {
		a.idle = make(chan struct{})
	}
	ch := a.idle
	a.mu.Unlock()
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
