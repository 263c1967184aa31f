package server

import (
	"context"
	"testing"
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
