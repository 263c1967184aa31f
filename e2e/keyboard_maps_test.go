package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp/kb"
)

// kbdMoveGoalJS marks the element a keyboard player goes for next on a
// Whitehall, Whitechapel or Jekyll table (data-kbd-goal) and says what it
// is: "over", "wait" (not this page's move), "choose" (a button of the
// chooser dialog), "confirm", "move" (a board target, an action button, a
// card of the hand), or "none" when the prompt says it is the player's
// move but nothing on the board offers one (the list of every legal move
// aside). The choice among several is the argument modulo their number.
const kbdMoveGoalJS = `((r) => {
  for (const e of document.querySelectorAll('[data-kbd-goal]')) e.removeAttribute('data-kbd-goal');
  const b = document.body;
  if (b.dataset.over === 'true') return 'over';
  const chooser = document.getElementById('chooser');
  let what = 'move';
  let cands;
  if (chooser.open) {
    what = 'choose';
    cands = [...chooser.querySelectorAll('#chooser-choices button')];
  } else if (document.getElementById('prompt')?.dataset.act !== 'true' || b.classList.contains('busy')) {
    return 'wait';
  } else if (!document.getElementById('move-confirm').hidden) {
    what = 'confirm';
    cands = [document.getElementById('move-confirm-ok')];
  } else {
    cands = [...document.querySelectorAll('#board button[data-choice]:not([disabled]), #board button.target:not([disabled]), #board .target[tabindex]')]
      .filter((e) => !e.checkVisibility || e.checkVisibility());
    if (cands.length === 0) return 'none';
  }
  if (cands.length === 0) return 'wait';
  cands[r %% cands.length].setAttribute('data-kbd-goal', '');
  return what;
})(%d)`

// kbdFocusJS is focusJS for a page whose goal may stop being a move while
// Tab is pressed (an update drawn meanwhile): "gone" then too.
const kbdFocusJS = `(() => {
  const g = document.querySelector('[data-kbd-goal]');
  if (!g || !g.isConnected || document.body.dataset.over === 'true') return 'gone';
  if (g.disabled || (g instanceof SVGElement && !g.hasAttribute('tabindex')) || (g.checkVisibility && !g.checkVisibility())) return 'gone';
  if (!g.closest('#chooser') && document.getElementById('prompt')?.dataset.act !== 'true') return 'gone';
  return document.activeElement === g ? 'goal' : 'elsewhere';
})()`

// focusRingJS says whether the focused element shows a focus indicator
// that differs from how it looks unfocused: an outline, a box shadow, or
// (an SVG board target) its disc or hit area stroked in the focus colour.
const focusRingJS = `(() => {
  const a = document.activeElement;
  if (!a || a === document.body) return 'nothing focused';
  if (!a.matches(':focus-visible')) return 'focus not visible (:focus-visible does not match)';
  const cs = getComputedStyle(a);
  if (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2) return '';
  if (cs.boxShadow && cs.boxShadow !== 'none') return '';
  const focus = getComputedStyle(document.documentElement).getPropertyValue('--focus').trim();
  const part = a.querySelector(':scope > .disc, :scope > .hit, :scope > .pk-ground') ?? (a.matches('.pk-place') ? a.querySelector(':scope > circle') : null);
  if (part) {
    const ps = getComputedStyle(part);
    const probe = document.createElement('span');
    probe.style.color = focus;
    document.body.append(probe);
    const want = getComputedStyle(probe).color;
    probe.remove();
    if (ps.stroke === want && parseFloat(ps.strokeWidth) >= 4) return '';
    return 'board target stroked ' + ps.stroke + ' ' + ps.strokeWidth + ', not the focus colour ' + want;
  }
  return 'no outline, shadow or stroke on ' + a.outerHTML.slice(0, 120);
})()`

// kbdArrowJS says which key brings the focus, on a map's target, nearer
// the goal, another target of the same map: the arrow of the goal's main
// direction ("" when the focus is not on a target of the goal's map, or is
// on the goal).
const kbdArrowJS = `(() => {
  const g = document.querySelector('[data-kbd-goal]');
  const a = document.activeElement;
  if (!g || !(a instanceof SVGElement) || !a.classList.contains('target') || a === g || a.ownerSVGElement !== g.ownerSVGElement) return '';
  const r = a.getBoundingClientRect(), q = g.getBoundingClientRect();
  const dx = q.left + q.width / 2 - r.left - r.width / 2, dy = q.top + q.height / 2 - r.top - r.height / 2;
  return Math.abs(dx) >= Math.abs(dy) ? (dx > 0 ? 'ArrowRight' : 'ArrowLeft') : (dy > 0 ? 'ArrowDown' : 'ArrowUp');
})()`

// kbdGame is what playByKeyboard did: moves confirmed, Tab presses, arrow
// moves between board targets, moves cancelled with Escape, chooser
// dialogs answered, and how it ended.
type kbdGame struct {
	moves, tabs, arrows, cancels, chosen, lost int
	chooserEscapes                             int
	over                                       bool
}

// playByKeyboard plays p's seat with the keyboard alone (Tab, Enter, Space,
// the arrows on the board, Escape) until the game ends or maxMoves moves
// were confirmed: the model of TestBrowserKeyboardPocket, for the map games
// and Jekyll & Hyde. At each move the focus must show a ring; after each of
// the player's moves, when it is their move again, the focus must not have
// fallen to the page's body (lost).
func playByKeyboard(t *testing.T, p *page, seed uint64, maxMoves int, limit time.Duration) kbdGame {
	t.Helper()
	rng := newRand(t, seed)
	const maxTabs = 300
	var g kbdGame
	var noneSince time.Time // when the board began to offer no move the prompt says there is
	deadline := time.Now().Add(scaled(limit))
	sentAt := "" // the version at which a move was sent: the focus is checked when it is the player's move at a later one
	// step counts the keyboard goals tried, not the polls while the others
	// move: a slow machine polls more, and only the deadline scales with it.
	for step := 0; ; {
		if time.Now().After(deadline) || step > 4000 {
			t.Fatalf("the game did not end after %d keyboard steps (%d moves)\n%s", step, g.moves, p.describe())
		}
		if g.moves >= maxMoves {
			return g
		}
		what := mustEval[string](p, fmt.Sprintf(kbdMoveGoalJS, rng.IntN(1<<20)))
		if what == "over" {
			g.over = true
			return g
		}
		if what == "wait" {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		if what == "none" {
			// A redraw may be under way: only a lasting absence is a defect
			// (lasting by the machine's pace, not a count of polls).
			if noneSince.IsZero() {
				noneSince = time.Now()
			} else if time.Since(noneSince) > scaled(10*time.Second) {
				t.Fatalf("the prompt says it is the player's move but no move is offered on the board\n%s", p.describe())
			}
			time.Sleep(20 * time.Millisecond)
			continue
		}
		noneSince = time.Time{}
		step++
		if sentAt != "" && what != "choose" && mustEval[string](p, `document.body.dataset.version`) != sentAt {
			sentAt = ""
			// Read in one go: the game may end in between.
			if mustEval[bool](p, `document.body.dataset.over !== 'true' && document.getElementById('prompt').dataset.act === 'true' && (document.activeElement === document.body || document.activeElement === null)`) {
				g.lost++
				t.Errorf("the focus fell to the page's body after a move (%s): the player must Tab through the page again", mustEval[string](p, `document.getElementById('prompt').textContent`))
			}
		}
		where := mustEval[string](p, kbdFocusJS)
		for n := 0; where == "elsewhere"; n++ {
			// A map's targets share one Tab stop: from it, the arrows
			// (now and then Home or End first) go to the goal. Where they
			// do not lead to it in a few presses, the target they reached
			// becomes the goal.
			if key := mustEval[string](p, kbdArrowJS); key != "" {
				if rng.IntN(4) == 0 {
					p.key(map[bool]string{true: kb.Home, false: kb.End}[rng.IntN(2) == 0])
				}
				for i := 0; i < 12 && key != ""; i++ {
					before := mustEval[string](p, `document.activeElement?.getAttribute('aria-label') ?? ''`)
					p.key(map[string]string{"ArrowRight": kb.ArrowRight, "ArrowLeft": kb.ArrowLeft, "ArrowDown": kb.ArrowDown, "ArrowUp": kb.ArrowUp}[key])
					if mustEval[string](p, `document.activeElement?.getAttribute('aria-label') ?? ''`) == before {
						break
					}
					g.arrows++
					key = mustEval[string](p, kbdArrowJS)
				}
				if where = mustEval[string](p, kbdFocusJS); where == "elsewhere" && mustEval[bool](p, `document.activeElement?.matches('#board svg .target') ?? false`) {
					mustEval[bool](p, `(document.querySelector('[data-kbd-goal]')?.removeAttribute('data-kbd-goal'), document.activeElement.setAttribute('data-kbd-goal', ''), true)`)
					where = mustEval[string](p, kbdFocusJS)
				}
				continue
			}
			if n == maxTabs {
				t.Fatalf("%d presses of Tab did not reach the %s %s (focus on %s)\n%s", maxTabs, what,
					mustEval[string](p, `document.querySelector('[data-kbd-goal]')?.outerHTML.slice(0, 200) ?? ''`),
					mustEval[string](p, `document.activeElement?.outerHTML.slice(0, 200) ?? ''`), p.describe())
			}
			p.key(kb.Tab)
			g.tabs++
			where = mustEval[string](p, kbdFocusJS)
		}
		if where == "gone" {
			continue
		}
		if ring := mustEval[string](p, focusRingJS); ring != "" && mustEval[bool](p, `!!document.activeElement?.hasAttribute('data-kbd-goal')`) {
			t.Errorf("no visible focus ring on the %s: %s", what, ring)
		}
		// Now and then on the board: the arrows move the focus from
		// target to target.
		if g.arrows < 3 && rng.IntN(3) == 0 && mustEval[bool](p, `document.activeElement?.matches('#board svg .target') && document.querySelectorAll('#board svg .target[tabindex]').length > 1`) {
			before := mustEval[string](p, `document.activeElement.getAttribute('aria-label')`)
			for _, k := range []string{kb.ArrowRight, kb.ArrowDown, kb.ArrowLeft, kb.ArrowUp} {
				p.key(k)
				if mustEval[bool](p, `document.activeElement?.matches('#board svg .target') && !document.activeElement.hasAttribute('data-kbd-goal')`) {
					g.arrows++
					t.Logf("an arrow key moved the focus from %q to %q", before, mustEval[string](p, `document.activeElement.getAttribute('aria-label')`))
					break
				}
			}
			continue
		}
		switch what {
		case "choose":
			if g.chooserEscapes == 0 {
				// The first chooser is closed with Escape: the focus goes
				// back to what opened it, not to the page's body.
				p.key(kb.Escape)
				p.waitJS("Escape to close the chooser", `!document.getElementById('chooser').open`, scaled(10*time.Second))
				if f := mustEval[string](p, `document.activeElement === document.body || !document.activeElement ? 'body' : document.activeElement.outerHTML.slice(0, 100)`); f == "body" {
					t.Errorf("Escape closed the chooser and the focus fell to the page's body")
				} else {
					t.Logf("Escape closed the chooser; the focus is on %s", f)
				}
				g.chooserEscapes++
				continue
			}
			g.chosen++
		case "confirm":
			if g.cancels == 0 || g.cancels < 3 && rng.IntN(6) == 0 {
				p.key(kb.Escape)
				p.waitJS("Escape to cancel the move", `document.getElementById('move-confirm').hidden && document.activeElement !== document.body`, scaled(10*time.Second))
				g.cancels++
				continue
			}
			g.moves++
		}
		if step%2 == 0 || what == "confirm" {
			p.key(kb.Enter)
		} else {
			p.key(" ")
		}
		if what == "confirm" {
			p.waitJS("the move to be sent", `document.getElementById('move-confirm').hidden && !document.body.classList.contains('busy')`, scaled(10*time.Second))
			sentAt = mustEval[string](p, `document.body.dataset.version`)
		}
	}
}

// checkKbdGame fails the test for what a keyboard game must have had.
func checkKbdGame(t *testing.T, p *page, g kbdGame, minMoves int) {
	t.Helper()
	t.Logf("%d moves made with the keyboard (%d Tab, %d arrows, %d cancelled with Escape, %d chooser answers; over: %v)", g.moves, g.tabs, g.arrows, g.cancels, g.chosen, g.over)
	if g.moves < minMoves {
		t.Errorf("only %d keyboard moves", g.moves)
	}
	if g.cancels == 0 {
		t.Errorf("no move was cancelled with Escape in %d moves", g.moves)
	}
	if p.fallbacks > 0 {
		t.Errorf("%d clicks were sent", p.fallbacks)
	}
	p.checkConsole()
}

// kbdSetting puts p in the conditions a keyboard game is played in:
// "phone" (390x844, touch), "dark" (the dark colour scheme) and a language
// ("fr", "nl"); "" leaves the laptop, light, English page as it is.
func kbdSetting(t *testing.T, p *page, settings ...string) {
	t.Helper()
	for _, s := range settings {
		switch s {
		case "":
		case "phone":
			p.phone()
		case "dark":
			p.setColorScheme("dark")
		default:
			mustEval[any](p, `(() => { const s = document.getElementById('lang-select'); s.value = `+jsString(s)+`; s.dispatchEvent(new Event('change')); })()`)
			p.waitJS("the page in "+s, `document.documentElement.lang === `+jsString(s), scaled(10*time.Second))
		}
	}
}

// checkOutcomeKeyboard checks the end of a game for a keyboard player: the
// result was announced to a screen reader, it is reached with Tab (its Rematch button), and the focus stays on
// it through a redraw that changes nothing (a second connection of the
// player's: a presence update), the outcome's live region not written
// again.
func checkOutcomeKeyboard(t *testing.T, p *page) {
	t.Helper()
	p.waitJS("the outcome", `!document.getElementById('outcome').hidden && !!document.getElementById('rematch')`, scaled(20*time.Second))
	// The focus, which was on the play, went to the result's headline.
	p.waitJS("the focus to leave the page's body", `document.activeElement !== document.body || !document.activeElement`, scaled(5*time.Second))
	t.Logf("at the end the focus is on %s", mustEval[string](p, `document.activeElement?.outerHTML.slice(0, 80) ?? 'nothing'`))
	// The result was announced (the game's last events).
	reason := mustEval[string](p, `document.querySelector('#outcome p')?.textContent ?? ''`)
	said := mustEval[string](p, `document.getElementById('announce').textContent`)
	if reason == "" || !strings.Contains(said, reason) {
		t.Errorf("the result %q was not announced (last announcements: %q)", reason, said)
	}
	for n := 0; !mustEval[bool](p, `document.activeElement?.id === 'rematch'`); n++ {
		if n == 300 {
			t.Fatalf("300 presses of Tab did not reach the Rematch button")
		}
		p.key(kb.Tab)
	}
	mustEval[bool](p, `(() => {
  window.__outcomeWrites = 0;
  new MutationObserver((ms) => { window.__outcomeWrites += ms.length; }).observe(document.getElementById('outcome'), { childList: true, subtree: true, characterData: true });
  window.__draws = 0;
  new MutationObserver(() => { window.__draws++; }).observe(document.querySelector('title'), { childList: true, characterData: true, subtree: true });
  window.__ws2 = new WebSocket(location.origin.replace(/^http/, 'ws') + '/ws/t/' + location.pathname.split('/')[2]);
  return true;
})()`)
	p.waitJS("the page to redraw for the presence update", `window.__draws > 0`, scaled(10*time.Second))
	mustEval[bool](p, `(window.__ws2.close(), true)`)
	if !mustEval[bool](p, `document.activeElement?.id === 'rematch'`) {
		t.Errorf("the focus on the Rematch button was lost when the page redrew (now on %s)", mustEval[string](p, `document.activeElement?.outerHTML.slice(0, 80) ?? 'nothing'`))
	}
	if n := mustEval[int](p, `window.__outcomeWrites`); n > 0 {
		t.Errorf("the outcome (a live region) was written %d times by a redraw that changed nothing", n)
	}
}

// TestBrowserKeyboardWhitehall plays Whitehall Mystery with the keyboard
// alone, as Jack (a whole game against three bot investigators) and as one
// investigator (the others and Jack bots; dark colour scheme, in French),
// then reaches the result and its Rematch button.
func TestBrowserKeyboardWhitehall(t *testing.T) {
	for _, side := range []struct {
		name     string
		mine     int
		settings []string
	}{{"jack", 0, nil}, {"investigator", 1, []string{"dark", "fr"}}} {
		t.Run(side.name, func(t *testing.T) {
			p := botTablePage(t, side.name, "whitehall", 4, side.mine)
			kbdSetting(t, p, side.settings...)
			g := playByKeyboard(t, p, 21, 1000, 8*time.Minute)
			checkKbdGame(t, p, g, 8)
			if !g.over {
				t.Fatalf("the game did not end")
			}
			checkOutcomeKeyboard(t, p)
		})
	}
}

// TestBrowserKeyboardWhitechapel plays Letters from Whitechapel with the
// keyboard alone, as Jack (in Dutch) and as a policeman (on a phone's
// screen, dark colour scheme), for 30 of the player's moves
// each: the setting up of the first night and its chase (a whole game of
// random moves runs four long nights).
func TestBrowserKeyboardWhitechapel(t *testing.T) {
	for _, side := range []struct {
		name     string
		mine     int
		settings []string
	}{{"jack", 0, []string{"nl"}}, {"policeman", 1, []string{"phone", "dark"}}} {
		t.Run(side.name, func(t *testing.T) {
			p := botTablePage(t, side.name, "whitechapel", 6, side.mine)
			kbdSetting(t, p, side.settings...)
			g := playByKeyboard(t, p, 31, 30, 8*time.Minute)
			checkKbdGame(t, p, g, 10)
			if !g.over {
				t.Logf("stopped after %d moves (%s)", g.moves, strings.TrimSpace(mustEval[string](p, `document.getElementById('prompt').textContent`)))
			}
		})
	}
}

// TestBrowserKeyboardJekyll plays a whole Jekyll & Hyde vs Scotland Yard
// game with the keyboard alone, from each seat (the other a bot): Jekyll on
// a phone's screen in French, Hyde under the dark colour scheme.
func TestBrowserKeyboardJekyll(t *testing.T) {
	for _, side := range []struct {
		name     string
		mine     int
		settings []string
	}{{"jekyll", 0, []string{"phone", "fr"}}, {"hyde", 1, []string{"dark"}}} {
		t.Run(side.name, func(t *testing.T) {
			p := botTablePage(t, side.name, "jekyll", 2, side.mine)
			kbdSetting(t, p, side.settings...)
			g := playByKeyboard(t, p, 41, 1000, 8*time.Minute)
			checkKbdGame(t, p, g, 8)
			if !g.over {
				t.Fatalf("the game did not end")
			}
			checkOutcomeKeyboard(t, p)
		})
	}
}

// TestBrowserJekyllStatusNotRepeated plays ten of Jekyll's moves with the
// keyboard and watches the game's two status lines (live regions: the
// day's or the night's rule for the chat, a pending reaction): neither is
// written again with the words it already had, which a screen reader
// reads out again (the night's "silence" line was, at every card played).
func TestBrowserJekyllStatusNotRepeated(t *testing.T) {
	p := botTablePage(t, "jekyll", "jekyll", 2, 0)
	mustEval[bool](p, `(() => {
  window.__same = [];
  for (const id of ['jk-banner', 'jk-pending']) {
    new MutationObserver((ms) => {
      for (const m of ms) {
        const was = [...m.removedNodes].map((n) => n.textContent).join('');
        const now = [...m.addedNodes].map((n) => n.textContent).join('');
        if (was !== '' && was === now) window.__same.push(id + ': ' + now);
      }
    }).observe(document.getElementById(id), { childList: true, characterData: true, subtree: true });
  }
  return true;
})()`)
	g := playByKeyboard(t, p, 51, 10, 3*time.Minute)
	same := mustEval[[]string](p, `window.__same`)
	t.Logf("%d moves; %d rewrites with the same words", g.moves, len(same))
	if len(same) > 0 {
		t.Errorf("a status line was written again with the words it had, %d times: %q", len(same), same[:min(3, len(same))])
	}
}

// TestBrowserConfirmFollowsLanguage proposes a move on a Whitehall table
// with the keyboard, then changes the page's language while it waits for
// confirmation: the confirmation names the move in the new language (it
// kept the words of the language the move was proposed in: "Deze zet
// spelen? Give 8 of Fear (blue) to the City").
func TestBrowserConfirmFollowsLanguage(t *testing.T) {
	p := botTablePage(t, "investigator", "whitehall", 4, 1)
	p.waitJS("the player's move", `document.getElementById('prompt').dataset.act === 'true' && !document.body.classList.contains('busy') && !!document.querySelector('#board .target[tabindex="0"]')`, scaled(60*time.Second))
	for n := 0; !mustEval[bool](p, `!!document.activeElement?.matches('#board .target')`); n++ {
		if n == 300 {
			t.Fatalf("300 presses of Tab did not reach a board target")
		}
		p.key(kb.Tab)
	}
	p.key(kb.Enter)
	p.waitJS("the confirmation", `!document.getElementById('move-confirm').hidden`, scaled(10*time.Second))
	en := mustEval[string](p, `document.getElementById('move-confirm-what').textContent`)
	for _, lang := range []string{"nl", "fr"} {
		kbdSetting(t, p, lang)
		p.waitJS("the list of choices in "+lang, `!document.getElementById('legal-summary').textContent.startsWith('All')`, scaled(10*time.Second))
		got := mustEval[string](p, `document.getElementById('move-confirm-what').textContent`)
		legal := mustEval[[]string](p, `[...document.querySelectorAll('#legal button')].map((b) => b.textContent)`)
		named := false
		for _, l := range legal {
			named = named || strings.Contains(got, l)
		}
		t.Logf("%s: %q (was %q)", lang, got, en)
		if !named || got == en {
			t.Errorf("in %s the confirmation says %q, naming none of the choices %q", lang, got, legal)
		}
		if mustEval[bool](p, `document.getElementById('move-confirm').hidden`) {
			t.Fatalf("the move waiting for confirmation was dropped by the change of language")
		}
	}
	p.checkConsole()
}
