package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// axeSource reads axe-core's browser build from node_modules (npm ci
// installs it: package.json pins it). Without it the test is skipped, but
// under CI=true it fails.
func axeSource(t *testing.T) string {
	t.Helper()
	path := filepath.Join("..", "node_modules", "axe-core", "axe.min.js")
	b, err := os.ReadFile(path)
	if err != nil {
		const reason = "axe-core not installed (node_modules/axe-core/axe.min.js): run `npm ci` at the repository's root"
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s (CI=true: the accessibility checks must run): %v", reason, err)
		}
		t.Skip(reason)
	}
	return string(b)
}

// axeViolation is one rule axe reports as violated, with the nodes it found.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target  []any  `json:"target"`
		HTML    string `json:"html"`
		Summary string `json:"failureSummary"`
	} `json:"nodes"`
}

// setColorScheme emulates prefers-color-scheme (light or dark) in the tab,
// motion still reduced (see openPage).
func (p *page) setColorScheme(scheme string) {
	p.t.Helper()
	p.setMedia(map[string]string{"prefers-color-scheme": scheme, "prefers-reduced-motion": "reduce"})
}

// setMedia emulates the given media features in the tab (and no others).
func (p *page) setMedia(features map[string]string) {
	p.t.Helper()
	var list []*emulation.MediaFeature
	for name, value := range features {
		list = append(list, &emulation.MediaFeature{Name: name, Value: value})
	}
	err := p.run(scaled(10*time.Second), chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: list})
		return err
	}))
	if err != nil {
		p.t.Fatalf("%s: emulating %v: %v", p.name, features, err)
	}
	// The page's media queries follow the emulation lazily (at its next
	// style update): wait until every one matches, so that code reading
	// matchMedia right after (the pacing of pace.js) sees the new value.
	var conds []string
	for name, value := range features {
		conds = append(conds, `matchMedia(`+jsString("("+name+": "+value+")")+`).matches`)
	}
	slices.Sort(conds)
	p.waitJS(fmt.Sprintf("the page's media to match %v", features), strings.Join(conds, " && "), scaled(10*time.Second))
}

// checkAxe injects axe-core into the page (once), runs it on the whole
// document and fails the test for every violation of impact serious or
// critical, printing each with its nodes. what names the page in messages.
func (p *page) checkAxe(axe, what string) {
	p.t.Helper()
	if !mustEval[bool](p, `typeof window.axe === 'object'`) {
		ctx, cancel := context.WithTimeout(p.ctx, scaled(20*time.Second))
		_, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](axe+"\n;undefined"))
		cancel()
		if err != nil {
			p.t.Fatalf("%s: injecting axe-core: %v", p.name, err)
		}
	}
	ctx, cancel := context.WithTimeout(p.ctx, scaled(60*time.Second))
	defer cancel()
	// The transitions are finished first, so that colours are the final ones.
	vs, err := chromedp.Run(ctx, chromedp.Evaluate[[]axeViolation](`(async () => {
  await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {})));
  const r = await axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    resultTypes: ['violations'],
  });
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("%s: running axe on %s: %v", p.name, what, err)
	}
	for _, v := range vs {
		var b strings.Builder
		fmt.Fprintf(&b, "%s: axe on %s: %s (%s): %s", p.name, what, v.ID, v.Impact, v.Help)
		for i, n := range v.Nodes {
			if i == 8 {
				fmt.Fprintf(&b, "\n    ... and %d more", len(v.Nodes)-i)
				break
			}
			fmt.Fprintf(&b, "\n    %v %.200s\n      %s", n.Target, n.HTML, strings.ReplaceAll(n.Summary, "\n", "\n      "))
		}
		p.t.Error(b.String())
	}
	if len(vs) == 0 {
		p.t.Logf("%s: axe on %s: no serious or critical violation", p.name, what)
	}
}

// checkAxeSchemes runs checkAxe under the light and the dark colour scheme.
func (p *page) checkAxeSchemes(axe, what string) {
	p.t.Helper()
	for _, scheme := range []string{"light", "dark"} {
		p.setColorScheme(scheme)
		p.checkAxe(axe, what+" ("+scheme+")")
	}
	p.setColorScheme("light")
}

// createBotTable creates, from the lobby, a table of game whose seat 0 is
// the page's player and every other seat a bot; it opens the table and
// waits for the game to have started.
func (p *page) createBotTable(game string, seats int) {
	p.t.Helper()
	p.createBotTableAt(game, seats, 0)
}

// createBotTableAt is createBotTable with the page's player at seat mine.
func (p *page) createBotTableAt(game string, seats, mine int) {
	p.t.Helper()
	p.navigate("/")
	p.waitJS("the lobby's game list", `document.querySelector('#game-select option[value=`+jsString(game)+`]')`, scaled(15*time.Second))
	mustEval[chromedp.Void](p, `(() => {
  const s = document.getElementById('game-select');
  s.value = `+jsString(game)+`;
  s.dispatchEvent(new Event('change'));
})()`)
	p.waitJS("the seat rows", fmt.Sprintf(`document.querySelectorAll('#seat-config [id^="seat-kind-"]').length === %d`, seats), scaled(10*time.Second))
	mustEval[chromedp.Void](p, fmt.Sprintf(`(() => {
  for (let i = 0; i < %d; i++) {
    if (i === %d) continue;
    const k = document.getElementById('seat-kind-' + i);
    k.value = 'bot';
    k.dispatchEvent(new Event('change'));
  }
  const s = document.getElementById('my-seat');
  s.value = '%d';
  s.dispatchEvent(new Event('change'));
})()`, seats, mine, mine))
	p.mustClick("#create-submit")
	p.waitJS("the new table's link", `document.getElementById('open-new-table')?.getAttribute('href')?.startsWith('/t/')`, scaled(15*time.Second))
	table := mustEval[string](p, `document.getElementById('open-new-table').getAttribute('href')`)
	p.navigate(table)
	p.waitSeat(mine)
	waitStarted(p.t, seats, p)
}

// botTablePage starts a server and opens a page for a player, Alice, who
// creates a table of game against bots, on seat mine; it returns the page
// once the game has started.
func botTablePage(t *testing.T, name, game string, seats, mine int) *page {
	t.Helper()
	requireBrowser(t)
	p := openPage(t, startBrowser(t), name, startServer(t))
	p.navigate("/")
	p.signIn("Alice")
	p.createBotTableAt(game, seats, mine)
	return p
}

// TestBrowserAxe runs axe-core on the lobby, the invitation page and a table
// of each game once it started, under the light and the dark colour scheme:
// no violation of impact serious or critical.
func TestBrowserAxe(t *testing.T) {
	requireBrowser(t)
	axe := axeSource(t)
	base := startServer(t)
	browser := startBrowser(t)

	host := openPage(t, browser, "host", base)
	host.navigate("/")
	host.signIn("Alice")
	host.waitJS("the lobby's game list", `document.querySelectorAll('#game-select option').length >= 4`, scaled(15*time.Second))
	host.checkAxeSchemes(axe, "the lobby")

	// The rules pages, linked from the lobby: each game's, with gaslamp's own
	// choices marked (Jekyll & Hyde's track, chapters and campaign; the map
	// games' deduction help and what they leave out).
	host.waitJS("the lobby's links to the rules", `document.querySelectorAll('#rules-list a[href^="/rules/"]').length === 4`, scaled(10*time.Second))
	for _, g := range []string{"whitehall", "whitechapel", "pocket", "jekyll"} {
		host.clickUntil(`#rules-list a[data-rules="`+g+`"]`, "the rules page", `location.pathname === '/rules/`+g+`'`, scaled(20*time.Second))
		host.waitJS("the rules, written out", `document.querySelectorAll('#rules-body section h2').length >= 4 && document.getElementById('rules-title').textContent.includes(' ') && !/web\.rules/.test(document.body.textContent)`, scaled(10*time.Second))
		own := mustEval[int](host, `document.getElementById('rules-own').hidden ? 0 : document.querySelectorAll('#rules-own-list li .badge.own').length`)
		if want := map[string]int{"jekyll": 3, "whitehall": 2, "whitechapel": 2}[g]; own != want {
			t.Errorf("the %s rules mark %d choices as gaslamp's own, want %d", g, own, want)
		}
		host.checkAxeSchemes(axe, "the "+g+" rules")
		host.navigate("/")
		host.waitJS("the lobby's links to the rules", `document.querySelectorAll('#rules-list a[href^="/rules/"]').length === 4`, scaled(10*time.Second))
	}
	if code, err := chromedp.Run(host.ctx, chromedp.Evaluate[int](`fetch('/rules/nosuchgame').then((r) => r.status)`, chromedp.EvalAwaitPromise)); err != nil || code != 404 {
		t.Errorf("/rules/nosuchgame answered %d (%v), want 404", code, err)
	}

	// The e-mails' unsubscribe page (here with a link that is not valid:
	// the same page without its button).
	host.navigate("/mail/unsubscribe?u=nobody&t=forged")
	host.waitJS("the unsubscribe page", `document.querySelector('main.unsubscribe h1')`, scaled(10*time.Second))
	host.checkAxeSchemes(axe, "the unsubscribe page")
	host.navigate("/")

	// The invitation page, as the invitee sees it before taking the seat.
	invites, _ := host.createTable("pocket", 2)
	guest := openPage(t, browser, "guest", base)
	guest.navigate(invites[1])
	guest.signIn("Bob")
	guest.waitJS("the invitation page's button", `document.getElementById('join-take')?.hidden === false`, scaled(20*time.Second))
	guest.checkAxeSchemes(axe, "the invitation page")
	host.checkAxeSchemes(axe, "the lobby with invites")

	for _, g := range []struct {
		id    string
		seats int
	}{{"pocket", 2}, {"whitehall", 4}, {"whitechapel", 6}, {"jekyll", 2}} {
		mine := 0
		if g.id == "pocket" {
			// The investigator: the first to act, so no bot's move redraws
			// the board before the move below is previewed.
			mine = 1
		}
		host.createBotTableAt(g.id, g.seats, mine)
		// The "?" beside the prompt: the game's rules, at the section of the
		// decision at hand when it is this player's move.
		href := mustEval[string](host, `document.getElementById('rules-help')?.hidden ? '' : document.getElementById('rules-help').getAttribute('href')`)
		if !strings.HasPrefix(href, "/rules/"+g.id) {
			t.Errorf("the %s table's \"?\" beside the prompt links to %q, want /rules/%s", g.id, href, g.id)
		}
		t.Logf("the %s table's \"?\" links to %s", g.id, href)
		host.checkAxeSchemes(axe, "a "+g.id+" table")
		if g.id == "pocket" {
			// A move previewed: the tiles, places and detectives as the move
			// would leave them, and the preview's panel.
			// A target may be a step with no preview (an action token):
			// go on to the next target, on this player's move only.
			preview := `document.getElementById('pk-preview') && !document.getElementById('pk-preview').hidden`
			ready := `document.body.dataset.myTurn === 'true' && !!document.querySelector('#board svg .target')`
			shown, tiles := false, 0
			for deadline := time.Now().Add(scaled(60 * time.Second)); !shown && time.Now().Before(deadline); {
				if ok, err := eval[bool](host, ready); err != nil || !ok {
					time.Sleep(50 * time.Millisecond)
					continue
				}
				tiles = mustEval[int](host, `document.querySelectorAll('#board svg .pk-tile.target').length`)
				mustEval[chromedp.Void](host, `document.querySelector('#board svg .target')?.focus()`)
				host.key(kb.Enter)
				for wait := time.Now().Add(scaled(3 * time.Second)); time.Now().Before(wait); time.Sleep(50 * time.Millisecond) {
					if ok, err := eval[bool](host, "!!("+preview+")"); err == nil && ok {
						shown = true
						break
					}
				}
			}
			if !shown {
				t.Fatalf("no move preview came up on the Pocket table\n%s", host.describe())
			}
			host.checkAxeSchemes(axe, fmt.Sprintf("a pocket table with a move previewed (%d tile targets)", tiles))
			host.key(kb.Escape)
		}
		if _, section, ok := strings.Cut(href, "#"); ok {
			host.navigate(href)
			host.waitJS("the section of the decision, marked", `document.getElementById(`+jsString(section)+`)?.closest('section')?.classList.contains('current')`, scaled(10*time.Second))
		}
	}
	// A game's leaderboard, and a player's profile (the guest becomes an
	// account for it).
	guest.navigate("/leaderboard/pocket")
	guest.waitJS("the leaderboard", `document.readyState === 'complete' && document.querySelector('main') && !/web\.leaderboard/.test(document.body.textContent)`, scaled(10*time.Second))
	guest.checkAxeSchemes(axe, "the Pocket leaderboard")
	// A co-operative game's: no rated side, so no empty lists of ratings
	// (nor one for the City, whom nobody plays), but why there are none.
	guest.navigate("/leaderboard/jekyll")
	guest.waitJS("Jekyll's leaderboard, which explains it has no ratings", `document.readyState === 'complete' && !!document.getElementById('leaderboard-coop') && !document.querySelector('main section.card') && !/web\.leaderboard/.test(document.body.textContent)`, scaled(10*time.Second))
	// An address no page has: the site's not-found page, in the player's
	// language, with a way back to the lobby.
	guest.navigate("/no/such/page")
	guest.waitJS("the not-found page", `document.readyState === 'complete' && !!document.getElementById('notfound-lobby') && document.title.includes('·') && !/web\.notfound/.test(document.body.textContent)`, scaled(10*time.Second))
	guest.checkAxeSchemes(axe, "the not-found page")
	if code, err := chromedp.Run(guest.ctx, chromedp.Evaluate[int](`(async () => {
  const net = await import('/static/js/net.js');
  try { await net.api('/api/account/register', { method: 'POST', body: { name: 'AxeBob', password: 'a long enough password' } }); return 200; }
  catch (e) { return e.status ?? 0; }
})()`, chromedp.EvalAwaitPromise)); err != nil || code != 200 {
		t.Fatalf("registering for the profile: %d, %v", code, err)
	}
	guest.navigate("/u/AxeBob")
	guest.waitJS("the profile", `document.readyState === 'complete' && document.body.textContent.includes('AxeBob') && !/web\.profile/.test(document.body.textContent)`, scaled(10*time.Second))
	guest.checkAxeSchemes(axe, "a profile")
	host.checkConsole()
	guest.checkConsole()
}
