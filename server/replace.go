package server

import (
	"context"
	"net/http"
	"time"

	"gaslamp/game"
	"gaslamp/store"
)

// A host's replacement of an absent player: the table's creator may give a
// human seat whose player has been away past the table's limit to someone
// else (POST /api/tables/{id}/seats/{seat}/replace). The seat is freed, its
// old invite stops working and a new one is returned, to the creator only;
// whoever claims it is held to the one-side rule like anyone else (sides.go).
// Meanwhile a bot keeps playing the seat when the table has a takeover limit.

// replaceAfterDefault is how long a player must be away before the host may
// replace them at a table with no takeover limit.
const replaceAfterDefault = 10 * time.Minute

var (
	errNotHost   = &game.Error{Code: game.CodeUnauthorized, Text: game.T("err.not-host")}
	errNotAbsent = &game.Error{Code: game.CodeUnauthorized, Text: game.T("err.not-absent")}
)

// replaceAfter is how long a seat's player must be away before the host
// may replace them.
func (t *table) replaceAfter() time.Duration {
	if t.rec.Takeover > 0 {
		return time.Duration(t.rec.Takeover) * time.Second
	}
	return replaceAfterDefault
}

// handleReplace frees an absent player's seat for a new invite.
func (s *Server) handleReplace(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User) {
	s.handleReinvite(w, r, sess, func(t *table, seat int, inviteHash string) error {
		return t.replaceSeat(seat, user.ID, inviteHash)
	})
}

// handleReinvite is the route of a host's request that frees a seat under
// a new invite (a removal before the game starts, a replacement of an
// absent player): free, on the table's goroutine, checks and frees the seat
// with the new invite's hash; the answer gives the host the new invite.
func (s *Server) handleReinvite(w http.ResponseWriter, r *http.Request, sess store.Session, free func(t *table, seat int, inviteHash string) error) {
	t, seat, ok := s.seatRequest(w, r, sess)
	if !ok {
		return
	}
	tok := randomToken(24)
	var res error
	err := t.ask(r.Context(), func() { res = free(t, seat, store.Hash(tok)) })
	if err != nil {
		res = err
	}
	if res != nil {
		s.seatResult(w, t, seat, res)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"table": t.id, "seat": seat, "invite": "/join/" + tok})
}

// replaceSeat checks that host may replace seat's player and frees the seat
// under a new invite hash.
func (t *table) replaceSeat(seat int, host, inviteHash string) error {
	t.refreshRecord()
	if t.rec.Creator != host {
		return errNotHost
	}
	if t.rec.Status != store.StatusRunning {
		return errNotRunning
	}
	if seat >= len(t.rec.Seats) || t.rec.Seats[seat].Kind != store.KindHuman {
		return errNoSuchSeat
	}
	since, away := t.away[game.Seat(seat)]
	if !away || t.s.now().Sub(since) < t.replaceAfter() {
		return errNotAbsent
	}
	if err := t.reinvite(seat, inviteHash); err != nil {
		return err
	}
	t.s.log.Info("seat replaced by the host", "table", t.id, "seat", seat)
	return nil
}

// reinvite frees seat under a new invite hash: the new invite first, so
// that the old link stops working even if what follows fails; then no
// owner and no holder, and the table's seats change for everyone.
func (t *table) reinvite(seat int, inviteHash string) error {
	st := &t.rec.Seats[seat]
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := t.s.store.SetSeatInvite(ctx, t.id, seat, inviteHash); err != nil {
		t.s.log.Error("seat invite not stored", "table", t.id, "seat", seat, "err", err)
		return errNotStored
	}
	st.InviteHash = inviteHash
	if err := t.s.store.SetSeatOwner(ctx, t.id, seat, ""); err != nil {
		return errNotStored
	}
	st.Owner = ""
	before := st.UserID
	if err := t.s.store.SetSeatHolder(ctx, t.id, seat, "", ""); err != nil {
		return errNotStored
	}
	st.UserID, st.Name = "", ""
	t.seatsChanged(before)
	return nil
}
