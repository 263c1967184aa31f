package game

import "testing"

func TestPickLevel(t *testing.T) {
	RegisterBot("levels-test", "ismcts", func(BotConfig) (Bot, error) { return nil, nil })
	RegisterLevel("levels-test", "north", LevelHard, Pick("deep:50000"))
	RegisterLevel("levels-test", "", LevelEasy, LevelPick{Bot: "quick", Budget: 1})
	for _, c := range []struct {
		side, level string
		want        LevelPick
	}{
		{"north", "hard", LevelPick{Bot: "deep", Level: "50000", Budget: LevelBudget(LevelHard)}},
		{"south", "hard", LevelPick{Bot: "ismcts", Level: "hard", Budget: LevelBudget(LevelHard)}},
		{"south", "easy", LevelPick{Bot: "quick", Level: "easy", Budget: 1}},
		{"north", "", LevelPick{Bot: "ismcts", Level: "normal", Budget: LevelBudget(LevelNormal)}},
		{"north", "brutal", LevelPick{Bot: "ismcts", Level: "normal", Budget: LevelBudget(LevelNormal)}},
	} {
		if got := PickLevel("levels-test", c.side, c.level); got != c.want {
			t.Errorf("PickLevel(%q, %q) = %+v, want %+v", c.side, c.level, got, c.want)
		}
	}
	if got := PickLevel("levels-none", "x", "easy"); got.Bot != "random" {
		t.Errorf("a game without bots plays %+v", got)
	}
	if !(LevelBudget(LevelEasy) < LevelBudget(LevelNormal) && LevelBudget(LevelNormal) < LevelBudget(LevelHard)) {
		t.Error("budgets out of order")
	}
}
