package bus

import (
	"testing"
)

// The behaviour every Bus must have is tested by the shared suite (bustest,
// run for Local in conformance_test.go); this file keeps what is Local's own.

func TestLocalCountsDrops(t *testing.T) {
	b := NewLocal()
	defer b.Close()
	block := make(chan struct{})
	defer close(block)
	defer b.Subscribe(func(Notice) { <-block })()
	for i := 0; i < QueueLen*3; i++ {
		b.Publish(Notice{Version: int64(i)})
	}
	if d := b.Dropped(); d < QueueLen {
		t.Fatalf("%d dropped for a stuck subscriber, want at least %d", d, QueueLen)
	}
}
