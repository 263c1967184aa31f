package server

import (
	"context"
	"fmt"
	"io"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/http"
	"net/mail"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"gaslamp/game"
	"gaslamp/internal/testscale"
	"gaslamp/server/internal/testgame"
)

// sinkMail is one message the SMTP sink accepted.
type sinkMail struct {
	From string
	To   []string
	Msg  *mail.Message
	Body string // decoded
}

// smtpSink is an SMTP server on loopback that keeps what it is sent; it
// refuses the first failN messages with a temporary error.
type smtpSink struct {
	t     *testing.T
	addr  *net.TCPAddr
	got   chan sinkMail
	mu    sync.Mutex
	failN int
	tries int
}

func newSMTPSink(t *testing.T) *smtpSink {
	k := &smtpSink{t: t, got: make(chan sinkMail, 32)}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &sinkSession{k: k}, nil }))
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

func (k *smtpSink) settings() *SMTPSettings {
	return &SMTPSettings{Host: "127.0.0.1", Port: k.addr.Port, TLS: "none"}
}

// next waits for the next accepted "your move" message: the mails about
// an account (address confirmations, password resets: no unsubscribe link)
// that come before it are passed over.
func (k *smtpSink) next(what string) sinkMail {
	k.t.Helper()
	for {
		m := k.any(what)
		if m.Msg.Header.Get("List-Unsubscribe") != "" {
			return m
		}
	}
}

// nextAccount waits for the next accepted message and fails the test
// unless it is a mail about the account (no unsubscribe link).
func (k *smtpSink) nextAccount(what string) sinkMail {
	k.t.Helper()
	m := k.any(what)
	if m.Msg.Header.Get("List-Unsubscribe") != "" {
		k.t.Fatalf("waiting for %s, a mail about a table came: %q", what, m.Msg.Header.Get("Subject"))
	}
	return m
}

// confirmNext takes the next mail, which must be about the account and
// carry a confirmation link, and confirms the address with it ("your
// move" mails go to confirmed addresses only).
func (k *smtpSink) confirmNext(e *env, what string) {
	k.t.Helper()
	m := k.nextAccount(what)
	if code, html := page(k.t, http.MethodPost, linkIn(k.t, e, m, "/account/confirm"), nil); code != http.StatusOK {
		k.t.Fatalf("confirming %s: %d\n%s", what, code, html)
	}
}

// none fails the test if a message was accepted and not yet taken. The
// sink hands a message over before it answers the sender, so a mailer's
// handle that returned has handed over whatever it sent.
func (k *smtpSink) none(what string) {
	k.t.Helper()
	select {
	case m := <-k.got:
		k.t.Fatalf("%s: a mail went to %v, subject %q", what, m.To, m.Msg.Header.Get("Subject"))
	default:
	}
}

// any waits for the next accepted message.
func (k *smtpSink) any(what string) sinkMail {
	k.t.Helper()
	select {
	case m := <-k.got:
		return m
	case <-time.After(testscale.Timeout(20 * time.Second)):
		k.t.Fatalf("no mail arrived (waited for %s)", what)
	}
	return sinkMail{}
}

type sinkSession struct {
	k    *smtpSink
	from string
	to   []string
}

func (s *sinkSession) Reset()        { s.from, s.to = "", nil }
func (s *sinkSession) Logout() error { return nil }
func (s *sinkSession) Mail(from string, _ *smtp.MailOptions) error {
	s.from = from
	return nil
}
func (s *sinkSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.to = append(s.to, to)
	return nil
}
func (s *sinkSession) Data(r io.Reader) error {
	k := s.k
	k.mu.Lock()
	k.tries++
	fail := k.tries <= k.failN
	k.mu.Unlock()
	if fail {
		io.Copy(io.Discard, r)
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try again later"}
	}
	msg, err := mail.ReadMessage(r)
	if err != nil {
		k.t.Errorf("a mail that does not parse: %v", err)
		return err
	}
	var body io.Reader = msg.Body
	if strings.EqualFold(msg.Header.Get("Content-Transfer-Encoding"), "quoted-printable") {
		body = quotedprintable.NewReader(msg.Body)
	}
	b, _ := io.ReadAll(body)
	k.got <- sinkMail{From: s.from, To: s.to, Msg: msg, Body: string(b)}
	return nil
}

// mailEnv is a server that mails through a sink, with a fake clock.
func mailEnv(t *testing.T) (*env, *smtpSink, *clock) {
	sink := newSMTPSink(t)
	clk := newClock()
	e := newEnv(t, func(c *Config) {
		c.Now = clk.Now
		c.SMTP = sink.settings()
		c.MailFrom = "gaslamp <play@example.org>"
		c.MailRetry = 10 * time.Millisecond
		c.PublicURLs = []string{"https://play.example.org"}
	})
	return e, sink, clk
}

// account makes a registered user.
func (e *env) account(name string) *user {
	e.t.Helper()
	u, code := e.register(e.guest(name), name, "a long enough password")
	if code != http.StatusOK && code != http.StatusCreated {
		e.t.Fatalf("register %s: %d", name, code)
	}
	return u
}

// waitGone waits until the table has no connection of user u.
func (e *env) waitGone(id string, u *user) {
	e.t.Helper()
	deadline := time.Now().Add(testscale.Timeout(20 * time.Second))
	for {
		tb := e.srv.hub.loaded(id)
		n := -1
		if tb != nil {
			ch := make(chan int, 1)
			tb.do(func() {
				k := 0
				for c := range tb.conns {
					if c.userID == u.id {
						k++
					}
				}
				ch <- k
			})
			n = <-ch
		}
		if n == 0 {
			return
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("%s's connections to %s did not close (still %d)", u.name, id, n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// playOnce opens the table as u, plays seat's move at version v, and
// closes the page.
func (e *env) playOnce(u *user, id string, seat int, v int64) {
	e.t.Helper()
	c := e.dial(u, id)
	c.hello(-1)
	c.next("state")
	c.move(v, seat, `{"kind":"pick","n":1}`)
	c.update(v + 1)
	c.close()
	e.waitGone(id, u)
}

// TestMailYourMove: an account that gave an address and asked for mails
// gets "your move" in its language, from the sender, with the table's link,
// the one-click unsubscribe headers and no game secret; at most one per
// table per hour; none for an account that did not ask; the link turns the
// mails off without signing in; a failing SMTP server is tried again.
func TestMailYourMove(t *testing.T) {
	e, sink, clk := mailEnv(t)
	alice, bob := e.account("Alice"), e.account("Bob")
	var prefs mailPrefs
	if code := bob.do("GET", "/api/account/mail", nil, &prefs); code != http.StatusOK || !prefs.Enabled || prefs.MailTurns || prefs.Email != "" {
		t.Fatalf("new account's mail settings %d %+v", code, prefs)
	}
	guest := e.guest("Carol")
	if code := guest.do("POST", "/api/account/mail", map[string]any{"email": "c@example.org", "mail_turns": true}, nil); code != http.StatusForbidden {
		t.Fatalf("a guest's mail settings: %d", code)
	}
	for _, bad := range []map[string]any{
		{"email": "not an address", "mail_turns": true},
		{"email": "Bob <bob@example.org>", "mail_turns": true},
		{"email": "bob@localhost", "mail_turns": true},
		{"email": "bob@example..org", "mail_turns": true},
		{"email": strings.Repeat("b", 250) + "@example.org", "mail_turns": true},
		{"email": "", "mail_turns": true},
	} {
		var refused httpErr
		if code := bob.do("POST", "/api/account/mail", bad, &refused); code != http.StatusBadRequest || refused.Text.Key == "" {
			t.Fatalf("mail settings %v: %d %+v", bad, code, refused)
		}
	}
	if bob.do("GET", "/api/account/mail", nil, &prefs); prefs.MailTurns || prefs.Email != "" {
		t.Fatalf("a refused setting changed something: %+v", prefs)
	}
	if code := bob.do("POST", "/api/account/mail", map[string]any{"password": "a long enough password", "email": "bob@example.org", "mail_turns": true, "lang": "fr"}, &prefs); code != http.StatusOK || !prefs.MailTurns {
		t.Fatalf("mail settings %d %+v", code, prefs)
	}
	// Alice gives her address but does not ask for mails.
	if code := alice.do("POST", "/api/account/mail", map[string]any{"password": "a long enough password", "email": "alice@example.org", "mail_turns": false, "lang": "en"}, nil); code != http.StatusOK {
		t.Fatalf("alice's settings %d", code)
	}
	// Each new address first gets the link that confirms it
	// (TestAccountRecovery); only a confirmed one gets "your move"
	// (TestMailTurnsWaitForConfirmation).
	sink.confirmNext(e, "the confirmation of Bob's address")
	sink.confirmNext(e, "the confirmation of Alice's address")
	c := pacedTable(t, alice, map[string]any{"kind": "turn", "move_seconds": 86400})
	alice.sit(c.ID, 0)
	bob.sit(c.ID, 1)
	sink.mu.Lock()
	sink.tries, sink.failN = 0, 1 // the first mail is refused once, then goes
	sink.mu.Unlock()

	e.playOnce(alice, c.ID, 0, 0) // Bob's move, Bob away: a mail
	m := sink.next("the first mail to Bob")
	subject, _ := new(mime.WordDecoder).DecodeHeader(m.Msg.Header.Get("Subject"))
	link := "https://play.example.org/t/" + c.ID
	unsub := m.Msg.Header.Get("List-Unsubscribe")
	if len(m.To) != 1 || m.To[0] != "bob@example.org" || m.From != "play@example.org" ||
		!strings.HasPrefix(subject, "À vous de jouer dans ") || !strings.HasSuffix(subject, " contre Alice") || !strings.Contains(m.Body, link) || !strings.Contains(m.Body, "Bonjour Bob,") ||
		!strings.HasPrefix(unsub, "<https://play.example.org/mail/unsubscribe?") ||
		m.Msg.Header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" {
		t.Fatalf("mail to %v from %s, subject %q, List-Unsubscribe %q, body:\n%s", m.To, m.From, subject, unsub, m.Body)
	}
	for _, secret := range e.secrets(c.ID) {
		if secret != "" && strings.Contains(subject+m.Body, secret) {
			t.Fatalf("the mail carries a secret %q", secret)
		}
	}
	sink.mu.Lock()
	tries := sink.tries
	sink.mu.Unlock()
	if tries != 2 {
		t.Fatalf("the refused mail was tried %d times, want 2", tries)
	}
	// An admin sees it: three mails sent (the two confirmations and this
	// one), one attempt failed, none given up. The sender counts a mail
	// once the sink's answer reached it, after the sink handed it over.
	for deadline := time.Now().Add(testscale.Timeout(20 * time.Second)); ; {
		_, body := get(t, e, "/metrics")
		if strings.Contains(body, "gaslamp_mail_sent_total 3\n") && strings.Contains(body, "gaslamp_mail_failed_attempts_total 1\n") &&
			strings.Contains(body, "gaslamp_mail_given_up_total 0\n") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("mail metrics:\n%s", regexp.MustCompile(`(?m)^gaslamp_mail.*$`).FindAllString(body, -1))
		}
		time.Sleep(5 * time.Millisecond)
	}

	// Within the hour: Alice's next move sends Bob nothing; Bob's moves
	// send Alice nothing (she did not ask). An hour later, a mail again:
	// the sink's next mail is that one (one sender, in order).
	e.playOnce(bob, c.ID, 1, 1)
	e.playOnce(alice, c.ID, 0, 2)
	e.playOnce(bob, c.ID, 1, 3)
	clk.advance(MailEvery)
	e.playOnce(alice, c.ID, 0, 4)
	m2 := sink.next("the mail an hour later")
	if len(m2.To) != 1 || m2.To[0] != "bob@example.org" || !strings.Contains(m2.Body, link) {
		t.Fatalf("second mail to %v:\n%s", m2.To, m2.Body)
	}

	// The unsubscribe link: GET shows a button and changes nothing; a
	// forged token is refused; the one-click POST turns the mails off.
	raw := strings.Trim(strings.TrimSpace(unsub), "<>")
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	local := e.url + u.Path + "?" + u.RawQuery
	resp, err := http.Get(local)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(page), "<form method=\"post\"") || !strings.Contains(string(page), `lang="fr"`) {
		t.Fatalf("unsubscribe page %d:\n%s", resp.StatusCode, page)
	}
	if bob.do("GET", "/api/account/mail", nil, &prefs); !prefs.MailTurns {
		t.Fatal("GET on the unsubscribe link turned the mails off")
	}
	q := u.Query()
	q.Set("t", strings.Repeat("A", len(q.Get("t"))))
	resp, err = http.Post(e.url+u.Path+"?"+q.Encode(), "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("a forged token: %d", resp.StatusCode)
	}
	if bob.do("GET", "/api/account/mail", nil, &prefs); !prefs.MailTurns {
		t.Fatal("a forged token turned the mails off")
	}
	resp, err = http.Post(local, "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("one-click unsubscribe: %d", resp.StatusCode)
	}
	if bob.do("GET", "/api/account/mail", nil, &prefs); prefs.MailTurns || prefs.Email != "bob@example.org" {
		t.Fatalf("after unsubscribing: %+v", prefs)
	}

	// Unsubscribed: no mail; Alice, who now asks, gets the next one (and
	// it is the sink's next: none went to Bob before it).
	if code := alice.do("POST", "/api/account/mail", map[string]any{"email": "alice@example.org", "mail_turns": true, "lang": "nl"}, nil); code != http.StatusOK {
		t.Fatalf("alice's settings %d", code)
	}
	clk.advance(MailEvery)
	e.playOnce(bob, c.ID, 1, 5)   // Alice's move: a mail to her
	e.playOnce(alice, c.ID, 0, 6) // Bob's move: he unsubscribed
	e.playOnce(bob, c.ID, 1, 7)   // Alice's move, within her hour: none
	clk.advance(MailEvery)
	e.playOnce(alice, c.ID, 0, 8)
	e.playOnce(bob, c.ID, 1, 9) // Alice's again, an hour later
	for i := range 2 {
		m := sink.next(fmt.Sprintf("mail %d to Alice", i+1))
		subject, _ := new(mime.WordDecoder).DecodeHeader(m.Msg.Header.Get("Subject"))
		if len(m.To) != 1 || m.To[0] != "alice@example.org" || !strings.HasPrefix(subject, "Jij bent aan zet in ") || !strings.Contains(subject, "Bob") {
			t.Fatalf("mail %d to %v, subject %q", i+1, m.To, subject)
		}
	}
}

// TestMailHourCountsFromTheTurn: the hour between two "your move" mails
// counts from when the turns came, not from when the sender got to them. A
// sender that lags behind a busy server (here: jobs handled two hours late)
// must still send the mail of a turn that came an hour after the last one.
// CI once saw TestMailYourMove lose its last mail that way: the sender
// claimed the first mail after the test's clock had moved on.
func TestMailHourCountsFromTheTurn(t *testing.T) {
	e, sink, clk := mailEnv(t)
	alice := e.account("Alice")
	if code := alice.do("POST", "/api/account/mail", map[string]any{"password": "a long enough password", "email": "alice@example.org", "mail_turns": true, "lang": "en"}, nil); code != http.StatusOK {
		t.Fatalf("alice's settings %d", code)
	}
	sink.confirmNext(e, "the confirmation of Alice's address")
	c := pacedTable(t, alice, map[string]any{"kind": "turn", "move_seconds": 86400})
	rules, err := game.Lookup(testgame.ID)
	if err != nil {
		t.Fatal(err)
	}
	first := clk.Now()
	clk.advance(2 * MailEvery) // the sender gets to both turns this late
	for i, at := range []time.Time{first, first.Add(MailEvery)} {
		e.srv.mail.handle(mailJob{user: alice.id, table: c.ID, game: rules.Name(), at: at})
		if m := sink.next(fmt.Sprintf("the mail of turn %d", i+1)); len(m.To) != 1 || m.To[0] != "alice@example.org" {
			t.Fatalf("mail %d to %v", i+1, m.To)
		}
	}
}

// TestMailTurnsWaitForConfirmation: "your move" goes only to a confirmed
// address, since anyone can type another person's. A turn for an
// unconfirmed one sends, instead, one reminder with a confirmation link, in
// the account's language and without an unsubscribe link, and not within
// ConfirmRemindAfter of a confirmation mail; an address saved before
// confirmations existed (none was ever sent) gets it at its first turn.
// Once the address is confirmed, the turns' mails go.
func TestMailTurnsWaitForConfirmation(t *testing.T) {
	e, sink, clk := mailEnv(t)
	alice, bob, carol := e.account("Alice"), e.account("Bob"), e.account("Carol")
	rules, err := game.Lookup(testgame.ID)
	if err != nil {
		t.Fatal(err)
	}
	c := pacedTable(t, alice, map[string]any{"kind": "turn", "move_seconds": 86400})
	turn := func(u *user) {
		t.Helper()
		e.srv.mail.handle(mailJob{user: u.id, table: c.ID, game: rules.Name(), at: clk.Now()})
	}
	var prefs mailPrefs
	if code := bob.do("POST", "/api/account/mail", map[string]any{"password": "a long enough password", "email": "bob@example.org", "mail_turns": true, "lang": "fr"}, &prefs); code != http.StatusOK || prefs.Confirmed || !prefs.MailTurns {
		t.Fatalf("mail settings %d %+v", code, prefs)
	}
	sink.nextAccount("the confirmation of Bob's address")
	turn(bob)
	sink.none("a turn just after the confirmation mail")
	clk.advance(ConfirmRemindAfter - time.Minute)
	turn(bob)
	sink.none("a turn within a week of the confirmation mail")

	clk.advance(time.Minute)
	turn(bob)
	m := sink.nextAccount("the reminder to Bob")
	if len(m.To) != 1 || m.To[0] != "bob@example.org" || subjectOf(m) != "Confirmez votre adresse e-mail sur gaslamp" ||
		!strings.Contains(m.Body, "Bonjour Bob,") || !strings.Contains(m.Body, "ce rappel est le seul") || strings.Contains(m.Body, c.ID) {
		t.Fatalf("reminder to %v, subject %q:\n%s", m.To, subjectOf(m), m.Body)
	}
	clk.advance(3 * ConfirmRemindAfter)
	turn(bob)
	sink.none("a turn after the one reminder")

	// Bob asks for a link again (the account dialog's button) and
	// confirms: his turns' mails go.
	if code := bob.do("POST", "/api/account/mail/confirm", nil, nil); code/100 != 2 {
		t.Fatalf("send the link again: %d", code)
	}
	sink.confirmNext(e, "the link Bob asked for again")
	turn(bob)
	if m := sink.next("Bob's first your-move mail"); len(m.To) != 1 || m.To[0] != "bob@example.org" || !strings.HasPrefix(subjectOf(m), "À vous de jouer") {
		t.Fatalf("your-move mail to %v: %q", m.To, subjectOf(m))
	}

	// Carol's address is as an older version stored it: no confirmation
	// mail ever went, so her first turn reminds her at once, in English.
	if err := e.srv.store.SetMailPrefs(context.Background(), carol.id, "carol@example.org", true, "en"); err != nil {
		t.Fatal(err)
	}
	turn(carol)
	if m := sink.nextAccount("the reminder to Carol"); m.To[0] != "carol@example.org" || !strings.Contains(m.Body, "this is the only reminder") {
		t.Fatalf("reminder to %v:\n%s", m.To, m.Body)
	}
	turn(carol)
	sink.none("Carol's second turn")
}

// TestMyTurnsCount: the header's count is the number of running tables
// waiting for the caller's move, and "Your games" carries each one's
// deadline (turn-based) for the time left.
func TestMyTurnsCount(t *testing.T) {
	clk := newClock()
	e := newEnv(t, func(c *Config) { c.Now = clk.Now })
	alice, bob := e.guest("Alice"), e.guest("Bob")
	count := func(u *user) int {
		t.Helper()
		var n myTurns
		if code := u.do("GET", "/api/my/turns", nil, &n); code != http.StatusOK {
			t.Fatalf("turns %d", code)
		}
		return n.Waiting
	}
	if n := count(alice); n != 0 {
		t.Fatalf("no table: %d waiting", n)
	}
	c1 := pacedTable(t, alice, map[string]any{"kind": "turn", "move_seconds": 86400})
	c2 := pacedTable(t, alice, map[string]any{"kind": "turn", "move_seconds": 2 * 86400})
	for _, c := range []created{c1, c2} {
		alice.sit(c.ID, 0)
		bob.sit(c.ID, 1)
	}
	start := clk.Now()
	if a, b := count(alice), count(bob); a != 2 || b != 0 {
		t.Fatalf("waiting: Alice %d, Bob %d; want 2, 0", a, b)
	}
	var mine []myTable
	if code := alice.do("GET", "/api/my/tables?status=active", nil, &mine); code != http.StatusOK || len(mine) != 2 {
		t.Fatalf("my tables %d %+v", code, mine)
	}
	for _, m := range mine {
		want := start.Add(24 * time.Hour)
		if m.Table.ID == c2.ID {
			want = start.Add(48 * time.Hour)
		}
		var dl *time.Time
		for _, k := range m.Table.Clocks {
			if k.Seat == 0 && k.Running {
				dl = k.Deadline
			}
		}
		if !m.YourTurn || dl == nil || !dl.Equal(want) {
			t.Fatalf("table %s: your turn %v, deadline %v; want %v", m.Table.ID, m.YourTurn, dl, want)
		}
	}
	e.playOnce(alice, c1.ID, 0, 0)
	if a, b := count(alice), count(bob); a != 1 || b != 1 {
		t.Fatalf("after a move: Alice %d, Bob %d; want 1, 1", a, b)
	}
}

// TestMailTimeShort: an account that asked for mails and is away from a
// turn-based table gets "your move is due soon" by mail when a quarter of
// the move's time is left, in its language, with the table's link and the
// unsubscribe headers, once: not again on the next look at the clock, nor
// after a restart of the server (the claim is in the store).
func TestMailTimeShort(t *testing.T) {
	dir := t.TempDir()
	sink := newSMTPSink(t)
	clk := newClock()
	mod := func(c *Config) {
		c.Now = clk.Now
		c.SMTP = sink.settings()
		c.MailFrom = "gaslamp <play@example.org>"
		c.MailRetry = 10 * time.Millisecond
		c.PublicURLs = []string{"https://play.example.org"}
		c.BotBudget = 100 * time.Millisecond
	}
	e := startEnv(t, dir, mod)
	alice, bob := e.account("Alice"), e.account("Bob")
	for _, u := range []*user{alice, bob} {
		if code := u.do("POST", "/api/account/mail", map[string]any{"password": "a long enough password", "email": strings.ToLower(u.name) + "@example.org", "mail_turns": true, "lang": "nl"}, nil); code != http.StatusOK {
			t.Fatalf("%s's settings %d", u.name, code)
		}
	}
	sink.confirmNext(e, "the confirmation of Alice's address")
	sink.confirmNext(e, "the confirmation of Bob's address")
	c := pacedTable(t, bob, map[string]any{"kind": "turn", "move_seconds": 86400})
	alice.sit(c.ID, 0)
	bob.sit(c.ID, 1)
	subjectOf := func(m sinkMail) string {
		s, _ := new(mime.WordDecoder).DecodeHeader(m.Msg.Header.Get("Subject"))
		return s
	}
	// The start tells Alice it is her move (the hour's mail for the table).
	if m := sink.next("Alice's your-move mail"); m.To[0] != "alice@example.org" || !strings.HasPrefix(subjectOf(m), "Jij bent aan zet") {
		t.Fatalf("first mail to %v: %q", m.To, subjectOf(m))
	}
	clk.advance(19 * time.Hour) // 5 h of 24 left
	tick(e, c.ID)
	m := sink.next("the time-short mail")
	if subject := subjectOf(m); len(m.To) != 1 || m.To[0] != "alice@example.org" || !strings.HasPrefix(subject, "Je tijd voor je zet in ") ||
		!strings.Contains(m.Body, "https://play.example.org/t/"+c.ID) || !strings.Contains(m.Body, "nog een kwart van de tijd") ||
		!strings.HasPrefix(m.Msg.Header.Get("List-Unsubscribe"), "<https://play.example.org/mail/unsubscribe?") {
		t.Fatalf("time-short mail to %v, subject %q, body:\n%s", m.To, subject, m.Body)
	}
	for _, secret := range e.secrets(c.ID) {
		if secret != "" && strings.Contains(subjectOf(m)+m.Body, secret) {
			t.Fatalf("the mail carries a secret %q", secret)
		}
	}
	clk.advance(2 * time.Hour)
	tick(e, c.ID)

	// A restart: the table's clock starts again (downtime is not charged);
	// when its quarter comes again, nothing goes for the same move.
	e.close()
	e2 := startEnv(t, dir, mod)
	alice, bob = alice.on(e2), bob.on(e2)
	if got := clocksOf(t, bob, c.ID); !got[0].Running {
		t.Fatalf("clocks after the restart %+v", got)
	}
	clk.advance(20 * time.Hour)
	tick(e2, c.ID)
	// The sender sends in order: the next mail is Bob's "your move" after
	// Alice's move, not a second warning to Alice.
	e2.playOnce(alice, c.ID, 0, 0)
	if m := sink.next("Bob's your-move mail"); m.To[0] != "bob@example.org" {
		t.Fatalf("after the restart, a mail to %v: %q", m.To, subjectOf(m))
	}
}
