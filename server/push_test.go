package server

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gaslamp/internal/testscale"
	"gaslamp/server/internal/testgame"
)

// fakePushService is a push service on loopback: it checks each request's
// VAPID authorization (an ES256 JWT signed by the key it names, for this
// service's origin; RFC 8292) and decrypts the payload with the browser's
// private key (aes128gcm, RFC 8291), as a browser's push service and the
// browser would.
type fakePushService struct {
	t        *testing.T
	srv      *httptest.Server
	browser  *ecdh.PrivateKey
	auth     []byte
	received chan pushMessage
}

func newFakePushService(t *testing.T) *fakePushService {
	f := &fakePushService{t: t, received: make(chan pushMessage, 16)}
	var err error
	if f.browser, err = ecdh.P256().GenerateKey(rand.Reader); err != nil {
		t.Fatal(err)
	}
	f.auth = make([]byte, 16)
	rand.Read(f.auth)
	f.srv = httptest.NewServer(http.HandlerFunc(f.handle))
	t.Cleanup(f.srv.Close)
	return f
}

// subscription is what the browser's PushSubscription.toJSON() would give.
func (f *fakePushService) subscription() map[string]any {
	return map[string]any{"endpoint": f.srv.URL + "/push/abc", "lang": "fr", "keys": map[string]string{
		"p256dh": base64.RawURLEncoding.EncodeToString(f.browser.PublicKey().Bytes()),
		"auth":   base64.RawURLEncoding.EncodeToString(f.auth),
	}}
}

func (f *fakePushService) handle(w http.ResponseWriter, r *http.Request) {
	if err := f.checkVAPID(r.Header.Get("Authorization")); err != "" {
		f.t.Errorf("VAPID: %s", err)
		http.Error(w, err, http.StatusUnauthorized)
		return
	}
	if r.Header.Get("Content-Encoding") != "aes128gcm" || r.Header.Get("TTL") == "" {
		f.t.Errorf("headers %v", r.Header)
	}
	body, _ := io.ReadAll(r.Body)
	plain, err := f.decrypt(body)
	if err != "" {
		f.t.Errorf("payload: %s", err)
		http.Error(w, err, http.StatusBadRequest)
		return
	}
	var m pushMessage
	if jerr := json.Unmarshal(plain, &m); jerr != nil {
		f.t.Errorf("payload %q: %v", plain, jerr)
	}
	f.received <- m
	w.WriteHeader(http.StatusCreated)
}

func (f *fakePushService) checkVAPID(h string) string {
	rest, ok := strings.CutPrefix(h, "vapid t=")
	if !ok {
		return "no vapid scheme: " + h
	}
	tok, k, ok := strings.Cut(rest, ", k=")
	if !ok {
		return "no key"
	}
	pub, err := base64.RawURLEncoding.DecodeString(k)
	if err != nil || len(pub) != 65 {
		return "bad key"
	}
	parts := strings.Split(tok, ".")
	if len(parts) != 3 {
		return "not a JWT"
	}
	var head struct{ Alg string }
	var claims struct {
		Aud, Sub string
		Exp      int64
	}
	hb, _ := base64.RawURLEncoding.DecodeString(parts[0])
	cb, _ := base64.RawURLEncoding.DecodeString(parts[1])
	if json.Unmarshal(hb, &head) != nil || head.Alg != "ES256" || json.Unmarshal(cb, &claims) != nil {
		return "bad JWT header or claims"
	}
	if claims.Aud != f.srv.URL || claims.Exp < time.Now().Unix() || claims.Exp > time.Now().Add(24*time.Hour).Unix() || !strings.HasPrefix(claims.Sub, "mailto:") {
		return "bad claims"
	}
	sig, _ := base64.RawURLEncoding.DecodeString(parts[2])
	if len(sig) != 64 {
		return "bad signature length"
	}
	x, y := elliptic.Unmarshal(elliptic.P256(), pub) //nolint:staticcheck // the raw point is what VAPID sends
	if x == nil {
		return "bad point"
	}
	digest := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if !ecdsa.Verify(&ecdsa.PublicKey{Curve: elliptic.P256(), X: x, Y: y}, digest[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
		return "signature does not verify"
	}
	return ""
}

// decrypt opens an aes128gcm record (RFC 8188) with the keys of RFC 8291.
func (f *fakePushService) decrypt(body []byte) ([]byte, string) {
	if len(body) < 21 {
		return nil, "short body"
	}
	salt, rs, idlen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	if idlen != 65 || len(body) < 21+idlen || rs < 18 {
		return nil, "bad header"
	}
	asPub, ct := body[21:21+idlen], body[21+idlen:]
	as, err := ecdh.P256().NewPublicKey(asPub)
	if err != nil {
		return nil, "bad server key"
	}
	shared, err := f.browser.ECDH(as)
	if err != nil {
		return nil, "ecdh"
	}
	info := append(append([]byte("WebPush: info\x00"), f.browser.PublicKey().Bytes()...), asPub...)
	prkKey, _ := hkdf.Extract(sha256.New, shared, f.auth)
	ikm, _ := hkdf.Expand(sha256.New, prkKey, string(info), 32)
	prk, _ := hkdf.Extract(sha256.New, ikm, salt)
	cek, _ := hkdf.Expand(sha256.New, prk, "Content-Encoding: aes128gcm\x00", 16)
	nonce, _ := hkdf.Expand(sha256.New, prk, "Content-Encoding: nonce\x00", 12)
	block, _ := aes.NewCipher(cek)
	gcm, _ := cipher.NewGCM(block)
	plain, err := gcm.Open(nil, nonce, ct, nil)
	if err != nil {
		return nil, "does not decrypt: " + err.Error()
	}
	// The last record ends with the delimiter 2, then padding zeros.
	plain = bytes.TrimRight(plain, "\x00")
	if len(plain) == 0 || plain[len(plain)-1] != 2 {
		return nil, "no last-record delimiter"
	}
	return plain[:len(plain)-1], ""
}

// TestPushYourMove: a player who subscribed and is not at the table gets
// one encrypted, VAPID-signed "your move" notification in their language
// when a move makes them act, with the table's link and no game secret; a
// player at the table gets none.
func TestPushYourMove(t *testing.T) {
	fake := newFakePushService(t)
	e := newEnv(t, func(c *Config) { c.PushClient = fake.srv.Client(); c.PushSubject = "ops@example.org" })
	alice, bob := e.guest("Alice"), e.guest("Bob")
	var key struct{ Key string }
	if code := bob.do("GET", "/api/push/key", nil, &key); code != 200 || key.Key == "" {
		t.Fatalf("key %d %+v", code, key)
	}
	if code := bob.do("POST", "/api/push/subscription", map[string]any{"endpoint": "javascript:alert(1)", "keys": map[string]string{"p256dh": "x", "auth": "y"}}, nil); code != http.StatusBadRequest {
		t.Fatalf("a bad endpoint: %d", code)
	}
	// A guest gets the page's own signals only; an account subscribes.
	if code := bob.do("POST", "/api/push/subscription", fake.subscription(), nil); code != http.StatusForbidden {
		t.Fatalf("a guest subscribed: %d", code)
	}
	bob, code := e.register(bob, "Bob", "a long enough password")
	if code != http.StatusOK && code != http.StatusCreated {
		t.Fatalf("register %d", code)
	}
	if code := bob.do("POST", "/api/push/subscription", fake.subscription(), nil); code != http.StatusNoContent {
		t.Fatalf("subscribe %d", code)
	}
	var c created
	if code := alice.do("POST", "/api/tables", map[string]any{"game": testgame.ID, "options": map[string]string{"length": "40"},
		"seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}}, &c); code != http.StatusCreated {
		t.Fatalf("create %d", code)
	}
	alice.sit(c.ID, 0)
	bob.sit(c.ID, 1)
	ca := e.dial(alice, c.ID)
	ca.hello(-1)
	ca.next("state")
	ca.move(0, 0, `{"kind":"pick","n":1}`)
	ca.update(1)
	var m pushMessage
	select {
	case m = <-fake.received:
	case <-time.After(testscale.Timeout(20 * time.Second)):
		t.Fatal("no push arrived")
	}
	if m.URL != "/t/"+c.ID || !strings.Contains(m.Body, "À vous de jouer") || !strings.Contains(m.Body, "Alice") {
		t.Fatalf("push %+v", m)
	}
	for _, secret := range e.secrets(c.ID) {
		if secret != "" && strings.Contains(m.Body+m.URL+m.Title, secret) {
			t.Fatalf("the push carries a secret: %+v", m)
		}
	}
	// Bob at the table: his next turn sends nothing.
	cb := e.dial(bob, c.ID)
	cb.hello(-1)
	cb.next("state")
	cb.move(1, 1, `{"kind":"pick","n":1}`)
	cb.update(2)
	ca.move(2, 0, `{"kind":"pick","n":1}`)
	cb.update(3)
	select {
	case m := <-fake.received:
		t.Fatalf("a push to a player at the table: %+v", m)
	case <-time.After(300 * time.Millisecond):
	}
}

// TestPushTimeShort: at a turn-based table, a player away from it is told
// once when a quarter of their move's time is left, in their language,
// with nothing of the game but its name; the next move's clock warns anew.
func TestPushTimeShort(t *testing.T) {
	fake := newFakePushService(t)
	clk := newClock()
	e := newEnv(t, func(c *Config) {
		c.PushClient, c.PushSubject = fake.srv.Client(), "ops@example.org"
		c.Now = clk.Now
		c.BotBudget = 100 * time.Millisecond
	})
	alice, bob := e.account("Alice"), e.account("Bob")
	if code := alice.do("POST", "/api/push/subscription", fake.subscription(), nil); code != http.StatusNoContent {
		t.Fatalf("subscribe %d", code)
	}
	c := pacedTable(t, bob, map[string]any{"kind": "turn", "move_seconds": 86400})
	alice.sit(c.ID, 0)
	bob.sit(c.ID, 1)
	// Whatever the start sent ("your move"), none of it says time is short.
	drain := func() []pushMessage {
		var got []pushMessage
		for {
			select {
			case m := <-fake.received:
				got = append(got, m)
			case <-time.After(300 * time.Millisecond):
				return got
			}
		}
	}
	short := func(ms []pushMessage) int {
		n := 0
		for _, m := range ms {
			if strings.Contains(m.Body, "est attendu bientôt") {
				n++
				if m.URL != "/t/"+c.ID {
					t.Errorf("push %+v", m)
				}
			}
		}
		return n
	}
	if n := short(drain()); n != 0 {
		t.Fatalf("%d warnings at the start", n)
	}
	clk.advance(17 * time.Hour) // 7 h left: more than a quarter
	tick(e, c.ID)
	if n := short(drain()); n != 0 {
		t.Fatalf("%d warnings with 7 h of 24 left", n)
	}
	clk.advance(2 * time.Hour) // 5 h left
	tick(e, c.ID)
	var got []pushMessage
	deadline := time.Now().Add(testscale.Timeout(20 * time.Second))
	for short(got) == 0 && time.Now().Before(deadline) {
		got = append(got, drain()...)
	}
	if n := short(got); n != 1 {
		t.Fatalf("%d warnings with 5 h left, want 1 (%+v)", n, got)
	}
	for _, secret := range e.secrets(c.ID) {
		for _, m := range got {
			if secret != "" && strings.Contains(m.Body+m.URL+m.Title, secret) {
				t.Fatalf("the warning carries a secret: %+v", m)
			}
		}
	}
	clk.advance(time.Hour)
	tick(e, c.ID)
	if n := short(drain()); n != 0 {
		t.Fatalf("warned again (%d) for the same move", n)
	}
}

// TestPushRefusalsLogged: a push service's refusals (a subject or key it
// does not take) are logged, one line a minute at most with the count since,
// naming the service's host but not the subscription's path.
func TestPushRefusalsLogged(t *testing.T) {
	var buf bytes.Buffer
	p := &pusher{s: &Server{log: slog.New(slog.NewTextHandler(&buf, nil))}}
	for range 3 {
		p.logRefusal(http.StatusForbidden, "https://web.push.apple.com/QSECRETPATH")
	}
	if n := strings.Count(buf.String(), "push service refused"); n != 1 || !strings.Contains(buf.String(), "status=403") ||
		!strings.Contains(buf.String(), "service=web.push.apple.com") || strings.Contains(buf.String(), "QSECRETPATH") {
		t.Fatalf("%d lines:\n%s", n, buf.String())
	}
	p.mu.Lock()
	p.refusedLogged = p.refusedLogged.Add(-2 * time.Minute)
	p.mu.Unlock()
	p.logRefusal(http.StatusForbidden, "https://web.push.apple.com/QSECRETPATH")
	if n := strings.Count(buf.String(), "push service refused"); n != 2 || !strings.Contains(buf.String(), "refused=3") {
		t.Fatalf("after a minute, %d lines:\n%s", n, buf.String())
	}
}
