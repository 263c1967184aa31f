package server

import (
	"context"
	"time"
)

// DefaultSessionIdle is how long a session may go unused before it expires,
// when Config.SessionIdle is zero.
const DefaultSessionIdle = 30 * 24 * time.Hour

// sessionIdle returns the idle period after which a session expires, or 0
// when sessions never expire.
func (s *Server) sessionIdle() time.Duration {
	if s.cfg.SessionIdle < 0 {
		return 0
	}
	return s.cfg.SessionIdle
}

// touchEvery is how stale a session's last use may be before a use renews it
// in the store: a hundredth of the idle period, at most an hour, so that
// expiry is exact to about 1% without a write for every request.
func (s *Server) touchEvery() time.Duration {
	idle := s.sessionIdle()
	if idle == 0 || idle/100 > time.Hour {
		return time.Hour
	}
	return idle / 100
}

// expired reports whether a session last used at lastSeen has expired now.
func (s *Server) expired(lastSeen, now time.Time) bool {
	idle := s.sessionIdle()
	return idle > 0 && now.Sub(lastSeen) > idle
}

// sweepEvery is how often expired sessions are deleted.
func (s *Server) sweepEvery() time.Duration {
	return min(time.Hour, max(time.Minute, s.sessionIdle()/10))
}

// expireSessions deletes the sessions idle for longer than the idle period.
// Expired sessions are refused before they are deleted; deleting them keeps
// the table small.
func (s *Server) expireSessions(ctx context.Context) {
	idle := s.sessionIdle()
	if idle == 0 {
		return
	}
	n, err := s.store.DeleteSessionsSeenBefore(ctx, s.now().Add(-idle))
	if err != nil {
		s.log.Error("expired sessions not deleted", "err", err)
		return
	}
	s.metrics.sessionsExpired.Add(n)
	if n > 0 {
		s.log.Info("expired sessions deleted", "count", n, "idle", idle.String())
	}
}

// sweepSessions deletes expired sessions periodically until the server
// shuts down (New has deleted those expired at start).
func (s *Server) sweepSessions() {
	if s.sessionIdle() == 0 {
		return
	}
	tick := time.NewTicker(s.sweepEvery())
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			ctx, cancel := context.WithTimeout(s.baseCtx, time.Minute)
			s.expireSessions(ctx)
			cancel()
		case <-s.baseCtx.Done():
			return
		}
	}
}

// DefaultRevokeCheck is how often a node checks the sessions of its open
// WebSockets, when Config.RevokeCheck is zero.
const DefaultRevokeCheck = 30 * time.Second

// closeRevoked closes the open WebSockets whose session no longer exists
// in the store (or has expired), and returns how many sessions it ended.
//
// It asks the store about all the sessions at once (SessionsSeen): one
// query a session had taken 5% of the server's CPU at 10,000 players, in a
// burst every RevokeCheck.
func (s *Server) closeRevoked(ctx context.Context) int {
	hashes := s.caps.sessions()
	if len(hashes) == 0 {
		return 0
	}
	seen, err := s.store.SessionsSeen(ctx, hashes)
	if err != nil {
		return 0 // the store is down: keep the connections
	}
	n := 0
	now := s.now()
	for _, h := range hashes {
		if at, ok := seen[h]; ok && !s.expired(at, now) {
			continue
		}
		s.caps.closeSession(h)
		n++
	}
	if n > 0 {
		s.log.Info("connections of ended sessions closed", "sessions", n)
	}
	return n
}

// sweepRevoked runs closeRevoked every RevokeCheck until the server shuts
// down.
func (s *Server) sweepRevoked() {
	every := s.cfg.RevokeCheck
	if every < 0 {
		return
	}
	if every == 0 {
		every = DefaultRevokeCheck
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			ctx, cancel := context.WithTimeout(s.baseCtx, time.Minute)
			s.closeRevoked(ctx)
			cancel()
		case <-s.baseCtx.Done():
			return
		}
	}
}
