package server

import (
	"context"
	"time"

	"gaslamp/store"
)

// Idle tables leave memory: a table with no connection that needs no node
// to act for it (no bot to move, no takeover to arm: see needsNode) is
// unloaded once it has been idle for Config.IdleUnload, and comes back from
// the store on the next visit (hub.get). At start only the tables that need
// a node are loaded; the lobby then lists from the store (storeLobby).

// DefaultIdleUnload is how long an idle table stays in memory.
const DefaultIdleUnload = 10 * time.Minute

// needsNode says whether a node must hold the table to act for it: a
// running game with a bot seat, a takeover limit or a clock.
func needsNode(rec store.Table) bool {
	if rec.Status != store.StatusRunning {
		return false
	}
	if rec.Takeover > 0 || rec.Pace != "" {
		return true // a takeover or a clock may run out
	}
	for _, st := range rec.Seats {
		if st.Kind == store.KindBot {
			return true
		}
	}
	return false
}

// unloadIdleTables unloads every loaded table idle for longer than
// IdleUnload; it returns how many it unloaded.
func (s *Server) unloadIdleTables() int {
	limit := s.cfg.IdleUnload
	if limit <= 0 {
		return 0
	}
	s.hub.mu.Lock()
	cands := make([]*table, 0, len(s.hub.tables))
	for _, t := range s.hub.tables {
		cands = append(cands, t)
	}
	s.hub.mu.Unlock()
	n := 0
	for _, t := range cands {
		// The check, the hub's removal and the stop happen on the table's
		// goroutine, as one step: a visitor attaches there too
		// (attachUnlessStopping), so it is either attached before (and
		// the table is not idle) or finds the table stopping after (and
		// loads it again), never attached to a table about to close it.
		unloaded := false
		ctx, cancel := context.WithTimeout(s.baseCtx, 10*time.Second)
		err := t.ask(ctx, func() {
			if len(t.conns) == 0 && !needsNode(t.rec) && time.Since(t.idleSince) > limit &&
				s.hub.unloadIdle(t, time.Now().Add(-limit)) {
				t.stop()
				unloaded = true
			}
		})
		cancel()
		if err == nil && unloaded {
			n++
		}
	}
	if n > 0 {
		s.log.Debug("idle tables unloaded", "count", n, "loaded", s.hub.count())
	}
	return n
}

// sweepIdleTables unloads idle tables every IdleUnload/4 (at most a minute)
// until the server shuts down.
func (s *Server) sweepIdleTables() {
	if s.cfg.IdleUnload <= 0 || s.multi {
		return // several nodes unload in their sync loop
	}
	every := min(s.cfg.IdleUnload/4, time.Minute)
	tick := time.NewTicker(max(every, 10*time.Millisecond))
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			s.unloadIdleTables()
		case <-s.baseCtx.Done():
			return
		}
	}
}
