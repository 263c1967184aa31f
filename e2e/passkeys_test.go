package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/webauthn"
	"github.com/chromedp/chromedp"
)

// addAuthenticator gives the tab a virtual platform authenticator (CTAP2,
// internal transport, resident keys, user verification that succeeds, and
// presence simulated): what a laptop's fingerprint reader would be.
func (p *page) addAuthenticator() {
	p.t.Helper()
	err := p.run(scaled(10*time.Second), chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := cdp.Call(ctx, t, webauthn.Enable, webauthn.EnableParams{}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, t, webauthn.AddVirtualAuthenticator, webauthn.AddVirtualAuthenticatorParams{
			Options: &webauthn.VirtualAuthenticatorOptions{
				Protocol: webauthn.AuthenticatorProtocolCtap2, Ctap2version: webauthn.Ctap2versionCtap21,
				Transport: webauthn.AuthenticatorTransportInternal, HasResidentKey: true,
				HasUserVerification: true, IsUserVerified: true, AutomaticPresenceSimulation: true,
			},
		})
		return err
	}))
	if err != nil {
		p.t.Fatalf("%s: adding a virtual authenticator: %v", p.name, err)
	}
}

// TestBrowserPasskeySignIn: a guest creates an account, adds a passkey from
// the account dialog (listed with its name), signs out, and signs back in
// with the passkey alone (no name, no password), keeping the account.
func TestBrowserPasskeySignIn(t *testing.T) {
	requireBrowser(t)
	// Passkeys need a domain name (a relying party ID cannot be an IP
	// address): without --public-url the server accepts localhost.
	base := strings.Replace(startServer(t), "127.0.0.1", "localhost", 1)
	browser := startBrowser(t)
	p := openPage(t, browser, "laptop", base)
	p.addAuthenticator()

	p.navigate("/")
	p.signIn("Irene")
	p.waitJS("the account button", `document.getElementById('account-open')`, scaled(15*time.Second))
	p.mustClick("#account-open")
	p.waitJS("the account dialog", `document.getElementById('account-dialog')?.open && !document.getElementById('register-form').hidden`, scaled(10*time.Second))
	p.fill("register-name", "Adler1")
	p.fill("register-password", "a scandal in bohemia")
	p.mustClick("#register-form-submit")
	p.waitJS("the account's name in the header", `document.querySelector('#me-name a')?.textContent === 'Adler1'`, scaled(15*time.Second))

	// The account adds a passkey.
	p.mustClick("#account-open")
	p.waitJS("the passkeys of the account dialog", `document.getElementById('passkey-form') && !document.getElementById('passkey-none').hidden`, scaled(10*time.Second))
	p.fill("passkey-name", "This laptop")
	p.mustClick("#passkey-form-submit")
	p.waitJS("the passkey in the list", `[...document.querySelectorAll('#passkey-list .passkey-name')].map((e) => e.textContent).join('|') === 'This laptop'`, scaled(15*time.Second))
	if msg := mustEval[string](p, `document.querySelector('#passkey-form .form-error').textContent`); msg != "" {
		t.Fatalf("the passkey form shows an error: %q", msg)
	}
	p.mustClick("#account-close")

	// Signed out, the account comes back with the passkey alone.
	p.mustClick("#sign-out")
	p.waitJS("the name prompt", `document.getElementById('name-dialog')?.open && document.getElementById('name-signin')`, scaled(15*time.Second))
	p.mustClick("#name-signin")
	p.waitJS("the passkey button", `document.getElementById('account-dialog')?.open && !document.getElementById('signin-form').hidden && document.getElementById('passkey-signin')`, scaled(10*time.Second))
	p.mustClick("#passkey-signin")
	p.waitJS("the account's name in the header", `document.querySelector('#me-name a')?.textContent === 'Adler1'`, scaled(15*time.Second))
	// The list says when it was last used.
	p.mustClick("#account-open")
	p.waitJS("the passkey's last use", `document.querySelector('#passkey-list .passkey-dates')?.textContent.includes('last used')`, scaled(10*time.Second))
	p.checkConsole()
}
