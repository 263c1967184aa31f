package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserReplayBarPhone gives up a Whitehall game at a phone's 390x844
// after a few moves and steps through its replay with the board in sight:
// the step buttons («, ‹, the step, ›, ») must stand in a bar just above the
// board, in the window while the whole board is, and not over it (in the
// replay's panel, far below the board, each step scrolled the board away);
// stepping must not move the board in the window, and the bar must stay at the window's
// top when the page is scrolled down to the game's log. Widened to 1280x800,
// the buttons go back to the replay's panel beside the board.
func TestBrowserReplayBarPhone(t *testing.T) {
	requireBrowser(t)
	p := openPage(t, startBrowser(t), "visitor", startServer(t))
	p.phone()
	p.navigate("/")
	p.signIn("Alice")
	p.createBotTableAt("whitehall", 4, 0)
	playByKeyboard(t, p, 73, 2, 3*time.Minute)
	p.waitJS("the moves sent", `!document.body.classList.contains('busy')`, scaled(20*time.Second))
	p.answerResign(true)
	p.waitJS("the replay's controls", `!document.getElementById('replay').hidden`, scaled(20*time.Second))
	mustEval[any](p, `document.getElementById('replay-first').click()`)
	p.waitJS("the replay's first step", `document.getElementById('replay-first').disabled && !document.getElementById('replay-next').disabled`, scaled(10*time.Second))
	mustEval[any](p, `document.querySelector('#board .board-wrap').scrollIntoView({ block: 'start' })`)
	type geo struct {
		Y      float64   `json:"y"`
		Win    float64   `json:"win"`
		Next   replayBox `json:"next"`
		Bar    replayBox `json:"bar"`
		Board  replayBox `json:"board"`
		Pos    string    `json:"pos"`
		InBar  bool      `json:"inBar"`
		AtNext bool      `json:"atNext"`
	}
	measure := func() geo {
		return mustEval[geo](p, `(() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; };
  const next = document.getElementById('replay-next');
  const n = next.getBoundingClientRect();
  const at = document.elementFromPoint(n.left + n.width / 2, n.top + n.height / 2);
  return {
    win: window.innerHeight,
    next: box(next), bar: box(next.parentElement),
    board: box(document.querySelector('#board .board-wrap')),
    pos: document.getElementById('replay-pos').textContent,
    inBar: !!next.closest('#replay-bar'),
    atNext: !!at && next.contains(at),
  };
})()`)
	}
	check := func(what string, g geo) {
		t.Helper()
		if g.Next.Top < 0 || g.Next.Bottom > g.Win || !g.AtNext {
			t.Errorf("%s: the replay's › (%.0f to %.0f px) is not in the %0.f px window, or covered", what, g.Next.Top, g.Next.Bottom, g.Win)
		}
		if g.Bar.Top < g.Board.Bottom-1 && g.Bar.Bottom > g.Board.Top+1 {
			t.Errorf("%s: the step buttons (to %.0f px) cover the board (from %.0f px)", what, g.Bar.Bottom, g.Board.Top)
		}
		if g.Board.Bottom > g.Win+1 {
			t.Errorf("%s: the board (to %.0f px) does not fit the window with the step buttons", what, g.Board.Bottom)
		}
	}
	g := measure()
	if !g.InBar {
		t.Errorf("the step buttons are not in the bar above the board")
	}
	check("the board scrolled to", g)
	p.viewportShot(shotsDir(t), "replay-bar-phone.png")
	for i := 0; i < 3; i++ {
		before := g
		mustEval[any](p, `document.getElementById('replay-next').click()`)
		p.waitJS("the next step", `document.getElementById('replay-pos').textContent !== `+jsString(before.Pos), scaled(10*time.Second))
		g = measure()
		if d := g.Board.Top - before.Board.Top; d > 1 || d < -1 {
			t.Errorf("step %d (%q): the board moved by %.0f px in the window", i+1, g.Pos, d)
		}
		check("after "+g.Pos, g)
		if g.Pos == before.Pos || mustEval[bool](p, `document.getElementById('replay-next').disabled`) {
			break
		}
	}
	// Down at the log, the bar stays at the window's top.
	mustEval[any](p, `document.getElementById('log').scrollIntoView({ block: 'end' })`)
	g = measure()
	if g.Next.Top < 0 || g.Next.Top > 80 || !g.AtNext {
		t.Errorf("at the log, the replay's › is at %.0f px (covered: %v), not stuck at the window's top", g.Next.Top, !g.AtNext)
	}
	p.viewportShot(shotsDir(t), "replay-bar-phone-log.png")

	if err := p.run(scaled(10*time.Second), chromedp.EmulateViewport(1280, 800, chromedp.EmulateScale(1))); err != nil {
		t.Fatal(err)
	}
	p.waitJS("the step buttons in the replay's panel", `document.getElementById('replay-next').closest('#replay') && document.getElementById('replay-bar').hidden`, scaled(10*time.Second))
	p.viewportShot(shotsDir(t), "replay-bar-desktop.png")
	p.checkConsole()
}

// replayBox is an element's box in the window, in CSS pixels.
type replayBox struct {
	Left   float64 `json:"left"`
	Top    float64 `json:"top"`
	Right  float64 `json:"right"`
	Bottom float64 `json:"bottom"`
}
