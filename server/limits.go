package server

import (
	"sync"
	"time"
)

// Rate is a token bucket's refill rate and size. A zero Rate means no limit.
type Rate struct {
	PerSecond float64
	Burst     int
}

// Limits are the rate limits, each a token bucket per session and one per IP
// address. They are checked before a request or frame is parsed.
type Limits struct {
	Frames, FramesIP   Rate // WebSocket frames (moves, chat, hello, ping)
	Chat               Rate // chat lines per session (checked once a frame is known to be chat)
	Create, CreateIP   Rate // table creations
	Join, JoinIP       Rate // seat takes, invites and WebSocket connections
	SessionIP          Rate // guest sessions (and accounts) created per IP
	Login, LoginIP     Rate // sign-in and password attempts per account name, and per IP
	IPScale            float64
	CleanupIdleBuckets time.Duration
}

// DefaultLimits are the limits `gaslamp serve` uses.
func DefaultLimits() Limits {
	return Limits{
		Frames: Rate{20, 60}, FramesIP: Rate{200, 600},
		Chat:   Rate{1, 5},
		Create: Rate{0.2, 5}, CreateIP: Rate{1, 20},
		Join: Rate{2, 20}, JoinIP: Rate{20, 200},
		SessionIP: Rate{1, 20},
		Login:     Rate{1.0 / 60, 10}, LoginIP: Rate{0.2, 30},
	}
}

// ScaleIP returns the limits with every per-IP rate multiplied by k (k == 0
// removes the per-IP limits), for load tests from one address.
func (l Limits) ScaleIP(k float64) Limits {
	for _, r := range []*Rate{&l.FramesIP, &l.CreateIP, &l.JoinIP, &l.SessionIP, &l.LoginIP} {
		if k == 0 {
			*r = Rate{}
		} else {
			r.PerSecond *= k
			r.Burst = int(float64(r.Burst) * k)
		}
	}
	return l
}

type bucket struct {
	tokens float64
	last   time.Time
}

// limiter holds token buckets by key.
type limiter struct {
	mu      sync.Mutex
	buckets map[string]*bucket
	now     func() time.Time
	swept   time.Time
}

func newLimiter(now func() time.Time) *limiter {
	return &limiter{buckets: map[string]*bucket{}, now: now}
}

// allow takes one token from the bucket of key (refilled at r) and reports
// whether there was one. A zero rate always allows.
func (l *limiter) allow(key string, r Rate) bool {
	if r.PerSecond <= 0 || r.Burst <= 0 {
		return true
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.swept) > time.Minute {
		l.sweep(now)
	}
	b := l.buckets[key]
	if b == nil {
		b = &bucket{tokens: float64(r.Burst), last: now}
		l.buckets[key] = b
	}
	b.tokens += now.Sub(b.last).Seconds() * r.PerSecond
	if b.tokens > float64(r.Burst) {
		b.tokens = float64(r.Burst)
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// sweep drops buckets untouched for ten minutes (every bucket is full again
// by then at any rate used here, so dropping one forgets nothing).
func (l *limiter) sweep(now time.Time) {
	l.swept = now
	for k, b := range l.buckets {
		if now.Sub(b.last) > 10*time.Minute {
			delete(l.buckets, k)
		}
	}
}

// allowBoth checks the session's bucket and the IP's bucket for one kind of
// action; both must have a token. session may be "" (anonymous).
func (l *limiter) allowBoth(kind, session string, rs Rate, ip string, ri Rate) bool {
	sk := ""
	if session != "" {
		sk = sessionKey(kind, session)
	}
	return l.allowKeys(sk, rs, ipKey(kind, ip), ri)
}

// sessionKey and ipKey are the bucket keys of one kind of action for a
// session and for an IP address.
func sessionKey(kind, session string) string { return kind + "|s|" + session }
func ipKey(kind, ip string) string           { return kind + "|ip|" + ip }

// allowKeys is allowBoth with the buckets' keys made beforehand (sk "" for
// an anonymous session): a connection makes its frame keys once, not for
// every frame it reads.
func (l *limiter) allowKeys(sk string, rs Rate, ik string, ri Rate) bool {
	if sk != "" && !l.allow(sk, rs) {
		return false
	}
	return l.allow(ik, ri)
}
