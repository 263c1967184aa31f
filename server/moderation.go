package server

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"gaslamp/game"
	"gaslamp/store"
)

// Moderation (issue 16): suspensions (set by `gaslamp admin`), mutes,
// blocks, reports and the host's removal of a player before the game
// starts. docs/security.md lists the promises.

// Refusal codes of moderation.
const (
	CodeSuspended game.Code = "suspended" // the account is suspended
)

// errSuspended is the refusal of a suspended account, with the day its
// suspension ends.
func errSuspended(acct store.Account) *game.Error {
	return &game.Error{Code: CodeSuspended, Text: game.T("err.suspended", "until", acct.SuspendedUntil.UTC().Format("2006-01-02 15:04 UTC"))}
}

// CodeBlocked: a block stands between the user and a player of the table.
const CodeBlocked game.Code = "blocked"

var errBlocked = &game.Error{Code: CodeBlocked, Text: game.T("err.blocked")}

// seatModeration refuses a seat to a suspended account, and to a user
// whom a player of the table (its host, or a holder of one of its seats)
// has blocked, or who has blocked one of them.
func (t *table) seatModeration(ctx context.Context, user string) error {
	acct, err := t.s.store.AccountByUser(ctx, user)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		t.s.log.Error("account not read", "table", t.id, "err", err)
		return errNotStored
	}
	t.s.noteAccount(user, err == nil)
	if err == nil && acct.Suspended(t.s.now()) {
		return errSuspended(acct)
	}
	others := []string{}
	if t.rec.Creator != "" && t.rec.Creator != user {
		others = append(others, t.rec.Creator)
	}
	for _, st := range t.rec.Seats {
		if st.UserID != "" && st.UserID != user {
			others = append(others, st.UserID)
		}
	}
	blocked, err := t.s.store.Blocked(ctx, user, others)
	if err != nil {
		t.s.log.Error("blocks not read", "table", t.id, "err", err)
		return errNotStored
	}
	if blocked {
		return errBlocked
	}
	return nil
}

// handleRemoveSeat lets the host free a seat another person holds before
// the game starts (POST /api/tables/{id}/seats/{seat}/remove,
// CSRF-checked). The seat gets a new invite, returned to the host: the
// removed player's link stops working.
func (s *Server) handleRemoveSeat(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User) {
	s.handleReinvite(w, r, sess, func(t *table, seat int, inviteHash string) error { // replace.go
		return t.removeSeat(seat, user.ID, inviteHash)
	})
}

var errNotOpen = &game.Error{Code: game.CodeUnauthorized, Text: game.T("err.remove-started")}

// removeSeat frees seat for the host before the game starts, with a new
// invite (inviteHash).
func (t *table) removeSeat(seat int, host, inviteHash string) error {
	t.refreshRecord()
	if t.rec.Creator != host {
		return errNotHost
	}
	if t.rec.Status != store.StatusOpen {
		return errNotOpen
	}
	if seat < 0 || seat >= len(t.rec.Seats) || t.rec.Seats[seat].Kind != store.KindHuman {
		return errNoSuchSeat
	}
	if st := t.rec.Seats[seat]; st.UserID == "" || st.UserID == host {
		return errNoSuchSeat
	}
	if err := t.reinvite(seat, inviteHash); err != nil { // replace.go
		return err
	}
	t.s.log.Info("player removed by the host", "table", t.id, "seat", seat)
	return nil
}

// Refusal codes of the moderation routes.
const (
	CodeModerationTarget game.Code = "moderation-target" // no such player or chat line at the table
	CodeModerationSelf   game.Code = "moderation-self"   // one cannot mute, block or report oneself
)

var (
	errModerationTarget = &game.Error{Code: CodeModerationTarget, Text: game.T("err.moderation-target")}
	errModerationSelf   = &game.Error{Code: CodeModerationSelf, Text: game.T("err.moderation-self")}
	errReportTooLong    = &game.Error{Code: CodeBadMessage, Text: game.T("err.report-too-long", "max", reportMax)}
)

// reportMax is the longest reason of a report, in characters.
const reportMax = 500

// reportAround is how many chat lines before and after a reported line a
// report keeps as its context (and how many last lines, times two, for a
// report of a player).
const reportAround = 5

// chatHandle is the opaque handle of a chat line's sender: stable for one
// user at every table (so that a mute holds everywhere), naming nobody.
func chatHandle(userID string) string {
	if userID == "" {
		return ""
	}
	h := sha256.Sum256([]byte("gaslamp chat sender|" + userID))
	return hex.EncodeToString(h[:8])
}

// moderationTarget names a player: the holder of a seat, or the sender of
// a chat line, at a table; or (Who) one the user mutes or blocks already.
type moderationTarget struct {
	Table  string `json:"table"`
	Seat   *int   `json:"seat"`
	Seq    int64  `json:"seq"`
	Who    string `json:"who"`
	On     *bool  `json:"on"`
	Reason string `json:"reason"`
}

// resolveTarget finds the user a target names, and the table's chat lines
// (read for a table target).
func (s *Server) resolveTarget(ctx context.Context, user store.User, kind string, in moderationTarget) (string, []store.Chat, *game.Error) {
	if in.Who != "" && kind != "" {
		ids, err := s.store.Relations(ctx, kind, user.ID)
		if err != nil {
			return "", nil, errNotStored
		}
		for _, id := range ids {
			if chatHandle(id) == in.Who {
				return id, nil, nil
			}
		}
		return "", nil, errModerationTarget
	}
	if in.Table == "" || len(in.Table) > 64 {
		return "", nil, errModerationTarget
	}
	rec, err := s.store.Table(ctx, in.Table)
	if err != nil {
		return "", nil, errModerationTarget
	}
	lines, err := s.store.Chat(ctx, in.Table, chatKept)
	if err != nil {
		return "", nil, errNotStored
	}
	target := ""
	switch {
	case in.Seat != nil:
		if *in.Seat < 0 || *in.Seat >= len(rec.Seats) || rec.Seats[*in.Seat].UserID == "" {
			return "", nil, errModerationTarget
		}
		target = rec.Seats[*in.Seat].UserID
	case in.Seq > 0:
		for _, l := range lines {
			if l.Seq == in.Seq {
				target = l.UserID
			}
		}
	}
	if target == "" {
		return "", nil, errModerationTarget
	}
	if target == user.ID {
		return "", nil, errModerationSelf
	}
	return target, lines, nil
}

// relationOut is a user one mutes or blocks, as the page lists them.
type relationOut struct {
	Who  string `json:"who"`
	Name string `json:"name"`
}

// handleModeration lists whom the user mutes and blocks (GET
// /api/moderation).
func (s *Server) handleModeration(w http.ResponseWriter, r *http.Request) {
	_, user, ok := s.session(r)
	if !ok {
		s.httpError(w, http.StatusUnauthorized, errSignIn)
		return
	}
	out := map[string][]relationOut{}
	for _, kind := range []string{store.RelationMute, store.RelationBlock} {
		ids, err := s.store.Relations(r.Context(), kind, user.ID)
		if err != nil {
			s.httpError(w, http.StatusInternalServerError, errNotStored)
			return
		}
		list := []relationOut{}
		for _, id := range ids {
			name := ""
			if u, err := s.store.User(r.Context(), id); err == nil {
				name = u.Name
			}
			list = append(list, relationOut{Who: chatHandle(id), Name: name})
		}
		out[kind+"s"] = list
	}
	writeJSON(w, http.StatusOK, out)
}

// handleRelation mutes or blocks (or, with "on": false, no longer mutes or
// blocks) a player (POST /api/moderation/mute and /block, CSRF-checked).
// Mutes and blocks are kept by the server for anyone: an account's on every
// device, a guest's for its user (its session's cookie), so that a mute made
// on one page holds on every other page, after a reload too.
func (s *Server) handleRelation(kind string) authed {
	return func(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User) {
		var in moderationTarget
		if err := readJSON(r, &in); err != nil {
			s.httpError(w, http.StatusBadRequest, badMessage("err.bad-request", "bad JSON"))
			return
		}
		on := in.On == nil || *in.On
		lookup := ""
		if !on {
			lookup = kind
		}
		target, _, gerr := s.resolveTarget(r.Context(), user, lookup, in)
		if gerr != nil {
			status := http.StatusBadRequest
			if gerr == errNotStored {
				status = http.StatusInternalServerError
			}
			s.httpError(w, status, gerr)
			return
		}
		if err := s.store.SetRelation(r.Context(), kind, user.ID, target, on, s.now()); err != nil {
			s.httpError(w, http.StatusInternalServerError, errNotStored)
			return
		}
		s.log.Info("moderation", "kind", kind, "on", on, "user", user.ID)
		writeJSON(w, http.StatusOK, relationOut{Who: chatHandle(target)})
	}
}

// ReportLine is one chat line of a report's context.
type ReportLine struct {
	Seq      int64     `json:"seq"`
	Name     string    `json:"name"`
	Text     string    `json:"text"`
	At       time.Time `json:"at"`
	Reported bool      `json:"reported,omitempty"`
}

// ReportContext is what a report keeps of the moment it was made.
type ReportContext struct {
	Table        string       `json:"table,omitempty"`
	Game         string       `json:"game,omitempty"`
	ReporterName string       `json:"reporter"`
	ReportedName string       `json:"reported"`
	Lines        []ReportLine `json:"lines"`
}

// handleReport stores a report of a player or of a chat line (POST
// /api/moderation/report, {"table", "seat" | "seq", "reason"},
// CSRF-checked), with the lines around it, for the admins (`gaslamp admin
// reports`).
func (s *Server) handleReport(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User) {
	if !s.limiter.allowBoth("report", sess.TokenHash, s.cfg.Limits.Create, clientIP(r), s.cfg.Limits.CreateIP) {
		s.httpError(w, http.StatusTooManyRequests, errRateLimited)
		return
	}
	var in moderationTarget
	if err := readJSON(r, &in); err != nil {
		s.httpError(w, http.StatusBadRequest, badMessage("err.bad-request", "bad JSON"))
		return
	}
	reason := strings.TrimSpace(in.Reason)
	if utf8.RuneCountInString(reason) > reportMax || !utf8.ValidString(reason) {
		s.httpError(w, http.StatusBadRequest, errReportTooLong)
		return
	}
	in.Who = ""
	target, lines, gerr := s.resolveTarget(r.Context(), user, "", in)
	if gerr != nil {
		status := http.StatusBadRequest
		if gerr == errNotStored {
			status = http.StatusInternalServerError
		}
		s.httpError(w, status, gerr)
		return
	}
	rc := ReportContext{Table: in.Table, ReporterName: user.Name}
	if rec, err := s.store.Table(r.Context(), in.Table); err == nil {
		rc.Game = rec.Game
	}
	if u, err := s.store.User(r.Context(), target); err == nil {
		rc.ReportedName = u.Name
	}
	seq := in.Seq
	if in.Seat != nil {
		seq = 0
	}
	for i, l := range lines {
		keep := false
		if seq > 0 {
			keep = l.Seq >= seq-reportAround && l.Seq <= seq+reportAround
		} else {
			keep = i >= len(lines)-2*reportAround
		}
		if keep {
			rc.Lines = append(rc.Lines, ReportLine{Seq: l.Seq, Name: l.Name, Text: l.Text, At: l.At, Reported: seq > 0 && l.Seq == seq})
		}
	}
	data, _ := json.Marshal(rc)
	rep := store.Report{ID: randomID("r_"), Reporter: user.ID, Reported: target, Table: in.Table, ChatSeq: seq, Reason: reason, Context: data, Created: s.now()}
	if err := s.store.AddReport(r.Context(), rep); err != nil {
		s.log.Error("report not stored", "err", err)
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	s.log.Info("report filed", "report", rep.ID, "table", in.Table)
	writeJSON(w, http.StatusCreated, map[string]string{"id": rep.ID})
}
