package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestBrowserRulesFigures opens each game's rules page and checks its
// figures: as many as the board or the rules give (Whitehall 6, Whitechapel
// 5, Pocket's line of sight, Jekyll & Hyde's colour ranks and track), each one image
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
	for _, g := range []struct {
		id      string
		figures int
	}{{"whitehall", 6}, {"whitechapel", 5}, {"pocket", 1}, {"jekyll", 2}} {
		p.navigate("/rules/" + g.id)
		en := waitCaptions(p, "en", g.figures, "")
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
