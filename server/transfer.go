package server

import (
	"context"
	"net/http"
	"strings"
	"time"

	"gaslamp/game"
	"gaslamp/store"
)

// Seat transfer: a seated player moves their seat to another device (another
// session) with a one-time token shown only to them. The token's hash is
// stored (store.Transfer), so a restart or another node honours it until it
// is used or expires (transferTTL). Redeeming it moves the seat, provided the
// one who asked still holds it; the old session's connections get a
// "seat-moved" frame and a spectator's state.

// transferTTL is how long a transfer token stays good.
const transferTTL = time.Hour

var errNoTransfer = &game.Error{Code: CodeNotFound, Text: game.T("err.no-invite")}

// seatMovedMsg tells a connection its seat was moved to another device.
type seatMovedMsg struct {
	T    string `json:"t"`
	Seat int    `json:"seat"`
}

// handleTransfer makes a one-time transfer token for a seat the caller holds
// (POST /api/tables/{id}/seats/{seat}/transfer): {"token":..,"link":"/join/.."}.
func (s *Server) handleTransfer(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User) {
	t, seat, ok := s.seatRequest(w, r, sess)
	if !ok {
		return
	}
	tok := t.id + "." + randomToken(24)
	var res error
	err := t.ask(r.Context(), func() {
		t.refreshRecord()
		if seat >= len(t.rec.Seats) || t.rec.Seats[seat].Kind != store.KindHuman || t.rec.Seats[seat].UserID != user.ID {
			res = errNotYourSeat
			return
		}
		tr := store.Transfer{Hash: store.Hash(tok), Table: t.id, Seat: seat, User: user.ID, Expires: s.now().Add(transferTTL)}
		if err := s.store.AddTransfer(r.Context(), tr); err != nil {
			s.log.Error("transfer not stored", "table", t.id, "err", err)
			res = errNotStored
		}
	})
	if err != nil {
		res = err
	}
	if res != nil {
		s.seatResult(w, t, seat, res)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"table": t.id, "seat": seat, "token": tok, "link": "/join/" + tok})
}

// redeemTransfer moves the seat a transfer token names to user, once.
func (s *Server) redeemTransfer(ctx context.Context, token string, user store.User) (*table, int, error) {
	i := strings.LastIndexByte(token, '.')
	if i <= 0 {
		return nil, 0, errNoTransfer
	}
	t, err := s.hub.get(ctx, token[:i])
	if err != nil {
		return nil, 0, errNoTransfer
	}
	seat := -1
	var res error
	err = t.ask(ctx, func() {
		h := store.Hash(token)
		tr, err := s.store.TakeTransfer(ctx, h, s.now())
		if err != nil || tr.Table != t.id {
			res = errNoTransfer
			return
		}
		seat = tr.Seat
		t.refreshRecord()
		// The seat must still be the asker's: a token does not outlive
		// the asker's hold on the seat.
		if seat >= len(t.rec.Seats) || t.rec.Seats[seat].UserID != tr.User {
			res = errNoTransfer
			return
		}
		if res = t.moveSeat(seat, user.ID, user.Name); res != nil && res != errSeatTaken {
			// Refused (e.g. the other side): the link still works for its owner.
			if err := s.store.AddTransfer(ctx, tr); err != nil {
				s.log.Error("transfer not restored", "table", t.id, "err", err)
			}
		}
	})
	if err != nil {
		return t, seat, err
	}
	return t, seat, res
}

// moveSeat gives a held seat to user and tells the old holder's connections.
func (t *table) moveSeat(seat int, user, name string) error {
	t.refreshRecord()
	st := &t.rec.Seats[seat]
	before := st.UserID
	if before == user {
		return nil
	}
	if err := t.giveSeat(seat, user, name); err != nil {
		return err
	}
	t.s.log.Info("seat moved", "table", t.id, "seat", seat)
	frame := mustJSON(seatMovedMsg{T: "seat-moved", Seat: seat})
	for c := range t.conns {
		if c.ready && before != "" && c.userID == before {
			c.send(frame)
		}
	}
	t.seatsChanged(before, user)
	return nil
}
