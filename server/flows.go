package server

// Flows around a game the table page offers: leave a seat to a bot for the
// rest of the game, and ask for a rematch once it is over.
//
// A seat left to a bot is held in memory by the table's goroutine, like a
// takeover (bots.go) that the player's return does not end; a restart or
// another node forgets it, and the seat is then a human seat again, which the
// table's takeover delay covers.

import (
	"errors"
	"io"
	"maps"
	"net/http"
	"strconv"

	"gaslamp/game"
	"gaslamp/store"
)

var (
	errNotRunning  = &game.Error{Code: CodeBadMessage, Text: game.T("err.not-running")}
	errNotFinished = &game.Error{Code: CodeBadMessage, Text: game.T("err.rematch-early")}
	errNotPlayer   = &game.Error{Code: game.CodeUnauthorized, Text: game.T("err.rematch-not-player")}
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

// rematchIn is the body of a rematch request (optional): Sides "same" (the
// default) or "swap" (each person plays the other side).
type rematchIn struct {
	Sides string `json:"sides"`
}

var errNoSwap = &game.Error{Code: CodeBadMessage, Text: game.T("err.no-swap")}

// rematchSeats maps each seat of the rematch to the seat of the finished
// game whose set-up (kind, bot, level) and person it takes: itself for the
// same sides; for swapped sides, the i-th seat of one side takes the i-th
// seat of the other side (cycling through it when the sides have different
// numbers of seats: one person who played Jack alone plays every detective
// after the swap). ok is false when the seats do not cover exactly two
// sides.
func rematchSeats(infos []game.SeatInfo, swap bool) (from []int, ok bool) {
	from = make([]int, len(infos))
	for i := range from {
		from[i] = i
	}
	if !swap {
		return from, true
	}
	var sides []string
	bySide := map[string][]int{}
	for i, info := range infos {
		if _, seen := bySide[info.Side]; !seen {
			sides = append(sides, info.Side)
		}
		bySide[info.Side] = append(bySide[info.Side], i)
	}
	if len(sides) != 2 {
		return nil, false
	}
	for k, side := range sides {
		other := bySide[sides[1-k]]
		for i, seat := range bySide[side] {
			from[seat] = other[i%len(other)]
		}
	}
	return from, true
}

// handleRematch creates a new table like a finished one (POST
// /api/tables/{id}/rematch, body {"sides":"same"|"swap"} or none): the same
// game, options, pace, takeover delay and bots, every human seat with a new
// invite link; {"id":..,"invites":{..}} as a creation answers. With the
// sides swapped (a game whose seats are of two sides), the seats and the
// people change sides (rematchSeats). Each person who held a seat of the
// finished game has their seat of the new one kept for them (its owner: no
// one else may take it); the caller is seated there at once, the others'
// invites are in the answer.
func (s *Server) handleRematch(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User) {
	if !s.limiter.allowBoth("create", sess.TokenHash, s.cfg.Limits.Create, clientIP(r), s.cfg.Limits.CreateIP) {
		s.httpError(w, http.StatusTooManyRequests, errRateLimited)
		return
	}
	var body rematchIn
	if r.ContentLength != 0 {
		if err := readJSON(r, &body); err != nil && !errors.Is(err, io.EOF) {
			s.httpError(w, http.StatusBadRequest, badRequest("err.bad-request"))
			return
		}
	}
	if body.Sides != "" && body.Sides != "same" && body.Sides != "swap" {
		s.httpError(w, http.StatusBadRequest, badRequest("err.bad-request"))
		return
	}
	t, err := s.hub.get(r.Context(), r.PathValue("id"))
	if err != nil {
		s.httpError(w, http.StatusNotFound, &game.Error{Code: CodeNotFound, Text: game.T("err.no-table")})
		return
	}
	var in createIn
	var owners []string // the person each seat of the rematch is kept for
	finished, swappable, player := false, true, false
	if err := t.ask(r.Context(), func() {
		t.refreshRecord()
		if t.rec.Status != store.StatusFinished {
			return
		}
		finished = true
		from, ok := rematchSeats(t.infos, body.Sides == "swap")
		if !ok {
			swappable = false
			return
		}
		in.Game, in.Options, in.Takeover, in.Hotseat = t.rec.Game, maps.Clone(map[string]string(t.rec.Options)), t.rec.Takeover, t.rec.Hotseat
		in.Rated, in.Pace = t.rec.Rated, parsePace(t.rec.Pace)
		for seat, old := range from {
			st := t.rec.Seats[old]
			if st.Kind == store.KindBot {
				in.Seats = append(in.Seats, seatIn{Kind: store.KindBot, Bot: st.Bot, Level: st.Level})
				owners = append(owners, "")
				continue
			}
			in.Seats = append(in.Seats, seatIn{Kind: store.KindHuman})
			owners = append(owners, st.UserID)
			if st.UserID == user.ID && in.Seat == nil {
				seat := seat
				in.Seat = &seat
				player = true
			}
		}
	}); err != nil {
		s.httpError(w, http.StatusServiceUnavailable, errStopped)
		return
	}
	switch {
	case !finished:
		s.httpError(w, http.StatusConflict, errNotFinished)
		return
	case !swappable:
		s.httpError(w, http.StatusBadRequest, errNoSwap)
		return
	case !player:
		// A spectator's rematch would be a table no one sits at, its seats
		// kept for players who did not ask for it.
		s.httpError(w, http.StatusForbidden, errNotPlayer)
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
	for i := range rec.Seats {
		if rec.Seats[i].Kind == store.KindHuman {
			rec.Seats[i].Owner = owners[i]
		}
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
	s.log.Info("rematch created", "table", rec.ID, "of", t.id, "game", rec.Game, "swap", body.Sides == "swap")
	out := s.seatCreator(r, nt, in.Seat, user, invites)
	if _, failed := out["seat_error"]; !failed && in.Seat != nil {
		// The caller's other seats (one person who played a side of one
		// seat plays every seat of the other side after a swap).
		var also []int
		for i, o := range owners {
			if o == user.ID && i != *in.Seat {
				seat := i
				var res error
				if err := nt.ask(r.Context(), func() { res = nt.takeSeat(seat, user.ID, user.Name, false) }); err == nil && res == nil {
					delete(invites, strconv.Itoa(seat))
					also = append(also, seat)
				}
			}
		}
		if len(also) > 0 {
			out["seats"] = append([]int{*in.Seat}, also...)
		}
	}
	out["rematch_of"] = t.id
	writeJSON(w, http.StatusCreated, out)
}
