package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserTurnSignals checks the signals of a turn outside the prompt: the
// tab's title and favicon say "your turn" while this page must act, a lost
// connection leaves a standing notice until the page is back (then a short
// one says so), and a seat taken to another device leaves a standing notice
// on the old tab.
func TestBrowserTurnSignals(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)

	a := openPage(t, browser, "first-device", base)
	a.navigate("/")
	a.signIn("Ann")
	table := a.seatAt("pocket")
	// Pocket: Jack (seat 0) acts first in round 1? Either way the bot plays
	// until it is this page's turn.
	a.waitJS("the page to be asked to act", `document.getElementById('prompt').dataset.act === 'true'`, scaled(30*time.Second))
	a.waitJS("the title to say it is her turn", `document.title.startsWith('▶') && document.getElementById('favicon').getAttribute('href').includes('favicon-turn')`, scaled(15*time.Second))

	// The sound toggle is off by default and remembers a click.
	if on := mustEval[string](a, `document.getElementById('sound-toggle').getAttribute('aria-pressed')`); on != "false" {
		t.Errorf("the sound is %q by default, want off", on)
	}
	// The header settles first: the player's name and the notifications
	// button arrive after the page, and each moves the toggle sideways, so a
	// click aimed before then can land beside it (or on the bell). A click
	// still lost is seen (the toggle's state flips in the click's own event)
	// and repeated.
	a.waitJS("the header to settle", `!document.querySelector('.site-header .me').hidden && (!!document.getElementById('push-toggle') || !('PushManager' in window))`, scaled(15*time.Second))
	a.clickUntil("#sound-toggle", "the sound to be on", `document.getElementById('sound-toggle').getAttribute('aria-pressed') === 'true'`, scaled(15*time.Second))

	// The connection drops (the page's own WebSocket, closed under it): the
	// notice says so until the page is connected again, then a toast says it
	// is back, and the turn is still signalled.
	mustEval[chromedp.Void](a, `(() => {
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (d) { window.__e2eSocket = this; return send.call(this, d); };
})()`)
	mustEval[chromedp.Void](a, `(() => { document.getElementById('chat-input').value = 'hello'; document.getElementById('chat-send').click(); })()`)
	a.waitJS("the page's socket", `!!window.__e2eSocket`, scaled(10*time.Second))
	mustEval[chromedp.Void](a, `window.__e2eSocket.close()`)
	a.waitJS("the lost-connection notice", `(() => { const n = document.getElementById('notice'); return !n.hidden && n.dataset.kind === 'lost' && document.body.dataset.connected === 'false'; })()`, scaled(10*time.Second))
	a.waitJS("the page back, the notice gone, a toast saying so", `(() => {
  const n = document.getElementById('notice');
  return document.body.dataset.connected === 'true' && (n.hidden || n.dataset.kind !== 'lost') && !!document.querySelector('#toasts .toast.info');
})()`, scaled(30*time.Second))
	a.waitJS("the title to still say it is her turn", `document.title.startsWith('▶')`, scaled(10*time.Second))

	// Move the seat to a second device: the first tab gets the notice.
	ctx, cancel := context.WithTimeout(a.ctx, scaled(15*time.Second))
	defer cancel()
	link, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {
  const net = await import('/static/js/net.js');
  const id = location.pathname.split('/').pop();
  const res = await net.api('/api/tables/' + encodeURIComponent(id) + '/seats/0/transfer', { method: 'POST' });
  return res.link;
})()`, chromedp.EvalAwaitPromise))
	if err != nil || !strings.HasPrefix(link, "/join/") {
		t.Fatalf("transfer link %q: %v", link, err)
	}
	b := openPage(t, browser, "second-device", base)
	b.navigate("/")
	b.signIn("Ann on the phone")
	ctxB, cancelB := context.WithTimeout(b.ctx, scaled(15*time.Second))
	defer cancelB()
	if _, err := chromedp.Run(ctxB, chromedp.Evaluate[any](`(async () => {
  const net = await import('/static/js/net.js');
  return net.api('/api/join/' + `+jsString(strings.TrimPrefix(link, "/join/"))+`, { method: 'POST' });
})()`, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatalf("redeeming the transfer: %v", err)
	}
	b.navigate(table)
	b.waitSeat(0)
	a.waitJS("the seat-moved notice", `(() => { const n = document.getElementById('notice'); return !n.hidden && n.dataset.kind === 'moved'; })()`, scaled(15*time.Second))
	a.waitJS("the title to stop saying it is her turn", `!document.title.startsWith('▶')`, scaled(10*time.Second))
	if got := mustEval[string](a, `location.pathname`); got != table {
		t.Errorf("the first tab left the table: %s", got)
	}
	a.checkConsole()
	b.checkConsole()
}
