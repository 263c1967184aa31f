// Package bustest is the conformance suite of [bus.Bus]: the same tests run
// against every implementation (in-process, NATS), so that the server sees
// one behaviour whatever carries its notices.
//
// An implementation's test calls [Run] with a function that opens a bus on a
// deployment of its own (for NATS, a subject prefix no other test uses):
//
//	func TestConformance(t *testing.T) {
//		bustest.Run(t, func(t *testing.T) bus.Bus { return bus.NewLocal() })
//	}
//
// The suite closes every bus it opens.
package bustest

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"gaslamp/bus"
)

// Run runs every conformance test as a subtest of t; newBus is called once
// per subtest.
func Run(t *testing.T, newBus func(t *testing.T) bus.Bus) {
	tests := []struct {
		name string
		fn   func(t *testing.T, b bus.Bus)
	}{
		{"DeliversInOrder", testDeliversInOrder},
		{"EverySubscriber", testEverySubscriber},
		{"OrderPerPublisher", testOrderPerPublisher},
		{"SlowSubscriber", testSlowSubscriber},
		{"Cancel", testCancel},
		{"Close", testClose},
		{"Concurrent", testConcurrent},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := newBus(t)
			defer b.Close()
			tc.fn(t, b)
		})
	}
}

// wait is how long a notice may take to arrive.
const wait = 10 * time.Second

// recorder collects the notices a subscriber receives.
type recorder struct {
	mu   sync.Mutex
	got  []bus.Notice
	more chan struct{} // signalled at each notice
}

func newRecorder() *recorder { return &recorder{more: make(chan struct{}, 1)} }

func (r *recorder) fn(n bus.Notice) {
	r.mu.Lock()
	r.got = append(r.got, n)
	r.mu.Unlock()
	select {
	case r.more <- struct{}{}:
	default:
	}
}

func (r *recorder) notices() []bus.Notice {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]bus.Notice(nil), r.got...)
}

// waitFor waits until the recorder has received n notices.
func (r *recorder) waitFor(t *testing.T, n int) []bus.Notice {
	t.Helper()
	deadline := time.After(wait)
	for {
		if got := r.notices(); len(got) >= n {
			return got
		}
		select {
		case <-r.more:
		case <-deadline:
			t.Fatalf("%d notices received, want %d", len(r.notices()), n)
		}
	}
}

// waitForTable waits until the recorder has received a notice of table,
// publishing one every 50ms with pub until then (a bus may drop notices).
func (r *recorder) waitForTable(t *testing.T, table string, pub func()) {
	t.Helper()
	deadline := time.Now().Add(wait)
	for time.Now().Before(deadline) {
		pub()
		time.Sleep(50 * time.Millisecond)
		for _, n := range r.notices() {
			if n.Table == table {
				return
			}
		}
	}
	t.Fatalf("no notice of %s received", table)
}

func notice(i int) bus.Notice {
	return bus.Notice{Table: fmt.Sprint("t", i%3), Version: int64(i), Status: "running", Kind: "move"}
}

func testDeliversInOrder(t *testing.T, b bus.Bus) {
	r := newRecorder()
	cancel := b.Subscribe(r.fn)
	defer cancel()
	const n = 200
	for i := 1; i <= n; i++ {
		b.Publish(notice(i))
	}
	got := r.waitFor(t, n)
	if len(got) != n {
		t.Fatalf("%d notices, want %d", len(got), n)
	}
	for i, x := range got {
		if x != notice(i+1) {
			t.Fatalf("notice %d is %+v, want %+v", i, x, notice(i+1))
		}
	}
	// Every field travels, whatever its value.
	odd := bus.Notice{Table: "tàble-ü 1", Version: 1<<62 + 3, Status: "finished", Kind: "presence", Node: "n_é", Seats: 1<<63 | 5}
	b.Publish(odd)
	b.Publish(bus.Notice{Table: "t"})
	if got := r.waitFor(t, n+2); got[n] != odd || got[n+1] != (bus.Notice{Table: "t"}) {
		t.Fatalf("notices %+v", got[n:])
	}
}

func testEverySubscriber(t *testing.T, b bus.Bus) {
	var rs []*recorder
	for range 3 {
		r := newRecorder()
		defer b.Subscribe(r.fn)()
		rs = append(rs, r)
	}
	const n = 50
	for i := 1; i <= n; i++ {
		b.Publish(notice(i))
	}
	for k, r := range rs {
		got := r.waitFor(t, n)
		for i, x := range got {
			if x != notice(i+1) {
				t.Fatalf("subscriber %d: notice %d is %+v", k, i, x)
			}
		}
	}
}

// testOrderPerPublisher publishes from several goroutines at once: each
// one's notices arrive in the order it published them.
func testOrderPerPublisher(t *testing.T, b bus.Bus) {
	r := newRecorder()
	defer b.Subscribe(r.fn)()
	const pubs, n = 4, 100
	var wg sync.WaitGroup
	for p := range pubs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 1; i <= n; i++ {
				b.Publish(bus.Notice{Table: fmt.Sprint("p", p), Version: int64(i), Kind: "move"})
			}
		}()
	}
	wg.Wait()
	got := r.waitFor(t, pubs*n)
	last := map[string]int64{}
	for _, x := range got {
		if x.Version != last[x.Table]+1 {
			t.Fatalf("%s: version %d after %d", x.Table, x.Version, last[x.Table])
		}
		last[x.Table] = x.Version
	}
}

// testSlowSubscriber: a stuck subscriber neither blocks the publisher nor
// the other subscribers.
func testSlowSubscriber(t *testing.T, b bus.Bus) {
	block := make(chan struct{})
	defer close(block)
	stuck := b.Subscribe(func(bus.Notice) { <-block })
	defer stuck()
	r := newRecorder()
	defer b.Subscribe(r.fn)()
	start := time.Now()
	for i := range bus.QueueLen * 3 {
		b.Publish(notice(i))
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("publishing took %v: publish blocked", d)
	}
	r.waitForTable(t, "after", func() { b.Publish(bus.Notice{Table: "after", Version: 1}) })
}

func testCancel(t *testing.T, b bus.Bus) {
	gone, kept := newRecorder(), newRecorder()
	cancel := b.Subscribe(gone.fn)
	defer b.Subscribe(kept.fn)()
	b.Publish(notice(1))
	gone.waitFor(t, 1)
	kept.waitFor(t, 1)
	cancel()
	cancel() // twice is fine
	for i := 2; i <= 20; i++ {
		b.Publish(notice(i))
	}
	kept.waitFor(t, 20)
	time.Sleep(50 * time.Millisecond)
	if got := gone.notices(); len(got) != 1 {
		t.Fatalf("a cancelled subscriber received %d notices", len(got)-1)
	}
}

func testClose(t *testing.T, b bus.Bus) {
	r := newRecorder()
	cancel := b.Subscribe(r.fn)
	b.Publish(notice(1))
	r.waitFor(t, 1)
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	b.Publish(notice(2)) // after Close: dropped, no panic
	c := b.Subscribe(func(bus.Notice) { t.Error("a subscriber of a closed bus was called") })
	if c == nil {
		t.Fatal("nil cancel")
	}
	c()
	cancel() // cancelling after Close is fine
	time.Sleep(50 * time.Millisecond)
	if got := r.notices(); len(got) != 1 {
		t.Fatalf("%d notices after Close", len(got)-1)
	}
	if err := b.Close(); err != nil { // twice is fine
		t.Fatal(err)
	}
}

func testConcurrent(t *testing.T, b bus.Bus) {
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(2)
		go func() {
			defer wg.Done()
			c := b.Subscribe(func(bus.Notice) {})
			time.Sleep(time.Millisecond)
			c()
		}()
		go func() {
			defer wg.Done()
			for j := range 100 {
				b.Publish(notice(j))
			}
		}()
	}
	wg.Wait()
}
