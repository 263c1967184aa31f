package e2e

import (
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// hintTarget finds what a Whitechapel hint says to click: "circle 125" or
// "crossing J162" after "click".
var hintTarget = regexp.MustCompile(`[Cc]lick (circle|crossing) (J?\d+)`)

// TestBrowserTutorialWhitechapel starts the Letters from Whitechapel
// tutorial from the lobby's "Learn to play" and plays it to the police win
// by doing what each hint says: a click on the circle or crossing it names,
// which must be the one highlighted target of the board. Jack and the other
// policemen play the script in between; the introduction stays on screen
// until the player's first step (9, after Jack's hideout and women), and
// the end offers the rules and a game against a bot. At every step no last
// move's label may cover a circle or crossing the hint names or the board
// offers (the policemen's labels hid circle 122 at 37 and 42). Screenshots of the
// first step, of the first police move (25) and of the arrest (42) at
// 1366x768 and 390x844, and of the end, go to the artifacts.
func TestBrowserTutorialWhitechapel(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	shots := artifactsDir(t)
	p := openPage(t, browser, "pupil", base)
	p.navigate("/")
	p.signIn("Pupil")
	p.waitJS("the lobby's Learn to play", `document.querySelector('#rules-list button[data-tutorial="whitechapel"]')`, scaled(15*time.Second))
	p.clickUntil(`#rules-list button[data-tutorial="whitechapel"]`, "the tutorial table", `location.pathname.startsWith('/t/tut_')`, scaled(20*time.Second))
	p.waitJS("the first hint with the introduction", `document.querySelector('#tutorial .tutorial-hint[data-step="9"]') && document.querySelector('#tutorial .tutorial-intro')`, scaled(30*time.Second))

	shoot := func(name string) {
		for _, vp := range []struct{ w, h int }{{1366, 768}, {390, 844}} {
			if err := p.run(scaled(10*time.Second), chromedp.EmulateViewport(int64(vp.w), int64(vp.h))); err != nil {
				t.Fatalf("viewport %dx%d: %v", vp.w, vp.h, err)
			}
			p.waitJS("the tutorial panel on screen", `document.querySelector('#tutorial').getBoundingClientRect().width > 200`, scaled(10*time.Second))
			p.viewportShot(shots, "tutorial-whitechapel-"+name+"-"+strconv.Itoa(vp.w)+"x"+strconv.Itoa(vp.h)+".png")
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
		if intro != (h.Step == "9") {
			t.Fatalf("step %s: introduction shown %v, want it until the first step (9) only", h.Step, intro)
		}
		if h.Step == "9" || h.Step == "25" || h.Step == "42" {
			shoot(h.Step)
		}
		m := hintTarget.FindStringSubmatch(h.Text)
		if m == nil {
			t.Fatalf("step %s: the hint names nothing to click: %q", h.Step, h.Text)
		}
		offered := mustEval[[]string](p, `[...document.querySelectorAll('#board .target')].filter((e) => !e.closest('[hidden]'))
  .map((e) => e.hasAttribute('data-circle') ? 'circle ' + e.getAttribute('data-circle') : 'crossing ' + e.getAttribute('data-crossing'))`)
		if len(offered) != 1 || offered[0] != m[1]+" "+m[2] {
			t.Fatalf("step %s: the hint says %s %s, the board offers %q", h.Step, m[1], m[2], offered)
		}
		v := mustEval[int](p, `Number(document.body.dataset.version)`)
		var target string // the selector the step clicks
		target = `#board [data-` + m[1] + `="` + m[2] + `"]`
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
	if err != nil || st.Winner == nil || *st.Winner != "police" {
		t.Fatalf("tutorial end: winner %v (%v)", st.Winner, err)
	}
	if n := mustEval[int](p, `document.querySelectorAll('#tutorial a[href="/rules/whitechapel"], #tutorial #tutorial-bot').length`); n != 2 {
		t.Errorf("the end of the tutorial offers %d of the rules link and the bot game, want both", n)
	}
	shoot("end")
	p.checkConsole()
}
