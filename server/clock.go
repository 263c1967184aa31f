package server

import (
	"encoding/json"
	"time"

	"gaslamp/game"
	"gaslamp/store"
)

// Table pace: a live table runs a clock per human seat (a time bank plus an
// increment per move), a turn-based one gives each move a time limit. Time
// is charged from the moment a seat must act to the moment its move is
// stored, on the server's clock (Config.Now), never the client's. Seats that
// act at the same time (Jekyll's gifts) each run their own clock. When a
// seat's time runs out, a bot plays that move for it (OnTimeout "bot").
//
// Nothing but the moves is stored: the banks are recomputed on load from the
// stored moves' times, and the seats to act when a table is loaded start
// their clock then, so a restart (or a node's death) never charges players
// for the time the server was down. The first decision of a game is timed
// from when the game started on the node that holds it. Only the node that
// acts for the table (its lease) plays a timed-out move; a second node
// racing it finds the version taken (the store's (table, seq) is unique).

// Pace is a table's clock, stored as JSON with the table.
type Pace struct {
	// Kind is "live" (a bank per seat) or "turn" (a limit per move).
	Kind string `json:"kind"`
	// BankSeconds and IncrementSeconds: live tables.
	BankSeconds      int `json:"bank_seconds,omitempty"`
	IncrementSeconds int `json:"increment_seconds,omitempty"`
	// MoveSeconds: turn-based tables, the time for each move.
	MoveSeconds int `json:"move_seconds,omitempty"`
	// OnTimeout is what happens when a seat's time runs out: "bot" (a bot
	// plays the move) or "lose" (the seat loses the game, stored like a
	// resignation with the reason "time").
	OnTimeout string `json:"on_timeout"`
	// Away (turn-based tables only): a player who said they are away
	// ("away until", away.go) has their clock paused meanwhile, within
	// AwayDaysPerMonth days per calendar month.
	Away bool `json:"away,omitempty"`
}

var errBadPace = &game.Error{Code: CodeBadMessage, Text: game.T("err.bad-pace")}

// check validates p: live from 1 minute to 3 hours with an increment up to
// 10 minutes; turn-based from 1 hour to 14 days per move.
func (p *Pace) check() *game.Error {
	switch p.Kind {
	case "live":
		if p.BankSeconds < 60 || p.BankSeconds > 3*3600 || p.IncrementSeconds < 0 || p.IncrementSeconds > 600 || p.MoveSeconds != 0 {
			return errBadPace
		}
	case "turn":
		if p.MoveSeconds < 3600 || p.MoveSeconds > 14*86400 || p.BankSeconds != 0 || p.IncrementSeconds != 0 {
			return errBadPace
		}
		if p.Away {
			break
		}
	default:
		return errBadPace
	}
	if p.Away && p.Kind != "turn" {
		return errBadPace
	}
	if p.OnTimeout == "" {
		p.OnTimeout = "bot"
	}
	if p.OnTimeout != "bot" && p.OnTimeout != "lose" {
		return errBadPace
	}
	return nil
}

// parsePace reads a stored pace ("" or a bad value: no clock).
func parsePace(s string) *Pace {
	if s == "" {
		return nil
	}
	var p Pace
	if json.Unmarshal([]byte(s), &p) != nil || p.check() != nil {
		return nil
	}
	return &p
}

// seatClock is one seat's clock.
type seatClock struct {
	bank  time.Duration // live: time left (as of since, when running)
	since time.Time     // when the seat started to act; zero when it need not
}

// clockInfo is one seat's clock as the lobby and the table page see it: the
// time left and, while it runs, the deadline (wall clock, UTC).
type clockInfo struct {
	Seat      int        `json:"seat"`
	LeftMS    int64      `json:"left_ms"`
	Running   bool       `json:"running"`
	Deadline  *time.Time `json:"deadline,omitempty"`
	TimedOut  bool       `json:"timed_out,omitempty"` // a bot plays this move
	MoveLimit bool       `json:"move_limit,omitempty"`
	// AwayUntil: the seat's player is away until then, their clock paused
	// (tables that allow it).
	AwayUntil *time.Time `json:"away_until,omitempty"`
}

// timed says whether seat runs a clock: a human seat of a paced table.
func (t *table) timed(seat game.Seat) bool {
	return t.pace != nil && int(seat) < len(t.rec.Seats) && t.rec.Seats[seat].Kind == store.KindHuman
}

// initClocks gives every seat its starting bank.
func (t *table) initClocks() {
	if t.pace == nil {
		return
	}
	t.clocks = make([]seatClock, len(t.rec.Seats))
	for i := range t.clocks {
		t.clocks[i].bank = time.Duration(t.pace.BankSeconds) * time.Second
	}
}

// clockMove charges seat's move stored at `at` and starts the clocks of the
// seats that must act next. before is who had to act before the move; first
// says it is the game's first move, which consumes no bank (its start is
// not stored, so a reload could not charge it the same way; it still has
// its deadline).
func (t *table) clockMove(seat game.Seat, at time.Time, before, after game.SeatSet, first bool) {
	if t.clocks == nil {
		return
	}
	if t.timed(seat) {
		c := &t.clocks[seat]
		if t.pace.Kind == "live" {
			if !first && !c.since.IsZero() {
				c.bank -= max(at.Sub(c.since), 0)
			}
			c.bank = max(c.bank, 0) + time.Duration(t.pace.IncrementSeconds)*time.Second
		}
		c.since = time.Time{}
	}
	t.timedOut = t.timedOut.Without(seat)
	t.warned = t.warned.Without(seat)
	for i := range t.clocks {
		s := game.Seat(i)
		switch {
		case !after.Has(s) || !t.timed(s):
			t.clocks[i].since = time.Time{}
		case s == seat || !before.Has(s) || t.clocks[i].since.IsZero():
			t.clocks[i].since = at // starts (or starts again) now
			t.warned = t.warned.Without(s)
		}
	}
}

// startClocks starts the clocks of the seats that must act now (the game
// starts, or the table was loaded: downtime is not charged).
func (t *table) startClocks(now time.Time) {
	if t.clocks == nil || t.rec.Status != store.StatusRunning {
		return
	}
	toAct := t.state.ToAct()
	for i := range t.clocks {
		if toAct.Has(game.Seat(i)) && t.timed(game.Seat(i)) {
			t.clocks[i].since = now
		} else {
			t.clocks[i].since = time.Time{}
		}
	}
}

// deadline returns when seat's time runs out, and whether its clock runs.
func (t *table) deadline(seat int) (time.Time, bool) {
	c := t.clocks[seat]
	if c.since.IsZero() {
		return time.Time{}, false
	}
	if t.pace.Kind == "live" {
		return c.since.Add(c.bank), true
	}
	return t.awayDeadline(seat, c.since, c.since.Add(time.Duration(t.pace.MoveSeconds)*time.Second)), true
}

// clockInfos describes every timed seat's clock at now.
func (t *table) clockInfos(now time.Time) []clockInfo {
	if t.clocks == nil {
		return nil
	}
	over := t.outcome().Over
	out := make([]clockInfo, 0, len(t.clocks))
	for i := range t.clocks {
		if !t.timed(game.Seat(i)) {
			continue
		}
		ci := clockInfo{Seat: i, MoveLimit: t.pace.Kind == "turn", TimedOut: t.timedOut.Has(game.Seat(i)), AwayUntil: t.awayUntil(i, now)}
		if d, ok := t.deadline(i); ok && !over {
			ci.Running = true
			ci.LeftMS = max(d.Sub(now), 0).Milliseconds()
			wall := d.UTC().Round(time.Millisecond)
			ci.Deadline = &wall
		} else if ci.TimedOut {
			ci.LeftMS = 0
		} else if t.pace.Kind == "live" {
			ci.LeftMS = t.clocks[i].bank.Milliseconds()
		} else {
			ci.LeftMS = int64(t.pace.MoveSeconds) * 1000
		}
		out = append(out, ci)
	}
	return out
}

// armClock sets the timer for the next deadline of a seat that must act,
// on the node that acts for the table.
func (t *table) armClock() {
	if t.clockTimer != nil {
		t.clockTimer.Stop()
		t.clockTimer = nil
	}
	if t.clocks == nil || t.stopped || t.rec.Status != store.StatusRunning || !t.acts() || t.outcome().Over {
		return
	}
	t.loadAway()
	now := t.s.now()
	var next time.Duration
	due := false
	for i := range t.clocks {
		d, ok := t.deadline(i)
		if !ok || t.timedOut.Has(game.Seat(i)) {
			continue
		}
		if left := d.Sub(now); left <= 0 {
			due = true
		} else if next == 0 || left < next {
			next = left
		}
		// A turn-based move is due soon: its player, away from the table,
		// is told once, when a quarter of the move's time is left.
		if t.pace.Kind == "turn" && !t.warned.Has(game.Seat(i)) {
			lead := time.Duration(t.pace.MoveSeconds) * time.Second / 4
			if w := d.Add(-lead).Sub(now); w <= 0 {
				t.warned = t.warned.With(game.Seat(i))
				t.notifyTimeShort(game.Seat(i))
			} else if next == 0 || w < next {
				next = w
			}
		}
	}
	if due {
		t.clockCheck()
		return
	}
	if next > 0 {
		t.clockTimer = time.AfterFunc(next, func() { t.do(t.clockCheck) })
	}
}

// clockCheck hands every seat whose time ran out to a bot for this move.
func (t *table) clockCheck() {
	if t.clocks == nil || t.stopped || !t.acts() {
		return
	}
	t.loadAway() // a player may have said they are away, on any node
	now := t.s.now()
	changed := false
	for i := range t.clocks {
		s := game.Seat(i)
		if d, ok := t.deadline(i); ok && !d.After(now) && !t.timedOut.Has(s) {
			if t.pace.OnTimeout == "lose" {
				// The clock the game ends with reads 0:00, out of time (it
				// kept the bank it had at the move's start).
				t.timedOut = t.timedOut.With(s)
				t.clocks[i].bank = 0
				t.s.metrics.clockTimeouts.Add(1)
				t.s.log.Info("time ran out; the seat loses", "table", t.id, "seat", i)
				if err := t.giveUp(store.Resignation{Seat: i, Version: t.version, Reason: "time"}); err != nil {
					t.s.log.Warn("loss on time not stored", "table", t.id, "seat", i, "err", err)
				}
				return
			}
			t.timedOut = t.timedOut.With(s)
			if t.pace.Kind == "live" {
				t.clocks[i].bank = 0
				t.clocks[i].since = now
			}
			changed = true
			t.s.metrics.clockTimeouts.Add(1)
			t.s.log.Info("time ran out; a bot plays the move", "table", t.id, "seat", i)
		}
	}
	if changed {
		t.refreshSummary()
		t.broadcastPresence()
		t.broadcastClocks()
		t.scheduleBots()
	}
	t.armClock()
}
