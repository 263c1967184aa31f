package server

import (
	"context"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"
)

// Store failures: while the store refuses writes, bots and retries back off
// exponentially with jitter (storeBackoff), and the log says so once per
// interval with a count, not once per move (storeTrouble).

const (
	backoffBase = 250 * time.Millisecond
	backoffMax  = 30 * time.Second
	// troubleLogEvery is the least time between two log lines about the
	// same kind of store failure.
	troubleLogEvery = 10 * time.Second
)

// storeTrouble tracks consecutive store write failures for the whole server.
type storeTrouble struct {
	fails atomic.Int64 // consecutive failures; 0 once a write succeeds

	mu         sync.Mutex
	lastLog    time.Time
	suppressed int
}

// ok records a successful write.
func (st *storeTrouble) ok() { st.fails.Store(0) }

// failed records a failed write and returns how long a retry should wait:
// backoffBase doubled per consecutive failure up to backoffMax, with a
// jitter of ±50% so that tables do not retry in step.
func (st *storeTrouble) failed() time.Duration {
	n := st.fails.Add(1)
	d := backoffBase
	for i := int64(1); i < n && d < backoffMax; i++ {
		d *= 2
	}
	d = min(d, backoffMax)
	return d/2 + time.Duration(rand.Int64N(int64(d)))
}

// shouldLog says whether a failure may be logged now; when it may, it also
// returns how many were not logged since the last line.
func (st *storeTrouble) shouldLog(now time.Time) (bool, int) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if now.Sub(st.lastLog) < troubleLogEvery {
		st.suppressed++
		return false, 0
	}
	n := st.suppressed
	st.lastLog, st.suppressed = now, 0
	return true, n
}

// storeProbe is the result of the last readiness check of the store.
type storeProbe struct {
	mu   sync.Mutex
	at   time.Time
	err  error
	busy bool
}

// probeStore checks that the store answers a write, at most once a second
// (concurrent readiness checks share the answer).
func (s *Server) probeStore(ctx context.Context) error {
	p := &s.probe
	p.mu.Lock()
	if time.Since(p.at) < time.Second || p.busy {
		err := p.err
		p.mu.Unlock()
		return err
	}
	p.busy = true
	p.mu.Unlock()
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	err := s.store.Heartbeat(ctx, s.node)
	p.mu.Lock()
	p.at, p.err, p.busy = time.Now(), err, false
	p.mu.Unlock()
	return err
}
