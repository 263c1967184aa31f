package server

import (
	"errors"
	"net/http"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"gaslamp/game"
	"gaslamp/store"
)

type meOut struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	CSRF string `json:"csrf"`
	// Account: the user is an account (signed in with a name and a
	// password), not a guest.
	Account bool `json:"account"`
	// Lang is an account's language, chosen on any of its devices ("" not
	// yet chosen): a device it signs in on takes it.
	Lang string `json:"lang,omitempty"`
	// SeatsLeft, in a sign-in's answer: the seats of open or running tables
	// that the guest signing in held and the account could not take (it
	// plays the other side there).
	SeatsLeft int `json:"seats_left,omitempty"`
	// NoChat: the user may not write in the chats (a guest, on a site that
	// lets only accounts chat).
	NoChat bool `json:"no_chat,omitempty"`
}

// handleNewSession creates a guest with a display name and sets the session
// cookie. A cross-site form cannot call it: it needs a JSON body and a
// same-site Origin.
func (s *Server) handleNewSession(w http.ResponseWriter, r *http.Request) {
	if !s.originOK(r) {
		s.httpError(w, http.StatusForbidden, &game.Error{Code: CodeBadOrigin, Text: game.T("err.bad-origin")})
		return
	}
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		s.httpError(w, http.StatusUnsupportedMediaType, badMessage("err.bad-request", "not JSON"))
		return
	}
	if !s.limiter.allow("session|ip|"+clientIP(r), s.cfg.Limits.SessionIP) {
		s.httpError(w, http.StatusTooManyRequests, errRateLimited)
		return
	}
	var in struct {
		Name string `json:"name"`
	}
	if err := readJSON(r, &in); err != nil {
		s.httpError(w, http.StatusBadRequest, badMessage("err.bad-request", "bad JSON"))
		return
	}
	name, ok := cleanName(in.Name)
	if !ok {
		s.httpError(w, http.StatusBadRequest, &game.Error{Code: CodeBadMessage, Text: game.T("err.bad-name", "max", 24)})
		return
	}
	// An account's name (or one that reads like it) is not a guest's: a
	// player back on a new device who types their account's name here
	// would become a stranger of that name, without their games; and
	// nobody else may pass for the account at a table.
	if acc, err := s.store.AccountByKey(r.Context(), nameKey(name)); err == nil {
		s.httpError(w, http.StatusConflict, &game.Error{Code: CodeAccountName, Text: game.T("err.guest-account-name", "name", acc.Name)})
		return
	} else if !errors.Is(err, store.ErrNotFound) {
		s.log.Error("account not read", "err", err)
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	user := store.User{ID: randomID("u_"), Name: name, Created: s.now()}
	token := randomToken(32)
	sess := store.Session{TokenHash: store.Hash(token), UserID: user.ID, CSRF: randomToken(18), Created: s.now()}
	if err := s.store.CreateUser(r.Context(), user); err != nil {
		s.log.Error("user not stored", "err", err)
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	if err := s.store.CreateSession(r.Context(), sess); err != nil {
		s.log.Error("session not stored", "err", err)
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	s.setSessionCookie(w, token)
	s.log.Info("guest session", "user", user.ID)
	writeJSON(w, http.StatusCreated, meOut{ID: user.ID, Name: user.Name, CSRF: sess.CSRF, NoChat: s.cfg.NoGuestChat})
}

func (s *Server) handleMe(w http.ResponseWriter, r *http.Request) {
	sess, user, ok := s.session(r)
	if !ok {
		s.httpError(w, http.StatusUnauthorized, errSignIn)
		return
	}
	// Each visit renews the cookie as it renews the session, so the two
	// expire together.
	if ck, err := r.Cookie(cookieName); err == nil {
		s.setSessionCookie(w, ck.Value)
	}
	out := meOut{ID: user.ID, Name: user.Name, CSRF: sess.CSRF, Account: user.Registered, NoChat: !user.Registered && s.cfg.NoGuestChat}
	if user.Registered {
		if acc, err := s.store.AccountByUser(r.Context(), user.ID); err == nil && contains(game.Languages, acc.Lang) {
			out.Lang = acc.Lang
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// cookieMaxAge is the session cookie's lifetime in seconds: the server's idle
// expiry (--session-idle), so that a browser does not keep a cookie the server
// has forgotten; a year when sessions never expire.
func (s *Server) cookieMaxAge() int {
	idle := s.sessionIdle()
	if idle <= 0 {
		return 365 * 24 * 3600
	}
	return max(1, int(idle/time.Second))
}

// setSessionCookie sets the session cookie to token, for cookieMaxAge.
func (s *Server) setSessionCookie(w http.ResponseWriter, token string) {
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: token, Path: "/", HttpOnly: true,
		Secure: s.cfg.SecureCookies, SameSite: http.SameSiteLaxMode, MaxAge: s.cookieMaxAge()})
}

// handleSignOut revokes the request's session on the server (its cookie no
// longer names anyone, on any node) and clears the cookie. It is CSRF-checked
// (POST /api/session/signout, DELETE /api/session).
func (s *Server) handleSignOut(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User) {
	if err := s.store.DeleteSession(r.Context(), sess.TokenHash); err != nil {
		s.log.Error("session not deleted", "user", user.ID, "err", err)
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: "", Path: "/", HttpOnly: true,
		Secure: s.cfg.SecureCookies, SameSite: http.SameSiteLaxMode, MaxAge: -1})
	// The session's open tables close too: a revoked session keeps no view.
	closed := s.caps.closeSession(sess.TokenHash)
	s.log.Info("guest signed out", "user", user.ID, "connections_closed", closed)
	w.WriteHeader(http.StatusNoContent)
}

// cleanName trims a display name and checks it: 1-24 characters, printable.
func cleanName(s string) (string, bool) {
	s = strings.TrimSpace(s)
	n := utf8.RuneCountInString(s)
	if n < 1 || n > 24 || !utf8.ValidString(s) {
		return "", false
	}
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return "", false
		}
	}
	return s, true
}
