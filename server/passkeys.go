package server

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"gaslamp/game"
	"gaslamp/store"
)

// Passkeys (issue 16): an account may add WebAuthn credentials (several,
// named, removable) and sign in with one instead of its password, with or
// without typing its name first (discoverable credentials).
//
// The relying party is the site: its ID is the host name of the first
// public URL (--public-url) and the browser's origin must be one of the
// public URLs; without any, passkeys work on http(s)://localhost at any
// port (local play). Each ceremony's challenge is kept in the store under
// the hash of a random token the browser sends back, so that any node can
// finish it, once, within passkeyTimeout.

// passkeyTimeout is how long a ceremony may take, from its challenge to
// the browser's answer.
const passkeyTimeout = 5 * time.Minute

// passkeysPerAccount caps the passkeys one account may hold.
const passkeysPerAccount = 20

// passkeyNameMax is the longest name of a passkey, in characters.
const passkeyNameMax = 40

// Kinds of ceremonies (store.Challenge.Kind).
const (
	ceremonyRegister = "passkey-register"
	ceremonySignIn   = "passkey-signin"
)

// Refusal codes of the passkey routes.
const (
	CodePasskeyFailed      game.Code = "passkey-failed"      // the authenticator's answer was not accepted
	CodePasskeyExpired     game.Code = "passkey-expired"     // no such ceremony: expired, used, or never begun
	CodePasskeyUnavailable game.Code = "passkey-unavailable" // the page's origin cannot use passkeys
	CodePasskeyName        game.Code = "passkey-name"        // a passkey's name is empty or too long
	CodePasskeyUnknown     game.Code = "passkey-unknown"     // no passkey of the account with that id
	CodePasskeyTooMany     game.Code = "passkey-too-many"    // the account holds the most passkeys allowed
)

var (
	errPasskeyFailed      = &game.Error{Code: CodePasskeyFailed, Text: game.T("err.passkey-failed")}
	errPasskeyExpired     = &game.Error{Code: CodePasskeyExpired, Text: game.T("err.passkey-expired")}
	errPasskeyUnavailable = &game.Error{Code: CodePasskeyUnavailable, Text: game.T("err.passkey-unavailable")}
	errPasskeyName        = &game.Error{Code: CodePasskeyName, Text: game.T("err.passkey-name", "max", passkeyNameMax)}
	errPasskeyUnknown     = &game.Error{Code: CodePasskeyUnknown, Text: game.T("err.passkey-unknown")}
	errPasskeyTooMany     = &game.Error{Code: CodePasskeyTooMany, Text: game.T("err.passkey-too-many", "max", passkeysPerAccount)}
)

// relyingParty returns the WebAuthn relying party for a request's origin,
// or false when that origin cannot use passkeys.
func (s *Server) relyingParty(r *http.Request) (*webauthn.WebAuthn, bool) {
	origin := strings.ToLower(r.Header.Get("Origin"))
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return nil, false
	}
	var rpID string
	var origins []string
	if len(s.cfg.PublicURLs) > 0 {
		pu, err := url.Parse(s.cfg.PublicURLs[0])
		if err != nil {
			return nil, false
		}
		rpID = pu.Hostname()
		for _, p := range s.cfg.PublicURLs {
			if q, err := url.Parse(p); err == nil && (q.Hostname() == rpID || strings.HasSuffix(q.Hostname(), "."+rpID)) {
				origins = append(origins, p)
			}
		}
	} else if u.Hostname() == "localhost" {
		rpID, origins = "localhost", []string{u.Scheme + "://" + u.Host}
	} else {
		return nil, false
	}
	timeout := webauthn.TimeoutConfig{Enforce: true, Timeout: passkeyTimeout, TimeoutUVD: passkeyTimeout}
	wa, err := webauthn.New(&webauthn.Config{
		RPID: rpID, RPDisplayName: "Gaslamp", RPOrigins: origins,
		AuthenticatorSelection: protocol.AuthenticatorSelection{
			ResidentKey: protocol.ResidentKeyRequirementRequired, RequireResidentKey: protocol.ResidentKeyRequired(),
			UserVerification: protocol.VerificationPreferred,
		},
		Timeouts: webauthn.TimeoutsConfig{Login: timeout, Registration: timeout},
	})
	if err != nil {
		s.log.Error("passkey relying party not configured", "rp", rpID, "err", err)
		return nil, false
	}
	return wa, true
}

// passkeyUser is an account as the WebAuthn library sees it: its user
// handle is the user id, which never changes and names nobody.
type passkeyUser struct {
	acct  store.Account
	creds []webauthn.Credential
	keys  []store.Passkey // the stored passkeys, in the order of creds
}

func (u *passkeyUser) WebAuthnID() []byte                         { return []byte(u.acct.UserID) }
func (u *passkeyUser) WebAuthnName() string                       { return u.acct.Name }
func (u *passkeyUser) WebAuthnDisplayName() string                { return u.acct.Name }
func (u *passkeyUser) WebAuthnCredentials() []webauthn.Credential { return u.creds }

// loadPasskeyUser reads an account and its passkeys.
func (s *Server) loadPasskeyUser(r *http.Request, acct store.Account) (*passkeyUser, error) {
	keys, err := s.store.PasskeysOf(r.Context(), acct.UserID)
	if err != nil {
		return nil, err
	}
	u := &passkeyUser{acct: acct}
	for _, k := range keys {
		var c webauthn.Credential
		if err := json.Unmarshal(k.Credential, &c); err != nil {
			s.log.Error("stored passkey unreadable", "user", acct.UserID, "err", err)
			continue
		}
		u.creds = append(u.creds, c)
		u.keys = append(u.keys, k)
	}
	return u, nil
}

// beginCeremony stores a ceremony's session data under a new token and
// answers the token and the options for navigator.credentials.
func (s *Server) beginCeremony(w http.ResponseWriter, r *http.Request, kind, userID string, sd *webauthn.SessionData, options any) {
	data, err := json.Marshal(sd)
	if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	token := randomToken(24)
	c := store.Challenge{Hash: store.Hash(token), Kind: kind, UserID: userID, Data: data, Expires: s.now().Add(passkeyTimeout)}
	if err := s.store.AddChallenge(r.Context(), c); err != nil {
		s.log.Error("passkey challenge not stored", "err", err)
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Token   string `json:"token"`
		Options any    `json:"options"`
	}{token, options})
}

// takeCeremony uses up the ceremony of a token: its stored challenge and
// session data, or a refusal already answered.
func (s *Server) takeCeremony(w http.ResponseWriter, r *http.Request, token, kind string) (store.Challenge, webauthn.SessionData, bool) {
	var sd webauthn.SessionData
	if token == "" || len(token) > 64 {
		s.httpError(w, http.StatusBadRequest, errPasskeyExpired)
		return store.Challenge{}, sd, false
	}
	c, err := s.store.TakeChallenge(r.Context(), store.Hash(token), kind, s.now())
	if errors.Is(err, store.ErrNotFound) {
		s.httpError(w, http.StatusBadRequest, errPasskeyExpired)
		return c, sd, false
	}
	if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return c, sd, false
	}
	if err := json.Unmarshal(c.Data, &sd); err != nil {
		s.log.Error("passkey challenge unreadable", "err", err)
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return c, sd, false
	}
	return c, sd, true
}

// handlePasskeyRegisterBegin starts adding a passkey to the signed-in
// account (POST /api/passkeys/register/begin, CSRF-checked): the options
// for navigator.credentials.create, which exclude the account's passkeys.
func (s *Server) handlePasskeyRegisterBegin(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User) {
	acct, ok := s.accountOf(w, r, user)
	if !ok {
		return
	}
	wa, ok := s.relyingParty(r)
	if !ok {
		s.httpError(w, http.StatusBadRequest, errPasskeyUnavailable)
		return
	}
	if !s.limiter.allow("login|acct|"+acct.Key, s.cfg.Limits.Login) {
		s.httpError(w, http.StatusTooManyRequests, errRateLimited)
		return
	}
	pu, err := s.loadPasskeyUser(r, acct)
	if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	if len(pu.keys) >= passkeysPerAccount {
		s.httpError(w, http.StatusConflict, errPasskeyTooMany)
		return
	}
	creation, sd, err := wa.BeginRegistration(pu,
		webauthn.WithResidentKeyRequirement(protocol.ResidentKeyRequirementRequired),
		webauthn.WithExclusions(webauthn.Credentials(pu.creds).CredentialDescriptors()),
		webauthn.WithExtensions(webauthn.WithExtensionCredProps()))
	if err != nil {
		s.log.Error("passkey registration not begun", "user", user.ID, "err", err)
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	s.beginCeremony(w, r, ceremonyRegister, user.ID, sd, creation.Response)
}

// passkeyOut is a passkey as its owner's account dialog lists it.
type passkeyOut struct {
	ID       string     `json:"id"`
	Name     string     `json:"name"`
	Created  time.Time  `json:"created"`
	LastUsed *time.Time `json:"lastUsed,omitempty"`
}

func passkeyView(p store.Passkey) passkeyOut {
	out := passkeyOut{ID: p.ID, Name: p.Name, Created: p.Created}
	if !p.LastUsed.IsZero() {
		t := p.LastUsed
		out.LastUsed = &t
	}
	return out
}

// cleanPasskeyName trims a passkey's name and checks it: 1 to
// passkeyNameMax printable characters.
func cleanPasskeyName(name string) (string, bool) {
	name = strings.TrimSpace(name)
	if name == "" || !utf8.ValidString(name) || utf8.RuneCountInString(name) > passkeyNameMax {
		return "", false
	}
	for _, c := range name {
		if !unicode.IsPrint(c) {
			return "", false
		}
	}
	return name, true
}

// handlePasskeyRegisterFinish stores the new passkey (POST
// /api/passkeys/register/finish, {"token", "name", "credential"},
// CSRF-checked) once the library has verified the authenticator's answer
// against the ceremony begun by the same account.
func (s *Server) handlePasskeyRegisterFinish(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User) {
	var in struct {
		Token      string          `json:"token"`
		Name       string          `json:"name"`
		Credential json.RawMessage `json:"credential"`
	}
	if err := readJSON(r, &in); err != nil {
		s.httpError(w, http.StatusBadRequest, badMessage("err.bad-request", "bad JSON"))
		return
	}
	name, ok := cleanPasskeyName(in.Name)
	if !ok {
		s.httpError(w, http.StatusBadRequest, errPasskeyName)
		return
	}
	acct, ok := s.accountOf(w, r, user)
	if !ok {
		return
	}
	wa, ok := s.relyingParty(r)
	if !ok {
		s.httpError(w, http.StatusBadRequest, errPasskeyUnavailable)
		return
	}
	c, sd, ok := s.takeCeremony(w, r, in.Token, ceremonyRegister)
	if !ok {
		return
	}
	if c.UserID != user.ID {
		s.httpError(w, http.StatusBadRequest, errPasskeyExpired)
		return
	}
	parsed, err := protocol.ParseCredentialCreationResponseBytes(in.Credential)
	if err != nil {
		s.log.Info("passkey registration refused", "user", user.ID, "err", err)
		s.httpError(w, http.StatusBadRequest, errPasskeyFailed)
		return
	}
	pu, err := s.loadPasskeyUser(r, acct)
	if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	cred, err := wa.CreateCredential(pu, sd, parsed)
	if err != nil {
		s.log.Info("passkey registration refused", "user", user.ID, "err", err)
		s.httpError(w, http.StatusBadRequest, errPasskeyFailed)
		return
	}
	data, err := json.Marshal(cred)
	if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	p := store.Passkey{ID: base64.RawURLEncoding.EncodeToString(cred.ID), UserID: user.ID, Name: name, Credential: data, Created: s.now()}
	if err := s.store.AddPasskey(r.Context(), p); errors.Is(err, store.ErrConflict) {
		s.httpError(w, http.StatusConflict, errPasskeyFailed)
		return
	} else if err != nil {
		s.log.Error("passkey not stored", "user", user.ID, "err", err)
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	s.log.Info("passkey added", "user", user.ID)
	writeJSON(w, http.StatusCreated, passkeyView(p))
}

// handlePasskeys lists the signed-in account's passkeys (GET
// /api/passkeys).
func (s *Server) handlePasskeys(w http.ResponseWriter, r *http.Request) {
	_, user, ok := s.session(r)
	if !ok {
		s.httpError(w, http.StatusUnauthorized, errSignIn)
		return
	}
	if _, ok := s.accountOf(w, r, user); !ok {
		return
	}
	keys, err := s.store.PasskeysOf(r.Context(), user.ID)
	if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	out := []passkeyOut{}
	for _, k := range keys {
		out = append(out, passkeyView(k))
	}
	writeJSON(w, http.StatusOK, out)
}

// handlePasskeyDelete removes one of the account's passkeys (DELETE
// /api/passkeys/{id}, CSRF-checked).
func (s *Server) handlePasskeyDelete(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User) {
	if _, ok := s.accountOf(w, r, user); !ok {
		return
	}
	id := r.PathValue("id")
	if len(id) > 1400 {
		s.httpError(w, http.StatusNotFound, errPasskeyUnknown)
		return
	}
	if err := s.store.DeletePasskey(r.Context(), user.ID, id); errors.Is(err, store.ErrNotFound) {
		s.httpError(w, http.StatusNotFound, errPasskeyUnknown)
		return
	} else if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	s.log.Info("passkey removed", "user", user.ID)
	w.WriteHeader(http.StatusNoContent)
}

// handlePasskeySignInBegin starts a sign-in with a passkey (POST
// /api/passkeys/signin/begin, {"name"}, no session needed). With a name,
// the browser is offered that account's passkeys; without one (or with a
// name no account has, so that the answer tells nothing about which names
// exist) it asks for any passkey of the site (a discoverable credential).
func (s *Server) handlePasskeySignInBegin(w http.ResponseWriter, r *http.Request) {
	if !s.jsonPost(w, r) {
		return
	}
	var in struct {
		Name string `json:"name"`
	}
	if err := readJSON(r, &in); err != nil {
		s.httpError(w, http.StatusBadRequest, badMessage("err.bad-request", "bad JSON"))
		return
	}
	wa, ok := s.relyingParty(r)
	if !ok {
		s.httpError(w, http.StatusBadRequest, errPasskeyUnavailable)
		return
	}
	if !s.limiter.allow("login|ip|"+clientIP(r), s.cfg.Limits.LoginIP) {
		s.httpError(w, http.StatusTooManyRequests, errRateLimited)
		return
	}
	name := strings.TrimSpace(in.Name)
	var pu *passkeyUser
	if name != "" && len(name) <= 64 {
		acct, err := s.store.AccountByKey(r.Context(), nameKey(name))
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			s.httpError(w, http.StatusInternalServerError, errNotStored)
			return
		}
		if err == nil {
			if pu, err = s.loadPasskeyUser(r, acct); err != nil {
				s.httpError(w, http.StatusInternalServerError, errNotStored)
				return
			}
			if len(pu.creds) == 0 {
				pu = nil
			}
		}
	}
	var (
		assertion *protocol.CredentialAssertion
		sd        *webauthn.SessionData
		err       error
		userID    string
	)
	if pu != nil {
		assertion, sd, err = wa.BeginLogin(pu)
		userID = pu.acct.UserID
	} else {
		assertion, sd, err = wa.BeginDiscoverableLogin()
	}
	if err != nil {
		s.log.Error("passkey sign-in not begun", "err", err)
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	s.beginCeremony(w, r, ceremonySignIn, userID, sd, assertion.Response)
}

// handlePasskeySignInFinish signs in with a passkey (POST
// /api/passkeys/signin/finish, {"token", "credential"}): once the library
// has verified the assertion against the stored credential and the
// ceremony's challenge, a new session of the passkey's account, exactly as
// a password sign-in makes one.
func (s *Server) handlePasskeySignInFinish(w http.ResponseWriter, r *http.Request) {
	if !s.jsonPost(w, r) {
		return
	}
	var in struct {
		Token      string          `json:"token"`
		Credential json.RawMessage `json:"credential"`
	}
	if err := readJSON(r, &in); err != nil {
		s.httpError(w, http.StatusBadRequest, badMessage("err.bad-request", "bad JSON"))
		return
	}
	wa, ok := s.relyingParty(r)
	if !ok {
		s.httpError(w, http.StatusBadRequest, errPasskeyUnavailable)
		return
	}
	if !s.limiter.allow("login|ip|"+clientIP(r), s.cfg.Limits.LoginIP) {
		s.httpError(w, http.StatusTooManyRequests, errRateLimited)
		return
	}
	c, sd, ok := s.takeCeremony(w, r, in.Token, ceremonySignIn)
	if !ok {
		return
	}
	parsed, err := protocol.ParseCredentialRequestResponseBytes(in.Credential)
	if err != nil {
		s.log.Info("passkey sign-in refused", "addr", clientIP(r), "err", err)
		s.httpError(w, http.StatusUnauthorized, errPasskeyFailed)
		return
	}
	// The passkey names its account; the account's bucket limits the
	// attempts on it as a password's would.
	stored, err := s.store.PasskeyByID(r.Context(), base64.RawURLEncoding.EncodeToString(parsed.RawID))
	if errors.Is(err, store.ErrNotFound) {
		s.log.Info("passkey sign-in refused", "addr", clientIP(r), "err", "unknown credential")
		s.httpError(w, http.StatusUnauthorized, errPasskeyFailed)
		return
	} else if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	if c.UserID != "" && c.UserID != stored.UserID {
		s.httpError(w, http.StatusUnauthorized, errPasskeyFailed)
		return
	}
	acct, err := s.store.AccountByUser(r.Context(), stored.UserID)
	if err != nil {
		s.httpError(w, http.StatusUnauthorized, errPasskeyFailed)
		return
	}
	if !s.limiter.allow("login|acct|"+acct.Key, s.cfg.Limits.Login) {
		s.httpError(w, http.StatusTooManyRequests, errRateLimited)
		return
	}
	pu, err := s.loadPasskeyUser(r, acct)
	if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	var cred *webauthn.Credential
	if c.UserID != "" {
		cred, err = wa.ValidateLogin(pu, sd, parsed)
	} else {
		cred, err = wa.ValidateDiscoverableLogin(func(rawID, userHandle []byte) (webauthn.User, error) {
			if !bytes.Equal(userHandle, []byte(acct.UserID)) {
				return nil, errors.New("the user handle is not the passkey's account")
			}
			return pu, nil
		}, sd, parsed)
	}
	if err != nil {
		s.log.Info("passkey sign-in refused", "addr", clientIP(r), "err", err)
		s.httpError(w, http.StatusUnauthorized, errPasskeyFailed)
		return
	}
	if cred.Authenticator.CloneWarning {
		s.log.Warn("passkey sign count went back: a cloned authenticator?", "user", acct.UserID)
	}
	if data, err := json.Marshal(cred); err == nil {
		if err := s.store.UsePasskey(r.Context(), stored.ID, data, s.now()); err != nil {
			s.log.Warn("passkey use not stored", "user", acct.UserID, "err", err)
		}
	}
	s.signInAs(w, r, acct)
}

// signInAs ends a successful sign-in (password or passkey): a suspended
// account is refused, others get a new session.
func (s *Server) signInAs(w http.ResponseWriter, r *http.Request, acct store.Account) {
	if acct.Suspended(s.now()) {
		s.log.Info("sign-in of a suspended account refused", "user", acct.UserID)
		s.httpError(w, http.StatusForbidden, errSuspended(acct))
		return
	}
	user, err := s.store.User(r.Context(), acct.UserID)
	if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	old := ""
	var guest store.User
	if sess, u, ok := s.session(r); ok {
		old, guest = sess.TokenHash, u
	}
	ns, ok := s.newSessionFor(w, r, user, old)
	if !ok {
		return
	}
	if old != "" {
		s.caps.closeSession(old)
	}
	// A guest signing in keeps the seats it plays: "no merge" left them
	// behind with a guest no browser could be again.
	_, left := s.keepGuestSeats(r.Context(), guest, user)
	s.log.Info("signed in", "user", user.ID)
	writeJSON(w, http.StatusOK, meOut{ID: user.ID, Name: user.Name, CSRF: ns.CSRF, Account: true, SeatsLeft: left})
}
