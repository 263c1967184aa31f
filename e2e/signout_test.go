package e2e

import (
	"testing"
	"time"
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
