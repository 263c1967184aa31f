package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// say sends a chat line from the table page.
func (p *page) say(text string) {
	p.t.Helper()
	if err := p.run(scaled(10*time.Second), chromedp.SendKeys(chromedp.ID("chat-input"), text)); err != nil {
		p.t.Fatalf("%s: typing a chat line: %v", p.name, err)
	}
	p.mustClick("#chat-send")
}

// TestBrowserChatReportAndMute: at a table, an account reports another
// player's chat line (with a reason) and mutes them: their lines give way
// to a note, which stays after a reload (the server keeps an account's
// mutes); unmuted, they show again. The sender's own lines have no actions.
func TestBrowserChatReportAndMute(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	holmes := openPage(t, browser, "holmes", base)
	moriarty := openPage(t, browser, "moriarty", base)

	holmes.navigate("/")
	holmes.signIn("Sherlock")
	holmes.mustClick("#account-open")
	holmes.waitJS("the account dialog", `document.getElementById('account-dialog')?.open`, scaled(10*time.Second))
	holmes.fill("register-name", "Holmes221")
	holmes.fill("register-password", "elementary, dear")
	holmes.mustClick("#register-form-submit")
	holmes.waitJS("the account's name in the header", `document.querySelector('#me-name a')?.textContent === 'Holmes221'`, scaled(15*time.Second))
	invites, table := holmes.createTable("pocket", 2)
	holmes.navigate(invites[0])
	holmes.acceptInvite()
	holmes.waitSeat(0)
	moriarty.navigate(invites[1])
	moriarty.signIn("Moriarty")
	moriarty.acceptInvite()
	moriarty.waitSeat(1)

	moriarty.say("You will lose, Holmes")
	const line = `[...document.querySelectorAll('#chat-log li')].find((l) => l.textContent.includes('You will lose'))`
	holmes.waitJS("Moriarty's line with its actions", line+`?.querySelector('.chat-actions summary')`, scaled(10*time.Second))
	moriarty.waitJS("his own line, without actions", line+` && !`+line+`.querySelector('.chat-actions')`, scaled(10*time.Second))

	// The report.
	mustEval[bool](holmes, `(`+line+`.querySelector('.chat-actions').open = true, true)`)
	holmes.mustClick("#chat-log [data-report]")
	holmes.waitJS("the report dialog", `document.getElementById('report-dialog')?.open`, scaled(10*time.Second))
	holmes.fill("report-reason", "threats")
	holmes.mustClick("#report-send")
	holmes.waitJS("the thanks", `!document.getElementById('report-dialog') && [...document.querySelectorAll('#toasts .toast.info')].some((e) => e.textContent.includes('moderators'))`, scaled(10*time.Second))

	// The mute, kept across a reload.
	mustEval[bool](holmes, `(`+line+`.querySelector('.chat-actions').open = true, true)`)
	holmes.mustClick("#chat-log [data-mute]")
	const note = `[...document.querySelectorAll('#chat-log li.muted-line')].some((l) => l.textContent.includes('Moriarty'))`
	holmes.waitJS("the muted note", note+` && !document.querySelector('#chat-log').textContent.includes('You will lose')`, scaled(10*time.Second))
	holmes.navigate(table)
	holmes.waitSeat(0)
	holmes.waitJS("the muted note after a reload", note+` && !document.querySelector('#chat-log').textContent.includes('You will lose')`, scaled(15*time.Second))
	moriarty.say("Still there?")
	holmes.waitJS("his new line muted too", `document.querySelectorAll('#chat-log li.muted-line').length === 2`, scaled(10*time.Second))
	holmes.mustClick("#chat-log [data-unmute]")
	holmes.waitJS("his lines again", `document.querySelector('#chat-log').textContent.includes('You will lose') && document.querySelector('#chat-log').textContent.includes('Still there?')`, scaled(10*time.Second))
	// A guest reports a player from the seat list.
	moriarty.mustClick(`[data-report-seat="0"]`)
	moriarty.waitJS("the report dialog", `document.getElementById('report-dialog')?.open && !document.querySelector('#report-dialog blockquote')`, scaled(10*time.Second))
	moriarty.mustClick("#report-send")
	moriarty.waitJS("the thanks", `!document.getElementById('report-dialog') && [...document.querySelectorAll('#toasts .toast.info')].some((e) => e.textContent.includes('moderators'))`, scaled(10*time.Second))
	if n := mustEval[int](moriarty, `document.querySelectorAll('[data-report-seat="1"]').length`); n != 0 {
		t.Fatalf("a player may report their own seat (%d buttons)", n)
	}

	// Blocked, Moriarty is listed in the account dialog, and unblocked there.
	mustEval[bool](holmes, `(`+line+`.querySelector('.chat-actions').open = true, window.confirm = () => true, true)`)
	holmes.mustClick("#chat-log [data-block]")
	holmes.waitJS("the block's notice", `[...document.querySelectorAll('#toasts .toast.info')].some((e) => e.textContent.includes('blocked'))`, scaled(10*time.Second))
	holmes.navigate("/")
	holmes.mustClick("#account-open")
	holmes.waitJS("the blocked list", `document.querySelector('#block-list .passkey-name')?.textContent === 'Moriarty'`, scaled(10*time.Second))
	holmes.mustClick("#block-list button")
	holmes.waitJS("the list emptied", `document.getElementById('relations-title')?.closest('section')?.hidden === true`, scaled(10*time.Second))
	holmes.checkConsole()
	moriarty.checkConsole()
}

// TestBrowserGuestMutesEveryPage: a guest's mute is the server's too: made
// at a table, it holds after a reload with the browser's storage cleared,
// and at another table of the same player; the account dialog lists it
// (and a block) for the guest, and undoes each there.
func TestBrowserGuestMutesEveryPage(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	holmes := openPage(t, browser, "holmes", base)
	watson := openPage(t, browser, "watson", base)
	holmes.navigate("/")
	holmes.signIn("Sherlock")
	invites, table := holmes.createTable("pocket", 2)
	invites2, table2 := holmes.createTable("pocket", 2)
	holmes.navigate(invites[0])
	holmes.acceptInvite()
	holmes.waitSeat(0)
	watson.navigate(invites[1])
	watson.signIn("Watson")
	watson.acceptInvite()
	watson.waitSeat(1)

	holmes.say("Come at once if convenient")
	const line = `[...document.querySelectorAll('#chat-log li')].find((l) => l.textContent.includes('Come at once'))`
	watson.waitJS("Sherlock's line with its actions", line+`?.querySelector('.chat-actions summary')`, scaled(10*time.Second))
	mustEval[bool](watson, `(`+line+`.querySelector('.chat-actions').open = true, true)`)
	watson.mustClick("#chat-log [data-mute]")
	const note = `[...document.querySelectorAll('#chat-log li.muted-line')].some((l) => l.textContent.includes('Sherlock'))`
	watson.waitJS("the muted note", note+` && !document.querySelector('#chat-log').textContent.includes('Come at once')`, scaled(10*time.Second))
	mustEval[bool](watson, `(localStorage.clear(), true)`)
	watson.navigate(table)
	watson.waitSeat(1)
	watson.waitJS("the muted note after a reload, storage cleared", note+` && !document.querySelector('#chat-log').textContent.includes('Come at once')`, scaled(15*time.Second))

	// Another table: Sherlock's lines are muted there too.
	holmes.navigate(invites2[0])
	holmes.acceptInvite()
	holmes.waitSeat(0)
	watson.navigate(invites2[1])
	watson.acceptInvite()
	watson.waitSeat(1)
	holmes.say("The game is afoot")
	watson.waitJS("his line muted at the other table", note+` && !document.querySelector('#chat-log').textContent.includes('afoot')`, scaled(15*time.Second))

	// The guest's account dialog lists the mute, with its undo.
	watson.navigate("/")
	watson.mustClick("#account-open")
	watson.waitJS("the guest's muted list", `document.querySelector('#mute-list .passkey-name')?.textContent === 'Sherlock'`, scaled(10*time.Second))
	watson.mustClick("#mute-list button")
	watson.waitJS("the list emptied", `document.getElementById('relations-title')?.closest('section')?.hidden === true`, scaled(10*time.Second))
	watson.navigate(table2)
	watson.waitSeat(1)
	watson.waitJS("his line again at the other table", `document.querySelector('#chat-log').textContent.includes('afoot') && !document.querySelector('#chat-log li.muted-line')`, scaled(15*time.Second))
	// A block by the guest, listed and undone there too.
	const line2 = `[...document.querySelectorAll('#chat-log li')].find((l) => l.textContent.includes('afoot'))`
	watson.waitJS("his line's actions", line2+`?.querySelector('.chat-actions [data-block]')`, scaled(10*time.Second))
	mustEval[bool](watson, `(window.confirm = () => true, `+line2+`.querySelector('.chat-actions').open = true, `+line2+`.querySelector('[data-block]').click(), true)`)
	watson.waitJS("the block's notice", `[...document.querySelectorAll('#toasts .toast.info')].some((e) => e.textContent.includes('blocked'))`, scaled(10*time.Second))
	watson.navigate("/")
	watson.mustClick("#account-open")
	watson.waitJS("the guest's blocked list", `document.querySelector('#block-list .passkey-name')?.textContent === 'Sherlock' && !document.getElementById('mute-list')`, scaled(10*time.Second))
	shots := artifactsDir(t)
	for _, vp := range []struct {
		w, h int64
		name string
	}{{1366, 768, "guest-relations-laptop.png"}, {390, 844, "guest-relations-phone.png"}} {
		if _, err := chromedp.Run(watson.ctx, chromedp.EmulateViewport(vp.w, vp.h)); err != nil {
			t.Fatal(err)
		}
		mustEval[bool](watson, `(document.getElementById('relations-title').scrollIntoView({block: 'center'}), true)`)
		watson.viewportShot(shots, vp.name)
	}
	if _, err := chromedp.Run(watson.ctx, chromedp.EmulateReset()); err != nil {
		t.Fatal(err)
	}
	watson.mustClick("#block-list button")
	watson.waitJS("the list emptied", `document.getElementById('relations-title')?.closest('section')?.hidden === true`, scaled(10*time.Second))
	holmes.checkConsole()
	watson.checkConsole()
}
