package server

import (
	"context"
	"math/rand/v2"
	"net/http"
	"testing"
	"time"

	_ "gaslamp/games/jekyll" // the real game: its chapters
	"gaslamp/internal/testscale"
	"gaslamp/store"
)

// playPartners plays every seat of a table, seat i through cs[i], with
// random legal moves until the game is over (both players' turns may come
// in any order).
func playPartners(t *testing.T, cs []*client, rng *rand.Rand) {
	t.Helper()
	deadline := time.After(testscale.Timeout(60 * time.Second))
	over := make([]bool, len(cs))
	for done := 0; done < len(cs); {
		for i, c := range cs {
			if over[i] {
				continue
			}
			var f frame
			select {
			case f = <-c.in:
			case <-c.done:
				if len(c.in) > 0 {
					continue
				}
				t.Fatalf("seat %d's connection ended: %v", i, c.err)
			case <-deadline:
				t.Fatal("the chapter is not over")
			case <-time.After(5 * time.Millisecond):
				continue
			}
			switch f.T {
			case "error":
				if f.Code != "stale-move" {
					t.Fatalf("move refused: %s", f.Raw)
				}
				continue
			case "state", "update":
			default:
				continue
			}
			if f.Outcome != nil && f.Outcome.Over {
				over[i] = true
				done++
				continue
			}
			if legal := f.Legal[string(rune('0'+i))]; len(legal) > 0 {
				c.move(f.V, i, string(legal[rng.IntN(len(legal))]))
			}
		}
	}
}

// TestChapterRecords: a Jekyll & Hyde chapter played to its end between two
// accounts credits both partners with it on their profiles (played, won,
// the best result of a won one: the City's fewest tricks and the most
// stars); a chapter with a guest partner credits nobody.
func TestChapterRecords(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.BotBudget = 100 * time.Millisecond })
	alice, bob := e.account("Alice"), e.account("Bob")
	guest := e.guest("Carol")
	rng := rand.New(rand.NewPCG(7, 7))
	play := func(host, partner *user, opts map[string]string) string {
		var c created
		if code := host.do("POST", "/api/tables", map[string]any{"game": "jekyll", "options": opts,
			"seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}}, &c); code != http.StatusCreated {
			t.Fatalf("create: %d", code)
		}
		host.sit(c.ID, 0)
		partner.sit(c.ID, 1)
		cs := []*client{e.dial(host, c.ID), e.dial(partner, c.ID)}
		for _, cl := range cs {
			cl.hello(-1)
		}
		playPartners(t, cs, rng)
		for _, cl := range cs {
			cl.close()
		}
		return c.ID
	}
	play(alice, bob, map[string]string{"chapter": "1"})
	play(alice, bob, map[string]string{"chapter": "1", "campaign-score": "0"})
	play(alice, guest, map[string]string{"chapter": "1"})

	profile := func(name string) profileOut {
		var p profileOut
		if code := alice.do("GET", "/api/users/"+name, nil, &p); code != http.StatusOK {
			t.Fatalf("profile %s: %d", name, code)
		}
		return p
	}
	for _, name := range []string{"Alice", "Bob"} {
		p := profile(name)
		if len(p.Chapters) != 2 {
			t.Fatalf("%s's chapters: %+v", name, p.Chapters)
		}
		for i, c := range p.Chapters {
			if c.Game != "jekyll" || c.Chapter != 1 || c.Name.Key != "jekyll.chapter.first-steps" || c.Campaign != (i == 1) || c.Played != 1 {
				t.Fatalf("%s's chapter %d: %+v", name, i, c)
			}
			if (c.Won == 1) != (c.BestCityTricks != nil) || (c.BestCityTricks != nil && (*c.BestCityTricks < 0 || *c.BestCityTricks > 16)) {
				t.Fatalf("%s's best result %+v", name, c)
			}
			if !c.Campaign && c.BestStars != 0 || c.Won == 0 && c.BestStars != 0 || c.Campaign && c.Won == 1 && c.BestStars < 1 {
				t.Fatalf("%s's stars %+v", name, c)
			}
		}
		if p := profile(name); len(p.Stats) == 0 {
			t.Fatalf("%s's results are not counted as before: %+v", name, p.Stats)
		}
	}
	a, b := profile("Alice").Chapters, profile("Bob").Chapters
	for i := range a {
		same := a[i].Won == b[i].Won && a[i].BestStars == b[i].BestStars && (a[i].BestCityTricks == nil) == (b[i].BestCityTricks == nil) &&
			(a[i].BestCityTricks == nil || *a[i].BestCityTricks == *b[i].BestCityTricks)
		if !same {
			t.Fatalf("the partners' records differ: %+v, %+v", a[i], b[i])
		}
	}
}

// oldStore is a store of a version that kept no chapter records.
type oldStore struct{ store.Store }

func (oldStore) RecordChapters(context.Context, []store.ChapterResult) error { return nil }

func (o oldStore) EnsureSetting(ctx context.Context, name, value string) (string, error) {
	if name == chaptersBackfill {
		return "not this version", nil
	}
	return o.Store.EnsureSetting(ctx, name, value)
}

// TestChapterRecordsBackfill: chapters finished before the records were
// kept are credited by the next start, once.
func TestChapterRecordsBackfill(t *testing.T) {
	dir := t.TempDir()
	st, err := store.OpenSQLite(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	e := newEnvWithStore(t, dir, oldStore{st}, func(c *Config) { c.BotBudget = 100 * time.Millisecond })
	alice, bob := e.account("Alice"), e.account("Bob")
	var c created
	if code := alice.do("POST", "/api/tables", map[string]any{"game": "jekyll", "options": map[string]string{"chapter": "2"},
		"seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}}, &c); code != http.StatusCreated {
		t.Fatalf("create: %d", code)
	}
	alice.sit(c.ID, 0)
	bob.sit(c.ID, 1)
	cs := []*client{e.dial(alice, c.ID), e.dial(bob, c.ID)}
	for _, cl := range cs {
		cl.hello(-1)
	}
	playPartners(t, cs, rand.New(rand.NewPCG(3, 3)))
	e.shared = true // the next server goes on with the store
	e.close()
	if recs, err := st.ChapterRecords(context.Background(), alice.id); err != nil || len(recs) != 0 {
		t.Fatalf("the old version kept records: %+v %v", recs, err)
	}
	e2 := newEnvWithStore(t, dir, st, nil)
	alice = alice.on(e2)
	eventually(t, "the backfill credits both partners", func() bool {
		a, _ := st.ChapterRecords(context.Background(), alice.id)
		b, _ := st.ChapterRecords(context.Background(), bob.id)
		return len(a) == 1 && a[0].Played == 1 && a[0].Key == "potions" && len(b) == 1 && b[0].Played == 1
	})
}
