package server

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"syscall"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"

	"gaslamp/game"
	"gaslamp/store"
)

// Web Push: "your move" notifications for a player who is not at the table
// (RFC 8030 delivery, RFC 8291 encryption, RFC 8292 VAPID). The VAPID keys
// are made on the first start and kept in the store (shared by every node).
// A browser subscribes on the table page (web/js/push.js, the service
// worker /sw.js); when a move makes one of the user's seats act and the
// user has no connection open to that table, the node acting for the table
// sends each of the user's browsers "Your move in <game> against <names>"
// with the table's link. A notification never carries a secret of the
// game, only who must move where.

const vapidSetting = "vapid-keys"

// vapidKeys are the server's VAPID key pair, base64url.
type vapidKeys struct {
	Private string `json:"private"`
	Public  string `json:"public"`
}

// pushJob is one notification to send.
type pushJob struct {
	user  string
	table string
	text  func(lang string) pushMessage
}

// pushMessage is the payload the service worker shows.
type pushMessage struct {
	Title string `json:"title"`
	Body  string `json:"body"`
	URL   string `json:"url"`
	Tag   string `json:"tag"`
}

// pusher sends notifications from one goroutine, so that a slow push
// service never holds a table up.
type pusher struct {
	s      *Server
	keys   vapidKeys
	jobs   chan pushJob
	done   chan struct{}
	mu     sync.Mutex
	closed bool
	sent   int64
	fails  int64
	drops  int64 // notifications dropped with the queue full
	// refusedLogged is when a push service's refusal was last logged: one
	// line a minute at most, with the refusals counted since.
	refusedLogged time.Time
	refusedSince  int64
}

// counts returns the notifications a push service took, those it refused
// or that failed, and those dropped with the queue full (all 0 without
// push).
func (p *pusher) counts() (sent, fails, drops int64) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.sent, p.fails, p.drops
}

// loadPush makes or reads the VAPID keys and starts the sender.
func (s *Server) loadPush(ctx context.Context) error {
	priv, pub, err := webpush.GenerateVAPIDKeys()
	if err != nil {
		return err
	}
	fresh, _ := json.Marshal(vapidKeys{Private: priv, Public: pub})
	v, err := s.store.EnsureSetting(ctx, vapidSetting, string(fresh))
	if err != nil {
		return err
	}
	p := &pusher{s: s, jobs: make(chan pushJob, 1024), done: make(chan struct{})}
	if err := json.Unmarshal([]byte(v), &p.keys); err != nil || p.keys.Public == "" {
		return errors.New("server: the VAPID keys in the store are malformed")
	}
	s.push = p
	go p.run()
	return nil
}

// enqueue queues a job; when the queue is full the notification is dropped
// (the player still sees the turn on the page).
func (p *pusher) enqueue(j pushJob) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	select {
	case p.jobs <- j:
	default:
		p.drops++
	}
}

// close stops the sender once the queued notifications are sent; it may be
// called again.
func (p *pusher) close() {
	p.mu.Lock()
	if !p.closed {
		p.closed = true
		close(p.jobs)
	}
	p.mu.Unlock()
	<-p.done
}

func (p *pusher) run() {
	defer close(p.done)
	for j := range p.jobs {
		p.send(j)
	}
}

func (p *pusher) send(j pushJob) {
	ctx, cancel := context.WithTimeout(p.s.baseCtx, 30*time.Second)
	defer cancel()
	subs, err := p.s.store.PushSubscriptions(ctx, j.user)
	if err != nil || len(subs) == 0 {
		return
	}
	subject := p.s.cfg.PushSubject
	if subject == "" {
		subject = "admin@localhost"
	}
	for _, sub := range subs {
		body, _ := json.Marshal(j.text(sub.Lang))
		resp, err := webpush.SendNotificationWithContext(ctx, body, &webpush.Subscription{
			Endpoint: sub.Endpoint, Keys: webpush.Keys{P256dh: sub.P256dh, Auth: sub.Auth},
		}, &webpush.Options{
			HTTPClient: p.s.pushClient(), Subscriber: subject, TTL: 86400, Topic: topicOf(j.table),
			Urgency: webpush.UrgencyNormal, VAPIDPublicKey: p.keys.Public, VAPIDPrivateKey: p.keys.Private,
		})
		p.mu.Lock()
		if err != nil || resp.StatusCode >= 300 {
			p.fails++
		} else {
			p.sent++
		}
		p.mu.Unlock()
		if err != nil {
			p.s.log.Warn("push not sent", "err", err)
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone {
			p.s.store.DeletePushSubscription(ctx, sub.Endpoint) // the browser unsubscribed
		} else if resp.StatusCode >= 300 {
			p.logRefusal(resp.StatusCode, sub.Endpoint)
		}
	}
}

// logRefusal logs that a push service refused a notification (a wrong
// --push-subject or VAPID key, a quota): at most one line a minute, naming
// the service's host (the endpoint's path identifies the subscription, and
// is not logged) and how many were refused since the last line.
func (p *pusher) logRefusal(status int, endpoint string) {
	p.mu.Lock()
	p.refusedSince++
	now := time.Now()
	if !p.refusedLogged.IsZero() && now.Sub(p.refusedLogged) < time.Minute {
		p.mu.Unlock()
		return
	}
	n := p.refusedSince
	p.refusedSince, p.refusedLogged = 0, now
	p.mu.Unlock()
	host := "?"
	if u, err := url.Parse(endpoint); err == nil {
		host = u.Host
	}
	p.s.log.Warn("a push service refused notifications (check --push-subject and the VAPID keys)", "status", status, "service", host, "refused", n)
}

// topicOf makes a push Topic (at most 32 URL-safe characters) of a table id,
// so that a newer "your move" replaces an older one not yet delivered.
func topicOf(id string) string {
	if len(id) > 32 {
		return id[len(id)-32:]
	}
	return id
}

// pushClient is the HTTP client for push services: it never dials a
// loopback or private address (a subscription's endpoint is chosen by the
// browser, that is by anyone), unless Config.PushClient replaces it.
func (s *Server) pushClient() webpush.HTTPClient {
	if s.cfg.PushClient != nil {
		return s.cfg.PushClient
	}
	return publicOnlyClient
}

var publicOnlyClient = &http.Client{
	Timeout: 20 * time.Second,
	Transport: &http.Transport{
		DialContext: (&net.Dialer{Timeout: 10 * time.Second, Control: func(_, address string, _ syscall.RawConn) error {
			host, _, err := net.SplitHostPort(address)
			if err != nil {
				return err
			}
			ip := net.ParseIP(host)
			if ip == nil || ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsUnspecified() || ip.IsMulticast() {
				return errors.New("push: refusing a non-public address")
			}
			return nil
		}}).DialContext,
		TLSHandshakeTimeout: 10 * time.Second,
	},
}

// notifyTurn tells the users of the seats that must act now and did not
// before, when they have no connection open to this table.
func (t *table) notifyTurn(before, after game.SeatSet) {
	if t.s.push == nil || !t.acts() || t.state.Outcome().Over || t.rec.Status != store.StatusRunning {
		return
	}
	told := map[string]bool{}
	for _, seat := range after.Seats() {
		if before.Has(seat) || int(seat) >= len(t.rec.Seats) {
			continue
		}
		st := t.rec.Seats[seat]
		if st.Kind != store.KindHuman || st.UserID == "" || told[st.UserID] || t.connected(seat) || t.botControlled(seat) {
			continue
		}
		// A player away, at a table that stops their clock for it, is not
		// called back: the move waits for their return (the others see
		// when), and the header's count shows it then.
		if t.pace != nil && t.awayUntil(int(seat), t.s.now()) != nil {
			continue
		}
		told[st.UserID] = true
		others, partners := turnCompany(t.rec.Seats, t.infos, int(seat))
		t.notifyMail(st.UserID, others, partners)
		gameName, id := t.rules.Name(), t.id
		texts := t.s.texts
		t.s.push.enqueue(pushJob{user: st.UserID, table: id, text: func(lang string) pushMessage {
			g := texts.Render(lang, gameName)
			body := texts.Render(lang, game.T("push.your-move-alone", "game", g))
			if len(others) > 0 {
				body = texts.Render(lang, game.T(yourMoveKey("push", partners), "game", g, "names", strings.Join(others, ", ")))
			}
			return pushMessage{Title: "gaslamp", Body: body, URL: "/t/" + url.PathEscape(id), Tag: id}
		}})
	}
}

// turnCompany is whom the "your move" notice of seat's player names: the
// other people at the table on other sides ("against" them), or, when
// every other person plays on the player's side (a co-operative game, where
// every seat is on one side against the game itself), those partners
// ("with" them, partners true). Bots are not named.
func turnCompany(seats []store.Seat, infos []game.SeatInfo, seat int) (names []string, partners bool) {
	side := func(i int) string {
		if i < len(infos) {
			return infos[i].Side
		}
		return ""
	}
	me := seats[seat].UserID
	var with, against []string
	for i, o := range seats {
		if o.Kind != store.KindHuman || o.UserID == "" || o.UserID == me {
			continue
		}
		if side(i) == side(seat) {
			if !contains(with, o.Name) {
				with = append(with, o.Name)
			}
		} else if !contains(against, o.Name) {
			against = append(against, o.Name)
		}
	}
	if len(against) > 0 {
		return against, false
	}
	return with, len(with) > 0
}

// yourMoveKey is the message key of a "your move" notice (kind "mail" or
// "push") that names other people: against them, or with them.
func yourMoveKey(kind string, partners bool) string {
	if partners {
		return kind + ".your-move-with"
	}
	return kind + ".your-move"
}

// notifyTimeShort tells the player of seat, when not at the table, that the
// time of their turn-based move runs short (a quarter is left): a Web Push
// notification, and a mail when the account asked for mails, that name
// only the game, never a secret. The store's claim (ClaimTimeWarning, by
// table, seat and version) makes it once per move: not again after a
// restart, and only from the node acting for the table (it calls this).
func (t *table) notifyTimeShort(seat game.Seat) {
	if (t.s.push == nil && t.s.mail == nil) || !t.acts() || t.state.Outcome().Over || int(seat) >= len(t.rec.Seats) {
		return
	}
	st := t.rec.Seats[seat]
	if st.Kind != store.KindHuman || st.UserID == "" || t.connected(seat) || t.botControlled(seat) {
		return
	}
	ctx, cancel := storeCtx()
	defer cancel()
	if ok, err := t.s.store.ClaimTimeWarning(ctx, t.id, int(seat), t.version); err != nil || !ok {
		if err != nil {
			t.s.log.Warn("time-short warning not claimed", "table", t.id, "seat", int(seat), "err", err)
		}
		return
	}
	t.notifyMailShort(st.UserID)
	if t.s.push == nil {
		return
	}
	gameName, id := t.rules.Name(), t.id
	texts := t.s.texts
	t.s.push.enqueue(pushJob{user: st.UserID, table: id, text: func(lang string) pushMessage {
		body := texts.Render(lang, game.T("push.time-short", "game", texts.Render(lang, gameName)))
		return pushMessage{Title: "gaslamp", Body: body, URL: "/t/" + url.PathEscape(id), Tag: id}
	}})
}

// pushIn is a browser's subscription, as PushSubscription.toJSON() gives it.
type pushIn struct {
	Endpoint string `json:"endpoint"`
	Keys     struct {
		P256dh string `json:"p256dh"`
		Auth   string `json:"auth"`
	} `json:"keys"`
	Lang string `json:"lang"`
}

var errBadSubscription = &game.Error{Code: CodeBadMessage, Text: game.T("err.bad-subscription")}

// handlePushKey answers GET /api/push/key: the VAPID public key a browser
// subscribes with.
func (s *Server) handlePushKey(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"key": s.push.keys.Public})
}

// handlePushSubscribe stores a browser's subscription for the caller
// (POST /api/push/subscription); DELETE removes it.
func (s *Server) handlePushSubscribe(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User) {
	var in pushIn
	if err := readJSON(r, &in); err != nil {
		s.httpError(w, http.StatusBadRequest, badRequest("err.bad-request"))
		return
	}
	u, err := url.Parse(in.Endpoint)
	if err != nil || len(in.Endpoint) > 1024 || u.Host == "" || (u.Scheme != "https" && !(s.cfg.PushClient != nil && u.Scheme == "http")) {
		s.httpError(w, http.StatusBadRequest, errBadSubscription)
		return
	}
	if r.Method == http.MethodDelete {
		if err := s.store.DeletePushSubscription(r.Context(), in.Endpoint); err != nil {
			s.httpError(w, http.StatusInternalServerError, errNotStored)
			return
		}
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if in.Keys.P256dh == "" || in.Keys.Auth == "" || len(in.Keys.P256dh) > 200 || len(in.Keys.Auth) > 100 {
		s.httpError(w, http.StatusBadRequest, errBadSubscription)
		return
	}
	// Notifications outside the page are for accounts (a guest's identity
	// is one browser cookie: the page's own signals are theirs).
	if _, err := s.store.AccountByUser(r.Context(), user.ID); err != nil {
		s.httpError(w, http.StatusForbidden, &game.Error{Code: game.CodeUnauthorized, Text: game.T("err.push-account")})
		return
	}
	lang := in.Lang
	if !contains(game.Languages, lang) {
		lang = "en"
	}
	if err := s.store.AddPushSubscription(r.Context(), store.PushSubscription{Endpoint: in.Endpoint, User: user.ID,
		P256dh: in.Keys.P256dh, Auth: in.Keys.Auth, Lang: lang, Created: s.now().UTC()}); err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
