package e2e

import (
	"testing"
	"time"
)

// TestBrowserMotion: pieces glide to their new places (Web Animations,
// motion.js) unless the system asks for reduced motion, where nothing
// moves. The other browser tests run with motion reduced (openPage); this
// one plays a few Pocket moves each way and counts the animations started.
func TestBrowserMotion(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	p := openPage(t, browser, "player", base)
	p.navigate("/")
	p.signIn("Alice")
	p.createBotTableAt("pocket", 2, 1)
	mustEval[bool](p, `(() => {
		if (!window.__anims) {
			window.__anims = { n: 0 };
			const orig = Element.prototype.animate;
			Element.prototype.animate = function (...a) { window.__anims.n++; return orig.apply(this, a); };
		}
		return true;
	})()`)
	// play makes one move from the list of choices and waits for it.
	play := func(what string) {
		p.waitJS(what, `document.body.dataset.myTurn === 'true' && !!document.querySelector('#legal button[data-move]')`, scaled(60*time.Second))
		v := p.waitState("a settled page", scaled(10*time.Second), func(st pageState) bool { return !st.Busy }).Version
		mustEval[bool](p, `(document.getElementById('legal-box').open = true, true)`)
		p.mustClick(`#legal button[data-move]`)
		p.waitJS("the move to confirm, or played", `document.body.dataset.confirming === 'true' || document.body.dataset.myTurn !== 'true'`, scaled(10*time.Second))
		if mustEval[bool](p, `document.body.dataset.confirming === 'true'`) {
			p.mustClick("#move-confirm-ok")
		}
		p.waitState(what+" played", scaled(30*time.Second), func(st pageState) bool { return st.Version > v && !st.Busy })
	}
	for range 2 {
		play("a move with motion reduced")
	}
	if n := mustEval[int](p, `window.__anims.n`); n != 0 {
		t.Fatalf("%d animations with prefers-reduced-motion: reduce", n)
	}
	p.setMedia(map[string]string{"prefers-reduced-motion": "no-preference"})
	for range 3 {
		play("a move with motion")
		if mustEval[int](p, `window.__anims.n`) > 0 {
			return
		}
	}
	t.Fatalf("no animation in three moves (and the bot's answers) with motion on\n%s", p.describe())
}
