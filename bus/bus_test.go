package bus

import (
	"sync"
	"testing"
	"time"
)

func TestLocalDeliversInOrder(t *testing.T) {
	b := NewLocal()
	defer b.Close()
	var mu sync.Mutex
	var got []int64
	done := make(chan struct{})
	cancel := b.Subscribe(func(n Notice) {
		mu.Lock()
		got = append(got, n.Version)
		if len(got) == 100 {
			close(done)
		}
		mu.Unlock()
	})
	defer cancel()
	for i := int64(1); i <= 100; i++ {
		b.Publish(Notice{Table: "t", Version: i, Kind: "move"})
	}
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("notices not delivered")
	}
	mu.Lock()
	defer mu.Unlock()
	for i, v := range got {
		if v != int64(i+1) {
			t.Fatalf("notice %d has version %d", i, v)
		}
	}
}

func TestLocalCancelAndSlowSubscriber(t *testing.T) {
	b := NewLocal()
	block := make(chan struct{})
	cancel := b.Subscribe(func(Notice) { <-block })
	// The publisher never blocks, even when the subscriber is stuck.
	start := time.Now()
	for i := 0; i < QueueLen*3; i++ {
		b.Publish(Notice{Version: int64(i)})
	}
	if time.Since(start) > 2*time.Second {
		t.Fatal("publish blocked")
	}
	if b.Dropped() == 0 {
		t.Fatal("expected drops for a stuck subscriber")
	}
	close(block)
	cancel()
	cancel() // twice is fine
	b.Close()
	b.Publish(Notice{}) // after close: no subscriber, no panic
	if c := b.Subscribe(func(Notice) {}); c == nil {
		t.Fatal("nil cancel")
	}
}

func TestLocalConcurrent(t *testing.T) {
	b := NewLocal()
	defer b.Close()
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(2)
		go func() {
			defer wg.Done()
			c := b.Subscribe(func(Notice) {})
			time.Sleep(time.Millisecond)
			c()
		}()
		go func() {
			defer wg.Done()
			for j := 0; j < 100; j++ {
				b.Publish(Notice{Version: int64(j)})
			}
		}()
	}
	wg.Wait()
}
