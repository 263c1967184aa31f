package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gaslamp/server"
)

// fill types text into the input with id.
func (p *page) fill(id, text string) {
	p.t.Helper()
	if err := p.run(scaled(10*time.Second), chromedp.SendKeys(chromedp.ID(id), text)); err != nil {
		p.t.Fatalf("%s: typing into #%s: %v\n%s", p.name, id, err, p.describe())
	}
}

// TestBrowserAccountRegisterAndSignIn: a seated guest creates an account
// from the lobby's account dialog and keeps the seat; on another device
// (another browser context) the account signs in from the name prompt and
// holds the same seat; a guest seated on a third device signs in to the
// account and its seat comes along.
func TestBrowserAccountRegisterAndSignIn(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)

	laptop := openPage(t, browser, "laptop", base)
	phone := openPage(t, browser, "phone", base)

	laptop.navigate("/")
	laptop.signIn("Sherlock")
	invites, table := laptop.createTable("pocket", 2)
	laptop.navigate(invites[0])
	laptop.acceptInvite()
	laptop.waitSeat(0)

	// The guest becomes an account.
	laptop.navigate("/")
	laptop.waitJS("the account button", `document.getElementById('account-open')`, scaled(15*time.Second))
	laptop.mustClick("#account-open")
	laptop.waitJS("the account dialog", `document.getElementById('account-dialog')?.open && !document.getElementById('register-form').hidden`, scaled(10*time.Second))
	laptop.fill("register-name", "Holmes221")
	laptop.fill("register-password", "elementary, dear")
	laptop.mustClick("#register-form-submit")
	laptop.waitJS("the account's name in the header", `document.querySelector('#me-name a')?.textContent === 'Holmes221'`, scaled(15*time.Second))
	laptop.navigate(table)
	laptop.waitSeat(0)

	// Another device signs in from the name prompt.
	phone.navigate("/")
	phone.waitJS("the name prompt", `document.getElementById('name-dialog')?.open && document.getElementById('name-signin')`, scaled(15*time.Second))
	phone.mustClick("#name-signin")
	phone.waitJS("the sign-in form", `document.getElementById('account-dialog')?.open && !document.getElementById('signin-form').hidden`, scaled(10*time.Second))
	phone.fill("signin-name", "holmes221")
	phone.fill("signin-password", "wrong password")
	phone.mustClick("#signin-form-submit")
	phone.waitJS("the refusal", `document.querySelector('#signin-form .form-error')?.textContent.length > 0`, scaled(10*time.Second))
	mustEval[bool](phone, `(document.getElementById('signin-password').value = '') === ''`)
	phone.fill("signin-password", "elementary, dear")
	phone.mustClick("#signin-form-submit")
	phone.waitJS("the account's name in the header", `document.querySelector('#me-name a')?.textContent === 'Holmes221'`, scaled(15*time.Second))
	phone.navigate(table)
	phone.waitSeat(0)

	// A guest on a third device takes a seat at a new table, then signs in
	// to the account from the account dialog: the seat comes along.
	tablet := openPage(t, browser, "tablet", base)
	tablet.navigate("/")
	tablet.signIn("Wiggins")
	invites2, table2 := tablet.createTable("pocket", 2)
	tablet.navigate(invites2[1])
	tablet.acceptInvite()
	tablet.waitSeat(1)
	tablet.navigate("/")
	tablet.waitJS("the account button", `document.getElementById('account-open')`, scaled(15*time.Second))
	tablet.mustClick("#account-open")
	tablet.waitJS("the account dialog", `document.getElementById('account-dialog')?.open && document.getElementById('to-signin')`, scaled(10*time.Second))
	tablet.mustClick("#to-signin")
	tablet.waitJS("the sign-in form, saying the guest's games come along", `!document.getElementById('signin-form').hidden && (document.querySelector('#signin-form .help')?.textContent ?? '').includes('games as a guest')`, scaled(10*time.Second))
	tablet.fill("signin-name", "Holmes221")
	tablet.fill("signin-password", "elementary, dear")
	tablet.mustClick("#signin-form-submit")
	tablet.waitJS("the account's name in the header", `document.querySelector('#me-name a')?.textContent === 'Holmes221'`, scaled(15*time.Second))
	tablet.navigate(table2)
	tablet.waitSeat(1)
	tablet.waitJS("the seat under the account's name", `(document.querySelector('#seats li[data-seat="1"] .player')?.textContent ?? '').includes('Holmes221')`, scaled(15*time.Second))
	laptop.checkConsole()
	phone.checkConsole()
	tablet.checkConsole()
}

// TestBrowserAwayDateInThePlayersLanguage: the "away until" field is drawn
// in the browser's own date format (an English browser shows 12/20/2026
// to a French player); the date chosen is said again under it in the
// player's language, and again in another language when it changes.
func TestBrowserAwayDateInThePlayersLanguage(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	p := openPage(t, browser, "away", base)
	p.register("Passer-by", "Phileas1872", "around the world")
	mustEval[any](p, `(() => { const s = document.getElementById('lang-select'); s.value = 'fr'; s.dispatchEvent(new Event('change')); })()`)
	p.waitJS("the lobby in French", `document.documentElement.lang === 'fr'`, scaled(10*time.Second))
	p.mustClick("#account-open")
	p.waitJS("the away form", `document.getElementById('account-dialog')?.open && document.getElementById('away-until')`, scaled(10*time.Second))
	mustEval[any](p, `(() => { const i = document.getElementById('away-until'); i.value = '2026-12-20T18:30'; i.dispatchEvent(new Event('input')); })()`)
	p.waitJS("the date said in French", `document.getElementById('away-when').textContent === 'Retour le dimanche 20 décembre 2026 à 18:30'`, scaled(10*time.Second))
	mustEval[any](p, `(() => { const s = document.getElementById('lang-select'); s.value = 'nl'; s.dispatchEvent(new Event('change')); })()`)
	p.waitJS("the date said in Dutch", `document.getElementById('away-when').textContent.startsWith('Terug op zondag 20 december 2026')`, scaled(10*time.Second))
	p.phone()
	mustEval[any](p, `document.getElementById('away-form').scrollIntoView({block: 'center'})`)
	p.viewportShot(shotsDir(t), "away-phone-nl.png")
	p.checkConsole()
}

// TestBrowserGuestChatOff: on a site where only accounts chat (serve
// --guest-chat=false), a guest at a table finds the chat's input disabled
// with the reason and a button to an account (on a phone the header's is not
// shown); once the guest has made an account from it (the page reloads),
// the chat takes its line.
func TestBrowserGuestChatOff(t *testing.T) {
	requireBrowser(t)
	base, _ := startServerWith(t, func(_ string, c *server.Config) { c.NoGuestChat = true })
	p := openPage(t, startBrowser(t), "guest", base)
	p.navigate("/")
	p.signIn("Wanderer")
	p.createBotTableAt("pocket", 2, 0)
	p.waitJS("the chat closed to a guest, saying why", `document.getElementById('chat-input').disabled && !document.getElementById('chat-note').hidden &&
  document.getElementById('chat-note').textContent.includes('only players with an account') && document.getElementById('chat-register')`, scaled(15*time.Second))
	p.phone()
	mustEval[any](p, `document.getElementById('chat-form').scrollIntoView({block: 'center'})`)
	p.viewportShot(shotsDir(t), "guest-chat-off-phone.png")
	table := mustEval[string](p, `location.pathname`)
	p.mustClick("#chat-register")
	p.waitJS("the account dialog", `document.getElementById('account-dialog')?.open && !document.getElementById('register-form').hidden`, scaled(10*time.Second))
	p.fill("register-name", "Wanderer1887")
	p.fill("register-password", "a long way home")
	p.mustClick("#register-form-submit")
	p.waitJS("the account's name in the header", `document.querySelector('#me-name a')?.textContent === 'Wanderer1887'`, scaled(15*time.Second))
	if got := mustEval[string](p, `location.pathname`); got != table {
		p.navigate(table)
	}
	p.waitJS("the chat open to the account", `!document.getElementById('chat-input').disabled && document.getElementById('chat-note').hidden`, scaled(15*time.Second))
	p.fill("chat-input", "good evening")
	p.mustClick("#chat-send")
	p.waitJS("the line in the chat", `(document.getElementById('chat-log').textContent ?? '').includes('good evening')`, scaled(15*time.Second))
	p.checkConsole()
}
