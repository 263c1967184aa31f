package server

import (
	"net/http"

	"gaslamp/game"
)

// handleHost answers GET /api/tables/{id}/host: whether the caller created
// the table, so that the table page offers the host's replacement of absent
// players (replace.go) to the host only. It tells nothing about anyone else.
func (s *Server) handleHost(w http.ResponseWriter, r *http.Request) {
	_, user, ok := s.session(r)
	t, err := s.hub.get(r.Context(), r.PathValue("id"))
	if err != nil {
		s.httpError(w, http.StatusNotFound, &game.Error{Code: CodeNotFound, Text: game.T("err.no-table")})
		return
	}
	host := false
	after := 0
	if ok {
		if err := t.ask(r.Context(), func() {
			host = t.rec.Creator == user.ID
			after = int(t.replaceAfter().Seconds())
		}); err != nil {
			s.httpError(w, http.StatusServiceUnavailable, errStopped)
			return
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"host": host, "replace_after_seconds": after})
}
