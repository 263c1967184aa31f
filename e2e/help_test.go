package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp/kb"
)

// webCatalogue reads one language's catalogue of the web client.
func webCatalogue(t *testing.T, lang string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "web", "i18n", lang+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]string
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("web/i18n/%s.json: %v", lang, err)
	}
	return m
}

// TestBrowserPromptHelp checks the lobby's "gaslamp's own" marks and the "?"
// beside a table's prompt. In the lobby, Jekyll & Hyde's invented options
// (chapter, track, start spaces, campaign score) carry the mark, which the
// keyboard opens to read why, and the published overshoot variant does not.
// At a Whitehall table where Jack must write down his discovery locations
// and at a Jekyll & Hyde table on the day, the "?" opens, from the keyboard,
// a dialog that explains that decision in the page's language (English, then
// French), links to the rules page's section on it, passes axe, and closes
// with Escape, giving the focus back to the "?".
func TestBrowserPromptHelp(t *testing.T) {
	requireBrowser(t)
	axe := axeSource(t)
	base := startServer(t)
	browser := startBrowser(t)
	en, fr := webCatalogue(t, "en"), webCatalogue(t, "fr")

	p := openPage(t, browser, "player", base)
	p.navigate("/")
	p.signIn("Alice")
	p.waitJS("the lobby's game list", `document.querySelector('#game-select option[value="jekyll"]')`, scaled(15*time.Second))
	mustEval[any](p, `(() => {
  const s = document.getElementById('game-select');
  s.value = 'jekyll';
  s.dispatchEvent(new Event('change'));
})()`)
	p.waitJS("Jekyll & Hyde's options", `!!document.getElementById('opt-chapter')`, scaled(10*time.Second))
	marked := mustEval[[]string](p, `[...document.querySelectorAll('#options .own-mark')].map((d) => d.querySelector('.own-note').id.replace(/^opt-/, '').replace(/-own$/, '')).sort()`)
	if got, want := strings.Join(marked, " "), "campaign-score chapter start-jh start-yard track-length"; got != want {
		t.Errorf("the lobby marks as gaslamp's own the Jekyll & Hyde options %q, want %q", got, want)
	}
	// The default chapter, the classic night, is the published game: no
	// mark for it. A chapter of gaslamp's own shows the mark, which
	// describes the choice.
	if d := mustEval[string](p, `(document.querySelector('#opt-chapter ~ .own-mark').hidden ? 'hidden ' : '') + (document.getElementById('opt-chapter').getAttribute('aria-describedby') || '')`); d != "hidden " {
		t.Errorf("the classic chapter: the mark and description %q, want it hidden and none", d)
	}
	mustEval[any](p, `(() => {
  const s = document.getElementById('opt-chapter');
  s.value = '1';
  s.dispatchEvent(new Event('change'));
})()`)
	if d := mustEval[string](p, `(document.querySelector('#opt-chapter ~ .own-mark').hidden ? 'hidden ' : '') + (document.getElementById('opt-chapter').getAttribute('aria-describedby') || '')`); d != "opt-chapter-own" {
		t.Errorf("chapter 1: the option is described by %q, want its own note opt-chapter-own, shown", d)
	}
	mustEval[any](p, `document.querySelector('#opt-chapter ~ .own-mark summary').focus()`)
	p.key(kb.Enter)
	p.waitJS("the chapter's own note, opened from the keyboard",
		`document.querySelector('#opt-chapter ~ .own-mark').open && document.getElementById('opt-chapter-own').getBoundingClientRect().height > 0`, scaled(15*time.Second))
	if note := mustEval[string](p, `document.getElementById('opt-chapter-own').textContent`); !strings.Contains(note, "gaslamp") || strings.Contains(note, "jekyll.opt") {
		t.Errorf("the chapter's own note reads %q: want the translated reason", note)
	}
	p.checkAxeSchemes(axe, "the lobby with an own note open")

	for _, c := range []struct {
		game    string
		seats   int
		kind    string
		section string
	}{{"whitehall", 4, "location", "#rules-s2"}, {"jekyll", 2, "ready", "#rules-s2"}} {
		p.createBotTableAt(c.game, c.seats, 0)
		p.waitJS("this player's first decision", `document.body.dataset.myTurn === 'true' && !document.getElementById('prompt-help').hidden`, scaled(30*time.Second))
		mustEval[any](p, `document.getElementById('prompt-help').focus()`)
		p.key(kb.Enter)
		p.waitJS("the help dialog", `document.getElementById('help-dialog').open`, scaled(15*time.Second))
		want := en["web.help."+c.game+"."+c.kind]
		p.waitJS("the explanation of "+c.kind, `document.getElementById('help-body').textContent.includes(`+jsString(want)+`)`, scaled(15*time.Second))
		if look := en["web.help."+c.game+".look"]; !strings.Contains(mustEval[string](p, `document.getElementById('help-body').textContent`), look) {
			t.Errorf("the %s help dialog does not say where to look (%q)", c.game, look)
		}
		if href := mustEval[string](p, `document.getElementById('rules-help').getAttribute('href')`); href != "/rules/"+c.game+c.section {
			t.Errorf("the %s help dialog links to %q, want /rules/%s%s", c.game, href, c.game, c.section)
		}
		p.checkAxeSchemes(axe, "the "+c.game+" help dialog")
		// The language changed while the dialog is open: the same explanation, in French.
		mustEval[any](p, `(() => {
  const s = document.getElementById('lang-select');
  s.value = 'fr';
  s.dispatchEvent(new Event('change'));
})()`)
		p.waitJS("the explanation in French", `document.getElementById('help-body').textContent.includes(`+jsString(fr["web.help."+c.game+"."+c.kind])+`)`, scaled(15*time.Second))
		mustEval[any](p, `(() => {
  const s = document.getElementById('lang-select');
  s.value = 'en';
  s.dispatchEvent(new Event('change'));
})()`)
		p.key(kb.Escape)
		p.waitJS("the help dialog closed, the focus back on the \"?\"",
			`!document.getElementById('help-dialog').open && document.activeElement?.id === 'prompt-help'`, scaled(15*time.Second))
	}
}
