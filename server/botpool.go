package server

import (
	"log/slog"
	"sync"
	"sync/atomic"
	"time"
)

// botPool runs bot decisions on a bounded number of goroutines, so that bots
// thinking at many tables at once cannot take every core from the players'
// moves and from one another: a decision waits for a free worker, in order.
// A decision that misses its deadline gives its worker up (retire): a new
// worker takes its place at once, and the late one ends when its bot
// returns.
type botPool struct {
	mu     sync.Mutex
	cond   sync.Cond
	queue  []func(*botWorker)
	closed bool
	// secret is the server secret bots' seeds derive from (see botSeed).
	secret []byte

	// Decisions given less than their budget because they waited for a
	// worker (see botDeadline), counted since the last log line about them.
	shortMu     sync.Mutex
	shortCount  int
	shortLogged time.Time
}

// shortLogEvery is how often, at most, the log says that bot decisions were
// shortened.
const shortLogEvery = time.Minute

// botWorker is one goroutine of a botPool.
type botWorker struct {
	retired atomic.Bool
}

func newBotPool(workers int) *botPool {
	p := &botPool{}
	p.cond.L = &p.mu
	for range max(workers, 1) {
		go p.work(&botWorker{})
	}
	return p
}

// submit queues a decision; it never blocks. After close, jobs are dropped.
func (p *botPool) submit(job func(*botWorker)) {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	p.queue = append(p.queue, job)
	p.mu.Unlock()
	p.cond.Signal()
}

func (p *botPool) work(w *botWorker) {
	for {
		p.mu.Lock()
		for len(p.queue) == 0 && !p.closed {
			p.cond.Wait()
		}
		if p.closed {
			p.mu.Unlock()
			return
		}
		job := p.queue[0]
		p.queue[0] = nil
		p.queue = p.queue[1:]
		p.mu.Unlock()
		job(w)
		if w.retired.Load() {
			return
		}
	}
}

// retire replaces worker w, whose bot is late, by a new worker; w ends once
// its bot returns.
func (p *botPool) retire(w *botWorker) {
	if !w.retired.CompareAndSwap(false, true) {
		return
	}
	p.mu.Lock()
	closed := p.closed
	p.mu.Unlock()
	if !closed {
		go p.work(&botWorker{})
	}
}

// noteShort counts a decision that got less than its budget because the pool
// was behind, and says so in log at most once per shortLogEvery, with the
// count since the last time.
func (p *botPool) noteShort(log *slog.Logger) {
	now := time.Now()
	p.shortMu.Lock()
	p.shortCount++
	n := p.shortCount
	due := now.Sub(p.shortLogged) >= shortLogEvery
	if due {
		p.shortCount, p.shortLogged = 0, now
	}
	p.shortMu.Unlock()
	if due {
		log.Warn("bots are thinking less than their levels allow: decisions wait for a worker of the bot pool (more cores, with --bot-workers to use them, would help)",
			"shortened", n, "waiting", p.pending())
	}
}

// pending returns the number of decisions waiting for a worker.
func (p *botPool) pending() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.queue)
}

// close stops the workers once their current decisions end; queued decisions
// are dropped (their tables are stopping).
func (p *botPool) close() {
	p.mu.Lock()
	p.closed = true
	p.queue = nil
	p.mu.Unlock()
	p.cond.Broadcast()
}
