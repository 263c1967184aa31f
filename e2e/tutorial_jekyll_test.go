package e2e

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserTutorialJekyll starts the Jekyll & Hyde vs Scotland Yard
// tutorial from the lobby's "Learn to play" and plays it to the end by doing
// what each hint says: a click on the button whose words it quotes, or on
// the one highlighted card of the hand, whose name the hint must give. The
// scripted Mr Hyde plays in between (and never before his step, or the hints
// would not match the hand). At the end the chapter is won and the panel
// offers the rules and a game against a bot. axe checks the first step and the
// end. Screenshots of the first step,
// of the colour ranks at work (step 10) and of a red reaction (step 18) at
// 1366x768 and 390x844, and of the end, go to the artifacts.
func TestBrowserTutorialJekyll(t *testing.T) {
	requireBrowser(t)
	axe := axeSource(t)
	base := startServer(t)
	browser := startBrowser(t)
	shots := artifactsDir(t)
	p := openPage(t, browser, "pupil", base)
	p.navigate("/")
	p.signIn("Pupil")
	p.waitJS("the lobby's Learn to play", `document.querySelector('#rules-list button[data-tutorial="jekyll"]')`, scaled(15*time.Second))
	p.clickUntil(`#rules-list button[data-tutorial="jekyll"]`, "the tutorial table", `location.pathname.startsWith('/t/tut_')`, scaled(20*time.Second))
	p.waitJS("the first hint", `document.querySelector('#tutorial .tutorial-hint[data-step="0"]') && document.querySelector('#tutorial .tutorial-intro')`, scaled(20*time.Second))

	shoot := func(step string) {
		for _, vp := range []struct{ w, h int }{{1366, 768}, {390, 844}} {
			if err := p.run(scaled(10*time.Second), chromedp.EmulateViewport(int64(vp.w), int64(vp.h))); err != nil {
				t.Fatalf("viewport %dx%d: %v", vp.w, vp.h, err)
			}
			p.waitJS("the hint on screen", `document.querySelector('#tutorial .tutorial-hint').getBoundingClientRect().width > 200`, scaled(10*time.Second))
			p.viewportShot(shots, "tutorial-jekyll-"+step+"-"+strconv.Itoa(vp.w)+"x"+strconv.Itoa(vp.h)+".png")
		}
		if err := p.run(scaled(10*time.Second), chromedp.EmulateReset()); err != nil {
			t.Fatalf("resetting the viewport: %v", err)
		}
	}

	followed := 0
	deadline := time.Now().Add(scaled(2 * time.Minute))
	for {
		if time.Now().After(deadline) {
			t.Fatalf("the tutorial did not end after %d hints followed\n%s", followed, p.describe())
		}
		h := p.nextTutorialHint()
		if h.Step == "done" {
			break
		}
		if h.Step == "0" || h.Step == "10" || h.Step == "18" {
			shoot(h.Step)
		}
		if h.Step == "0" {
			p.checkAxeSchemes(axe, "a tutorial step")
		}
		if h.Step == "10" {
			p.checkAxeSchemes(axe, "a tutorial step of the night")
		}
		v := mustEval[int](p, `Number(document.body.dataset.version)`)
		var target string // the selector the step clicks
		if quoted := hintButton.FindAllStringSubmatch(h.Text, -1); len(quoted) >= 1 {
			sel := `#jk-actions button[data-choice]`
			label := mustEval[string](p, `document.querySelector(`+jsString(sel)+`)?.textContent ?? ''`)
			if label != quoted[0][1] {
				t.Fatalf("step %s: the hint names %q, the button says %q", h.Step, quoted[0][1], label)
			}
			target = sel
		} else {
			// The card's name as the page writes it (the renderer's own
			// cardName), to find in the hint.
			ctx, cancel := context.WithTimeout(p.ctx, scaled(10*time.Second))
			cards, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(async () => {
  const { cardName } = await import('/static/js/games/jekyll.js');
  return [...document.querySelectorAll('#jk-hand button.target')].map((b) => cardName(b.dataset.card ?? ''));
})()`, chromedp.EvalAwaitPromise))
			cancel()
			if err != nil {
				t.Fatalf("step %s: the cards to click: %v", h.Step, err)
			}
			if len(cards) != 1 {
				t.Fatalf("step %s: %d cards to click, want the step's one: %q", h.Step, len(cards), cards)
			}
			if !strings.Contains(h.Text, cards[0]) {
				t.Fatalf("step %s: the hint does not name the card to click (%q): %q", h.Step, cards[0], h.Text)
			}
			target = `#jk-hand button.target`
		}
		// A click the page lost to a redraw (the hint or the marks moving
		// the board) is made again: the step is played once either way.
		p.clickUntil(target, "the move played or waiting for Confirm", `document.body.dataset.confirming === 'true' || Number(document.body.dataset.version) > `+strconv.Itoa(v), scaled(20*time.Second))
		if mustEval[bool](p, `document.body.dataset.confirming === 'true'`) {
			p.mustClick("#move-confirm-ok")
		}
		p.waitJS("the move played", `Number(document.body.dataset.version) > `+strconv.Itoa(v), scaled(20*time.Second))
		followed++
	}
	if followed != 26 {
		t.Errorf("followed %d hints, want the script's 26", followed)
	}
	st, err := p.state()
	if err != nil || st.Winner == nil || *st.Winner != "players" {
		t.Fatalf("tutorial end: winner %v (%v)", st.Winner, err)
	}
	// The players' win reads as the player's own (the City's as a loss:
	// TestBrowserJekyllLossReadsAsYours).
	if h := mustEval[string](p, `document.querySelector('#outcome h2')?.textContent ?? ''`); h != "You won the chapter!" {
		t.Errorf("the won chapter's headline is %q, want %q", h, "You won the chapter!")
	}
	if n := mustEval[int](p, `document.querySelectorAll('#tutorial a[href="/rules/jekyll"], #tutorial #tutorial-bot').length`); n != 2 {
		t.Errorf("the end of the tutorial offers %d of the rules link and the bot game, want both", n)
	}
	for _, vp := range []struct{ w, h int64 }{{1366, 768}, {390, 844}} {
		if err := p.run(scaled(10*time.Second), chromedp.EmulateViewport(vp.w, vp.h)); err == nil {
			mustEval[bool](p, `(window.scrollTo(0, 0), true)`)
			p.viewportShot(shots, "tutorial-jekyll-end-"+strconv.Itoa(int(vp.w))+"x"+strconv.Itoa(int(vp.h))+".png")
		}
	}
	p.checkAxeSchemes(axe, "the end of a tutorial")
	p.checkConsole()
}
