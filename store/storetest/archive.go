package storetest

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"gaslamp/store"
)

// testArchive checks the archive of finished games: how a finish is
// recorded (once), and every filter and the keyset paging of Archive.
func testArchive(t *testing.T, db DB) {
	s := open(t, db)
	defer s.Close()
	base := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	type row struct {
		id, game, player string
		day              int
		winner, ended    string
	}
	rows := []row{
		{"a1", "pocket", "Émile", 0, "jack", store.EndRules},
		{"a2", "pocket", "Bob", 1, "investigator", store.EndResigned},
		{"a3", "whitehall", "Dora", 2, "investigators", store.EndTime},
		{"a4", "whitehall", "Carol", 3, "jack", store.EndAbandoned},
		{"a5", "pocket", "Carol", 4, "", store.EndRules},
	}
	for _, r := range rows {
		err := s.CreateTable(ctx, store.Table{ID: r.id, Game: r.game, Options: map[string]string{}, Status: store.StatusRunning,
			Creator: "u1", Created: base,
			Seats: []store.Seat{
				{Seat: 0, Kind: store.KindHuman, UserID: "u-" + r.player, Name: r.player},
				{Seat: 1, Kind: store.KindBot, Bot: "random", Level: "easy"},
			}})
		if err != nil {
			t.Fatal(err)
		}
		f := store.Finish{Winner: r.winner, Ended: r.ended, At: base.AddDate(0, 0, r.day)}
		// Not finished yet: nothing is recorded.
		if err := s.RecordFinish(ctx, r.id, f); err != nil {
			t.Fatal(err)
		}
		if tb, err := s.Table(ctx, r.id); err != nil || tb.Finish != nil {
			t.Fatalf("a running table's finish: %+v, %v; want none", tb.Finish, err)
		}
		if err := s.SetStatus(ctx, r.id, store.StatusFinished); err != nil {
			t.Fatal(err)
		}
		if err := s.RecordFinish(ctx, r.id, f); err != nil {
			t.Fatal(err)
		}
		// A second record (another node, a reload) changes nothing.
		if err := s.RecordFinish(ctx, r.id, store.Finish{Winner: "other", Ended: store.EndRules, At: base.AddDate(1, 0, 0)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.RecordFinish(ctx, "nope", store.Finish{Ended: store.EndRules, At: base}); err != nil {
		t.Fatalf("recording the finish of an unknown table: %v", err)
	}
	// A finished table whose finish is not recorded is not listed.
	newTable(t, s, "unrecorded", base)
	if err := s.SetStatus(ctx, "unrecorded", store.StatusFinished); err != nil {
		t.Fatal(err)
	}
	tb, err := s.Table(ctx, "a3")
	if err != nil || tb.Finish == nil || *tb.Finish != (store.Finish{Winner: "investigators", Ended: store.EndTime, At: base.AddDate(0, 0, 2)}) {
		t.Fatalf("a3's finish %+v, %v", tb.Finish, err)
	}
	if !sameMS(tb.Finish.At, base.AddDate(0, 0, 2)) {
		t.Fatalf("finish time %v", tb.Finish.At)
	}
	ids := func(q store.ArchiveQuery) []string {
		t.Helper()
		got, err := s.Archive(ctx, q)
		if err != nil {
			t.Fatalf("archive %+v: %v", q, err)
		}
		out := []string{}
		for _, x := range got {
			if len(x.Seats) != 2 || x.Finish == nil {
				t.Fatalf("archive %+v: table %s with seats %+v, finish %+v", q, x.ID, x.Seats, x.Finish)
			}
			out = append(out, x.ID)
		}
		return out
	}
	for _, tc := range []struct {
		q    store.ArchiveQuery
		want []string
	}{
		{store.ArchiveQuery{}, []string{"a5", "a4", "a3", "a2", "a1"}},
		{store.ArchiveQuery{Game: "pocket"}, []string{"a5", "a2", "a1"}},
		{store.ArchiveQuery{Player: "Émile"}, []string{"a1"}},
		{store.ArchiveQuery{Player: "dORA"}, []string{"a3"}},
		{store.ArchiveQuery{Player: "carol"}, []string{"a5", "a4"}},
		{store.ArchiveQuery{Player: "random"}, []string{}}, // a bot is nobody's name
		{store.ArchiveQuery{From: base.AddDate(0, 0, 1), To: base.AddDate(0, 0, 3)}, []string{"a3", "a2"}},
		{store.ArchiveQuery{Winner: "jack"}, []string{"a4", "a1"}},
		{store.ArchiveQuery{Ended: store.EndResigned}, []string{"a2"}},
		{store.ArchiveQuery{Ended: store.EndAbandoned, Game: "whitehall"}, []string{"a4"}},
		{store.ArchiveQuery{Ended: store.EndAbandoned, Game: "pocket"}, []string{}},
		{store.ArchiveQuery{Limit: 2}, []string{"a5", "a4"}},
		{store.ArchiveQuery{Limit: 2, After: &store.ArchiveCursor{At: base.AddDate(0, 0, 3), ID: "a4"}}, []string{"a3", "a2"}},
	} {
		if got := ids(tc.q); !slices.Equal(got, tc.want) {
			t.Errorf("archive %+v: %v, want %v", tc.q, got, tc.want)
		}
	}
	// Paging is stable: games finishing meanwhile (the latest) shift no
	// page after the first, and tables finished at the same millisecond
	// come in descending id order.
	page1 := ids(store.ArchiveQuery{Limit: 2})
	for i := range 3 {
		id := fmt.Sprintf("b%d", i)
		err := s.CreateTable(ctx, store.Table{ID: id, Game: "pocket", Options: map[string]string{}, Status: store.StatusFinished,
			Creator: "u1", Created: base, Seats: []store.Seat{{Seat: 0, Kind: store.KindHuman}, {Seat: 1, Kind: store.KindHuman}}})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.RecordFinish(ctx, id, store.Finish{Ended: store.EndRules, At: base.AddDate(0, 1, 0)}); err != nil {
			t.Fatal(err)
		}
	}
	last := page1[len(page1)-1]
	lt, _ := s.Table(ctx, last)
	after := &store.ArchiveCursor{At: lt.Finish.At, ID: last}
	if got := ids(store.ArchiveQuery{Limit: 2, After: after}); !slices.Equal(got, []string{"a3", "a2"}) {
		t.Errorf("page 2 after new games: %v, want [a3 a2]", got)
	}
	if got := ids(store.ArchiveQuery{Limit: 2}); !slices.Equal(got, []string{"b2", "b1"}) {
		t.Errorf("first page: %v, want [b2 b1]", got)
	}
	if got := ids(store.ArchiveQuery{Limit: 2, After: &store.ArchiveCursor{At: base.AddDate(0, 1, 0), ID: "b1"}}); !slices.Equal(got, []string{"b0", "a5"}) {
		t.Errorf("page after b1: %v, want [b0 a5]", got)
	}
}
