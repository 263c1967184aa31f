package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserTutorialIntroPhone opens Whitehall's tutorial on a 390x844
// phone: its introduction, above the board, once pushed the map down to
// y=650 of the first screen. Now the introduction is closed under its
// summary, the hint is read whole and the map takes the lower half of
// the first screen; the summary opens the introduction, which stays open when the
// page is drawn again. At 1280x800 the introduction is open from the start,
// and closes once the window is narrowed (no choice of the player's).
func TestBrowserTutorialIntroPhone(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	shots := shotsDir(t)
	for _, c := range []struct {
		name  string
		w, h  int64
		phone bool
	}{{"phone", 390, 844, true}, {"desktop", 1280, 800, false}} {
		t.Run(c.name, func(t *testing.T) {
			p := openPage(t, browser, "pupil-"+c.name, base)
			opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(1)}
			if c.phone {
				opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
			}
			if err := p.run(scaled(10*time.Second), chromedp.EmulateViewport(c.w, c.h, opts...)); err != nil {
				t.Fatal(err)
			}
			p.navigate("/")
			p.signIn("Pupil")
			p.waitJS("the lobby's Learn to play", `document.querySelector('#rules-list button[data-tutorial="whitehall"]')`, scaled(15*time.Second))
			p.clickUntil(`#rules-list button[data-tutorial="whitehall"]`, "the tutorial table", `location.pathname.startsWith('/t/tut_')`, scaled(20*time.Second))
			p.waitJS("the first hint and its target", `document.querySelector('#tutorial .tutorial-hint') && document.querySelector('#tutorial .tutorial-intro') && document.querySelectorAll('#board .target').length === 1`, scaled(30*time.Second))
			mustEval[chromedp.Void](p, `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))`)
			type first struct {
				Y         float64 `json:"y"`
				Win       float64 `json:"win"`
				HintEnd   float64 `json:"hintEnd"`
				MapTop    float64 `json:"mapTop"`
				IntroOpen bool    `json:"introOpen"`
			}
			measure := func() first {
				return mustEval[first](p, `(() => ({
  y: window.scrollY, win: window.innerHeight,
  hintEnd: document.querySelector('#tutorial .tutorial-hint').getBoundingClientRect().bottom,
  mapTop: document.querySelector('#board .board-wrap').getBoundingClientRect().top,
  introOpen: document.querySelector('#tutorial .tutorial-intro').checkVisibility(),
}))()`)
			}
			f := measure()
			p.viewportShot(shots, "tutorial-intro-"+c.name+".png")
			if !c.phone {
				if !f.IntroOpen {
					t.Errorf("at %dx%d the tutorial's introduction is closed", c.w, c.h)
				}
				// Narrowed to a phone's width, the page drawn again (the
				// language changed): open by default only, it closes.
				if err := p.run(scaled(10*time.Second), chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1))); err != nil {
					t.Fatal(err)
				}
				mustEval[any](p, `(() => { const s = document.getElementById('lang-select'); s.value = 'nl'; s.dispatchEvent(new Event('change')); })()`)
				p.waitJS("the page in Dutch", `document.documentElement.lang === 'nl' && document.querySelector('#tutorial .tutorial-about > summary')?.textContent === 'Het spel in het kort'`, scaled(10*time.Second))
				if measure().IntroOpen {
					t.Errorf("opened by default at 1280x800, the introduction stays open once narrowed to 390x844")
				}
				return
			}
			if f.Y > 1 {
				t.Errorf("the tutorial opened scrolled down by %.0f px", f.Y)
			}
			if f.IntroOpen {
				t.Errorf("on the phone the tutorial's introduction is open above the board")
			}
			if f.HintEnd > f.MapTop || f.HintEnd > f.Win {
				t.Errorf("the hint (to %.0f px) is not read whole above the map (from %.0f px)", f.HintEnd, f.MapTop)
			}
			if f.MapTop > f.Win*0.6 {
				t.Errorf("the map starts at %.0f px of the %.0f px first screen: mostly out of sight", f.MapTop, f.Win)
			}
			mustEval[any](p, `document.querySelector('#tutorial .tutorial-about > summary').click()`)
			p.waitJS("the introduction opened", `document.querySelector('#tutorial .tutorial-intro').checkVisibility()`, scaled(5*time.Second))
			// A redraw (the language changed) keeps it open.
			mustEval[any](p, `(() => { const s = document.getElementById('lang-select'); s.value = 'fr'; s.dispatchEvent(new Event('change')); })()`)
			p.waitJS("the page in French", `document.documentElement.lang === 'fr' && document.querySelector('#tutorial .tutorial-about > summary').textContent === 'Le jeu en quelques mots'`, scaled(10*time.Second))
			if !measure().IntroOpen {
				t.Errorf("the introduction, opened, closed again when the page was drawn again")
			}
			p.viewportShot(shots, "tutorial-intro-phone-open.png")
			p.checkConsole()
		})
	}
}
