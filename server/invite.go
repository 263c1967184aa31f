package server

import (
	"context"
	"net/http"
	"strings"

	"gaslamp/game"
	"gaslamp/store"
)

// The invitation page. GET /join/{token} shows what a link is (the game,
// the seat, who invites) and changes nothing; the seat is taken only by
// POST /api/join/{token} with the session's CSRF token, so that a cross-site
// link cannot seat a signed-in visitor (trust hole 7, docs/security.md).

// inviteInfo is what GET /api/invites/{token} tells about a link.
type inviteInfo struct {
	Table   string    `json:"table"`
	Game    string    `json:"game"`
	Seat    int       `json:"seat"`
	SeatID  string    `json:"seat_id"`
	Name    game.Text `json:"name"`    // the seat's name
	Inviter string    `json:"inviter"` // the table creator's display name
	Status  string    `json:"status"`  // the table's status
	// State is "free" (the link seats whoever claims it), "yours" (the
	// caller holds the seat or held it), "taken" (it belongs to another
	// person) or "transfer" (a one-time link that moves the caller's seat
	// to this device).
	State   string `json:"state"`
	Hotseat bool   `json:"hotseat"`
}

// handleInviteInfo answers GET /api/invites/{token}. It needs no session:
// the link itself is the capability, and it says nothing a spectator of the
// table could not see.
func (s *Server) handleInviteInfo(w http.ResponseWriter, r *http.Request) {
	token := r.PathValue("token")
	_, user, _ := s.session(r)
	if !s.limiter.allow("join|ip|"+clientIP(r), s.cfg.Limits.JoinIP) {
		s.httpError(w, http.StatusTooManyRequests, errRateLimited)
		return
	}
	info, err := s.inviteInfo(r.Context(), token, user.ID)
	if err != nil {
		s.httpError(w, http.StatusNotFound, &game.Error{Code: CodeNotFound, Text: game.T("err.no-invite")})
		return
	}
	writeJSON(w, http.StatusOK, info)
}

func (s *Server) inviteInfo(ctx context.Context, token, userID string) (inviteInfo, error) {
	var t *table
	seat := -1
	transfer := strings.Contains(token, ".")
	if transfer {
		i := strings.LastIndexByte(token, '.')
		tt, err := s.hub.get(ctx, token[:i])
		if err != nil {
			return inviteInfo{}, err
		}
		t = tt
		tr, err := s.store.Transfer(ctx, store.Hash(token), s.now())
		if err != nil || tr.Table != t.id {
			return inviteInfo{}, errNoTransfer
		}
		seat = tr.Seat
	} else {
		id, n, err := s.store.SeatByInvite(ctx, store.Hash(token))
		if err != nil {
			return inviteInfo{}, err
		}
		tt, err := s.hub.get(ctx, id)
		if err != nil {
			return inviteInfo{}, err
		}
		t, seat = tt, n
	}
	if seat < 0 {
		return inviteInfo{}, errNoTransfer
	}
	var info inviteInfo
	var creator string
	if err := t.ask(ctx, func() {
		t.refreshRecord()
		if seat >= len(t.rec.Seats) || seat >= len(t.infos) {
			return
		}
		st := t.rec.Seats[seat]
		creator = t.rec.Creator
		info = inviteInfo{Table: t.id, Game: t.rec.Game, Seat: seat, SeatID: t.infos[seat].ID, Name: t.infos[seat].Name,
			Status: t.rec.Status, Hotseat: t.rec.Hotseat}
		switch {
		case transfer:
			info.State = "transfer"
		case userID != "" && (st.UserID == userID || st.Owner == userID):
			info.State = "yours"
		case st.UserID != "" || st.Owner != "":
			info.State = "taken"
		default:
			info.State = "free"
		}
	}); err != nil {
		return inviteInfo{}, err
	}
	if info.State == "" {
		return inviteInfo{}, errNoSuchSeat
	}
	if u, err := s.store.User(ctx, creator); err == nil {
		info.Inviter = u.Name
	}
	return info, nil
}
