package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// pocketSecrets are Jack's secrets in games/pocket's View (view.go): his
// identity, his alibi cards, his hourglass count and whether the detectives
// see him; and the event that names the alibi card he drew.
var pocketSecrets = secretRules{
	keys: []string{"jack", "jackAlibis", "hourglasses", "jackVisible"},
	// "hourglasses" (a shown alibi's) and "jackVisible" (a witness call's)
	// are also public event fields: only the view's own fields are checked,
	// above.
	raw: []string{"jackAlibis"},
	event: func(e wireEvent) string {
		if e.Type == "pocket.jack-alibi-secret" {
			return "an event for Jack alone"
		}
		return ""
	},
	values: func(v map[string]json.RawMessage) []string {
		if raw, ok := v["jack"]; ok {
			return []string{`"jack":` + string(raw)}
		}
		return nil
	},
	required: []string{"jack", "hourglasses"},
}

// pocketPageSecrets are what only Jack's page may show before the end.
var pocketPageSecrets = []string{`is-jack`, `pk-identity`, `pk-visible`, `pk-hidden`}

// TestBrowserPocketGame plays a whole Mr Jack Pocket game in Chromium, Jack
// and the investigator in separate browser contexts, every move a click on a
// tile, a detective place or an action button, then on one of the preview
// panel's options when the target has several, then on the preview's confirm
// button (see pocketMove). The investigator's frames and page must never hold
// Jack's identity before the end, and both pages show the outcome and the
// identity once it is over.
func TestBrowserPocketGame(t *testing.T) {
	requireBrowser(t)
	began := time.Now()
	base := startServer(t)
	browser := startBrowser(t)
	shots := artifactsDir(t)
	rng := newRand(t, 7)

	jack := openPage(t, browser, "jack", base)
	inv := openPage(t, browser, "investigator", base)
	jack.saveFrames(shots, "pocket-jack-frames.jsonl")
	inv.saveFrames(shots, "pocket-investigator-frames.jsonl")

	// Jack creates the table, then takes his seat from the lobby's list of
	// open tables.
	jack.navigate("/")
	jack.signIn("Jack")
	invites, table := jack.createTable("pocket", 2)
	id := strings.TrimPrefix(table, "/t/")
	take := fmt.Sprintf(`#open-tables li[data-table=%s] button[data-take-seat="0"]`, jsString(id))
	jack.waitJS("the new table in the open tables", `document.querySelector(`+jsString(take)+`)`, scaled(15*time.Second))
	jack.clickUntil(take, "the table page", `location.pathname === `+jsString(table), scaled(20*time.Second))
	jack.waitSeat(0)

	// The investigator follows the invite link.
	inv.navigate(invites[1])
	inv.signIn("Holmes")
	inv.acceptInvite()
	inv.waitSeat(1)
	waitStarted(t, 2, jack, inv)
	t.Logf("table %s ready after %v", table, time.Since(began).Round(time.Millisecond))

	sec := newSecrets(t, jack, inv, pocketSecrets)
	midShot := false
	m := &match{
		t: t, pages: []*page{jack, inv}, rng: rng, maxMoves: 400,
		deadline: time.Now().Add(scaled(5 * time.Minute)), // every move is previewed and confirmed: a click more each
	}
	var heading string // "You are Jack, disguised as", on Jack's page
	lastCheck := -1
	m.after = func(states []pageState, moves int) {
		sec.update()
		if moves%3 != 0 || moves == lastCheck {
			return
		}
		lastCheck = moves
		h := mustEval[string](jack, `document.querySelector('#pk-secret:not([hidden]) h2')?.textContent ?? ''`)
		if h == "" {
			m.fail("Jack's page does not show who he is")
		}
		heading = h
		html := inv.html()
		for _, s := range append(pocketPageSecrets, heading) {
			if strings.Contains(html, s) {
				m.fail("the investigator's page shows %q before the end", s)
			}
		}
		if !mustEval[bool](inv, `!!document.getElementById('pk-secret')?.hidden`) {
			m.fail("the investigator's page shows Jack's panel before the end")
		}
		if !midShot && moves >= 6 {
			midShot = true
			jack.screenshot(shots, "pocket-mid-jack.png", "#board")
			inv.screenshot(shots, "pocket-mid-investigator.png", "#board")
		}
	}
	pv := &pocketPreviews{shots: shots, shot: map[string]bool{}}
	m.mover = func(p *page, st pageState) { pocketMove(m, p, st, pv) }
	final := m.play()
	t.Logf("%d moves previewed, %d of them chosen among several", pv.shown, pv.options)
	if pv.shown < m.moves/2 {
		t.Errorf("only %d of %d moves showed their preview", pv.shown, m.moves)
	}
	t.Logf("game over after %d moves in %v", m.moves, time.Since(began).Round(time.Millisecond))
	if heading == "" {
		t.Errorf("the page checks never ran")
	}
	sec.finish()

	jackEnd, invEnd := lastOver(t, jack), lastOver(t, inv)
	for i, p := range m.pages {
		w := final[i].Winner
		if w == nil || *w == "" || *w != jackEnd.Outcome.Winner {
			t.Errorf("%s: #outcome[data-winner] is %v, want %q", p.name, w, jackEnd.Outcome.Winner)
		}
	}
	t.Logf("winner: %s", jackEnd.Outcome.Winner)

	// The reveal: the investigator's view and page name Jack.
	var identity string
	if err := json.Unmarshal(jackEnd.Views["0"]["jack"], &identity); err != nil || identity == "" {
		t.Fatalf("Jack's final view names nobody: %v", err)
	}
	for seat, v := range invEnd.Views {
		var got string
		if err := json.Unmarshal(v["jack"], &got); err != nil || got != identity {
			t.Errorf("the investigator's final view %s names %q as Jack (%v), want %q", seat, got, err, identity)
		}
	}
	want := mustEval[string](jack, `document.querySelector('#pk-secret .pk-identity')?.textContent ?? ''`)
	got := mustEval[string](inv, `document.querySelector('#pk-secret:not([hidden]) .pk-identity')?.textContent ?? ''`)
	if want == "" || got != want {
		t.Errorf("once over, the investigator's page names %q as Jack, Jack's page %q", got, want)
	}
	if n := mustEval[int](inv, `document.querySelectorAll('#board .is-jack[data-character=`+jsString(identity)+`]').length`); n != 1 {
		t.Errorf("once over, the investigator's board marks %d tiles of %s as Jack, want 1", n, identity)
	}
	jack.screenshot(shots, "pocket-end-jack.png", "#board")
	inv.screenshot(shots, "pocket-end-investigator.png", "#board")
	checkReplay(t, inv, "Turn 2")
	jack.checkConsole()
	inv.checkConsole()
	t.Logf("whole test: %v", time.Since(began).Round(time.Millisecond))
}

// pocketPreviews counts what the previews showed.
type pocketPreviews struct {
	shown   int             // moves whose preview listed what each detective would see
	options int             // moves chosen among several options of one target
	shots   string          // where to save a screenshot of each page's first preview with lit cells
	shot    map[string]bool // pages shot
}

// pocketPreviewJS reads the preview panel: -1 while it is closed, else its
// options (buttons[data-option]), whether the page's confirmation of a move
// (#move-confirm, by the prompt) is up and how many detectives' lines it lists.
const pocketPreviewJS = `(() => {
  const b = document.getElementById('pk-preview');
  if (!b || b.hidden) return { open: false, options: 0, ready: false, sees: 0, lit: false };
  const bar = document.getElementById('move-confirm');
  return {
    open: true,
    options: b.querySelectorAll('button[data-option]').length,
    ready: !!bar && !bar.hidden,
    sees: b.querySelectorAll('.pk-sees li[data-sees]').length,
    lit: !!document.querySelector('#board svg.previewing'),
    eyes: document.querySelectorAll('#board .pk-eye').length,
  };
})()`

type pocketPreview struct {
	Open    bool `json:"open"`
	Options int  `json:"options"`
	Ready   bool `json:"ready"`
	Sees    int  `json:"sees"`
	Lit     bool `json:"lit"`
	Eyes    int  `json:"eyes"` // detective badges on the lit cells
}

// waitPreview polls the preview panel until cond holds, or gives up after
// limit.
func waitPreview(p *page, limit time.Duration, cond func(pocketPreview) bool) (pocketPreview, bool) {
	deadline := time.Now().Add(scaled(limit))
	for {
		pr, err := eval[pocketPreview](p, pocketPreviewJS)
		if err == nil && cond(pr) {
			return pr, true
		}
		if time.Now().After(deadline) {
			return pr, false
		}
		time.Sleep(15 * time.Millisecond)
	}
}

// pocketMove makes one move on page p, whose settled state is st: a click on
// a target (a tile, a place or an action button) opens the preview; when the
// target has several moves, a click on one of the options previews it; the
// page's Confirm (#move-confirm-ok) plays it. A seat's only move plays at once.
func pocketMove(m *match, p *page, st pageState, pv *pocketPreviews) {
	m.t.Helper()
	for attempt := 0; attempt < 5; attempt++ {
		if len(st.Targets) == 0 {
			m.fail("%s must act (%d legal moves) but shows nothing to click", p.name, st.Legal)
		}
		sel := st.Targets[m.rng.IntN(len(st.Targets))]
		err := p.click(sel)
		if lostClick(err) {
			m.t.Logf("%s: %s went away or moved before the click; looking again", p.name, sel)
			st = m.refresh(p)
			continue
		}
		if err != nil {
			m.fail("%s: clicking %s: %v", p.name, sel, err)
		}
		pr, ok := waitPreview(p, 2*time.Second, func(pr pocketPreview) bool { return pr.Open })
		if !ok && st.Legal == 1 {
			switch m.await(p, st.Version) {
			case moved, refused:
				return
			}
		}
		if !ok {
			m.t.Logf("%s: clicking %s opened no preview; trying again", p.name, sel)
			st = m.refresh(p)
			continue
		}
		if pr.Options > 0 {
			if pr.Ready {
				m.fail("%s: %s has %d options and one is ready before any is chosen", p.name, sel, pr.Options)
			}
			p.mustClick(fmt.Sprintf(`#pk-preview button[data-option="%d"]`, m.rng.IntN(pr.Options)))
			pv.options++
		}
		pr, ok = waitPreview(p, 15*time.Second, func(pr pocketPreview) bool { return pr.Ready })
		if !ok {
			m.fail("%s: the preview of %s never offers to confirm", p.name, sel)
		}
		if pr.Sees == 3 && pr.Lit {
			pv.shown++
			if pr.Eyes > 0 && !pv.shot[p.name] && pv.shots != "" {
				pv.shot[p.name] = true
				p.screenshot(pv.shots, "pocket-preview-"+p.name+".png", "#board")
			}
		}
		p.mustClick("#move-confirm-ok")
		switch m.await(p, st.Version) {
		case moved, refused:
			return
		case choosing:
			m.fail("%s: the chooser opened for %s", p.name, sel)
		case noEffect:
			m.t.Logf("%s: confirming %s did nothing; trying again", p.name, sel)
			st = m.refresh(p)
		}
	}
	m.fail("%s: no click made a move", p.name)
}

// TestBrowserPocketPreviewClearOfBoard opens the preview of a move at a
// laptop's 1366x768: the board once kept a least height of its own and was
// drawn over the preview under it, so that a mouse could not reach its
// options. Every option, and the preview's text, must be what a click at
// its middle reaches.
func TestBrowserPocketPreviewClearOfBoard(t *testing.T) {
	p := botTablePage(t, "investigator", "pocket", 2, 1)
	if err := p.run(scaled(10*time.Second), chromedp.EmulateViewport(1366, 768)); err != nil {
		t.Fatal(err)
	}
	p.waitJS("the investigator's turn", `document.querySelectorAll('#board .pk-tile.target').length > 0`, scaled(30*time.Second))
	// A tile's rotations are several moves: its preview lists options.
	p.mustClick(`#board .pk-tile.target`)
	if _, ok := waitPreview(p, 10*time.Second, func(pr pocketPreview) bool { return pr.Open && pr.Options > 1 }); !ok {
		t.Fatalf("the tile's preview with its options never opened\n%s", p.describe())
	}
	mustEval[chromedp.Void](p, `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))`)
	p.viewportShot(shotsDir(t), "pocket-preview-1366x768.png")
	covered := mustEval[[]string](p, `(() => {
  const out = [];
  for (const e of document.querySelectorAll('#pk-preview h2, #pk-preview p, #pk-preview button')) {
    e.scrollIntoView({ block: 'nearest' });
    const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !e.contains(hit)) out.push((e.textContent || '').trim().slice(0, 30) + ' under ' + (hit ? hit.tagName + '.' + (hit.getAttribute('class') || '') : 'nothing'));
  }
  return out;
})()`)
	if len(covered) > 0 {
		t.Errorf("the preview is covered: %v", covered)
	}
	p.checkConsole()
}

// pkNamesJS measures each character's name on the district tiles as the
// screen shows it: its font size in CSS pixels (the SVG's scale applied)
// and whether it lies within its tile.
const pkNamesJS = `[...document.querySelectorAll('#board .pk-tile')].map((g) => {
  const name = [...g.querySelectorAll('.pk-name, .pk-name-lines')].find((n) => getComputedStyle(n).display !== 'none');
  if (!name) return { name: g.dataset.character + ' (no name shown)', px: 0, inside: false };
  const tile = g.querySelector('.pk-ground').getBoundingClientRect();
  const b = name.getBoundingClientRect();
  const scale = name.ownerSVGElement.getScreenCTM().a;
  return { name: name.textContent, px: parseFloat(getComputedStyle(name).fontSize) * scale,
    inside: b.left >= tile.left - 1 && b.right <= tile.right + 1 && b.bottom <= tile.bottom + 1 };
})`

// TestBrowserPocketPhoneReadable plays Mr Jack Pocket on a phone (390x844),
// in English and in Dutch (the longest names: "Inspecteur Lestrade"): the
// characters' names on the district tiles must be readable, at least 11 CSS
// pixels high on the screen, and stay within their tiles (they were 7 to 9
// px). Then Jack gives up and the replay panel is brought into view, as
// Tab or a link does: its title must not lie under the sticky prompt (it
// did, the panel's top line hidden), nor, during the game, the seats' when
// they are brought into view. Screenshots of both.
func TestBrowserPocketPhoneReadable(t *testing.T) {
	p := botTablePage(t, "jack", "pocket", 2, 0)
	p.phone()
	dir := shotsDir(t)
	type name struct {
		Name   string  `json:"name"`
		Px     float64 `json:"px"`
		Inside bool    `json:"inside"`
	}
	for _, lang := range []string{"nl", "en"} {
		mustEval[any](p, `(() => { const s = document.getElementById('lang-select'); s.value = `+jsString(lang)+`; s.dispatchEvent(new Event('change')); })()`)
		p.waitJS("the page in "+lang, `document.documentElement.lang === `+jsString(lang)+` && document.querySelectorAll('#board .pk-name').length === 9`, scaled(10*time.Second))
		mustEval[bool](p, `(window.scrollTo(0, 0), true)`)
		names := mustEval[[]name](p, pkNamesJS)
		t.Logf("%s: %+v", lang, names)
		for _, n := range names {
			if n.Px < 11 {
				t.Errorf("%s: %q is %.1f px high on a phone's screen, want at least 11", lang, n.Name, n.Px)
			}
			if !n.Inside {
				t.Errorf("%s: %q runs out of its tile", lang, n.Name)
			}
		}
		p.viewportShot(dir, "pocket-phone-names-"+lang+".png")
	}

	// During the game the prompt sticks to the top: a panel scrolled into
	// view lies below it.
	underPrompt := func(id string) float64 {
		mustEval[bool](p, `(document.getElementById(`+jsString(id)+`).scrollIntoView({ block: 'start' }), true)`)
		p.waitJS("the scroll done", `new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok(true))))`, scaled(10*time.Second))
		return mustEval[float64](p, `document.getElementById(`+jsString(id)+`).getBoundingClientRect().top - document.getElementById('prompt-box').getBoundingClientRect().bottom`)
	}
	if gap := underPrompt("seats-title"); gap < 0 {
		t.Errorf("the seats' title lies %.0f px under the sticky prompt when scrolled into view", -gap)
	}

	p.answerResign(true)
	p.waitJS("the replay panel", `document.body.dataset.over === 'true' && !document.getElementById('replay').hidden`, scaled(20*time.Second))
	gap := underPrompt("replay")
	p.viewportShot(dir, "pocket-phone-replay.png")
	if gap < 0 {
		t.Errorf("the replay panel's title lies %.0f px under the sticky prompt when the panel is scrolled into view", -gap)
	}
	p.checkConsole()
}
