package server

// Flows around a game the table page offers: leave a seat to a bot for the
// rest of the game, and ask for a rematch once it is over.
//
// A seat left to a bot is held in memory by the table's goroutine, like a
// takeover (bots.go) that the player's return does not end; a restart or
// another node forgets it, and the seat is then a human seat again, which the
// table's takeover delay covers.

import (
	"maps"
	"net/http"
	"strconv"

	"gaslamp/game"
	"gaslamp/store"
)

var (
	errNotRunning  = &game.Error{Code: CodeBadMessage, Text: game.T("err.not-running")}
	errNotFinished = &game.Error{Code: CodeBadMessage, Text: game.T("err.rematch-early")}
)

// seatCreator seats the creator of a new table t at seat (when not nil)
// through takeSeat, so that the seat holder is recorded like any other, and
// returns the creation answer: {"id":..,"invites":{..},"seat":..}, the
// invites only of the human seats still free. A seat that could not be
// given leaves its invite in the answer and the answer says why.
func (s *Server) seatCreator(r *http.Request, t *table, seat *int, user store.User, invites map[string]string) map[string]any {
	out := map[string]any{"id": t.id, "invites": invites}
	if seat == nil {
		return out
	}
	var res error
	if err := t.ask(r.Context(), func() { res = t.takeSeat(*seat, user.ID, user.Name, false) }); err != nil {
		res = err
	}
	if res != nil {
		s.log.Warn("creator not seated", "table", t.id, "seat", *seat, "code", string(game.CodeOf(res)))
		ge := asGameError(res, game.CodeInternal)
		out["seat_error"] = httpErr{Code: ge.Code, Text: ge.Text}
		return out
	}
	delete(invites, strconv.Itoa(*seat))
	out["seat"] = *seat
	return out
}

// handleLeaveToBot gives a seat the caller holds to a bot for the rest of the
// game (POST /api/tables/{id}/seats/{seat}/bot): {"table":..,"seat":..}.
func (s *Server) handleLeaveToBot(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User) {
	t, seat, ok := s.seatRequest(w, r, sess)
	if !ok {
		return
	}
	var res *game.Error
	err := t.ask(r.Context(), func() {
		t.refreshRecord()
		st := t.rec.Seats[seat]
		switch {
		case st.Kind != store.KindHuman || st.UserID != user.ID:
			res = errNotYourSeat
			return
		case t.rec.Status != store.StatusRunning:
			res = errNotRunning
			return
		}
		gs := game.Seat(seat)
		t.leftToBot = t.leftToBot.With(gs)
		t.takenOver = t.takenOver.With(gs)
		t.s.log.Info("seat left to a bot", "table", t.id, "seat", seat)
		t.refreshSummary()
		t.broadcastPresence()
		t.scheduleBots()
	})
	switch {
	case err != nil:
		s.httpError(w, http.StatusServiceUnavailable, errStopped)
	case res == errNotYourSeat:
		s.httpError(w, http.StatusForbidden, res)
	case res != nil:
		s.httpError(w, http.StatusConflict, res)
	default:
		writeJSON(w, http.StatusOK, map[string]any{"table": t.id, "seat": seat})
	}
}

// handleRematch creates a new table like a finished one (POST
// /api/tables/{id}/rematch): the same game, options, takeover delay and bots,
// every human seat free with a new invite link; {"id":..,"invites":{..}} as
// a creation answers. A caller who held a seat of the finished game is seated
// at the same seat of the new one; the others' invites are in the answer.
func (s *Server) handleRematch(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User) {
	if !s.limiter.allowBoth("create", sess.TokenHash, s.cfg.Limits.Create, clientIP(r), s.cfg.Limits.CreateIP) {
		s.httpError(w, http.StatusTooManyRequests, errRateLimited)
		return
	}
	t, err := s.hub.get(r.Context(), r.PathValue("id"))
	if err != nil {
		s.httpError(w, http.StatusNotFound, &game.Error{Code: CodeNotFound, Text: game.T("err.no-table")})
		return
	}
	var in createIn
	finished := false
	if err := t.ask(r.Context(), func() {
		for _, st := range t.rec.Seats {
			if st.Kind == store.KindHuman && st.UserID == user.ID && in.Seat == nil {
				seat := st.Seat
				in.Seat = &seat
			}
		}
		t.refreshRecord()
		if t.rec.Status != store.StatusFinished {
			return
		}
		finished = true
		in.Game, in.Options, in.Takeover, in.Hotseat = t.rec.Game, maps.Clone(map[string]string(t.rec.Options)), t.rec.Takeover, t.rec.Hotseat
		in.Rated = t.rec.Rated
		for _, st := range t.rec.Seats {
			if st.Kind == store.KindBot {
				in.Seats = append(in.Seats, seatIn{Kind: store.KindBot, Bot: st.Bot, Level: st.Level})
			} else {
				in.Seats = append(in.Seats, seatIn{Kind: store.KindHuman})
			}
		}
	}); err != nil {
		s.httpError(w, http.StatusServiceUnavailable, errStopped)
		return
	}
	if !finished {
		s.httpError(w, http.StatusConflict, errNotFinished)
		return
	}
	if !s.openTableQuota(w, r, user) {
		return
	}
	rec, invites, gerr := s.newTableRecord(in, user)
	if gerr != nil {
		s.httpError(w, http.StatusBadRequest, gerr)
		return
	}
	if err := s.store.CreateTable(r.Context(), rec); err != nil {
		s.log.Error("table not stored", "err", err)
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	nt, err := newTable(s, rec)
	if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	s.hub.add(nt)
	s.log.Info("rematch created", "table", rec.ID, "of", t.id, "game", rec.Game)
	out := s.seatCreator(r, nt, in.Seat, user, invites)
	out["rematch_of"] = t.id
	writeJSON(w, http.StatusCreated, out)
}
