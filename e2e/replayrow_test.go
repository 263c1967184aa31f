package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserReplayStepControlsOneRow plays a Mr Jack Pocket game against a
// bot in French at a laptop's 1366x768, then looks at the replay's step
// controls in the side panel: «, ‹, "Étape 16 sur 16", › and » must share one
// row (the » once wrapped alone onto a second line, in every game at that
// size: the step's words kept a least width of their own beside four buttons).
func TestBrowserReplayStepControlsOneRow(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	p := openPage(t, startBrowser(t), "investigator", base)
	if err := p.run(scaled(10*time.Second), chromedp.EmulateViewport(1366, 768, chromedp.EmulateScale(1))); err != nil {
		t.Fatal(err)
	}
	p.navigate("/")
	mustEval[chromedp.Void](p, `localStorage.setItem('gaslamp.lang', 'fr')`)
	p.navigate("/")
	p.signIn("Alice")
	p.createBotTableAt("pocket", 2, 1)
	m := &match{t: t, pages: []*page{p}, rng: newRand(t, 11), maxMoves: 200, deadline: time.Now().Add(scaled(4 * time.Minute))}
	pv := &pocketPreviews{shot: map[string]bool{}}
	m.mover = func(q *page, st pageState) { pocketMove(m, q, st, pv) }
	m.play()
	p.waitJS("the replay's steps", `!document.getElementById('replay').hidden && document.getElementById('replay-pos').textContent.startsWith('Étape')`, scaled(20*time.Second))
	type row struct {
		Tops []float64 `json:"tops"`
		Text string    `json:"text"`
	}
	r := mustEval[row](p, `(() => ({
  tops: ['replay-first', 'replay-prev', 'replay-pos', 'replay-next', 'replay-last'].map((id) => {
    const b = document.getElementById(id).getBoundingClientRect();
    return b.top + b.height / 2;
  }),
  text: document.getElementById('replay-pos').textContent,
}))()`)
	p.screenshot(shotsDir(t), "replay-row-fr.png", "#replay")
	for i, y := range r.Tops {
		if d := y - r.Tops[0]; d > 4 || d < -4 {
			t.Errorf("the replay's step control %d sits %.0f px below the first (%q): the row wrapped", i, d, r.Text)
		}
	}
	p.checkConsole()
}
