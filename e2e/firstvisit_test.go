package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gaslamp/internal/testscale"
)

// TestBrowserFirstVisit follows a first-time visitor, on a phone (390x844)
// and a desktop (1280x800), in English, French and Dutch: the lobby and its
// name prompt, a table against bots at Normal of each game with a couple of
// moves made, a rules page and a tutorial, a game given up and its replay.
// Each stop leaves a screenshot (GASLAMP_E2E_SHOTS keeps them) and is
// checked for what a player would trip over: no internal message id shown
// in place of words, no control (but a link in a line of text) smaller
// than 24x24 px to tap on the phone, the result of the game given up in
// sight. By default each language is visited once (the phone in French
// and Dutch, the desktop in English), to keep the suite's time; under
// GASLAMP_TEST_LONG=1 every language at both sizes.
func TestBrowserFirstVisit(t *testing.T) {
	short := map[string]bool{"phone-fr": true, "phone-nl": true, "desktop-en": true}
	for _, c := range []struct {
		name, lang string
		w, h       int64
		phone      bool
	}{
		{"phone-en", "en", 390, 844, true},
		{"phone-fr", "fr", 390, 844, true},
		{"phone-nl", "nl", 390, 844, true},
		{"desktop-en", "en", 1280, 800, false},
		{"desktop-fr", "fr", 1280, 800, false},
		{"desktop-nl", "nl", 1280, 800, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if !short[c.name] && !testscale.Long() {
				t.Skip("every language at both sizes under GASLAMP_TEST_LONG=1")
			}
			requireBrowser(t)
			p := openPage(t, startBrowser(t), "visitor", startServer(t))
			opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(1)}
			if c.phone {
				opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
			}
			if err := p.run(scaled(10*time.Second), chromedp.EmulateViewport(c.w, c.h, opts...)); err != nil {
				t.Fatal(err)
			}
			shots := shotsDir(t)
			shot := func(what string) {
				t.Helper()
				// Words, never a message's id ("web.lobby.x", "err.y").
				if id := mustEval[string](p, `(document.body.innerText.match(/\b(web|err|ev|ui)\.[a-z0-9-]+\.[a-z0-9.-]+/) ?? [''])[0]`); id != "" {
					t.Errorf("%s: the page shows the message id %q", what, id)
				}
				t.Logf("%s: scrolled to %s", what, mustEval[string](p, `window.scrollY + ' px, the focus on ' + (document.activeElement?.outerHTML.slice(0, 100) ?? 'nothing')`))
				if small := mustEval[[]string](p, `[...document.querySelectorAll('button, select, input, summary, a[href]')].filter((e) => {
  const r = e.getBoundingClientRect();
  if (!r.width || !r.height || e.closest('dialog:not([open])') || getComputedStyle(e).display === 'inline') return false;
  return r.width < 24 || r.height < 24;
}).map((e) => e.outerHTML.slice(0, 90) + ' ' + Math.round(e.getBoundingClientRect().width) + 'x' + Math.round(e.getBoundingClientRect().height))`); len(small) > 0 && c.phone {
					t.Errorf("%s: controls smaller than 24x24 px, too small to tap: %q", what, small)
				}
				p.viewportShot(shots, "first-visit-"+c.name+"-"+what+".png")
			}
			p.navigate("/")
			p.waitJS("the name prompt", `document.getElementById('name-dialog')?.open`, scaled(15*time.Second))
			mustEval[any](p, `(() => { const s = document.getElementById('lang-select'); s.value = `+jsString(c.lang)+`; s.dispatchEvent(new Event('change')); })()`)
			p.waitJS("the page in "+c.lang, `document.documentElement.lang === `+jsString(c.lang), scaled(10*time.Second))
			shot("name")
			p.signIn("Alice")
			p.waitJS("the lobby's game list", `document.querySelectorAll('#game-select option').length >= 4`, scaled(15*time.Second))
			shot("lobby")
			for i, g := range []struct {
				id    string
				seats int
			}{{"pocket", 2}, {"whitehall", 4}, {"whitechapel", 6}, {"jekyll", 2}} {
				p.createBotTableAt(g.id, g.seats, 0)
				shot(g.id + "-start")
				playByKeyboard(t, p, uint64(71+i), 2, 3*time.Minute)
				p.waitJS("the moves sent", `!document.body.classList.contains('busy')`, scaled(20*time.Second))
				shot(g.id + "-moves")
			}
			// The game given up: over, its replay.
			p.answerResign(true)
			p.waitJS("the game over", `document.body.dataset.over === 'true'`, scaled(20*time.Second))
			// The result, far above the seats on a phone, is brought into
			// sight (and has the focus: the resign button is gone).
			p.waitJS("the result in sight", `(() => {
  const h = document.querySelector('#outcome h2');
  if (!h || document.activeElement !== h) return false;
  const r = h.getBoundingClientRect();
  const at = document.elementFromPoint(r.left + Math.min(20, r.width / 2), r.top + r.height / 2);
  return !!at && h.contains(at);
})()`, scaled(10*time.Second))
			shot("over")
			p.waitJS("the replay's controls", `!document.getElementById('replay').hidden`, scaled(20*time.Second))
			mustEval[any](p, `document.getElementById('replay').scrollIntoView()`)
			mustEval[any](p, `document.getElementById('replay-first').click()`)
			shot("replay")

			p.navigate("/rules/pocket")
			p.waitJS("the rules", `document.querySelector('main h1, h1')?.textContent.length > 0 && document.documentElement.lang === `+jsString(c.lang), scaled(15*time.Second))
			shot("rules")
			p.navigate("/")
			p.waitJS("the lobby's Learn to play", `document.querySelector('#rules-list button[data-tutorial="whitehall"]')`, scaled(15*time.Second))
			p.clickUntil(`#rules-list button[data-tutorial="whitehall"]`, "the tutorial table", `location.pathname.startsWith('/t/tut_')`, scaled(20*time.Second))
			p.waitJS("the first hint", `document.querySelector('#tutorial .tutorial-hint')`, scaled(30*time.Second))
			shot("tutorial")
			p.checkConsole()
		})
	}
}
