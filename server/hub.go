package server

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"time"

	"gaslamp/game"
	"gaslamp/store"
)

// hub holds the tables loaded in memory, each run by its own goroutine.
type hub struct {
	s      *Server
	mu     sync.Mutex
	tables map[string]*table
	wg     sync.WaitGroup
}

func newHub(s *Server) *hub { return &hub{s: s, tables: map[string]*table{}} }

// all returns the tables loaded now.
func (h *hub) all() []*table {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]*table, 0, len(h.tables))
	for _, t := range h.tables {
		out = append(out, t)
	}
	return out
}

func (h *hub) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.tables)
}

// loadAll loads, replaying their moves, the tables that need a node to act
// for them (bots, takeovers: needsNode), or every open and running table
// when idle tables are never unloaded. The others are loaded on demand.
func (h *hub) loadAll(ctx context.Context) error {
	all, err := h.s.store.Tables(ctx, 0, store.StatusOpen, store.StatusRunning)
	if err != nil {
		return fmt.Errorf("server: list tables: %w", err)
	}
	recs := all
	if h.s.cfg.IdleUnload > 0 {
		recs = recs[:0:0]
		for _, rec := range all {
			if needsNode(rec) {
				recs = append(recs, rec)
			}
		}
	}
	var failed []string
	var firstErr error
	for _, rec := range recs {
		if _, err := h.load(ctx, rec); err != nil {
			// A table that cannot be rebuilt stays in the store untouched; the
			// rest of the site runs. One summary line below, not one per table.
			if firstErr == nil {
				firstErr = err
			}
			if len(failed) < 10 {
				failed = append(failed, rec.ID)
			}
			h.s.loadFailed.Add(1)
		}
	}
	if n := h.s.loadFailed.Load(); n > 0 {
		h.s.log.Error("tables not loaded", "failed", n, "of", len(recs), "first_ids", failed, "first_err", firstErr)
	}
	if err := h.s.store.Integrity(); err != nil {
		h.s.log.Error("the database is damaged: restore it from a backup; /readyz reports it", "err", err)
	}
	h.s.log.Info("tables loaded", "count", h.count())
	return nil
}

// loaded returns the table id if it is in memory, else nil.
func (h *hub) loaded(id string) *table {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.tables[id]
}

// get returns the table id, loading it from the store when it is not in
// memory (a finished table, or one created on another node).
func (h *hub) get(ctx context.Context, id string) (*table, error) {
	h.mu.Lock()
	t := h.tables[id]
	if t != nil {
		t.touched.Store(time.Now().UnixNano())
	}
	h.mu.Unlock()
	if t != nil {
		return t, nil
	}
	rec, err := h.s.store.Table(ctx, id)
	if err != nil {
		return nil, err
	}
	return h.load(ctx, rec)
}

// load rebuilds a table from its record and stored moves and starts it.
func (h *hub) load(ctx context.Context, rec store.Table) (*table, error) {
	moves, err := h.s.store.Moves(ctx, rec.ID)
	if err != nil {
		return nil, err
	}
	chat, err := h.s.store.Chat(ctx, rec.ID, chatKept)
	if err != nil {
		return nil, err
	}
	t, err := newTable(h.s, rec)
	if err != nil {
		return nil, err
	}
	if err := t.replay(moves); err != nil {
		return nil, err
	}
	t.chat = chat
	if len(chat) > 0 {
		t.chatSeq = chat[len(chat)-1].Seq
	}
	t.onStop = h.wg.Done // set before the table is published
	h.mu.Lock()
	if old := h.tables[rec.ID]; old != nil {
		h.mu.Unlock()
		return old, nil // loaded meanwhile by another request
	}
	if h.s.closing.Load() {
		h.mu.Unlock()
		return nil, errors.New("server: shutting down")
	}
	h.tables[rec.ID] = t
	h.wg.Add(1)
	h.mu.Unlock()
	t.do(t.start)
	return t, nil
}

// add starts a newly created table.
func (h *hub) add(t *table) {
	t.onStop = h.wg.Done // set before the table is published
	h.mu.Lock()
	h.tables[t.id] = t
	h.wg.Add(1)
	h.mu.Unlock()
	t.do(t.start)
}

// unload removes a finished table nobody watches; it is loaded again on demand.
func (h *hub) unload(t *table) {
	h.mu.Lock()
	if h.tables[t.id] == t {
		delete(h.tables, t.id)
	}
	h.mu.Unlock()
}

// summaries lists the loaded tables with one of the statuses, newest first.
func (h *hub) summaries(statuses ...string) []*tableSummary {
	want := map[string]bool{}
	for _, s := range statuses {
		want[s] = true
	}
	h.mu.Lock()
	out := make([]*tableSummary, 0, len(h.tables))
	for _, t := range h.tables {
		if sum := t.summary.Load(); sum != nil && (len(want) == 0 || want[sum.Status]) {
			out = append(out, sum)
		}
	}
	h.mu.Unlock()
	sort.Slice(out, func(i, j int) bool {
		if !out[i].Created.Equal(out[j].Created) {
			return out[i].Created.After(out[j].Created)
		}
		return out[i].ID < out[j].ID
	})
	return out
}

// stopAll stops every table after the commands it has received.
func (h *hub) stopAll(ctx context.Context) error {
	h.mu.Lock()
	for _, t := range h.tables {
		t.stop()
	}
	h.mu.Unlock()
	done := make(chan struct{})
	go func() { h.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// validSeat reports whether seat is a seat of rules for opts.
func validSeat(infos []game.SeatInfo, seat int) bool { return seat >= 0 && seat < len(infos) }
