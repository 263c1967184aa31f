package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	_ "gaslamp/games/builtin" // the games and bots the binary serves
	"gaslamp/internal/testscale"
	"gaslamp/server"
	"gaslamp/store"
	"gaslamp/web"
)

// scaled returns a wait limit stretched by GASLAMP_TEST_TIMEOUT_SCALE: every
// wait in these tests is for an event (a state, a frame, a move count), and
// its limit only says when to give up and print what was seen last.
func scaled(d time.Duration) time.Duration { return testscale.Timeout(d) }

// chromiumPath is where the tests look for Chromium (Debian's package).
const chromiumPath = "/usr/bin/chromium"

// requireBrowser skips the test under -short and when Chromium is missing;
// under CI=true a missing Chromium fails it instead. A test that goes on runs
// in parallel with the others (each has its own server, store and browser):
// a browser test mostly waits for Chromium, the server and the bots, so two at
// a time (go test's -parallel default on 2 cores) roughly halve the package's
// wall time.
func requireBrowser(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end browser test: skipped under -short")
	}
	if _, err := exec.LookPath(chromiumPath); err != nil {
		const reason = "chromium not found at /usr/bin/chromium; apt-get install chromium"
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s (CI=true: a missing browser fails the end-to-end tests): %v", reason, err)
		}
		t.Skip(reason)
	}
	t.Parallel()
}

// syncBuffer is a bytes.Buffer safe for concurrent writers (the server's
// logger, Chromium's output).
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// tail returns the last n lines written.
func (b *syncBuffer) tail(n int) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	lines := strings.Split(strings.TrimRight(b.buf.String(), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// startServer runs the real gaslamp server (as web/internal/devserve builds
// it) on 127.0.0.1 with a throwaway SQLite store, and returns its base URL.
// Its log is printed when the test fails.
func startServer(t *testing.T) string {
	t.Helper()
	base, _ := startServerStore(t)
	return base
}

// startServerStore is startServer that also gives the test its store.
func startServerStore(t *testing.T) (string, store.Store) {
	t.Helper()
	return startServerWith(t, nil)
}

// startServerWith is startServerStore with the server's configuration
// changed by mod (if not nil), which is given the server's own address.
func startServerWith(t *testing.T, mod func(base string, c *server.Config)) (string, store.Store) {
	t.Helper()
	ctx := context.Background()
	st, err := store.OpenSQLite(ctx, t.TempDir())
	if err != nil {
		t.Fatalf("opening the store: %v", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		st.Close()
		t.Fatalf("listening on 127.0.0.1: %v", err)
	}
	logs := &syncBuffer{}
	cfg := server.Config{
		Store: st, Static: web.Static(), Messages: web.Messages(),
		Logger: slog.New(slog.NewTextHandler(logs, nil)),
		// Bots answer at once and think 30 ms a move: these tests check
		// what the pages show of their moves, not their strength, and the
		// CPU is the browser's.
		BotDelay: 0, BotBudget: 30 * time.Millisecond,
		Limits: server.DefaultLimits().ScaleIP(0),
	}
	if mod != nil {
		mod("http://"+ln.Addr().String(), &cfg)
	}
	srv, err := server.New(ctx, cfg)
	if err != nil {
		ln.Close()
		st.Close()
		t.Fatalf("starting the server: %v", err)
	}
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: scaled(10 * time.Second)}
	go hs.Serve(ln)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), scaled(10*time.Second))
		defer cancel()
		_ = hs.Shutdown(ctx)
		if err := srv.Shutdown(ctx); err != nil {
			t.Errorf("server shutdown: %v", err)
		}
		st.Close()
		if t.Failed() {
			t.Logf("server log (last lines):\n%s", logs.tail(60))
		}
	})
	return "http://" + ln.Addr().String(), st
}

// startBrowser returns the context of the package's headless Chromium (one
// process for every test, started by the first test that asks, started again
// if it died); every player opens its own browser context from it
// (openPage), with its own cookies and storage, so tests share nothing but
// the process. One browser rather than one per test saves its start-up and
// its idle processes, a large part of the package's CPU time on 2 cores.
func startBrowser(t *testing.T) context.Context {
	t.Helper()
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.ctx == nil || shared.ctx.Err() != nil {
		if err := shared.start(); err != nil {
			t.Fatalf("starting %s: %v\n%s", chromiumPath, err, shared.out.tail(30))
		}
	}
	out := shared.out
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("chromium output (last lines):\n%s", out.tail(30))
		}
	})
	return shared.ctx
}

// sharedBrowser is the package's browser (startBrowser); TestMain stops it.
type sharedBrowser struct {
	mu   sync.Mutex
	ctx  context.Context // its first tab
	stop func()
	out  *syncBuffer // Chromium's output
}

var shared sharedBrowser

// start starts Chromium with a fresh profile, stopping the one before if
// any; b.mu is held.
func (b *sharedBrowser) start() error {
	if b.stop != nil {
		b.stop()
	}
	b.out = &syncBuffer{}
	profile, err := os.MkdirTemp("", "gaslamp-e2e-chromium-")
	if err != nil {
		return err
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromiumPath),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-proxy-server", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1280, 1000),
		chromedp.CombinedOutput(b.out),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelBrowser := chromedp.NewContext(allocCtx)
	b.ctx = ctx
	b.stop = func() {
		cancelBrowser()
		cancelAlloc()
		os.RemoveAll(profile)
		b.ctx, b.stop = nil, nil
	}
	if err := chromedp.Do(ctx); err != nil {
		b.stop()
		return err
	}
	return nil
}

// TestMain stops the shared browser once every test has run.
func TestMain(m *testing.M) {
	code := m.Run()
	shared.mu.Lock()
	if shared.stop != nil {
		shared.stop()
	}
	shared.mu.Unlock()
	os.Exit(code)
}

// artifactsDir returns the directory for the test's screenshots and frame logs:
// $GASLAMP_E2E_ARTIFACTS/<test name>, else a temporary directory.
func artifactsDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if root := os.Getenv("GASLAMP_E2E_ARTIFACTS"); root != "" {
		dir = filepath.Join(root, strings.ReplaceAll(t.Name(), "/", "_"))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatalf("artifacts directory: %v", err)
		}
	}
	t.Logf("screenshots and frame logs go to %s", dir)
	return dir
}

// newRand returns the seeded generator of the test's choices: the seed is
// $GASLAMP_E2E_SEED, else def; it is logged.
func newRand(t *testing.T, def uint64) *rand.Rand {
	t.Helper()
	seed := def
	if s := os.Getenv("GASLAMP_E2E_SEED"); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("GASLAMP_E2E_SEED=%q: %v", s, err)
		}
		seed = n
	}
	t.Logf("choice seed %d (set GASLAMP_E2E_SEED to change it)", seed)
	return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}

// frame is one WebSocket text frame a page received.
type frame struct {
	n    int // its index among the page's frames
	data []byte
}

// page is one player's tab in its own browser context (its own cookies). It
// records the WebSocket frames the page receives and its console.
type page struct {
	t    *testing.T
	name string
	base string
	ctx  context.Context

	mu        sync.Mutex
	frames    []frame
	console   []string // everything, for failure reports
	problems  []string // exceptions, console.error calls, CSP reports
	toasts    []string // error toasts seen
	fallbacks int      // clicks delivered as DOM events (the point was covered)
}

// openPage opens a tab in a new browser context of the browser.
func openPage(t *testing.T, browser context.Context, name, base string) *page {
	t.Helper()
	p := &page{t: t, name: name, base: base}
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext(), chromedp.WithListener(p.listen))
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("%s: opening a tab: %v", name, err)
	}
	p.ctx = ctx
	// The pieces' glide (motion.js) is off, as under the system's "reduce
	// motion": a whole game's hundreds of moves would each wait for it.
	// TestBrowserMotion turns it back on.
	p.setMedia(map[string]string{"prefers-reduced-motion": "reduce"})
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			p.addConsole(m)
		}
	}()
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("%s: console:\n%s", p.name, p.consoleText())
		}
	})
	return p
}

// listen runs in the tab's event loop: it only records.
func (p *page) listen(ev any) {
	if ev, ok := ev.(*network.EventWebSocketFrameReceived); ok && ev.Response != nil && ev.Response.Opcode == 1 {
		p.mu.Lock()
		p.frames = append(p.frames, frame{n: len(p.frames), data: bytes.Clone(ev.Response.PayloadData)})
		p.mu.Unlock()
	}
}

func (p *page) addConsole(m chromedp.ConsoleMessage) {
	line := m.String()
	if m.URL != "" {
		line += fmt.Sprintf(" (%s:%d)", m.URL, m.Line+1)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.console = append(p.console, line)
	switch {
	case m.IsException():
		p.problems = append(p.problems, line)
	case m.Type == chromedp.ConsoleError && m.Source == "":
		// console.error from the page's own code.
		p.problems = append(p.problems, line)
	case m.Source == "security":
		// A CSP violation.
		p.problems = append(p.problems, line)
	case m.Source == "network" && strings.Contains(m.URL, "/static/"):
		// One of the client's own files failed to load.
		p.problems = append(p.problems, line)
	}
}

func (p *page) consoleText() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.console) == 0 {
		return "(empty)"
	}
	return strings.Join(p.console, "\n")
}

// framesFrom returns the frames received from index i on.
func (p *page) framesFrom(i int) []frame {
	p.mu.Lock()
	defer p.mu.Unlock()
	if i >= len(p.frames) {
		return nil
	}
	return append([]frame(nil), p.frames[i:]...)
}

// checkConsole fails the test for every JavaScript exception, console.error
// call or CSP report the page had, and for every error toast it showed.
func (p *page) checkConsole() {
	p.t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, s := range p.problems {
		p.t.Errorf("%s: %s", p.name, s)
	}
	for _, s := range p.toasts {
		p.t.Errorf("%s: error toast %q", p.name, s)
	}
	if p.fallbacks > 0 {
		p.t.Logf("%s: %d clicks were sent as DOM events because another element covered the target", p.name, p.fallbacks)
	}
}

// run runs actions in the tab with a timeout.
func (p *page) run(timeout time.Duration, actions ...chromedp.Action[chromedp.Void]) error {
	ctx, cancel := context.WithTimeout(p.ctx, timeout)
	defer cancel()
	return chromedp.Do(ctx, actions...)
}

// eval evaluates a JavaScript expression in the page and decodes its value.
func eval[T any](p *page, js string) (T, error) {
	ctx, cancel := context.WithTimeout(p.ctx, scaled(10*time.Second))
	defer cancel()
	return chromedp.Run(ctx, chromedp.Evaluate[T](js))
}

// mustEval is eval that fails the test.
func mustEval[T any](p *page, js string) T {
	p.t.Helper()
	v, err := eval[T](p, js)
	if err != nil {
		p.t.Fatalf("%s: evaluating %.80q: %v\n%s", p.name, js, err, p.describe())
	}
	return v
}

// jsString quotes s for JavaScript.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// navigate loads a URL (a path is relative to the server).
func (p *page) navigate(url string) {
	p.t.Helper()
	if strings.HasPrefix(url, "/") {
		url = p.base + url
	}
	if err := p.run(scaled(20*time.Second), chromedp.Navigate(url)); err != nil {
		p.t.Fatalf("%s: navigating to %s: %v\n%s", p.name, url, err, p.describe())
	}
}

// waitJS polls a JavaScript condition until it is true. Evaluation errors
// (a navigation in between) count as false.
func (p *page) waitJS(what, cond string, timeout time.Duration) {
	p.t.Helper()
	deadline := time.Now().Add(timeout)
	var lastErr error
	for {
		ok, err := eval[bool](p, "!!("+cond+")")
		if err == nil && ok {
			return
		}
		lastErr = err
		if time.Now().After(deadline) {
			p.t.Fatalf("%s: waited %v for %s (%s); last error: %v\n%s", p.name, timeout, what, cond, lastErr, p.describe())
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// pageState is what the play loop reads of a table page: the stable
// selectors of web/doc.go.
type pageState struct {
	Path      string   `json:"path"`
	Version   int      `json:"v"`
	Connected bool     `json:"connected"`
	Over      bool     `json:"over"`
	Busy      bool     `json:"busy"`
	Act       bool     `json:"act"`
	Prompt    string   `json:"prompt"`
	Chooser   bool     `json:"chooser"`
	Confirm   bool     `json:"confirm"` // a move waits for confirmation (#move-confirm)
	Targets   []string `json:"targets"` // selectors of the clickable choices
	Legal     int      `json:"legal"`   // #legal buttons
	Mine      []int    `json:"mine"`    // the seats this page holds
	Me        string   `json:"me"`      // #me-name: the signed-in guest, once known
	Dialog    bool     `json:"dialog"`  // the name prompt is open
	Winner    *string  `json:"winner"`  // #outcome[data-winner] once shown
	Toasts    []string `json:"toasts"`  // error toasts not reported before
}

const stateJS = `(() => {
  const b = document.body;
  const p = document.getElementById('prompt');
  const ch = document.getElementById('chooser');
  const targets = [];
  for (const e of document.querySelectorAll('#board .target')) {
    for (const a of ['data-circle', 'data-crossing', 'data-cell', 'data-place']) {
      const v = e.getAttribute(a);
      if (v !== null) { targets.push('#board [' + a + '="' + v + '"]'); break; }
    }
  }
  for (const e of document.querySelectorAll('#wh-actions:not([hidden]) button[data-choice], #pk-actions:not([hidden]) button[data-choice]')) {
    targets.push('#' + e.parentElement.id + ' button[data-choice="' + e.dataset.choice + '"]');
  }
  const toasts = [];
  for (const e of document.querySelectorAll('#toasts .toast.error:not([data-e2e-seen])')) {
    e.setAttribute('data-e2e-seen', '');
    toasts.push(e.textContent);
  }
  const out = document.getElementById('outcome');
  return {
    path: location.pathname,
    v: Number(b?.dataset.version ?? -1),
    connected: b?.dataset.connected === 'true',
    over: b?.dataset.over === 'true',
    busy: !!b?.classList.contains('busy'),
    act: p?.dataset.act === 'true',
    prompt: p?.textContent ?? '',
    chooser: !!ch?.open,
    confirm: b?.dataset.confirming === 'true',
    targets,
    legal: document.querySelectorAll('#legal button[data-intent]').length,
    mine: [...document.querySelectorAll('#seats li.mine')].map((e) => Number(e.dataset.seat)),
    me: document.getElementById('me-name')?.textContent ?? '',
    dialog: !!document.getElementById('name-dialog')?.open,
    winner: out && !out.hidden && out.hasAttribute('data-winner') ? out.dataset.winner : null,
    toasts,
  };
})()`

// state reads the page's state; error toasts are recorded.
func (p *page) state() (pageState, error) {
	st, err := eval[pageState](p, stateJS)
	if err == nil && len(st.Toasts) > 0 {
		p.mu.Lock()
		p.toasts = append(p.toasts, st.Toasts...)
		p.mu.Unlock()
		p.t.Logf("%s: error toast %q", p.name, st.Toasts)
	}
	return st, err
}

// waitState polls the page's state until cond holds.
func (p *page) waitState(what string, timeout time.Duration, cond func(pageState) bool) pageState {
	p.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		st, err := p.state()
		if err == nil && cond(st) {
			return st
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("%s: waited %v for %s; last error: %v\n%s", p.name, timeout, what, err, p.describe())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// describe says what the page shows, for failure messages.
func (p *page) describe() string {
	var b strings.Builder
	fmt.Fprintf(&b, "--- %s ---\n", p.name)
	summary, err := eval[string](p, `(() => {
  const q = (s) => document.querySelector(s);
  const text = (s) => (q(s)?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 300);
  return [
    'url: ' + location.href,
    'body: ' + JSON.stringify({...document.body?.dataset, class: document.body?.className}),
    'prompt: ' + text('#prompt') + ' [act=' + q('#prompt')?.dataset.act + ']',
    'legal: ' + [...document.querySelectorAll('#legal button')].map((b) => b.textContent).join(' | ').slice(0, 500),
    'targets: ' + [...document.querySelectorAll('#board .target')].length,
    'actions: ' + text('#wh-actions') + text('#pk-actions'),
    'chooser: ' + (q('#chooser')?.open ? text('#chooser') : 'closed'),
    'confirm: ' + (q('#move-confirm')?.hidden === false ? text('#move-confirm') : 'none') + ' why: ' + text('#why'),
    'dialog: ' + (q('#name-dialog')?.open ? text('#name-dialog') : 'closed'),
    'seats: ' + text('#seats'),
    'outcome: ' + text('#outcome'),
    'toasts: ' + text('#toasts'),
    'log: ' + [...document.querySelectorAll('#log li')].slice(-5).map((l) => l.textContent).join(' | '),
  ].join('\n');
})()`)
	if err != nil {
		fmt.Fprintf(&b, "(page not readable: %v)\n", err)
	} else {
		b.WriteString(summary + "\n")
	}
	p.mu.Lock()
	n := len(p.frames)
	from := max(0, n-3)
	for _, f := range p.frames[from:] {
		fmt.Fprintf(&b, "frame %d: %.400s\n", f.n, f.data)
	}
	if len(p.problems) > 0 {
		fmt.Fprintf(&b, "console problems:\n%s\n", strings.Join(p.problems, "\n"))
	}
	p.mu.Unlock()
	return b.String()
}

// errGone says a click target is no longer in the page.
var errGone = errors.New("target gone")

// errMissed says a click did not reach its target: the page moved or redrew
// it between the test locating it and the mouse pressing it. The click was
// kept from whatever it landed on (see guardJS), so it can be repeated.
var errMissed = errors.New("click missed its target")

// pointJS scrolls the element of a selector into view and finds a point of it
// that a real click reaches (not covered by another element).
const pointJS = `((sel) => {
  const el = document.querySelector(sel);
  if (!el) return { ok: false, why: 'gone' };
  el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return { ok: false, why: 'no size' };
  const at = [[0.5, 0.5], [0.35, 0.35], [0.65, 0.35], [0.35, 0.65], [0.65, 0.65], [0.5, 0.25], [0.5, 0.75], [0.25, 0.5], [0.75, 0.5]];
  for (const [fx, fy] of at) {
    const x = r.left + fx * r.width;
    const y = r.top + fy * r.height;
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === el || el.contains(hit))) {
      window.__e2eGuard = { sel, missed: '', clicked: false };
      ` + guardJS + `
      return { ok: true, x, y };
    }
  }
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return { ok: false, why: 'covered by ' + (hit ? hit.outerHTML.slice(0, 120) : 'nothing'), inBoard: !!(hit && hit.closest('#board') && el.closest('#board')) };
})(%s)`

// guardJS installs, once a document, capturing listeners that keep an armed
// click (window.__e2eGuard, set by pointJS just before the mouse moves) from
// anything but its target: when its press, release or click event lands
// outside every element of the selector, the miss is recorded and the click
// event stopped before the page sees it (the press and release go on, so
// that the board's pointer tracking stays whole). A click aimed at an
// element the page has just moved (a header filled in late) or redrawn (a
// list refreshed) thus neither lands on a neighbour nor is lost unseen.
// click reads and disarms the guard after each click.
const guardJS = `if (!window.__e2eGuardOn) {
        window.__e2eGuardOn = true;
        for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']) {
          window.addEventListener(type, (e) => {
            const g = window.__e2eGuard;
            if (!g || g.clicked) return;
            const t = e.target;
            if (!(t instanceof Element && t.closest(g.sel))) {
              g.missed = g.missed || (type + ' on ' + (t instanceof Element ? t.outerHTML.slice(0, 120) : String(t)));
            }
            if (type === 'click' && g.missed) {
              e.preventDefault();
              e.stopImmediatePropagation();
            }
            if (type === 'click') g.clicked = true;
          }, true);
        }
      }`

// guardResultJS disarms the guard of the last click and says how it went:
// what it landed on, or "" when it reached its target or cannot be told (no
// guard: the click navigated away; no event at all: a disabled button).
const guardResultJS = `(() => {
  const g = window.__e2eGuard;
  window.__e2eGuard = null;
  return g ? g.missed : '';
})()`

// lostClick reports whether a click changed nothing because its target went
// away or moved before the mouse reached it: the caller looks again.
func lostClick(err error) bool { return errors.Is(err, errGone) || errors.Is(err, errMissed) }

// clickPoint is what pointJS finds: a point of the target to click, or why
// there is none.
type clickPoint struct {
	OK      bool    `json:"ok"`
	Why     string  `json:"why"`
	InBoard bool    `json:"inBoard"`
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
}

// click clicks the element of a selector with a real mouse click at a point
// that reaches it. When every point of a board element is covered by another
// board element, it dispatches a click event on it instead (and counts it);
// an element covered by anything else (a dialog) is an error.
func (p *page) click(sel string) error {
	pt, err := eval[clickPoint](p, fmt.Sprintf(pointJS, jsString(sel)))
	if err != nil {
		return fmt.Errorf("locating %s: %w", sel, err)
	}
	if !pt.OK {
		if pt.Why == "gone" {
			return fmt.Errorf("%s: %w", sel, errGone)
		}
		if !pt.InBoard {
			return fmt.Errorf("%s: %s", sel, pt.Why)
		}
		p.t.Logf("%s: %s: %s; clicking through the DOM", p.name, sel, pt.Why)
		p.mu.Lock()
		p.fallbacks++
		p.mu.Unlock()
		_, err := eval[chromedp.Void](p, fmt.Sprintf(`document.querySelector(%s)?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }))`, jsString(sel)))
		return err
	}
	clickErr := p.run(scaled(10*time.Second), chromedp.MouseClickXY(pt.X, pt.Y))
	// Read and disarm the guard whether or not the click went through, so
	// that it never judges a later event.
	missed, err := eval[string](p, guardResultJS)
	if clickErr != nil {
		return clickErr
	}
	if err == nil && missed != "" {
		p.t.Logf("%s: clicking %s: %s; again", p.name, sel, missed)
		return fmt.Errorf("%s: %w (%s)", sel, errMissed, missed)
	}
	return nil
}

// mustClick clicks a selector, retrying while it is missing or stale.
func (p *page) mustClick(sel string) {
	p.t.Helper()
	var err error
	for range 50 {
		if err = p.click(sel); err == nil {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	p.t.Fatalf("%s: clicking %s: %v\n%s", p.name, sel, err, p.describe())
}

// clickUntil clicks sel until the JavaScript condition cond holds. A click
// is lost when the page redraws its element between the press and the
// release (the lobby's lists and the table's seats are redrawn on every
// refresh and presence message), so it is repeated after a while.
func (p *page) clickUntil(sel, what, cond string, timeout time.Duration) {
	p.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		err := p.click(sel)
		if err != nil && !lostClick(err) {
			p.t.Logf("%s: clicking %s: %v", p.name, sel, err)
		}
		if errors.Is(err, errMissed) && time.Now().Before(deadline) {
			continue // it changed nothing: click again at once
		}
		for wait := time.Now().Add(scaled(3 * time.Second)); time.Now().Before(wait); {
			if ok, err := eval[bool](p, "!!("+cond+")"); err == nil && ok {
				return
			}
			time.Sleep(25 * time.Millisecond)
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("%s: clicking %s did not lead to %s (%s)\n%s", p.name, sel, what, cond, p.describe())
		}
		p.t.Logf("%s: clicking %s did not lead to %s yet; clicking again", p.name, sel, what)
	}
}

// screenshot saves a PNG of the element of sel into dir/name. The page is
// laid out in a tall viewport for it, so that the board is not cut at the
// window's height.
func (p *page) screenshot(dir, name, sel string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, scaled(20*time.Second))
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 1800)); err != nil {
		p.t.Errorf("%s: a tall viewport for the screenshot: %v", p.name, err)
	}
	buf, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(sel)))
	if err := chromedp.Do(ctx, chromedp.EmulateReset()); err != nil {
		p.t.Errorf("%s: resetting the viewport: %v", p.name, err)
	}
	if err != nil {
		p.t.Errorf("%s: screenshot of %s: %v", p.name, sel, err)
		return
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		p.t.Errorf("writing %s: %v", path, err)
		return
	}
	p.t.Logf("screenshot %s (%d bytes)", path, len(buf))
}

// html returns the document's outerHTML.
func (p *page) html() string {
	p.t.Helper()
	return mustEval[string](p, `document.documentElement.outerHTML`)
}

// signIn answers the guest name prompt (#name-dialog) with name.
func (p *page) signIn(name string) {
	p.t.Helper()
	p.waitJS("the name prompt", `document.getElementById('name-dialog')?.open`, scaled(15*time.Second))
	if err := p.run(scaled(10*time.Second), chromedp.SendKeys(chromedp.ID("name-input"), name)); err != nil {
		p.t.Fatalf("%s: typing the name: %v\n%s", p.name, err, p.describe())
	}
	p.mustClick("#name-submit")
	p.waitJS("the name to be accepted", `!document.getElementById('name-dialog')?.open && document.getElementById('me-name')?.textContent === `+jsString(name), scaled(15*time.Second))
}

// acceptInvite presses "Take the seat" on the invitation page this page
// shows (opening /join/TOKEN changes nothing; the seat is taken by that
// button's POST, with the session's CSRF token) and waits for the table.
func (p *page) acceptInvite() {
	p.t.Helper()
	p.waitJS("the invitation page's button", `location.pathname.startsWith('/join/') && document.getElementById('join-take')?.hidden === false`, scaled(20*time.Second))
	p.clickUntil("#join-take", "the table page", `location.pathname.startsWith('/t/')`, scaled(20*time.Second))
}

// createTable fills the lobby's form (the page must show the lobby, signed
// in): game, every seat human, no takeover, the creator seated nowhere; it
// returns the invite link of every seat and the table's path.
func (p *page) createTable(game string, seats int) (invites map[int]string, table string) {
	p.t.Helper()
	return p.createTableSeated(game, seats, -1)
}

// createTableSeated is createTable with the creator seated at mySeat
// (-1: nowhere): the invites are those of the other seats.
func (p *page) createTableSeated(game string, seats, mySeat int) (invites map[int]string, table string) {
	p.t.Helper()
	p.waitJS("the lobby's game list", `document.querySelector('#game-select option[value=`+jsString(game)+`]')`, scaled(15*time.Second))
	mustEval[chromedp.Void](p, `(() => {
  const s = document.getElementById('game-select');
  s.value = `+jsString(game)+`;
  s.dispatchEvent(new Event('change'));
})()`)
	p.waitJS("the seat rows", fmt.Sprintf(`document.querySelectorAll('#seat-config [id^="seat-kind-"]').length === %d`, seats), scaled(10*time.Second))
	for i := range seats {
		if v := mustEval[string](p, fmt.Sprintf(`document.getElementById('seat-kind-%d').value`, i)); v != "human" {
			p.t.Fatalf("%s: seat %d is %q by default, want human", p.name, i, v)
		}
	}
	if err := p.run(scaled(10*time.Second), chromedp.SetValue(chromedp.ID("takeover"), "0")); err != nil {
		p.t.Fatalf("%s: setting the takeover delay: %v", p.name, err)
	}
	mine, want := "", seats
	if mySeat >= 0 {
		mine, want = strconv.Itoa(mySeat), seats-1
	}
	mustEval[chromedp.Void](p, `(() => {
  const s = document.getElementById('my-seat');
  s.value = `+jsString(mine)+`;
  s.dispatchEvent(new Event('change'));
})()`)
	// The lobby still shows the previous table's invites after an earlier
	// createTable: wait for this table's own link, not for any links.
	prev := mustEval[string](p, `document.getElementById('open-new-table')?.getAttribute('href') || ''`)
	p.mustClick("#create-submit")
	p.waitJS("the new table's invite links", fmt.Sprintf(`!document.getElementById('invites').hidden && document.querySelectorAll('#invites a.invite-link').length === %d && (document.getElementById('open-new-table')?.getAttribute('href') || '') !== %s`, want, jsString(prev)), scaled(15*time.Second))
	links := mustEval[map[string]string](p, `Object.fromEntries([...document.querySelectorAll('#invites li[data-invite-seat]')].map((li) => [li.dataset.inviteSeat, li.querySelector('a.invite-link').getAttribute('href')]))`)
	invites = map[int]string{}
	for k, v := range links {
		n, err := strconv.Atoi(k)
		if err != nil || !strings.HasPrefix(v, p.base+"/join/") {
			p.t.Fatalf("%s: invite of seat %q is %q", p.name, k, v)
		}
		invites[n] = v
	}
	table = mustEval[string](p, `document.getElementById('open-new-table').getAttribute('href')`)
	if !strings.HasPrefix(table, "/t/") {
		p.t.Fatalf("%s: the new table's link is %q", p.name, table)
	}
	return invites, table
}

// waitSeat waits until the table page is connected and holds seat.
func (p *page) waitSeat(seat int) pageState {
	p.t.Helper()
	return p.waitState(fmt.Sprintf("seat %d to be mine on a connected table page that knows who is signed in", seat), scaled(20*time.Second), func(st pageState) bool {
		if !strings.HasPrefix(st.Path, "/t/") || !st.Connected || st.Me == "" {
			return false
		}
		for _, s := range st.Mine {
			if s == seat {
				return true
			}
		}
		return false
	})
}

// waitStarted waits until every page shows every seat held. A page that is
// not told within 15 seconds is an error (the players already seated were
// not told that the table started); it is reloaded so that the game can go
// on.
func waitStarted(t *testing.T, seats int, pages ...*page) {
	t.Helper()
	cond := fmt.Sprintf(`document.body.dataset.connected === 'true' && document.querySelectorAll('#seats li[data-seat]').length === %d && !document.querySelector('#seats .free')`, seats)
	for _, p := range pages {
		deadline := time.Now().Add(scaled(15 * time.Second))
		for {
			ok, err := eval[bool](p, "!!("+cond+")")
			if err == nil && ok {
				break
			}
			if time.Now().After(deadline) {
				t.Errorf("%s: the page was not told that every seat is now held and the game started (it still shows %q); reloading it to go on",
					p.name, mustEval[string](p, `document.getElementById('prompt')?.textContent ?? ''`))
				if err := p.run(scaled(20*time.Second), chromedp.Reload()); err != nil {
					t.Fatalf("%s: reloading: %v", p.name, err)
				}
				p.waitJS("every seat to have a player", cond, scaled(20*time.Second))
				break
			}
			time.Sleep(25 * time.Millisecond)
		}
	}
}

// saveFrames writes the frames the page received into dir/name, one JSON
// message a line, when the test ends (also when it fails).
func (p *page) saveFrames(dir, name string) {
	p.t.Cleanup(func() {
		var b bytes.Buffer
		for _, f := range p.framesFrom(0) {
			b.Write(f.data)
			b.WriteByte('\n')
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			p.t.Errorf("writing %s: %v", path, err)
		}
	})
}

// answerResign presses the resign button of seat 0 (the player's, in the
// tests that use it), waits for the confirmation and answers it: yes gives
// the game up, no keeps playing. The caller waits for what follows.
func (p *page) answerResign(yes bool) {
	p.t.Helper()
	resign := `#seats li[data-seat="0"] button[data-resign]`
	p.waitJS("the resign button", `document.querySelector(`+jsString(resign)+`)`, scaled(20*time.Second))
	p.mustClick(resign)
	p.waitJS("the confirmation", `document.getElementById('resign-dialog')?.open === true`, scaled(10*time.Second))
	answer := "no"
	if yes {
		answer = "yes"
	}
	p.mustClick(`#resign-dialog button[data-confirm="` + answer + `"]`)
}

// phone makes the page a 390x844 touch phone (mobile viewport, touch
// events, device scale 1), as the tests of phone layouts need.
func (p *page) phone() {
	p.t.Helper()
	if err := p.run(scaled(10*time.Second), chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1), chromedp.EmulateMobile, chromedp.EmulateTouch)); err != nil {
		p.t.Fatalf("%s: a phone's viewport: %v", p.name, err)
	}
}
