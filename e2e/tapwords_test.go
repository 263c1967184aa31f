package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserTapWords opens the sample board (board.html) with a finger, a
// phone's touch screen, then with a mouse: its prompt says "tap" to the one
// ("tik" in Dutch), "click" to the other.
func TestBrowserTapWords(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	for _, c := range []struct {
		name, lang, want string
		touch            bool
	}{{"touch-en", "en", "tap a highlighted", true}, {"touch-nl", "nl", "tik op een", true}, {"mouse-en", "en", "click a highlighted", false}} {
		t.Run(c.name, func(t *testing.T) {
			p := openPage(t, browser, c.name, base)
			opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(1)}
			w, h := int64(1280), int64(800)
			if c.touch {
				w, h = 390, 844
				opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
			}
			if err := p.run(scaled(10*time.Second), chromedp.EmulateViewport(w, h, opts...)); err != nil {
				t.Fatal(err)
			}
			p.navigate("/")
			mustEval[chromedp.Void](p, `localStorage.setItem('gaslamp.lang', `+jsString(c.lang)+`)`)
			p.navigate("/static/board.html?board=whitehall")
			p.waitJS("the sample board's prompt", `document.getElementById('prompt')?.textContent.length > 0 && document.documentElement.lang === `+jsString(c.lang), scaled(15*time.Second))
			if got := mustEval[string](p, `document.getElementById('prompt').textContent`); !strings.Contains(got, c.want) {
				t.Errorf("the prompt says %q, want %q in it", got, c.want)
			}
		})
	}
}
