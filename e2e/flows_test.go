package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserFlows: the creator picks their seat and is seated; the invite
// of the other seat is at the top of the lobby with a copy button and a QR
// code; the lobby lists each player's games (theirs to move first) and the
// finished ones with their replays; a player resigns (after a confirmation
// they can decline) and both pages, and the replay, say so.
func TestBrowserFlows(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	shots := artifactsDir(t)

	jack := openPage(t, browser, "jack", base)
	inv := openPage(t, browser, "investigator", base)

	jack.navigate("/")
	jack.signIn("Jack")
	jack.waitJS("the seat choice", `document.querySelectorAll('#my-seat option').length === 3`, scaled(15*time.Second))
	invites, table := jack.createTableSeated("pocket", 2, 0)
	if len(invites) != 1 || invites[1] == "" {
		t.Fatalf("invites %v: want only seat 1's", invites)
	}
	// The invites are in view at once, with a copy button and a QR code.
	jack.waitJS("the invites at the top, in view", `(() => {
  const r = document.getElementById('invites').getBoundingClientRect();
  return r.top > -2 && r.top < innerHeight / 2 && document.querySelector('#invites li[data-invite-seat="1"] button[data-copy]') !== null;
})()`, scaled(10*time.Second))
	if got := mustEval[string](jack, `document.querySelector('#invites .you-sit')?.textContent ?? ''`); !strings.Contains(got, "Jack") {
		t.Fatalf("the lobby does not say which seat the creator took: %q", got)
	}
	jack.mustClick(`#invites li[data-invite-seat="1"] button[data-qr]`)
	jack.waitJS("the QR code", `(() => {
  const p = document.querySelector('#invites li[data-invite-seat="1"] svg.qr path');
  return p !== null && p.getAttribute('d').length > 200 && document.querySelector('#invites svg.qr').getAttribute('aria-label') !== '';
})()`, scaled(15*time.Second))
	if _, err := chromedp.Run(jack.ctx, chromedp.EmulateViewport(390, 844)); err == nil {
		jack.waitJS("the QR code on a phone", `document.querySelector('#invites svg.qr').getBoundingClientRect().width > 100`, scaled(10*time.Second))
		jack.screenshot(shots, "invites-phone.png", "#invites")
		if _, err := chromedp.Run(jack.ctx, chromedp.EmulateReset()); err != nil {
			t.Errorf("resetting the viewport: %v", err)
		}
	}

	// Jack is seated already: the table page holds his seat.
	jack.clickUntil("#open-new-table", "the table page", `location.pathname.startsWith('/t/')`, scaled(20*time.Second))
	jack.waitSeat(0)
	inv.navigate(invites[1])
	inv.signIn("Holmes")
	inv.acceptInvite()
	inv.waitSeat(1)
	waitStarted(t, 2, jack, inv)

	// The investigator moves first in Pocket: his lobby lists the game
	// first, as his move; Jack's lists it as waiting.
	inv.navigate("/")
	inv.waitJS("the game as the investigator's move", `document.querySelector('#my-tables li[data-my-table]')?.dataset.yourTurn === 'true' && document.querySelector('#my-tables li[data-my-table] a[data-resume]')?.getAttribute('href') === `+jsString(table), scaled(20*time.Second))
	inv.screenshot(shots, "my-games.png", "#my-games")
	inv.clickUntil(`#my-tables a[data-resume]`, "the table page", `location.pathname === `+jsString(table), scaled(20*time.Second))
	inv.waitSeat(1)

	// Jack resigns: the question first, which he declines once.
	jack.answerResign(false)
	jack.waitJS("the confirmation to close", `!document.getElementById('resign-dialog')`, scaled(10*time.Second))
	if over := mustEval[string](jack, `document.body.dataset.over ?? ''`); over == "true" {
		t.Fatal("declining the resignation ended the game")
	}
	jack.answerResign(true)
	for _, p := range []*page{jack, inv} {
		p.waitJS("the resignation's outcome", `document.body.dataset.over === 'true' && document.getElementById('outcome').dataset.winner === 'investigator' && document.getElementById('outcome').textContent.includes('resigned')`, scaled(20*time.Second))
	}
	inv.screenshot(shots, "resigned.png", "#outcome")
	// The game is over: no seat is marked as the one to move, and the
	// players are offered a rematch.
	for _, p := range []*page{jack, inv} {
		if n := mustEval[int](p, `document.querySelectorAll('#seats li.to-act').length`); n != 0 {
			t.Errorf("%s: %d seats marked to move after the resignation", p.name, n)
		}
		p.waitJS("the rematch button", `document.getElementById('rematch') !== null`, scaled(10*time.Second))
	}
	// A spectator of the finished game sees the outcome and the way back to
	// the lobby, but no rematch, which would be a table kept for others.
	zed := openPage(t, browser, "zed", base)
	zed.navigate("/")
	zed.signIn("Zed")
	zed.navigate(table)
	zed.waitJS("the outcome, as a spectator", `document.body.dataset.over === 'true' && document.getElementById('back-to-lobby') !== null`, scaled(20*time.Second))
	if mustEval[bool](zed, `document.getElementById('rematch') !== null || document.getElementById('rematch-swap') !== null`) {
		t.Error("a spectator is offered a rematch")
	}
	// The replay ends on the resignation.
	inv.waitJS("the replay controls", `!document.getElementById('replay').hidden`, scaled(20*time.Second))
	inv.mustClick("#replay-first")
	inv.waitJS("the replay's first step", `document.getElementById('replay-first').disabled`, scaled(10*time.Second))
	inv.mustClick("#replay-last")
	inv.waitJS("the replay's last step, with the resignation", `document.getElementById('replay-last').disabled && document.getElementById('outcome').textContent.includes('resigned')`, scaled(10*time.Second))

	// Jack's lobby lists it among his finished games, with its replay.
	jack.navigate("/")
	jack.waitJS("the finished game with its replay", `document.querySelector('#my-finished li[data-my-table] a[data-replay]')?.getAttribute('href') === `+jsString(table)+` && document.querySelector('#my-finished li[data-my-table]').textContent.includes('resigned')`, scaled(20*time.Second))
	// The row says how the game went for him: he resigned, so he lost.
	if got := mustEval[string](jack, `(() => { const s = document.querySelector('#my-finished li[data-my-table] .status'); return s.dataset.result + ': ' + s.textContent; })()`); !strings.HasPrefix(got, "lost: You lost") {
		t.Errorf("Jack's finished game reads %q, want his loss", got)
	}
	if n := mustEval[int](jack, `document.querySelectorAll('#my-tables li[data-my-table]').length`); n != 0 {
		t.Fatalf("%d games still in progress for Jack", n)
	}
	jack.checkConsole()
	inv.checkConsole()
}

// checkReplay drives the replay controls of a finished table's page: the
// "Jump to" list has the game's rounds (nights, turns), a jump and the scrub
// bar move to their step, and playing at the highest speed reaches the end.
// The jump goes to chapter, the first round after the first step: a game's
// length depends on the table's secret draws, and a Pocket game may end in
// its first turn, where the list has no round to jump to (the test says
// so); a longer game must list chapter.
func checkReplay(t *testing.T, p *page, chapter string) {
	t.Helper()
	p.waitJS("the replay's steps", `!document.getElementById('replay').hidden && Number(document.getElementById('replay-scrub').max) >= 3`, scaled(20*time.Second))
	steps := mustEval[int](p, `Number(document.getElementById('replay-scrub').max)`)
	rounds := mustEval[map[string]string](p, `Object.fromEntries([...document.querySelectorAll('#replay-jump option')].slice(1, -1).filter((o) => Number(o.value) > 0).map((o) => [o.textContent, o.value]))`)
	opt := rounds[chapter]
	if opt == "" && len(rounds) > 0 {
		t.Fatalf("%s: no %q among the replay's jumps: %s", p.name, chapter, mustEval[string](p, `document.getElementById('replay-jump').textContent`))
	}
	if opt == "" {
		t.Logf("%s: a game of one round (%d steps): no round to jump to", p.name, steps)
	} else {
		mustEval[chromedp.Void](p, `(() => { const s = document.getElementById('replay-jump'); s.value = `+jsString(opt)+`; s.dispatchEvent(new Event('change')); })()`)
		p.waitJS("the jump", `document.getElementById('replay-scrub').value === `+jsString(opt)+` && document.getElementById('replay-jump').selectedOptions[0]?.textContent === `+jsString(chapter), scaled(10*time.Second))
	}
	p.screenshot(artifactsDir(t), "replay-controls.png", "#replay")
	mustEval[chromedp.Void](p, `(() => { const s = document.getElementById('replay-scrub'); s.value = '3'; s.dispatchEvent(new Event('input')); })()`)
	p.waitJS("the scrub bar's step", `document.getElementById('replay-pos').textContent.startsWith('Step 3 of') && !document.getElementById('replay-first').disabled`, scaled(10*time.Second))
	mustEval[chromedp.Void](p, `(() => { const s = document.getElementById('replay-speed'); s.value = '16'; s.dispatchEvent(new Event('change')); })()`)
	p.mustClick("#replay-play")
	p.waitJS("the replay to play to the end", `document.getElementById('replay-last').disabled && document.getElementById('replay-play').textContent === 'Play'`, scaled(time.Duration(steps)*200*time.Millisecond+10*time.Second))
}
