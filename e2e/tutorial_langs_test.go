package e2e

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// tutorialQuoted finds a button's words quoted in a hint, in any of the
// languages' quotation marks (“…”, « … », ‘…’).
var tutorialQuoted = regexp.MustCompile(`[“«‘][\s\x{00a0}]*([^”»’]+?)[\s\x{00a0}]*[”»’]`)

// TestBrowserTutorialsInFrenchAndDutch plays every game's tutorial to its
// end in French (light) and in Dutch (dark), as a new player would: at each
// step the one thing the page highlights is clicked, after checking that the
// hint, in the page's language and not in English, names it (the circle,
// crossing or place by its label, the card by its name, the button by its
// quoted words). Screenshots of the first step, of a step halfway and of the
// end, at 1366x768 and 390x844, go to the artifacts, and no column of the
// page may overflow sideways there.
func TestBrowserTutorialsInFrenchAndDutch(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	shots := artifactsDir(t)
	en := webCatalogue(t, "en")
	games := []struct {
		id    string
		steps int // the player's steps in the script
	}{{"pocket", 4}, {"whitehall", 17}, {"whitechapel", 17}, {"jekyll", 26}}
	for _, lc := range []struct{ lang, scheme string }{{"fr", "light"}, {"nl", "dark"}} {
		cat := webCatalogue(t, lc.lang)
		for _, g := range games {
			t.Run(lc.lang+"-"+g.id, func(t *testing.T) {
				p := openPage(t, browser, "pupil-"+lc.lang, base)
				p.setColorScheme(lc.scheme)
				p.navigate("/")
				mustEval[any](p, `localStorage.setItem('gaslamp.lang', `+jsString(lc.lang)+`)`)
				p.navigate("/")
				p.signIn("Pupil")
				sel := `#rules-list button[data-tutorial="` + g.id + `"]`
				p.waitJS("the lobby's Learn to play", `document.querySelector(`+jsString(sel)+`)`, scaled(15*time.Second))
				p.clickUntil(sel, "the tutorial table", `location.pathname.startsWith('/t/tut_')`, scaled(20*time.Second))
				p.waitJS("the first hint", `document.querySelector('#tutorial .tutorial-hint') && document.querySelector('#tutorial .tutorial-intro')`, scaled(30*time.Second))
				if intro := mustEval[string](p, `document.querySelector('#tutorial .tutorial-intro').textContent`); intro != cat["tutorial."+g.id+".intro"] {
					t.Errorf("the introduction reads %q, want the %s text", intro, lc.lang)
				}
				shoot := func(name string) {
					for _, vp := range []struct{ w, h int }{{1366, 768}, {390, 844}} {
						if err := p.run(scaled(10*time.Second), chromedp.EmulateViewport(int64(vp.w), int64(vp.h))); err != nil {
							t.Fatalf("viewport %dx%d: %v", vp.w, vp.h, err)
						}
						p.waitJS("the tutorial panel on screen", `document.querySelector('#tutorial').getBoundingClientRect().width > 200`, scaled(10*time.Second))
						size := strconv.Itoa(vp.w) + "x" + strconv.Itoa(vp.h)
						p.viewportShot(shots, "tutorial-"+lc.lang+"-"+g.id+"-"+name+"-"+size+".png")
						p.checkNoOverflowX(lc.lang + " " + g.id + " tutorial " + name + " at " + size)
						// On a wide screen the page is exactly the window
						// (its columns scroll on their own): a window that
						// scrolls shows blank space under the layout.
						if vp.w > 900 {
							if h := mustEval[int](p, `document.documentElement.scrollHeight - innerHeight`); h > 1 {
								t.Errorf("%s: at %s the window scrolls %d px past the page's layout", name, size, h)
							}
						}
						// A table that scrolls sideways in its box hides its
						// last columns from a player who does not think of
						// scrolling it.
						if clipped := mustEval[[]string](p, `[...document.querySelectorAll('.table-scroll')].filter((e) => e.getClientRects().length > 0 && e.scrollWidth > e.clientWidth + 1)
  .map((e) => e.scrollWidth + ' px in ' + e.clientWidth + ' px: ' + (e.textContent ?? '').slice(0, 60))`); len(clipped) > 0 {
							t.Errorf("%s: a table is cut off at %s: %q", name, size, clipped)
						}
					}
					if err := p.run(scaled(10*time.Second), chromedp.EmulateReset()); err != nil {
						t.Fatalf("resetting the viewport: %v", err)
					}
				}
				followed := 0
				deadline := time.Now().Add(scaled(3 * time.Minute))
				for {
					if time.Now().After(deadline) {
						t.Fatalf("the tutorial did not end after %d hints followed\n%s", followed, p.describe())
					}
					h := p.nextTutorialHint()
					key := "tutorial." + g.id + ".step." + h.Step
					if h.Step == "done" {
						key = "tutorial." + g.id + ".done"
					}
					if want := cat[key]; h.Text != want || want == en[key] {
						t.Errorf("step %s: the hint reads %q, want the %s text %q", h.Step, h.Text, lc.lang, want)
					}
					if h.Step == "done" {
						break
					}
					if followed == 0 || followed == g.steps/2 {
						shoot("step" + h.Step)
					}
					v := mustEval[int](p, `Number(document.body.dataset.version)`)
					buttons := mustEval[[]string](p, `[...document.querySelectorAll('#pk-actions button[data-choice], #wh-actions button[data-choice], #wc-actions button[data-choice], #jk-actions button[data-choice]')]
  .filter((b) => !b.closest('[hidden]')).map((b) => b.textContent ?? '')`)
					var target string
					if q := tutorialQuoted.FindStringSubmatch(h.Text); q != nil {
						if len(buttons) != 1 || buttons[0] != q[1] {
							t.Fatalf("step %s: the hint quotes %q, the buttons say %q", h.Step, q[1], buttons)
						}
						target = `#pk-actions button[data-choice], #wh-actions button[data-choice], #wc-actions button[data-choice], #jk-actions button[data-choice]`
					} else if g.id == "jekyll" {
						ctx, cancel := context.WithTimeout(p.ctx, scaled(10*time.Second))
						cards, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(async () => {
  const { cardName } = await import('/static/js/games/jekyll.js');
  return [...document.querySelectorAll('#jk-hand button.target')].map((b) => cardName(b.dataset.card ?? ''));
})()`, chromedp.EvalAwaitPromise))
						cancel()
						if err != nil || len(cards) != 1 {
							t.Fatalf("step %s: the cards to click %q (%v), want one", h.Step, cards, err)
						}
						if !strings.Contains(h.Text, cards[0]) {
							t.Fatalf("step %s: the hint does not name the card to click (%q): %q", h.Step, cards[0], h.Text)
						}
						target = `#jk-hand button.target`
					} else {
						offered := mustEval[[]string](p, `[...document.querySelectorAll('#board .target')].filter((e) => !e.closest('[hidden]'))
  .map((e) => e.getAttribute('data-circle') ?? e.getAttribute('data-crossing') ?? e.getAttribute('data-place') ?? '?')`)
						if len(offered) != 1 {
							t.Fatalf("step %s: the board offers %q, want one target", h.Step, offered)
						}
						if !regexp.MustCompile(`\b` + regexp.QuoteMeta(offered[0]) + `\b`).MatchString(h.Text) {
							t.Fatalf("step %s: the hint does not name the target %s: %q", h.Step, offered[0], h.Text)
						}
						target = `#board .target`
					}
					p.clickUntil(target, "the move played or waiting for Confirm", `document.body.dataset.confirming === 'true' || Number(document.body.dataset.version) > `+strconv.Itoa(v), scaled(20*time.Second))
					if mustEval[bool](p, `document.body.dataset.confirming === 'true'`) {
						p.mustClick("#move-confirm-ok")
					}
					p.waitJS("the move played", `Number(document.body.dataset.version) > `+strconv.Itoa(v), scaled(20*time.Second))
					followed++
				}
				if followed != g.steps {
					t.Errorf("followed %d hints, want the script's %d", followed, g.steps)
				}
				shoot("end")
				p.checkConsole()
			})
		}
	}
}
