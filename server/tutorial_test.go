package server

import (
	"encoding/json"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"gaslamp/game"
	"gaslamp/store"
)

// TestTutorialScripts replays every tutorial's script through the real
// rules: each scripted move is legal at its step for the seat that acts, the
// player's seat acts at some steps, and the game ends with the last move.
// Every step the player plays has its hint in every language, and the end its
// summary.
func TestTutorialScripts(t *testing.T) {
	cats := map[string]map[string]string{}
	for _, lang := range game.Languages {
		data, err := os.ReadFile("../web/i18n/" + lang + ".json")
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]string{}
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		cats[lang] = m
	}
	for id, sc := range tutorialScripts {
		rules, err := game.Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		tu, err := loadTutorial(rules, tutorialPrefix+"x")
		if err != nil || tu == nil {
			t.Fatalf("%s: script not decoded: %v", id, err)
		}
		st, err := rules.New(game.Options{}, sc.seed)
		if err != nil {
			t.Fatal(err)
		}
		played := 0
		keys := []string{"tutorial." + id + ".done", "tutorial." + id + ".intro"}
		for step, mv := range tu.moves {
			if st.Outcome().Over {
				t.Fatalf("%s: the game ended before step %d", id, step)
			}
			seat := sc.seatOf(step, st)
			if seat != tu.by[step] {
				t.Fatalf("%s: step %d: loaded for seat %d, replayed for seat %d", id, step, tu.by[step], seat)
			}
			if !st.ToAct().Has(seat) || !game.Contains(st.Legal(seat, nil), mv) {
				t.Fatalf("%s: step %d (%s) is not legal for seat %d", id, step, sc.moves[step], seat)
			}
			if err := st.Apply(seat, mv, nil); err != nil {
				t.Fatalf("%s: step %d refused: %v", id, step, err)
			}
			if slices.Contains(sc.seats, seat) {
				played++
				keys = append(keys, "tutorial."+id+".step."+strconv.Itoa(step))
			}
		}
		if !st.Outcome().Over {
			t.Fatalf("%s: the script ends and the game goes on", id)
		}
		if played == 0 {
			t.Fatalf("%s: the player never plays", id)
		}
		for lang, m := range cats {
			for _, k := range keys {
				if strings.TrimSpace(m[k]) == "" {
					t.Errorf("%s: no %s in web/i18n/%s.json", id, k, lang)
				}
			}
		}
	}
}

// TestTutorialTable plays the Pocket tutorial over the wire: the player is
// offered only the scripted move, any other is refused with the tutorial's
// error and changes nothing, the scripted seat plays its moves itself, and
// the table is never listed in the lobby, the archive or "my games".
func TestTutorialTable(t *testing.T) {
	e := newEnv(t, nil)
	defer e.close()
	u := e.guest("pupil")
	var out created
	if code := u.do("POST", "/api/tutorials/pocket", nil, &out); code != 201 || out.Seat == nil || *out.Seat != 1 {
		t.Fatalf("create tutorial: %d %+v", code, out)
	}
	if len(out.Invites) != 0 {
		t.Fatalf("a tutorial hands out invites: %v", out.Invites)
	}
	if code := u.do("POST", "/api/tutorials/nosuchgame", nil, nil); code != 404 {
		t.Fatalf("tutorial of an unknown game: %d, want 404", code)
	}
	c := e.dial(u, out.ID)
	defer c.close()
	c.hello(-1)
	f := c.next("state")
	var sum struct {
		Table tableSummary `json:"table"`
	}
	if err := json.Unmarshal(f.Raw, &sum); err != nil || sum.Table.Tutorial != "pocket" || sum.Table.Rated {
		t.Fatalf("tutorial summary: %+v (%v)", sum.Table, err)
	}
	notListed(t, u, out.ID, "/api/tables", "/api/tables?status=running", "/api/my/tables") // while it runs
	sc := tutorialScripts["pocket"]
	v := f.V
	refused := false
	for v < int64(len(sc.moves)) {
		if sc.seats[0] != game.Seat(sc.seatAt(t, v)) {
			f = c.update(v + 1)
			v = f.V
			continue
		}
		legal := f.Legal["1"]
		if len(legal) != 1 || string(legal[0]) != string(sc.moves[v]) {
			t.Fatalf("step %d: legal %s, want only %s", v, legal, sc.moves[v])
		}
		if !refused {
			// Another legal move of the rules: refused, nothing changes.
			other := `{"kind":"alibi"}`
			if string(sc.moves[v]) == other {
				other = `{"kind":"holmes","steps":1}`
			}
			id := c.move(v, 1, other)
			ef := c.next("error")
			if ef.ID != id || ef.Text.Key != "err.tutorial-step" {
				t.Fatalf("off-script move: %s", ef.Raw)
			}
			if got, _ := e.tableState(out.ID); got != v {
				t.Fatalf("off-script move changed the table: version %d, want %d", got, v)
			}
			refused = true
		}
		c.move(v, 1, string(sc.moves[v]))
		f = c.update(v + 1)
		v = f.V
	}
	if f.Outcome == nil || !f.Outcome.Over || f.Outcome.Winner != "investigator" {
		t.Fatalf("tutorial end: outcome %+v", f.Outcome)
	}
	if !refused {
		t.Fatal("the player never played")
	}
	notListed(t, u, out.ID, "/api/tables", "/api/tables?status=finished", "/api/my/tables", "/api/my/tables?status=finished")
	rec, err := e.st.Table(t.Context(), out.ID)
	if err != nil || rec.Rated || rec.Status != store.StatusFinished {
		t.Fatalf("stored tutorial: %+v %v", rec, err)
	}
}

// seatAt is the seat that acts at step v of the script.
func (sc tutorialScript) seatAt(t *testing.T, v int64) int {
	t.Helper()
	rules, _ := game.Lookup(sc.game)
	tu, err := loadTutorial(rules, tutorialPrefix+"x")
	if err != nil || tu == nil {
		t.Fatalf("%s: script not loaded: %v", sc.game, err)
	}
	return int(tu.by[v])
}

// TestTutorialExpires: a tutorial table younger than TutorialTTL stays; one
// older is marked expired in the store and leaves memory.
func TestTutorialExpires(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.TutorialTTL = time.Hour })
	defer e.close()
	u := e.guest("pupil")
	var out created
	if code := u.do("POST", "/api/tutorials/pocket", nil, &out); code != 201 {
		t.Fatalf("create tutorial: %d", code)
	}
	if n := e.srv.expireTutorials(); n != 0 {
		t.Fatalf("a new tutorial expired (%d)", n)
	}
	if n := e.srv.expireTutorialsBefore(time.Now().Add(time.Minute)); n != 1 {
		t.Fatalf("expired %d tutorials created before a minute from now, want 1", n)
	}
	if e.srv.hub.loaded(out.ID) != nil {
		t.Fatal("the expired tutorial is still in memory")
	}
	rec, err := e.st.Table(t.Context(), out.ID)
	if err != nil || rec.Status != StatusExpired {
		t.Fatalf("stored status %q (%v), want %q", rec.Status, err, StatusExpired)
	}
}

// notListed fails unless every path answers 200 without naming table id.
func notListed(t *testing.T, u *user, id string, paths ...string) {
	t.Helper()
	for _, path := range paths {
		var body json.RawMessage
		if code := u.do("GET", path, nil, &body); code != 200 {
			t.Fatalf("%s: %d", path, code)
		}
		if strings.Contains(string(body), id) {
			t.Fatalf("%s lists the tutorial: %s", path, body)
		}
	}
}

// TestTutorialTableJekyll plays the Jekyll & Hyde tutorial over the wire,
// where both seats may act at once (before the deal and during the gifts):
// at each step only the step's seat is offered a move, the player is offered
// nothing during the script's steps, Mr Hyde's script never plays before its
// step (each update comes one version at a time with the scripted move
// played), an off-script gift is refused, and the chapter ends in the
// players' win.
func TestTutorialTableJekyll(t *testing.T) {
	e := newEnv(t, nil)
	defer e.close()
	u := e.guest("pupil")
	var out created
	if code := u.do("POST", "/api/tutorials/jekyll", nil, &out); code != 201 || out.Seat == nil || *out.Seat != 0 {
		t.Fatalf("create tutorial: %d %+v", code, out)
	}
	c := e.dial(u, out.ID)
	defer c.close()
	c.hello(-1)
	f := c.next("state")
	sc := tutorialScripts["jekyll"]
	rules, _ := game.Lookup("jekyll")
	st, _ := rules.New(game.Options{}, sc.seed)
	refused := false
	for v := f.V; v < int64(len(sc.moves)); v = f.V {
		by := sc.by[v]
		mv, _ := rules.DecodeMove(sc.moves[v])
		legal := f.Legal["0"]
		switch {
		case by != 0 && len(legal) != 0:
			t.Fatalf("step %d is Hyde's, the player is offered %s", v, legal)
		case by == 0 && (len(legal) != 1 || string(legal[0]) != string(sc.moves[v])):
			t.Fatalf("step %d: legal %s, want only %s", v, legal, sc.moves[v])
		}
		if by == 0 && !refused && st.ToAct().Has(1) {
			// Hyde may act too, yet waits; another gift of the player's
			// own is refused.
			for _, other := range st.Legal(0, nil) {
				if other != mv {
					id := c.move(v, 0, string(rules.EncodeMove(other)))
					ef := c.next("error")
					if ef.ID != id || ef.Text.Key != "err.tutorial-step" {
						t.Fatalf("off-script move: %s", ef.Raw)
					}
					refused = true
					break
				}
			}
		}
		if by == 0 {
			c.move(v, 0, string(sc.moves[v]))
		}
		if err := st.Apply(by, mv, nil); err != nil {
			t.Fatalf("step %d: %v", v, err)
		}
		f = c.update(v + 1)
	}
	if !refused {
		t.Fatal("no off-script move was tried")
	}
	if f.Outcome == nil || !f.Outcome.Over || f.Outcome.Winner != "players" {
		t.Fatalf("tutorial end: outcome %+v", f.Outcome)
	}
}
