package e2e

import (
	"strings"
	"testing"
)

// TestBrowserMotion: pieces glide to their new places (Web Animations,
// motion.js) unless the system asks for reduced motion, where nothing
// moves. The other browser tests run with motion reduced (openPage); this
// one plays a few Pocket moves each way and counts the animations started.
// With motion on, moves that come at once (the bot answers at once here:
// the test server has no bot delay) show one at a time (pace.js): no two
// versions drawn closer than a step.
func TestBrowserMotion(t *testing.T) {
	p := botTablePage(t, "player", "pocket", 2, 1)
	countAnimations := func() {
		mustEval[bool](p, `(() => {
		if (!window.__anims) {
			window.__anims = { n: 0 };
			const orig = Element.prototype.animate;
			Element.prototype.animate = function (...a) { window.__anims.n++; return orig.apply(this, a); };
		}
		return true;
	})()`)
	}
	countAnimations()
	// A Pocket game may end after a few moves (the table's draws decide):
	// play goes on at a new table, whose page counts its animations anew.
	newGame := func() {
		p.createBotTableAt("pocket", 2, 1)
		countAnimations()
	}
	// A detective's move whenever there is one: it moves a piece, where a
	// tile turned or an alibi drawn moves none.
	restarted := false
	play := func(what string) {
		if _, fresh := playOn(p, what, newGame, "holmes", "watson", "toby"); fresh {
			restarted = true
		}
	}
	for range 2 {
		play("a move with motion reduced")
	}
	if n := mustEval[int](p, `window.__anims.n`); n != 0 {
		t.Fatalf("%d animations with prefers-reduced-motion: reduce", n)
	}
	p.setMedia(map[string]string{"prefers-reduced-motion": "no-preference"})
	type drawn struct {
		V  string  `json:"v"`
		At float64 `json:"at"`
	}
	// measure records every version drawn while it plays moves with
	// motion on, with the time it was drawn, and reports whether a full
	// state came meanwhile (a reconnection on a busy machine, or a new
	// game: a state is drawn at once, not paced).
	measure := func() (seen []drawn, step float64, states int) {
		restarted = false
		from := len(p.framesFrom(0))
		mustEval[bool](p, `(() => {
			// The version shown now, drawn before: the observer below sees
			// every later draw of the page (a redraw sets the attribute
			// again), so the first version it saw change is the next one.
			window.__drawn = [{ v: document.body.dataset.version, at: -1 }];
			import('/static/js/pace.js').then((m) => { window.__step = m.STEP_MS; });
			if (!window.__drawnObserver) {
				window.__drawnObserver = new MutationObserver(() => {
					const v = document.body.dataset.version;
					if (window.__drawn.at(-1)?.v !== v) window.__drawn.push({ v, at: performance.now() });
				});
				window.__drawnObserver.observe(document.body, { attributes: true, attributeFilter: ['data-version'] });
			}
			return true;
		})()`)
		animated := false
		for range 3 {
			play("a move with motion")
			if restarted {
				return nil, 0, 1
			}
			if mustEval[int](p, `window.__anims.n`) > 0 {
				animated = true
				break
			}
		}
		if !animated {
			t.Fatalf("no animation in three moves (and the bot's answers) with motion on\n%s", p.describe())
		}
		// At least three versions drawn after the first (the moves and the
		// bot's answers), so that two gaps are measured.
		for range 4 {
			play("another move with motion, the bot answering at once")
			if restarted {
				return nil, 0, 1
			}
			if mustEval[int](p, `window.__drawn.length`) >= 4 {
				break
			}
		}
		for _, f := range p.framesFrom(from) {
			// A full state, or a catch-up update (no views): both show at once.
			if d := string(f.data); strings.HasPrefix(d, `{"t":"state"`) || strings.HasPrefix(d, `{"t":"update"`) && !strings.Contains(d, `"views":`) {
				states++
			}
		}
		seen = mustEval[[]drawn](p, `window.__drawn`)
		return seen[1:], mustEval[float64](p, `window.__step || 0`), states
	}
	seen, step, states := measure()
	for try := 1; states > 0 && try < 5; try++ {
		t.Logf("%d full states or catch-ups came while measuring (a reconnection, or a new game), measuring again: %+v", states, seen)
		seen, step, states = measure()
	}
	if states > 0 {
		t.Fatalf("a full state or a catch-up came during each of 5 measurements: the page kept reconnecting, or the games ended\n%s", p.describe())
	}
	if step < 500 || len(seen) < 3 {
		t.Fatalf("a step of %v ms, %d versions drawn: %+v", step, len(seen), seen)
	}
	for i := 1; i < len(seen); i++ {
		// A timer may fire a little early on a busy machine; a version
		// drawn as soon as it came is far closer than this.
		if gap := seen[i].At - seen[i-1].At; gap < step-40 {
			t.Errorf("version %s drawn %.0f ms after version %s, want at least a step (%.0f ms): %+v", seen[i].V, gap, seen[i-1].V, step, seen)
		}
	}
	t.Logf("versions drawn with motion on: %+v", seen)
}
