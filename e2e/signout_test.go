package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gaslamp/server"
)

// TestBrowserGuestSignOutAsksFirst: a guest who signs out is asked first,
// since a guest has no password to come back to its games and seats with;
// cancelling keeps the guest signed in, confirming signs it out. (An
// account signs out at once: TestBrowserPasskeys.)
func TestBrowserGuestSignOutAsksFirst(t *testing.T) {
	requireBrowser(t)
	p := openPage(t, startBrowser(t), "guest", startServer(t))
	p.navigate("/")
	p.signIn("Gast")
	p.mustClick("#sign-out")
	p.waitJS("the question", `document.getElementById('guest-sign-out-dialog')?.open === true && document.getElementById('guest-sign-out-dialog').textContent.includes('Keep my games')`, scaled(10*time.Second))
	p.mustClick(`#guest-sign-out-dialog button[data-confirm="no"]`)
	p.waitJS("the question to close", `!document.getElementById('guest-sign-out-dialog')`, scaled(10*time.Second))
	if got := mustEval[string](p, `document.getElementById('me-name').textContent + '|' + !!document.getElementById('name-dialog')?.open`); got != "Gast|false" {
		t.Fatalf("after cancelling, the header and name prompt read %q, want the guest Gast still signed in", got)
	}
	p.mustClick("#sign-out")
	p.waitJS("the question", `document.getElementById('guest-sign-out-dialog')?.open === true`, scaled(10*time.Second))
	p.mustClick(`#guest-sign-out-dialog button[data-confirm="yes"]`)
	p.waitJS("the name prompt", `document.getElementById('name-dialog')?.open === true`, scaled(15*time.Second))
}

// TestBrowserSignedOutElsewhere: an account plays at a table on its laptop
// and signs out its other devices from its phone; the laptop's table page,
// whose socket the server closes, comes back as a spectator's: it says the
// device was signed out and asks to sign in again, not "you are back at the
// table" (after which every action answered "Choose a name first").
func TestBrowserSignedOutElsewhere(t *testing.T) {
	requireBrowser(t)
	base, _ := startServerWith(t, func(_ string, c *server.Config) { c.RevokeCheck = 200 * time.Millisecond })
	browser := startBrowser(t)
	laptop := openPage(t, browser, "laptop", base)
	laptop.register("Guest", "Poirot1", "the mysterious affair")
	laptop.createBotTableAt("pocket", 2, 1)

	phone := openPage(t, browser, "phone", base)
	phone.signInAccount("Poirot1", "the mysterious affair")
	phone.mustClick("#account-open")
	phone.waitJS("the account dialog's devices", `document.getElementById('sign-out-others')`, scaled(10*time.Second))
	phone.mustClick("#sign-out-others")

	laptop.waitJS("the signed-out notice and the name prompt", `document.getElementById('notice')?.dataset.kind === 'signed-out' && !document.getElementById('notice').hidden && document.getElementById('name-dialog')?.open === true`, scaled(20*time.Second))
	if toasts := mustEval[string](laptop, `[...document.querySelectorAll('.toast')].map((e) => e.textContent).join(' | ')`); strings.Contains(toasts, "back at the table") {
		t.Errorf("the laptop says %q after being signed out", toasts)
	}
}

// TestBrowserAccountTextsFollowTheSite: on a site that sends no mail, the
// registration and sign-in forms say that a forgotten password takes the
// admin (there is no "Forgot your password?" to click), and the password's
// label gives its least length; a table page's notification bell takes the
// page's new language.
func TestBrowserAccountTextsFollowTheSite(t *testing.T) {
	p := botTablePage(t, "guest", "pocket", 2, 1)
	p.mustClick("#account-open")
	p.waitJS("the registration form", `document.getElementById('account-dialog')?.open && !document.getElementById('register-form').hidden`, scaled(10*time.Second))
	p.waitJS("the no-mail note at registration", `document.getElementById('register-no-mail')?.hidden === false`, scaled(10*time.Second))
	if label := mustEval[string](p, `document.querySelector('label[for="register-password"]')?.textContent ?? ''`); !strings.Contains(label, "8") {
		t.Errorf("the registration's password label reads %q, want its least length", label)
	}
	p.mustClick("#to-signin")
	p.waitJS("the no-mail note at sign-in, and no reset link", `document.getElementById('reset-no-mail')?.hidden === false && document.getElementById('to-reset')?.hidden === true`, scaled(10*time.Second))
	p.mustClick("#account-close")
	p.waitJS("the bell", `document.getElementById('push-toggle')?.getAttribute('aria-label')`, scaled(10*time.Second))
	before := mustEval[string](p, `document.getElementById('push-toggle').getAttribute('aria-label')`)
	mustEval[any](p, `(() => { const s = document.getElementById('lang-select'); s.value = 'fr'; s.dispatchEvent(new Event('change')); })()`)
	p.waitJS("the page in French", `document.documentElement.lang === 'fr'`, scaled(15*time.Second))
	p.waitJS("the bell in French", `document.getElementById('push-toggle').getAttribute('aria-label') !== `+jsString(before)+` && document.getElementById('push-toggle').title.includes('\n')`, scaled(10*time.Second))
}

// TestBrowserLanguageFollowsTheAccount: the language an account chooses on
// one device is the one another device takes when the account signs in
// there (it stayed in the browser, and the phone showed English).
func TestBrowserLanguageFollowsTheAccount(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	laptop := openPage(t, browser, "laptop", base)
	laptop.register("Guest", "Adler2", "a scandal in bohemia")
	mustEval[any](laptop, `(() => { const s = document.getElementById('lang-select'); s.value = 'nl'; s.dispatchEvent(new Event('change')); })()`)
	laptop.waitJS("the page in Dutch", `document.documentElement.lang === 'nl'`, scaled(15*time.Second))
	deadline := time.Now().Add(scaled(15 * time.Second))
	for {
		got, err := chromedp.Run(laptop.ctx, chromedp.Evaluate[string](`fetch('/api/me').then((r) => r.json()).then((m) => m.lang ?? '')`, chromedp.EvalAwaitPromise))
		if err == nil && got == "nl" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the account's language is %q (%v), want nl", got, err)
		}
		time.Sleep(50 * time.Millisecond)
	}

	phone := openPage(t, browser, "phone", base)
	phone.signInAccount("Adler2", "a scandal in bohemia")
	phone.waitJS("the phone in Dutch", `document.documentElement.lang === 'nl' && document.getElementById('lang-select').value === 'nl'`, scaled(15*time.Second))
}

// TestBrowserSignInSaysSeatsLeftBehind: a guest who signs in to an account
// that plays the other side of the guest's table is told that seat stays
// with the guest (it was left without a word, at the guest's turn).
func TestBrowserSignInSaysSeatsLeftBehind(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	laptop := openPage(t, browser, "laptop", base)
	laptop.register("Guest", "Emile2", "the hound of the baskervilles")
	invites, _ := laptop.createTable("pocket", 2)
	laptop.clickUntil(`#invites li[data-invite-seat="0"] a.invite-link`, "the invitation page", `location.pathname.startsWith('/join/')`, scaled(20*time.Second))
	laptop.acceptInvite()
	laptop.waitSeat(0)

	phone := openPage(t, browser, "phone", base)
	phone.navigate(invites[1])
	phone.signIn("Holmes")
	phone.acceptInvite()
	phone.waitSeat(1)
	phone.waitJS("the account button", `document.getElementById('account-open')`, scaled(15*time.Second))
	phone.mustClick("#account-open")
	phone.waitJS("the account dialog", `document.getElementById('account-dialog')?.open`, scaled(10*time.Second))
	phone.mustClick("#to-signin")
	phone.fill("signin-name", "Emile2")
	phone.fill("signin-password", "the hound of the baskervilles")
	phone.mustClick("#signin-form-submit")
	phone.waitJS("the account's name in the header", `document.querySelector('#me-name a')?.textContent === 'Emile2'`, scaled(15*time.Second))
	phone.waitJS("the seat left behind, said", `[...document.querySelectorAll('.toast')].some((e) => e.textContent.includes('stays with the guest'))`, scaled(10*time.Second))
}

// TestBrowserAccountDialogFollowsTheLanguage: the account dialog, open
// while the language changes, is wholly in the new one (its title, with the
// account's name, and the away counter stayed in the former).
func TestBrowserAccountDialogFollowsTheLanguage(t *testing.T) {
	requireBrowser(t)
	p := openPage(t, startBrowser(t), "adler", startServer(t))
	p.register("Guest", "Adler3", "a scandal in bohemia")
	p.mustClick("#account-open")
	p.waitJS("the account dialog with its away counter", `document.getElementById('account-dialog')?.open && (document.getElementById('away-status')?.textContent ?? '').includes('This month')`, scaled(10*time.Second))
	mustEval[any](p, `(() => { const s = document.getElementById('lang-select'); s.value = 'fr'; s.dispatchEvent(new Event('change')); })()`)
	p.waitJS("the dialog in French", `document.documentElement.lang === 'fr' && document.getElementById('account-title').textContent.includes('Adler3') && !document.getElementById('account-title').textContent.includes('Signed in') && document.getElementById('away-status').textContent.includes('Ce mois-ci')`, scaled(10*time.Second))
}
