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
		p.waitJS(fmt.Sprintf("the %d figures of the %s rules", g.figures, g.id),
			fmt.Sprintf(`document.querySelectorAll('#rules-body .rules-fig').length === %d`, g.figures), scaled(20*time.Second))
		captions := `[...document.querySelectorAll('#rules-body .rules-fig')].map((f) => {
  const img = f.querySelectorAll('[role="img"]');
  const cap = img.length === 1 ? document.getElementById(img[0].getAttribute('aria-labelledby') || '') : null;
  return cap && f.contains(cap) && cap.tagName === 'FIGCAPTION' && f.closest('section.rules-section') ? cap.textContent : '';
})`
		en := mustEval[[]string](p, captions)
		for i, c := range en {
			if len(c) < 40 || containsKey(c) {
				t.Errorf("%s figure %d: caption %q, want one image named by a written-out caption in its section", g.id, i, c)
			}
		}
		mustEval[any](p, `(() => { const s = document.getElementById('lang-select'); s.value = 'fr'; s.dispatchEvent(new Event('change')); })()`)
		p.waitJS("the figures in French", fmt.Sprintf(`document.documentElement.lang === 'fr' && document.querySelectorAll('#rules-body .rules-fig').length === %d && !(%s).includes(%s)`,
			g.figures, captions, jsString(en[0])), scaled(20*time.Second))
		for i, c := range mustEval[[]string](p, captions) {
			if len(c) < 40 || containsKey(c) || c == en[i] {
				t.Errorf("%s figure %d in French: caption %q", g.id, i, c)
			}
		}
		mustEval[any](p, `(() => { const s = document.getElementById('lang-select'); s.value = 'en'; s.dispatchEvent(new Event('change')); })()`)
		if g.id == "jekyll" {
			p.waitJS("the figure in English again", `document.documentElement.lang === 'en' && document.querySelectorAll('#rules-body .rules-fig').length === 2`, scaled(20*time.Second))
			p.checkAxeSchemes(axe, "the jekyll rules with their figure")
		}
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
