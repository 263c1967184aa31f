package e2e

import (
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// tutorialHintJS reads the tutorial panel: the step its hint is for ("done"
// at the end) and the hint's words.
const tutorialHintJS = `(() => {
  const h = document.querySelector('#tutorial:not([hidden]) .tutorial-hint');
  return h ? { step: h.dataset.step ?? '', text: h.textContent ?? '' } : { step: '', text: '' };
})()`

// nextTutorialHint waits for the tutorial's next hint to follow (the one for
// the table's version, the page free to act) or its end, and reads it.
func (p *page) nextTutorialHint() tutorialHint {
	p.t.Helper()
	p.waitJS("a hint to follow or the end", `(() => {
  const h = document.querySelector('#tutorial .tutorial-hint');
  return document.body.dataset.over === 'true' ? h?.dataset.step === 'done'
    : document.getElementById('prompt')?.dataset.act === 'true' && !document.body.classList.contains('busy') && h?.dataset.step === document.body.dataset.version;
})()`, scaled(30*time.Second))
	return mustEval[tutorialHint](p, tutorialHintJS)
}

type tutorialHint struct {
	Step string `json:"step"`
	Text string `json:"text"`
}

var (
	hintPlace  = regexp.MustCompile(`place (\d+)`)
	hintButton = regexp.MustCompile(`“([^”]+)”`)
)

// TestBrowserTutorialPocket starts the Mr Jack Pocket tutorial from the
// lobby's "Learn to play" and finishes it by doing what each hint says: a
// click on the place it names, or on the button whose words it quotes (the
// step's one legal move then plays at once). The scripted Jack plays
// his moves in between; at the end the panel offers the rules and a game
// against a bot. axe checks the tutorial table at the first step and at the
// end; screenshots of the first step at 1366x768 and 390x844 go to the
// artifacts.
func TestBrowserTutorialPocket(t *testing.T) {
	requireBrowser(t)
	axe := axeSource(t)
	base := startServer(t)
	browser := startBrowser(t)
	shots := artifactsDir(t)
	p := openPage(t, browser, "pupil", base)
	p.navigate("/")
	p.signIn("Pupil")
	p.waitJS("the lobby's Learn to play", `document.querySelector('#rules-list button[data-tutorial="pocket"]')`, scaled(15*time.Second))
	p.clickUntil(`#rules-list button[data-tutorial="pocket"]`, "the tutorial table", `location.pathname.startsWith('/t/tut_')`, scaled(20*time.Second))
	p.waitJS("the first hint", `document.querySelector('#tutorial .tutorial-hint[data-step="0"]') && document.querySelector('#tutorial .tutorial-intro')`, scaled(20*time.Second))

	for _, vp := range []struct {
		w, h int
		name string
	}{{1366, 768, "tutorial-1366x768.png"}, {390, 844, "tutorial-390x844.png"}} {
		if err := p.run(scaled(10*time.Second), chromedp.EmulateViewport(int64(vp.w), int64(vp.h))); err != nil {
			t.Fatalf("viewport %dx%d: %v", vp.w, vp.h, err)
		}
		p.waitJS("the hint on screen", `document.querySelector('#tutorial .tutorial-hint').getBoundingClientRect().width > 200`, scaled(10*time.Second))
		p.viewportShot(shots, vp.name)
	}
	if err := p.run(scaled(10*time.Second), chromedp.EmulateReset()); err != nil {
		t.Fatalf("resetting the viewport: %v", err)
	}
	p.checkAxeSchemes(axe, "a tutorial step")

	// A click away from what the step offers (a tile) plays nothing and
	// says where the hint is.
	p.mustClick(`#board [data-cell="0"]`)
	p.waitJS("the pointer to the hint", `[...document.querySelectorAll('#toasts .toast.info')].some((e) => e.textContent.includes('hint'))`, scaled(10*time.Second))
	if v := mustEval[int](p, `Number(document.body.dataset.version)`); v != 0 {
		t.Fatalf("a click off the hint's target played a move (version %d)", v)
	}

	followed := 0
	deadline := time.Now().Add(scaled(2 * time.Minute))
	for {
		if time.Now().After(deadline) {
			t.Fatalf("the tutorial did not end after %d hints followed\n%s", followed, p.describe())
		}
		// Wait for the next step of the player's, or the end.
		h := p.nextTutorialHint()
		if h.Step == "done" {
			break
		}
		v := mustEval[int](p, `Number(document.body.dataset.version)`)
		var target string // the selector the step clicks
		quoted := hintButton.FindAllStringSubmatch(h.Text, -1)
		if m := hintPlace.FindStringSubmatch(h.Text); m != nil {
			target = `#board [data-place="` + m[1] + `"]`
		} else if len(quoted) >= 1 {
			sel := `#pk-actions button[data-choice]`
			label := mustEval[string](p, `document.querySelector(`+jsString(sel)+`)?.textContent ?? ''`)
			if label != quoted[0][1] {
				t.Fatalf("step %s: the hint names %q, the button says %q", h.Step, quoted[0][1], label)
			}
			target = sel
		} else {
			t.Fatalf("step %s: the hint names nothing to click: %q", h.Step, h.Text)
		}
		// The step's one legal move plays at once (the confirm model asks
		// only where there is a choice); should it ask, Confirm.
		// A click the page lost to a redraw (the hint or the marks moving
		// the board) is made again: the step is played once either way.
		p.clickUntil(target, "the move played or waiting for Confirm", `document.body.dataset.confirming === 'true' || Number(document.body.dataset.version) > `+strconv.Itoa(v), scaled(20*time.Second))
		if mustEval[bool](p, `document.body.dataset.confirming === 'true'`) {
			p.mustClick("#move-confirm-ok")
		}
		p.waitJS("the move played", `Number(document.body.dataset.version) > `+strconv.Itoa(v), scaled(20*time.Second))
		followed++
	}
	if followed != 4 {
		t.Errorf("followed %d hints, want the script's 4", followed)
	}
	st, err := p.state()
	if err != nil || st.Winner == nil || *st.Winner != "investigator" {
		t.Fatalf("tutorial end: winner %v (%v)", st.Winner, err)
	}
	if n := mustEval[int](p, `document.querySelectorAll('#tutorial a[href="/rules/pocket"], #tutorial #tutorial-bot').length`); n != 2 {
		t.Errorf("the end of the tutorial offers %d of the rules link and the bot game, want both", n)
	}
	p.checkAxeSchemes(axe, "the end of a tutorial")
	if err := p.run(scaled(10*time.Second), chromedp.EmulateViewport(1366, 768)); err == nil {
		p.viewportShot(shots, "tutorial-end-1366x768.png")
	}
	p.checkConsole()
}
