package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Every write goes through one goroutine, in arrival order, several to a
// transaction when they queue up (group commit): the moves of every table,
// and the other writes (sessions, seats, tables' status, results...) as jobs,
// each in a savepoint of its own within the batch's transaction. database/sql
// hands a busy connection to a random waiter, so without this queue a move
// could wait behind many others for seconds under load; with it, the wait is
// first come, first served, and one commit covers a whole batch. Under load
// the writer also never waits for the connection: when other writes held it
// for their own commits (each descheduled now and then on a saturated
// machine), the writer spent half its time waiting for it in BeginTx.

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

// moveReq is one write: the move m, or the job when job is not nil.
type moveReq struct {
	m    Move
	job  func(ctx context.Context, tx *sql.Tx) error
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
// taken fails alone (SQLite rolls back the one statement); a job that fails
// is rolled back to its savepoint and fails alone; a failed commit fails them
// all. An error that may have ended the transaction (anything but a
// constraint's, or a savepoint that cannot be rolled back to) fails the whole
// batch and stops it there: what follows would otherwise run outside a
// transaction, each statement committed on its own.
func (s *sqlStore) writeMoves(batch []moveReq) {
	errs := make([]error, len(batch))
	ctx := context.Background()
	tx, err := s.w.BeginTx(ctx, nil)
	if err == nil {
		var stmt *sql.Stmt
		for i, r := range batch {
			if r.job != nil {
				errs[i], err = runJob(ctx, tx, r.job)
			} else {
				if stmt == nil {
					stmt = tx.StmtContext(ctx, s.appendMove)
				}
				_, e := stmt.ExecContext(ctx, r.m.Table, r.m.Seq, r.m.Seat, string(r.m.Move), ms(r.m.At))
				errs[i] = mapErr(e)
				if e != nil && !isConstraint(e) {
					err = errs[i]
				}
			}
			if err != nil {
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
			errs[i] = mapErr(err)
		}
		r.done <- errs[i]
	}
}

// isConstraint reports whether err is a constraint's (UNIQUE, PRIMARY KEY,
// FOREIGN KEY, CHECK, NOT NULL), which undoes one statement and leaves the
// transaction open.
func isConstraint(err error) bool {
	return strings.Contains(err.Error(), "constraint failed")
}

// runJob runs job in a savepoint of tx: jobErr is the job's own error (its
// writes are then rolled back), txErr an error that leaves the transaction
// unusable.
func runJob(ctx context.Context, tx *sql.Tx, job func(context.Context, *sql.Tx) error) (jobErr, txErr error) {
	if _, err := tx.ExecContext(ctx, `SAVEPOINT job`); err != nil {
		return err, err
	}
	func() {
		defer func() {
			if p := recover(); p != nil {
				jobErr = fmt.Errorf("store: write panicked: %v", p)
			}
		}()
		jobErr = job(ctx, tx)
	}()
	if jobErr != nil {
		if _, err := tx.ExecContext(ctx, `ROLLBACK TO job`); err != nil {
			return jobErr, err
		}
	}
	if _, err := tx.ExecContext(ctx, `RELEASE job`); err != nil {
		return jobErr, err
	}
	return jobErr, nil
}

// write runs job in the writer's next transaction, in a savepoint of its
// own, and returns once that transaction is committed (or the job failed).
// job gets a context that is never cancelled: cancelling a statement would
// interrupt the whole shared transaction (sqlite3_interrupt rolls it back).
// ctx bounds only the wait for a place in the queue, as for AppendMove. job
// must not call the store's writes (it would wait for itself).
func (s *sqlStore) write(ctx context.Context, job func(ctx context.Context, tx *sql.Tx) error) error {
	return s.queue(ctx, moveReq{job: job})
}

// AppendMove queues the move for the writer and waits until it is committed.
// ctx bounds only the wait for a place in the queue: once queued, the move is
// written and its result awaited, so that a caller never believes a move
// lost that was in fact stored.
func (s *sqlStore) AppendMove(ctx context.Context, m Move) error {
	return s.queue(ctx, moveReq{m: m})
}

// queue hands r to the writer and waits for its result.
func (s *sqlStore) queue(ctx context.Context, r moveReq) error {
	s.mw.mu.RLock()
	if s.mw.closed {
		s.mw.mu.RUnlock()
		return errClosed
	}
	r.done = make(chan error, 1)
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
