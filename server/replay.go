package server

import (
	"net/http"
	"strconv"

	"gaslamp/game"
	"gaslamp/store"
)

// replayFrame is one step of a finished game's replay: the spectator's view
// and every seat's view after version V (0 is the set-up). A finished table is
// public, so every seat's view may be shown.
type replayFrame struct {
	V     int64                `json:"v"`
	View  game.View            `json:"view"`
	Views map[string]game.View `json:"views"`
	// Outcome is on the last frame: how the game ended (by its rules, or
	// by a resignation, resign.go).
	Outcome *game.Outcome `json:"outcome,omitempty"`
}

// handleReplay serves GET /api/tables/{id}/replay: the views at every version
// of a finished game, rebuilt from the stored moves. It refuses a table whose
// game is not over (its secrets are still secret).
func (s *Server) handleReplay(w http.ResponseWriter, r *http.Request) {
	rec, err := s.store.Table(r.Context(), r.PathValue("id"))
	if err != nil {
		s.httpError(w, http.StatusNotFound, &game.Error{Code: CodeNotFound, Text: game.T("err.no-table")})
		return
	}
	if rec.Status != store.StatusFinished {
		s.httpError(w, http.StatusForbidden, &game.Error{Code: game.CodeUnauthorized, Text: game.T("err.not-finished")})
		return
	}
	moves, err := s.store.Moves(r.Context(), rec.ID)
	if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	rules, err := game.Lookup(rec.Game)
	if err != nil {
		s.httpError(w, http.StatusNotFound, asGameError(err, game.CodeUnknownGame))
		return
	}
	st, err := rules.New(game.Options(rec.Options), rec.Seed)
	if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	frame := func(v int64) replayFrame {
		f := replayFrame{V: v, View: st.View(game.Spectator), Views: map[string]game.View{}}
		for i := range rec.Seats {
			f.Views[strconv.Itoa(i)] = st.View(game.Seat(i))
		}
		return f
	}
	out := []replayFrame{frame(0)}
	for _, m := range moves {
		mv, err := rules.DecodeMove(m.Move)
		if err == nil {
			err = st.Apply(game.Seat(m.Seat), mv, nil)
		}
		if err != nil {
			s.log.Error("replay failed", "table", rec.ID, "version", m.Seq, "code", string(game.CodeOf(err)))
			s.httpError(w, http.StatusInternalServerError, errNotStored)
			return
		}
		out = append(out, frame(m.Seq))
	}
	o := st.Outcome()
	if !o.Over && rec.Resigned != nil {
		infos, err := rules.Seats(game.Options(rec.Options))
		if err == nil {
			o = resignedOutcome(rules, infos, *rec.Resigned)
		}
	}
	out[len(out)-1].Outcome = &o
	writeJSON(w, http.StatusOK, out)
}
