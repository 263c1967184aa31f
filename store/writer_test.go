package store

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestFullDiskFailsTheWholeBatch fills the database up to a page limit (as a
// full disk would) and writes a batch whose middle move needs new pages. That
// error may roll the whole transaction back, so the batch fails as a whole
// and none of its moves is stored, rather than the moves after the error
// being committed on their own while reported failed.
func TestFullDiskFailsTheWholeBatch(t *testing.T) {
	ctx := context.Background()
	s := open(t, t.TempDir()).(*sqlStore)
	defer s.Close()
	newTable(t, s, "t1")
	var pages int64
	if err := s.w.QueryRowContext(ctx, `PRAGMA page_count`).Scan(&pages); err != nil {
		t.Fatal(err)
	}
	if _, err := s.w.ExecContext(ctx, `PRAGMA max_page_count = `+strconv.FormatInt(pages, 10)); err != nil {
		t.Fatal(err)
	}
	at := time.Now()
	big := []byte(`{"x":"` + strings.Repeat("a", 64<<10) + `"}`)
	batch := []moveReq{
		{m: Move{Table: "t1", Seq: 1, Move: []byte(`{}`), At: at}},
		{m: Move{Table: "t1", Seq: 2, Move: big, At: at}},
		{m: Move{Table: "t1", Seq: 3, Move: []byte(`{}`), At: at}},
	}
	for i := range batch {
		batch[i].done = make(chan error, 1)
	}
	s.writeMoves(batch)
	for i, r := range batch {
		if err := <-r.done; err == nil {
			t.Errorf("move %d of the failed batch reported stored", i+1)
		} else if errors.Is(err, ErrConflict) {
			t.Errorf("move %d: %v", i+1, err)
		}
	}
	if ms, err := s.Moves(ctx, "t1"); err != nil || len(ms) != 0 {
		t.Fatalf("stored after a failed batch: %d moves, %v", len(ms), err)
	}
	// Room again: the writer goes on.
	if _, err := s.w.ExecContext(ctx, `PRAGMA max_page_count = 1073741823`); err != nil {
		t.Fatal(err)
	}
	if err := s.AppendMove(ctx, Move{Table: "t1", Seq: 1, Move: []byte(`{}`), At: at}); err != nil {
		t.Fatal(err)
	}
}

// TestTakenSequenceFailsAlone writes one batch holding a move whose sequence
// number another move of the batch took: that move alone fails, as a
// conflict, and the rest of the batch is stored.
func TestTakenSequenceFailsAlone(t *testing.T) {
	ctx := context.Background()
	s := open(t, t.TempDir()).(*sqlStore)
	defer s.Close()
	newTable(t, s, "t1")
	at := time.Now()
	batch := []moveReq{
		{m: Move{Table: "t1", Seq: 1, Move: []byte(`{"a":1}`), At: at}},
		{m: Move{Table: "t1", Seq: 1, Move: []byte(`{"b":1}`), At: at}},
		{m: Move{Table: "t1", Seq: 2, Move: []byte(`{"c":1}`), At: at}},
	}
	for i := range batch {
		batch[i].done = make(chan error, 1)
	}
	s.writeMoves(batch)
	errs := []error{<-batch[0].done, <-batch[1].done, <-batch[2].done}
	if errs[0] != nil || errs[2] != nil || !errors.Is(errs[1], ErrConflict) {
		t.Fatalf("results %v, want nil, a conflict, nil", errs)
	}
	ms, err := s.Moves(ctx, "t1")
	if err != nil || len(ms) != 2 || string(ms[0].Move) != `{"a":1}` || string(ms[1].Move) != `{"c":1}` {
		t.Fatalf("stored %v, %v", ms, err)
	}
}
