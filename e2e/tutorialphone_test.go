package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserTutorialPhoneComesClose opens the map games' tutorials on a
// 390x844 phone. The tutorial's text above the board once left it a strip
// 160 px tall, and the map, fitted whole, drew the one crossing the hint
// names a few pixels wide: now the board keeps a real height, and the view
// comes close to the target, drawn whole inside it at a size a finger can
// tap.
func TestBrowserTutorialPhoneComesClose(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	shots := shotsDir(t)
	for _, game := range []string{"whitechapel", "whitehall"} {
		t.Run(game, func(t *testing.T) {
			p := openPage(t, browser, "pupil-"+game, base)
			p.phone()
			p.navigate("/")
			p.signIn("Pupil")
			p.waitJS("the lobby's Learn to play", `document.querySelector('#rules-list button[data-tutorial="`+game+`"]')`, scaled(15*time.Second))
			p.clickUntil(`#rules-list button[data-tutorial="`+game+`"]`, "the tutorial table", `location.pathname.startsWith('/t/tut_')`, scaled(20*time.Second))
			p.waitJS("the first hint and its target", `document.querySelector('#tutorial .tutorial-hint') && document.querySelectorAll('#board .target').length === 1`, scaled(30*time.Second))
			mustEval[chromedp.Void](p, `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))`)
			mustEval[any](p, `document.querySelector('#board .board-wrap').scrollIntoView({block: 'center'})`)
			type box struct {
				Wrap   float64 `json:"wrap"`
				Size   float64 `json:"size"`
				Inside bool    `json:"inside"`
			}
			b := mustEval[box](p, `(() => {
  const w = document.querySelector('#board .board-wrap').getBoundingClientRect();
  const r = document.querySelector('#board .target').getBoundingClientRect();
  return { wrap: w.height, size: Math.min(r.width, r.height), inside: r.left >= w.left && r.right <= w.right && r.top >= w.top && r.bottom <= w.bottom };
})()`)
			p.viewportShot(shots, "tutorial-phone-"+game+".png")
			if b.Wrap < 220 {
				t.Errorf("the board is %v px tall under the tutorial's text, want at least 220", b.Wrap)
			}
			if !b.Inside {
				t.Error("the hint's target is not inside the board's view")
			}
			if b.Size < 14 {
				t.Errorf("the hint's target is drawn %v px wide: too small to tap", b.Size)
			}
			t.Logf("board %v px tall, target %v px", b.Wrap, b.Size)
			p.checkConsole()
		})
	}
}
