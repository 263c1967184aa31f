package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// mapTargetsJS describes a map's targets for the keyboard: how many, how
// many hold a Tab stop (tabindex 0), which one (its name), whether every
// one is a named button, and the focused one's name.
const mapTargetsJS = `(() => {
  const ts = [...document.querySelectorAll('#board svg .target')];
  return {
    n: ts.length,
    stops: ts.filter((e) => e.getAttribute('tabindex') === '0').length,
    stop: ts.find((e) => e.getAttribute('tabindex') === '0')?.getAttribute('aria-label') ?? '',
    named: ts.every((e) => e.getAttribute('role') === 'button' && !!e.getAttribute('aria-label') && e.hasAttribute('tabindex') && !e.hasAttribute('aria-hidden')),
    focused: document.activeElement?.matches('#board svg .target') ? document.activeElement.getAttribute('aria-label') : '',
    // The first and the last in reading order: the leftmost of the top
    // row (the targets less than a target's height below the highest),
    // the rightmost of the bottom row (likewise).
    ends: (() => {
      const rs = ts.map((e) => ({ l: e.getAttribute('aria-label'), r: e.getBoundingClientRect() }));
      if (!rs.length) return ['', ''];
      const h = rs[0].r.height;
      const top = Math.min(...rs.map((x) => x.r.top)), bottom = Math.max(...rs.map((x) => x.r.top));
      const first = rs.filter((x) => x.r.top - top < h).sort((a, b) => a.r.left - b.r.left)[0];
      const last = rs.filter((x) => bottom - x.r.top < h).sort((a, b) => b.r.left - a.r.left)[0];
      return [first.l, last.l];
    })(),
  };
})()`

type mapTargets struct {
	N       int      `json:"n"`
	Stops   int      `json:"stops"`
	Stop    string   `json:"stop"`
	Named   bool     `json:"named"`
	Focused string   `json:"focused"`
	Ends    []string `json:"ends"`
}

// TestBrowserMapOneTabStop: a map's targets are one Tab stop (a roving
// tabindex: Tab went through every one of them, some twenty a move): Tab
// from a target leaves the map, Shift+Tab comes back to the same target;
// the arrow keys move among the targets and the Tab stop goes with them;
// Home and End reach the first and the last; every target stays a button
// named by its move for a screen reader; the "?" dialog names the keys;
// Enter chooses.
func TestBrowserMapOneTabStop(t *testing.T) {
	p := botTablePage(t, "jack", "whitehall", 4, 0)
	p.waitJS("several targets on the map", `document.getElementById('prompt')?.dataset.act === 'true' && document.querySelectorAll('#board svg .target').length > 2`, scaled(30*time.Second))
	m := mustEval[mapTargets](p, mapTargetsJS)
	t.Logf("%d targets, the Tab stop on %q", m.N, m.Stop)
	if m.Stops != 1 || !m.Named {
		t.Fatalf("%d targets: %d Tab stops (want 1), all named buttons: %v", m.N, m.Stops, m.Named)
	}
	shiftTab := func() {
		t.Helper()
		if err := p.run(scaled(10*time.Second), chromedp.KeyEvent(kb.Tab, chromedp.KeyModifiers(chromedp.ModifierShift))); err != nil {
			t.Fatal(err)
		}
	}
	// Reach the map with Tab from the prompt.
	mustEval[any](p, `document.getElementById('prompt-help').focus()`)
	for n := 0; mustEval[mapTargets](p, mapTargetsJS).Focused == ""; n++ {
		if n == 40 {
			t.Fatalf("40 presses of Tab from the prompt did not reach the map (on %s)", mustEval[string](p, `document.activeElement?.outerHTML.slice(0, 120) ?? ''`))
		}
		p.key(kb.Tab)
	}
	if m := mustEval[mapTargets](p, mapTargetsJS); m.Focused != m.Stop {
		t.Errorf("Tab reached %q, not the Tab stop %q", m.Focused, m.Stop)
	}
	p.key(kb.Tab)
	if m := mustEval[mapTargets](p, mapTargetsJS); m.Focused != "" {
		t.Errorf("a second Tab stayed on the map, on %q", m.Focused)
	}
	shiftTab()
	first := mustEval[mapTargets](p, mapTargetsJS)
	if first.Focused == "" || first.Focused != first.Stop {
		t.Fatalf("Shift+Tab did not come back to the map's Tab stop %q (focus on %q)", first.Stop, first.Focused)
	}

	// The arrows move the focus, and the Tab stop with it.
	moved := ""
	for _, k := range []string{kb.ArrowDown, kb.ArrowRight, kb.ArrowUp, kb.ArrowLeft} {
		p.key(k)
		if f := mustEval[mapTargets](p, mapTargetsJS).Focused; f != "" && f != first.Focused {
			moved = f
			break
		}
	}
	if moved == "" {
		t.Fatalf("no arrow key moved the focus from %q among %d targets", first.Focused, first.N)
	}
	if m := mustEval[mapTargets](p, mapTargetsJS); m.Stops != 1 || m.Stop != moved {
		t.Errorf("after an arrow to %q the Tab stops are %d, on %q", moved, m.Stops, m.Stop)
	}
	p.key(kb.Tab)
	shiftTab()
	if m := mustEval[mapTargets](p, mapTargetsJS); m.Focused != moved {
		t.Errorf("Tab then Shift+Tab came back to %q, not to %q where the arrows left the focus", m.Focused, moved)
	}

	// Home and End: the first and the last in reading order.
	p.key(kb.Home)
	if m := mustEval[mapTargets](p, mapTargetsJS); m.Focused != m.Ends[0] {
		t.Errorf("Home went to %q, not to the first target %q", m.Focused, m.Ends[0])
	}
	p.key(kb.End)
	if m := mustEval[mapTargets](p, mapTargetsJS); m.Focused != m.Ends[1] {
		t.Errorf("End went to %q, not to the last target %q", m.Focused, m.Ends[1])
	}
	p.viewportShot(shotsDir(t), "map-one-tab-stop.png")

	// The "?" dialog says which keys move among the map's places.
	mustEval[any](p, `document.getElementById('prompt-help').click()`)
	p.waitJS("the help's keys of the map", `document.getElementById('help-dialog').open && /Tab .*arrow keys.*Home and End/.test(document.getElementById('help-map-keys')?.textContent ?? '')`, scaled(10*time.Second))
	mustEval[any](p, `document.getElementById('help-close').click()`)
	p.waitJS("the help closed", `!document.getElementById('help-dialog').open`, scaled(10*time.Second))
	mustEval[any](p, `document.querySelector('#board svg .target[tabindex="0"]').focus()`)

	// Enter chooses: the move waits for its confirmation (or the chooser
	// opens).
	p.key(kb.Enter)
	p.waitJS("Enter to choose the focused target", `!document.getElementById('move-confirm').hidden || document.getElementById('chooser').open`, scaled(10*time.Second))
	p.checkConsole()
}
