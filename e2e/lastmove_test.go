package e2e

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// lastMovesJS reads the last move of each seat as the page marks it: the
// log lines tagged with a seat's name (the seats they are the last move
// of), and the board's marked elements with the names they are labelled
// with, on an SVG board the labels drawn beside them too.
const lastMovesJS = `(() => ({
  lines: [...document.querySelectorAll('#log li.seat-last')].map((li) => ({
    seats: li.dataset.lastOf, tags: [...li.querySelectorAll('.seat-last-tag')].map((s) => s.textContent) })),
  marked: [...document.querySelectorAll('#board .seat-last')].map((e) => e.getAttribute('data-last-by') || ''),
  labels: [...document.querySelectorAll('#board .layer-seat-last text')].map((e) => e.textContent),
  overlaps: (() => {
    const ls = [...document.querySelectorAll('#board .seat-last-label')].map((g) => ({ text: g.textContent, r: g.getBoundingClientRect() }));
    let n = 0;
    ls.forEach((a, i) => ls.slice(i + 1).forEach((b) => {
      if (a.text === b.text && a.r.left < b.r.right && b.r.left < a.r.right && a.r.top < b.r.bottom && b.r.top < a.r.bottom) n++;
    }));
    return n;
  })(),
  seats: Object.fromEntries([...document.querySelectorAll('#seats li[data-seat]')].map((li) => [li.dataset.seat, li.querySelector('.seat-name')?.firstChild?.textContent || ''])),
}))()`

type lastMoves struct {
	Lines []struct {
		Seats string   `json:"seats"`
		Tags  []string `json:"tags"`
	} `json:"lines"`
	Marked []string `json:"marked"`
	Labels []string `json:"labels"`
	// Overlaps counts the pairs of labels with the same words drawn over
	// each other (a piece and the place it stands on, both named).
	Overlaps int               `json:"overlaps"`
	Seats    map[string]string `json:"seats"`
}

// playOne proposes the first legal move of the page's seat from the list of
// choices, confirms it when asked, and waits until it is played and
// acknowledged; it returns the version before the move. With kinds, it
// plays the first move of one of those kinds when there is one.
func playOne(p *page, what string, kinds ...string) int {
	p.t.Helper()
	p.waitJS(what, `document.body.dataset.myTurn === 'true' && !!document.querySelector('#legal button[data-move]')`, scaled(60*time.Second))
	v := p.waitState("a settled page", scaled(10*time.Second), func(st pageState) bool { return !st.Busy }).Version
	mustEval[bool](p, `(document.getElementById('legal-box').open = true, true)`)
	sel := `#legal button[data-move]`
	for _, k := range kinds {
		if k := sel + `[data-kind=` + jsString(k) + `]`; mustEval[bool](p, `!!document.querySelector(`+jsString(k)+`)`) {
			sel = k
			break
		}
	}
	// A click can be lost to a redraw (the table's next update, a paced
	// version) between the press and the release: clickUntil clicks again
	// until the move waits for Confirm or is played, as the tutorial tests
	// do. A second click while the first one's move is in flight does
	// nothing (the page ignores choices while a move is being sent).
	p.clickUntil(sel, "the move to confirm, or played", `document.body.dataset.confirming === 'true' || document.body.dataset.myTurn !== 'true'`, scaled(30*time.Second))
	if mustEval[bool](p, `document.body.dataset.confirming === 'true'`) {
		p.mustClick("#move-confirm-ok")
	}
	p.waitState(what+" played", scaled(30*time.Second), func(st pageState) bool { return st.Version > v && !st.Busy })
	return v
}

// playOn plays one move as playOne does (of one of kinds when it can);
// when the game is over first (a bot game's length depends on the table's
// draws, not on the test's seed), it calls newGame, which opens a new
// table, and plays there. It returns the version before the move and
// whether a new game was opened.
func playOn(p *page, what string, newGame func(), kinds ...string) (v int, fresh bool) {
	p.t.Helper()
	p.waitJS(what+", or the game over", `document.body.dataset.over === 'true' || document.body.dataset.myTurn === 'true' && !!document.querySelector('#legal button[data-move]')`, scaled(60*time.Second))
	if mustEval[bool](p, `document.body.dataset.over === 'true'`) {
		newGame()
		fresh = true
	}
	return playOne(p, what, kinds...), fresh
}

// TestBrowserLastMoveOfEachSeat plays a move of Mr Jack Pocket against a
// bot, then of Whitehall as Jack: in the log, the latest line of each seat
// that moved is tagged with that seat's name (one line per seat), and on
// the board what those moves touched is outlined and labelled with the
// seat's name; hovering Jack's Whitehall line marks the circle it names.
func TestBrowserLastMoveOfEachSeat(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	p := openPage(t, browser, "player", base)
	p.navigate("/")
	p.signIn("Alice")
	shots := shotsDir(t)

	// Pocket: the investigator (this page) acts first, then the bot's Jack
	// twice.
	p.createBotTableAt("pocket", 2, 1)
	playOne(p, "the investigator's first action")
	p.waitJS("both seats' last moves tagged", `document.querySelectorAll('#log li.seat-last').length === 2`, scaled(30*time.Second))
	r := mustEval[lastMoves](p, lastMovesJS)
	t.Logf("pocket: %+v", r)
	checkLastMoves(t, "pocket", r, 2)
	p.viewportShot(shots, "lastmove-pocket-1280.png")
	if err := p.run(scaled(10*time.Second), chromedp.EmulateViewport(390, 844)); err == nil {
		mustEval[any](p, `document.getElementById('board').scrollIntoView()`)
		p.viewportShot(shots, "lastmove-pocket-390x844.png")
		mustEval[any](p, `document.getElementById('log').scrollIntoView()`)
		p.viewportShot(shots, "lastmove-pocket-log-390x844.png")
		_ = p.run(scaled(10*time.Second), chromedp.EmulateReset())
	}

	// Whitehall as Jack: his first choice names a circle of his own view.
	p.seatAt("whitehall")
	playOne(p, "Jack's first choice")
	p.waitJS("Jack's last move tagged", `!!document.querySelector('#log li.seat-last[data-last-of="0"]')`, scaled(30*time.Second))
	r = mustEval[lastMoves](p, lastMovesJS)
	t.Logf("whitehall: %+v", r)
	checkLastMoves(t, "whitehall", r, 1)
	hover := mustEval[struct {
		Named  []string `json:"named"`
		Marked []string `json:"marked"`
		Left   int      `json:"left"`
	}](p, `(() => {
  const li = document.querySelector('#log li.seat-last[data-last-of="0"].names-places');
  if (!li) return { named: [], marked: [], left: -1 };
  li.dispatchEvent(new MouseEvent('mouseenter'));
  const marked = [...document.querySelectorAll('#board .hl')].map((e) => e.dataset.circle || e.dataset.crossing || '');
  li.dispatchEvent(new MouseEvent('mouseleave'));
  return { named: [li.textContent], marked, left: document.querySelectorAll('#board .hl').length };
})()`)
	if len(hover.Marked) == 0 || hover.Left != 0 {
		t.Errorf("hovering Jack's line %q marks %v on the board, %d marks stay after", hover.Named, hover.Marked, hover.Left)
	}
	for _, c := range hover.Marked {
		if c == "" || len(hover.Named) == 0 || !strings.Contains(hover.Named[0], c) {
			t.Errorf("hovering %q marks %q, which it does not name", hover.Named, c)
		}
	}
	p.viewportShot(shots, "lastmove-whitehall.png")
	p.checkConsole()
}

// checkLastMoves checks that want seats each have one log line tagged with
// their name, and that the board marks and labels only with seat names.
func checkLastMoves(t *testing.T, game string, r lastMoves, want int) {
	t.Helper()
	seen := map[string]bool{}
	for _, l := range r.Lines {
		for i, s := range strings.Fields(l.Seats) {
			if seen[s] {
				t.Errorf("%s: seat %s has two lines tagged as its last move", game, s)
			}
			seen[s] = true
			if i >= len(l.Tags) || r.Seats[s] == "" || !strings.Contains(l.Tags[i], r.Seats[s]) {
				t.Errorf("%s: the last line of seat %s is tagged %q, want its name %q", game, s, l.Tags, r.Seats[s])
			}
		}
	}
	if len(seen) != want {
		t.Errorf("%s: %d seats' last moves tagged in the log, want %d: %+v", game, len(seen), want, r.Lines)
	}
	if len(r.Marked) == 0 {
		t.Errorf("%s: nothing marked on the board as a seat's last move", game)
	}
	// A mark is labelled with a seat's name, or its short name on the
	// board (Whitehall's "Blue" for "Blue investigator (Arthur Ferris)").
	named := func(n string) bool {
		for _, s := range r.Seats {
			if s == n || slices.Contains(strings.Fields(strings.ToLower(s)), strings.ToLower(n)) {
				return true
			}
		}
		return false
	}
	for _, m := range append(append([]string(nil), r.Marked...), r.Labels...) {
		for _, n := range strings.Split(m, " · ") {
			if !named(n) {
				t.Errorf("%s: a board mark labelled %q, not a seat's name", game, m)
			}
		}
	}
	if len(r.Labels) == 0 {
		t.Errorf("%s: no label beside the marks on the board", game)
	}
	if r.Overlaps > 0 {
		t.Errorf("%s: %d pairs of the same label drawn over each other", game, r.Overlaps)
	}
}

// labelsOverHintJS lists the last moves' labels drawn over what a
// tutorial's hint names ("circle 124", "circles 104, 121 and 122",
// "crossing FR") or the board offers as a target: each as "label over
// what".
const labelsOverHintJS = `(() => {
  const hint = document.querySelector('#tutorial .tutorial-hint')?.textContent ?? '';
  const sel = [];
  for (const m of hint.matchAll(/circles? ((?:\d+(?:, | and | or )?)+)/g)) for (const n of m[1].match(/\d+/g)) sel.push('[data-circle="' + n + '"]');
  for (const m of hint.matchAll(/crossings? ([A-Z]+\d*)/g)) sel.push('[data-crossing="' + m[1] + '"]');
  sel.push('.target');
  const things = [...document.querySelectorAll('#board :is(' + sel.join(', ') + ')')].filter((e) => !e.closest('.layer-seat-last, .layer-preview'));
  const out = [];
  for (const g of document.querySelectorAll('#board .seat-last-label')) {
    const a = g.getBoundingClientRect();
    for (const e of things) {
      const b = e.getBoundingClientRect();
      if (Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2) {
        out.push(g.textContent + ' over ' + (e.hasAttribute('data-circle') ? 'circle ' + e.getAttribute('data-circle') : 'crossing ' + e.getAttribute('data-crossing')));
      }
    }
  }
  return out;
})()`

// checkLabelsClearOfHint fails the test when a last move's label covers a
// circle or crossing the tutorial's hint names or the board offers (a
// label once hid the circle a hint asked the player to click).
func (p *page) checkLabelsClearOfHint(step string) {
	p.t.Helper()
	if over := mustEval[[]string](p, labelsOverHintJS); len(over) > 0 {
		p.t.Errorf("step %s: a last move's label covers what the hint names or the board offers: %q", step, over)
	}
}

// TestBrowserWhitehallShortLabels: on Whitehall's map, the labels of the
// investigators' last moves are their colours, short ("Blue", "Bleu",
// "Blauw"; they were the seats' whole names, "Yellow investigator (Jasper
// T.C. Waring)", wider than a district of the map), Jack's "Jack"; the log
// still tags each seat's last line with its whole name.
func TestBrowserWhitehallShortLabels(t *testing.T) {
	requireBrowser(t)
	p := openPage(t, startBrowser(t), "jack", startServer(t))
	p.navigate("/")
	p.signIn("Alice")
	p.seatAt("whitehall")
	const labels = `[...document.querySelectorAll('#board .layer-seat-last text')].map((e) => e.textContent)`
	// Jack's moves until the investigators' last moves are on the map.
	for i := 0; i < 6 && !mustEval[bool](p, labels+`.some((l) => l !== 'Jack')`); i++ {
		playOne(p, "Jack's move")
		p.waitJS("Jack's move again or the investigators' labels", `document.body.dataset.over === 'true' || document.body.dataset.myTurn === 'true' || `+labels+`.some((l) => l !== 'Jack')`, scaled(60*time.Second))
	}
	short := map[string][]string{
		"en": {"Jack", "Blue", "Brown", "Green", "Red", "Yellow"},
		"fr": {"Jack", "Bleu", "Marron", "Vert", "Rouge", "Jaune"},
		"nl": {"Jack", "Blauw", "Bruin", "Groen", "Rood", "Geel"},
	}
	for _, lang := range []string{"en", "fr", "nl"} {
		if lang != "en" {
			mustEval[any](p, `(() => { const s = document.getElementById('lang-select'); s.value = `+jsString(lang)+`; s.dispatchEvent(new Event('change')); })()`)
			p.waitJS("the labels in "+lang, `document.documentElement.lang === `+jsString(lang)+` && `+labels+`.some((l) => l === `+jsString(short[lang][1])+` || l === `+jsString(short[lang][2])+` || l === `+jsString(short[lang][3])+` || l === `+jsString(short[lang][4])+` || l === `+jsString(short[lang][5])+`)`, scaled(10*time.Second))
		}
		got := mustEval[[]string](p, labels)
		investigators := 0
		for _, l := range got {
			for _, n := range strings.Split(l, " · ") {
				if !slices.Contains(short[lang], n) {
					t.Errorf("%s: a label of the map reads %q, not a short name (%q)", lang, l, short[lang])
				}
				if n != "Jack" {
					investigators++
				}
			}
		}
		if investigators == 0 {
			t.Errorf("%s: no investigator's last move labelled on the map: %q", lang, got)
		}
		if lang == "en" {
			if tags := mustEval[[]string](p, `[...document.querySelectorAll('#log .seat-last-tag')].map((e) => e.textContent)`); !slices.ContainsFunc(tags, func(s string) bool { return strings.Contains(s, "investigator (") }) {
				t.Errorf("the log's tags %q do not name an investigator in full", tags)
			}
			p.viewportShot(shotsDir(t), "whitehall-labels-1280.png")
		}
	}
	p.phone()
	mustEval[any](p, `document.getElementById('board').scrollIntoView()`)
	p.viewportShot(shotsDir(t), "whitehall-labels-phone-nl.png")
	p.checkConsole()
}
