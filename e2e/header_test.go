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
