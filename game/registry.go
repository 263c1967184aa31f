package game

import (
	"fmt"
	"sort"
	"sync"
	"time"
)

var (
	regMu sync.RWMutex
	games = map[string]Rules{}
	bots  = map[string]map[string]BotFactory{} // game id ("*" for any) -> name -> factory
)

// Register makes a game available under r.ID(). It panics on a duplicate id;
// games call it from init.
func Register(r Rules) {
	regMu.Lock()
	defer regMu.Unlock()
	if _, dup := games[r.ID()]; dup {
		panic("game: duplicate game id " + r.ID())
	}
	games[r.ID()] = r
}

// Lookup returns the game registered under id.
func Lookup(id string) (Rules, error) {
	regMu.RLock()
	defer regMu.RUnlock()
	r, ok := games[id]
	if !ok {
		return nil, Errorf(CodeUnknownGame, "err.unknown-game", "unknown game "+id, "game", id)
	}
	return r, nil
}

// Games returns the registered games sorted by id.
func Games() []Rules {
	regMu.RLock()
	defer regMu.RUnlock()
	out := make([]Rules, 0, len(games))
	for _, r := range games {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID() < out[j].ID() })
	return out
}

// Bot chooses a move for its seat from a view and that seat's legal moves. A
// bot never sees a State. It must return one of legal (which is never empty).
type Bot interface {
	Choose(v View, legal []Move) Move
}

// TimedBot is a Bot that can be told when to stop thinking. A server that
// queued a decision behind others gives it what is left of its budget, so
// that its answer comes no later than the budget after it was asked.
type TimedBot interface {
	Bot
	// ChooseBy is Choose with the thinking stopped at deadline (zero: no
	// time limit, the bot's own caps only).
	ChooseBy(v View, legal []Move, deadline time.Time) Move
}

// ChooseBy asks b for a move to be found by deadline: a TimedBot is given
// the deadline, any other bot (one that answers at once) is simply asked.
func ChooseBy(b Bot, v View, legal []Move, deadline time.Time) Move {
	if tb, ok := b.(TimedBot); ok {
		return tb.ChooseBy(v, legal, deadline)
	}
	return b.Choose(v, legal)
}

// BotConfig configures a new bot.
type BotConfig struct {
	Rules  Rules
	Seat   Seat
	Seed   uint64
	Budget time.Duration // time allowed per decision; 0 means the bot's default
	Level  string        // "easy", "normal" or "hard"; "" means normal
}

// BotFactory makes a bot for one seat of one table.
type BotFactory func(cfg BotConfig) (Bot, error)

// RegisterBot makes a bot available for one game (or for every game when game
// is "*") under name.
func RegisterBot(game, name string, f BotFactory) {
	regMu.Lock()
	defer regMu.Unlock()
	if bots[game] == nil {
		bots[game] = map[string]BotFactory{}
	}
	if _, dup := bots[game][name]; dup {
		panic(fmt.Sprintf("game: duplicate bot %s/%s", game, name))
	}
	bots[game][name] = f
}

// NewBot makes the bot called name for cfg's game; a game's own bot of that name
// wins over a generic one.
func NewBot(name string, cfg BotConfig) (Bot, error) {
	regMu.RLock()
	f, ok := bots[cfg.Rules.ID()][name]
	if !ok {
		f, ok = bots["*"][name]
	}
	regMu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("no bot %q for game %s (have: %v)", name, cfg.Rules.ID(), BotNames(cfg.Rules.ID()))
	}
	return f(cfg)
}

// BotNames lists the bots available for a game, sorted.
func BotNames(game string) []string {
	regMu.RLock()
	defer regMu.RUnlock()
	seen := map[string]bool{}
	for _, g := range []string{game, "*"} {
		for n := range bots[g] {
			seen[n] = true
		}
	}
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
