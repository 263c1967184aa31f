package server

import (
	"sync/atomic"
	"testing"
	"time"

	"gaslamp/game"
	"gaslamp/internal/testscale"
	"gaslamp/server/internal/testgame"
)

// TestBotDeadlineCountsTheQueue: a decision's time runs from when it was
// asked, so the wait for a worker of the bot pool comes out of its budget,
// but it always gets a twentieth of the budget once it starts.
func TestBotDeadlineCountsTheQueue(t *testing.T) {
	asked := time.Date(2026, 12, 7, 6, 0, 0, 0, time.UTC)
	budget := 2 * time.Second
	cases := []struct {
		wait  time.Duration
		think time.Duration // from the start to the deadline
		short bool
	}{
		{0, 2 * time.Second, false},
		{100 * time.Millisecond, 1900 * time.Millisecond, false}, // a twentieth: not counted
		{500 * time.Millisecond, 1500 * time.Millisecond, true},
		{1900 * time.Millisecond, 100 * time.Millisecond, true}, // exactly the least
		{1950 * time.Millisecond, 100 * time.Millisecond, true},
		{time.Minute, 100 * time.Millisecond, true},
	}
	for _, c := range cases {
		start := asked.Add(c.wait)
		d, short := botDeadline(asked, start, budget)
		if got := d.Sub(start); got != c.think || short != c.short {
			t.Errorf("waited %v: %v to think (short %v), want %v (short %v)", c.wait, got, short, c.think, c.short)
		}
	}
	if d, short := botDeadline(asked, asked.Add(time.Second), 0); !d.IsZero() || short {
		t.Errorf("no budget: deadline %v short %v, want none", d, short)
	}
}

// gateBot holds its decision until gate is closed, after saying it started.
type gateBot struct {
	started chan struct{}
	gate    chan struct{}
}

func (g *gateBot) Choose(_ game.View, legal []game.Move) game.Move {
	g.started <- struct{}{}
	<-g.gate
	return legal[0]
}

// deadlineBot records the deadline its decision was given.
type deadlineBot struct {
	got chan time.Time
}

func (d *deadlineBot) Choose(_ game.View, legal []game.Move) game.Move {
	d.got <- time.Time{}
	return legal[0]
}

func (d *deadlineBot) ChooseBy(_ game.View, legal []game.Move, deadline time.Time) game.Move {
	d.got <- deadline
	return legal[0]
}

// The bots of the running TestQueuedBotGetsWhatIsLeft.
var (
	theGate     atomic.Pointer[gateBot]
	theDeadline atomic.Pointer[deadlineBot]
)

func init() {
	game.RegisterBot(testgame.ID, "gate", func(game.BotConfig) (game.Bot, error) { return theGate.Load(), nil })
	game.RegisterBot(testgame.ID, "deadline", func(game.BotConfig) (game.Bot, error) { return theDeadline.Load(), nil })
}

// TestQueuedBotGetsWhatIsLeft: with one worker busy at another table, a bot
// decision waits in the pool's queue, and when its turn comes its deadline
// is its budget after it was asked, not after it started; the wait is in
// the metrics. (Its wait is short against a budget of a minute, so it is
// not counted as shortened: TestBotDeadlineCountsTheQueue checks that.)
func TestQueuedBotGetsWhatIsLeft(t *testing.T) {
	const budget = time.Minute // the server's: no deadline fires in this test
	gate := &gateBot{started: make(chan struct{}, 1), gate: make(chan struct{})}
	timedBot := &deadlineBot{got: make(chan time.Time, 4)}
	theGate.Store(gate)
	theDeadline.Store(timedBot)
	e := newEnv(t, func(c *Config) { c.BotWorkers = 1; c.BotBudget = budget; c.BotDelay = 0 })
	table := func(name, bot string) *client {
		p := e.guest(name)
		var c created
		if code := p.do("POST", "/api/tables", map[string]any{"game": testgame.ID, "options": map[string]string{"length": "6"},
			"seats": []map[string]string{{"kind": "human"}, {"kind": "bot", "bot": bot}}}, &c); code != 201 {
			t.Fatalf("create %d", code)
		}
		p.sit(c.ID, 0)
		ws := e.dial(p, c.ID)
		ws.hello(-1)
		ws.next("state")
		return ws
	}
	held := table("Alice", "gate")
	timed := table("Bob", "deadline")

	held.move(0, 0, `{"kind":"pick","n":1}`)
	held.update(1)
	<-gate.started // the only worker is taken
	timed.move(0, 0, `{"kind":"pick","n":1}`)
	timed.update(1)
	limit := time.Now().Add(testscale.Timeout(10 * time.Second))
	for e.srv.bots.pending() != 1 {
		if time.Now().After(limit) {
			t.Fatalf("the second decision was never queued (%d waiting)", e.srv.bots.pending())
		}
		time.Sleep(time.Millisecond)
	}
	queued := time.Now() // after the decision was asked
	close(gate.gate)
	deadline := <-timedBot.got
	called := time.Now()
	timed.update(2)
	held.update(2)

	if deadline.IsZero() {
		t.Fatal("the bot was given no deadline")
	}
	if deadline.After(queued.Add(budget)) {
		t.Fatalf("deadline %v after the budget counted from the queue (%v): the wait was not counted", deadline, queued.Add(budget))
	}
	if !deadline.After(called) {
		t.Fatalf("deadline %v already past when the bot was asked (%v)", deadline, called)
	}
	e.srv.metrics.botWait.mu.Lock()
	waits := e.srv.metrics.botWait.n
	e.srv.metrics.botWait.mu.Unlock()
	if n := waits; n != 2 {
		t.Fatalf("%d bot waits observed, want 2", n)
	}
}
