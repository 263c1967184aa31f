package e2e

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// mapDrawJS builds the board of name with board.js in the page (twice:
// the second view clones the cached map), then redraws the changing layers
// (figures, markers, shading, paths, targets) as a move does, with a
// MutationObserver on the map layer, and times both with the Performance API.
const mapDrawJS = `(async (name) => {
  const { BoardView, loadGeometry } = await import('/static/js/board.js');
  const geo = await loadGeometry(name);
  const box = document.createElement('div');
  document.body.append(box);
  const t0 = performance.now();
  new BoardView(box, geo);
  const t1 = performance.now();
  const view = new BoardView(box, geo);
  const t2 = performance.now();
  const map = view.svg.querySelector('.layer-map');
  let mutations = 0;
  const obs = new MutationObserver((l) => { mutations += l.length; });
  obs.observe(map.firstElementChild, { subtree: true, childList: true, attributes: true });
  const ids = geo.circles.map((c) => c.id);
  const xs = geo.crossings.map((c) => c.label);
  const rounds = 20;
  const move = (i) => {
    view.setFigures(xs.slice(i, i + 5).map((label, k) => ({ id: 'f' + k, crossing: label, letter: 'F', cls: 'blue', title: 'f' })));
    view.setMarkers(ids.slice(i, i + 8).map((c) => ({ circle: c, kind: 'clue' })));
    view.setShade(new Map(ids.slice(i, i + 30).map((c, k) => [c, 1 / (k + 1)])));
    view.setPaths([ids.slice(i, i + 6)]);
    view.setTargets(ids.slice(i + 40, i + 45), xs.slice(i + 10, i + 14), () => {});
    view.svg.getBoundingClientRect();
  };
  const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  // The same redraws with the map hidden, to tell what the map costs.
  map.style.display = 'none';
  await frame();
  const h0 = performance.now();
  for (let i = 0; i < rounds; i++) move(i);
  await frame();
  const h1 = performance.now();
  map.style.display = '';
  await frame();
  const t3 = performance.now();
  for (let i = 0; i < rounds; i++) move(i);
  await frame();
  const t4 = performance.now();
  await new Promise((r) => setTimeout(r, 0));
  obs.disconnect();
  const mapNodes = map.querySelectorAll('*').length;
  box.remove();
  return { first: t1 - t0, second: t2 - t1, redraw: (t4 - t3) / rounds, bare: (h1 - h0) / rounds, mutations, mapNodes };
})(%s)`

type mapDrawResult struct {
	First     float64 `json:"first"`
	Second    float64 `json:"second"`
	Redraw    float64 `json:"redraw"`
	Bare      float64 `json:"bare"`
	Mutations int     `json:"mutations"`
	MapNodes  int     `json:"mapNodes"`
}

// TestBrowserMapDrawnOnce checks that the map under each map board is built
// once and left alone: a handful of paths (not one element per street), and
// no change to it while the figures, markers, shading, paths and targets are
// redrawn as a move redraws them. It logs the times measured.
func TestBrowserMapDrawnOnce(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	for _, name := range []string{"whitehall", "whitechapel"} {
		t.Run(name, func(t *testing.T) {
			p := openPage(t, browser, name, base)
			p.navigate("/static/board.html?board=" + name)
			p.waitJS("the demo board", `!!document.querySelector('svg.board .board-map')`, scaled(20*time.Second))
			ctx, cancel := context.WithTimeout(p.ctx, scaled(30*time.Second))
			r, err := chromedp.Run(ctx, chromedp.Evaluate[mapDrawResult](fmt.Sprintf(mapDrawJS, jsString(name)), chromedp.EvalAwaitPromise))
			cancel()
			if err != nil {
				t.Fatalf("%s: drawing the board: %v", name, err)
			}
			t.Logf("%s: first view %.1f ms, second view %.1f ms, one redraw of the moving layers %.2f ms (%.2f ms with the map hidden); %d map elements", name, r.First, r.Second, r.Redraw, r.Bare, r.MapNodes)
			if r.Mutations != 0 {
				t.Errorf("%s: redrawing the moving layers changed the map %d times", name, r.Mutations)
			}
			if r.MapNodes == 0 || r.MapNodes > 12 {
				t.Errorf("%s: the map has %d elements, want a handful of paths", name, r.MapNodes)
			}
			p.checkConsole()
		})
	}
}
