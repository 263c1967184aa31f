package server

import (
	"mime"
	"slices"
	"strings"
	"testing"

	"gaslamp/game"
	"gaslamp/store"
)

// TestTurnCompany: a "your move" notice plays "against" the people on other
// sides only; at a co-operative game (Jekyll & Hyde: both seats on one side,
// against the game) it names the partner "with", and the mail's subject
// says so in each language; bots are never named.
func TestTurnCompany(t *testing.T) {
	human := func(id, name string) store.Seat { return store.Seat{Kind: store.KindHuman, UserID: id, Name: name} }
	bot := store.Seat{Kind: store.KindBot, Level: "normal"}
	coop := []game.SeatInfo{{ID: "jekyll", Side: "players"}, {ID: "hyde", Side: "players"}}
	duel := []game.SeatInfo{{ID: "jack", Side: "jack"}, {ID: "investigator", Side: "investigator"}}
	team := []game.SeatInfo{{ID: "jack", Side: "jack"}, {ID: "a", Side: "police"}, {ID: "b", Side: "police"}, {ID: "c", Side: "police"}}
	for _, c := range []struct {
		what     string
		seats    []store.Seat
		infos    []game.SeatInfo
		seat     int
		names    []string
		partners bool
	}{
		{"co-operative", []store.Seat{human("u1", "Alice"), human("u2", "Bob")}, coop, 0, []string{"Bob"}, true},
		{"duel", []store.Seat{human("u1", "Alice"), human("u2", "Bob")}, duel, 1, []string{"Alice"}, false},
		{"duel against a bot", []store.Seat{bot, human("u2", "Bob")}, duel, 1, nil, false},
		{"a team against Jack", []store.Seat{human("u1", "Moriarty"), human("u2", "Bob"), human("u3", "Carol"), bot}, team, 1, []string{"Moriarty"}, false},
		{"a team against a bot Jack", []store.Seat{bot, human("u2", "Bob"), human("u3", "Carol"), human("u3", "Carol")}, team, 1, []string{"Carol"}, true},
	} {
		names, partners := turnCompany(c.seats, c.infos, c.seat)
		if !slices.Equal(names, c.names) || partners != c.partners {
			t.Errorf("%s: %q partners=%v, want %q partners=%v", c.what, names, partners, c.names, c.partners)
		}
	}

	// The mail's subject, in each language.
	e, _, _ := mailEnv(t)
	m := e.srv.mail
	for _, c := range []struct{ lang, want string }{
		{"en", "Your move in Jekyll & Hyde vs Scotland Yard with Bob"},
		{"fr", "À vous de jouer dans Jekyll & Hyde vs Scotland Yard avec Bob"},
		{"nl", "Jij bent aan zet in Jekyll & Hyde vs Scotland Yard met Bob"},
	} {
		rules, err := game.Lookup("jekyll")
		if err != nil {
			t.Fatal(err)
		}
		msg, err := m.message(store.Account{UserID: "u1", Name: "Alice", Email: "alice@example.org", Lang: c.lang},
			mailJob{user: "u1", table: "t_x", game: rules.Name(), others: []string{"Bob"}, partners: true})
		if err != nil {
			t.Fatal(err)
		}
		raw := strings.Join(msg.GetGenHeader("Subject"), "")
		got, err := new(mime.WordDecoder).DecodeHeader(raw)
		if err != nil || got != c.want {
			t.Errorf("%s subject %q (%q, %v), want %q", c.lang, got, raw, err, c.want)
		}
	}
}
