package e2e

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// socketsJS keeps every WebSocket the page opens in window.__sockets, so that
// a test can hand the page a frame as if the server had sent it.
const socketsJS = `(() => {
  const W = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = class extends W {
    constructor(...a) {
      super(...a);
      window.__sockets.push(this);
    }
  };
})()`

// presenceJS hands the table page a presence frame that changes nothing, as
// the server sends one when some seat's connection comes or goes: the page
// draws the table again, from the same snapshot.
const presenceJS = `(() => {
  for (const ws of window.__sockets ?? []) {
    if (ws.readyState === 1) ws.dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ t: 'presence', seats: [] }) }));
  }
  return (window.__sockets ?? []).length;
})()`

// keptJS, in one task (so that no frame from the server comes between),
// marks the elements the selectors find and focuses the last one, hands the
// page a presence frame (presenceJS), and tells, for each selector, whether
// the element found then is the one marked and whether the focus stayed.
const keptJS = `((sels) => {
  const before = sels.map((sel) => document.querySelector(sel));
  if (before.some((e) => !e)) return { ready: false, sockets: 0, after: [] };
  before.forEach((e) => { e.__kept = true; });
  before[before.length - 1].focus();
  const focused = document.activeElement === before[before.length - 1];
  const sockets = ` + presenceJS + `;
  const after = sels.map((sel) => {
    const e = document.querySelector(sel);
    return { found: !!e, kept: !!e?.__kept, focus: !!e && document.activeElement === e };
  });
  return { ready: focused, sockets, after };
})`

// socketPage opens a page whose WebSockets the test can reach (socketsJS),
// signed in as Alice, at a new table of game against bots, on seat mine.
func socketPage(t *testing.T, game string, seats, mine int) *page {
	t.Helper()
	requireBrowser(t)
	p := openPage(t, startBrowser(t), "player", startServer(t))
	if err := p.run(scaled(10*time.Second), func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: socketsJS})
		return chromedp.Void{}, err
	}); err != nil {
		t.Fatalf("installing the socket hook: %v", err)
	}
	p.navigate("/")
	p.signIn("Alice")
	p.createBotTableAt(game, seats, mine)
	return p
}

// expectKept redraws the table (a presence frame) and checks that each of
// the elements the selectors find is still in the page, the same element,
// and that the last one, focused, kept the focus.
func expectKept(t *testing.T, p *page, what string, sels ...string) {
	t.Helper()
	type kept struct {
		Found bool `json:"found"`
		Kept  bool `json:"kept"`
		Focus bool `json:"focus"`
	}
	type result struct {
		Ready   bool   `json:"ready"`
		Sockets int    `json:"sockets"`
		After   []kept `json:"after"`
	}
	// The page draws the seats again once it knows who this is: that redraw
	// changes what they show, so it must come first.
	p.waitJS("the page to know who plays", `!!document.body.dataset.identity`, scaled(20*time.Second))
	list, _ := json.Marshal(sels)
	r := mustEval[result](p, keptJS+`(`+string(list)+`)`)
	if !r.Ready {
		t.Fatalf("%s: no focusable %v\n%s", what, sels, p.describe())
	}
	if r.Sockets == 0 {
		t.Fatalf("%s: the page's socket was not seen", what)
	}
	for i, k := range r.After {
		switch sel := sels[i]; {
		case !k.Found:
			t.Errorf("%s: %s is gone after a redraw that changed nothing", what, sel)
		case !k.Kept:
			t.Errorf("%s: the redraw replaced %s (a click pressed during it is lost)", what, sel)
		case i == len(sels)-1 && !k.Focus:
			t.Errorf("%s: the keyboard focus left %s with the redraw", what, sel)
		}
	}
}

// TestBrowserRedrawKeepsTargets: a redraw from the same snapshot (here a
// presence frame) keeps the targets, the same elements with the focus: the
// seat's buttons (resign), the list of choices, Pocket's row of action
// tokens and its tiles, Jekyll's action buttons and the cards of the hand. A target replaced by every redraw
// loses a click pressed during it (the press on the old element, the
// release on the new one: no click at all) and the keyboard focus.
func TestBrowserRedrawKeepsTargets(t *testing.T) {
	t.Run("pocket", func(t *testing.T) {
		p := socketPage(t, "pocket", 2, 1)
		// The investigator (this page) acts first: no bot moves until it does.
		p.waitJS("the investigator's targets", `document.body.dataset.myTurn === 'true' && !!document.querySelector('.pk-tile.target')`, scaled(60*time.Second))
		p.waitState("a settled page", scaled(10*time.Second), func(st pageState) bool { return !st.Busy })
		sels := []string{`#seats button[data-resign]`, `#legal button[data-move]`, `.pk-tile.target`}
		// The action tokens with no target on the board (the Alibi card, a
		// Joker that moves nobody) are buttons, when this turn's tokens have one.
		if mustEval[bool](p, `!!document.querySelector('#pk-actions button[data-action]')`) {
			sels = append([]string{`#pk-actions button[data-action]`}, sels...)
		}
		expectKept(t, p, "pocket", sels...)
	})
	t.Run("jekyll", func(t *testing.T) {
		p := socketPage(t, "jekyll", 2, 0)
		p.waitJS("the deal button", `!!document.querySelector('#jk-actions button[data-action="ready"]')`, scaled(60*time.Second))
		p.waitState("a settled page", scaled(10*time.Second), func(st pageState) bool { return !st.Busy })
		expectKept(t, p, "jekyll, before the deal", `#legal button[data-move]`, `#jk-actions button[data-action="ready"]`)
		p.clickUntil(`#jk-actions button[data-action="ready"]`, "the dealt hand", `!!document.querySelector('#jk-hand button.target')`, scaled(30*time.Second))
		p.waitState("a settled page", scaled(10*time.Second), func(st pageState) bool { return !st.Busy })
		expectKept(t, p, "jekyll, the hand", `#legal button[data-move]`, `#jk-hand button.target`)
	})
}
