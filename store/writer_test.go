package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

// batchReqs builds requests for writeMoves with their result channels.
func batchReqs(reqs ...moveReq) []moveReq {
	for i := range reqs {
		reqs[i].done = make(chan error, 1)
	}
	return reqs
}

func setting(t *testing.T, s *sqlStore, name string) (string, bool) {
	t.Helper()
	var v string
	err := s.r.QueryRowContext(context.Background(), `SELECT value FROM settings WHERE name = ?`, name).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false
	}
	if err != nil {
		t.Fatal(err)
	}
	return v, true
}

func setJob(name string, fail error) func(context.Context, *sql.Tx) error {
	return func(ctx context.Context, tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO settings (name, value) VALUES (?, 'x')`, name); err != nil {
			return err
		}
		return fail
	}
}

// TestWriterJobsFailAlone writes one batch that mixes moves and other writes:
// a job that fails (or panics) is undone alone, a move whose sequence number
// is taken fails alone, and everything else in the batch is committed.
func TestWriterJobsFailAlone(t *testing.T) {
	s := open(t, t.TempDir()).(*sqlStore)
	defer s.Close()
	newTable(t, s, "t1")
	refused := errors.New("refused")
	at := time.Now()
	batch := batchReqs(
		moveReq{m: Move{Table: "t1", Seq: 1, Move: []byte(`{}`), At: at}},
		moveReq{job: setJob("kept-1", nil)},
		moveReq{job: setJob("undone", refused)},
		moveReq{m: Move{Table: "t1", Seq: 1, Move: []byte(`{"again":1}`), At: at}},
		moveReq{job: func(ctx context.Context, tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, `INSERT INTO settings (name, value) VALUES ('panicked', 'x')`); err != nil {
				return err
			}
			panic("a bug")
		}},
		moveReq{m: Move{Table: "t1", Seq: 2, Move: []byte(`{}`), At: at}},
		moveReq{job: setJob("kept-2", nil)},
	)
	before := s.mw.commits.Load()
	s.writeMoves(batch)
	if n := s.mw.commits.Load() - before; n != 1 {
		t.Fatalf("%d transactions for one batch", n)
	}
	errs := make([]error, len(batch))
	for i, r := range batch {
		errs[i] = <-r.done
	}
	if errs[0] != nil || errs[1] != nil || errs[5] != nil || errs[6] != nil {
		t.Fatalf("writes that should pass: %v", errs)
	}
	if !errors.Is(errs[2], refused) {
		t.Errorf("the failing job got %v", errs[2])
	}
	if !errors.Is(errs[3], ErrConflict) {
		t.Errorf("the taken sequence number got %v", errs[3])
	}
	if errs[4] == nil {
		t.Errorf("the panicking job got no error")
	}
	for name, want := range map[string]bool{"kept-1": true, "kept-2": true, "undone": false, "panicked": false} {
		if _, ok := setting(t, s, name); ok != want {
			t.Errorf("setting %s stored: %v, want %v", name, ok, want)
		}
	}
	ms, err := s.Moves(context.Background(), "t1")
	if err != nil || len(ms) != 2 || string(ms[0].Move) != `{}` {
		t.Fatalf("moves %v, %v", ms, err)
	}
}

// TestWriterBatchFailsWhenTransactionEnds checks that a write that ends the
// batch's transaction (here a job that rolls it back, as SQLite does itself
// on a full disk or an I/O error) fails the whole batch and stops it: the
// writes before it are not stored and reported failed, and those after it are
// not run outside a transaction.
func TestWriterBatchFailsWhenTransactionEnds(t *testing.T) {
	s := open(t, t.TempDir()).(*sqlStore)
	defer s.Close()
	newTable(t, s, "t1")
	at := time.Now()
	for _, endsIt := range []func(context.Context, *sql.Tx) error{
		func(ctx context.Context, tx *sql.Tx) error { // fails and cannot roll back to its savepoint
			tx.ExecContext(ctx, `ROLLBACK`)
			return errors.New("disk full")
		},
		func(ctx context.Context, tx *sql.Tx) error { // says it passed but cannot be released
			_, err := tx.ExecContext(ctx, `ROLLBACK`)
			return err
		},
	} {
		batch := batchReqs(
			moveReq{m: Move{Table: "t1", Seq: 1, Move: []byte(`{}`), At: at}},
			moveReq{job: setJob("before", nil)},
			moveReq{job: endsIt},
			moveReq{job: setJob("after", nil)},
			moveReq{m: Move{Table: "t1", Seq: 2, Move: []byte(`{}`), At: at}},
		)
		s.writeMoves(batch)
		for i, r := range batch {
			if err := <-r.done; err == nil {
				t.Errorf("write %d of a lost transaction reported stored", i)
			}
		}
		for _, name := range []string{"before", "after"} {
			if _, ok := setting(t, s, name); ok {
				t.Errorf("setting %s stored", name)
			}
		}
		if ms, err := s.Moves(context.Background(), "t1"); err != nil || len(ms) != 0 {
			t.Fatalf("moves %v, %v", ms, err)
		}
	}
	// The writer goes on with the next batch.
	if err := s.AppendMove(context.Background(), Move{Table: "t1", Seq: 1, Move: []byte(`{}`), At: at}); err != nil {
		t.Fatal(err)
	}
}

// TestOtherWritesShareCommits checks that the store's other writes go through
// the writer too: arriving together with moves, they share its transactions
// (so the writer never waits for the connection behind them).
func TestOtherWritesShareCommits(t *testing.T) {
	ctx := context.Background()
	s := open(t, t.TempDir()).(*sqlStore)
	defer s.Close()
	const tables, rounds = 20, 10
	for i := 0; i < tables; i++ {
		newTable(t, s, fmt.Sprint("t", i))
	}
	before := s.mw.commits.Load()
	var wg sync.WaitGroup
	errs := make(chan error, 2*tables)
	for i := 0; i < tables; i++ {
		id := fmt.Sprint("t", i)
		wg.Add(2)
		go func() {
			defer wg.Done()
			for q := int64(1); q <= rounds; q++ {
				if err := s.AppendMove(ctx, Move{Table: id, Seq: q, Move: []byte(`{}`), At: time.Now()}); err != nil {
					errs <- err
					return
				}
			}
		}()
		go func() {
			defer wg.Done()
			for r := 0; r < rounds; r++ {
				if err := s.SetStatus(ctx, id, fmt.Sprint("s", r)); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if n := s.mw.commits.Load() - before; n >= 2*tables*rounds/2 {
		t.Errorf("%d writes from %d goroutines at once took %d transactions", 2*tables*rounds, 2*tables, n)
	}
	for i := 0; i < tables; i++ {
		tb, err := s.Table(ctx, fmt.Sprint("t", i))
		if err != nil || tb.Status != fmt.Sprint("s", rounds-1) {
			t.Fatalf("table %d: status %q, %v", i, tb.Status, err)
		}
	}
}
