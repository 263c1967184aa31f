package e2e

import (
	"testing"
	"time"
)

// TestBrowserFocusAfterKeyboardMove: after a move made with the keyboard,
// once it is the player's move again, the focus is on the map's one Tab
// stop (the next decision), scrolled into view on a phone (not under the
// sticky prompt), not on the page's body; and a player who went
// to the chat while the others moved keeps the focus and what they were
// typing there when their move comes (the focus is not taken from them).
func TestBrowserFocusAfterKeyboardMove(t *testing.T) {
	p := botTablePage(t, "jack", "whitehall", 4, 0)
	// A phone, where the map is taller than what the screen shows.
	p.phone()
	myMove := `document.body.dataset.over !== 'true' && document.getElementById('prompt').dataset.act === 'true' && !document.body.classList.contains('busy') && document.querySelectorAll('#board svg .target[tabindex="0"]').length === 1`
	over := `document.body.dataset.over === 'true'`
	// myMoveInPlay waits for the player's move, in a new game like this one
	// (a rematch) when chance has ended this one: Jack's moves are drawn
	// at random, and Normal investigators corner or catch him at times.
	myMoveInPlay := func(what string) {
		t.Helper()
		p.waitJS(what, `(`+myMove+`) || `+over, scaled(60*time.Second))
		if mustEval[bool](p, over) {
			from := mustEval[string](p, `location.pathname`)
			p.waitJS("the rematch button", `!!document.getElementById('rematch')`, scaled(20*time.Second))
			p.mustClick("#rematch")
			p.waitJS("the rematch's table", `location.pathname.startsWith('/t/') && location.pathname !== `+jsString(from), scaled(20*time.Second))
			p.waitJS(what+" in the rematch", myMove, scaled(60*time.Second))
		}
	}
	// moveThen makes a move with the keyboard, then, while the others
	// move, runs js (which says whether it ran: not when the player's move
	// came back first, or the game ended), then waits for the player's next
	// move. It says false when the game ended before that move: the phase
	// is played again in a rematch.
	ended := 0
	moveThen := func(what string, seed uint64, js string) bool {
		t.Helper()
		if ended > 5 {
			t.Fatalf("%d games ended before %s could be seen", ended, what)
		}
		for try := uint64(0); ; try++ {
			if try == 20 {
				t.Skipf("the others always moved before %s", what)
			}
			myMoveInPlay("Jack's move")
			playByKeyboard(t, p, seed+try, 1, 2*time.Minute)
			if mustEval[bool](p, `document.getElementById('prompt').dataset.act !== 'true' && !(`+over+`) && `+js) {
				break
			}
		}
		p.waitJS("Jack's next move", `(`+myMove+`) || `+over, scaled(60*time.Second))
		if mustEval[bool](p, over) {
			ended++
			return false
		}
		return true
	}

	// A move with the keyboard, then a look at the bottom of the page while
	// the others move: the focus waits for the player's next move on the
	// map's Tab stop, scrolled into view (not under the sticky prompt).
	for seed := uint64(61); !moveThen("the page was scrolled", seed, `(window.scrollTo(0, document.documentElement.scrollHeight), true)`); seed += 100 {
	}
	if f := mustEval[string](p, `(() => {
  const a = document.activeElement;
  if (!a?.matches('#board svg .target[tabindex="0"]')) return 'not on the Tab stop: on ' + (a?.outerHTML.slice(0, 120) ?? 'nothing');
  const r = a.getBoundingClientRect();
  const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return at && a.contains(at) ? '' : 'out of sight (' + Math.round(r.top) + ' px from the top, under ' + (at?.outerHTML.slice(0, 80) ?? 'nothing') + ')';
})()`); f != "" {
		t.Errorf("after a keyboard move the focus is %s", f)
	}
	p.viewportShot(shotsDir(t), "focus-after-move.png")

	// A move, then the chat while the others move: the chat keeps the
	// focus and the words typed.
	for seed := uint64(62); !moveThen("the player reached the chat", seed, `(() => {
  const i = document.getElementById('chat-input');
  i.focus();
  i.value = 'half a senten';
  window.__stolen = '';
  document.addEventListener('focusin', (ev) => { if (!window.__stolen && ev.target !== i) window.__stolen = ev.target.outerHTML.slice(0, 120); });
  return true;
})()`); seed += 100 {
	}
	if f := mustEval[string](p, `document.activeElement?.id === 'chat-input' && document.activeElement.value === 'half a senten' && !window.__stolen ? '' : (window.__stolen || document.activeElement?.outerHTML.slice(0, 120) || 'nothing')`); f != "" {
		t.Errorf("the player's move came while they typed in the chat, and the focus went to %s", f)
	}
	p.checkConsole()
}
