package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// kbdGoalJS marks the element a keyboard player goes for next on a Pocket
// table (data-kbd-goal) and says what it is: "over", "wait" (not this page's
// move), "confirm", "option" or "move" (an action token or a board target).
// The choice among several is the argument modulo their number.
const kbdGoalJS = `((r) => {
  for (const e of document.querySelectorAll('[data-kbd-goal]')) e.removeAttribute('data-kbd-goal');
  const b = document.body;
  if (b.dataset.over === 'true') return 'over';
  if (document.getElementById('prompt')?.dataset.act !== 'true' || b.classList.contains('busy')) return 'wait';
  const prev = document.getElementById('pk-preview');
  const bar = document.getElementById('move-confirm');
  let what = 'move';
  let cands;
  if (bar && !bar.hidden) {
    what = 'confirm';
    cands = [document.getElementById('move-confirm-ok')];
  } else if (prev && !prev.hidden) {
    what = 'option';
    cands = [...prev.querySelectorAll('button[data-option]')];
  } else {
    cands = [...document.querySelectorAll('#pk-actions:not([hidden]) button[data-choice]:not([disabled]), #board .target[tabindex="0"]')];
  }
  if (cands.length === 0) return 'wait';
  cands[r %% cands.length].setAttribute('data-kbd-goal', '');
  return what;
})(%d)`

// focusJS says where the keyboard focus is: "goal" on the marked element,
// "gone" when it is no longer in the page, else "elsewhere".
const focusJS = `(() => {
  const g = document.querySelector('[data-kbd-goal]');
  if (!g) return 'gone';
  return document.activeElement === g ? 'goal' : 'elsewhere';
})()`

// key presses one key in the page (a real key event through the browser).
func (p *page) key(k string) {
	p.t.Helper()
	if err := p.run(scaled(10*time.Second), chromedp.KeyEvent(k)); err != nil {
		p.t.Fatalf("%s: pressing %q: %v\n%s", p.name, k, err, p.describe())
	}
}

// TestBrowserKeyboardPocket plays a whole Mr Jack Pocket game as the
// investigator (Jack is a bot) with the keyboard alone: every move is reached
// with Tab and chosen with Enter or Space (the action token, the tile or
// place, the preview's option, the page's Confirm by the prompt, which takes
// the focus); on the board the arrow keys move between the targets. Every
// other move is confirmed with Enter on the page's confirmation, one in five
// is first cancelled with Escape (the focus goes back to a move). No mouse
// event is sent.
func TestBrowserKeyboardPocket(t *testing.T) {
	rng := newRand(t, 11)
	p := botTablePage(t, "investigator", "pocket", 2, 1)

	const maxTabs = 200
	moves, arrows, tabs, cancels := 0, 0, 0, 0
	deadline := time.Now().Add(scaled(6 * time.Minute))
	for step := 0; ; step++ {
		if time.Now().After(deadline) || step > 2000 {
			t.Fatalf("the game did not end after %d keyboard steps (%d moves)\n%s", step, moves, p.describe())
		}
		what := mustEval[string](p, fmt.Sprintf(kbdGoalJS, rng.IntN(1<<20)))
		if what == "over" {
			break
		}
		if what == "wait" {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		// Tab to it. The page may redraw meanwhile (a bot's move): then the
		// goal is chosen again.
		where := mustEval[string](p, focusJS)
		for n := 0; where == "elsewhere"; n++ {
			if n == maxTabs {
				t.Fatalf("%d presses of Tab did not reach the %s %s\n%s", maxTabs, what,
					mustEval[string](p, `document.querySelector('[data-kbd-goal]')?.outerHTML.slice(0, 200) ?? ''`), p.describe())
			}
			p.key(kb.Tab)
			tabs++
			where = mustEval[string](p, focusJS)
		}
		if where == "gone" {
			continue
		}
		// Once a game, on the board: the arrows move the focus from target to
		// target, and back.
		if arrows == 0 && mustEval[bool](p, `document.activeElement?.matches('#board svg .target') && document.querySelectorAll('#board svg .target[tabindex="0"]').length > 1`) {
			before := mustEval[string](p, `document.activeElement.getAttribute('aria-label')`)
			moved := false
			for i, k := range []string{kb.ArrowRight, kb.ArrowDown, kb.ArrowLeft, kb.ArrowUp} {
				p.key(k)
				if mustEval[bool](p, `document.activeElement?.matches('#board svg .target') && !document.activeElement.hasAttribute('data-kbd-goal')`) {
					moved = true
					t.Logf("arrow key %d moved the focus from %q to %q (0: right, 1: down, 2: left, 3: up)", i, before, mustEval[string](p, `document.activeElement.getAttribute('aria-label')`))
					break
				}
			}
			if !moved {
				// A bot's move may have redrawn the board meanwhile (the focus
				// is then elsewhere): try again; but the focus still on the
				// goal after four arrows is a failure.
				if mustEval[bool](p, `!!document.activeElement?.hasAttribute('data-kbd-goal')`) {
					t.Fatalf("no arrow key moved the focus from the board target %q\n%s", before, p.describe())
				}
				continue
			}
			arrows++
			continue // Tab back to the goal from there
		}
		if what == "confirm" {
			// The first confirmation always, then now and then: a short
			// game must still cancel one.
			if cancels == 0 || cancels < 2 && rng.IntN(5) == 0 {
				p.key(kb.Escape)
				p.waitJS("Escape to cancel the move", `document.getElementById('move-confirm').hidden && document.activeElement !== document.body`, scaled(10*time.Second))
				cancels++
				continue
			}
			moves++
		}
		if step%2 == 0 || what == "confirm" {
			p.key(kb.Enter)
		} else {
			p.key(" ")
		}
		if what == "confirm" {
			p.waitJS("the move to be sent", `document.getElementById('move-confirm').hidden`, scaled(10*time.Second))
		}
	}
	winner := p.waitState("the outcome", scaled(20*time.Second), func(st pageState) bool { return st.Winner != nil }).Winner
	t.Logf("the game ended (winner %q) after %d moves made with the keyboard (%d presses of Tab)", *winner, moves, tabs)
	if moves < 4 {
		t.Fatalf("only %d keyboard moves in a whole game", moves)
	}
	if cancels == 0 {
		t.Fatalf("no move was cancelled with Escape in %d moves", moves)
	}
	if p.fallbacks > 0 {
		t.Fatalf("%d clicks were sent", p.fallbacks)
	}
	p.checkConsole()
}
