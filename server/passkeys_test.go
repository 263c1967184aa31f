package server

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"gaslamp/game"
)

// The passkey tests play the browser and its authenticator in Go: a
// software authenticator (an ECDSA P-256 key, "none" attestation) answers
// the server's options as navigator.credentials would.

var b64 = base64.RawURLEncoding

// cbor encodes the few CBOR values an authenticator sends: unsigned and
// negative integers, byte and text strings, and maps of them (keys in the
// order given).
type cborMap [][2]any

func cbor(v any) []byte {
	head := func(major byte, n uint64) []byte {
		switch {
		case n < 24:
			return []byte{major<<5 | byte(n)}
		case n < 256:
			return []byte{major<<5 | 24, byte(n)}
		default:
			return []byte{major<<5 | 25, byte(n >> 8), byte(n)}
		}
	}
	switch x := v.(type) {
	case int:
		if x >= 0 {
			return head(0, uint64(x))
		}
		return head(1, uint64(-1-x))
	case []byte:
		return append(head(2, uint64(len(x))), x...)
	case string:
		return append(head(3, uint64(len(x))), x...)
	case cborMap:
		out := head(5, uint64(len(x)))
		for _, kv := range x {
			out = append(out, cbor(kv[0])...)
			out = append(out, cbor(kv[1])...)
		}
		return out
	}
	panic("cbor: unsupported value")
}

// softKey is a software authenticator holding one resident credential.
type softKey struct {
	id     []byte
	key    *ecdsa.PrivateKey
	count  uint32
	handle []byte // the user handle the server gave at registration
}

func newSoftKey(t *testing.T) *softKey {
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	id := make([]byte, 16)
	rand.Read(id)
	return &softKey{id: id, key: k}
}

// ceremony is the server's answer to a begin request.
type ceremony struct {
	Token   string `json:"token"`
	Options struct {
		Challenge string `json:"challenge"`
		RPID      string `json:"rpId"`
		RP        struct {
			ID string `json:"id"`
		} `json:"rp"`
		User struct {
			ID string `json:"id"`
		} `json:"user"`
		AllowCredentials []struct {
			ID string `json:"id"`
		} `json:"allowCredentials"`
		ExcludeCredentials []struct {
			ID string `json:"id"`
		} `json:"excludeCredentials"`
	} `json:"options"`
	Code string `json:"code"`
}

func clientData(typ, challenge, origin string) []byte {
	data, _ := json.Marshal(map[string]any{"type": typ, "challenge": challenge, "origin": origin, "crossOrigin": false})
	return data
}

// create answers navigator.credentials.create for origin.
func (k *softKey) create(c ceremony, origin string) map[string]any {
	rpHash := sha256.Sum256([]byte(c.Options.RP.ID))
	k.handle, _ = b64.DecodeString(c.Options.User.ID)
	x, y := k.key.PublicKey.X.FillBytes(make([]byte, 32)), k.key.PublicKey.Y.FillBytes(make([]byte, 32))
	cose := cbor(cborMap{{1, 2}, {3, -7}, {-1, 1}, {-2, x}, {-3, y}})
	auth := append(rpHash[:], 0x45) // user present, verified, attested credential data
	auth = binary.BigEndian.AppendUint32(auth, k.count)
	auth = append(auth, make([]byte, 16)...) // AAGUID
	auth = binary.BigEndian.AppendUint16(auth, uint16(len(k.id)))
	auth = append(auth, k.id...)
	auth = append(auth, cose...)
	att := cbor(cborMap{{"fmt", "none"}, {"attStmt", cborMap{}}, {"authData", auth}})
	return map[string]any{
		"id": b64.EncodeToString(k.id), "rawId": b64.EncodeToString(k.id), "type": "public-key",
		"response": map[string]any{
			"clientDataJSON":    b64.EncodeToString(clientData("webauthn.create", c.Options.Challenge, origin)),
			"attestationObject": b64.EncodeToString(att),
		},
		"clientExtensionResults": map[string]any{},
	}
}

// get answers navigator.credentials.get for origin, signing challenge.
func (k *softKey) get(t *testing.T, rpID, challenge, origin string) map[string]any {
	k.count++
	rpHash := sha256.Sum256([]byte(rpID))
	auth := append(rpHash[:], 0x05)
	auth = binary.BigEndian.AppendUint32(auth, k.count)
	cd := clientData("webauthn.get", challenge, origin)
	cdHash := sha256.Sum256(cd)
	digest := sha256.Sum256(append(bytes.Clone(auth), cdHash[:]...))
	sig, err := ecdsa.SignASN1(rand.Reader, k.key, digest[:])
	if err != nil {
		t.Fatal(err)
	}
	return map[string]any{
		"id": b64.EncodeToString(k.id), "rawId": b64.EncodeToString(k.id), "type": "public-key",
		"response": map[string]any{
			"clientDataJSON": b64.EncodeToString(cd), "authenticatorData": b64.EncodeToString(auth),
			"signature": b64.EncodeToString(sig), "userHandle": b64.EncodeToString(k.handle),
		},
		"clientExtensionResults": map[string]any{},
	}
}

// localOrigin is the test server's address under the name localhost: the
// origin passkeys accept when no public URL is configured.
func (e *env) localOrigin() string {
	u, _ := url.Parse(e.url)
	return "http://localhost:" + u.Port()
}

// pk sends a passkey request as u (nil: a visitor without a session) from
// origin and decodes the answer into out; it returns the status and the
// new session cookie, if one was set.
func (e *env) pk(u *user, origin, method, path string, body any, out any) (int, string) {
	e.t.Helper()
	data, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, e.url+path, bytes.NewReader(data))
	req.Header.Set("Content-Type", "application/json")
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	if u != nil {
		req.AddCookie(&http.Cookie{Name: cookieName, Value: u.cookie})
		req.Header.Set("X-CSRF-Token", u.csrf)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if out != nil {
		json.Unmarshal(raw, out)
	}
	cookie := ""
	for _, c := range resp.Cookies() {
		if c.Name == cookieName {
			cookie = c.Value
		}
	}
	return resp.StatusCode, cookie
}

// addPasskey registers k for the account u, named name.
func (e *env) addPasskey(u *user, k *softKey, name string) passkeyOut {
	e.t.Helper()
	o := e.localOrigin()
	var c ceremony
	if code, _ := e.pk(u, o, "POST", "/api/passkeys/register/begin", map[string]any{}, &c); code != http.StatusOK || c.Token == "" {
		e.t.Fatalf("register begin: %d %+v", code, c)
	}
	var out passkeyOut
	if code, _ := e.pk(u, o, "POST", "/api/passkeys/register/finish", map[string]any{"token": c.Token, "name": name, "credential": k.create(c, o)}, &out); code != http.StatusCreated {
		e.t.Fatalf("register finish: %d", code)
	}
	return out
}

// TestPasskeyRegisterAndSignIn: an account adds two passkeys (listed with
// their names and dates), then signs in with one without a name and after
// typing its name; the ceremony's token is used once; the sign count is
// kept; a removed passkey no longer signs in.
func TestPasskeyRegisterAndSignIn(t *testing.T) {
	e := newEnv(t, nil)
	alice, code := e.register(nil, "Alice", "correct horse")
	if code != http.StatusCreated {
		t.Fatalf("register: %d", code)
	}
	laptop, phone := newSoftKey(t), newSoftKey(t)
	p1 := e.addPasskey(alice, laptop, "  Laptop  ")
	if p1.Name != "Laptop" || p1.ID != b64.EncodeToString(laptop.id) || p1.Created.IsZero() || p1.LastUsed != nil {
		t.Fatalf("added passkey %+v", p1)
	}
	if string(laptop.handle) != alice.id {
		t.Fatalf("user handle %q, want the user id %q", laptop.handle, alice.id)
	}
	e.addPasskey(alice, phone, "Téléphone")

	// The second registration excluded the first passkey.
	o := e.localOrigin()
	var c ceremony
	e.pk(alice, o, "POST", "/api/passkeys/register/begin", map[string]any{}, &c)
	if len(c.Options.ExcludeCredentials) != 2 {
		t.Fatalf("excluded credentials %+v, want both passkeys", c.Options.ExcludeCredentials)
	}
	var list []passkeyOut
	if code, _ := e.pk(alice, "", "GET", "/api/passkeys", nil, &list); code != http.StatusOK || len(list) != 2 || list[0].Name != "Laptop" || list[1].Name != "Téléphone" {
		t.Fatalf("passkeys: %d %+v", code, list)
	}

	// Usernameless: the browser is asked for any passkey of the site.
	var sc ceremony
	if code, _ := e.pk(nil, o, "POST", "/api/passkeys/signin/begin", map[string]string{"name": ""}, &sc); code != http.StatusOK || len(sc.Options.AllowCredentials) != 0 || sc.Options.RPID != "localhost" {
		t.Fatalf("sign-in begin: %d %+v", code, sc)
	}
	assertion := laptop.get(t, "localhost", sc.Options.Challenge, o)
	var me meOut
	code, cookie := e.pk(nil, o, "POST", "/api/passkeys/signin/finish", map[string]any{"token": sc.Token, "credential": assertion}, &me)
	if code != http.StatusOK || me.ID != alice.id || !me.Account || cookie == "" {
		t.Fatalf("sign-in finish: %d %+v cookie %q", code, me, cookie)
	}
	signed := &user{e: e, id: me.ID, cookie: cookie, csrf: me.CSRF}
	if !signed.signedIn() {
		t.Fatal("the passkey's session is not signed in")
	}
	// The same token (a replay of the same answer) is refused.
	var refused ceremony
	if code, _ := e.pk(nil, o, "POST", "/api/passkeys/signin/finish", map[string]any{"token": sc.Token, "credential": assertion}, &refused); code != http.StatusBadRequest || refused.Code != string(CodePasskeyExpired) {
		t.Fatalf("a used ceremony: %d %q", code, refused.Code)
	}
	// After typing a name, the browser is offered that account's passkeys.
	if code, _ := e.pk(nil, o, "POST", "/api/passkeys/signin/begin", map[string]string{"name": "alice"}, &sc); code != http.StatusOK || len(sc.Options.AllowCredentials) != 2 {
		t.Fatalf("sign-in begin with a name: %d %+v", code, sc)
	}
	if code, _ := e.pk(nil, o, "POST", "/api/passkeys/signin/finish", map[string]any{"token": sc.Token, "credential": phone.get(t, "localhost", sc.Options.Challenge, o)}, &me); code != http.StatusOK || me.ID != alice.id {
		t.Fatalf("sign-in with a name: %d %+v", code, me)
	}
	p, err := e.st.PasskeyByID(t.Context(), b64.EncodeToString(laptop.id))
	if err != nil || p.LastUsed.IsZero() || !strings.Contains(string(p.Credential), `"signCount":1`) {
		t.Fatalf("used passkey %+v, %v", p, err)
	}
	// A name without an account, or without passkeys, gets a discoverable
	// ceremony: the answer does not tell which names exist.
	for _, name := range []string{"nobody", "Bob"} {
		if name == "Bob" {
			e.register(nil, "Bob", "correct horse")
		}
		var sc ceremony
		if code, _ := e.pk(nil, o, "POST", "/api/passkeys/signin/begin", map[string]string{"name": name}, &sc); code != http.StatusOK || len(sc.Options.AllowCredentials) != 0 {
			t.Fatalf("sign-in begin as %s: %d %+v", name, code, sc)
		}
	}

	// Removed, the passkey signs in no more.
	if code, _ := e.pk(alice, o, "DELETE", "/api/passkeys/"+p1.ID, nil, nil); code != http.StatusNoContent {
		t.Fatalf("delete: %d", code)
	}
	if code, _ := e.pk(alice, o, "DELETE", "/api/passkeys/"+p1.ID, nil, &refused); code != http.StatusNotFound || refused.Code != string(CodePasskeyUnknown) {
		t.Fatalf("delete twice: %d %q", code, refused.Code)
	}
	e.pk(nil, o, "POST", "/api/passkeys/signin/begin", map[string]string{}, &sc)
	if code, _ := e.pk(nil, o, "POST", "/api/passkeys/signin/finish", map[string]any{"token": sc.Token, "credential": laptop.get(t, "localhost", sc.Options.Challenge, o)}, &refused); code != http.StatusUnauthorized || refused.Code != string(CodePasskeyFailed) {
		t.Fatalf("a removed passkey: %d %q", code, refused.Code)
	}
}

// TestPasskeyCeremonyErrors: each way a ceremony can go wrong gets its
// refusal and stores nothing.
func TestPasskeyCeremonyErrors(t *testing.T) {
	clk := newClock()
	e := newEnv(t, func(c *Config) { c.Now = clk.Now })
	o := e.localOrigin()
	alice, _ := e.register(nil, "Alice", "correct horse")
	bob, _ := e.register(nil, "Bob", "correct horse")
	guest := e.guest("Watson")
	k := newSoftKey(t)

	refuse := func(what string, u *user, origin, path string, body any, wantStatus int, wantCode game.Code) {
		t.Helper()
		var out ceremony
		if code, _ := e.pk(u, origin, "POST", path, body, &out); code != wantStatus || out.Code != string(wantCode) {
			t.Fatalf("%s: %d %q, want %d %q", what, code, out.Code, wantStatus, wantCode)
		}
	}
	begin := func(u *user, path string) ceremony {
		t.Helper()
		var c ceremony
		if code, _ := e.pk(u, o, "POST", path, map[string]any{}, &c); code != http.StatusOK {
			t.Fatalf("%s: %d", path, code)
		}
		return c
	}
	const regBegin, regFinish = "/api/passkeys/register/begin", "/api/passkeys/register/finish"
	const inBegin, inFinish = "/api/passkeys/signin/begin", "/api/passkeys/signin/finish"

	refuse("a guest's registration", guest, o, regBegin, map[string]any{}, http.StatusForbidden, CodeNotAccount)
	refuse("an IP origin", alice, strings.Replace(o, "localhost", "127.0.0.1", 1), regBegin, map[string]any{}, http.StatusBadRequest, CodePasskeyUnavailable)
	refuse("no origin", nil, "", inBegin, map[string]any{}, http.StatusBadRequest, CodePasskeyUnavailable)
	refuse("another site", nil, "https://evil.example", inBegin, map[string]any{}, http.StatusForbidden, CodeBadOrigin)

	c := begin(alice, regBegin)
	refuse("an empty name", alice, o, regFinish, map[string]any{"token": c.Token, "name": " ", "credential": k.create(c, o)}, http.StatusBadRequest, CodePasskeyName)
	refuse("a long name", alice, o, regFinish, map[string]any{"token": c.Token, "name": strings.Repeat("x", 41), "credential": k.create(c, o)}, http.StatusBadRequest, CodePasskeyName)
	refuse("an unknown token", alice, o, regFinish, map[string]any{"token": "nope", "name": "x", "credential": k.create(c, o)}, http.StatusBadRequest, CodePasskeyExpired)
	refuse("another account's ceremony", bob, o, regFinish, map[string]any{"token": c.Token, "name": "x", "credential": k.create(c, o)}, http.StatusBadRequest, CodePasskeyExpired)
	refuse("a ceremony taken already", alice, o, regFinish, map[string]any{"token": c.Token, "name": "x", "credential": k.create(c, o)}, http.StatusBadRequest, CodePasskeyExpired)

	c = begin(alice, regBegin)
	refuse("a registration finished as a sign-in", nil, o, inFinish, map[string]any{"token": c.Token, "credential": k.get(t, "localhost", c.Options.Challenge, o)}, http.StatusBadRequest, CodePasskeyExpired)
	c = begin(alice, regBegin)
	refuse("unreadable credential", alice, o, regFinish, map[string]any{"token": c.Token, "name": "x", "credential": map[string]any{"id": "x"}}, http.StatusBadRequest, CodePasskeyFailed)
	c = begin(alice, regBegin)
	other := c
	other.Options.Challenge = b64.EncodeToString([]byte("another challenge, 32 bytes long"))
	refuse("another challenge", alice, o, regFinish, map[string]any{"token": c.Token, "name": "x", "credential": k.create(other, o)}, http.StatusBadRequest, CodePasskeyFailed)
	c = begin(alice, regBegin)
	refuse("another origin in the client data", alice, o, regFinish, map[string]any{"token": c.Token, "name": "x", "credential": k.create(c, "http://localhost:1")}, http.StatusBadRequest, CodePasskeyFailed)
	c = begin(alice, regBegin)
	other = c
	other.Options.RP.ID = "evil.example"
	refuse("another relying party", alice, o, regFinish, map[string]any{"token": c.Token, "name": "x", "credential": k.create(other, o)}, http.StatusBadRequest, CodePasskeyFailed)
	c = begin(alice, regBegin)
	clk.advance(passkeyTimeout + time.Second)
	refuse("an expired ceremony", alice, o, regFinish, map[string]any{"token": c.Token, "name": "x", "credential": k.create(c, o)}, http.StatusBadRequest, CodePasskeyExpired)
	if keys, _ := e.st.PasskeysOf(t.Context(), alice.id); len(keys) != 0 {
		t.Fatalf("refused registrations stored %d passkeys", len(keys))
	}

	e.addPasskey(alice, k, "Laptop")
	c = begin(alice, regBegin)
	refuse("a passkey registered twice", alice, o, regFinish, map[string]any{"token": c.Token, "name": "x", "credential": k.create(c, o)}, http.StatusConflict, CodePasskeyFailed)

	// Sign-in errors.
	s := begin(nil, inBegin)
	bad := k.get(t, "localhost", s.Options.Challenge, o)
	bad["response"].(map[string]any)["signature"] = b64.EncodeToString([]byte("not a signature"))
	refuse("a bad signature", nil, o, inFinish, map[string]any{"token": s.Token, "credential": bad}, http.StatusUnauthorized, CodePasskeyFailed)
	s = begin(nil, inBegin)
	refuse("an unknown passkey", nil, o, inFinish, map[string]any{"token": s.Token, "credential": newSoftKey(t).get(t, "localhost", s.Options.Challenge, o)}, http.StatusUnauthorized, CodePasskeyFailed)
	s = begin(nil, inBegin)
	wrong := k.get(t, "localhost", s.Options.Challenge, o)
	wrong["response"].(map[string]any)["userHandle"] = b64.EncodeToString([]byte(bob.id))
	refuse("another user handle", nil, o, inFinish, map[string]any{"token": s.Token, "credential": wrong}, http.StatusUnauthorized, CodePasskeyFailed)
	var named ceremony
	e.pk(nil, o, "POST", inBegin, map[string]string{"name": "Bob"}, &named)
	bk := newSoftKey(t)
	e.addPasskey(bob, bk, "Bob's")
	e.pk(nil, o, "POST", inBegin, map[string]string{"name": "Bob"}, &named)
	refuse("a passkey of another account than the name typed", nil, o, inFinish, map[string]any{"token": named.Token, "credential": k.get(t, "localhost", named.Options.Challenge, o)}, http.StatusUnauthorized, CodePasskeyFailed)
	s = begin(nil, inBegin)
	refuse("a signature of another challenge", nil, o, inFinish, map[string]any{"token": s.Token, "credential": k.get(t, "localhost", b64.EncodeToString([]byte("another challenge, 32 bytes long")), o)}, http.StatusUnauthorized, CodePasskeyFailed)

	// A suspended account's passkey signs in no more.
	if _, err := e.st.Suspend(t.Context(), alice.id, clk.Now().Add(time.Hour), "spam"); err != nil {
		t.Fatal(err)
	}
	s = begin(nil, inBegin)
	refuse("a suspended account", nil, o, inFinish, map[string]any{"token": s.Token, "credential": k.get(t, "localhost", s.Options.Challenge, o)}, http.StatusForbidden, CodeSuspended)
	refuse("a suspended account's password", nil, o, "/api/account/signin", map[string]string{"name": "Alice", "password": "correct horse"}, http.StatusForbidden, CodeSuspended)
}

// TestPasskeySignInRateLimited: passkey sign-ins draw on the same per-IP
// bucket as password sign-ins.
func TestPasskeySignInRateLimited(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.Limits.LoginIP = Rate{PerSecond: 0.0001, Burst: 3} })
	o := e.localOrigin()
	if _, code := e.signIn(nil, "nobody", "whatever password"); code != http.StatusUnauthorized {
		t.Fatalf("password sign-in: %d", code)
	}
	for i := range 2 {
		if code, _ := e.pk(nil, o, "POST", "/api/passkeys/signin/begin", map[string]string{}, nil); code != http.StatusOK {
			t.Fatalf("begin %d: %d", i, code)
		}
	}
	var out ceremony
	if code, _ := e.pk(nil, o, "POST", "/api/passkeys/signin/begin", map[string]string{}, &out); code != http.StatusTooManyRequests {
		t.Fatalf("past the limit: %d %q", code, out.Code)
	}
	if _, code := e.signIn(nil, "nobody", "whatever password"); code != http.StatusTooManyRequests {
		t.Fatalf("password sign-in past the limit: %d", code)
	}
}
