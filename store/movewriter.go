package store

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// The moves of every table are written by one goroutine, in arrival order,
// several to a transaction when they queue up (group commit). database/sql
// hands a busy connection to a random waiter, so without this queue a move
// could wait behind many others for seconds under load; with it, the wait is
// first come, first served, and one commit covers a whole batch.

// maxBatch is the most moves written in one transaction.
const maxBatch = 256

// commitDelay is how long the writer waits for more moves before it commits a
// batch, when the previous batch held more than one move (moves are arriving
// together: several tables are playing at once). A commit costs more than
// the inserts of several moves, so under load a short wait stores more moves
// for less; a lone move (a quiet server) is committed at once. PostgreSQL's
// commit_delay and commit_siblings follow the same idea.
const commitDelay = time.Millisecond

// lingerBelow: the writer waits commitDelay for more moves only when fewer
// than this many were queued. A longer queue is written at once: on a
// saturated machine the timer's wake-up waits behind every runnable
// goroutine, and the moves that arrive meanwhile make the next batch.
const lingerBelow = 32

type moveReq struct {
	m    Move
	done chan error
}

type moveWriter struct {
	mu      sync.RWMutex
	closed  bool
	ch      chan moveReq
	wg      sync.WaitGroup
	delay   time.Duration // commitDelay; tests may change it before the writer starts
	commits atomic.Int64  // transactions written, for tests
}

var errClosed = errors.New("store: closed")

func (s *sqlStore) startMoveWriter() {
	s.mw.ch = make(chan moveReq, 4096)
	if s.mw.delay == 0 {
		s.mw.delay = commitDelay
	}
	s.mw.wg.Add(1)
	go func() {
		defer s.mw.wg.Done()
		batch := make([]moveReq, 0, maxBatch)
		wait := time.NewTimer(time.Hour)
		wait.Stop()
		busy := false // the last batch held several moves
		for first := range s.mw.ch {
			batch = append(batch[:0], first)
			open := true
		drain:
			for open && len(batch) < maxBatch {
				select {
				case r, ok := <-s.mw.ch:
					if !ok {
						open = false
						break drain
					}
					batch = append(batch, r)
				default:
					break drain
				}
			}
			if open && busy && len(batch) < lingerBelow && s.mw.delay > 0 {
				wait.Reset(s.mw.delay)
			linger:
				for len(batch) < maxBatch {
					select {
					case r, ok := <-s.mw.ch:
						if !ok {
							break linger
						}
						batch = append(batch, r)
					case <-wait.C:
						break linger
					}
				}
				wait.Stop()
			}
			busy = len(batch) > 1
			s.writeMoves(batch)
		}
	}()
}

// writeMoves stores a batch in one transaction. A move whose (table, seq) is
// taken fails alone (SQLite rolls back the one statement); a failed commit
// fails them all. Any other error (a full disk, an I/O error) may have rolled
// the whole transaction back already, and the moves after it would then each
// be committed on their own while reported failed: such an error stops the
// batch, which is rolled back and fails as a whole, as SQLite advises.
func (s *sqlStore) writeMoves(batch []moveReq) {
	errs := make([]error, len(batch))
	ctx := context.Background()
	tx, err := s.w.BeginTx(ctx, nil)
	if err == nil {
		stmt := tx.StmtContext(ctx, s.appendMove)
		for i, r := range batch {
			_, e := stmt.ExecContext(ctx, r.m.Table, r.m.Seq, r.m.Seat, string(r.m.Move), ms(r.m.At))
			errs[i] = mapErr(e)
			if e != nil && !isConstraint(e) {
				err = errs[i]
				break
			}
		}
		if err == nil {
			err = tx.Commit()
		} else {
			tx.Rollback()
		}
		s.mw.commits.Add(1)
	}
	for i, r := range batch {
		if err != nil {
			errs[i] = err
		}
		r.done <- errs[i]
	}
}

// isConstraint reports whether err is SQLite's SQLITE_CONSTRAINT (UNIQUE,
// PRIMARY KEY, FOREIGN KEY, NOT NULL, with their extended codes), which undoes
// one statement and leaves the transaction open.
func isConstraint(err error) bool {
	var se *sqlite.Error
	return errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_CONSTRAINT
}

// AppendMove queues the move for the writer and waits until it is committed.
// ctx bounds only the wait for a place in the queue: once queued, the move is
// written and its result awaited, so that a caller never believes a move
// lost that was in fact stored.
func (s *sqlStore) AppendMove(ctx context.Context, m Move) error {
	s.mw.mu.RLock()
	if s.mw.closed {
		s.mw.mu.RUnlock()
		return errClosed
	}
	r := moveReq{m: m, done: make(chan error, 1)}
	select {
	case s.mw.ch <- r:
	case <-ctx.Done():
		s.mw.mu.RUnlock()
		return ctx.Err()
	}
	s.mw.mu.RUnlock()
	return <-r.done
}

// stopMoveWriter lets the writer finish the queued moves and waits for it.
func (s *sqlStore) stopMoveWriter() {
	s.mw.mu.Lock()
	if !s.mw.closed {
		s.mw.closed = true
		close(s.mw.ch)
	}
	s.mw.mu.Unlock()
	s.mw.wg.Wait()
}
