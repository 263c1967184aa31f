package storetest

import (
	"errors"
	"slices"
	"testing"
	"time"

	"gaslamp/store"
)

// newAccount makes user id an account named name.
func newAccount(t *testing.T, s store.Store, id, name string, now time.Time) {
	t.Helper()
	if err := s.CreateUser(ctx, store.User{ID: id, Name: name, Created: now}); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateAccount(ctx, store.Account{UserID: id, Name: name, Key: name, Password: "p", Created: now}); err != nil {
		t.Fatal(err)
	}
}

// testPasskeys: an account's passkeys are listed oldest first, a credential
// id is unique over all accounts, a sign-in updates its record, only its
// owner deletes it, and deleting the account deletes them.
func testPasskeys(t *testing.T, db DB) {
	s := open(t, db)
	defer s.Close()
	now := time.Now().UTC()
	newAccount(t, s, "u1", "alice", now)
	newAccount(t, s, "u2", "bob", now)
	a := store.Passkey{ID: "cred-a", UserID: "u1", Name: "laptop", Credential: []byte(`{"n":1}`), Created: now}
	b := store.Passkey{ID: "cred-b", UserID: "u1", Name: "phone", Credential: []byte(`{"n":2}`), Created: now.Add(time.Second)}
	for _, p := range []store.Passkey{b, a} {
		if err := s.AddPasskey(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.AddPasskey(ctx, store.Passkey{ID: "cred-a", UserID: "u2", Name: "x", Credential: []byte(`{}`), Created: now}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a credential id stored twice: %v", err)
	}
	got, err := s.PasskeysOf(ctx, "u1")
	if err != nil || len(got) != 2 || got[0].ID != "cred-a" || got[1].Name != "phone" || string(got[0].Credential) != `{"n":1}` ||
		!sameMS(got[0].Created, now) || !got[0].LastUsed.IsZero() {
		t.Fatalf("passkeys %+v, %v", got, err)
	}
	if got, err := s.PasskeysOf(ctx, "u2"); err != nil || len(got) != 0 {
		t.Fatalf("another account's passkeys %+v, %v", got, err)
	}
	used := now.Add(time.Minute)
	if err := s.UsePasskey(ctx, "cred-a", []byte(`{"n":3}`), used); err != nil {
		t.Fatal(err)
	}
	if err := s.UsePasskey(ctx, "nope", []byte(`{}`), used); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("using an unknown passkey: %v", err)
	}
	p, err := s.PasskeyByID(ctx, "cred-a")
	if err != nil || p.UserID != "u1" || string(p.Credential) != `{"n":3}` || !sameMS(p.LastUsed, used) {
		t.Fatalf("used passkey %+v, %v", p, err)
	}
	if _, err := s.PasskeyByID(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown passkey: %v", err)
	}
	if err := s.DeletePasskey(ctx, "u2", "cred-a"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("another account deleted a passkey: %v", err)
	}
	if err := s.DeletePasskey(ctx, "u1", "cred-b"); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.PasskeysOf(ctx, "u1"); len(got) != 1 || got[0].ID != "cred-a" {
		t.Fatalf("after a deletion: %+v", got)
	}
	if _, err := s.DeleteAccount(ctx, "u1"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.PasskeyByID(ctx, "cred-a"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a deleted account's passkey: %v", err)
	}
}

// testChallenges: a ceremony is taken once, only as its kind, only before
// it expires; expired ones go.
func testChallenges(t *testing.T, db DB) {
	s := open(t, db)
	defer s.Close()
	now := time.Now().UTC()
	for _, c := range []store.Challenge{
		{Hash: "h1", Kind: "register", UserID: "u1", Data: []byte(`{"challenge":"x"}`), Expires: now.Add(time.Minute)},
		{Hash: "h2", Kind: "signin", Data: []byte(`{}`), Expires: now.Add(time.Minute)},
		{Hash: "h3", Kind: "signin", Data: []byte(`{}`), Expires: now.Add(-time.Second)},
	} {
		if err := s.AddChallenge(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.AddChallenge(ctx, store.Challenge{Hash: "h1", Kind: "signin", Data: []byte(`{}`), Expires: now}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a challenge stored twice: %v", err)
	}
	c, err := s.TakeChallenge(ctx, "h1", "register", now)
	if err != nil || c.UserID != "u1" || string(c.Data) != `{"challenge":"x"}` || !sameMS(c.Expires, now.Add(time.Minute)) {
		t.Fatalf("taken %+v, %v", c, err)
	}
	if _, err := s.TakeChallenge(ctx, "h1", "register", now); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a challenge taken twice: %v", err)
	}
	if _, err := s.TakeChallenge(ctx, "h2", "register", now); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a challenge taken as another kind: %v", err)
	}
	if _, err := s.TakeChallenge(ctx, "h2", "signin", now); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a challenge taken as another kind is used up: %v", err)
	}
	if _, err := s.TakeChallenge(ctx, "h3", "signin", now); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("an expired challenge: %v", err)
	}
	if db.Count != nil {
		if n, err := db.Count(`SELECT COUNT(*) FROM passkey_challenges`); err != nil || n != 0 {
			t.Fatalf("challenges left: %d, %v", n, err)
		}
	}
}

// testModeration: mutes and blocks are set and lifted, a block counts
// either way; reports are listed open, oldest first, and resolved once; a
// suspension ends the account's sessions and lifts.
func testModeration(t *testing.T, db DB) {
	s := open(t, db)
	defer s.Close()
	now := time.Now().UTC()
	newAccount(t, s, "u1", "alice", now)
	newAccount(t, s, "u2", "bob", now)
	for _, kind := range []string{store.RelationMute, store.RelationBlock} {
		for _, o := range []string{"u3", "u2", "u2"} {
			if err := s.SetRelation(ctx, kind, "u1", o, true, now); err != nil {
				t.Fatal(err)
			}
		}
		if got, err := s.Relations(ctx, kind, "u1"); err != nil || !slices.Equal(got, []string{"u2", "u3"}) {
			t.Fatalf("%s: %v, %v", kind, got, err)
		}
		if err := s.SetRelation(ctx, kind, "u1", "u3", false, now); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Relations(ctx, kind, "u1"); !slices.Equal(got, []string{"u2"}) {
			t.Fatalf("%s lifted: %v", kind, got)
		}
	}
	if err := s.SetRelation(ctx, "hug", "u1", "u2", true, now); err == nil {
		t.Fatal("an unknown relation was stored")
	}
	for _, c := range []struct {
		user   string
		others []string
		want   bool
	}{{"u1", []string{"u2"}, true}, {"u2", []string{"u9", "u1"}, true}, {"u2", []string{"u9"}, false}, {"u3", []string{"u1"}, false}, {"u1", nil, false}} {
		if got, err := s.Blocked(ctx, c.user, c.others); err != nil || got != c.want {
			t.Fatalf("Blocked(%s, %v) = %v, %v; want %v", c.user, c.others, got, err, c.want)
		}
	}
	if got, _ := s.Relations(ctx, store.RelationMute, "u2"); len(got) != 0 {
		t.Fatalf("a mute is one way: %v", got)
	}

	r1 := store.Report{ID: "r1", Reporter: "u1", Reported: "u2", Table: "t1", ChatSeq: 4, Reason: "rude", Context: []byte(`[{"seq":4}]`), Created: now}
	r2 := store.Report{ID: "r2", Reporter: "u2", Reported: "u1", Reason: "cheats", Context: []byte(`[]`), Created: now.Add(time.Second)}
	for _, r := range []store.Report{r2, r1} {
		if err := s.AddReport(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Reports(ctx, false)
	if err != nil || len(got) != 2 || got[0].ID != "r1" || got[0].ChatSeq != 4 || got[0].Table != "t1" || string(got[0].Context) != `[{"seq":4}]` ||
		!sameMS(got[0].Created, now) || !got[0].Resolved.IsZero() {
		t.Fatalf("reports %+v, %v", got, err)
	}
	if err := s.ResolveReport(ctx, "r1", now); err != nil {
		t.Fatal(err)
	}
	if err := s.ResolveReport(ctx, "r1", now); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("resolved twice: %v", err)
	}
	if got, _ := s.Reports(ctx, false); len(got) != 1 || got[0].ID != "r2" {
		t.Fatalf("open reports %+v", got)
	}
	if got, _ := s.Reports(ctx, true); len(got) != 2 || !sameMS(got[0].Resolved, now) {
		t.Fatalf("all reports %+v", got)
	}

	for _, h := range []string{"s1", "s2"} {
		if err := s.CreateSession(ctx, store.Session{TokenHash: h, UserID: "u2", CSRF: "c", Created: now}); err != nil {
			t.Fatal(err)
		}
	}
	until := now.Add(24 * time.Hour)
	gone, err := s.Suspend(ctx, "u2", until, "spam")
	if err != nil || !slices.Equal(gone, []string{"s1", "s2"}) {
		t.Fatalf("suspend: %v, %v", gone, err)
	}
	a, err := s.AccountByUser(ctx, "u2")
	if err != nil || !sameMS(a.SuspendedUntil, until) || a.SuspendReason != "spam" || !a.Suspended(now) || a.Suspended(until) {
		t.Fatalf("suspended account %+v, %v", a, err)
	}
	if _, _, err := s.SessionByHash(ctx, "s1"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a suspended account's session: %v", err)
	}
	if sus, err := s.SuspendedAccounts(ctx, now); err != nil || len(sus) != 1 || sus[0].UserID != "u2" || sus[0].SuspendReason != "spam" || !sameMS(sus[0].SuspendedUntil, until) {
		t.Fatalf("the suspended accounts: %+v, %v", sus, err)
	}
	if sus, err := s.SuspendedAccounts(ctx, until); err != nil || len(sus) != 0 {
		t.Fatalf("the suspended accounts once the suspension ended: %+v, %v", sus, err)
	}
	if _, err := s.Suspend(ctx, "u9", until, ""); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("suspending no account: %v", err)
	}
	if _, err := s.Suspend(ctx, "u2", time.Time{}, ""); err != nil {
		t.Fatal(err)
	}
	if a, _ := s.AccountByKey(ctx, "bob"); !a.SuspendedUntil.IsZero() || a.Suspended(now) {
		t.Fatalf("unsuspended account %+v", a)
	}
	if sus, err := s.SuspendedAccounts(ctx, now); err != nil || len(sus) != 0 {
		t.Fatalf("the suspended accounts after the suspension was lifted: %+v, %v", sus, err)
	}
	if _, err := s.DeleteAccount(ctx, "u1"); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Relations(ctx, store.RelationBlock, "u1"); len(got) != 0 {
		t.Fatalf("a deleted account's blocks: %v", got)
	}
}
