package e2e

import (
	"io"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/emersion/go-smtp"

	"gaslamp/server"
)

// mailSink is an SMTP server on loopback that hands over the bodies of the
// mails it is sent.
type mailSink struct {
	addr *net.TCPAddr
	got  chan string
}

func newMailSink(t *testing.T) *mailSink {
	k := &mailSink{got: make(chan string, 16)}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &mailSinkSession{k: k}, nil }))
	srv.Domain = "sink.test"
	srv.AllowInsecureAuth = true
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	k.addr = ln.Addr().(*net.TCPAddr)
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return k
}

// link waits for the next mail and returns its first link to path.
func (k *mailSink) link(t *testing.T, what, path string) string {
	t.Helper()
	select {
	case body := <-k.got:
		l := regexp.MustCompile(`http://127\.0\.0\.1:\d+` + regexp.QuoteMeta(path) + `\?\S+`).FindString(body)
		if l == "" {
			t.Fatalf("%s: no link to %s in:\n%s", what, path, body)
		}
		return l
	case <-time.After(scaled(20 * time.Second)):
		t.Fatalf("no mail came (%s)", what)
	}
	return ""
}

type mailSinkSession struct{ k *mailSink }

func (s *mailSinkSession) Reset()                               {}
func (s *mailSinkSession) Logout() error                        { return nil }
func (s *mailSinkSession) Mail(string, *smtp.MailOptions) error { return nil }
func (s *mailSinkSession) Rcpt(string, *smtp.RcptOptions) error { return nil }
func (s *mailSinkSession) Data(r io.Reader) error {
	msg, err := mail.ReadMessage(r)
	if err != nil {
		return err
	}
	var body io.Reader = msg.Body
	if strings.EqualFold(msg.Header.Get("Content-Transfer-Encoding"), "quoted-printable") {
		body = quotedprintable.NewReader(msg.Body)
	}
	b, _ := io.ReadAll(body)
	s.k.got <- string(b)
	return nil
}

// TestBrowserPasswordReset: an account gives its e-mail address in the
// account dialog, which says it is not confirmed yet; the mailed link's page
// confirms it. On a phone, "Forgot your password?" under the sign-in form
// mails a link whose page sets a new password and leads to the sign-in
// form; the new password signs in, and the laptop's session has ended.
func TestBrowserPasswordReset(t *testing.T) {
	requireBrowser(t)
	sink := newMailSink(t)
	base, _ := startServerWith(t, func(base string, c *server.Config) {
		c.SMTP = &server.SMTPSettings{Host: "127.0.0.1", Port: sink.addr.Port, TLS: "none"}
		c.MailFrom = "gaslamp <play@example.org>"
		c.PublicURLs = []string{base}
	})
	browser := startBrowser(t)
	dir := shotsDir(t)
	laptop := openPage(t, browser, "laptop", base)
	phone := openPage(t, browser, "phone", base)
	phone.phone()

	// The laptop: an account with an address, not confirmed yet.
	laptop.navigate("/")
	laptop.signIn("Irene")
	laptop.waitJS("the account button", `document.getElementById('account-open')`, scaled(15*time.Second))
	laptop.mustClick("#account-open")
	laptop.waitJS("the account dialog", `document.getElementById('account-dialog')?.open && !document.getElementById('register-form').hidden`, scaled(10*time.Second))
	laptop.fill("register-name", "Irene")
	laptop.fill("register-password", "the woman, always")
	laptop.mustClick("#register-form-submit")
	laptop.waitJS("the account's name in the header", `document.querySelector('#me-name a')?.textContent === 'Irene'`, scaled(15*time.Second))
	laptop.mustClick("#account-open")
	laptop.waitJS("the mail settings", `document.getElementById('mail-form')?.hidden === false`, scaled(10*time.Second))
	laptop.fill("mail-email", "irene@example.org")
	laptop.waitJS("the password a new address needs", `document.getElementById('mail-password')?.required && document.getElementById('mail-password').closest('.field').hidden === false`, scaled(10*time.Second))
	laptop.fill("mail-password", "the woman, always")
	laptop.mustClick("#mail-form-submit")
	laptop.waitJS("the address said unconfirmed", `document.getElementById('mail-confirmed')?.textContent.includes('Not confirmed') && !document.getElementById('mail-resend').hidden && document.getElementById('mail-password').closest('.field').hidden`, scaled(10*time.Second))
	laptop.screenshot(dir, "account-mail-unconfirmed.png", "#mail-form")
	axe := axeSource(t)
	laptop.checkAxeSchemes(axe, "the account dialog with an unconfirmed address")

	// The confirmation link: a page with a button.
	laptop.navigate(sink.link(t, "the confirmation", "/account/confirm"))
	laptop.waitJS("the confirmation page", `document.querySelector('main.account-link form button')`, scaled(10*time.Second))
	laptop.viewportShot(dir, "account-confirm-page")
	laptop.checkAxeSchemes(axe, "the confirmation page")
	laptop.mustClick("main.account-link form button")
	laptop.waitJS("the address confirmed", `document.querySelector('main.account-link p')?.textContent.includes('is confirmed')`, scaled(10*time.Second))
	laptop.navigate("/")
	laptop.waitJS("the account button", `document.getElementById('account-open')`, scaled(15*time.Second))
	laptop.mustClick("#account-open")
	laptop.waitJS("the address said confirmed", `document.getElementById('mail-confirmed')?.textContent.includes('is confirmed') && document.getElementById('mail-resend').hidden`, scaled(10*time.Second))

	// The phone, signed out, asks for a new password.
	phone.navigate("/")
	phone.waitJS("the name prompt", `document.getElementById('name-dialog')?.open && document.getElementById('name-signin')`, scaled(15*time.Second))
	phone.mustClick("#name-signin")
	phone.waitJS("the sign-in form and its reset link", `!document.getElementById('signin-form').hidden && document.getElementById('to-reset')?.hidden === false`, scaled(10*time.Second))
	phone.fill("signin-name", "irene")
	phone.mustClick("#to-reset")
	phone.waitJS("the reset form, with the name", `document.getElementById('reset-form')?.hidden === false && document.getElementById('reset-name').value === 'irene'`, scaled(10*time.Second))
	phone.mustClick("#reset-form-submit")
	phone.waitJS("the reset asked", `document.getElementById('reset-status')?.textContent.includes('on its way')`, scaled(10*time.Second))
	phone.viewportShot(dir, "signin-reset-phone")
	phone.checkAxeSchemes(axe, "the sign-in dialog's reset form")

	// The mailed link: a new password, then the sign-in form.
	phone.navigate(sink.link(t, "the reset", "/account/reset"))
	phone.waitJS("the reset page", `document.getElementById('reset-password')`, scaled(10*time.Second))
	phone.viewportShot(dir, "account-reset-page-phone")
	phone.checkAxeSchemes(axe, "the new password page")
	phone.fill("reset-password", "a scandal in bohemia")
	phone.mustClick("main.account-link form button")
	phone.waitJS("the password changed", `document.querySelector('main.account-link a[href="/#signin"]')`, scaled(10*time.Second))
	phone.mustClick(`main.account-link a[href="/#signin"]`)
	phone.waitJS("the sign-in form, opened at once", `document.getElementById('account-dialog')?.open && !document.getElementById('signin-form').hidden && location.hash === ''`, scaled(15*time.Second))
	phone.fill("signin-name", "Irene")
	phone.fill("signin-password", "a scandal in bohemia")
	phone.mustClick("#signin-form-submit")
	phone.waitJS("the account's name in the header", `document.querySelector('#me-name a')?.textContent === 'Irene'`, scaled(15*time.Second))

	// The laptop's session ended with the reset.
	laptop.navigate("/")
	laptop.waitJS("the name prompt", `document.getElementById('name-dialog')?.open`, scaled(15*time.Second))

	// Signed in again on the laptop, then signed out from the phone by
	// "Sign out my other devices".
	laptop.mustClick("#name-signin")
	laptop.waitJS("the sign-in form", `document.getElementById('account-dialog')?.open && !document.getElementById('signin-form').hidden`, scaled(10*time.Second))
	laptop.fill("signin-name", "Irene")
	laptop.fill("signin-password", "a scandal in bohemia")
	laptop.mustClick("#signin-form-submit")
	laptop.waitJS("the account's name in the header", `document.querySelector('#me-name a')?.textContent === 'Irene'`, scaled(15*time.Second))
	phone.mustClick("#account-open")
	phone.waitJS("the account dialog's devices", `document.getElementById('sign-out-others')`, scaled(10*time.Second))
	phone.mustClick("#sign-out-others")
	phone.waitJS("the other device signed out", `document.getElementById('others-status')?.textContent === '1 other device is signed out.'`, scaled(10*time.Second))
	phone.viewportShot(dir, "account-devices-phone")
	// "Download my data" is a link to the account's data, its name in it.
	phone.waitJS("the data link", `document.getElementById('account-data')?.getAttribute('href') === '/api/account/data'`, scaled(10*time.Second))
	if name, err := chromedp.Run(phone.ctx, chromedp.Evaluate[string](`fetch(document.getElementById('account-data').href).then((r) => r.json()).then((d) => d.account.name + ' ' + d.account.email)`, chromedp.EvalAwaitPromise)); err != nil || name != "Irene irene@example.org" {
		t.Fatalf("the account's data: %q %v", name, err)
	}
	laptop.navigate("/")
	laptop.waitJS("the name prompt", `document.getElementById('name-dialog')?.open`, scaled(15*time.Second))
	phone.navigate("/")
	phone.waitJS("the phone still signed in", `document.querySelector('#me-name a')?.textContent === 'Irene'`, scaled(15*time.Second))
}
