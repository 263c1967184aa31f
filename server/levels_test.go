package server

import (
	"sync"
	"testing"
	"time"

	"gaslamp/game"
	"gaslamp/internal/testscale"
	"gaslamp/server/internal/testgame"
)

// levelSpy records the config of the bots made for testgame's hard level.
type levelSpy struct {
	mu   sync.Mutex
	cfgs []game.BotConfig
}

var (
	theLevelSpy  = &levelSpy{}
	levelSetUp   sync.Once
	levelSpyPick = game.LevelPick{Bot: "level-spy", Level: "42", Budget: 150 * time.Millisecond}
)

func registerLevelSpy() {
	levelSetUp.Do(func() {
		game.RegisterBot(testgame.ID, "level-spy", func(cfg game.BotConfig) (game.Bot, error) {
			theLevelSpy.mu.Lock()
			theLevelSpy.cfgs = append(theLevelSpy.cfgs, cfg)
			theLevelSpy.mu.Unlock()
			return randomBot{rng: &game.Rand{S: cfg.Seed}}, nil
		})
		game.RegisterLevel(testgame.ID, "south", game.LevelHard, levelSpyPick)
	})
}

// waitFinished waits for table id to finish at version want.
func waitFinished(t *testing.T, u *user, id string, want int64) tableSummary {
	t.Helper()
	deadline := time.Now().Add(testscale.Timeout(30 * time.Second))
	for {
		var sum tableSummary
		u.do("GET", "/api/tables/"+id, nil, &sum)
		if sum.Status == "finished" && sum.Version == want {
			return sum
		}
		if time.Now().After(deadline) {
			t.Fatalf("bots did not finish: %+v", sum)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestLevelSeatPlaysItsPick: a bot seat given a level and no bot name plays
// the game's pick for that level and side (its bot, its own level, its
// budget within the server's), and the lobby shows the level, not a kind.
func TestLevelSeatPlaysItsPick(t *testing.T) {
	registerLevelSpy()
	e := newEnv(t, nil)
	alice := e.guest("Alice")
	var c created
	if code := alice.do("POST", "/api/tables", map[string]any{"game": testgame.ID, "options": map[string]string{"length": "10"},
		"seats": []map[string]string{{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "hard"}}}, &c); code != 201 {
		t.Fatalf("create %d", code)
	}
	sum := waitFinished(t, alice, c.ID, 10)
	for i, want := range []string{"easy", "hard"} {
		p := sum.Seats[i].Player
		if p == nil || !p.Bot || p.Level != want || p.Name != want {
			t.Fatalf("seat %d: %+v, want a bot at level %s", i, p, want)
		}
	}
	theLevelSpy.mu.Lock()
	defer theLevelSpy.mu.Unlock()
	if len(theLevelSpy.cfgs) == 0 {
		t.Fatal("the hard seat did not play its level's pick")
	}
	for _, cfg := range theLevelSpy.cfgs {
		if cfg.Seat != 1 || cfg.Level != levelSpyPick.Level || cfg.Budget != levelSpyPick.Budget {
			t.Fatalf("the pick was made with %+v", cfg)
		}
	}
}

// TestLevelDefaultsToNormal: a bot seat with neither a bot nor a level is a
// level seat at normal; a bad level is refused.
func TestLevelDefaultsToNormal(t *testing.T) {
	e := newEnv(t, nil)
	alice := e.guest("Alice")
	var c created
	if code := alice.do("POST", "/api/tables", map[string]any{"game": testgame.ID, "options": map[string]string{"length": "6"},
		"seats": []map[string]string{{"kind": "bot"}, {"kind": "bot", "bot": "random"}}}, &c); code != 201 {
		t.Fatalf("create %d", code)
	}
	sum := waitFinished(t, alice, c.ID, 6)
	if p := sum.Seats[0].Player; p == nil || p.Level != "normal" || p.Name != "normal" {
		t.Fatalf("seat 0: %+v", p)
	}
	if p := sum.Seats[1].Player; p == nil || p.Name != "random" {
		t.Fatalf("seat 1: %+v", p)
	}
	if code := alice.do("POST", "/api/tables", map[string]any{"game": testgame.ID,
		"seats": []map[string]string{{"kind": "bot", "level": "brutal"}, {"kind": "human"}}}, nil); code != 400 {
		t.Fatalf("a bad level gave %d", code)
	}
}

// TestWhitehallLevelTablePlays plays a whole Whitehall table of level seats
// (the real game and its picks) to the end.
func TestWhitehallLevelTablePlays(t *testing.T) {
	e := newEnv(t, nil)
	alice := e.guest("Alice")
	var c created
	seats := []map[string]string{{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}}
	if code := alice.do("POST", "/api/tables", map[string]any{"game": "whitehall", "seats": seats}, &c); code != 201 {
		t.Fatalf("create %d", code)
	}
	deadline := time.Now().Add(testscale.Timeout(120 * time.Second))
	for {
		var sum tableSummary
		alice.do("GET", "/api/tables/"+c.ID, nil, &sum)
		if sum.Status == "finished" {
			if sum.Version < 20 {
				t.Fatalf("finished after %d moves", sum.Version)
			}
			t.Logf("finished after %d moves", sum.Version)
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the level table did not finish: %+v", sum)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
