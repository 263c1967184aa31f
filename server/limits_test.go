package server

import (
	"testing"
	"time"
)

func TestTokenBucket(t *testing.T) {
	now := time.Unix(1000, 0)
	l := newLimiter(func() time.Time { return now })
	r := Rate{PerSecond: 2, Burst: 3}
	for i := 0; i < 3; i++ {
		if !l.allow("k", r) {
			t.Fatalf("token %d refused", i)
		}
	}
	if l.allow("k", r) {
		t.Fatal("burst exceeded")
	}
	if !l.allow("other", r) {
		t.Fatal("keys share a bucket")
	}
	now = now.Add(500 * time.Millisecond)
	if !l.allow("k", r) || l.allow("k", r) {
		t.Fatal("refill wrong")
	}
	if !l.allow("k", Rate{}) {
		t.Fatal("zero rate limits")
	}
	now = now.Add(time.Hour)
	l.allow("x", r)
	if len(l.buckets) != 1 {
		t.Fatalf("sweep kept %d buckets", len(l.buckets))
	}
	if got := DefaultLimits().ScaleIP(0).FramesIP; got != (Rate{}) {
		t.Fatalf("ScaleIP(0) = %v", got)
	}
}

// TestFrameKeysShareBuckets: a connection's frame keys, made once, are the
// keys allowBoth makes for each request, so a session's and an IP's
// buckets are the same however the check is made.
func TestFrameKeysShareBuckets(t *testing.T) {
	now := time.Unix(1000, 0)
	l := newLimiter(func() time.Time { return now })
	rs, ri := Rate{PerSecond: 0.001, Burst: 2}, Rate{PerSecond: 0.001, Burst: 3}
	sk, ik := sessionKey("frame", "tok"), ipKey("frame", "10.0.0.1")
	if !l.allowKeys(sk, rs, ik, ri) || !l.allowBoth("frame", "tok", rs, "10.0.0.1", ri) {
		t.Fatal("the first two frames refused")
	}
	if l.allowKeys(sk, rs, ik, ri) {
		t.Fatal("the session's bucket is not shared")
	}
	if !l.allowKeys("", rs, ik, ri) {
		t.Fatal("an anonymous frame refused while the IP has a token left")
	}
	if l.allowBoth("frame", "", rs, "10.0.0.1", ri) {
		t.Fatal("the IP's bucket is not shared")
	}
}

// BenchmarkFrameLimit is the check of every frame a connection reads: with
// the keys made once (allowKeys, as conn does) against made per frame
// (allowBoth).
func BenchmarkFrameLimit(b *testing.B) {
	l := newLimiter(time.Now)
	r := Rate{PerSecond: 1e12, Burst: 1 << 30}
	tok, ip := "0f3c9a7be1d24c58a6b0e9d7c3f18a2b4e6d8c0a1b3f5e7d9c2a4b6e8f0d1c3a", "127.0.0.1"
	b.Run("keys-once", func(b *testing.B) {
		sk, ik := sessionKey("frame", tok), ipKey("frame", ip)
		b.ReportAllocs()
		for b.Loop() {
			l.allowKeys(sk, r, ik, r)
		}
	})
	b.Run("keys-per-frame", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			l.allowBoth("frame", tok, r, ip, r)
		}
	})
}
