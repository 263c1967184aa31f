package pgstore

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"gaslamp/store"
)

// TestImportSQLite: a single node's SQLite site (accounts, a table with its
// seats and moves, a setting, a report whose context is stored as bytes)
// is copied whole into an empty PostgreSQL database, where the store reads
// it back as the SQLite store did; a second import into the now filled
// database is refused and changes nothing.
func TestImportSQLite(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	src, err := store.OpenSQLite(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().Truncate(time.Millisecond)
	for _, u := range []struct{ id, name string }{{"u1", "Irene"}, {"u2", "Moriarty"}} {
		if err := src.CreateUser(ctx, store.User{ID: u.id, Name: u.name, Created: now}); err != nil {
			t.Fatal(err)
		}
		if err := src.CreateAccount(ctx, store.Account{UserID: u.id, Name: u.name, Key: u.name, Password: "argon2id-hash", Created: now}); err != nil {
			t.Fatal(err)
		}
	}
	if err := src.CreateTable(ctx, store.Table{ID: "t1", Game: "pocket", Options: map[string]string{"x": "true"}, Seed: 1<<63 + 5,
		Status: store.StatusOpen, Takeover: 30, Creator: "u1", Created: now,
		Seats: []store.Seat{{Seat: 0, Kind: store.KindHuman, UserID: "u1", Name: "Irene"}, {Seat: 1, Kind: store.KindBot, Bot: "endgame", Level: "normal"}}}); err != nil {
		t.Fatal(err)
	}
	for seq := int64(1); seq <= 30; seq++ {
		if err := src.AppendMove(ctx, store.Move{Table: "t1", Seq: seq, Seat: int(seq % 2), Move: []byte(fmt.Sprintf(`{"n":%d}`, seq)), At: now}); err != nil {
			t.Fatal(err)
		}
	}
	vapid, err := src.EnsureSetting(ctx, "vapid", "private-and-public")
	if err != nil {
		t.Fatal(err)
	}
	if err := src.AddReport(ctx, store.Report{ID: "r1", Reporter: "u1", Reported: "u2", Table: "t1", ChatSeq: 3, Reason: "threats",
		Context: []byte(`{"lines":["you will lose"]}`), Created: now}); err != nil {
		t.Fatal(err)
	}
	wantMoves, _ := src.Moves(ctx, "t1")
	wantReports, _ := src.Reports(ctx, true)
	src.Close()

	u, _ := newSchema(t)
	dst, err := Open(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	info, err := ImportSQLite(ctx, dst, dir)
	if err != nil {
		t.Fatal(err)
	}
	if info.Schema != len(store.Migrations) || info.Rows["moves"] != 30 || info.Rows["accounts"] != 2 || info.Rows["seats"] != 2 {
		t.Fatalf("import info %+v", info)
	}
	moves, err := dst.Moves(ctx, "t1")
	if err != nil || len(moves) != len(wantMoves) {
		t.Fatalf("moves after the import: %d, %v", len(moves), err)
	}
	for i := range moves {
		w := wantMoves[i]
		if m := moves[i]; m.Seq != w.Seq || m.Seat != w.Seat || string(m.Move) != string(w.Move) || !m.At.Equal(w.At) {
			t.Fatalf("move %d: %+v, want %+v", i, m, w)
		}
	}
	if a, err := dst.AccountByUser(ctx, "u2"); err != nil || a.Name != "Moriarty" || a.Password != "argon2id-hash" {
		t.Fatalf("account after the import: %+v, %v", a, err)
	}
	if got, err := dst.EnsureSetting(ctx, "vapid", "another"); err != nil || got != vapid {
		t.Fatalf("the setting after the import: %q, %v (want %q)", got, err, vapid)
	}
	reports, err := dst.Reports(ctx, true)
	if err != nil || len(reports) != 1 || string(reports[0].Context) != string(wantReports[0].Context) || reports[0].Reason != "threats" {
		t.Fatalf("reports after the import: %+v, %v", reports, err)
	}
	tbl, err := dst.Table(ctx, "t1")
	if err != nil || tbl.Game != "pocket" || len(tbl.Seats) != 2 || !slices.ContainsFunc(tbl.Seats, func(s store.Seat) bool { return s.Bot == "endgame" }) {
		t.Fatalf("table after the import: %+v, %v", tbl, err)
	}

	// Again into the filled database: refused, nothing added.
	if _, err := ImportSQLite(ctx, dst, dir); !errors.Is(err, ErrNotEmpty) {
		t.Fatalf("a second import: %v", err)
	}
	if moves, _ := dst.Moves(ctx, "t1"); len(moves) != 30 {
		t.Fatalf("%d moves after the refused import", len(moves))
	}
}
