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
