package server

import (
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"gaslamp/bus"
	"gaslamp/game"
	"gaslamp/store"
)

// cookieName is the session cookie.
const cookieName = "gaslamp_session"

// maxBody bounds JSON request bodies.
const maxBody = 16 << 10

func (s *Server) routes() {
	m := http.NewServeMux()
	m.HandleFunc("GET /healthz", s.handleReady)
	m.HandleFunc("GET /readyz", s.handleReady)
	m.HandleFunc("GET /livez", s.handleLive)
	m.HandleFunc("GET /metrics", s.handleMetrics)
	m.HandleFunc("POST /api/session", s.handleNewSession)
	m.HandleFunc("GET /api/me", s.handleMe)
	m.HandleFunc("POST /api/session/signout", s.csrf(s.handleSignOut))
	m.HandleFunc("DELETE /api/session", s.csrf(s.handleSignOut))
	m.HandleFunc("POST /api/account/register", s.handleRegister)
	m.HandleFunc("POST /api/account/signin", s.handleSignIn)
	m.HandleFunc("POST /api/account/password", s.csrf(s.handlePassword))
	m.HandleFunc("POST /api/account/delete", s.csrf(s.handleDeleteAccount))
	m.HandleFunc("POST /api/account/sessions/others", s.csrf(s.handleSignOutOthers))
	m.HandleFunc("GET /api/account/data", s.signedIn(s.handleAccountData))
	m.HandleFunc("GET /api/passkeys", s.handlePasskeys)
	m.HandleFunc("GET /api/moderation", s.handleModeration)
	m.HandleFunc("POST /api/moderation/mute", s.csrf(s.handleRelation(store.RelationMute)))
	m.HandleFunc("POST /api/moderation/block", s.csrf(s.handleRelation(store.RelationBlock)))
	m.HandleFunc("POST /api/moderation/report", s.csrf(s.handleReport))
	m.HandleFunc("POST /api/passkeys/register/begin", s.csrf(s.handlePasskeyRegisterBegin))
	m.HandleFunc("POST /api/passkeys/register/finish", s.csrf(s.handlePasskeyRegisterFinish))
	m.HandleFunc("DELETE /api/passkeys/{id}", s.csrf(s.handlePasskeyDelete))
	m.HandleFunc("POST /api/passkeys/signin/begin", s.handlePasskeySignInBegin)
	m.HandleFunc("POST /api/passkeys/signin/finish", s.handlePasskeySignInFinish)
	m.HandleFunc("GET /api/users/{name}", s.handleProfile)
	m.HandleFunc("GET /api/leaderboard/{game}", s.handleLeaderboard)
	m.HandleFunc("GET /u/{name}", s.handleProfilePage)
	m.HandleFunc("GET /leaderboard/{game}", s.handleLeaderboardPage)
	m.HandleFunc("GET /leaderboard", s.handleLeaderboards)
	m.HandleFunc("GET /api/games", s.handleGames)
	m.HandleFunc("GET /api/rules/{game}/figures", s.handleRuleFigures)
	m.HandleFunc("GET /api/tables", s.handleTables)
	m.HandleFunc("GET /api/tables/{id}", s.handleTable)
	m.HandleFunc("GET /api/tables/{id}/replay", s.handleReplay)
	m.HandleFunc("GET /api/tables/{id}/ratings", s.handleTableRatings)
	m.HandleFunc("GET /api/tables/{id}/export", s.handleExport)
	m.HandleFunc("POST /api/tables", s.csrf(s.handleCreate))
	m.HandleFunc("POST /api/tutorials/{game}", s.csrf(s.handleCreateTutorial))
	m.HandleFunc("POST /api/tables/{id}/seats/{seat}", s.csrf(s.handleTakeSeat))
	m.HandleFunc("DELETE /api/tables/{id}/seats/{seat}", s.csrf(s.handleLeaveSeat))
	m.HandleFunc("POST /api/tables/{id}/seats/{seat}/transfer", s.csrf(s.handleTransfer))
	m.HandleFunc("POST /api/tables/{id}/seats/{seat}/replace", s.csrf(s.handleReplace))
	m.HandleFunc("POST /api/tables/{id}/seats/{seat}/remove", s.csrf(s.handleRemoveSeat))
	m.HandleFunc("GET /api/tables/{id}/host", s.handleHost)
	m.HandleFunc("GET /api/push/key", s.handlePushKey)
	m.HandleFunc("POST /api/push/subscription", s.csrf(s.handlePushSubscribe))
	m.HandleFunc("DELETE /api/push/subscription", s.csrf(s.handlePushSubscribe))
	m.HandleFunc("GET /sw.js", s.handleServiceWorker)
	m.HandleFunc("GET /api/account/mail", s.signedIn(s.handleMailPrefs))
	m.HandleFunc("POST /api/account/mail", s.csrf(s.handleMailPrefs))
	m.HandleFunc("POST /api/account/lang", s.csrf(s.handleAccountLang))
	m.HandleFunc("GET /api/account/away", s.signedIn(s.handleAway))
	m.HandleFunc("POST /api/account/away", s.csrf(s.handleAway))
	m.HandleFunc("POST /api/account/mail/confirm", s.csrf(s.handleConfirmAgain))
	m.HandleFunc("GET /api/account/reset", s.handleResetInfo)
	m.HandleFunc("POST /api/account/reset", s.handleResetRequest)
	m.HandleFunc("GET /account/confirm", s.handleConfirmPage)
	m.HandleFunc("POST /account/confirm", s.handleConfirmPage)
	m.HandleFunc("GET /account/reset", s.handleResetPage)
	m.HandleFunc("POST /account/reset", s.handleResetPage)
	m.HandleFunc("GET /mail/unsubscribe", s.handleUnsubscribe)
	m.HandleFunc("POST /mail/unsubscribe", s.handleUnsubscribe)
	m.HandleFunc("POST /api/tables/{id}/seats/{seat}/bot", s.csrf(s.handleLeaveToBot))
	m.HandleFunc("POST /api/tables/{id}/rematch", s.csrf(s.handleRematch))
	m.HandleFunc("POST /api/qr", s.csrf(s.handleQR))
	m.HandleFunc("GET /api/my/tables", s.handleMyTables)
	m.HandleFunc("GET /api/my/turns", s.handleMyTurns)
	m.HandleFunc("POST /api/tables/{id}/seats/{seat}/resign", s.csrf(s.handleResign))
	m.HandleFunc("POST /api/join/{token}", s.csrf(s.handleJoinAPI))
	m.HandleFunc("GET /join/{token}", s.handlePage("join.html")) // shows the invitation; the seat is taken by the POST
	m.HandleFunc("GET /api/invites/{token}", s.handleInviteInfo)
	m.HandleFunc("GET /ws/t/{id}", s.handleWS)
	m.HandleFunc("GET /t/{id}", s.handleTablePage)
	m.HandleFunc("GET /rules/{game}", s.handleRules) // a game's rules, for players (rules.html)
	m.HandleFunc("GET /{$}", s.handlePage("index.html"))
	m.HandleFunc("GET /static/", s.handleStatic)
	m.HandleFunc("GET /i18n/{file}", s.handleCatalog)
	s.mux = m
}

// secure adds the security headers to every response.
func (s *Server) secure(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		next.ServeHTTP(w, r)
	})
}

// handleLive answers GET /livez: the process runs and serves HTTP.
func (s *Server) handleLive(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	io.WriteString(w, `{"status":"ok"}`)
}

// readiness is the body of /readyz (and /healthz).
type readiness struct {
	Status string   `json:"status"` // ok, degraded (serving, with problems) or down
	Store  string   `json:"store"`
	Bus    string   `json:"bus,omitempty"`
	Issues []string `json:"issues,omitempty"`
}

// handleReady answers GET /readyz (and /healthz): 200 when the node can
// take moves (the store answers a write now; with several nodes, the bus is
// connected), 503 otherwise (shutting down, the store refuses writes, the
// bus is down, the database was found damaged at start). Tables that could
// not be rebuilt at start are listed as an issue, with status degraded.
func (s *Server) handleReady(w http.ResponseWriter, r *http.Request) {
	out := readiness{Status: "ok", Store: "ok"}
	down := false
	if s.closing.Load() {
		out.Status, down = "closing", true
	}
	if err := s.store.Integrity(); err != nil {
		out.Store, down = "damaged", true
		out.Issues = append(out.Issues, "the database was found damaged at start; restore it from a backup")
	}
	if err := s.probeStore(r.Context()); err != nil {
		out.Store, down = "refusing writes", true
		if store.IsDiskFull(err) {
			out.Issues = append(out.Issues, "the store does not take writes: the disk is full")
		} else {
			out.Issues = append(out.Issues, "the store does not take writes")
		}
	}
	if s.multi {
		out.Bus = "ok"
		if c, ok := s.bus.(bus.Connected); ok && !c.Connected() {
			out.Bus, down = "disconnected", true
			out.Issues = append(out.Issues, "the bus to the other nodes is disconnected")
		}
	}
	if n := s.loadFailed.Load(); n > 0 {
		out.Issues = append(out.Issues, fmt.Sprintf("%d tables could not be rebuilt at start (see the log)", n))
		if !down {
			out.Status = "degraded"
		}
	}
	code := http.StatusOK
	if down {
		code = http.StatusServiceUnavailable
		if out.Status == "ok" {
			out.Status = "down"
		}
	}
	writeJSON(w, code, out)
}

// session returns the request's session and user, if its cookie names one
// that has not expired, and renews the session's last use. An expired
// session is refused exactly like an unknown one.
func (s *Server) session(r *http.Request) (store.Session, store.User, bool) {
	ck, err := r.Cookie(cookieName)
	if err != nil || ck.Value == "" || len(ck.Value) > 128 {
		return store.Session{}, store.User{}, false
	}
	hash := store.Hash(ck.Value)
	sess, user, err := s.store.SessionByHash(r.Context(), hash)
	if err != nil {
		return store.Session{}, store.User{}, false
	}
	now := s.now()
	if s.expired(sess.LastSeen, now) {
		return store.Session{}, store.User{}, false
	}
	if now.Sub(sess.LastSeen) >= s.touchEvery() {
		if err := s.store.TouchSession(r.Context(), hash, now); err != nil {
			s.log.Warn("session use not stored", "user", user.ID, "err", err)
		} else {
			sess.LastSeen = now
		}
	}
	// Whoever comes with a session is known to be an account or not: the
	// tables' summaries then need not ask the store (accountflag.go).
	s.noteUser(user)
	return sess, user, true
}

// authed is a handler that needs a session.
type authed func(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User)

// signedIn runs h for a request with a session (reads: no CSRF token).
func (s *Server) signedIn(h authed) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		sess, user, ok := s.session(r)
		if !ok {
			s.httpError(w, http.StatusUnauthorized, errSignIn)
			return
		}
		h(w, r, sess, user)
	}
}

// csrf wraps a state-changing handler: it needs a session, a same-site Origin
// (when the browser sends one) and the header X-CSRF-Token equal to the
// session's CSRF token.
func (s *Server) csrf(h authed) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !s.originOK(r) {
			s.httpError(w, http.StatusForbidden, &game.Error{Code: CodeBadOrigin, Text: game.T("err.bad-origin")})
			return
		}
		sess, user, ok := s.session(r)
		if !ok {
			s.httpError(w, http.StatusUnauthorized, errSignIn)
			return
		}
		tok := r.Header.Get("X-CSRF-Token")
		if tok == "" || subtle.ConstantTimeCompare([]byte(tok), []byte(sess.CSRF)) != 1 {
			s.httpError(w, http.StatusForbidden, &game.Error{Code: game.CodeUnauthorized, Text: game.T("err.csrf")})
			return
		}
		h(w, r, sess, user)
	}
}

type httpErr struct {
	Code game.Code `json:"code"`
	Text game.Text `json:"text"`
}

// httpError answers with a refusal's code and text (never its detail).
func (s *Server) httpError(w http.ResponseWriter, status int, err *game.Error) {
	s.metrics.refused.Add(1)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(httpErr{Code: err.Code, Text: err.Text})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// readJSON decodes a bounded JSON body.
func readJSON(r *http.Request, v any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, maxBody))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// clientIP is the key of the request's client for per-address limits: its
// address (read through trusted proxies only, by Server.bounded, which
// stores it in the request's context), an IPv6 address grouped by /64.
func clientIP(r *http.Request) string {
	if k, ok := r.Context().Value(clientKeyCtx{}).(string); ok {
		return k
	}
	return addrKey(clientAddr(r, nil))
}

type clientKeyCtx struct{}
