package server

import (
	"io"
	"mime"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"
)

// linkIn returns the first link to path on the site in a mail's body, as an
// address of the test server.
func linkIn(t *testing.T, e *env, m sinkMail, path string) string {
	t.Helper()
	found := regexp.MustCompile(`https://play\.example\.org` + regexp.QuoteMeta(path) + `\?\S+`).FindString(m.Body)
	if found == "" {
		t.Fatalf("no link to %s in the mail:\n%s", path, m.Body)
	}
	u, err := url.Parse(found)
	if err != nil {
		t.Fatal(err)
	}
	return e.url + u.Path + "?" + u.RawQuery
}

// page fetches an account link's page (GET, or POST with a form) and
// returns its status and HTML.
func page(t *testing.T, method, link string, form url.Values) (int, string) {
	t.Helper()
	var resp *http.Response
	var err error
	if method == http.MethodPost {
		resp, err = http.PostForm(link, form)
	} else {
		resp, err = http.Get(link)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func subjectOf(m sinkMail) string {
	s, _ := new(mime.WordDecoder).DecodeHeader(m.Msg.Header.Get("Subject"))
	return s
}

// TestAccountRecovery: a new e-mail address gets a link that confirms it
// (in the account's language; GET changes nothing, POST confirms; void once
// the address changed); a password reset asked from the sign-in form goes
// only to a confirmed address, answers the same for any name, and its link
// sets a new password once, ends every session of the account, and expires.
func TestAccountRecovery(t *testing.T) {
	e, sink, clk := mailEnv(t)
	alice := e.account("Alice")
	other, code := e.signIn(nil, "Alice", "a long enough password") // Alice on another device
	if code != http.StatusOK {
		t.Fatalf("second sign-in: %d", code)
	}
	anon := &user{e: e}
	var info struct {
		Enabled bool `json:"enabled"`
	}
	if code := anon.do("GET", "/api/account/reset", nil, &info); code != http.StatusOK || !info.Enabled {
		t.Fatalf("reset info %d %+v", code, info)
	}

	// A new address needs the account's password: a session alone (a
	// stolen one) cannot send the resets elsewhere.
	var prefs mailPrefs
	for _, pw := range []string{"", "not the password"} {
		var refused httpErr
		if code := alice.do("POST", "/api/account/mail", map[string]any{"password": pw, "email": "mallory@example.org", "lang": "fr"}, &refused); code != http.StatusForbidden || refused.Code != CodeBadCredentials {
			t.Fatalf("a new address with the password %q: %d %+v", pw, code, refused)
		}
	}
	if alice.do("GET", "/api/account/mail", nil, &prefs); prefs.Email != "" {
		t.Fatalf("a refused address was kept: %+v", prefs)
	}

	// A new address: unconfirmed, and a confirmation mail in French.
	if code := alice.do("POST", "/api/account/mail", map[string]any{"password": "a long enough password", "email": "alice@example.org", "lang": "fr"}, &prefs); code != http.StatusOK || prefs.Confirmed {
		t.Fatalf("mail settings %d %+v", code, prefs)
	}
	m := sink.nextAccount("the confirmation of Alice's address")
	if len(m.To) != 1 || m.To[0] != "alice@example.org" || subjectOf(m) != "Confirmez votre adresse e-mail sur gaslamp" ||
		!strings.Contains(m.Body, "Bonjour Alice,") || !strings.Contains(m.Body, "48 heures") {
		t.Fatalf("confirmation mail to %v, subject %q:\n%s", m.To, subjectOf(m), m.Body)
	}
	confirm := linkIn(t, e, m, "/account/confirm")

	// Unconfirmed: a reset request is answered as any other and mails
	// nothing. The one sender sends in order: the next mail is the
	// confirmation of the address Alice gives next, not a reset link.
	for _, name := range []string{"Alice", "nobody-here"} {
		if code := anon.do("POST", "/api/account/reset", map[string]any{"name": name}, nil); code != http.StatusAccepted {
			t.Fatalf("reset request for %s: %d", name, code)
		}
	}
	if code := alice.do("POST", "/api/account/mail", map[string]any{"password": "a long enough password", "email": "alice@example.net", "lang": "fr"}, nil); code != http.StatusOK {
		t.Fatalf("mail settings %d", code)
	}
	if m := sink.nextAccount("the confirmation of the second address"); m.To[0] != "alice@example.net" || !strings.Contains(m.Body, "/account/confirm?") {
		t.Fatalf("after a reset request of an unconfirmed account, a mail to %v:\n%s", m.To, m.Body)
	}

	// The first link is void while the address is another.
	if code, html := page(t, http.MethodPost, confirm, nil); code != http.StatusBadRequest || !strings.Contains(html, "pas valide") {
		t.Fatalf("a link for a former address: %d\n%s", code, html)
	}
	// Back to the first address (its confirmation went less than
	// AccountMailEvery ago: no second one), whose link works again.
	if code := alice.do("POST", "/api/account/mail", map[string]any{"password": "a long enough password", "email": "alice@example.org", "lang": "fr"}, &prefs); code != http.StatusOK || prefs.Confirmed {
		t.Fatalf("mail settings %d %+v", code, prefs)
	}
	if code, html := page(t, http.MethodGet, confirm, nil); code != http.StatusOK || !strings.Contains(html, `lang="fr"`) ||
		!strings.Contains(html, "alice@example.org") || !strings.Contains(html, `<form method="post"`) {
		t.Fatalf("confirmation page: %d\n%s", code, html)
	}
	if alice.do("GET", "/api/account/mail", nil, &prefs); prefs.Confirmed {
		t.Fatal("a GET of the confirmation link confirmed the address")
	}
	forged, _ := url.Parse(confirm)
	q := forged.Query()
	q.Set("t", strings.Repeat("A", len(q.Get("t"))))
	forged.RawQuery = q.Encode()
	if code, _ := page(t, http.MethodPost, forged.String(), nil); code != http.StatusBadRequest {
		t.Fatalf("a forged confirmation: %d", code)
	}
	if code, html := page(t, http.MethodPost, confirm, nil); code != http.StatusOK || !strings.Contains(html, "est confirmée") {
		t.Fatalf("confirming: %d\n%s", code, html)
	}
	if alice.do("GET", "/api/account/mail", nil, &prefs); !prefs.Confirmed || prefs.Email != "alice@example.org" {
		t.Fatalf("after confirming: %+v", prefs)
	}

	// Confirmed: the reset link comes (the name as written in any case).
	if code := anon.do("POST", "/api/account/reset", map[string]any{"name": "ALICE"}, nil); code != http.StatusAccepted {
		t.Fatalf("reset request: %d", code)
	}
	m = sink.nextAccount("the reset link")
	if m.To[0] != "alice@example.org" || subjectOf(m) != "Choisissez un nouveau mot de passe sur gaslamp" ||
		!strings.Contains(m.Body, "60 minutes") || m.Msg.Header.Get("List-Unsubscribe") != "" {
		t.Fatalf("reset mail to %v, subject %q:\n%s", m.To, subjectOf(m), m.Body)
	}
	reset := linkIn(t, e, m, "/account/reset")
	// Within AccountMailEvery, another request mails nothing (the sender
	// is called here directly: it sends before it returns).
	e.srv.mail.handle(mailJob{user: alice.id, account: mailReset, at: clk.Now()})
	select {
	case m := <-sink.got:
		t.Fatalf("a second reset mail within %v: %q", AccountMailEvery, subjectOf(m))
	default:
	}

	// The reset page: a form; a short password is refused and changes
	// nothing; a good one is set, and every session of Alice ends.
	if code, html := page(t, http.MethodGet, reset, nil); code != http.StatusOK || !strings.Contains(html, `name="password"`) || !strings.Contains(html, `lang="fr"`) {
		t.Fatalf("reset page: %d\n%s", code, html)
	}
	if code, html := page(t, http.MethodPost, reset, url.Values{"password": {"short"}}); code != http.StatusBadRequest || !strings.Contains(html, `name="password"`) {
		t.Fatalf("a short new password: %d\n%s", code, html)
	}
	if !alice.signedIn() || !other.signedIn() {
		t.Fatal("a refused reset signed Alice out")
	}
	if code, html := page(t, http.MethodPost, reset, url.Values{"password": {"a brand new password"}}); code != http.StatusOK || !strings.Contains(html, "Connectez-vous") {
		t.Fatalf("reset: %d\n%s", code, html)
	}
	if alice.signedIn() || other.signedIn() {
		t.Fatal("a session of Alice outlived the reset")
	}
	if m := sink.nextAccount("the notice of the new password"); m.To[0] != "alice@example.org" || subjectOf(m) != "Votre mot de passe gaslamp a été changé" {
		t.Fatalf("after the reset, a mail to %v, subject %q", m.To, subjectOf(m))
	}
	if _, code := e.signIn(nil, "Alice", "a long enough password"); code != http.StatusUnauthorized {
		t.Fatalf("the old password after the reset: %d", code)
	}
	if _, code := e.signIn(nil, "Alice", "a brand new password"); code != http.StatusOK {
		t.Fatalf("the new password: %d", code)
	}
	// Used once: the link is void now.
	if code, html := page(t, http.MethodPost, reset, url.Values{"password": {"yet another password"}}); code != http.StatusBadRequest || strings.Contains(html, `name="password"`) {
		t.Fatalf("a used reset link: %d\n%s", code, html)
	}
	if _, code := e.signIn(nil, "Alice", "yet another password"); code != http.StatusUnauthorized {
		t.Fatalf("a used link set the password: %d", code)
	}

	// The link an admin prints (gaslamp admin reset-link) works as the
	// mailed one.
	acc, err := e.srv.store.AccountByUser(t.Context(), alice.id)
	if err != nil {
		t.Fatal(err)
	}
	byAdmin, err := ResetLink(t.Context(), e.srv.store, e.url, acc, clk.Now())
	if err != nil {
		t.Fatal(err)
	}
	if code, _ := page(t, http.MethodPost, byAdmin, url.Values{"password": {"the admin's password"}}); code != http.StatusOK {
		t.Fatalf("an admin's reset link: %d", code)
	}
	if _, code := e.signIn(nil, "Alice", "the admin's password"); code != http.StatusOK {
		t.Fatalf("the admin's link did not set the password: %d", code)
	}

	// A link expires after ResetValid.
	clk.advance(AccountMailEvery)
	if code := anon.do("POST", "/api/account/reset", map[string]any{"name": "Alice"}, nil); code != http.StatusAccepted {
		t.Fatalf("reset request: %d", code)
	}
	late := linkIn(t, e, sink.nextAccount("the second reset link"), "/account/reset")
	clk.advance(ResetValid + time.Second)
	if code, _ := page(t, http.MethodPost, late, url.Values{"password": {"yet another password"}}); code != http.StatusBadRequest {
		t.Fatalf("an expired reset link: %d", code)
	}
	alice, code = e.signIn(nil, "Alice", "the admin's password")
	if code != http.StatusOK {
		t.Fatalf("an expired link changed the password: %d", code)
	}

	// A confirmed address that is replaced hears of it (without the new
	// one), and the new one gets its confirmation.
	if code := alice.do("POST", "/api/account/mail", map[string]any{"password": "the admin's password", "email": "irene@example.com", "lang": "nl"}, &prefs); code != http.StatusOK || prefs.Confirmed {
		t.Fatalf("a new address: %d %+v", code, prefs)
	}
	m = sink.nextAccount("the notice to the former address")
	if m.To[0] != "alice@example.org" || subjectOf(m) != "Je gaslamp-account heeft een nieuw e-mailadres" || strings.Contains(m.Body, "irene@") {
		t.Fatalf("to the former address %v, subject %q:\n%s", m.To, subjectOf(m), m.Body)
	}
	if m := sink.nextAccount("the confirmation of the new address"); m.To[0] != "irene@example.com" || !strings.Contains(m.Body, "/account/confirm?") {
		t.Fatalf("to the new address %v:\n%s", m.To, m.Body)
	}
	// A password changed in the account dialog is told too, to a
	// confirmed address only: none now.
	if code := alice.do("POST", "/api/account/password", map[string]any{"old": "the admin's password", "new": "one more password"}, nil); code != http.StatusNoContent {
		t.Fatalf("password change: %d", code)
	}
	e.srv.mail.handle(mailJob{user: alice.id, account: mailPasswordChanged, at: clk.Now()})
	select {
	case m := <-sink.got:
		t.Fatalf("a notice to an unconfirmed address: %q to %v", subjectOf(m), m.To)
	default:
	}
}

// TestAccountRecoveryWithoutMail: a site that sends no mail offers no reset
// and refuses a request for one.
func TestAccountRecoveryWithoutMail(t *testing.T) {
	e := newEnv(t, nil)
	anon := &user{e: e}
	var info struct {
		Enabled bool `json:"enabled"`
	}
	if code := anon.do("GET", "/api/account/reset", nil, &info); code != http.StatusOK || info.Enabled {
		t.Fatalf("reset info %d %+v", code, info)
	}
	if code := anon.do("POST", "/api/account/reset", map[string]any{"name": "Alice"}, nil); code != http.StatusNotFound {
		t.Fatalf("reset request without mail: %d", code)
	}
}
