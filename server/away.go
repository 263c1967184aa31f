package server

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"sync"
	"time"

	"gaslamp/bus"
	"gaslamp/game"
	"gaslamp/store"
)

// "Away until": an account may say it is away until a date (store.Absence).
// At a turn-based table whose creator allowed it (Pace.Away), the clock of
// a seat whose player is away does not run: the move's deadline moves on by
// the time the absence overlaps it. An account may be away at most
// AwayDaysPerMonth days in each calendar month (UTC), counted when it says
// so; it may come back early (the rest of the absence is not counted). The
// node acting for the table reads the absences from the store when it arms
// the clock and again before it times a seat out, so that an absence
// declared through any node holds; an "away" notice on the bus makes the
// nodes holding the player's tables read them at once (awayChanged).

// AwayDaysPerMonth is how many days an account may be away per calendar
// month.
const AwayDaysPerMonth = 7

var (
	errBadAway  = &game.Error{Code: CodeBadMessage, Text: game.T("err.bad-away")}
	errAwayLong = &game.Error{Code: CodeBadMessage, Text: game.T("err.away-too-long", "days", AwayDaysPerMonth)}
)

// loadAway reads the absences of the seat holders (tables that allow them).
func (t *table) loadAway() {
	if t.pace == nil || !t.pace.Away {
		return
	}
	ctx, cancel := context.WithTimeout(t.s.baseCtx, 5*time.Second)
	defer cancel()
	since := t.s.now().Add(-15 * 24 * time.Hour) // a move lasts at most 14 days
	m := map[string][]store.Absence{}
	for _, st := range t.rec.Seats {
		if st.Kind != store.KindHuman || st.UserID == "" {
			continue
		}
		if _, ok := m[st.UserID]; ok {
			continue
		}
		a, err := t.s.store.Absences(ctx, st.UserID, since)
		if err != nil {
			return // keep what was read before
		}
		m[st.UserID] = a
	}
	t.absences = m
}

// awayDeadline moves a turn-based deadline d (the clock started at since)
// on by the absences of seat's player that overlap the running clock.
func (t *table) awayDeadline(seat int, since, d time.Time) time.Time {
	if !t.pace.Away || seat >= len(t.rec.Seats) {
		return d
	}
	return pausedDeadline(t.absences[t.rec.Seats[seat].UserID], since, d)
}

// pausedDeadline is d, a deadline of a clock started at since, moved on by
// every absence (sorted, disjoint) that starts before the deadline reached.
func pausedDeadline(abs []store.Absence, since, d time.Time) time.Time {
	for _, a := range abs {
		if !a.Until.After(since) || !a.Start.Before(d) {
			continue
		}
		d = d.Add(a.Until.Sub(maxTime(a.Start, since)))
	}
	return d
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// awayUntil is the end of the absence of seat's player at now, at a table
// that allows absences (nil when not away).
func (t *table) awayUntil(seat int, now time.Time) *time.Time {
	if !t.pace.Away || seat >= len(t.rec.Seats) {
		return nil
	}
	for _, a := range t.absences[t.rec.Seats[seat].UserID] {
		if !a.Start.After(now) && a.Until.After(now) {
			u := a.Until.UTC().Round(time.Millisecond)
			return &u
		}
	}
	return nil
}

// awayChanged makes the loaded tables of user read its absences again, and
// waits (up to ctx) until they have: once the request that changed them is
// answered, every table shows it. With several nodes it also publishes an
// "away" notice for each of the user's running tables, so that the node
// acting for a table held elsewhere moves its deadline at once (awayNotice),
// not at the table's next move.
func (s *Server) awayChanged(ctx context.Context, user string) {
	if s.multi {
		if recs, err := s.store.SeatedTablesOf(ctx, user, 0, store.StatusRunning); err == nil {
			for _, rec := range recs {
				s.bus.Publish(bus.Notice{Table: rec.ID, Status: rec.Status, Kind: "away", Node: s.node})
			}
		} else {
			s.log.Warn("away: tables not read; other nodes see it at the next move", "err", err)
		}
	}
	var wg sync.WaitGroup
	for _, t := range s.hub.all() {
		wg.Add(1)
		if !t.do(func() {
			defer wg.Done()
			if !t.heldBy(user).Empty() {
				t.absencesChanged()
			}
		}) {
			wg.Done() // the table stopped
		}
	}
	done := make(chan struct{})
	go func() {
		wg.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-ctx.Done():
	}
}

// absencesChanged reads the absences of the table's players again (an
// account said it is away, or back, on this node or another), moves the
// deadline on the node acting for the table and shows the clocks anew. It
// runs on the table's goroutine.
func (t *table) absencesChanged() {
	if t.pace == nil || !t.pace.Away {
		return
	}
	t.loadAway() // every node shows "away until"
	t.armClock() // the acting node's timer, for the new deadline
	t.refreshSummary()
	t.broadcastClocks()
}

// monthStart is the first instant of the calendar month (UTC) of at.
func monthStart(at time.Time) time.Time {
	at = at.UTC()
	return time.Date(at.Year(), at.Month(), 1, 0, 0, 0, 0, time.UTC)
}

// awayIn is the time of abs inside [from, to).
func awayIn(abs []store.Absence, from, to time.Time) time.Duration {
	var d time.Duration
	for _, a := range abs {
		s, e := maxTime(a.Start, from), a.Until
		if to.Before(e) {
			e = to
		}
		if e.After(s) {
			d += e.Sub(s)
		}
	}
	return d
}

// awayOut is an account's absence as the account dialog sees it.
type awayOut struct {
	// Until is the end of the current absence (none: not away).
	Until *time.Time `json:"until,omitempty"`
	// UsedSeconds is the time away in the current calendar month (UTC),
	// LimitDays the most allowed.
	UsedSeconds int64 `json:"used_seconds"`
	LimitDays   int   `json:"limit_days"`
}

// awayIn is the body of POST /api/account/away: until "" (or null) ends
// the current absence.
type awayReq struct {
	Until *time.Time `json:"until"`
}

// handleAway answers GET /api/account/away (the caller's absence) and POST
// (csrf-checked: away from now until the given time, or back now).
func (s *Server) handleAway(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User) {
	if _, err := s.store.AccountByUser(r.Context(), user.ID); errors.Is(err, store.ErrNotFound) {
		s.httpError(w, http.StatusForbidden, errNotAccount)
		return
	} else if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	past, err := s.store.Absences(r.Context(), user.ID, monthStart(now).AddDate(0, -1, 0))
	if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	if r.Method == http.MethodPost {
		var in awayReq
		if err := readJSON(r, &in); err != nil {
			s.httpError(w, http.StatusBadRequest, errBadAway)
			return
		}
		until := now // back now
		if in.Until != nil {
			until = in.Until.UTC().Truncate(time.Millisecond)
			if !until.After(now) || until.Sub(now) > AwayDaysPerMonth*24*time.Hour {
				s.httpError(w, http.StatusBadRequest, errAwayLong)
				return
			}
			// The months the absence touches, each with what was used
			// before now (the current absence, if any, ends now).
			kept := make([]store.Absence, 0, len(past)+1)
			for _, a := range past {
				if a.Start.Before(now) {
					a.Until = minTime(a.Until, now)
					kept = append(kept, a)
				}
			}
			kept = append(kept, store.Absence{Start: now, Until: until})
			for m := monthStart(now); m.Before(until); m = m.AddDate(0, 1, 0) {
				if awayIn(kept, m, m.AddDate(0, 1, 0)) > AwayDaysPerMonth*24*time.Hour {
					s.httpError(w, http.StatusBadRequest, errAwayLong)
					return
				}
			}
		}
		if err := s.store.AddAbsence(r.Context(), user.ID, now, until); err != nil {
			s.httpError(w, http.StatusInternalServerError, errNotStored)
			return
		}
		s.log.Info("away", "user", user.ID, "until", until)
		if past, err = s.store.Absences(r.Context(), user.ID, monthStart(now).AddDate(0, -1, 0)); err != nil {
			s.httpError(w, http.StatusInternalServerError, errNotStored)
			return
		}
		s.awayChanged(r.Context(), user.ID)
	}
	out := awayOut{LimitDays: AwayDaysPerMonth}
	used := slices.Clone(past)
	for i := range used {
		if used[i].Start.After(now) {
			used[i].Until = used[i].Start
		}
	}
	out.UsedSeconds = int64(awayIn(used, monthStart(now), monthStart(now).AddDate(0, 1, 0)) / time.Second)
	for _, a := range past {
		if !a.Start.After(now) && a.Until.After(now) {
			u := a.Until
			out.Until = &u
		}
	}
	writeJSON(w, http.StatusOK, out)
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}
