package storetest

import (
	"errors"
	"sync"
	"testing"
	"time"

	"gaslamp/store"
)

// testMailPrefsAndClaims: an account's mail preferences are off by default
// and stored; a guest has none; one mail per user, table and period, even
// when several clients claim it at once; deleting the account forgets them.
func testMailPrefsAndClaims(t *testing.T, db DB) {
	s := open(t, db)
	defer s.Close()
	now := time.Now().UTC().Truncate(time.Millisecond)
	for _, id := range []string{"u1", "u2"} {
		if err := s.CreateUser(ctx, store.User{ID: id, Name: id, Created: now}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.CreateAccount(ctx, store.Account{UserID: "u1", Name: "Alice", Key: "alice", Password: "p", Created: now}); err != nil {
		t.Fatal(err)
	}
	if a, err := s.AccountByUser(ctx, "u1"); err != nil || a.Email != "" || a.MailTurns || a.Lang != "en" {
		t.Fatalf("a new account's mail preferences: %+v, %v", a, err)
	}
	if err := s.SetMailPrefs(ctx, "u1", "alice@example.org", true, "fr"); err != nil {
		t.Fatal(err)
	}
	if a, err := s.AccountByKey(ctx, "alice"); err != nil || a.Email != "alice@example.org" || !a.MailTurns || a.Lang != "fr" {
		t.Fatalf("stored mail preferences: %+v, %v", a, err)
	}
	if err := s.SetMailPrefs(ctx, "u2", "x@example.org", true, "en"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a guest's mail preferences: %v", err)
	}

	// An address is confirmed only while it is the account's: another one
	// is not, nor is a guest's, and a new address starts unconfirmed.
	if a, _ := s.AccountByUser(ctx, "u1"); a.EmailConfirmed() {
		t.Fatalf("an address never confirmed reads as confirmed: %+v", a)
	}
	for _, c := range []struct {
		user, email string
		want        bool
	}{
		{"u1", "mallory@example.org", false},
		{"u2", "x@example.org", false},
		{"u1", "", false},
		{"u1", "alice@example.org", true},
	} {
		if ok, err := s.ConfirmEmail(ctx, c.user, c.email); err != nil || ok != c.want {
			t.Fatalf("ConfirmEmail(%s, %q) = %v, %v; want %v", c.user, c.email, ok, err, c.want)
		}
	}
	if a, err := s.AccountByUser(ctx, "u1"); err != nil || !a.EmailConfirmed() || a.ConfirmedEmail != "alice@example.org" {
		t.Fatalf("a confirmed address: %+v, %v", a, err)
	}
	if err := s.SetMailPrefs(ctx, "u1", "alice@example.net", true, "fr"); err != nil {
		t.Fatal(err)
	}
	if a, _ := s.AccountByUser(ctx, "u1"); a.EmailConfirmed() {
		t.Fatalf("a changed address reads as confirmed: %+v", a)
	}
	if err := s.SetMailPrefs(ctx, "u1", "alice@example.org", true, "fr"); err != nil {
		t.Fatal(err)
	}
	if a, _ := s.AccountByUser(ctx, "u1"); !a.EmailConfirmed() {
		t.Fatalf("the address confirmed before, given again, reads as unconfirmed: %+v", a)
	}

	// Eight clients claim the same mail at once: one wins.
	var wg sync.WaitGroup
	var mu sync.Mutex
	won := 0
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ok, err := s.ClaimMail(ctx, "u1", "t1", now, time.Hour)
			if err != nil {
				t.Error(err)
			}
			if ok {
				mu.Lock()
				won++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if won != 1 {
		t.Fatalf("%d of 8 concurrent claims won, want 1", won)
	}
	for _, c := range []struct {
		user, table string
		at          time.Time
		want        bool
	}{
		{"u1", "t1", now.Add(59 * time.Minute), false}, // within the hour
		{"u1", "t2", now.Add(time.Minute), true},       // another table
		{"u2", "t1", now.Add(time.Minute), true},       // another user
		{"u1", "t1", now.Add(time.Hour), true},         // an hour later
		{"u1", "t1", now.Add(time.Hour + time.Minute), false},
	} {
		if ok, err := s.ClaimMail(ctx, c.user, c.table, c.at, time.Hour); err != nil || ok != c.want {
			t.Fatalf("ClaimMail(%s, %s, +%v) = %v, %v; want %v", c.user, c.table, c.at.Sub(now), ok, err, c.want)
		}
	}
	if _, err := s.DeleteAccount(ctx, "u1"); err != nil {
		t.Fatal(err)
	}
	if ok, err := s.ClaimMail(ctx, "u1", "t1", now.Add(time.Hour+2*time.Minute), time.Hour); err != nil || !ok {
		t.Fatalf("a deleted account's mail log stayed: %v, %v", ok, err)
	}
}

// testAbsences: a new absence ends the one in progress; ending one keeps
// its past part; absences are listed oldest first from a time on, and go
// with the account.
func testAbsences(t *testing.T, db DB) {
	s := open(t, db)
	defer s.Close()
	now := time.Now().UTC().Truncate(time.Millisecond)
	if err := s.CreateUser(ctx, store.User{ID: "u1", Name: "u1", Created: now}); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateAccount(ctx, store.Account{UserID: "u1", Name: "Alice", Key: "alice", Password: "p", Created: now}); err != nil {
		t.Fatal(err)
	}
	day := 24 * time.Hour
	if got, err := s.Absences(ctx, "u1", now.Add(-30*day)); err != nil || len(got) != 0 {
		t.Fatalf("absences of a new account: %v, %v", got, err)
	}
	t0 := now.Add(-10 * day)
	if err := s.AddAbsence(ctx, "u1", t0, t0.Add(2*day)); err != nil {
		t.Fatal(err)
	}
	if err := s.AddAbsence(ctx, "u1", now, now.Add(3*day)); err != nil {
		t.Fatal(err)
	}
	// Back early: the absence ends a day in.
	if err := s.AddAbsence(ctx, "u1", now.Add(day), now.Add(day)); err != nil {
		t.Fatal(err)
	}
	got, err := s.Absences(ctx, "u1", now.Add(-30*day))
	if err != nil || len(got) != 2 || !sameMS(got[0].Start, t0) || !sameMS(got[0].Until, t0.Add(2*day)) ||
		!sameMS(got[1].Start, now) || !sameMS(got[1].Until, now.Add(day)) {
		t.Fatalf("absences %+v, %v", got, err)
	}
	// Away again, from within the shortened one: it is cut where the new one starts.
	if err := s.AddAbsence(ctx, "u1", now.Add(12*time.Hour), now.Add(4*day)); err != nil {
		t.Fatal(err)
	}
	got, err = s.Absences(ctx, "u1", now.Add(-day))
	if err != nil || len(got) != 2 || !sameMS(got[0].Until, now.Add(12*time.Hour)) || !sameMS(got[1].Until, now.Add(4*day)) {
		t.Fatalf("absences after a new one %+v, %v", got, err)
	}
	if _, err := s.DeleteAccount(ctx, "u1"); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Absences(ctx, "u1", now.Add(-30*day)); err != nil || len(got) != 0 {
		t.Fatalf("a deleted account's absences: %v, %v", got, err)
	}
}
