package server

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"gaslamp/game"
	"gaslamp/store"
)

// Table bounds (docs/security.md, "Connection limits").
const (
	// StatusExpired marks an open table that never started within
	// Config.OpenTableTTL: it leaves the lobby and is not loaded again at
	// start (the store keeps the status as text; no migration is needed).
	StatusExpired = "expired"
	// DefaultOpenTableTTL is how long a table may stay open (waiting for
	// players) before it expires.
	DefaultOpenTableTTL = 24 * time.Hour
	// DefaultOpenTablesPerUser is how many open tables one user (a guest
	// is one session) may hold at once.
	DefaultOpenTablesPerUser = 5
	// LobbyPageSize bounds a page of GET /api/tables (?page=N, from 1;
	// ?limit= may ask for fewer). The header X-Next-Page names the next
	// page when there is one.
	LobbyPageSize = 50
)

// expireOpenTables marks expired every loaded open table created before
// now - OpenTableTTL, stops it and drops it from the lobby; it returns how
// many it expired.
func (s *Server) expireOpenTables() int {
	if s.cfg.OpenTableTTL <= 0 {
		return 0
	}
	cutoff := s.now().Add(-s.cfg.OpenTableTTL)
	s.hub.mu.Lock()
	var cands []*table
	for _, t := range s.hub.tables {
		if sum := t.summary.Load(); sum != nil && sum.Status == store.StatusOpen && sum.Created.Before(cutoff) {
			cands = append(cands, t)
		}
	}
	s.hub.mu.Unlock()
	n := 0
	for _, t := range cands {
		expired := false
		ctx, cancel := context.WithTimeout(s.baseCtx, 10*time.Second)
		err := t.ask(ctx, func() {
			if t.rec.Status == store.StatusOpen && t.rec.Created.Before(cutoff) {
				t.setStatus(StatusExpired)
				t.refreshSummary()
				expired = true
			}
		})
		cancel()
		if err != nil || !expired {
			continue
		}
		s.hub.unload(t)
		t.stop()
		s.log.Info("open table expired", "table", t.id)
		n++
	}
	return n + s.expireStoredOpenTables(cutoff)
}

// expireStoredOpenTables expires the open tables created before cutoff that
// are not in memory (idle tables leave it, idle.go). With several nodes,
// another node may hold such a table: each node expires only its own.
func (s *Server) expireStoredOpenTables(cutoff time.Time) int {
	if s.multi {
		return 0
	}
	ctx, cancel := context.WithTimeout(s.baseCtx, 30*time.Second)
	defer cancel()
	recs, err := s.store.Tables(ctx, 0, store.StatusOpen)
	if err != nil {
		s.log.Warn("open tables not listed for expiry", "err", err)
		return 0
	}
	n := 0
	for _, rec := range recs {
		if !rec.Created.Before(cutoff) || s.hub.loaded(rec.ID) != nil {
			continue
		}
		if err := s.store.SetStatus(ctx, rec.ID, StatusExpired); err != nil {
			s.log.Warn("open table not expired", "table", rec.ID, "err", err)
			continue
		}
		s.log.Info("open table expired", "table", rec.ID)
		n++
	}
	return n
}

// sweepOpenTables expires open tables every OpenTableSweep until the server
// shuts down.
func (s *Server) sweepOpenTables() {
	if s.cfg.OpenTableTTL <= 0 && s.cfg.TutorialTTL <= 0 {
		return
	}
	s.expireOpenTables()
	s.expireTutorials()
	tick := time.NewTicker(s.cfg.OpenTableSweep)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			s.expireOpenTables()
			s.expireTutorials()
		case <-s.baseCtx.Done():
			return
		}
	}
}

// openTableQuota refuses (429, `too-many-tables`) a creation by a user who
// already holds OpenTablesPerUser open tables.
// The store counts them, so the cap holds across nodes and for tables no
// node has loaded.
func (s *Server) openTableQuota(w http.ResponseWriter, r *http.Request, user store.User) bool {
	max := s.cfg.OpenTablesPerUser
	if max <= 0 {
		return true
	}
	n, err := s.store.CountOpenTablesBy(r.Context(), user.ID)
	if err != nil {
		s.log.Error("open tables not counted", "err", err)
		s.httpError(w, http.StatusServiceUnavailable, errNotStored)
		return false
	}
	if n >= max {
		s.httpError(w, http.StatusTooManyRequests, &game.Error{Code: CodeTooManyTables, Text: game.T("err.too-many-tables", "max", max)})
		return false
	}
	return true
}

// CodeTooManyTables refuses a table beyond a user's open tables.
const CodeTooManyTables game.Code = "too-many-tables"

// writeLobby answers one page of a lobby list: ?page=N (from 1) of at most
// LobbyPageSize (or ?limit=, if smaller); X-Next-Page names the next page.
func (s *Server) writeLobby(w http.ResponseWriter, r *http.Request, all []*tableSummary) {
	page, limit := 1, LobbyPageSize
	if v := r.URL.Query().Get("page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1000 {
			s.httpError(w, http.StatusBadRequest, badMessage("err.bad-request", "bad page"))
			return
		}
		page = n
	}
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			s.httpError(w, http.StatusBadRequest, badMessage("err.bad-request", "bad limit"))
			return
		}
		limit = min(n, LobbyPageSize)
	}
	all = withoutTutorials(all)
	from := (page - 1) * limit
	out := []*tableSummary{}
	if from < len(all) {
		out = all[from:min(from+limit, len(all))]
	}
	if from+limit < len(all) {
		w.Header().Set("X-Next-Page", strconv.Itoa(page+1))
	}
	writeJSON(w, http.StatusOK, out)
}
