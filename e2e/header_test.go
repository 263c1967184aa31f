package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserPhoneHeaderFits signs a guest in and opens each page of the site
// on a 390x844 phone: nothing in the page (the header's name, account and
// sign-out buttons and language list first) may reach past the screen's
// right edge, so the page never scrolls sideways.
func TestBrowserPhoneHeaderFits(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	shots := artifactsDir(t)
	p := openPage(t, browser, "phone", base)
	if err := p.run(scaled(10*time.Second), chromedp.EmulateViewport(390, 844)); err != nil {
		t.Fatal(err)
	}
	p.navigate("/")
	p.signIn("Wilhelmina Murray")
	signedIn := `document.getElementById('me-name')?.textContent === 'Wilhelmina Murray'`
	for i, pg := range []struct{ path, ready string }{
		{"/", signedIn}, {"/u/Wilhelmina%20Murray", signedIn}, {"/leaderboard/whitehall", signedIn},
		{"/rules/pocket", `document.querySelector('#rules-body .rules-section')`},
	} {
		path := pg.path
		p.navigate(path)
		p.waitJS("the page "+path+" ready", pg.ready, scaled(15*time.Second))
		p.viewportShot(shots, fmt.Sprintf("header-phone-%d.png", i))
		over := `(() => { const w = document.documentElement.clientWidth; return [...document.querySelectorAll('.site-header *')].filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.right > w + 1 && !e.closest('.sr-only'); }).map((e) => (e.id || e.className || e.tagName) + ':' + Math.round(e.getBoundingClientRect().right)); })()`
		if got := mustEval[[]string](p, over); len(got) > 0 {
			t.Errorf("%s on a 390 px phone: %v reach past the screen's right edge (%d px)", path, got, mustEval[int](p, `document.documentElement.clientWidth`))
		}
		if sw := mustEval[int](p, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); sw > 1 {
			t.Errorf("%s on a 390 px phone scrolls sideways by %d px", path, sw)
		}
	}
	p.checkConsole()
}

// TestBrowserTableHeaderSteady opens a table as a guest with a long name and
// a move to make, at a laptop's, a tablet's and a phone's width. Its header
// keeps one line and nothing in it reaches past the screen; the player's
// name, the turns count and the notifications bell, which arrive after the
// page, neither move the sound toggle and the language list nor make the
// header taller (which would drop the board under a pointer about to
// click). The late items are taken out again to compare the two
// states, rather than caught in flight.
func TestBrowserTableHeaderSteady(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	shots := artifactsDir(t)
	p := openPage(t, browser, "header", base)
	p.navigate("/")
	p.signIn("Wilhelmina Murray-Harker")
	table := p.seatAt("pocket")
	type box struct {
		Sound   float64 `json:"sound"`
		Lang    float64 `json:"lang"`
		Height  float64 `json:"height"`
		Sideway float64 `json:"sideways"`
	}
	const measure = `(() => {
  const x = (sel) => document.querySelector(sel).getBoundingClientRect().left;
  return { sound: x('#sound-toggle'), lang: x('.site-header .lang'), height: document.querySelector('.site-header').getBoundingClientRect().height,
    sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth };
})()`
	for _, w := range []int64{1280, 1024, 600, 390} {
		if err := p.run(scaled(10*time.Second), chromedp.EmulateViewport(w, 800)); err != nil {
			t.Fatal(err)
		}
		p.navigate(table)
		p.waitJS("the header's late items", `!document.querySelector('.site-header .me').hidden && !document.getElementById('my-turns')?.hidden && (!!document.getElementById('push-toggle') || !('PushManager' in window))`, scaled(15*time.Second))
		settled := mustEval[box](p, measure)
		p.viewportShot(shots, fmt.Sprintf("table-header-%d.png", w))
		// As the page first draws it: none of the late items yet.
		early := mustEval[box](p, `(() => {
  document.querySelector('.site-header .me').hidden = true;
  document.getElementById('my-turns').hidden = true;
  const bell = document.getElementById('push-toggle');
  if (bell) { window.__bell = bell; bell.remove(); }
  return `+measure+`;
})()`)
		if settled.Sideway > 1 || early.Sideway > 1 {
			t.Errorf("%d px: the table page scrolls sideways by %v px (%v before the late items)", w, settled.Sideway, early.Sideway)
		}
		if settled.Height > 60 {
			t.Errorf("%d px: the table header is %v px tall: more than one line", w, settled.Height)
		}
		if d := settled.Height - early.Height; d > 1 || d < -1 {
			t.Errorf("%d px: the late items change the header's height from %v to %v px", w, early.Height, settled.Height)
		}
		if d := settled.Sound - early.Sound; d > 1 || d < -1 {
			t.Errorf("%d px: the late items move the sound toggle from x=%v to x=%v", w, early.Sound, settled.Sound)
		}
		if d := settled.Lang - early.Lang; d > 1 || d < -1 {
			t.Errorf("%d px: the late items move the language list from x=%v to x=%v", w, early.Lang, settled.Lang)
		}
		if w == 390 {
			// On a phone the language list shows codes (EN, FR, NL), so
			// that the game's name keeps room: once it showed "Mr J…".
			if got := mustEval[string](p, `document.getElementById('lang-select').selectedOptions[0].textContent`); got != "EN" {
				t.Errorf("390 px: the language list shows %q, want the code EN", got)
			}
			if width := mustEval[float64](p, `document.getElementById('table-title').getBoundingClientRect().width`); width < 90 {
				t.Errorf("390 px: the game's name has %v px in the header, want at least 90", width)
			}
		} else if got := mustEval[string](p, `document.getElementById('lang-select').selectedOptions[0].textContent`); got != "English" {
			t.Errorf("%d px: the language list shows %q, want English", w, got)
		}
	}
	p.checkConsole()
}
