package server

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"testing"
	"time"

	"gaslamp/store"
)

// TestSeatsSayWhoIsAnAccount: a seat's player says whether they are an
// account (their name links to their profile), from the table's summary
// live and finished, a guest is not one, a guest who registers becomes one, and a profile's recent games name the
// other players with their sides.
func TestSeatsSayWhoIsAnAccount(t *testing.T) {
	e := newEnv(t, nil)
	rated, alice, bob := ratedGame(t, e, e)
	eventually(t, "results stored", func() bool {
		r, _ := e.st.ResultsOf(context.Background(), alice.id, 10)
		return len(r) == 1
	})
	seats := func(id string) []seatSummary {
		t.Helper()
		var sum tableSummary
		if code := alice.do("GET", "/api/tables/"+id, nil, &sum); code != 200 {
			t.Fatalf("table %s: %d", id, code)
		}
		return sum.Seats
	}
	if s := seats(rated); !s[0].Player.Account || !s[1].Player.Account {
		t.Fatalf("a finished table of two accounts: %+v %+v", s[0].Player, s[1].Player)
	}

	// A guest is not an account.
	fake := e.guest("Dora")
	c := alice.table("2", 0, "human", "human")
	alice.sit(c.ID, 0)
	fake.sit(c.ID, 1)
	if s := seats(c.ID); !s[0].Player.Account || s[1].Player.Account || s[1].Player.Name != "Dora" {
		t.Fatalf("an account and a guest: %+v %+v", s[0].Player, s[1].Player)
	}
	ca, cf := e.dial(alice, c.ID), e.dial(fake, c.ID)
	ca.hello(-1)
	cf.hello(-1)
	ca.next("state")
	cf.next("state")
	ca.move(0, 0, `{"kind":"pick","n":1}`)
	ca.next("ack")
	cf.update(1)
	cf.move(1, 1, `{"kind":"pick","n":2}`)
	cf.next("ack")
	ca.close()
	cf.close()
	eventually(t, "the second result stored", func() bool {
		r, _ := e.st.ResultsOf(context.Background(), alice.id, 10)
		return len(r) == 2
	})
	var p profileOut
	if code := bob.do("GET", "/api/users/Alice", nil, &p); code != 200 || len(p.Recent) != 2 {
		t.Fatalf("profile %d %+v", code, p)
	}
	// Newest first: the game against the guest, then the one against Bob.
	if o := p.Recent[0].Others; p.Recent[0].Table != c.ID || len(o) != 1 || o[0].Name != "Dora" || o[0].Account || o[0].Side != "south" {
		t.Fatalf("the guest's game: %+v", p.Recent[0])
	}
	if o := p.Recent[1].Others; p.Recent[1].Table != rated || len(o) != 1 || o[0].Name != "Bob" || !o[0].Account || o[0].Side != "south" {
		t.Fatalf("Bob's game: %+v", p.Recent[1])
	}

	// A guest seated at a table who registers is an account there at once.
	carol := e.guest("carol")
	d := alice.table("6", 0, "human", "human")
	carol.sit(d.ID, 1)
	if s := seats(d.ID); s[1].Player.Account {
		t.Fatalf("a guest: %+v", s[1].Player)
	}
	e.register(carol, "Carol", "a long enough password")
	eventually(t, "the new account named at the table", func() bool {
		s := seats(d.ID)
		return s[1].Player.Name == "Carol" && s[1].Player.Account
	})
}

// userCountingStore counts the store's User lookups.
type userCountingStore struct {
	store.Store
	n atomic.Int64
}

func (s *userCountingStore) User(ctx context.Context, id string) (store.User, error) {
	s.n.Add(1)
	return s.Store.User(ctx, id)
}

// TestSeatsAccountFlagWithoutStoreReads: the players who come with a
// session are known to be accounts or guests from it, so the table's summary
// (built on the table's goroutine at each seat and presence change) reads no
// user from the store for them, even after what was known of a guest went
// stale (accountNoFor).
func TestSeatsAccountFlagWithoutStoreReads(t *testing.T) {
	dir := t.TempDir()
	base, err := store.OpenSQLite(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	st := &userCountingStore{Store: base}
	clk := newClock()
	e := newEnvWithStore(t, dir, st, func(c *Config) { c.Now = clk.Now })
	alice, _ := e.register(nil, "Alice", "a long enough password")
	dora := e.guest("Dora")
	c := alice.table("2", 0, "human", "human")
	alice.sit(c.ID, 0)
	dora.sit(c.ID, 1)
	clk.advance(accountNoFor + time.Minute)
	before := st.n.Load()
	cd := e.dial(dora, c.ID) // the guest first: the table's summary, redrawn as she comes, names her
	cd.hello(-1)
	cd.next("state")
	ca := e.dial(alice, c.ID)
	ca.hello(-1)
	ca.next("state")
	var sum tableSummary
	if code := alice.do("GET", "/api/tables/"+c.ID, nil, &sum); code != 200 {
		t.Fatalf("table: %d", code)
	}
	if !sum.Seats[0].Player.Account || sum.Seats[1].Player.Account {
		t.Fatalf("an account and a guest: %+v %+v", sum.Seats[0].Player, sum.Seats[1].Player)
	}
	if n := st.n.Load() - before; n != 0 {
		t.Fatalf("%d user reads from the store for the seats' account flags", n)
	}
	ca.close()
	cd.close()
}

// TestChatSaysWhoIsAnAccount: a chat line says whether its sender is an
// account (their name links to their profile), live and in a later state:
// an account's line does, a guest's does not, and a guest who registers
// since under another name keeps their earlier lines unlinked (the free
// name they wrote under may be another account's) while their new lines
// link.
func TestChatSaysWhoIsAnAccount(t *testing.T) {
	e := newEnv(t, nil)
	alice, _ := e.register(nil, "Alice", "correct horse battery")
	dora := e.guest("Dora")
	c := alice.table("2", 0, "human", "human")
	alice.sit(c.ID, 0)
	dora.sit(c.ID, 1)
	ca, cd := e.dial(alice, c.ID), e.dial(dora, c.ID)
	ca.hello(-1)
	cd.hello(-1)
	ca.next("state")
	cd.next("state")
	type line struct {
		From    string `json:"from"`
		Account bool   `json:"account"`
	}
	say := func(from *client, text string) line {
		t.Helper()
		from.send(map[string]string{"t": "chat", "text": text})
		var l line
		if err := json.Unmarshal(ca.next("chat").Raw, &l); err != nil {
			t.Fatal(err)
		}
		cd.next("chat")
		return l
	}
	if l := say(ca, "good evening"); l.From != "Alice" || !l.Account {
		t.Errorf("an account's line: %+v", l)
	}
	if l := say(cd, "evening"); l.From != "Dora" || l.Account {
		t.Errorf("a guest's line: %+v", l)
	}
	if _, code := e.register(dora, "Dorothea", "another good passphrase"); code != 201 && code != 200 {
		t.Fatalf("register: %d", code)
	}
	eventually(t, "the new name at the table", func() bool {
		var sum tableSummary
		alice.do("GET", "/api/tables/"+c.ID, nil, &sum)
		return sum.Seats[1].Player != nil && sum.Seats[1].Player.Name == "Dorothea"
	})
	if l := say(cd, "now with an account"); l.From != "Dorothea" || !l.Account {
		t.Errorf("the registered guest's new line: %+v", l)
	}
	ca.close()
	ca = e.dial(alice, c.ID)
	ca.hello(-1)
	var st struct {
		Chat []line `json:"chat"`
	}
	if err := json.Unmarshal(ca.next("state").Raw, &st); err != nil {
		t.Fatal(err)
	}
	want := []line{{"Alice", true}, {"Dora", false}, {"Dorothea", true}}
	if len(st.Chat) != len(want) {
		t.Fatalf("the state's chat: %+v", st.Chat)
	}
	for i, w := range want {
		if st.Chat[i] != w {
			t.Errorf("the state's line %d: %+v, want %+v", i, st.Chat[i], w)
		}
	}
}
