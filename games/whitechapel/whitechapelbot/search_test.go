package whitechapelbot

import (
	"testing"

	"gaslamp/game"
	"gaslamp/game/gametest"
	"gaslamp/games/whitechapel"
)

// TestSearchJackLevels: Jack's Normal and Hard levels are the search bot,
// Easy the baseline.
func TestSearchJackLevels(t *testing.T) {
	want := map[string]string{game.LevelEasy: "baseline", game.LevelNormal: "search", game.LevelHard: "search"}
	for level, bot := range want {
		if p := game.PickLevel(whitechapel.ID, "jack", level); p.Bot != bot {
			t.Errorf("Jack at %s plays %q, want %q", level, p.Bot, bot)
		}
		b, err := game.NewBot(game.PickLevel(whitechapel.ID, "jack", level).Bot, game.BotConfig{Rules: whitechapel.Rules{}, Seat: 0, Seed: 1, Level: level})
		if err != nil || b == nil {
			t.Fatalf("Jack at %s: %v", level, err)
		}
	}
}

// TestPoliceSearchKeepsTheBaselineMove: the police search plays the Hard
// baseline's movement unless its paired worlds show another candidate
// winning more nights by a margin: given fewer rollouts than candidates
// (no world played out for all of them) it plays exactly the Hard
// baseline's choice, decision by decision, at positions reached by play.
func TestPoliceSearchKeepsTheBaselineMove(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 4 && checked < 12; seed++ {
		playUntil(t, seed, game.LevelNormal, func(seat game.Seat, v *whitechapel.View, legal []game.Move) bool {
			if seat == 0 || v.Phase != "move" || v.Track == nil || len(legal) < 2 {
				return false
			}
			s := NewSearch(game.BotConfig{Rules: whitechapel.Rules{}, Seat: seat, Seed: seed, Budget: -1}, policeCandidates-1)
			b := NewBaseline(seat, seed, game.LevelHard)
			if got, want := s.Choose(v, legal), b.Choose(v, legal); got != want {
				r := whitechapel.Rules{}
				t.Fatalf("seed %d: the search played %s, the Hard baseline %s", seed, r.EncodeMove(got), r.EncodeMove(want))
			}
			if s.Rollouts() != policeCandidates-1 {
				t.Fatalf("seed %d: %d rollouts, want %d", seed, s.Rollouts(), policeCandidates-1)
			}
			checked++
			return checked%4 == 0
		})
	}
	if checked == 0 {
		t.Fatal("no game reached a policeman's movement in the hunt")
	}
}

// searchProbe is a search bot that counts the decisions it searched.
type searchProbe struct {
	*Search
	searched, rollouts *int
}

func (p searchProbe) Choose(v game.View, legal []game.Move) game.Move {
	m := p.Search.Choose(v, legal)
	if p.Rollouts() > 0 {
		*p.searched++
		*p.rollouts += p.Rollouts()
	}
	return m
}

// TestSearchIsFairInTheHunt plays the search bot into the hunt, as Jack
// and as a policeman, from the real world and from worlds drawn from its
// view (gametest.BotTwins): its choices, searched ones included, must be
// the same, and with no time budget each search plays exactly its cap of
// rollouts (the policeman's, two of his paired worlds). A policeman's
// worlds differ in Jack's hideout and trail.
func TestSearchIsFairInTheHunt(t *testing.T) {
	for seat, decisions := range map[game.Seat]int{0: 24, 1: 12} {
		cap := 3
		if seat > 0 {
			cap = 2 * policeCandidates
		}
		searched, rollouts, differed := 0, 0, 0
		for seed := uint64(1); seed <= 2; seed++ {
			res, err := gametest.BotTwins(gametest.BotTwinConfig{Rules: whitechapel.Rules{}, Seed: seed, Seat: seat, Decisions: decisions,
				NewBot: func(seat game.Seat, s uint64) (game.Bot, error) {
					return searchProbe{NewSearch(game.BotConfig{Rules: whitechapel.Rules{}, Seat: seat, Seed: s, Budget: -1}, cap), &searched, &rollouts}, nil
				}})
			if err != nil {
				t.Fatalf("seat %d, seed %d: %v", seat, seed, err)
			}
			differed += res.Differed
		}
		t.Logf("seat %d: %d searched decisions, %d from a world that differed from the real one", seat, searched, differed)
		if searched == 0 {
			t.Fatalf("seat %d: no decision was searched: the games never reached the hunt with a choice", seat)
		}
		if rollouts != cap*searched {
			t.Errorf("seat %d: %d rollouts over %d searched decisions, want %d each", seat, rollouts, searched, cap)
		}
		if seat > 0 && differed == 0 {
			t.Errorf("seat %d: no drawn world differed from the real one", seat)
		}
	}
}

// TestSearchRolloutCountsTheNight: a rollout scores 1 when Jack gets home,
// here from a position reached by play where Jack may walk home (and may
// do something else): the walk home scores 1, and the search plays it.
func TestSearchRolloutCountsTheNight(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		found := playUntil(t, seed, game.LevelHard, func(seat game.Seat, v *whitechapel.View, legal []game.Move) bool {
			if seat != 0 || v.Phase != "jack" || !game.Contains(legal, whitechapel.Walk(v.Hideout)) || len(legal) < 2 {
				return false
			}
			s := NewSearch(game.BotConfig{Rules: whitechapel.Rules{}, Seat: 0, Seed: seed, Budget: -1}, 1)
			w, err := whitechapel.Rules{}.Determinize(v, &s.rng)
			if err != nil {
				t.Fatal(err)
			}
			if r := s.rollout(w, 0, v.Night, whitechapel.Walk(v.Hideout)); r != 1 {
				t.Fatalf("seed %d: the walk home scored %v", seed, r)
			}
			if got := s.Choose(v, legal); got != whitechapel.Walk(v.Hideout) {
				t.Fatalf("seed %d: the search played %s with the walk home open", seed, whitechapel.Rules{}.EncodeMove(got))
			}
			return true
		})
		if found {
			return
		}
	}
	t.Fatal("no game reached a walk home with another move open")
}

// playUntil plays a game from seed, Jack by the baseline at jackLevel and
// the police by the Normal baseline, until stop, given each decision's
// seat, view and legal moves (its own copy), returns true; it reports
// whether stop did.
func playUntil(t *testing.T, seed uint64, jackLevel string, stop func(seat game.Seat, v *whitechapel.View, legal []game.Move) bool) bool {
	t.Helper()
	st, err := whitechapel.Rules{}.New(nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	jack := NewBaseline(0, seed, jackLevel)
	police := NewBaseline(1, seed, game.LevelNormal)
	for !st.Outcome().Over {
		seat := st.ToAct().First()
		v := st.View(seat).(*whitechapel.View)
		if stop(seat, v, st.Legal(seat, nil)) {
			return true
		}
		bot := police
		if seat == 0 {
			bot = jack
		}
		if err := st.Apply(seat, bot.Choose(v, st.Legal(seat, nil)), nil); err != nil {
			t.Fatal(err)
		}
	}
	return false
}

// TestHardPoliceWeighJackHomeward: in a night after the first, reached by
// play, the Hard police's belief of where Jack is gives a circle from
// which no possible hideout is within the moves Jack has left a tenth
// (1 - homeward) of the weight, against a circle from which every one is,
// relative to the plain count of trails.
func TestHardPoliceWeighJackHomeward(t *testing.T) {
	g := tables()
	for seed := uint64(1); seed <= 12; seed++ {
		found := playUntil(t, seed, game.LevelNormal, func(seat game.Seat, v *whitechapel.View, _ []game.Move) bool {
			if seat == 0 || v.Phase != "move" || v.Night < 2 || v.Track == nil || v.Track.Left >= 8 {
				return false
			}
			hard := NewBaseline(seat, seed, game.LevelHard)
			plain := NewBaseline(seat, seed, game.LevelHard)
			plain.lv.homeward = 0
			bh, bp := hard.beliefs(v), plain.beliefs(v)
			within := func(c int) (n, all int) {
				for h, p := range bh.hideout {
					if p > 0 {
						all++
						if int(g.walk[c][h]) <= v.Track.Left {
							n++
						}
					}
				}
				return n, all
			}
			var near, far []int
			for c, p := range bp.where {
				if p > 0 {
					switch n, all := within(c); {
					case n == all:
						near = append(near, c)
					case n == 0:
						far = append(far, c)
					}
				}
			}
			if len(near) == 0 || len(far) == 0 {
				return false
			}
			a, b := near[0], far[0]
			got := (bh.where[b] / bp.where[b]) / (bh.where[a] / bp.where[a])
			if want := 1 - levels[game.LevelHard].homeward; got < want-1e-9 || got > want+1e-9 {
				t.Fatalf("seed %d: circle %d (no hideout in reach) against %d (all in reach): %.4f of the weight, want %.4f", seed, b, a, got, want)
			}
			return true
		})
		if found {
			return
		}
	}
	t.Fatal("no game reached a night after the first with circles both in and out of reach of home")
}

// TestShortfallSearchKeepsTheBaselineMove: the shortfall search (a level
// "normal-N") plays the Normal baseline's movement when it played out no
// world for every candidate, decision by decision, at positions reached by
// play, and its rollouts score in [0, 1].
func TestShortfallSearchKeepsTheBaselineMove(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 4 && checked < 8; seed++ {
		playUntil(t, seed, game.LevelNormal, func(seat game.Seat, v *whitechapel.View, legal []game.Move) bool {
			if seat == 0 || v.Phase != "move" || v.Track == nil || len(legal) < 2 {
				return false
			}
			cfg := game.BotConfig{Rules: whitechapel.Rules{}, Seat: seat, Seed: seed, Budget: -1, Level: "normal-3"}
			s := NewSearch(cfg, SearchRollouts(cfg.Level))
			b := NewBaseline(seat, seed, game.LevelNormal)
			if got, want := s.Choose(v, legal), b.choosePoliceMove(v, legal); got != want {
				r := whitechapel.Rules{}
				t.Fatalf("seed %d: the search played %s, the Normal baseline %s", seed, r.EncodeMove(got), r.EncodeMove(want))
			}
			if s.Rollouts() != 3 {
				t.Fatalf("seed %d: %d rollouts, want 3", seed, s.Rollouts())
			}
			w, err := whitechapel.Rules{}.Determinize(v, &s.rng)
			if err != nil {
				t.Fatal(err)
			}
			if r := s.rolloutShortfall(w, seat, v.Night, legal[0]); r < 0 || r > 1 {
				t.Fatalf("seed %d: a rollout scored %v", seed, r)
			}
			checked++
			return checked%4 == 0
		})
	}
	if checked == 0 {
		t.Fatal("no game reached a policeman's movement in the hunt")
	}
}

// TestShortfallSearchIsFair plays the shortfall search at a police seat
// into the hunt from the real world and from worlds drawn from its view
// (gametest.BotTwins): its choices must be the same, and with no budget
// each searched decision plays its cap of rollouts.
func TestShortfallSearchIsFair(t *testing.T) {
	cap := 2 * policeCandidates
	searched, rollouts := 0, 0
	for seed := uint64(1); seed <= 2; seed++ {
		_, err := gametest.BotTwins(gametest.BotTwinConfig{Rules: whitechapel.Rules{}, Seed: seed, Seat: 1, Decisions: 12,
			NewBot: func(seat game.Seat, s uint64) (game.Bot, error) {
				return searchProbe{NewSearch(game.BotConfig{Rules: whitechapel.Rules{}, Seat: seat, Seed: s, Budget: -1, Level: "hard-8"}, cap), &searched, &rollouts}, nil
			}})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
	if searched == 0 {
		t.Fatal("no decision was searched")
	}
	if rollouts != cap*searched {
		t.Errorf("%d rollouts over %d searched decisions, want %d each", rollouts, searched, cap)
	}
}

// TestSearchLevels: a police base before the rollout cap.
func TestSearchLevels(t *testing.T) {
	for level, want := range map[string]int{"": 120, "hard": 400, "40": 40, "normal-60": 60, "hard-8": 8, "easy-5": 120} {
		if got := SearchRollouts(level); got != want {
			t.Errorf("SearchRollouts(%q) = %d, want %d", level, got, want)
		}
	}
}
