package bus

import (
	"sync"
	"sync/atomic"
)

// Notice is one table notice.
type Notice struct {
	Table   string // table id
	Version int64  // the table's version after the change
	Status  string // the table's status after the change
	Kind    string // "move", "seats", "status", "chat", "presence", "away" (a player of the table said they are away, or back)
	// Node is the id of the node that published the notice ("" for a
	// single node); a node ignores its own notices.
	Node string
	// Seats is, for a "presence" notice, the set of seats (bit i for seat i)
	// whose holders are connected to Node.
	Seats uint64
}

// Bus publishes notices to subscribers.
type Bus interface {
	// Publish sends n to every subscriber without blocking.
	Publish(n Notice)
	// Subscribe calls fn for every notice published after it returns, from one
	// goroutine per subscription, in publication order. cancel stops delivery.
	Subscribe(fn func(Notice)) (cancel func())
	// Close stops every subscription.
	Close() error
}

// Connected is implemented by buses that can lose their connection (NATS):
// Connected reports whether notices reach the other nodes now.
type Connected interface {
	Connected() bool
}

// Local is an in-process Bus. The zero value is not usable; call NewLocal.
type Local struct {
	mu      sync.RWMutex
	subs    map[int]*sub
	next    int
	closed  bool
	dropped atomic.Int64
}

type sub struct {
	ch   chan Notice
	done chan struct{}
	once sync.Once
}

// QueueLen is the number of notices a subscriber may fall behind before the
// next ones are dropped for it.
const QueueLen = 1024

// NewLocal returns an in-process bus.
func NewLocal() *Local { return &Local{subs: map[int]*sub{}} }

// Publish implements Bus.
func (b *Local) Publish(n Notice) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	for _, s := range b.subs {
		select {
		case s.ch <- n:
		default:
			b.dropped.Add(1)
		}
	}
}

// Subscribe implements Bus.
func (b *Local) Subscribe(fn func(Notice)) func() {
	s := &sub{ch: make(chan Notice, QueueLen), done: make(chan struct{})}
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return func() {}
	}
	id := b.next
	b.next++
	b.subs[id] = s
	b.mu.Unlock()
	go func() {
		for {
			select {
			case n := <-s.ch:
				fn(n)
			case <-s.done:
				return
			}
		}
	}()
	return func() {
		b.mu.Lock()
		delete(b.subs, id)
		b.mu.Unlock()
		s.once.Do(func() { close(s.done) })
	}
}

// Dropped returns the number of notices dropped for slow subscribers.
func (b *Local) Dropped() int64 { return b.dropped.Load() }

// Close implements Bus.
func (b *Local) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.closed = true
	for id, s := range b.subs {
		s.once.Do(func() { close(s.done) })
		delete(b.subs, id)
	}
	return nil
}
