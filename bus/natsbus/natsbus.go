// Package natsbus is the NATS implementation of [bus.Bus], for gaslamp
// served by several nodes: every node connects to the same NATS server (or
// cluster) with the same subject prefix, and a notice published on one node
// reaches every subscriber on every node, the publishing node included.
//
// Notices travel on core NATS (no JetStream) on one subject, PREFIX.notices,
// as small JSON objects. Delivery is at-most-once, as the bus package says:
// Publish never blocks (a notice that finds the outgoing queue full is
// dropped), a subscriber that falls bus.QueueLen notices behind loses the
// next ones, and notices sent while a node is disconnected from NATS are lost
// for it. A notice is a hint to re-read the store, never the data itself.
//
// Give each deployment sharing a NATS server its own prefix, so that their
// notices never mix.
package natsbus

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"

	"gaslamp/bus"
)

// DefaultPrefix is the subject prefix used when none is given.
const DefaultPrefix = "gaslamp"

// flushTimeout bounds the round trips Subscribe and Close make to the server.
const flushTimeout = 2 * time.Second

// Bus is a bus.Bus on a NATS connection. Create it with Connect.
type Bus struct {
	nc      *nats.Conn
	subject string

	mu     sync.RWMutex // guards closed, and sending on out
	closed bool
	out    chan bus.Notice // notices waiting for the publisher goroutine
	done   chan struct{}   // closed when the publisher goroutine has ended

	subsMu  sync.Mutex
	subs    map[*nats.Subscription]struct{}
	dropped atomic.Int64 // at publication, and by cancelled subscriptions
	invalid atomic.Int64
}

var _ bus.Bus = (*Bus)(nil)

// wire is a notice on the wire.
type wire struct {
	Table   string `json:"t"`
	Version int64  `json:"v"`
	Status  string `json:"s,omitempty"`
	Kind    string `json:"k,omitempty"`
	Node    string `json:"n,omitempty"`
	Seats   uint64 `json:"p,omitempty"`
}

// ValidPrefix reports whether prefix can start a subject: dot-separated
// tokens, none empty, without spaces or the wildcards * and >.
func ValidPrefix(prefix string) error {
	if prefix == "" {
		return errors.New("natsbus: empty subject prefix")
	}
	for _, tok := range strings.Split(prefix, ".") {
		if tok == "" || strings.ContainsAny(tok, " \t\r\n*>") {
			return fmt.Errorf("natsbus: bad subject prefix %q: want dot-separated tokens without spaces, * or >", prefix)
		}
	}
	return nil
}

// Connect connects to the NATS server at url (several URLs of one cluster
// may be given, separated by commas) and returns a Bus on the subject
// prefix+".notices" ("" means DefaultPrefix). The connection is
// re-established for ever when it is lost. opts are applied after the
// package's own (name "gaslamp", reconnection for ever, slow-consumer errors
// counted rather than printed), so they can override them, or add handlers
// that log disconnections.
func Connect(url, prefix string, opts ...nats.Option) (*Bus, error) {
	if prefix == "" {
		prefix = DefaultPrefix
	}
	if err := ValidPrefix(prefix); err != nil {
		return nil, err
	}
	all := append([]nats.Option{
		nats.Name("gaslamp"),
		nats.MaxReconnects(-1),
		nats.ErrorHandler(func(*nats.Conn, *nats.Subscription, error) {}), // drops are counted by Dropped
	}, opts...)
	nc, err := nats.Connect(url, all...)
	if err != nil {
		return nil, fmt.Errorf("natsbus: connect: %w", err)
	}
	b := &Bus{
		nc: nc, subject: prefix + ".notices",
		out: make(chan bus.Notice, bus.QueueLen), done: make(chan struct{}),
		subs: map[*nats.Subscription]struct{}{},
	}
	go b.publisher()
	return b, nil
}

// Subject returns the subject the bus publishes on.
func (b *Bus) Subject() string { return b.subject }

// publisher sends the queued notices, in order, until Close.
func (b *Bus) publisher() {
	defer close(b.done)
	for n := range b.out {
		data, err := json.Marshal(wire(n))
		if err == nil {
			err = b.nc.Publish(b.subject, data)
		}
		if err != nil {
			b.dropped.Add(1)
		}
	}
}

// Publish implements bus.Bus: it queues n for the connection and returns at
// once; when the queue is full, n is dropped.
func (b *Bus) Publish(n bus.Notice) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	if b.closed {
		return
	}
	select {
	case b.out <- n:
	default:
		b.dropped.Add(1)
	}
}

// Subscribe implements bus.Bus. NATS delivers each subscription's messages
// in order from a goroutine of its own. Before returning, Subscribe waits
// (up to a short timeout) until the server has registered the subscription,
// so that it hears every notice published after it returns, from any node.
// After Close, it returns a cancel that does nothing and never calls fn.
func (b *Bus) Subscribe(fn func(bus.Notice)) func() {
	b.mu.RLock()
	closed := b.closed
	b.mu.RUnlock()
	if closed {
		return func() {}
	}
	sub, err := b.nc.Subscribe(b.subject, func(m *nats.Msg) {
		var w wire
		if err := json.Unmarshal(m.Data, &w); err != nil || w.Table == "" {
			b.invalid.Add(1)
			return
		}
		fn(bus.Notice(w))
	})
	if err != nil { // the connection is closed
		return func() {}
	}
	sub.SetPendingLimits(bus.QueueLen, -1)
	b.subsMu.Lock()
	b.subs[sub] = struct{}{}
	b.subsMu.Unlock()
	b.nc.FlushTimeout(flushTimeout)
	var once sync.Once
	return func() {
		once.Do(func() {
			b.subsMu.Lock()
			if d, err := sub.Dropped(); err == nil {
				b.dropped.Add(int64(d))
			}
			delete(b.subs, sub)
			b.subsMu.Unlock()
			sub.Unsubscribe()
		})
	}
}

// Dropped returns the number of notices dropped so far: at publication
// (queue full, or connection unable to take them) and for subscribers that
// fell behind.
func (b *Bus) Dropped() int64 {
	n := b.dropped.Load()
	b.subsMu.Lock()
	defer b.subsMu.Unlock()
	for sub := range b.subs {
		if d, err := sub.Dropped(); err == nil {
			n += int64(d)
		}
	}
	return n
}

// Invalid returns the number of messages received on the subject that were
// not notices (ignored).
func (b *Bus) Invalid() int64 { return b.invalid.Load() }

// Close implements bus.Bus: it sends the notices already queued (waiting
// for them up to a short timeout), then closes the connection, which stops
// every subscription. Publish and Subscribe after Close do nothing.
func (b *Bus) Close() error {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return nil
	}
	b.closed = true
	close(b.out)
	b.mu.Unlock()
	select {
	case <-b.done:
		if b.nc.IsConnected() {
			b.nc.FlushTimeout(flushTimeout)
		}
	case <-time.After(flushTimeout): // the connection is stuck: closing it unblocks the publisher
	}
	b.subsMu.Lock()
	for sub := range b.subs {
		if d, err := sub.Dropped(); err == nil {
			b.dropped.Add(int64(d))
		}
		delete(b.subs, sub)
	}
	b.subsMu.Unlock()
	b.nc.Close()
	return nil
}

// Connected implements bus.Connected: whether the NATS connection is up.
func (b *Bus) Connected() bool { return b.nc.IsConnected() }
