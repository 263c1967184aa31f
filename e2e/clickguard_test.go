package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestClickGuardCatchesAMovedTarget checks the harness's click guard (see
// guardJS): a button moved between the test locating it and the mouse
// pressing it, so that the press lands on its neighbour, is reported as
// missed and the neighbour's click handler never runs; the same click on a
// target that stays put goes through.
func TestClickGuardCatchesAMovedTarget(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	p := openPage(t, browser, "guard", base)
	p.navigate("/rules/pocket")
	mustEval[chromedp.Void](p, `(() => {
  const box = document.createElement('div');
  box.id = 'guard-box';
  box.style.cssText = 'position:fixed;top:100px;left:100px;display:flex;gap:0;z-index:99999';
  for (const id of ['guard-a', 'guard-b']) {
    const b = document.createElement('button');
    b.id = id;
    b.textContent = id;
    b.style.cssText = 'width:80px;height:40px;margin:0;padding:0';
    b.addEventListener('click', () => { window.__clicks = (window.__clicks || []).concat(id); });
    box.append(b);
  }
  document.body.append(box);
})()`)

	// Locate guard-b (arming the guard), then put guard-a where it was, as a
	// late header item would, and press the mouse there.
	pt, err := eval[clickPoint](p, fmt.Sprintf(pointJS, jsString("#guard-b")))
	if err != nil || !pt.OK {
		t.Fatalf("locating #guard-b: %+v %v", pt, err)
	}
	mustEval[chromedp.Void](p, `(() => { const box = document.getElementById('guard-box'); box.append(document.getElementById('guard-a')); })()`)
	if err := p.run(scaled(10*time.Second), chromedp.MouseClickXY(pt.X, pt.Y)); err != nil {
		t.Fatal(err)
	}
	missed := mustEval[string](p, guardResultJS)
	if missed == "" {
		t.Errorf("a click that landed on #guard-a was not reported as missing #guard-b")
	}
	if got := mustEval[[]string](p, `window.__clicks || []`); len(got) != 0 {
		t.Errorf("the guarded click reached the page's handlers: %v", got)
	}
	if again := mustEval[string](p, guardResultJS); again != "" {
		t.Errorf("the guard was not disarmed after it was read: %q", again)
	}

	// Through click: the same target, now still, is reached once.
	if err := p.click("#guard-b"); err != nil {
		t.Fatalf("clicking #guard-b where it stands: %v", err)
	}
	if got := mustEval[[]string](p, `window.__clicks || []`); len(got) != 1 || got[0] != "guard-b" {
		t.Errorf("a click on #guard-b where it stands reached %v, want [guard-b]", got)
	}
	// And back the other way: the buttons swap places again before the press.
	mustEval[chromedp.Void](p, `window.__clicks = []`)
	armed, err := eval[clickPoint](p, fmt.Sprintf(pointJS, jsString("#guard-a")))
	if err != nil || !armed.OK {
		t.Fatalf("locating #guard-a: %+v %v", armed, err)
	}
	mustEval[chromedp.Void](p, `document.getElementById('guard-box').append(document.getElementById('guard-b'))`)
	if err := p.run(scaled(10*time.Second), chromedp.MouseClickXY(armed.X, armed.Y)); err != nil {
		t.Fatal(err)
	}
	if m := mustEval[string](p, guardResultJS); m == "" {
		t.Errorf("a click on #guard-b, aimed at #guard-a, was not caught")
	}
	if got := mustEval[[]string](p, `window.__clicks || []`); len(got) != 0 {
		t.Errorf("the guarded click reached %v", got)
	}
}
