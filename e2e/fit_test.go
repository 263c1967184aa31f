package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// viewports are the two sizes the table page must fit: a laptop and a phone.
var viewports = []struct {
	name          string
	width, height int64
	mobile        bool
}{
	{"laptop", 1366, 768, false},
	{"phone", 390, 844, true},
}

// boardSelector is the element that holds each game's whole board.
var boardSelector = map[string]string{
	"whitehall":   "#board svg.board",
	"whitechapel": "#board svg.board",
	"pocket":      "#board svg.board",
	"jekyll":      "#board .jk",
}

// seatAt creates a table of game from the lobby's page with seat 0 for this
// page's player and every other seat a random bot, takes seat 0 and opens
// the table page. It returns the table's path.
func (p *page) seatAt(game string) string {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, scaled(20*time.Second))
	defer cancel()
	js := `(async () => {
  const net = await import('/static/js/net.js');
  const games = await net.api('/api/games');
  const g = games.find((x) => x.id === ` + jsString(game) + `);
  const seats = g.seats.map((_, i) => i === 0 ? { kind: 'human' } : { kind: 'bot', bot: 'random', level: 'easy' });
  const res = await net.api('/api/tables', { method: 'POST', body: { game: g.id, options: {}, seats } });
  await net.api('/api/tables/' + encodeURIComponent(res.id) + '/seats/0', { method: 'POST' });
  return '/t/' + res.id;
})()`
	path, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("%s: creating a %s table: %v", p.name, game, err)
	}
	p.navigate(path)
	p.waitSeat(0)
	return path
}

// boxCheck is what fitJS measures of the board.
type boxCheck struct {
	OK      bool    `json:"ok"`
	Why     string  `json:"why"`
	Left    float64 `json:"left"`
	Top     float64 `json:"top"`
	Right   float64 `json:"right"`
	Bottom  float64 `json:"bottom"`
	VW      float64 `json:"vw"`
	VH      float64 `json:"vh"`
	ScrollY float64 `json:"scrollY"`
}

// fitJS measures the board's box against the viewport, with the page
// scrolled to its top, and checks that no box around the board scrolls.
const fitJS = `((sel) => {
  window.scrollTo(0, 0);
  const b = document.querySelector(sel);
  if (!b) return { ok: false, why: 'no ' + sel };
  const r = b.getBoundingClientRect();
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  const out = { left: r.left, top: r.top, right: r.right, bottom: r.bottom, vw, vh, scrollY: window.scrollY, ok: true, why: '' };
  if (r.width < 100 || r.height < 100) { out.ok = false; out.why = 'the board is too small'; }
  if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5) { out.ok = false; out.why = 'the board leaves the viewport'; }
  for (let e = b.parentElement; e && e !== document.body; e = e.parentElement) {
    const cs = getComputedStyle(e);
    if ((cs.overflowY === 'auto' || cs.overflowY === 'scroll') && e.scrollHeight > e.clientHeight + 1) { out.ok = false; out.why = 'an inner box scrolls: ' + (e.id || e.className); }
    if ((cs.overflowX === 'auto' || cs.overflowX === 'scroll') && e.scrollWidth > e.clientWidth + 1) { out.ok = false; out.why = 'an inner box scrolls sideways: ' + (e.id || e.className); }
  }
  const prompt = document.getElementById('prompt').getBoundingClientRect();
  if (prompt.top < -0.5 || prompt.bottom > vh + 0.5) { out.ok = false; out.why = 'the prompt is out of view'; }
  return out;
})(%s)`

// mapInBoardJS checks the background map of a map board (js/mapdraw.js):
// its blocks and streets exist, before the circles, and lie inside the
// board's ground (the drawing's box, letterboxed in the svg). It returns what is wrong, or "".
const mapInBoardJS = `(() => {
  const b = document.querySelector('#board svg.board');
  const map = b && b.querySelector('.layer-map .board-map');
  if (!map) return 'no .layer-map .board-map';
  for (const c of ['map-blocks', 'map-kerb', 'map-street']) if (!map.querySelector('path.' + c)) return 'no path.' + c;
  if (!(map.compareDocumentPosition(b.querySelector('.layer-circles')) & Node.DOCUMENT_POSITION_FOLLOWING)) return 'the map is drawn over the circles';
  const r = b.querySelector('.board-bg').getBoundingClientRect(), m = map.getBoundingClientRect();
  if (m.width < r.width / 2 || m.height < r.height / 2) return 'the map is too small: ' + m.width + 'x' + m.height;
  if (m.left < r.left - 1 || m.top < r.top - 1 || m.right > r.right + 1 || m.bottom > r.bottom + 1) return 'the map leaves the board: ' + JSON.stringify(m) + ' in ' + JSON.stringify(r);
  return '';
})()`

// seatNamesSqueezedJS lists the seats whose name (the seat's, not the
// player's) is squeezed into less than half its row (a long name may wrap,
// in the width its row gives it).
const seatNamesSqueezedJS = `[...document.querySelectorAll('#seats li[data-seat]')]
  .map((li) => ({ li: li.getBoundingClientRect(), who: li.querySelector('.seat-who')?.getBoundingClientRect(), name: li.querySelector('.seat-name')?.textContent ?? '' }))
  .filter((r) => r.who && r.who.width < r.li.width / 2)
  .map((r) => r.name + ' (' + Math.round(r.who.width) + ' of ' + Math.round(r.li.width) + ' px)').join(', ')`

// factsSqueezedJS lists the facts of the side panels (a dl.kv: label,
// value) whose value has less than half the list's width.
const factsSqueezedJS = `[...document.querySelectorAll('dl.kv')].flatMap((dl) => [...dl.querySelectorAll('dd')]
  .filter((dd) => dd.getBoundingClientRect().width > 0 && dd.getBoundingClientRect().width < dl.getBoundingClientRect().width / 2)
  .map((dd) => (dd.previousElementSibling?.textContent ?? '') + ' (' + Math.round(dd.getBoundingClientRect().width) + ' of ' + Math.round(dl.getBoundingClientRect().width) + ' px)')).join(', ')`

// shotsDir is where the fit test's screenshots go: $GASLAMP_E2E_ARTIFACTS,
// else the test's temporary directory.
func shotsDir(t *testing.T) string {
	if d := os.Getenv("GASLAMP_E2E_SHOTS"); d != "" {
		if err := os.MkdirAll(d, 0o755); err == nil {
			return d
		}
	}
	return artifactsDir(t)
}

// viewportShot saves a PNG of what the viewport shows.
func (p *page) viewportShot(dir, name string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, scaled(20*time.Second))
	defer cancel()
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Errorf("%s: screenshot: %v", p.name, err)
		return
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		p.t.Errorf("writing %s: %v", path, err)
	}
}

// TestBrowserBoardFits opens a table of every game at a laptop's and a
// phone's size and checks that the whole board lies inside the viewport with
// nothing to scroll, and that the prompt is in view; then that the "fit"
// control brings a zoomed board back to the whole board. It saves a
// screenshot of each.
func TestBrowserBoardFits(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	dir := shotsDir(t)
	for _, vp := range viewports {
		for _, game := range []string{"whitehall", "whitechapel", "pocket", "jekyll"} {
			t.Run(game+"-"+vp.name, func(t *testing.T) {
				p := openPage(t, browser, game, base)
				opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(1)}
				if vp.mobile {
					opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
				}
				if err := p.run(scaled(10*time.Second), chromedp.EmulateViewport(vp.width, vp.height, opts...)); err != nil {
					t.Fatalf("viewport: %v", err)
				}
				p.navigate("/")
				p.signIn("Fit")
				p.seatAt(game)
				sel := boardSelector[game]
				p.waitJS("the board", `document.querySelector(`+jsString(sel)+`) && document.body.dataset.version !== '-1'`, scaled(20*time.Second))
				if game == "jekyll" {
					// Deal, so that the hand is on the table too.
					p.clickUntil(`#jk-actions button[data-action="ready"]`, "the dealt hand", `document.querySelectorAll('#jk-hand [data-card]').length > 0`, scaled(20*time.Second))
				}
				// Let fonts and the layout settle on a frame.
				mustEval[chromedp.Void](p, `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))`)
				check := mustEval[boxCheck](p, fmt.Sprintf(fitJS, jsString(sel)))
				p.viewportShot(dir, fmt.Sprintf("fit-%s-%s.png", game, vp.name))
				p.checkNoOverflowX(fmt.Sprintf("%s at %dx%d", game, vp.width, vp.height))
				if !check.OK {
					t.Errorf("%s at %dx%d: %s: board box (%.0f,%.0f)-(%.0f,%.0f) in a %.0fx%.0f viewport", game, vp.width, vp.height, check.Why,
						check.Left, check.Top, check.Right, check.Bottom, check.VW, check.VH)
				}
				if game == "whitehall" || game == "whitechapel" {
					// The drawn map lies under the circles, inside the board.
					if why := mustEval[string](p, mapInBoardJS); why != "" {
						t.Errorf("%s at %dx%d: the map: %s", game, vp.width, vp.height, why)
					}
				}
				// Each seat's name keeps a line of its own: the buttons of the
				// player's seat (another device, leave to a bot, resign) once
				// squeezed "Doctor Jekyll" to a few letters a line beside them.
				for _, lang := range []string{"en", "nl"} {
					if lang != "en" {
						mustEval[any](p, `(() => { const s = document.getElementById('lang-select'); s.value = '`+lang+`'; s.dispatchEvent(new Event('change')); })()`)
						p.waitJS("the page in "+lang, `document.documentElement.lang === '`+lang+`'`, scaled(15*time.Second))
					}
					if squeezed := mustEval[string](p, seatNamesSqueezedJS); squeezed != "" {
						t.Errorf("%s at %dx%d (%s): seat names squeezed: %s", game, vp.width, vp.height, lang, squeezed)
					}
					if squeezed := mustEval[string](p, factsSqueezedJS); squeezed != "" {
						t.Errorf("%s at %dx%d (%s): facts squeezed by their labels: %s", game, vp.width, vp.height, lang, squeezed)
					}
					if game == "pocket" {
						// Each suspect's name stays within its tile (100 units
						// wide): "Inspecteur Lestrade" once ran into the next.
						if wide := mustEval[string](p, `[...document.querySelectorAll('.pk-name')].filter((n) => n.getBBox().width > 96).map((n) => n.textContent + ' ' + Math.round(n.getBBox().width)).join(', ')`); wide != "" {
							t.Errorf("pocket at %dx%d (%s): names wider than their tiles: %s", vp.width, vp.height, lang, wide)
						}
					}
				}
				mustEval[any](p, `(() => { const s = document.getElementById('lang-select'); s.value = 'en'; s.dispatchEvent(new Event('change')); })()`)
				p.waitJS("the page in English again", `document.documentElement.lang === 'en'`, scaled(15*time.Second))
				if game == "jekyll" {
					// Every card names its colour in full ("Manipulation"
					// was cut to "Manipulati…" on a laptop).
					if cut := mustEval[string](p, `[...document.querySelectorAll('.jk-card .n')].filter((n) => n.scrollWidth > n.clientWidth + 1).map((n) => n.textContent).join(', ')`); cut != "" {
						t.Errorf("jekyll at %dx%d: card names cut short: %s", vp.width, vp.height, cut)
					}
					return
				}
				// Zoom in, then "fit" gives back the whole board.
				p.mustClick("#board .board-tools .zoom-in")
				p.waitJS("the board to zoom in", `document.querySelector('#board svg.board').dataset.zoom !== '1'`, scaled(15*time.Second))
				p.mustClick("#board .board-tools .zoom-fit")
				p.waitJS("the board to fit again", `document.querySelector('#board svg.board').dataset.zoom === '1'`, scaled(15*time.Second))
				if c := mustEval[boxCheck](p, fmt.Sprintf(fitJS, jsString(sel))); !c.OK {
					t.Errorf("%s after fit: %s", game, c.Why)
				}
				p.checkConsole()
				if s := p.consoleText(); strings.Contains(s, "Uncaught") {
					t.Errorf("console: %s", s)
				}
			})
		}
	}
}

// overflowJS names what sticks out sideways: the page wider than the
// viewport, or a panel of the side column (which scrolls only up and down)
// wider than the column. Empty when nothing does.
const overflowJS = `(() => {
  const out = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth + 1) out.push('the page is ' + doc.scrollWidth + ' px wide in a ' + doc.clientWidth + ' px viewport');
  const side = document.querySelector('.side');
  if (side && side.scrollWidth > side.clientWidth + 1) {
    const r = side.getBoundingClientRect();
    const wide = [...side.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > r.right + 1 && e.getClientRects().length > 0);
    out.push('the side column holds ' + side.scrollWidth + ' px in ' + side.clientWidth + ' px: ' +
      wide.slice(-3).map((e) => e.tagName.toLowerCase() + (e.className && typeof e.className === 'string' ? '.' + e.className : '') + ' "' + (e.textContent || '').trim().slice(0, 40) + '"').join(', '));
  }
  return out.join('; ');
})()`

// checkNoOverflowX fails the test when the page or the side column is wider
// than it may be (the side's panels must wrap their text, not push the
// column past the viewport).
func (p *page) checkNoOverflowX(what string) {
	p.t.Helper()
	if why := mustEval[string](p, overflowJS); why != "" {
		p.t.Errorf("%s: %s: %s", p.name, what, why)
	}
}

// TestBrowserLobbyFitsWithBotChoices: on a phone, in each language, the new
// table form of every game with every other seat a bot and each "kind of
// bot" disclosure open (its select names long descriptions) keeps the page
// within the viewport. Before the fix, a fieldset's and a grid's minimum
// content widths let that select widen the page to 553-587 px in a 390 px
// viewport.
func TestBrowserLobbyFitsWithBotChoices(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	dir := shotsDir(t)
	p := openPage(t, browser, "lobby", base)
	p.phone()
	p.navigate("/")
	p.signIn("Fit")
	for _, lang := range []string{"en", "fr", "nl"} {
		mustEval[any](p, `(() => { const s = document.getElementById('lang-select'); s.value = `+jsString(lang)+`; s.dispatchEvent(new Event('change')); })()`)
		p.waitJS("the lobby in "+lang, `document.documentElement.lang === `+jsString(lang), scaled(10*time.Second))
		for _, game := range []string{"whitehall", "whitechapel", "pocket", "jekyll"} {
			// The lobby fetches its game list after the sign-in: wait for
			// it, and for the game's seat rows, as a player would.
			p.waitJS("the lobby's game list", `document.querySelector('#game-select option[value=`+jsString(game)+`]')`, scaled(15*time.Second))
			mustEval[chromedp.Void](p, `(() => {
  const g = document.getElementById('game-select');
  g.value = `+jsString(game)+`;
  g.dispatchEvent(new Event('change'));
})()`)
			p.waitJS(game+"'s seat rows", `document.querySelectorAll('[data-seat-kind]').length >= 2`, scaled(10*time.Second))
			mustEval[chromedp.Void](p, `(() => {
  const kinds = [...document.querySelectorAll('[data-seat-kind]')];
  kinds.slice(1).forEach((k) => { k.value = 'bot'; k.dispatchEvent(new Event('change')); });
  document.querySelectorAll('details.bot-kind').forEach((d) => { d.open = true; });
})()`)
			p.waitJS(lang+", "+game+": a bot choice shown", `[...document.querySelectorAll('[data-seat-bot]')].some((s) => s.getClientRects().length > 0)`, scaled(10*time.Second))
			mustEval[chromedp.Void](p, `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))`)
			p.checkNoOverflowX(fmt.Sprintf("the %s lobby, %s, every bot choice open, 390 px", lang, game))
			if game == "whitechapel" {
				p.viewportShot(dir, fmt.Sprintf("lobby-bots-%s-phone.png", lang))
			}
		}
	}
	p.checkConsole()
}
