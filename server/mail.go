package server

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	gomail "github.com/wneessen/go-mail"

	"gaslamp/game"
	"gaslamp/store"
)

// E-mail: "your move" mails (and "your move is due soon", when a quarter of
// a turn-based move's time is left: see notifyTimeShort) for accounts that gave an address and asked for
// them (off by default), through the SMTP server of Config.SMTP. A mail goes
// when a move makes one of the account's seats act at a turn-based table and
// the player has no connection open to that table; at most one per table per
// hour per account (store.ClaimMail, shared by every node), sent by the node
// acting for the table (its lease holder), from one goroutine with a bounded
// queue, retried with a growing pause when the SMTP server fails. A mail
// says only whose move it is where (the game, the other players' names, the
// table's link), never a secret of the game. Each carries a one-click
// unsubscribe link (RFC 8058): a token signed with the server's secret that
// turns the account's mails off without signing in.

// MailEvery is the least time between two "your move" mails to one account
// about one table.
const MailEvery = time.Hour

// SMTPSettings say how to reach the SMTP server: ParseSMTPURL reads them.
type SMTPSettings struct {
	Host     string
	Port     int
	Username string
	Password string
	// TLS is "tls" (implicit TLS, smtps://), "starttls" (STARTTLS
	// required), "opportunistic" (STARTTLS when offered) or "none".
	TLS string
}

// String describes s without its password.
func (s SMTPSettings) String() string {
	u := s.Username
	if u != "" {
		u += "@"
	}
	return fmt.Sprintf("%s%s:%d (%s)", u, s.Host, s.Port, s.TLS)
}

// ParseSMTPURL reads an SMTP server's URL: smtp://[user:password@]host[:port]
// (port 587, STARTTLS required; ?tls=opportunistic takes STARTTLS when the
// server offers it, ?tls=none never encrypts: for a relay on the same
// machine, and then without a password) or smtps://[user:password@]host[:port]
// (port 465, implicit TLS). Its errors never quote the password.
func ParseSMTPURL(raw string) (*SMTPSettings, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, errors.New("not a URL (smtp://user:password@host:587 or smtps://user:password@host:465)")
	}
	s := &SMTPSettings{Host: u.Hostname()}
	switch u.Scheme {
	case "smtp":
		s.Port, s.TLS = 587, "starttls"
	case "smtps":
		s.Port, s.TLS = 465, "tls"
	default:
		return nil, errors.New("the scheme must be smtp:// or smtps://")
	}
	if s.Host == "" {
		return nil, errors.New("no host")
	}
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return nil, errors.New("the port must be a number from 1 to 65535")
		}
		s.Port = n
	}
	if u.Path != "" && u.Path != "/" || u.Fragment != "" {
		return nil, errors.New("an SMTP URL has no path")
	}
	q := u.Query()
	for k := range q {
		if k != "tls" {
			return nil, fmt.Errorf("unknown parameter %q (only tls)", k)
		}
	}
	if v := q.Get("tls"); v != "" {
		if u.Scheme != "smtp" || (v != "starttls" && v != "opportunistic" && v != "none") {
			return nil, errors.New("tls is starttls, opportunistic or none, with smtp:// only")
		}
		s.TLS = v
	}
	if u.User != nil {
		s.Username = u.User.Username()
		s.Password, _ = u.User.Password()
		if s.Username == "" {
			return nil, errors.New("a password without a user name")
		}
		if s.TLS == "none" || s.TLS == "opportunistic" {
			return nil, errors.New("a password would go unencrypted: use STARTTLS (the default) or smtps://")
		}
	}
	return s, nil
}

// ParseMailFrom checks a sender address ("gaslamp <play@example.org>" or
// a bare address).
func ParseMailFrom(s string) (*mail.Address, error) {
	a, err := mail.ParseAddress(s)
	if err != nil {
		return nil, errors.New("not an e-mail address (play@example.org or \"gaslamp <play@example.org>\")")
	}
	return a, nil
}

// mailJob is one "your move" mail to consider.
type mailJob struct {
	user, table string
	game        game.Text
	others      []string
	// partners: the others play on the player's side (a co-operative
	// game, a team), so the mail says "with" them, not "against".
	partners bool
	// short: the mail says the move's time runs short (a quarter is
	// left), not that it is the player's move.
	short bool
	// at is when the table queued the mail (its turn came, or its time ran
	// short): the hour between two mails (MailEvery) counts from it, not
	// from when the sender, which may lag behind a busy server, gets to it.
	at time.Time
	// account: a mail about the account itself (recovery.go), not about a
	// table: table is then empty; to is its recipient when it is not the
	// account's address (the former one, told it was replaced).
	account accountMail
	to      string
}

// mailer sends the mails from one goroutine.
type mailer struct {
	s      *Server
	smtp   SMTPSettings
	from   *mail.Address
	base   string // the site's origin, for links
	retry  time.Duration
	jobs   chan mailJob
	done   chan struct{}
	mu     sync.Mutex
	closed bool
	sent   int64
	fails  int64 // attempts refused or failed
	lost   int64 // mails given up after mailAttempts
	drops  int64 // mails dropped with the queue full
}

// counts returns the mails sent, the failed attempts, the mails given up
// and those dropped with the queue full (all 0 without mail).
func (m *mailer) counts() (sent, fails, lost, drops int64) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.sent, m.fails, m.lost, m.drops
}

// mailAttempts is how many times one mail is tried.
const mailAttempts = 4

// startMail starts the sender when Config.SMTP is set.
func (s *Server) startMail() error {
	if s.cfg.SMTP == nil {
		return nil
	}
	if len(s.cfg.PublicURLs) == 0 {
		return errors.New("server: mail needs the site's public URL, for the links")
	}
	from, err := ParseMailFrom(s.cfg.MailFrom)
	if err != nil {
		return fmt.Errorf("server: mail sender: %w", err)
	}
	m := &mailer{s: s, smtp: *s.cfg.SMTP, from: from, base: s.cfg.PublicURLs[0], retry: s.cfg.MailRetry,
		jobs: make(chan mailJob, 256), done: make(chan struct{})}
	if m.retry <= 0 {
		m.retry = 5 * time.Second
	}
	s.mail = m
	go m.run()
	return nil
}

// enqueue queues a job; a full queue drops it (the page and push still
// tell).
func (m *mailer) enqueue(j mailJob) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return
	}
	select {
	case m.jobs <- j:
	default:
		m.drops++
		m.s.log.Warn("mail queue full: a mail is dropped", "table", j.table)
	}
}

// close stops the sender after the queued mails (a pause for a failing
// server ends with the server's context); it may be called again.
func (m *mailer) close() {
	if m == nil {
		return
	}
	m.mu.Lock()
	if !m.closed {
		m.closed = true
		close(m.jobs)
	}
	m.mu.Unlock()
	<-m.done
}

func (m *mailer) run() {
	defer close(m.done)
	for j := range m.jobs {
		m.handle(j)
	}
}

// handle sends j's mail if the account wants it and none went about the
// table within MailEvery; a turn mail for an unconfirmed address becomes a
// reminder to confirm it.
func (m *mailer) handle(j mailJob) {
	ctx, cancel := context.WithTimeout(m.s.baseCtx, 5*time.Minute)
	defer cancel()
	acc, err := m.s.store.AccountByUser(ctx, j.user)
	if err != nil || j.account == 0 && (acc.Email == "" || !acc.MailTurns) {
		return
	}
	at := j.at
	if at.IsZero() {
		at = m.s.now()
	}
	if j.account == 0 && !acc.EmailConfirmed() {
		// A turn mail goes only to an address its owner proved to read
		// (anyone can type another person's address): this one asks, once,
		// for the confirmation instead, unless a confirmation mail went
		// less than ConfirmRemindAfter ago.
		j.account = mailConfirmTurns
		if ok, err := m.s.store.ClaimMail(ctx, j.user, "~confirm "+acc.Email, at, ConfirmRemindAfter); err != nil || !ok {
			return
		}
	}
	claim, every, to := j.table, MailEvery, acc.Email
	if j.account != 0 {
		claim, every, to = j.account.claim(acc, j.to)
	}
	if claim == "" || to == "" {
		return
	}
	if ok, err := m.s.store.ClaimMail(ctx, j.user, claim, at, every); err != nil || !ok {
		return
	}
	var msg *gomail.Msg
	if j.account != 0 {
		msg, err = m.accountMessage(acc, j.account, at, to)
	} else {
		msg, err = m.message(acc, j)
	}
	if err != nil {
		m.s.log.Warn("mail not built", "table", j.table, "err", err)
		return
	}
	pause := m.retry
	for attempt := 1; ; attempt++ {
		err = m.deliver(ctx, msg)
		m.mu.Lock()
		if err == nil {
			m.sent++
		} else {
			m.fails++
		}
		m.mu.Unlock()
		if err == nil {
			return
		}
		m.s.log.Warn("mail not sent", "table", j.table, "attempt", attempt, "server", m.smtp.String(), "err", m.scrub(err))
		if attempt == mailAttempts {
			m.mu.Lock()
			m.lost++
			m.mu.Unlock()
			return
		}
		select {
		case <-time.After(pause):
		case <-ctx.Done():
			return
		}
		pause *= 4
	}
}

// scrub removes the password from an error's text.
func (m *mailer) scrub(err error) string {
	msg := err.Error()
	if m.smtp.Password != "" {
		msg = strings.ReplaceAll(msg, m.smtp.Password, "xxxxx")
	}
	return msg
}

// deliver sends one message through the SMTP server.
func (m *mailer) deliver(ctx context.Context, msg *gomail.Msg) error {
	opts := []gomail.Option{gomail.WithPort(m.smtp.Port), gomail.WithTimeout(30 * time.Second)}
	switch m.smtp.TLS {
	case "tls":
		opts = append(opts, gomail.WithSSL())
	case "starttls":
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	case "opportunistic":
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	}
	if m.smtp.Username != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(m.smtp.Username), gomail.WithPassword(m.smtp.Password))
	}
	c, err := gomail.NewClient(m.smtp.Host, opts...)
	if err != nil {
		return err
	}
	return c.DialAndSendWithContext(ctx, msg)
}

// message builds the mail of j to acc, in acc's language.
func (m *mailer) message(acc store.Account, j mailJob) (*gomail.Msg, error) {
	lang := acc.Lang
	if !contains(game.Languages, lang) {
		lang = "en"
	}
	texts := m.s.texts
	r := func(key string, kv ...any) string { return texts.Render(lang, game.T(key, kv...)) }
	g := texts.Render(lang, j.game)
	subject := r("mail.your-move-alone", "game", g)
	line := r("push.your-move-alone", "game", g)
	if len(j.others) > 0 {
		names := strings.Join(j.others, ", ")
		subject = r(yourMoveKey("mail", j.partners), "game", g, "names", names)
		line = r(yourMoveKey("push", j.partners), "game", g, "names", names)
	}
	if j.short {
		subject, line = r("mail.time-short", "game", g), r("push.time-short", "game", g)
	}
	link := m.base + "/t/" + url.PathEscape(j.table)
	unsub := m.s.unsubscribeURL(m.base, acc.UserID)
	body := strings.Join([]string{
		r("mail.hello", "name", acc.Name),
		"",
		line,
		r("mail.open"),
		link,
		"",
		"-- ",
		r("mail.why"),
		r("mail.stop"),
		unsub,
		"",
	}, "\r\n")
	msg, err := m.newMessage(acc.Email, subject, lang, body)
	if err != nil {
		return nil, err
	}
	msg.SetListUnsubscribe(unsub)
	msg.SetListUnsubscribePost()
	return msg, nil
}

// newMessage is a plain-text mail from the site to one address, in lang.
func (m *mailer) newMessage(to, subject, lang, body string) (*gomail.Msg, error) {
	msg := gomail.NewMsg()
	msg.FromMailAddress(m.from)
	if err := msg.To(to); err != nil {
		return nil, err
	}
	msg.Subject(subject)
	msg.SetDate()
	msg.SetMessageID()
	msg.SetGenHeader(gomail.HeaderContentLang, lang)
	msg.SetGenHeader("Auto-Submitted", "auto-generated")
	msg.SetBodyString(gomail.TypeTextPlain, body)
	return msg, nil
}

// notifyMail queues the "your move" mail of user at t (turn-based tables);
// others are the names it gives, partners when they play on user's side.
func (t *table) notifyMail(user string, others []string, partners bool) {
	if t.s.mail == nil || t.pace == nil || t.pace.Kind != "turn" {
		return
	}
	t.s.mail.enqueue(mailJob{user: user, table: t.id, game: t.rules.Name(), others: others, partners: partners, at: t.s.now()})
}

// notifyMailShort queues the mail of user at t that the turn-based move's
// time runs short; it counts as the table's mail of the hour (MailEvery).
func (t *table) notifyMailShort(user string) {
	if t.s.mail == nil || t.pace == nil || t.pace.Kind != "turn" {
		return
	}
	t.s.mail.enqueue(mailJob{user: user, table: t.id, game: t.rules.Name(), short: true, at: t.s.now()})
}

// unsubscribeToken signs a user id: HMAC-SHA256 under the server's secret,
// with a purpose of its own.
func (s *Server) unsubscribeToken(user string) string {
	h := hmac.New(sha256.New, s.bots.secret)
	h.Write([]byte("gaslamp mail unsubscribe\x00" + user))
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil))
}

// unsubscribeURL is the one-click link that turns user's mails off.
func (s *Server) unsubscribeURL(base, user string) string {
	return base + "/mail/unsubscribe?" + url.Values{"u": {user}, "t": {s.unsubscribeToken(user)}}.Encode()
}

// handleUnsubscribe answers /mail/unsubscribe?u=USER&t=TOKEN: GET shows a
// page whose button posts; POST (the button, or a mail client's one-click
// "List-Unsubscribe=One-Click") turns the account's "your move" mails off.
// The signed token is the authority: no session, no Origin check.
func (s *Server) handleUnsubscribe(w http.ResponseWriter, r *http.Request) {
	user, tok := r.URL.Query().Get("u"), r.URL.Query().Get("t")
	valid := user != "" && len(user) <= 128 && subtle.ConstantTimeCompare([]byte(tok), []byte(s.unsubscribeToken(user))) == 1
	var acc store.Account
	var err error
	if valid {
		acc, err = s.store.AccountByUser(r.Context(), user)
		valid = err == nil
		if errors.Is(err, store.ErrNotFound) {
			err = nil
		}
	}
	lang := acc.Lang
	if !contains(game.Languages, lang) {
		lang = preferredLang(r.Header.Get("Accept-Language"))
	}
	texts := s.texts
	tr := func(key string) string { return texts.Render(lang, game.T(key)) }
	page := linkPageData{Lang: lang, Title: tr("mail.unsub.title"), Home: tr("mail.unsub.home"), HomeLink: "/",
		Action:      "/mail/unsubscribe?" + url.Values{"u": {user}, "t": {tok}}.Encode(),
		HiddenName:  "List-Unsubscribe",
		HiddenValue: "One-Click"}
	status := http.StatusOK
	switch {
	case err != nil:
		status, page.Text = http.StatusServiceUnavailable, tr("err.internal")
	case !valid:
		status, page.Text = http.StatusBadRequest, tr("mail.unsub.invalid")
	case r.Method == http.MethodPost:
		if err := s.store.SetMailPrefs(r.Context(), user, acc.Email, false, acc.Lang); err != nil {
			status, page.Text = http.StatusServiceUnavailable, tr("err.internal")
			break
		}
		s.log.Info("mail unsubscribed", "user", user)
		page.Text = tr("mail.unsub.done")
	case !acc.MailTurns:
		page.Text = tr("mail.unsub.done")
	default:
		page.Text, page.Button = tr("mail.unsub.ask"), tr("mail.unsub.button")
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	linkPage.Execute(w, page)
}

// preferredLang picks the first of the site's languages an Accept-Language
// header names (English otherwise).
func preferredLang(header string) string {
	for _, part := range strings.Split(header, ",") {
		tag, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		tag, _, _ = strings.Cut(strings.ToLower(tag), "-")
		if contains(game.Languages, tag) {
			return tag
		}
	}
	return "en"
}

// mailPrefs are an account's mail settings, as the account dialog reads
// and writes them.
type mailPrefs struct {
	Email     string `json:"email"`
	MailTurns bool   `json:"mail_turns"`
	Lang      string `json:"lang,omitempty"`
	// Enabled says the server sends mail (read only).
	Enabled bool `json:"enabled"`
	// Confirmed says the address is confirmed (read only): it then gets
	// password resets (recovery.go).
	Confirmed bool `json:"confirmed"`
	// Password is the account's, needed to give a new address (write
	// only): a stolen session alone cannot send the account's password
	// resets to another address.
	Password string `json:"password,omitempty"`
}

var (
	errBadEmail   = &game.Error{Code: CodeBadMessage, Text: game.T("err.bad-email")}
	errNeedsEmail = &game.Error{Code: CodeBadMessage, Text: game.T("err.mail-needs-email")}
	// errEmailPassword refuses a new address given without the account's
	// password.
	errEmailPassword = &game.Error{Code: CodeBadCredentials, Text: game.T("err.email-password")}
)

// checkEmail validates an address given for an account's mails: a bare
// address (no display name), at most 254 characters, with a domain.
func checkEmail(s string) bool {
	if s == "" {
		return true
	}
	if len(s) > 254 || strings.ContainsAny(s, " \t\r\n<>\",;") {
		return false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || a.Name != "" {
		return false
	}
	local, domain, ok := strings.Cut(s, "@")
	if !ok || local == "" || len(local) > 64 || !strings.Contains(domain, ".") && net.ParseIP(domain) == nil {
		return false
	}
	return !strings.HasPrefix(domain, ".") && !strings.HasSuffix(domain, ".") && !strings.Contains(domain, "..")
}

// handleAccountLang answers POST /api/account/lang (csrf-checked, an
// account), {"lang":"fr"}: the language the account chose on one of its
// devices, which its other devices take when it signs in there, and its
// mails are written in.
func (s *Server) handleAccountLang(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User) {
	var in struct {
		Lang string `json:"lang"`
	}
	if err := readJSON(r, &in); err != nil || !contains(game.Languages, in.Lang) {
		s.httpError(w, http.StatusBadRequest, badRequest("err.bad-request"))
		return
	}
	acc, err := s.store.AccountByUser(r.Context(), user.ID)
	if errors.Is(err, store.ErrNotFound) {
		s.httpError(w, http.StatusForbidden, errNotAccount)
		return
	}
	if err == nil && acc.Lang != in.Lang {
		err = s.store.SetMailPrefs(r.Context(), user.ID, acc.Email, acc.MailTurns, in.Lang)
	}
	if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// handleMailPrefs answers GET /api/account/mail (the caller's settings) and
// POST (csrf-checked: new settings; the language is the page's).
func (s *Server) handleMailPrefs(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User) {
	acc, err := s.store.AccountByUser(r.Context(), user.ID)
	if errors.Is(err, store.ErrNotFound) {
		s.httpError(w, http.StatusForbidden, errNotAccount)
		return
	}
	if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	if r.Method == http.MethodPost {
		var in mailPrefs
		if err := readJSON(r, &in); err != nil {
			s.httpError(w, http.StatusBadRequest, badRequest("err.bad-request"))
			return
		}
		in.Email = strings.TrimSpace(in.Email)
		if !checkEmail(in.Email) {
			s.httpError(w, http.StatusBadRequest, errBadEmail)
			return
		}
		if in.MailTurns && in.Email == "" {
			s.httpError(w, http.StatusBadRequest, errNeedsEmail)
			return
		}
		if in.Email != "" && in.Email != acc.Email {
			if !s.loginAllowed(r, acc.Key) {
				s.httpError(w, http.StatusTooManyRequests, errRateLimited)
				return
			}
			if !s.verify(acc, true, in.Password) {
				s.httpError(w, http.StatusForbidden, errEmailPassword)
				return
			}
		}
		if !contains(game.Languages, in.Lang) {
			in.Lang = acc.Lang
		}
		if err := s.store.SetMailPrefs(r.Context(), user.ID, in.Email, in.MailTurns, in.Lang); err != nil {
			s.httpError(w, http.StatusInternalServerError, errNotStored)
			return
		}
		former, wasConfirmed := acc.Email, acc.EmailConfirmed()
		acc.Email, acc.MailTurns, acc.Lang = in.Email, in.MailTurns, in.Lang
		if acc.Email != former {
			if wasConfirmed {
				// The former address hears that it was replaced.
				s.sendAccountMailTo(user.ID, mailAddressChanged, former)
			}
			if acc.Email != "" && !acc.EmailConfirmed() {
				// A new address gets the link that confirms it.
				s.sendAccountMail(user.ID, mailConfirm)
			}
		}
	}
	writeJSON(w, http.StatusOK, mailPrefs{Email: acc.Email, MailTurns: acc.MailTurns, Lang: acc.Lang, Enabled: s.mail != nil,
		Confirmed: acc.EmailConfirmed()})
}
