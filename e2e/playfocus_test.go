package e2e

import (
	"testing"
	"time"
)

// TestBrowserFocusAfterKeyboardMove: after a move made with the keyboard,
// once it is the player's move again, the focus is on the map's one Tab
// stop (the next decision), not on the page's body; and a player who went
// to the chat while the others moved keeps the focus and what they were
// typing there when their move comes (the focus is not taken from them).
func TestBrowserFocusAfterKeyboardMove(t *testing.T) {
	p := botTablePage(t, "jack", "whitehall", 4, 0)
	myMove := `document.body.dataset.over !== 'true' && document.getElementById('prompt').dataset.act === 'true' && !document.body.classList.contains('busy') && document.querySelectorAll('#board svg .target[tabindex="0"]').length === 1`

	// A move with the keyboard; the focus waits for the player's next move
	// on the map's Tab stop.
	p.waitJS("Jack's move", myMove, scaled(30*time.Second))
	playByKeyboard(t, p, 61, 1, 2*time.Minute)
	p.waitJS("Jack's next move", myMove, scaled(60*time.Second))
	if f := mustEval[string](p, `document.activeElement?.matches('#board svg .target[tabindex="0"]') ? 'stop' : document.activeElement?.outerHTML.slice(0, 120) ?? 'nothing'`); f != "stop" {
		t.Errorf("after a keyboard move the focus is on %s, not on the map's Tab stop", f)
	}
	p.viewportShot(shotsDir(t), "focus-after-move.png")

	// A move, then the chat while the others move: the chat keeps the
	// focus and the words typed.
	for try := 0; ; try++ {
		if try == 20 {
			t.Skip("the others always moved before the player reached the chat")
		}
		p.waitJS("Jack's move", myMove, scaled(60*time.Second))
		playByKeyboard(t, p, uint64(62+try), 1, 2*time.Minute)
		if mustEval[bool](p, `(() => {
  if (document.getElementById('prompt').dataset.act === 'true') return false;
  const i = document.getElementById('chat-input');
  i.focus();
  i.value = 'half a senten';
  window.__stolen = '';
  document.addEventListener('focusin', (ev) => { if (!window.__stolen && ev.target !== i) window.__stolen = ev.target.outerHTML.slice(0, 120); });
  return true;
})()`) {
			break
		}
	}
	p.waitJS("Jack's move again", myMove, scaled(60*time.Second))
	if f := mustEval[string](p, `document.activeElement?.id === 'chat-input' && document.activeElement.value === 'half a senten' && !window.__stolen ? '' : (window.__stolen || document.activeElement?.outerHTML.slice(0, 120) || 'nothing')`); f != "" {
		t.Errorf("the player's move came while they typed in the chat, and the focus went to %s", f)
	}
	p.checkConsole()
}
