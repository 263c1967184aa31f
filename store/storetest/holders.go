package storetest

import (
	"errors"
	"slices"
	"testing"
	"time"

	"gaslamp/store"
)

// testSeatOwnersAndHolders checks the records the one-side-per-person rule
// and the invites rest on: a table's hot-seat flag, a seat's owner, a seat's
// replaced invite, and the view groups each user has held.
func testSeatOwnersAndHolders(t *testing.T, db DB) {
	s := open(t, db)
	now := time.Now().UTC()
	newTable(t, s, "t1", now)
	hot := store.Table{ID: "t2", Game: "test", Options: map[string]string{}, Status: store.StatusOpen,
		Creator: "u1", Created: now, Hotseat: true, Pace: `{"kind":"turn","per_move_seconds":3600}`,
		Seats: []store.Seat{{Seat: 0, Kind: store.KindHuman, InviteHash: store.Hash("inv-t2"), Owner: "u9"}}}
	if err := s.CreateTable(ctx, hot); err != nil {
		t.Fatal(err)
	}
	t1, err := s.Table(ctx, "t1")
	if err != nil || t1.Hotseat || t1.Seats[0].Owner != "" || t1.Pace != "" {
		t.Fatalf("t1 %+v, %v", t1, err)
	}
	t2, err := s.Table(ctx, "t2")
	if err != nil || !t2.Hotseat || t2.Seats[0].Owner != "u9" || t2.Pace != `{"kind":"turn","per_move_seconds":3600}` {
		t.Fatalf("t2 %+v, %v", t2, err)
	}
	if list, err := s.Tables(ctx, 0); err != nil || len(list) != 2 {
		t.Fatalf("tables %+v, %v", list, err)
	} else {
		for _, tb := range list {
			if tb.Hotseat != (tb.ID == "t2") {
				t.Fatalf("listed %s hotseat=%v", tb.ID, tb.Hotseat)
			}
		}
	}
	if err := s.SetSeatOwner(ctx, "t1", 0, "u2"); err != nil {
		t.Fatal(err)
	}
	if t1, _ = s.Table(ctx, "t1"); t1.Seats[0].Owner != "u2" {
		t.Fatalf("owner %+v", t1.Seats[0])
	}
	if err := s.SetSeatInvite(ctx, "t1", 0, store.Hash("new")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.SeatByInvite(ctx, store.Hash("inv-t1")); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("the replaced invite still opens: %v", err)
	}
	if id, seat, err := s.SeatByInvite(ctx, store.Hash("new")); err != nil || id != "t1" || seat != 0 {
		t.Fatalf("new invite: %s %d %v", id, seat, err)
	}
	for range 2 { // idempotent
		for _, g := range []string{"jack", "police"} {
			if err := s.AddSeatHolder(ctx, "t1", "u2", g); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := s.AddSeatHolder(ctx, "t2", "u2", "other"); err != nil {
		t.Fatal(err)
	}
	if g, err := s.SeatHolderGroups(ctx, "t1", "u2"); err != nil || !slices.Equal(g, []string{"jack", "police"}) {
		t.Fatalf("groups %v, %v", g, err)
	}
	if g, err := s.SeatHolderGroups(ctx, "t1", "u3"); err != nil || len(g) != 0 {
		t.Fatalf("groups of a stranger %v, %v", g, err)
	}
	// Both tables are u1's and open; one starts.
	if n, err := s.CountOpenTablesBy(ctx, "u1"); err != nil || n != 2 {
		t.Fatalf("open tables of u1: %d, %v", n, err)
	}
	if err := s.SetStatus(ctx, "t2", store.StatusRunning); err != nil {
		t.Fatal(err)
	}
	if n, err := s.CountOpenTablesBy(ctx, "u1"); err != nil || n != 1 {
		t.Fatalf("open tables of u1 after one started: %d, %v", n, err)
	}
	if n, err := s.CountOpenTablesBy(ctx, "u2"); err != nil || n != 0 {
		t.Fatalf("open tables of u2: %d, %v", n, err)
	}
}

// testTransfers checks one-time seat transfer tokens: readable until used or
// expired, used once.
func testTransfers(t *testing.T, db DB) {
	s := open(t, db)
	now := time.Now().UTC()
	newTable(t, s, "t1", now)
	tr := store.Transfer{Hash: store.Hash("tok"), Table: "t1", Seat: 0, User: "u1", Expires: now.Add(time.Hour)}
	if err := s.AddTransfer(ctx, tr); err != nil {
		t.Fatal(err)
	}
	if err := s.AddTransfer(ctx, tr); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("the same token twice: %v", err)
	}
	old := store.Transfer{Hash: store.Hash("old"), Table: "t1", Seat: 0, User: "u1", Expires: now.Add(-time.Second)}
	if err := s.AddTransfer(ctx, old); err != nil {
		t.Fatal(err)
	}
	got, err := s.Transfer(ctx, tr.Hash, now)
	if err != nil || got.Table != "t1" || got.Seat != 0 || got.User != "u1" || !sameMS(got.Expires, tr.Expires) {
		t.Fatalf("transfer %+v, %v", got, err)
	}
	if _, err := s.Transfer(ctx, old.Hash, now); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("an expired transfer: %v", err)
	}
	if got, err := s.TakeTransfer(ctx, tr.Hash, now); err != nil || got.User != "u1" {
		t.Fatalf("take %+v, %v", got, err)
	}
	if _, err := s.TakeTransfer(ctx, tr.Hash, now); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a transfer used twice: %v", err)
	}
	if _, err := s.TakeTransfer(ctx, old.Hash, now); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("an expired transfer taken: %v", err)
	}
}

// testPushSubscriptions checks the Web Push subscriptions: stored per user,
// replaced by endpoint, deleted.
func testPushSubscriptions(t *testing.T, db DB) {
	s := open(t, db)
	now := time.Now().UTC()
	a := store.PushSubscription{Endpoint: "https://push.example/a", User: "u1", P256dh: "pk", Auth: "au", Lang: "fr", Created: now}
	b := store.PushSubscription{Endpoint: "https://push.example/b", User: "u1", P256dh: "pk2", Auth: "au2", Lang: "nl", Created: now.Add(time.Second)}
	for _, p := range []store.PushSubscription{a, b, {Endpoint: "https://push.example/c", User: "u2", P256dh: "x", Auth: "y", Lang: "en", Created: now}} {
		if err := s.AddPushSubscription(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	a.Lang = "en" // the same browser again: replaced
	if err := s.AddPushSubscription(ctx, a); err != nil {
		t.Fatal(err)
	}
	got, err := s.PushSubscriptions(ctx, "u1")
	if err != nil || len(got) != 2 || got[0].Endpoint != a.Endpoint || got[0].Lang != "en" || got[1].P256dh != "pk2" || !sameMS(got[1].Created, b.Created) {
		t.Fatalf("subscriptions %+v, %v", got, err)
	}
	if err := s.DeletePushSubscription(ctx, a.Endpoint); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.PushSubscriptions(ctx, "u1"); len(got) != 1 || got[0].Endpoint != b.Endpoint {
		t.Fatalf("after a delete %+v", got)
	}
}
