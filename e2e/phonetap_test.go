package e2e

import (
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserPhoneMapMovesTappable plays a policeman of Whitechapel and an
// investigator of Whitehall against bots on a 390x844 phone. The whole map,
// fitted to the phone's width, draws a crossing a few pixels wide: a
// policeman's move, a choice among the few crossings around him, was a tap on
// a 9 px square among its neighbours (the tutorials came close to their
// target; a game did not). When the moves lie close together, the view now
// comes close to them: every highlighted crossing is drawn at least 14 px
// wide and inside the board's view.
func TestBrowserPhoneMapMovesTappable(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	shots := shotsDir(t)
	move := regexp.MustCompile(`move the policeman up to two crossings|move 0, 1 or 2 steps`)
	for _, g := range []struct {
		id    string
		seats int
	}{{"whitechapel", 6}, {"whitehall", 4}} {
		t.Run(g.id, func(t *testing.T) {
			p := openPage(t, browser, "police-"+g.id, base)
			p.phone()
			p.navigate("/")
			p.signIn("Alice")
			p.createBotTableAt(g.id, g.seats, 1)
			// The map's geometry loads after the first state: the play loop
			// starts once the board is drawn.
			p.waitJS("the map", `document.querySelectorAll('#board svg.board .crossing').length > 100`, scaled(20*time.Second))
			checked := 0
			m := &match{t: t, pages: []*page{p}, rng: newRand(t, 5), maxMoves: 400, deadline: time.Now().Add(scaled(4 * time.Minute))}
			m.after = func(states []pageState, moves int) {
				st := states[0]
				if !st.Act || !move.MatchString(st.Prompt) {
					return
				}
				type tap struct {
					N      int     `json:"n"`
					Small  float64 `json:"small"`
					Inside bool    `json:"inside"`
				}
				mustEval[chromedp.Void](p, `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))`)
				r := mustEval[tap](p, `(() => {
  const w = document.querySelector('#board .board-wrap').getBoundingClientRect();
  const ts = [...document.querySelectorAll('#board .crossing.target .hit')].map((e) => e.getBoundingClientRect());
  return {
    n: ts.length,
    small: Math.min(...ts.map((r) => Math.min(r.width, r.height))),
    inside: ts.every((r) => r.left >= w.left - 1 && r.right <= w.right + 1 && r.top >= w.top - 1 && r.bottom <= w.bottom + 1),
  };
})()`)
				if r.N == 0 {
					return
				}
				if checked == 0 {
					p.viewportShot(shots, "phone-move-"+g.id+".png")
				}
				if r.Small < 14 {
					m.fail("%s: a policeman's move, %d crossings, is drawn %.1f px wide on the phone: too small to tap", g.id, r.N, r.Small)
				}
				if !r.Inside {
					m.fail("%s: a policeman's move lies outside the board's view", g.id)
				}
				checked++
				if checked >= 3 {
					m.stop = true
				}
			}
			m.play()
			if checked == 0 {
				t.Fatalf("%s: the game ended before the policeman's first move", g.id)
			}
			p.checkConsole()
		})
	}
}
