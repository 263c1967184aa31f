package server

// The archive (issue 16): every finished table is public with its replay,
// and the lobby lists them, the latest finished first, filtered by game,
// player, dates and outcome, paged by a keyset cursor (X-Next-Cursor) so
// that games finishing while someone pages shift nothing. How each game
// ended is stored once with the table (store.RecordFinish) when it
// finishes, whichever node ends it.

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"gaslamp/game"
	"gaslamp/store"
)

// finishSummary is how a finished game ended, as the lobby's archive shows
// it: the winning side ("" nobody) and how it ended (store.EndRules,
// EndResigned, EndTime, EndAbandoned), and when.
type finishSummary struct {
	Winner string    `json:"winner"`
	Ended  string    `json:"ended"`
	At     time.Time `json:"at"`
}

// endingOf says how a finished table's game ended.
func endingOf(r *store.Resignation) string {
	switch {
	case r == nil:
		return store.EndRules
	case r.Reason == "time":
		return store.EndTime
	case r.Reason == reasonAbandoned:
		return store.EndAbandoned
	}
	return store.EndResigned
}

// recordFinish stores how the finished game ended (once per table: the
// store keeps the first record). It runs on the table's goroutine.
func (t *table) recordFinish(o game.Outcome) {
	if t.rec.Finish != nil || !o.Over || t.rec.Status != store.StatusFinished {
		return
	}
	f := store.Finish{Winner: o.Winner, Ended: endingOf(t.rec.Resigned), At: t.s.now().UTC()}
	ctx, cancel := storeCtx()
	defer cancel()
	if err := t.s.store.RecordFinish(ctx, t.id, f); err != nil {
		t.s.log.Error("finish not stored", "table", t.id, "err", err)
		return
	}
	// Another node may have recorded it first: keep the stored one.
	if rec, err := t.s.store.Table(ctx, t.id); err == nil && rec.Finish != nil {
		f = *rec.Finish
	}
	t.rec.Finish = &f
}

// archiveCursorSep separates the finish time (Unix milliseconds) from the
// table id in an archive cursor.
const archiveCursorSep = "~"

// archiveQuery reads the archive's filters from a request: game, player,
// from and to (days, YYYY-MM-DD, UTC, both included), outcome ("won:SIDE",
// or how the game ended: rules, resigned, time, abandoned) and after (the
// X-Next-Cursor of the previous page). A bad value is an error that says
// which.
func archiveQuery(r *http.Request) (store.ArchiveQuery, *game.Error) {
	v := r.URL.Query()
	q := store.ArchiveQuery{Limit: LobbyPageSize + 1}
	bad := func(what string) (store.ArchiveQuery, *game.Error) {
		return q, badMessage("err.bad-archive-filter", "bad "+what)
	}
	var sides []string
	if g := v.Get("game"); g != "" {
		rules, err := game.Lookup(g)
		if err != nil {
			return bad("game")
		}
		q.Game, sides = rules.ID(), rules.Sides()
	} else {
		for _, g := range game.Games() {
			sides = append(sides, g.Sides()...)
		}
	}
	if p := strings.TrimSpace(v.Get("player")); p != "" {
		if !utf8.ValidString(p) || utf8.RuneCountInString(p) > 64 {
			return bad("player")
		}
		q.Player = p
	}
	day := func(name string) (time.Time, bool) {
		s := v.Get(name)
		if s == "" {
			return time.Time{}, true
		}
		d, err := time.Parse(time.DateOnly, s)
		return d, err == nil && d.Year() >= 2000 && d.Year() <= 9999
	}
	from, ok := day("from")
	if !ok {
		return bad("from")
	}
	to, ok := day("to")
	if !ok {
		return bad("to")
	}
	if !to.IsZero() {
		to = to.AddDate(0, 0, 1) // the whole day
	}
	if !from.IsZero() && !to.IsZero() && !from.Before(to) {
		return bad("date range")
	}
	q.From, q.To = from, to
	switch o := v.Get("outcome"); o {
	case "":
	case store.EndRules, store.EndResigned, store.EndTime, store.EndAbandoned:
		q.Ended = o
	default:
		side, ok := strings.CutPrefix(o, "won:")
		if !ok || !slices.Contains(sides, side) {
			return bad("outcome")
		}
		q.Winner = side
	}
	if a := v.Get("after"); a != "" {
		msStr, id, ok := strings.Cut(a, archiveCursorSep)
		n, err := strconv.ParseInt(msStr, 10, 64)
		if !ok || err != nil || id == "" || len(id) > 64 {
			return bad("cursor")
		}
		q.After = &store.ArchiveCursor{At: time.UnixMilli(n).UTC(), ID: id}
	}
	return q, nil
}

// handleArchive answers GET /api/tables?status=finished with the archive's
// filters (archiveQuery): a page of finished tables, the latest finished
// first, and X-Next-Cursor when there are more.
func (s *Server) handleArchive(w http.ResponseWriter, r *http.Request) {
	q, gerr := archiveQuery(r)
	if gerr != nil {
		s.httpError(w, http.StatusBadRequest, gerr)
		return
	}
	recs, err := s.store.Archive(r.Context(), q)
	if err != nil {
		s.log.Error("archive not read", "err", err)
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	more := len(recs) > LobbyPageSize
	if more {
		recs = recs[:LobbyPageSize]
	}
	out := []*tableSummary{}
	for _, rec := range recs {
		if sum := s.summaryOf(rec); sum != nil && !isTutorialID(rec.ID) {
			out = append(out, sum)
		}
	}
	if more {
		last := recs[len(recs)-1]
		w.Header().Set("X-Next-Cursor", strconv.FormatInt(last.Finish.At.UnixMilli(), 10)+archiveCursorSep+last.ID)
	}
	writeJSON(w, http.StatusOK, out)
}
