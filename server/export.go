package server

// Export (issue 16): a finished game downloads as the JSON record `gaslamp
// replay` reads (game.Record: the game, its options, its seed and its
// moves), with the table's id and outcome besides. It holds nothing the
// finished game does not already make public: the replay of a finished
// table shows every seat's view at every version, and the seed only sets
// up this one game (bots' random streams derive from the server's secret,
// not from it, botseed.go). A game still being played is refused: its
// seed and moves would show every seat's secrets.

import (
	"encoding/json"
	"net/http"

	"gaslamp/game"
	"gaslamp/store"
)

// exportRecord is a finished game as GET /api/tables/{id}/export gives it:
// a game.Record (what `gaslamp replay` reads; it ignores the rest) with the
// table's id and how the game ended.
type exportRecord struct {
	game.Record
	Table   string        `json:"table"`
	Outcome *game.Outcome `json:"outcome,omitempty"`
	Ended   string        `json:"ended,omitempty"` // store.EndRules, EndResigned, EndTime, EndAbandoned
	// Resigned is the seat that gave the game up (a resignation, a loss
	// on time or by absence), if one did.
	Resigned *int `json:"resigned_seat,omitempty"`
}

// handleExport serves GET /api/tables/{id}/export, as a download.
func (s *Server) handleExport(w http.ResponseWriter, r *http.Request) {
	rec, err := s.store.Table(r.Context(), r.PathValue("id"))
	if err != nil {
		s.httpError(w, http.StatusNotFound, &game.Error{Code: CodeNotFound, Text: game.T("err.no-table")})
		return
	}
	if rec.Status != store.StatusFinished {
		s.httpError(w, http.StatusForbidden, &game.Error{Code: game.CodeUnauthorized, Text: game.T("err.not-finished")})
		return
	}
	rules, err := game.Lookup(rec.Game)
	if err != nil {
		s.httpError(w, http.StatusNotFound, asGameError(err, game.CodeUnknownGame))
		return
	}
	moves, err := s.store.Moves(r.Context(), rec.ID)
	if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	out := exportRecord{Record: game.Record{Game: rec.Game, Options: game.Options(rec.Options), Seed: rec.Seed,
		Moves: make([]game.RecordedMove, 0, len(moves))}, Table: rec.ID, Ended: endingOf(rec.Resigned)}
	if rec.Resigned != nil {
		seat := rec.Resigned.Seat
		out.Resigned = &seat
	}
	for _, m := range moves {
		out.Moves = append(out.Moves, game.RecordedMove{Seat: game.Seat(m.Seat), Move: json.RawMessage(m.Move)})
	}
	st, err := game.Replay(out.Record, nil)
	if err != nil {
		s.log.Error("export failed", "table", rec.ID, "code", string(game.CodeOf(err)))
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	o := st.Outcome()
	if !o.Over && rec.Resigned != nil {
		if infos, err := rules.Seats(game.Options(rec.Options)); err == nil {
			o = resignedOutcome(rules, infos, *rec.Resigned)
		}
	}
	if o.Over {
		out.Outcome = &o
	}
	w.Header().Set("Content-Disposition", `attachment; filename="gaslamp-`+rec.ID+`.json"`)
	writeJSON(w, http.StatusOK, out)
}
