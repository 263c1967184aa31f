package server

// Resigning (issue 12, must-have 8): a player gives the game up. The other
// side wins at once; the table is finished, so it becomes public like any
// finished game (its replay shows every seat's view), and the resignation
// is stored with the table (store.Resignation, migration 6) so that a
// restart, another node and the replay all know how it ended. The rules'
// state is not over: the table's outcome (t.outcome) says it is.

import (
	"context"
	"errors"
	"net/http"
	"time"

	"gaslamp/game"
	"gaslamp/store"
)

// reasonAbandoned is the store.Resignation reason of a player who stayed
// away past the takeover limit of a rated table: they lose (bots.go).
const reasonAbandoned = "abandoned"

// outcome is the table's result: the rules' own, or the resignation's.
func (t *table) outcome() game.Outcome {
	if o := t.state.Outcome(); o.Over || t.rec.Resigned == nil {
		return o
	}
	return resignedOutcome(t.rules, t.infos, *t.rec.Resigned)
}

// resignedOutcome is the result of a resignation: the first side of the
// game other than the resigning seat's wins.
func resignedOutcome(rules game.Rules, infos []game.SeatInfo, r store.Resignation) game.Outcome {
	o := game.Outcome{Over: true}
	var seat game.SeatInfo
	if r.Seat >= 0 && r.Seat < len(infos) {
		seat = infos[r.Seat]
	}
	for _, side := range rules.Sides() {
		if side != seat.Side {
			o.Winner = side
			break
		}
	}
	o.Reason = game.T("web.outcome.resigned", "seat", seat.Name)
	switch r.Reason {
	case "time":
		o.Reason = game.T("web.outcome.out-of-time", "seat", seat.Name)
	case reasonAbandoned:
		o.Reason = game.T("web.outcome.abandoned", "seat", seat.Name)
	}
	return o
}

// handleResign gives the game up for a seat the caller holds (POST
// /api/tables/{id}/seats/{seat}/resign): {"table":..,"seat":..}.
func (s *Server) handleResign(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User) {
	t, seat, ok := s.seatRequest(w, r, sess)
	if !ok {
		return
	}
	var res error
	if err := t.ask(r.Context(), func() { res = t.resign(seat, user.ID) }); err != nil {
		res = errStopped
	}
	var ge *game.Error
	switch {
	case res == nil:
		writeJSON(w, http.StatusOK, map[string]any{"table": t.id, "seat": seat})
	case res == errNotYourSeat:
		s.httpError(w, http.StatusForbidden, errNotYourSeat)
	case res == errStopped:
		s.httpError(w, http.StatusServiceUnavailable, errStopped)
	case res == errNotStored:
		s.httpError(w, http.StatusInternalServerError, errNotStored)
	case errors.As(res, &ge):
		s.httpError(w, http.StatusConflict, ge)
	default:
		s.httpError(w, http.StatusInternalServerError, errNotStored)
	}
}

// resign ends the game: seat, held by user, gives up. It runs on the
// table's goroutine.
func (t *table) resign(seat int, user string) error {
	t.refreshRecord()
	st := t.rec.Seats[seat]
	switch {
	case st.Kind != store.KindHuman || st.UserID != user:
		return errNotYourSeat
	case t.rec.Status != store.StatusRunning:
		return errNotRunning
	}
	return t.giveUp(store.Resignation{Seat: seat, Version: t.version})
}

// giveUp ends the running game: seat r.Seat loses (it resigned, or its clock
// ran out at a table whose pace says so). It runs on the table's goroutine.
func (t *table) giveUp(r store.Resignation) error {
	seat := r.Seat
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := t.s.store.Resign(ctx, t.id, r); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return errNotRunning // another node finished it first
		}
		t.s.log.Error("resignation not stored", "table", t.id, "seat", seat, "err", err)
		return errNotStored
	}
	t.rec.Status, t.rec.Resigned = store.StatusFinished, &r
	t.s.log.Info("seat resigned", "table", t.id, "seat", seat, "version", t.version)
	t.dropLease()
	t.recordResults() // a rated table: the resignation is a rated loss
	t.refreshSummary()
	// Everyone gets the finished table: the outcome, and the record.
	for c := range t.conns {
		if c.ready {
			c.send(t.stateFor(t.audienceOf(c)))
		}
	}
	t.publish("status")
	return nil
}
