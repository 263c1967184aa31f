package e2e

import (
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// whitehallHintTarget finds what a Whitehall hint says to click: "circle
// 123" or "crossing HM" after "click".
var whitehallHintTarget = regexp.MustCompile(`[Cc]lick (circle|crossing) ([A-Z]{2}|\d+)`)

// TestBrowserTutorialWhitehall starts the Whitehall Mystery tutorial from the
// lobby's "Learn to play" and plays it to the investigators' win by doing
// what each hint says: a click on the circle or crossing it names, which
// must be the one highlighted target of the board, or on the button whose
// words it quotes (stopping a search, doing nothing). Jack plays the script
// in between; the introduction stays on screen until the player's first step
// (4, after Jack's discovery locations), and the end offers the rules and a
// game against a bot. axe checks the first step, the stop of a search (a
// button step) and the end. At every step no last move's label may cover a
// circle or crossing the hint names or the board offers (yellow's label hid
// crossing FR at step 10). Screenshots of the first step, of step 10, of the
// first search (12), of the arrest (23) at 1366x768 and 390x844, and of the
// end, go to the artifacts.
func TestBrowserTutorialWhitehall(t *testing.T) {
	requireBrowser(t)
	axe := axeSource(t)
	base := startServer(t)
	browser := startBrowser(t)
	shots := artifactsDir(t)
	p := openPage(t, browser, "pupil", base)
	p.navigate("/")
	p.signIn("Pupil")
	p.waitJS("the lobby's Learn to play", `document.querySelector('#rules-list button[data-tutorial="whitehall"]')`, scaled(15*time.Second))
	p.clickUntil(`#rules-list button[data-tutorial="whitehall"]`, "the tutorial table", `location.pathname.startsWith('/t/tut_')`, scaled(20*time.Second))
	p.waitJS("the first hint with the introduction", `document.querySelector('#tutorial .tutorial-hint[data-step="4"]') && document.querySelector('#tutorial .tutorial-intro')`, scaled(30*time.Second))

	shoot := func(name string) {
		for _, vp := range []struct{ w, h int }{{1366, 768}, {390, 844}} {
			if err := p.run(scaled(10*time.Second), chromedp.EmulateViewport(int64(vp.w), int64(vp.h))); err != nil {
				t.Fatalf("viewport %dx%d: %v", vp.w, vp.h, err)
			}
			p.waitJS("the tutorial panel on screen", `document.querySelector('#tutorial').getBoundingClientRect().width > 200`, scaled(10*time.Second))
			p.viewportShot(shots, "tutorial-whitehall-"+name+"-"+strconv.Itoa(vp.w)+"x"+strconv.Itoa(vp.h)+".png")
			// The investigators' side column (the move track's labels, the
			// deduction, the last move's tags) wraps inside its width.
			p.checkNoOverflowX("tutorial step " + name + " at " + strconv.Itoa(vp.w) + "x" + strconv.Itoa(vp.h))
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
		p.checkLabelsClearOfHint(h.Step)
		intro := mustEval[bool](p, `!!document.querySelector('#tutorial .tutorial-intro')`)
		if intro != (h.Step == "4") {
			t.Fatalf("step %s: introduction shown %v, want it until the first step (4) only", h.Step, intro)
		}
		if h.Step == "4" || h.Step == "10" || h.Step == "12" || h.Step == "23" {
			shoot(h.Step)
		}
		switch h.Step {
		case "4":
			p.checkAxeSchemes(axe, "a tutorial step")
		case "14":
			p.checkAxeSchemes(axe, "a tutorial step with a button")
		}
		var target string // the selector the step clicks
		if m := whitehallHintTarget.FindStringSubmatch(h.Text); m != nil {
			offered := mustEval[[]string](p, `[...document.querySelectorAll('#board .target')].filter((e) => !e.closest('[hidden]'))
  .map((e) => e.hasAttribute('data-circle') ? 'circle ' + e.getAttribute('data-circle') : 'crossing ' + e.getAttribute('data-crossing'))`)
			if len(offered) != 1 || offered[0] != m[1]+" "+m[2] {
				t.Fatalf("step %s: the hint says %s %s, the board offers %q", h.Step, m[1], m[2], offered)
			}
			target = `#board [data-` + m[1] + `="` + m[2] + `"]`
		} else if quoted := hintButton.FindStringSubmatch(h.Text); quoted != nil {
			sel := `#wh-actions button[data-choice]`
			labels := mustEval[[]string](p, `[...document.querySelectorAll(`+jsString(sel)+`)].map((b) => b.textContent ?? '')`)
			if len(labels) != 1 || labels[0] != quoted[1] {
				t.Fatalf("step %s: the hint names %q, the buttons say %q", h.Step, quoted[1], labels)
			}
			target = sel
		} else {
			t.Fatalf("step %s: the hint names nothing to click: %q", h.Step, h.Text)
		}
		v := mustEval[int](p, `Number(document.body.dataset.version)`)
		// A click the page lost to a redraw (the hint or the marks moving
		// the board) is made again: the step is played once either way.
		p.clickUntil(target, "the move played or waiting for Confirm", `document.body.dataset.confirming === 'true' || Number(document.body.dataset.version) > `+strconv.Itoa(v), scaled(20*time.Second))
		if mustEval[bool](p, `document.body.dataset.confirming === 'true'`) {
			p.mustClick("#move-confirm-ok")
		}
		p.waitJS("the move played", `Number(document.body.dataset.version) > `+strconv.Itoa(v), scaled(20*time.Second))
		followed++
	}
	if followed != 17 {
		t.Errorf("followed %d hints, want the script's 17", followed)
	}
	st, err := p.state()
	if err != nil || st.Winner == nil || *st.Winner != "investigators" {
		t.Fatalf("tutorial end: winner %v (%v)", st.Winner, err)
	}
	if n := mustEval[int](p, `document.querySelectorAll('#tutorial a[href="/rules/whitehall"], #tutorial #tutorial-bot').length`); n != 2 {
		t.Errorf("the end of the tutorial offers %d of the rules link and the bot game, want both", n)
	}
	p.checkAxeSchemes(axe, "the end of a tutorial")
	shoot("end")
	// On a phone, scrolled down to the log, the replay's step buttons stuck
	// to the window's top and the tutorial's last words are not one over the
	// other (both once stuck there).
	if err := p.run(scaled(10*time.Second), chromedp.EmulateViewport(390, 844)); err != nil {
		t.Fatalf("viewport 390x844: %v", err)
	}
	p.waitJS("the replay's step buttons above the board", `!document.getElementById('replay-bar').hidden`, scaled(10*time.Second))
	mustEval[any](p, `document.getElementById('log').scrollIntoView({ block: 'end' })`)
	if over := mustEval[string](p, `(() => {
  const b = document.getElementById('replay-bar').getBoundingClientRect();
  const h = document.getElementById('tutorial').getBoundingClientRect();
  const n = document.getElementById('replay-next').getBoundingClientRect();
  const at = document.elementFromPoint(n.left + n.width / 2, n.top + n.height / 2);
  if (!at || !document.getElementById('replay-next').contains(at)) return 'the replay\'s › covered by ' + (at?.outerHTML.slice(0, 80) ?? 'nothing');
  return h.bottom > b.top && h.top < b.bottom ? 'the tutorial (' + Math.round(h.top) + ' to ' + Math.round(h.bottom) + ' px) under the step buttons (' + Math.round(b.top) + ' to ' + Math.round(b.bottom) + ' px)' : '';
})()`); over != "" {
		t.Errorf("at the end of the tutorial on a phone, scrolled to the log: %s", over)
	}
	p.viewportShot(shots, "tutorial-whitehall-end-log-390x844.png")
	if err := p.run(scaled(10*time.Second), chromedp.EmulateReset()); err != nil {
		t.Fatalf("resetting the viewport: %v", err)
	}
	p.checkConsole()
}
