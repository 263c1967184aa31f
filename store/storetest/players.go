package storetest

import (
	"errors"
	"slices"
	"testing"
	"time"

	"gaslamp/store"
)

// testTablesOfAPlayer checks the lobby's list of a player's tables: the
// tables they held a seat of, by status, newest first, paged.
func testTablesOfAPlayer(t *testing.T, db DB) {
	s := open(t, db)
	defer s.Close()
	t0 := time.Now()
	for i, id := range []string{"t1", "t2", "t3", "t4", "t5"} {
		newTable(t, s, id, t0.Add(time.Duration(i)*time.Minute))
	}
	// u1 held seats of t1, t2 (twice, two groups), t4 and t5; u2 of t3.
	for _, h := range [][3]string{{"t1", "u1", "a"}, {"t2", "u1", "a"}, {"t2", "u1", "b"}, {"t4", "u1", "a"}, {"t5", "u1", "b"}, {"t3", "u2", "a"}} {
		if err := s.AddSeatHolder(ctx, h[0], h[1], h[2]); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.SetStatus(ctx, "t4", store.StatusFinished); err != nil {
		t.Fatal(err)
	}
	if err := s.SetStatus(ctx, "t1", store.StatusRunning); err != nil {
		t.Fatal(err)
	}
	ids := func(ts []store.Table, err error) []string {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		out := []string{}
		for _, x := range ts {
			out = append(out, x.ID)
		}
		return out
	}
	if got := ids(s.TablesOf(ctx, "u1", 0, 0)); !slices.Equal(got, []string{"t5", "t4", "t2", "t1"}) {
		t.Fatalf("u1's tables %v", got)
	}
	if got := ids(s.TablesOf(ctx, "u1", 0, 0, store.StatusOpen, store.StatusRunning)); !slices.Equal(got, []string{"t5", "t2", "t1"}) {
		t.Fatalf("u1's open and running tables %v", got)
	}
	if got := ids(s.TablesOf(ctx, "u1", 2, 1)); !slices.Equal(got, []string{"t4", "t2"}) {
		t.Fatalf("u1's tables, 2 from the second: %v", got)
	}
	if got := ids(s.TablesOf(ctx, "u1", 0, 3)); !slices.Equal(got, []string{"t1"}) {
		t.Fatalf("u1's tables from the fourth: %v", got)
	}
	if got := ids(s.TablesOf(ctx, "u1", 0, 0, store.StatusFinished)); !slices.Equal(got, []string{"t4"}) {
		t.Fatalf("u1's finished tables %v", got)
	}
	if got := ids(s.TablesOf(ctx, "nobody", 0, 0)); len(got) != 0 {
		t.Fatalf("tables of nobody %v", got)
	}
	tb, err := s.TablesOf(ctx, "u2", 0, 0)
	if err != nil || len(tb) != 1 || len(tb[0].Seats) != 2 || tb[0].Resigned != nil {
		t.Fatalf("u2's table %+v, %v", tb, err)
	}
	// Finished tables come by their end, newest first (a turn-based game
	// made long ago may have just ended), one just finished whose end is
	// not recorded yet first of all: t2, made before t4, ended after it.
	if err := s.SetStatus(ctx, "t2", store.StatusFinished); err != nil {
		t.Fatal(err)
	}
	if err := s.SetStatus(ctx, "t5", store.StatusFinished); err != nil {
		t.Fatal(err)
	}
	for id, at := range map[string]time.Time{"t4": t0.Add(time.Hour), "t2": t0.Add(2 * time.Hour)} {
		if err := s.RecordFinish(ctx, id, store.Finish{Winner: "a", Ended: "rules", At: at}); err != nil {
			t.Fatal(err)
		}
	}
	if got := ids(s.TablesOf(ctx, "u1", 0, 0, store.StatusFinished)); !slices.Equal(got, []string{"t5", "t2", "t4"}) {
		t.Fatalf("u1's finished tables, by their end: %v", got)
	}
	if got := ids(s.TablesOf(ctx, "u1", 1, 1, store.StatusFinished)); !slices.Equal(got, []string{"t2"}) {
		t.Fatalf("u1's finished tables by their end, the second: %v", got)
	}
}

// testResign checks that a resignation finishes a table once and is read
// back with it.
func testResign(t *testing.T, db DB) {
	s := open(t, db)
	newTable(t, s, "r1", time.Now())
	newTable(t, s, "r2", time.Now())
	if err := s.SetStatus(ctx, "r1", store.StatusRunning); err != nil {
		t.Fatal(err)
	}
	if err := s.Resign(ctx, "r1", store.Resignation{Seat: 1, Version: 7, Reason: "time"}); err != nil {
		t.Fatal(err)
	}
	if err := s.Resign(ctx, "r1", store.Resignation{Seat: 0, Version: 9}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a second resignation: %v, want ErrConflict", err)
	}
	if err := s.Resign(ctx, "nope", store.Resignation{Seat: 0, Version: 1}); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("resigning an unknown table: %v, want ErrNotFound", err)
	}
	if err := s.SetStatus(ctx, "r2", store.StatusFinished); err != nil {
		t.Fatal(err)
	}
	if err := s.Resign(ctx, "r2", store.Resignation{Seat: 0, Version: 1}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("resigning a finished game: %v, want ErrConflict", err)
	}
	s.Close()
	// Kept across a reopening, with the table and in lists.
	s = open(t, db)
	defer s.Close()
	tb, err := s.Table(ctx, "r1")
	if err != nil || tb.Status != store.StatusFinished || tb.Resigned == nil || *tb.Resigned != (store.Resignation{Seat: 1, Version: 7, Reason: "time"}) {
		t.Fatalf("resigned table %+v (%+v), %v", tb, tb.Resigned, err)
	}
	if tb, err := s.Table(ctx, "r2"); err != nil || tb.Resigned != nil {
		t.Fatalf("a table nobody resigned: %+v, %v", tb.Resigned, err)
	}
	all, err := s.Tables(ctx, 0, store.StatusFinished)
	if err != nil || len(all) != 2 {
		t.Fatalf("finished tables %+v, %v", all, err)
	}
	for _, x := range all {
		if (x.ID == "r1") != (x.Resigned != nil) {
			t.Fatalf("table %s listed with resignation %+v", x.ID, x.Resigned)
		}
	}
}
