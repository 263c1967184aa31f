package server

import (
	"bytes"
	"context"
	"testing"
	"time"

	"gaslamp/game"
	"gaslamp/internal/testscale"
	"gaslamp/server/internal/testgame"
	"gaslamp/store"
)

// TestBotSeedFromServerSecret: a bot's seed is a function of the server
// secret, the table id, the seat and the version only (never the table's
// seed); it changes with each of them.
func TestBotSeedFromServerSecret(t *testing.T) {
	a, b := []byte("secret-number-one-0123456789abcd"), []byte("secret-number-two-0123456789abcd")
	base := botSeed(a, "t_x", 1, 7)
	if botSeed(a, "t_x", 1, 7) != base {
		t.Fatal("botSeed is not a function of its inputs")
	}
	for name, s := range map[string]uint64{
		"secret": botSeed(b, "t_x", 1, 7), "table": botSeed(a, "t_y", 1, 7),
		"seat": botSeed(a, "t_x", 2, 7), "version": botSeed(a, "t_x", 1, 8),
	} {
		if s == base {
			t.Errorf("another %s gives the same seed", name)
		}
	}
}

// TestBotSecretKeptInStore: the secret is made once and kept in the store
// (a restart on the same data keeps it); another store gets another one.
func TestBotSecretKeptInStore(t *testing.T) {
	dir := t.TempDir()
	e1 := startEnv(t, dir, nil)
	s1 := append([]byte(nil), e1.srv.bots.secret...)
	e1.close()
	e2 := startEnv(t, dir, nil)
	if !bytes.Equal(s1, e2.srv.bots.secret) || len(s1) != 32 {
		t.Fatalf("secret after restart %x, before %x", e2.srv.bots.secret, s1)
	}
	e3 := newEnv(t, nil)
	if bytes.Equal(s1, e3.srv.bots.secret) {
		t.Fatal("two stores got the same secret")
	}
}

// TestBotPlayDiffersAcrossTables: all-bot tables with the same (bot-only)
// opening play differently, and each finished table replays exactly from its
// stored seed and moves (replay needs no bot seed).
func TestBotPlayDiffersAcrossTables(t *testing.T) {
	e := newEnv(t, nil)
	alice := e.guest("Alice")
	var plays []string
	for i := 0; i < 3; i++ {
		var c created
		alice.do("POST", "/api/tables", map[string]any{"game": testgame.ID, "options": map[string]string{"length": "10"},
			"seats": []map[string]string{{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}}}, &c)
		deadline := time.Now().Add(testscale.Timeout(20 * time.Second))
		for {
			var sum tableSummary
			alice.do("GET", "/api/tables/"+c.ID, nil, &sum)
			if sum.Status == "finished" {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("bots did not finish: %+v", sum)
			}
			time.Sleep(20 * time.Millisecond)
		}
		ms, err := e.st.Moves(context.Background(), c.ID)
		if err != nil {
			t.Fatal(err)
		}
		plays = append(plays, movesText(ms))
		replayStored(t, e, c.ID, ms)
	}
	if plays[0] == plays[1] && plays[1] == plays[2] {
		t.Fatalf("three tables, the same bot play: %s", plays[0])
	}
}

func movesText(ms []store.Move) string {
	var b bytes.Buffer
	for _, m := range ms {
		b.Write(m.Move)
		b.WriteByte(';')
	}
	return b.String()
}

// replayStored rebuilds a finished table from its stored seed and moves.
func replayStored(t *testing.T, e *env, id string, ms []store.Move) {
	t.Helper()
	rec, err := e.st.Table(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	rules, err := game.Lookup(rec.Game)
	if err != nil {
		t.Fatal(err)
	}
	st, err := rules.New(game.Options(rec.Options), rec.Seed)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		mv, err := rules.DecodeMove(m.Move)
		if err == nil {
			err = st.Apply(game.Seat(m.Seat), mv, nil)
		}
		if err != nil {
			t.Fatalf("table %s, move %d: %v", id, m.Seq, err)
		}
	}
	if !st.Outcome().Over {
		t.Fatalf("table %s: the replay is not over", id)
	}
}
