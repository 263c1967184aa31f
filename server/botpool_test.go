package server

import (
	"gaslamp/internal/testscale"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestBotPoolBoundsConcurrency checks that no more decisions run at once than
// the pool has workers, and that they start in the order they were queued.
func TestBotPoolBoundsConcurrency(t *testing.T) {
	p := newBotPool(2)
	defer p.close()
	var running, most atomic.Int32
	var mu sync.Mutex
	var order []int
	var wg sync.WaitGroup
	for i := range 10 {
		wg.Add(1)
		p.submit(func(*botWorker) {
			defer wg.Done()
			mu.Lock()
			order = append(order, i)
			mu.Unlock()
			n := running.Add(1)
			for {
				m := most.Load()
				if n <= m || most.CompareAndSwap(m, n) {
					break
				}
			}
			time.Sleep(5 * time.Millisecond)
			running.Add(-1)
		})
	}
	wg.Wait()
	if m := most.Load(); m > 2 || m < 1 {
		t.Fatalf("%d decisions ran at once with 2 workers", m)
	}
	// Two workers take jobs in queue order; each start is at most one place
	// away from its rank.
	for rank, i := range order {
		if i < rank-1 || i > rank+1 {
			t.Fatalf("start order %v", order)
		}
	}
}

// TestBotPoolRetireReplacesWorker checks that a worker stuck in a late bot no
// longer holds the queue up.
func TestBotPoolRetireReplacesWorker(t *testing.T) {
	p := newBotPool(1)
	defer p.close()
	release := make(chan struct{})
	stuck := make(chan *botWorker, 1)
	p.submit(func(w *botWorker) {
		stuck <- w
		<-release
	})
	w := <-stuck
	done := make(chan struct{})
	p.submit(func(*botWorker) { close(done) })
	select {
	case <-done:
		t.Fatal("a second decision ran beside the only worker's")
	case <-time.After(50 * time.Millisecond):
	}
	p.retire(w)
	p.retire(w) // once only
	select {
	case <-done:
	case <-time.After(testscale.Timeout(20 * time.Second)):
		t.Fatal("the queue waited for the late bot")
	}
	close(release)
}

// TestBotPoolClosedDropsJobs checks that a closed pool runs nothing more.
func TestBotPoolClosedDropsJobs(t *testing.T) {
	p := newBotPool(1)
	p.close()
	ran := make(chan struct{}, 1)
	p.submit(func(*botWorker) { ran <- struct{}{} })
	select {
	case <-ran:
		t.Fatal("a closed pool ran a job")
	case <-time.After(50 * time.Millisecond):
	}
	if p.pending() != 0 {
		t.Fatalf("%d jobs queued in a closed pool", p.pending())
	}
}
