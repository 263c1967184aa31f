package game

import (
	"strings"
	"time"
)

// The levels players choose a bot by, in words: every seat of every game
// offers them. Which bot (and which of its own settings) plays a level is
// the game's choice, registered with RegisterLevel: the best fair bot whose
// decisions keep within the level's budget.
const (
	LevelEasy   = "easy"
	LevelNormal = "normal"
	LevelHard   = "hard"
)

// Levels lists the levels from the weakest to the strongest.
var Levels = []string{LevelEasy, LevelNormal, LevelHard}

// IsLevel reports whether s is one of Levels.
func IsLevel(s string) bool {
	return s == LevelEasy || s == LevelNormal || s == LevelHard
}

// LevelBudget is the time a level's bot may think per decision: easy 200 ms,
// normal 700 ms, hard 2 s (an unknown level is normal). The promises to
// players are looser (p95 under 0.3 s, 1 s and 3 s on one core), leaving room
// for a busy machine and the last iteration of a search.
func LevelBudget(level string) time.Duration {
	switch level {
	case LevelEasy:
		return 200 * time.Millisecond
	case LevelHard:
		return 2 * time.Second
	}
	return 700 * time.Millisecond
}

// LevelPick is the bot that plays one level at one side of a game: a
// registered bot name, the level given to that bot (its own setting, e.g.
// its iterations) and the decision budget.
type LevelPick struct {
	Bot    string
	Level  string        // the bot's own level setting; "" means the level itself
	Budget time.Duration // 0 means LevelBudget of the level
}

var levelPicks = map[string]map[string]map[string]LevelPick{} // game -> side ("" any) -> level -> pick

// RegisterLevel says which bot plays level for side of game (side "" for
// every side without its own pick). Bot packages call it from init; a later
// registration of the same game, side and level replaces the earlier.
func RegisterLevel(game, side, level string, p LevelPick) {
	regMu.Lock()
	defer regMu.Unlock()
	if levelPicks[game] == nil {
		levelPicks[game] = map[string]map[string]LevelPick{}
	}
	if levelPicks[game][side] == nil {
		levelPicks[game][side] = map[string]LevelPick{}
	}
	levelPicks[game][side][level] = p
}

// HasLevelPicks reports whether a bot package registered its own picks for
// game's levels (RegisterLevel): without them every level falls back to the
// generic bots, which a server that forgot to import the game's bot package
// would serve without a word.
func HasLevelPicks(game string) bool {
	regMu.RLock()
	defer regMu.RUnlock()
	return len(levelPicks[game]) > 0
}

// PickLevel returns the bot that plays level (an unknown level is normal) for
// side of game: the registered pick for that side, else the game's pick for
// any side, else "ismcts" at that level when registered for the game, else
// "random". The result has its Level and Budget filled in.
func PickLevel(game, side, level string) LevelPick {
	if !IsLevel(level) {
		level = LevelNormal
	}
	regMu.RLock()
	p, ok := levelPicks[game][side][level]
	if !ok {
		p, ok = levelPicks[game][""][level]
	}
	regMu.RUnlock()
	if !ok {
		p = LevelPick{Bot: "random"}
		for _, n := range BotNames(game) {
			if n == "ismcts" {
				p.Bot = n
			}
		}
	}
	if p.Level == "" {
		p.Level = level
	}
	if p.Budget == 0 {
		p.Budget = LevelBudget(level)
	}
	return p
}

// Pick reads a pick written "bot" or "bot:level" (the bot's own level).
func Pick(s string) LevelPick {
	if b, l, ok := strings.Cut(s, ":"); ok {
		return LevelPick{Bot: b, Level: l}
	}
	return LevelPick{Bot: s}
}
