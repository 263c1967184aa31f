package server

import (
	"errors"
	"net/http"
	"strings"

	"gaslamp/game"
	"gaslamp/store"
)

// Accounts (issue 16): a guest becomes an account by choosing a unique name
// and a password; the user id stays, so every seat and game of the guest
// stays theirs, and seats follow the account to any device it signs in on.
// docs/security.md lists the promises.

// Refusal codes of the account routes.
const (
	CodeNameTaken      game.Code = "name-taken"      // another account has that name, or one that reads alike
	CodeBadName        game.Code = "bad-name"        // not an allowed account name
	CodeBadPassword    game.Code = "bad-password"    // a new password too short or too long
	CodeBadCredentials game.Code = "bad-credentials" // no such name, or a wrong password
	CodeHasAccount     game.Code = "has-account"     // the session is an account already
	CodeNotAccount     game.Code = "not-account"     // the session is a guest's
	CodeAccountName    game.Code = "account-name"    // a guest's name that is (or reads like) an account's
)

var (
	errNameTaken      = &game.Error{Code: CodeNameTaken, Text: game.T("err.name-taken")}
	errBadAccountName = &game.Error{Code: CodeBadName, Text: game.T("err.bad-account-name", "min", accountNameMin, "max", accountNameMax)}
	errBadPassword    = &game.Error{Code: CodeBadPassword, Text: game.T("err.bad-password", "min", passwordMin, "max", passwordMax)}
	errBadCredentials = &game.Error{Code: CodeBadCredentials, Text: game.T("err.bad-credentials")}
	errHasAccount     = &game.Error{Code: CodeHasAccount, Text: game.T("err.has-account")}
	errNotAccount     = &game.Error{Code: CodeNotAccount, Text: game.T("err.not-account")}
)

type credentialsIn struct {
	Name     string `json:"name"`
	Password string `json:"password"`
	// Lang, at registration: the page's language, the new account's (its
	// mails', and its other devices' when it signs in there).
	Lang string `json:"lang,omitempty"`
}

// jsonPost checks what POST /api/session checks of a request that may come
// without a session: a same-site Origin and a JSON body.
func (s *Server) jsonPost(w http.ResponseWriter, r *http.Request) bool {
	if !s.originOK(r) {
		s.httpError(w, http.StatusForbidden, &game.Error{Code: CodeBadOrigin, Text: game.T("err.bad-origin")})
		return false
	}
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		s.httpError(w, http.StatusUnsupportedMediaType, badMessage("err.bad-request", "not JSON"))
		return false
	}
	return true
}

// newSessionFor starts a session of user (a new cookie) and ends the
// request's old one, if any: a sign-in or an upgrade never keeps a token
// that was issued before it (no session fixation).
func (s *Server) newSessionFor(w http.ResponseWriter, r *http.Request, user store.User, old string) (store.Session, bool) {
	token := randomToken(32)
	sess := store.Session{TokenHash: store.Hash(token), UserID: user.ID, CSRF: randomToken(18), Created: s.now()}
	if err := s.store.CreateSession(r.Context(), sess); err != nil {
		s.log.Error("session not stored", "err", err)
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return sess, false
	}
	if old != "" {
		if err := s.store.DeleteSession(r.Context(), old); err != nil {
			s.log.Warn("old session not deleted", "user", user.ID, "err", err)
		}
	}
	s.setSessionCookie(w, token)
	return sess, true
}

// handleRegister creates an account (POST /api/account/register, {"name",
// "password"}). With a guest session, the guest becomes the account: same
// user id, every seat and game kept. Without one, a new user is made.
func (s *Server) handleRegister(w http.ResponseWriter, r *http.Request) {
	if !s.jsonPost(w, r) {
		return
	}
	if !s.limiter.allow("session|ip|"+clientIP(r), s.cfg.Limits.SessionIP) {
		s.httpError(w, http.StatusTooManyRequests, errRateLimited)
		return
	}
	var in credentialsIn
	if err := readJSON(r, &in); err != nil {
		s.httpError(w, http.StatusBadRequest, badMessage("err.bad-request", "bad JSON"))
		return
	}
	name, key, ok := accountName(in.Name)
	if !ok {
		s.httpError(w, http.StatusBadRequest, errBadAccountName)
		return
	}
	if !validPassword(in.Password) {
		s.httpError(w, http.StatusBadRequest, errBadPassword)
		return
	}
	sess, user, signedIn := s.session(r)
	if signedIn && user.Registered {
		s.httpError(w, http.StatusConflict, errHasAccount)
		return
	}
	if _, err := s.store.AccountByKey(r.Context(), key); err == nil {
		s.httpError(w, http.StatusConflict, errNameTaken)
		return
	}
	if !signedIn {
		user = store.User{ID: randomID("u_"), Name: name, Created: s.now()}
		if err := s.store.CreateUser(r.Context(), user); err != nil {
			s.log.Error("user not stored", "err", err)
			s.httpError(w, http.StatusInternalServerError, errNotStored)
			return
		}
	}
	acct := store.Account{UserID: user.ID, Name: name, Key: key, Password: hashPassword(in.Password), Created: s.now()}
	if err := s.store.CreateAccount(r.Context(), acct); errors.Is(err, store.ErrConflict) {
		s.httpError(w, http.StatusConflict, errNameTaken)
		return
	} else if err != nil {
		s.log.Error("account not stored", "err", err)
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	if contains(game.Languages, in.Lang) {
		if err := s.store.SetMailPrefs(r.Context(), user.ID, "", false, in.Lang); err != nil {
			s.log.Warn("the new account's language not stored", "user", user.ID, "err", err)
		}
	}
	user.Name, user.Registered = name, true
	s.renameUser(user.ID, name)
	ns, ok := s.newSessionFor(w, r, user, sess.TokenHash)
	if !ok {
		return
	}
	s.log.Info("account created", "user", user.ID, "upgrade", signedIn)
	writeJSON(w, http.StatusCreated, meOut{ID: user.ID, Name: user.Name, CSRF: ns.CSRF, Account: true})
}

// loginAllowed takes a token from the sign-in buckets of the name's
// skeleton and of the client's address.
func (s *Server) loginAllowed(r *http.Request, key string) bool {
	if !s.limiter.allow("login|ip|"+clientIP(r), s.cfg.Limits.LoginIP) {
		return false
	}
	return s.limiter.allow("login|acct|"+key, s.cfg.Limits.Login)
}

// verify checks a password against an account (or, for no account, against
// a dummy hash, which costs the same time).
func (s *Server) verify(acct store.Account, found bool, password string) bool {
	if !found {
		checkPassword(password, dummyHash())
		return false
	}
	ok, err := checkPassword(password, acct.Password)
	if err != nil {
		s.log.Error("stored password hash unreadable", "user", acct.UserID, "err", err)
	}
	return ok
}

// handleSignIn signs in with a name and a password (POST
// /api/account/signin): a new session of the account's user. The request's
// old session (a guest's, on this browser) ends.
func (s *Server) handleSignIn(w http.ResponseWriter, r *http.Request) {
	if !s.jsonPost(w, r) {
		return
	}
	var in credentialsIn
	if err := readJSON(r, &in); err != nil {
		s.httpError(w, http.StatusBadRequest, badMessage("err.bad-request", "bad JSON"))
		return
	}
	if len(in.Name) > 64 || len(in.Password) > 4*passwordMax {
		s.httpError(w, http.StatusUnauthorized, errBadCredentials)
		return
	}
	key := nameKey(strings.TrimSpace(in.Name))
	if !s.loginAllowed(r, key) {
		s.httpError(w, http.StatusTooManyRequests, errRateLimited)
		return
	}
	acct, err := s.store.AccountByKey(r.Context(), key)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	if !s.verify(acct, err == nil, in.Password) {
		s.log.Info("sign-in refused", "addr", clientIP(r))
		s.httpError(w, http.StatusUnauthorized, errBadCredentials)
		return
	}
	s.signInAs(w, r, acct)
}

// handlePassword changes an account's password (POST /api/account/password,
// {"old", "new"}, CSRF-checked); the account's other sessions end.
func (s *Server) handlePassword(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User) {
	var in struct {
		Old string `json:"old"`
		New string `json:"new"`
	}
	if err := readJSON(r, &in); err != nil {
		s.httpError(w, http.StatusBadRequest, badMessage("err.bad-request", "bad JSON"))
		return
	}
	acct, ok := s.accountOf(w, r, user)
	if !ok {
		return
	}
	if !s.loginAllowed(r, acct.Key) {
		s.httpError(w, http.StatusTooManyRequests, errRateLimited)
		return
	}
	if !s.verify(acct, true, in.Old) {
		s.httpError(w, http.StatusForbidden, errBadCredentials)
		return
	}
	if !validPassword(in.New) {
		s.httpError(w, http.StatusBadRequest, errBadPassword)
		return
	}
	if err := s.store.SetPassword(r.Context(), user.ID, hashPassword(in.New)); err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	gone, err := s.store.DeleteSessionsOf(r.Context(), user.ID, sess.TokenHash)
	if err != nil {
		s.log.Error("other sessions not deleted", "user", user.ID, "err", err)
	}
	for _, h := range gone {
		s.caps.closeSession(h)
	}
	s.log.Info("password changed", "user", user.ID, "sessions_ended", len(gone))
	s.sendAccountMail(user.ID, mailPasswordChanged)
	w.WriteHeader(http.StatusNoContent)
}

// handleSignOutOthers ends every session of the account but the request's
// own (POST /api/account/sessions/others, CSRF-checked): their pages close
// their WebSockets (on this node at once, on others within --revoke-check).
func (s *Server) handleSignOutOthers(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User) {
	if _, ok := s.accountOf(w, r, user); !ok {
		return
	}
	gone, err := s.store.DeleteSessionsOf(r.Context(), user.ID, sess.TokenHash)
	if err != nil {
		s.log.Error("other sessions not deleted", "user", user.ID, "err", err)
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	for _, h := range gone {
		s.caps.closeSession(h)
	}
	s.log.Info("other sessions ended", "user", user.ID, "sessions_ended", len(gone))
	writeJSON(w, http.StatusOK, struct {
		Ended int `json:"ended"`
	}{len(gone)})
}

// accountOf returns the request user's account, or answers 403 for a guest.
func (s *Server) accountOf(w http.ResponseWriter, r *http.Request, user store.User) (store.Account, bool) {
	acct, err := s.store.AccountByUser(r.Context(), user.ID)
	if errors.Is(err, store.ErrNotFound) {
		s.httpError(w, http.StatusForbidden, errNotAccount)
		return acct, false
	}
	if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return acct, false
	}
	return acct, true
}

// handleDeleteAccount deletes the account (POST /api/account/delete,
// {"password"}, CSRF-checked): its name, password, sessions, results and
// ratings go; its games stay, its seats and chat lines under the neutral
// name "" (shown as "former player"). Every session of it ends.
func (s *Server) handleDeleteAccount(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User) {
	var in struct {
		Password string `json:"password"`
	}
	if err := readJSON(r, &in); err != nil {
		s.httpError(w, http.StatusBadRequest, badMessage("err.bad-request", "bad JSON"))
		return
	}
	acct, ok := s.accountOf(w, r, user)
	if !ok {
		return
	}
	if !s.loginAllowed(r, acct.Key) {
		s.httpError(w, http.StatusTooManyRequests, errRateLimited)
		return
	}
	if !s.verify(acct, true, in.Password) {
		s.httpError(w, http.StatusForbidden, errBadCredentials)
		return
	}
	gone, err := s.store.DeleteAccount(r.Context(), user.ID)
	if err != nil {
		s.log.Error("account not deleted", "user", user.ID, "err", err)
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	s.renameUser(user.ID, "")
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: "", Path: "/", HttpOnly: true,
		Secure: s.cfg.SecureCookies, SameSite: http.SameSiteLaxMode, MaxAge: -1})
	for _, h := range gone {
		s.caps.closeSession(h)
	}
	s.log.Info("account deleted", "user", user.ID, "sessions_ended", len(gone))
	w.WriteHeader(http.StatusNoContent)
}

// renameUser shows a user's new name (an upgrade's account name, or "" for
// a deleted account) at the tables loaded here where they hold a seat; the
// store has it already, and other nodes read it on the "seats" notice.
func (s *Server) renameUser(userID, name string) {
	if name == "" {
		s.forgetAccount(userID)
	} else {
		s.noteUser(store.User{ID: userID, Name: name, Registered: true})
	}
	for _, t := range s.hub.all() {
		t.do(func() {
			changed := false
			for i := range t.rec.Seats {
				if t.rec.Seats[i].UserID == userID {
					t.rec.Seats[i].Name = name
					changed = true
				}
			}
			for c := range t.conns {
				if c.userID == userID {
					c.name = name
				}
			}
			if changed {
				t.refreshSummary()
				t.broadcastPresence()
				t.publish("seats")
			}
		})
	}
}
