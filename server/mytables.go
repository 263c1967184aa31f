package server

// The lobby's "Your games" (issue 12, must-have 8): the tables the signed-in
// player has held a seat of (store.TablesOf, from the seat holders that
// giveSeat records), the games in progress with those waiting for the
// player's move first, and the finished games, newest first, paged, each
// with its replay.

import (
	"net/http"
	"slices"
	"strconv"

	"gaslamp/store"
)

// myTable is one of the caller's tables.
type myTable struct {
	Table *tableSummary `json:"table"`
	// Seats are the seats the caller holds there now.
	Seats []int `json:"seats"`
	// YourTurn: one of those seats must act now.
	YourTurn bool `json:"your_turn"`
}

// myTablesLimit bounds the games in progress listed (the open-table cap
// keeps a player's far below it).
const myTablesLimit = 200

// handleMyTables answers GET /api/my/tables?status=active|finished&page=N.
// Active lists the open and running tables, those waiting for the caller
// first, then the running, then the open, newest first within each; finished
// is paged by LobbyPageSize with X-Next-Page as the lobby's lists are.
func (s *Server) handleMyTables(w http.ResponseWriter, r *http.Request) {
	_, user, ok := s.session(r)
	if !ok {
		writeJSON(w, http.StatusOK, []myTable{})
		return
	}
	page := 1
	if v := r.URL.Query().Get("page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1000 {
			s.httpError(w, http.StatusBadRequest, badMessage("err.bad-request", "bad page"))
			return
		}
		page = n
	}
	var recs []store.Table
	var err error
	more := false
	switch r.URL.Query().Get("status") {
	case "", "active":
		recs, err = s.store.TablesOf(r.Context(), user.ID, myTablesLimit, 0, store.StatusOpen, store.StatusRunning)
	case store.StatusFinished:
		recs, err = s.store.TablesOf(r.Context(), user.ID, LobbyPageSize+1, (page-1)*LobbyPageSize, store.StatusFinished)
		if len(recs) > LobbyPageSize {
			recs, more = recs[:LobbyPageSize], true
		}
	default:
		s.httpError(w, http.StatusBadRequest, badMessage("err.bad-request", "bad status"))
		return
	}
	if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	out := s.myTables(recs, user.ID)
	if r.URL.Query().Get("status") != store.StatusFinished {
		sortMine(out)
	}
	if more {
		w.Header().Set("X-Next-Page", strconv.Itoa(page+1))
	}
	writeJSON(w, http.StatusOK, out)
}

// myTables describes recs for user, with the summaries of the tables held
// in memory (their clocks and seats to act are current).
func (s *Server) myTables(recs []store.Table, userID string) []myTable {
	out := []myTable{}
	for _, rec := range recs {
		if isTutorialID(rec.ID) {
			continue // a tutorial is no game of one's own
		}
		var sum *tableSummary
		if t := s.hub.loaded(rec.ID); t != nil {
			sum = t.summary.Load()
		}
		if sum == nil {
			sum = s.summaryOf(rec)
		}
		if sum == nil {
			continue
		}
		mt := myTable{Table: sum, Seats: []int{}}
		for _, st := range rec.Seats {
			if st.Kind == store.KindHuman && st.UserID == userID {
				mt.Seats = append(mt.Seats, st.Seat)
				if sum.Status == store.StatusRunning && slices.Contains(sum.ToAct, st.Seat) {
					mt.YourTurn = true
				}
			}
		}
		out = append(out, mt)
	}
	return out
}

// sortMine puts the tables waiting for the player first, then the running,
// then the open; the store's order (newest first) within each.
func sortMine(out []myTable) {
	rank := func(m myTable) int {
		switch {
		case m.YourTurn:
			return 0
		case m.Table.Status == store.StatusRunning:
			return 1
		}
		return 2
	}
	slices.SortStableFunc(out, func(a, b myTable) int { return rank(a) - rank(b) })
}

// myTurns is the answer of GET /api/my/turns.
type myTurns struct {
	// Waiting counts the running tables where one of the caller's seats
	// must act now.
	Waiting int `json:"waiting"`
}

// handleMyTurns answers GET /api/my/turns: how many tables wait for the
// caller's move (the page header's count; 0 without a session).
func (s *Server) handleMyTurns(w http.ResponseWriter, r *http.Request) {
	_, user, ok := s.session(r)
	if !ok {
		writeJSON(w, http.StatusOK, myTurns{})
		return
	}
	recs, err := s.store.TablesOf(r.Context(), user.ID, myTablesLimit, 0, store.StatusRunning)
	if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	var out myTurns
	for _, m := range s.myTables(recs, user.ID) {
		if m.YourTurn {
			out.Waiting++
		}
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, out)
}
