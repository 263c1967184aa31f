package server

import (
	"fmt"
	"sync/atomic"
	"time"

	"gaslamp/game"
	"gaslamp/store"
)

// botSeat is the bot of one seat: a bot seat's own, or the stand-in for an
// absent player.
type botSeat struct {
	bot    game.Bot
	name   string
	budget time.Duration // thinking time per decision, from when it is asked
	busy   bool          // a decision is being computed
}

// botControlled reports whether a bot plays seat now.
func (t *table) botControlled(seat game.Seat) bool {
	return t.rec.Seats[seat].Kind == store.KindBot || t.takenOver.Has(seat) || t.timedOut.Has(seat)
}

// botFor returns (making it when needed) the bot for seat. A seat with no
// bot name plays its level's pick (game.PickLevel for the seat's side); so
// does a human's seat taken over, at level normal, unless the server names a
// takeover bot.
func (t *table) botFor(seat game.Seat) *botSeat {
	st := t.rec.Seats[seat]
	name, level := st.Bot, st.Level
	budget := t.s.cfg.BotBudget
	if st.Kind == store.KindHuman {
		name, level = t.s.cfg.TakeoverBot, game.LevelNormal
	}
	if name == "" {
		p := game.PickLevel(t.rules.ID(), t.infos[seat].Side, level)
		name, level, budget = p.Bot, p.Level, min(budget, p.Budget)
	}
	b := t.bots[seat]
	if b != nil && b.name == name && b.bot != nil && t.tutorial == nil {
		return b
	}
	if b == nil {
		b = &botSeat{}
		t.bots[seat] = b
	}
	b.name, b.budget = name, budget
	if _, mv, ok := t.scripted(); ok {
		// A tutorial: the step's move, made again each step (a player's
		// seat left to a bot follows the script too).
		b.bot = scriptBot{mv}
		return b
	}
	cfg := game.BotConfig{Rules: t.rules, Seat: seat, Seed: botSeed(t.s.bots.secret, t.id, int(seat), int64(t.version)),
		Budget: budget, Level: level}
	bot, err := game.NewBot(name, cfg)
	if err != nil {
		t.s.log.Warn("bot unavailable, playing at random", "table", t.id, "seat", int(seat), "bot", name, "err", err)
		r := game.NewRand(cfg.Seed)
		bot = randomBot{&r}
	}
	b.bot = bot
	return b
}

// randomBot plays a uniformly random legal move; it stands in when no bot of
// the wanted name is registered, and when a bot misses its deadline.
type randomBot struct{ rng *game.Rand }

func (r randomBot) Choose(_ game.View, legal []game.Move) game.Move {
	return legal[r.rng.IntN(len(legal))]
}

// scheduleBots starts a decision for every bot-played seat that must act. The
// bot runs on a worker of the server's bot pool with the seat's view and legal
// moves only, never the state; its answer comes back through do and is played
// only if the table has not moved on meanwhile.
func (t *table) scheduleBots() {
	if t.stopped || t.rec.Status != store.StatusRunning || !t.acts() {
		return
	}
	toAct := t.state.ToAct()
	for _, seat := range toAct.Seats() {
		if !t.botControlled(seat) || t.waitsForScript(seat) {
			continue
		}
		b := t.botFor(seat)
		if b.busy {
			continue
		}
		b.busy = true
		view := t.state.View(seat)
		legal := t.state.Legal(seat, nil)
		if len(legal) == 0 {
			b.busy = false
			continue
		}
		bot, budget, version, asked := b.bot, b.budget, t.version, time.Now()
		t.s.bots.submit(func(w *botWorker) { t.think(w, seat, b, bot, view, legal, version, asked, budget) })
	}
}

// botLeast is the share of its budget a decision is always given, however
// long it waited for a worker of the bot pool.
const botLeast = 20

// botDeadline returns when a decision asked at asked and started at start,
// with budget to think, must end: budget after it was asked, so that the
// time it waited for a worker counts, but no sooner than a twentieth of the
// budget after it started. A server whose bot pool is behind thus gets
// quicker, weaker decisions instead of waits that grow with the queue.
// short reports that the wait took more than a twentieth of the budget.
func botDeadline(asked, start time.Time, budget time.Duration) (deadline time.Time, short bool) {
	if budget <= 0 {
		return time.Time{}, false // no time limit: the bot's own caps
	}
	deadline = asked.Add(budget)
	if least := start.Add(budget / botLeast); deadline.Before(least) {
		deadline = least
	}
	return deadline, start.Sub(asked) > budget/botLeast
}

// think runs one bot decision on pool worker w within what is left of its
// budget (see botDeadline) and the server's budget with a quarter of grace;
// past that, a random legal move is played, the late bot is dropped and the
// worker is replaced, so that a stuck bot holds no other decision up.
func (t *table) think(w *botWorker, seat game.Seat, b *botSeat, bot game.Bot, view game.View, legal []game.Move, version int64, asked time.Time, budget time.Duration) {
	start := time.Now()
	until, short := botDeadline(asked, start, budget)
	t.s.metrics.botWait.observe(start.Sub(asked))
	if _, timed := bot.(game.TimedBot); short && timed { // a bot that answers at once loses nothing
		t.s.metrics.botShort.Add(1)
		t.s.bots.noteShort(t.s.log)
	}
	var state atomic.Int32 // 0 thinking, 1 answered, 2 replaced by a random move
	deadline := t.s.cfg.BotBudget + t.s.cfg.BotBudget/4
	timer := time.AfterFunc(deadline, func() {
		if !state.CompareAndSwap(0, 2) {
			return
		}
		t.s.bots.retire(w)
		t.s.metrics.botTimeouts.Add(1)
		t.s.log.Warn("bot missed its deadline; random move played", "table", t.id, "seat", int(seat), "budget", t.s.cfg.BotBudget)
		t.botAnswer(seat, b, bot, randomMove(legal, version), version, asked, true)
	})
	mv, ok := t.choose(seat, bot, view, legal, until)
	timer.Stop()
	if !ok {
		mv = randomMove(legal, version)
	}
	if state.CompareAndSwap(0, 1) {
		t.botAnswer(seat, b, bot, mv, version, asked, !ok)
	}
}

// choose asks the bot for a move found by deadline; ok is false when it
// panicked.
func (t *table) choose(seat game.Seat, bot game.Bot, view game.View, legal []game.Move, deadline time.Time) (mv game.Move, ok bool) {
	defer func() {
		if p := recover(); p != nil {
			t.s.log.Error("bot panicked", "table", t.id, "seat", int(seat), "panic", fmt.Sprint(p))
			ok = false
		}
	}()
	return game.ChooseBy(bot, view, legal, deadline), true
}

// randomMove picks one of legal.
func randomMove(legal []game.Move, version int64) game.Move {
	r := game.NewRand(randomSeed() ^ uint64(version))
	return legal[r.IntN(len(legal))]
}

// botAnswer hands a bot's move to the table, no sooner than BotDelay after it
// was asked for. A late bot (one that missed its deadline or panicked) is
// not asked again.
func (t *table) botAnswer(seat game.Seat, b *botSeat, bot game.Bot, mv game.Move, version int64, asked time.Time, late bool) {
	apply := func() {
		t.do(func() {
			b.busy = false
			if late && b.bot == bot {
				b.bot = nil // it may still be thinking: never call it again concurrently
			}
			if t.stopped || t.version != version || t.rec.Status != store.StatusRunning || !t.acts() || !t.botControlled(seat) || !t.state.ToAct().Has(seat) {
				t.scheduleBots()
				return
			}
			if err := t.play(seat, mv); err != nil {
				if err == errCaughtUp {
					return // another node played this version; play has rescheduled
				}
				if err == errNotStored {
					// The store refuses writes: not the bot's fault. Try
					// again after the server's backoff, not at once.
					time.AfterFunc(t.retryAfter, func() { t.do(t.scheduleBots) })
					return
				}
				t.s.log.Error("bot move refused", "table", t.id, "seat", int(seat), "bot", b.name, "code", string(game.CodeOf(err)))
				if !late {
					b.bot = nil
				}
				t.scheduleBots()
				return
			}
			t.s.metrics.move(0, true, t.s.now())
		})
	}
	if wait := t.s.cfg.BotDelay - time.Since(asked); wait > 0 {
		time.AfterFunc(wait, apply)
		return
	}
	apply()
}

// checkTakeover gives the seats of players absent past the table's limit to a
// bot (a casual table: the bot finishes the game for them), or makes the
// first of them lose (a rated table), and arms a timer for the next one due.
func (t *table) checkTakeover() {
	if t.timer != nil {
		t.timer.Stop()
		t.timer = nil
	}
	limit := time.Duration(t.rec.Takeover) * time.Second
	if limit <= 0 || t.stopped || t.rec.Status != store.StatusRunning || !t.acts() {
		return
	}
	now := t.s.now()
	var next time.Duration
	changed := false
	for seat, since := range t.away {
		if t.takenOver.Has(seat) {
			continue
		}
		if due := since.Add(limit).Sub(now); due <= 0 {
			if t.rec.Rated {
				// A rated game is not finished by a bot for someone who
				// left: they lose it, as a resignation (reason
				// "abandoned") that is rated once like any other.
				t.s.log.Info("absent past the takeover limit of a rated table; the seat loses", "table", t.id, "seat", int(seat))
				if err := t.giveUp(store.Resignation{Seat: int(seat), Version: t.version, Reason: reasonAbandoned}); err != nil {
					t.s.log.Warn("loss by absence not stored", "table", t.id, "seat", int(seat), "err", err)
				}
				return
			}
			t.takenOver = t.takenOver.With(seat)
			changed = true
			t.s.log.Info("takeover", "table", t.id, "seat", int(seat))
		} else if next == 0 || due < next {
			next = due
		}
	}
	if next > 0 {
		t.timer = time.AfterFunc(next, func() { t.do(t.checkTakeover) })
	}
	if changed {
		t.refreshSummary()
		t.broadcastPresence()
		t.scheduleBots()
	}
}
