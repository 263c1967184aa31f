package server

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"

	"gaslamp/game"
	"gaslamp/store"
)

// Account recovery: an account that gave an e-mail address confirms it by
// the link of a mail sent when the address is saved, and an account with a
// confirmed address that forgot its password asks, from the sign-in form,
// for a link that lets it choose a new one. Both links are signed with the
// server's secret (HMAC-SHA256, a purpose of their own) and carry their
// expiry, so nothing is stored for them:
//   - a confirmation link names the address it confirms, so it is void once
//     the account's address changed; it is valid ConfirmValid;
//   - a reset link signs the account's current password hash, so it is void
//     once the password changed (used once, or changed otherwise); it is
//     valid ResetValid.
//
// A request for a reset answers the same whether the account exists, has a
// confirmed address or not (no one learns who has an address), and counts
// against the sign-in limits of the client's address and of the name. At
// most one mail of each kind goes to an account per AccountMailEvery (per
// address, for confirmations). A new password ends every session of the
// account; the person then signs in with it.

// ConfirmValid is how long a confirmation link works; ResetValid, a reset
// link; AccountMailEvery, the least time between two such mails;
// ConfirmRemindAfter, the least time between a confirmation mail and the
// one reminder a turn mail held back for an unconfirmed address sends.
const (
	ConfirmValid       = 48 * time.Hour
	ResetValid         = time.Hour
	AccountMailEvery   = 2 * time.Minute
	ConfirmRemindAfter = 7 * 24 * time.Hour
)

// remindOnce is the claim window of an address's one reminder: longer than
// any site lives.
const remindOnce = 100 * 365 * 24 * time.Hour

// accountMail is the kind of a mail about the account itself.
type accountMail int

const (
	mailConfirm         accountMail = iota + 1 // confirm the account's address
	mailReset                                  // choose a new password
	mailAddressChanged                         // to the former confirmed address: it was replaced
	mailPasswordChanged                        // the password changed
	mailConfirmTurns                           // confirm the address, asked by a turn mail held back for it
	mailConfirmAgain                           // confirm the address, asked again by its owner
)

// claim is the key the mail is counted under in the store's mail claims
// (a name no table id takes), how often one may go, and its recipient ("",
// none: acc may not get this mail); former is the job's own recipient.
func (k accountMail) claim(acc store.Account, former string) (string, time.Duration, string) {
	switch k {
	case mailConfirm:
		return "~confirm " + acc.Email, AccountMailEvery, acc.Email
	case mailConfirmAgain:
		// A key of its own: the reminder's check of "~confirm" (see the
		// mailer's handle) never holds back a link the owner asks for.
		return "~again " + acc.Email, AccountMailEvery, acc.Email
	case mailConfirmTurns:
		// Once an address: a stranger whose address someone typed gets
		// the confirmation and at most this one reminder. The mailer
		// also holds it back within ConfirmRemindAfter of a confirmation.
		if acc.Email == "" || acc.EmailConfirmed() {
			return "", 0, ""
		}
		return "~remind " + acc.Email, remindOnce, acc.Email
	case mailReset, mailPasswordChanged:
		if !acc.EmailConfirmed() {
			return "", 0, ""
		}
		if k == mailReset {
			return "~reset", AccountMailEvery, acc.Email
		}
		return "~password", AccountMailEvery, acc.Email
	case mailAddressChanged:
		return "~replaced " + former, AccountMailEvery, former
	}
	return "", 0, ""
}

// accountToken signs purpose, a user, what the link is bound to and its
// expiry (Unix seconds) with the server's secret.
func (s *Server) accountToken(purpose, user, bound string, exp int64) string {
	return signAccount(s.bots.secret, purpose, user, bound, exp)
}

func signAccount(secret []byte, purpose, user, bound string, exp int64) string {
	h := hmac.New(sha256.New, secret)
	h.Write([]byte("gaslamp account " + purpose + "\x00" + user + "\x00" + bound + "\x00" + strconv.FormatInt(exp, 10)))
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil))
}

// accountLink is the address of a page at path for acc, valid until exp.
func (s *Server) accountLink(base, path, purpose string, acc store.Account, bound string, exp time.Time) string {
	return accountLink(s.bots.secret, base, path, purpose, acc, bound, exp)
}

func accountLink(secret []byte, base, path, purpose string, acc store.Account, bound string, exp time.Time) string {
	e := exp.Unix()
	return base + path + "?" + url.Values{"u": {acc.UserID}, "x": {strconv.FormatInt(e, 10)},
		"t": {signAccount(secret, purpose, acc.UserID, bound, e)}}.Encode()
}

// ResetLink is the link to choose a new password for acc on the site at
// base, valid ResetValid from now, as the reset mail gives it: for an admin
// to hand over to its owner when the site sends no mail (gaslamp admin
// reset-link). It reads the server's secret from st.
func ResetLink(ctx context.Context, st store.Store, base string, acc store.Account, now time.Time) (string, error) {
	secret, err := serverSecret(ctx, st)
	if err != nil {
		return "", err
	}
	return accountLink(secret, strings.TrimRight(base, "/"), "/account/reset", "reset", acc, acc.Password, now.Add(ResetValid)), nil
}

// accountMessage builds the mail of kind k to acc, in its language.
func (m *mailer) accountMessage(acc store.Account, k accountMail, at time.Time, to string) (*gomail.Msg, error) {
	lang := acc.Lang
	if !contains(game.Languages, lang) {
		lang = "en"
	}
	texts := m.s.texts
	r := func(key string, kv ...any) string { return texts.Render(lang, game.T(key, kv...)) }
	var subject string
	var lines []string
	switch k {
	case mailConfirm, mailConfirmAgain, mailConfirmTurns:
		link := m.s.accountLink(m.base, "/account/confirm", "confirm", acc, acc.Email, at.Add(ConfirmValid))
		subject = r("mail.confirm.subject")
		why := r("mail.confirm.why")
		if k == mailConfirmTurns {
			why = r("mail.confirm.turns")
		}
		lines = []string{r("mail.confirm.open", "name", acc.Name, "hours", int(ConfirmValid/time.Hour)), link, "",
			why, "", r("mail.confirm.not-you")}
	case mailReset:
		link := m.s.accountLink(m.base, "/account/reset", "reset", acc, acc.Password, at.Add(ResetValid))
		subject = r("mail.reset.subject")
		lines = []string{r("mail.reset.open", "name", acc.Name, "minutes", int(ResetValid/time.Minute)), link, "",
			r("mail.reset.not-you")}
	case mailAddressChanged:
		subject = r("mail.replaced.subject")
		lines = []string{r("mail.replaced.text", "name", acc.Name), "", r("mail.replaced.not-you")}
	case mailPasswordChanged:
		subject = r("mail.password.subject")
		lines = []string{r("mail.password.text", "name", acc.Name), "", r("mail.password.not-you"), m.base + "/#signin"}
	default:
		return nil, errors.New("unknown account mail")
	}
	body := strings.Join(append(append([]string{r("mail.hello", "name", acc.Name), ""}, lines...), ""), "\r\n")
	return m.newMessage(to, subject, lang, body)
}

// sendAccountMail queues the mail of kind k to user; without mail, nothing.
func (s *Server) sendAccountMail(user string, k accountMail) {
	s.sendAccountMailTo(user, k, "")
}

// sendAccountMailTo is sendAccountMail to another address than the
// account's (to: the former address, for mailAddressChanged).
func (s *Server) sendAccountMailTo(user string, k accountMail, to string) {
	if s.mail == nil {
		return
	}
	s.mail.enqueue(mailJob{user: user, account: k, to: to, at: s.now()})
}

// handleResetInfo answers GET /api/account/reset: whether this site can
// mail a reset link (the sign-in form offers one only then).
func (s *Server) handleResetInfo(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, struct {
		Enabled bool `json:"enabled"`
	}{s.mail != nil})
}

// errNoMail refuses what needs mail on a site that sends none.
var errNoMail = &game.Error{Code: CodeNotFound, Text: game.T("err.no-mail")}

// handleResetRequest answers POST /api/account/reset ({"name"}, a same-site
// JSON post, no session needed): 202 whatever the name, and a reset link to
// the account's confirmed address if it has one.
func (s *Server) handleResetRequest(w http.ResponseWriter, r *http.Request) {
	if !s.jsonPost(w, r) {
		return
	}
	if s.mail == nil {
		s.httpError(w, http.StatusNotFound, errNoMail)
		return
	}
	var in struct {
		Name string `json:"name"`
	}
	if err := readJSON(r, &in); err != nil || len(in.Name) > 64 {
		s.httpError(w, http.StatusBadRequest, badMessage("err.bad-request", "bad JSON"))
		return
	}
	key := nameKey(strings.TrimSpace(in.Name))
	if !s.loginAllowed(r, key) {
		s.httpError(w, http.StatusTooManyRequests, errRateLimited)
		return
	}
	acct, err := s.store.AccountByKey(r.Context(), key)
	switch {
	case err == nil:
		// The sender checks the address is confirmed and claims the mail:
		// the answer is the same, and as quick, either way.
		s.sendAccountMail(acct.UserID, mailReset)
		s.log.Info("password reset asked", "user", acct.UserID)
	case !errors.Is(err, store.ErrNotFound):
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// handleConfirmAgain answers POST /api/account/mail/confirm (CSRF-checked):
// the account's address gets a new confirmation link.
func (s *Server) handleConfirmAgain(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User) {
	acct, ok := s.accountOf(w, r, user)
	if !ok {
		return
	}
	if s.mail == nil {
		s.httpError(w, http.StatusNotFound, errNoMail)
		return
	}
	if acct.Email == "" {
		s.httpError(w, http.StatusBadRequest, errNeedsEmail)
		return
	}
	if !acct.EmailConfirmed() {
		s.sendAccountMail(acct.UserID, mailConfirmAgain)
	}
	w.WriteHeader(http.StatusAccepted)
}

// linkPage is the page a mailed link opens (a confirmation, a new
// password, stopping the mails), served without the site's scripts: the
// site's bar, a title, a text, and a form when there is something to do.
var linkPage = template.Must(template.New("link").Parse(`<!doctype html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}} · gaslamp</title>
<link rel="stylesheet" href="/static/css/gaslamp.css">
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
</head>
<body>
<header class="site-header"><a class="brand" href="/"><span class="lamp" aria-hidden="true"></span>gaslamp</a></header>
<main class="unsubscribe account-link">
<h1>{{.Title}}</h1>
<p{{if .Error}} class="form-error" role="alert"{{end}}>{{.Text}}</p>
{{if .Button}}<form method="post" action="{{.Action}}">
{{if .HiddenName}}<input type="hidden" name="{{.HiddenName}}" value="{{.HiddenValue}}">
{{end}}{{if .Password}}<input type="text" name="username" autocomplete="username" value="{{.Name}}" hidden>
<div class="field"><label for="reset-password">{{.Password}}</label>
<input id="reset-password" name="password" type="password" autocomplete="new-password" minlength="{{.Min}}" maxlength="{{.Max}}" required autofocus></div>
{{end}}<button type="submit" class="primary">{{.Button}}</button></form>{{end}}
<p><a href="{{.HomeLink}}">{{.Home}}</a></p>
</main>
</body>
</html>
`))

// linkPageData fills linkPage.
type linkPageData struct {
	Lang, Title, Text, Button, Action, Home, HomeLink string
	Error                                             bool
	HiddenName, HiddenValue                           string // a hidden field of the form
	Password                                          string // the new password's label: the form asks for one
	Name                                              string // the account's, for password managers
	Min, Max                                          int    // the password's length
}

// linkAccount reads a confirmation or reset link's user and expiry and
// returns the account, if the link is well formed, unexpired and names
// one; the signature is the caller's to check, since what it binds differs.
func (s *Server) linkAccount(r *http.Request) (acc store.Account, exp int64, ok bool, err error) {
	q := r.URL.Query()
	user := q.Get("u")
	exp, perr := strconv.ParseInt(q.Get("x"), 10, 64)
	if user == "" || len(user) > 128 || perr != nil || s.now().Unix() > exp {
		return acc, 0, false, nil
	}
	acc, err = s.store.AccountByUser(r.Context(), user)
	if errors.Is(err, store.ErrNotFound) {
		return acc, 0, false, nil
	}
	return acc, exp, err == nil, err
}

// linkStatus is the status of a link's page: 503 when the store failed,
// 400 for a link that is not (or no longer) valid, else 200.
func linkStatus(ok bool, err error) int {
	switch {
	case err != nil:
		return http.StatusServiceUnavailable
	case !ok:
		return http.StatusBadRequest
	}
	return http.StatusOK
}

// validLink checks the request's signature for purpose, bound to bound.
func (s *Server) validLink(r *http.Request, purpose string, acc store.Account, bound string, exp int64) bool {
	want := s.accountToken(purpose, acc.UserID, bound, exp)
	return subtle.ConstantTimeCompare([]byte(r.URL.Query().Get("t")), []byte(want)) == 1
}

// servePage writes an account link's page in the account's language (the
// browser's when there is none).
func (s *Server) servePage(w http.ResponseWriter, r *http.Request, acc store.Account, status int, fill func(tr func(string, ...any) string, d *linkPageData)) {
	lang := acc.Lang
	if !contains(game.Languages, lang) {
		lang = preferredLang(r.Header.Get("Accept-Language"))
	}
	tr := func(key string, kv ...any) string { return s.texts.Render(lang, game.T(key, kv...)) }
	d := linkPageData{Lang: lang, Home: tr("mail.unsub.home"), HomeLink: "/", Action: r.URL.RequestURI()}
	fill(tr, &d)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	w.WriteHeader(status)
	linkPage.Execute(w, d)
}

// handleConfirmPage answers /account/confirm?u=USER&x=EXPIRY&t=TOKEN: GET
// shows the address and a button, whose POST confirms it. The signed link
// is the authority: no session needed.
func (s *Server) handleConfirmPage(w http.ResponseWriter, r *http.Request) {
	acc, exp, ok, err := s.linkAccount(r)
	ok = ok && acc.Email != "" && s.validLink(r, "confirm", acc, acc.Email, exp)
	status := linkStatus(ok, err)
	s.servePage(w, r, acc, status, func(tr func(string, ...any) string, d *linkPageData) {
		d.Title = tr("account.confirm.title")
		switch {
		case err != nil:
			d.Text, d.Error = tr("err.internal"), true
		case !ok:
			d.Text, d.Error = tr("account.confirm.invalid"), true
		case acc.EmailConfirmed():
			d.Text = tr("account.confirm.done", "email", acc.Email)
		case r.Method == http.MethodPost:
			done, err := s.store.ConfirmEmail(r.Context(), acc.UserID, acc.Email)
			switch {
			case err != nil:
				d.Text, d.Error = tr("err.internal"), true
			case !done:
				d.Text, d.Error = tr("account.confirm.invalid"), true
			default:
				s.log.Info("e-mail address confirmed", "user", acc.UserID)
				d.Text = tr("account.confirm.done", "email", acc.Email)
			}
		default:
			d.Text = tr("account.confirm.ask", "email", acc.Email, "name", acc.Name)
			d.Button = tr("account.confirm.button")
		}
	})
}

// handleResetPage answers /account/reset?u=USER&x=EXPIRY&t=TOKEN: GET shows
// a form for the new password; its POST sets it and ends every session of
// the account. The signed link is the authority: no session needed.
func (s *Server) handleResetPage(w http.ResponseWriter, r *http.Request) {
	acc, exp, ok, err := s.linkAccount(r)
	ok = ok && s.validLink(r, "reset", acc, acc.Password, exp)
	status := linkStatus(ok, err)
	var password string
	if ok && r.Method == http.MethodPost {
		r.Body = http.MaxBytesReader(w, r.Body, 4096)
		if r.ParseForm() != nil {
			status = http.StatusBadRequest
		}
		password = r.PostForm.Get("password")
		if !validPassword(password) {
			status = http.StatusBadRequest
		}
	}
	form := func(tr func(string, ...any) string, d *linkPageData) {
		d.Button, d.Password = tr("account.reset.button"), tr("account.reset.password", "min", passwordMin)
		d.Min, d.Max, d.Name = passwordMin, passwordMax, acc.Name
	}
	s.servePage(w, r, acc, status, func(tr func(string, ...any) string, d *linkPageData) {
		d.Title = tr("account.reset.title")
		switch {
		case err != nil:
			d.Text, d.Error = tr("err.internal"), true
		case !ok:
			d.Text, d.Error = tr("account.reset.invalid"), true
		case r.Method != http.MethodPost:
			d.Text = tr("account.reset.ask", "name", acc.Name)
			form(tr, d)
		case !validPassword(password):
			d.Text, d.Error = tr("err.bad-password", "min", passwordMin, "max", passwordMax), true
			form(tr, d)
		default:
			if err := s.store.SetPassword(r.Context(), acc.UserID, hashPassword(password)); err != nil {
				d.Text, d.Error = tr("err.internal"), true
				return
			}
			gone, err := s.store.DeleteSessionsOf(r.Context(), acc.UserID, "")
			if err != nil {
				s.log.Error("sessions not deleted after a reset", "user", acc.UserID, "err", err)
			}
			for _, h := range gone {
				s.caps.closeSession(h)
			}
			s.log.Info("password reset", "user", acc.UserID, "sessions_ended", len(gone))
			s.sendAccountMail(acc.UserID, mailPasswordChanged)
			d.Text, d.Home, d.HomeLink = tr("account.reset.done"), tr("account.reset.signin"), "/#signin"
		}
	})
}
