package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserConfirmAndWhy checks the one confirm model and the reasons of
// illegal clicks on a Whitehall table (Jack, against bots) and a Pocket
// table (the investigator): a click on what is no choice says why near the
// prompt, in the game's words, and sends no move; a click on a target and a
// click in "All your choices" both preview the move on the board and wait
// for Confirm; Cancel drops it, Enter plays it.
func TestBrowserConfirmAndWhy(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	p := openPage(t, browser, "player", base)
	p.navigate("/")
	p.signIn("Alice")

	// Whitehall: Jack writes down his first discovery location; black
	// circles are no choice.
	p.createBotTableAt("whitehall", 4, 0)
	p.waitJS("Jack's first choice", `document.body.dataset.myTurn === 'true' && !!document.querySelector('#board .circle.target')`, scaled(30*time.Second))
	v0 := p.waitState("a settled page", scaled(10*time.Second), func(st pageState) bool { return !st.Busy }).Version
	if live := mustEval[string](p, `document.getElementById('why').getAttribute('aria-live')`); live != "polite" {
		t.Errorf("#why is aria-live %q, want polite", live)
	}
	black := mustEval[string](p, `(() => { const c = document.querySelector('#board .circle.black:not(.target)'); return c ? c.dataset.circle : ''; })()`)
	if black == "" {
		t.Fatalf("no black circle to click\n%s", p.describe())
	}
	p.mustClick(`#board [data-circle="` + black + `"]`)
	p.waitJS("the reason of the illegal click", `document.getElementById('why').dataset.why === 'whitehall.err.not-white'`, scaled(10*time.Second))
	why := mustEval[string](p, `document.getElementById('why').textContent`)
	if !strings.Contains(why, black) {
		t.Errorf("the reason %q does not name circle %s", why, black)
	}
	t.Logf("a click on black circle %s: %q", black, why)
	if st, _ := p.state(); st.Version != v0 || st.Confirm || st.Busy {
		t.Fatalf("the illegal click changed the table or sent a move: %+v", st)
	}

	// A target: previewed (the ring on the board), not played; Cancel.
	target := mustEval[string](p, `document.querySelector('#board .circle.target').dataset.circle`)
	p.mustClick(`#board [data-circle="` + target + `"]`)
	p.waitJS("the move's confirmation", `document.body.dataset.confirming === 'true' && !document.getElementById('move-confirm').hidden && !!document.querySelector('#board .layer-preview [data-preview="circle:`+target+`"]')`, scaled(10*time.Second))
	if got := mustEval[string](p, `document.getElementById('move-confirm-what').textContent`); !strings.Contains(got, target) {
		t.Errorf("the confirmation reads %q, which does not name circle %s", got, target)
	}
	if mustEval[string](p, `document.getElementById('why').textContent`) != "" {
		t.Errorf("the reason of the illegal click is still shown with a move to confirm")
	}
	p.mustClick("#move-confirm-cancel")
	p.waitJS("the cancelled move to go", `document.getElementById('move-confirm').hidden && !document.querySelector('#board .layer-preview [data-preview]')`, scaled(10*time.Second))
	if st, _ := p.state(); st.Version != v0 || st.Busy {
		t.Fatalf("a cancelled move was played: %+v", st)
	}

	// The same move from the list of choices: the same preview; Enter plays it.
	mustEval[chromedp.Void](p, `document.getElementById('legal-box').open = true`)
	const boardTop = `document.querySelector('#board .board-wrap').getBoundingClientRect().top`
	before := mustEval[float64](p, boardTop)
	p.mustClick(`#legal button[data-move='{"kind":"location","circle":` + target + `}']`)
	p.waitJS("the list's move previewed on the board", `document.body.dataset.confirming === 'true' && !!document.querySelector('#board .layer-preview [data-preview="circle:`+target+`"]') && document.activeElement?.id === 'move-confirm-ok'`, scaled(10*time.Second))
	// The bar takes the prompt's place: the board stays under the pointer
	// (it once dropped by 67 px).
	if after := mustEval[float64](p, boardTop); after-before > 20 || before-after > 20 {
		t.Errorf("the confirmation moved the board from y=%v to y=%v", before, after)
	}
	mustEval[chromedp.Void](p, `document.activeElement.blur()`)
	p.key(kb.Enter)
	p.waitState("Enter to play the move", scaled(20*time.Second), func(st pageState) bool { return st.Version > v0 && !st.Confirm && !st.Busy })
	p.waitJS("the move in the log, tagged as the latest", `[...document.querySelectorAll('#log li.latest')].some((li) => li.textContent.includes(`+jsString(target)+`))`, scaled(10*time.Second))

	// Pocket, as the investigator: a choice in "All your choices" previews
	// on the board as a click on its tile does.
	p.createBotTableAt("pocket", 2, 1)
	p.waitJS("the investigator's move", `document.body.dataset.myTurn === 'true' && !!document.querySelector('#board .target')`, scaled(30*time.Second))
	v1 := p.waitState("a settled page", scaled(10*time.Second), func(st pageState) bool { return !st.Busy }).Version
	mustEval[chromedp.Void](p, `document.getElementById('legal-box').open = true`)
	p.mustClick(`#legal button[data-intent="0"]`)
	p.waitJS("the list's move previewed on the board", `document.body.dataset.confirming === 'true' && !!document.querySelector('#board svg.previewing') && !document.getElementById('pk-preview').hidden`, scaled(10*time.Second))
	p.key(kb.Escape)
	p.waitJS("Escape to cancel", `document.getElementById('move-confirm').hidden && !document.querySelector('#board svg.previewing')`, scaled(10*time.Second))
	if st, _ := p.state(); st.Version != v1 || st.Busy {
		t.Fatalf("a cancelled Pocket move was played: %+v", st)
	}
	p.checkConsole()
}
