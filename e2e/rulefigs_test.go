package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserRulesFigures opens each game's rules page and checks its
// figures: as many as the board or the rules give (Whitehall 6, Whitechapel
// 6 with the wretched, Pocket's line of sight and alibi cards, Jekyll &
// Hyde's colour ranks, track and three reactions), each one image
// whose accessible name is its caption, written out (no catalogue key), in
// the section it illustrates; in French every caption is another text, still
// written out. Jekyll & Hyde's page, whose figure is the table's HTML, passes
// axe.
func TestBrowserRulesFigures(t *testing.T) {
	requireBrowser(t)
	axe := axeSource(t)
	base := startServer(t)
	browser := startBrowser(t)
	p := openPage(t, browser, "reader", base)
	shots := shotsDir(t)
	for _, g := range []struct {
		id      string
		figures int
		shots   []string // the figures to save as PNGs at a laptop's and a phone's size
	}{{"whitehall", 6, nil}, {"whitechapel", 6, []string{"wretched"}}, {"pocket", 2, []string{"alibi"}},
		{"jekyll", 5, []string{"reaction-red", "reaction-blue", "reaction-black"}}} {
		p.navigate("/rules/" + g.id)
		en := waitCaptions(p, "en", g.figures, "")
		figureShots(p, shots, g.id, g.shots, g.id == "jekyll")
		for i, c := range en {
			if len(c) < 40 || containsKey(c) {
				t.Errorf("%s figure %d: caption %q, want one image named by a written-out caption in its section", g.id, i, c)
			}
		}
		mustEval[any](p, `(() => { const s = document.getElementById('lang-select'); s.value = 'fr'; s.dispatchEvent(new Event('change')); })()`)
		for i, c := range waitCaptions(p, "fr", g.figures, en[0]) {
			if len(c) < 40 || containsKey(c) || c == en[i] {
				t.Errorf("%s figure %d in French: caption %q", g.id, i, c)
			}
		}
		mustEval[any](p, `(() => { const s = document.getElementById('lang-select'); s.value = 'en'; s.dispatchEvent(new Event('change')); })()`)
		waitCaptions(p, "en", g.figures, "")
		if g.id == "jekyll" {
			p.checkAxeSchemes(axe, "the jekyll rules with their figure")
		}
	}
}

// figureShots saves each figure of ids at 1366x768 and 390x844 (and under
// the dark colour scheme too, with dark), scrolled into view, to look at.
func figureShots(p *page, dir, game string, ids []string, dark bool) {
	p.t.Helper()
	if len(ids) == 0 {
		return
	}
	schemes := []string{"light"}
	if dark {
		schemes = append(schemes, "dark")
	}
	for _, vp := range []struct{ w, h int64 }{{1366, 768}, {390, 844}} {
		if err := p.run(scaled(10*time.Second), chromedp.EmulateViewport(vp.w, vp.h)); err != nil {
			p.t.Errorf("viewport %dx%d: %v", vp.w, vp.h, err)
			return
		}
		for _, scheme := range schemes {
			p.setColorScheme(scheme)
			for _, id := range ids {
				sel := `.rules-fig[data-figure="` + id + `"]`
				mustEval[any](p, `document.querySelector(`+jsString(sel)+`)?.scrollIntoView({block: 'center'})`)
				p.viewportShot(dir, fmt.Sprintf("rules-%s-%s-%dx%d-%s.png", game, id, vp.w, vp.h, scheme))
			}
		}
	}
	p.setColorScheme("light")
	if err := p.run(scaled(10*time.Second), chromedp.EmulateReset()); err != nil {
		p.t.Errorf("resetting the viewport: %v", err)
	}
}

// captionsJS lists the rules page's figure captions: each figure's one
// image named by a figcaption inside it, in a rules section ("" where a
// figure is not so).
const captionsJS = `[...document.querySelectorAll('#rules-body .rules-fig')].map((f) => {
  const img = f.querySelectorAll('[role="img"]');
  const cap = img.length === 1 ? document.getElementById(img[0].getAttribute('aria-labelledby') || '') : null;
  return cap && f.contains(cap) && cap.tagName === 'FIGCAPTION' && f.closest('section.rules-section') ? cap.textContent : '';
})`

// waitCaptions waits until the rules page is in lang with n figures whose
// captions are all there and none is not (the text a previous language
// showed), and returns them from that same reading: the page renders again
// when a catalogue arrives, so a second reading could see it in between.
func waitCaptions(p *page, lang string, n int, not string) []string {
	p.t.Helper()
	js := fmt.Sprintf(`(() => { const c = %s; return document.documentElement.lang === %s && c.length === %d && c.every((x) => x !== '' && x !== %s) ? c : null; })()`,
		captionsJS, jsString(lang), n, jsString(not))
	deadline := time.Now().Add(scaled(20 * time.Second))
	var last []string
	for {
		c, err := eval[[]string](p, js)
		if err == nil && c != nil {
			return c
		}
		last = c
		if time.Now().After(deadline) {
			p.t.Fatalf("%s: waited for the %d figure captions in %s; last reading %q, error %v\n%s", p.name, n, lang, last, err, p.describe())
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// containsKey reports whether s shows a catalogue key or a placeholder
// instead of a text.
func containsKey(s string) bool {
	for _, k := range []string{"web.", "pocket.", "jekyll.", "{"} {
		if strings.Contains(s, k) {
			return true
		}
	}
	return false
}
