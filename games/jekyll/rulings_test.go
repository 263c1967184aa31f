package jekyll

// The rule tests added so that every rule of RULINGS J1-J9 and of seed 003
// has a test that names it; the table at the top of rules_test.go maps each
// ruling to all its tests.

import (
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gaslamp/game"
)

// TestJ1DeckIsThreeColoursOneToEightAndFourPotions checks J1: "red (Cunning, Ruse), blue (Fear, Peur) and black (Manipulation), values 1-8 each, and 4 potions".
func TestJ1DeckIsThreeColoursOneToEightAndFourPotions(t *testing.T) {
	cfg, _ := parseConfig(classic)
	deck := cfg.deckCards()
	if count(deck) != 28 || NumCards != 28 {
		t.Fatalf("%d cards in the classic game, want 28", count(deck))
	}
	values := map[string]int{}
	potions := 0
	for _, c := range cardsOf(deck) {
		if back, ok := ParseCard(c.String()); !ok || back != c {
			t.Fatalf("card %d reads back as %v", c, back)
		}
		if c.IsPotion() {
			potions++
			continue
		}
		values[colourNames[c.Colour()]] |= 1 << c.Value()
	}
	for _, col := range []string{"red", "blue", "black"} {
		if values[col] != 0x1FE {
			t.Errorf("%s holds values %b, want each of 1-8 once", col, values[col])
		}
	}
	if len(values) != 3 || potions != 4 {
		t.Fatalf("%d colours and %d potions, want 3 and 4", len(values), potions)
	}
	// The thematic names of the colours, in English and in the seed's French.
	cat := Rules{}.Messages()
	for col, names := range map[string][2]string{"red": {"Cunning", "Ruse"}, "blue": {"Fear", "Peur"}, "black": {"Manipulation", "Manipulation"}} {
		if en, fr := cat["en"]["jekyll.colour."+col], cat["fr"]["jekyll.colour."+col]; !strings.Contains(en, names[0]) || !strings.Contains(fr, names[1]) {
			t.Errorf("%s is named %q / %q, want %s / %s", col, en, fr, names[0], names[1])
		}
	}
}

// TestJ2SetAsideCardsNeverSeenByEitherSeat checks J2: "12 cards each, 4 set aside unseen": no view or event names them before the end.
func TestJ2SetAsideCardsNeverSeenByEitherSeat(t *testing.T) {
	looked := 0
	for seed := uint64(1); seed <= 60; seed++ {
		opts := game.Options{"chapter": strconv.Itoa(1 + int(seed)%NumChapters)}
		st := seeded(t, opts, seed)
		rng := game.NewRand(seed)
		for st.phase != phaseOver {
			var log game.Log
			stepRandom(t, st, &rng, &log)
			aside := st.aside
			if (st.seen[0]|st.seen[1])&aside != 0 {
				t.Fatalf("seed %d: a seat held a set-aside card", seed)
			}
			for s := game.Spectator; s <= Hyde; s++ {
				for _, e := range log.For(s) {
					data, _ := json.Marshal(e)
					if bad := cardTokens(data) & aside; bad != 0 {
						t.Fatalf("seed %d: event %s shows seat %d the set-aside %v", seed, e.Type, s, names(bad))
					}
				}
				if st.phase == phaseOver {
					continue // the end shows everything
				}
				v := st.view(s)
				data, _ := json.Marshal(v)
				if bad := cardTokens(data) & aside; bad != 0 {
					t.Fatalf("seed %d: the view of seat %d shows the set-aside %v", seed, s, names(bad))
				}
				if v.Aside != count(aside) {
					t.Fatalf("seed %d: the view counts %d set-aside cards, want %d", seed, v.Aside, count(aside))
				}
				if aside != 0 {
					looked++
				}
			}
		}
	}
	if looked == 0 {
		t.Fatal("no set-aside cards were ever checked")
	}
}

// TestJ2CityDeckIsTheEightGiftsShuffled checks J2: "each gives 4 to the City, every 8 they hold among them; the 8 given are shuffled into the City deck".
func TestJ2CityDeckIsTheEightGiftsShuffled(t *testing.T) {
	const n = 30
	shuffled := 0
	for seed := uint64(1); seed <= n; seed++ {
		st := seeded(t, classic, seed)
		rng := game.NewRand(seed)
		for st.phase != phaseNight {
			stepRandom(t, st, &rng, nil)
		}
		var deck uint32
		for _, c := range st.r.Deck {
			deck |= bit(c)
		}
		if count(deck) != 8 || deck != st.gifts[0]|st.gifts[1] || count(st.gifts[0]) != 4 || count(st.gifts[1]) != 4 {
			t.Fatalf("seed %d: City deck %v, gifts %v and %v", seed, names(deck), names(st.gifts[0]), names(st.gifts[1]))
		}
		if (st.r.Hand[0]|st.r.Hand[1])&eightSet != 0 || count(st.r.Hand[0]) != 8 || count(st.r.Hand[1]) != 8 {
			t.Fatalf("seed %d: after the gifts each seat holds 8 cards and no 8", seed)
		}
		if st.r.Cur.Cards[0] != st.r.Deck[0] || st.r.Top != 1 {
			t.Fatalf("seed %d: the night starts with the City's top card", seed)
		}
		for i := 1; i < 8; i++ {
			if st.r.Deck[i] < st.r.Deck[i-1] {
				shuffled++
				break
			}
		}
	}
	if shuffled < n {
		t.Fatalf("the City deck was in card order in %d deals of %d: not shuffled", n-shuffled, n)
	}
}

// TestJ3CityRevealsThenTokenSeatThenOther checks J3: "the City reveals its top card first; then the first player, then the other".
func TestJ3CityRevealsThenTokenSeatThenOther(t *testing.T) {
	for first := range 2 {
		st := night(t, classic, "red-2 red-3", "red-4 red-5", "red-6 red-7", first)
		if st.r.Cur.Cards[0] != card(t, "red-6") || st.r.Top != 1 {
			t.Fatal("the City's top card must be revealed first")
		}
		if st.ToAct() != game.SeatsOf(game.Seat(first)) {
			t.Fatalf("first %d: the seat on the token must play first, to act %v", first, st.ToAct())
		}
		own := [2]string{"red-2", "red-4"}
		play(t, st, fmt.Sprintf("%d:play:%s", first, own[first]))
		if st.ToAct() != game.SeatsOf(game.Seat(1-first)) {
			t.Fatalf("first %d: the other seat must play second", first)
		}
		play(t, st, fmt.Sprintf("%d:play:%s", 1-first, own[1-first]))
		tv := st.view(game.Spectator).Tricks[0]
		if tv.Cards[0].By != "city" || tv.Cards[1].By != seatIDs[first] || tv.Cards[2].By != seatIDs[1-first] {
			t.Fatalf("first %d: trick order %+v", first, tv.Cards)
		}
	}
}

// TestJ3TrickWinnerPlaysFirstNext checks J3: "the winner of a trick plays first in the next".
func TestJ3TrickWinnerPlaysFirstNext(t *testing.T) {
	for first := range 2 {
		second := 1 - first
		var hands [2]string
		hands[first], hands[second] = "red-2 blue-1", "red-3 blue-2"
		st := night(t, classic, hands[0], hands[1], "red-1 blue-8", first)
		play(t, st, fmt.Sprintf("%d:play:red-2", first), fmt.Sprintf("%d:play:red-3", second))
		if st.r.Tricks[0].Owner != uint8(second) {
			t.Fatal("setup: the second seat must win trick 1")
		}
		if st.ToAct() != game.SeatsOf(game.Seat(second)) || st.view(Jekyll).First != seatIDs[second] {
			t.Fatalf("first %d: the winner %d must play first in trick 2", first, second)
		}
	}
}

// TestJ3CityWinLeavesTurnOrderUnchanged checks J3: "when the City wins, the order does not change".
func TestJ3CityWinLeavesTurnOrderUnchanged(t *testing.T) {
	for first := range 2 {
		st := night(t, classic, "red-2 blue-1", "red-3 blue-2", "red-8 blue-8", first)
		own := [2][2]string{{"red-2", "blue-1"}, {"red-3", "blue-2"}}
		for trick := range 2 {
			play(t, st, fmt.Sprintf("%d:play:%s", first, own[first][trick]), fmt.Sprintf("%d:play:%s", 1-first, own[1-first][trick]))
			if st.r.Tricks[trick].Owner != city {
				t.Fatal("setup: the City must win")
			}
			if st.r.First != uint8(first) || st.ToAct() != game.SeatsOf(game.Seat(first)) {
				t.Fatalf("first %d: after the City's trick %d the order changed", first, trick+1)
			}
		}
	}
}

// TestJ3TokenRandomAtChapterStartCarriesIntoRound2 checks J3: "The turn-order token is set at random at the start of a chapter" (and carries on).
// Both seats start a chapter over the seeds, and round 2 starts with the
// token where round 1 left it (the last player to win a trick).
func TestJ3TokenRandomAtChapterStartCarriesIntoRound2(t *testing.T) {
	var starts [2]int
	carried := 0
	for seed := uint64(1); seed <= 40; seed++ {
		st := seeded(t, classic, seed)
		want := st.r.First
		starts[want]++
		if st.view(Jekyll).First != seatIDs[want] {
			t.Fatal("the view must show the token")
		}
		rng := game.NewRand(seed)
		for st.phase != phaseOver && st.rnd == 0 {
			n := st.r.N
			stepRandom(t, st, &rng, nil)
			if st.rnd == 0 && st.r.N > n {
				if o := st.r.Tricks[st.r.N-1].Owner; o != city {
					want = o
				}
			}
		}
		if st.phase == phaseOver {
			continue // the chapter ended after round 1
		}
		if o := st.res[0].LastOwner; o != city {
			want = o
		}
		if st.r.First != want {
			t.Fatalf("seed %d: round 2 starts with the token on %d, want %d", seed, st.r.First, want)
		}
		for st.phase != phaseNight {
			stepRandom(t, st, &rng, nil)
		}
		if st.ToAct() != game.SeatsOf(game.Seat(want)) {
			t.Fatalf("seed %d: the first trick of round 2 starts with the wrong seat", seed)
		}
		carried++
	}
	if starts[0] == 0 || starts[1] == 0 {
		t.Fatalf("the token started on Jekyll %d times and on Hyde %d times: not random", starts[0], starts[1])
	}
	if carried < 10 {
		t.Fatalf("only %d chapters reached round 2", carried)
	}
}

// TestJ5RanksSetAgainEachRound checks J5: "Colour ranks are set for the round by first appearance" (round 2 starts without ranks).
func TestJ5RanksSetAgainEachRound(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 40; seed++ {
		st := seeded(t, classic, seed)
		rng := game.NewRand(seed)
		for st.phase != phaseOver && !(st.rnd == 1 && st.phase == phaseNight) {
			stepRandom(t, st, &rng, nil)
		}
		if st.phase == phaseOver {
			continue
		}
		want := [3]int8{-1, -1, -1}
		ranked := uint8(0)
		if c := st.r.Cur.Cards[0]; !c.IsPotion() {
			want[c.Colour()], ranked = 0, 1
		}
		if st.r.Strength != want || st.r.Ranked != ranked {
			t.Fatalf("seed %d: round 2 starts with ranks %v (%d ranked) after the City's %v", seed, st.r.Strength, st.r.Ranked, st.r.Cur.Cards[0])
		}
		checked++
	}
	if checked < 10 {
		t.Fatalf("only %d chapters reached round 2", checked)
	}
}

// TestJ6PotionThenPartnersColourPartnerApplies checks J6: "The player who played the second card of the pair applies it" (potion first).
func TestJ6PotionThenPartnersColourPartnerApplies(t *testing.T) {
	// Trick 2: the City's potion-2, Jekyll's potion-1 (two potions: no pair),
	// Hyde's red-4 pairs with Jekyll's potion: Hyde takes trick 1.
	st := cityWonFirst(t, classic, "red-1 potion-1 blue-1", "red-2 red-4 black-1", "red-8 potion-2 blue-3")
	if log := play(t, st, "0:play:potion-1"); hasEvent(log, "jekyll.reaction") {
		t.Fatal("two potions make no reaction")
	}
	log := play(t, st, "1:play:red-4")
	var by any
	for _, e := range log.Events {
		if e.Type == "jekyll.reaction" {
			by = e.Data.(map[string]any)["seat"]
		}
	}
	if by != "hyde" || st.r.Tricks[0].Owner != uint8(Hyde) {
		t.Fatalf("Hyde must react and take trick 1: reaction by %v, owner %d", by, st.r.Tricks[0].Owner)
	}
}

// TestJ6RedTakesTheTrickTheCityWonLast checks J6: "red, take the trick the City won last into that player's tricks".
func TestJ6RedTakesTheTrickTheCityWonLast(t *testing.T) {
	st := night(t, classic, "red-1 red-4 potion-1 blue-1", "red-2 red-5 black-1 potion-3", "red-8 red-7 red-3 red-6", 0)
	play(t, st, "0:play:red-1", "1:play:red-2", "0:play:red-4", "1:play:red-5")
	if st.r.Tricks[0].Owner != city || st.r.Tricks[1].Owner != city {
		t.Fatal("setup: the City must win tricks 1 and 2")
	}
	// Trick 3: the City's red-3 and Jekyll's potion: Jekyll takes trick 2.
	play(t, st, "0:play:potion-1")
	if st.r.Tricks[1].Owner != uint8(Jekyll) || st.r.Tricks[0].Owner != city || st.r.T[Jekyll] != 1 {
		t.Fatalf("Jekyll must take trick 2, the City's last: owners %d %d", st.r.Tricks[0].Owner, st.r.Tricks[1].Owner)
	}
	play(t, st, "1:play:black-1") // black is stronger than red: Hyde wins trick 3
	// Trick 4: the City's red-6 and Hyde's potion: Hyde takes trick 1, the
	// last the City still holds.
	play(t, st, "1:play:potion-3")
	if st.r.Tricks[0].Owner != uint8(Hyde) || st.r.Tricks[1].Owner != uint8(Jekyll) {
		t.Fatalf("Hyde must take trick 1: owners %d %d", st.r.Tricks[0].Owner, st.r.Tricks[1].Owner)
	}
}

// TestJ7PawnMovesTheTricksOfThePlayerWithFewer checks J7: the pawn moves "as many spaces as the tricks of the player with fewer tricks".
func TestJ7PawnMovesTheTricksOfThePlayerWithFewer(t *testing.T) {
	cfg, _ := parseConfig(classic)
	for _, c := range []struct {
		tricks [2]uint8
		gain   int8
	}{{[2]uint8{5, 3}, 3}, {[2]uint8{3, 5}, 3}, {[2]uint8{0, 8}, 0}, {[2]uint8{7, 0}, 0}, {[2]uint8{4, 4}, 4}, {[2]uint8{1, 6}, 1}} {
		// Won potions count for nothing (neither 8s nor 1-3).
		out := cfg.score(3, 0, c.tricks, potionSet, 0, false)
		if out.PawnGain != c.gain || out.YardGain != 0 {
			t.Errorf("tricks %v: pawn +%d, Yard +%d; want +%d, +0", c.tricks, out.PawnGain, out.YardGain, c.gain)
		}
	}
}

// TestJ7EndOfRoundCountsOnlyThePlayersWonCards checks J7: 8s and cards of 1-3 count "among the players' won cards" (not the City's).
func TestJ7EndOfRoundCountsOnlyThePlayersWonCards(t *testing.T) {
	st := lastTrick(t, classic, 0, 3, 0, [2]uint8{2, 5}, mask(t, "red-8 blue-2 blue-5"), mask(t, "black-1 black-2 black-3 blue-8"),
		"black-5", "black-6", "black-4", 0)
	play(t, st, "0:play:black-5", "1:play:black-6")
	// Tricks 2 and 6: the pawn moves 2 + 1 (red-8); Scotland Yard 1 (blue-2).
	r := st.res[0]
	if !r.Done || r.Tricks != [2]uint8{2, 6} || r.PawnGain != 3 || r.YardGain != 1 || st.pawn != 6 || st.yard != 1 {
		t.Fatalf("round 1 scored %+v, pawns %d %d", r, st.pawn, st.yard)
	}
	if st.phase != phaseTalk || st.Round() != 2 {
		t.Fatal("round 2 must follow")
	}
}

// TestJ7CaptureEndsTheChapterAtOnce checks J7: "Scotland Yard reaching or passing the pawn loses at once" (round 2 is not played).
func TestJ7CaptureEndsTheChapterAtOnce(t *testing.T) {
	for _, yard := range []int8{1, 2} { // reaching the pawn, passing it
		st := lastTrick(t, classic, 0, 3, yard, [2]uint8{0, 7}, mask(t, "red-1 red-2"), 0, "black-5", "black-6", "black-4", 0)
		play(t, st, "0:play:black-5", "1:play:black-6")
		o := st.Outcome()
		if st.phase != phaseOver || st.result != resCapture || !o.Over || o.Winner != "city" || st.Round() != 1 {
			t.Fatalf("Scotland Yard from %d to %d, pawn at %d: outcome %+v", yard, st.yard, st.pawn, o)
		}
	}
}

// TestJ7OvershootToYardNeedsTheYardPawn checks J7: "a pawn that would move past the last space loses", option or not, without a Yard pawn.
func TestJ7OvershootToYardNeedsTheYardPawn(t *testing.T) {
	cfg, _ := parseConfig(game.Options{"chapter": "3", "overshoot-to-yard": "true"})
	if out := cfg.score(10, 0, [2]uint8{3, 3}, 0, 0, false); out.Res != resOvershoot {
		t.Fatalf("without Scotland Yard an overshoot still loses: %+v", out)
	}
}

// TestJ9Chapter7EmptyCabinetTwoPotionsTwoAside checks J9 (challenge 7, empty-cabinet): "only potion-1 and potion-2 are in the game; 2 cards are set aside".
func TestJ9Chapter7EmptyCabinetTwoPotionsTwoAside(t *testing.T) {
	want := colourSet[0] | colourSet[1] | colourSet[2] | mask(t, "potion-1 potion-2")
	for seed := uint64(1); seed <= 10; seed++ {
		st := seeded(t, game.Options{"chapter": "7"}, seed)
		play(t, st, "0:ready", "1:ready")
		if all := st.r.Hand[0] | st.r.Hand[1] | st.aside; all != want || count(st.aside) != 2 {
			t.Fatalf("seed %d: cards in play %v, %d aside", seed, names(all), count(st.aside))
		}
	}
}

// TestJ9Chapter8PeaSouperRanksDrawnEachRound checks J9 (challenge 8, pea-souper): "the colour ranks are drawn at random at the deal of each round".
// Plays never move them (no first appearance); a blue reaction still swaps.
func TestJ9Chapter8PeaSouperRanksDrawnEachRound(t *testing.T) {
	perms := map[[3]int8]bool{}
	redrawn, swaps := 0, 0
	for seed := uint64(1); seed <= 40; seed++ {
		st := seeded(t, game.Options{"chapter": "8"}, seed)
		rng := game.NewRand(seed)
		var drawn [2][3]int8
		for st.phase != phaseOver {
			before, phase, rnd := st.r.Strength, st.phase, st.rnd
			var log game.Log
			stepRandom(t, st, &rng, &log)
			switch {
			case phase == phaseTalk && st.phase == phaseGive:
				s := st.r.Strength
				if st.r.Ranked != 3 || s[0]+s[1]+s[2] != 3 || s[0] == s[1] || s[1] == s[2] || s[0] == s[2] {
					t.Fatalf("seed %d: ranks at the deal %v (%d ranked)", seed, s, st.r.Ranked)
				}
				drawn[st.rnd] = s
				perms[s] = true
				if st.rnd == 1 && s != drawn[0] {
					redrawn++
				}
			case phase == phaseNight && st.phase == phaseNight && rnd == st.rnd && st.r.Strength != before:
				if !hasEvent(&log, "jekyll.swapped-ranks") {
					t.Fatalf("seed %d: the ranks moved from %v to %v without a blue reaction", seed, before, st.r.Strength)
				}
				swaps++
			}
		}
	}
	if len(perms) < 4 || redrawn == 0 || swaps == 0 {
		t.Fatalf("%d rank orders drawn, %d redrawn in round 2, %d blue swaps", len(perms), redrawn, swaps)
	}
}

// TestJ9Chapter9HydeUnboundHydeAlwaysFirst checks J9 (challenge 9, hyde-unbound): "Hyde always plays right after the City".
func TestJ9Chapter9HydeUnboundHydeAlwaysFirst(t *testing.T) {
	jekyllWins := 0
	for seed := uint64(1); seed <= 20; seed++ {
		st := seeded(t, game.Options{"chapter": "9"}, seed)
		rng := game.NewRand(seed)
		for st.phase != phaseOver {
			if st.phase == phaseNight && st.r.Pos == 1 && st.r.Pend == pendNone && st.ToAct() != game.SeatsOf(Hyde) {
				t.Fatalf("seed %d, round %d, trick %d: %v plays first", seed, st.Round(), st.r.N+1, st.ToAct())
			}
			var log game.Log
			stepRandom(t, st, &rng, &log)
			for _, e := range log.Events {
				if e.Type == "jekyll.trick" && e.Data.(map[string]any)["winner"] == "jekyll" {
					jekyllWins++
				}
			}
		}
	}
	if jekyllWins == 0 {
		t.Fatal("Jekyll never won a trick: the rule was not exercised")
	}
}

// TestJ9Chapter10BeforeDawnNeedsTheLastTrick checks J9 (challenge 10, before-dawn): "the players must also win the last trick of round 2".
func TestJ9Chapter10BeforeDawnNeedsTheLastTrick(t *testing.T) {
	dawn, _ := parseConfig(game.Options{"chapter": "10"})
	if out := dawn.score(9, 0, [2]uint8{3, 4}, 0, city, true); out.Res != resLastWord {
		t.Fatalf("before-dawn needs the last trick: %+v", out)
	}
	if out := dawn.score(9, 0, [2]uint8{3, 4}, 0, uint8(Hyde), true); out.Res != resWin {
		t.Fatalf("before-dawn with the last trick wins: %+v", out)
	}
	if out := dawn.score(5, 0, [2]uint8{3, 4}, 0, city, false); out.Res != resNone {
		t.Fatalf("the last trick of round 1 does not matter: %+v", out)
	}
	cfg, _ := parseConfig(classic)
	if out := cfg.score(9, 0, [2]uint8{3, 4}, 0, city, true); out.Res != resWin {
		t.Fatalf("the classic chapter does not need the last trick: %+v", out)
	}
}

// TestJ9Chapters5To10OneRuleChangeEachUnderOwnName checks J9: "5-10 ... its own challenges under its own names (never "Chapter 5" ...), each one rule change or goal".
func TestJ9Chapters5To10OneRuleChangeEachUnderOwnName(t *testing.T) {
	classicDef := reflect.ValueOf(chapters[4])
	numbered := regexp.MustCompile(`(?i)[0-9]|chap|hoofdstuk`)
	keys := map[string]bool{}
	for ch := 5; ch <= NumChapters; ch++ {
		d := reflect.ValueOf(chapters[ch])
		var changed []string
		for i := 0; i < d.NumField(); i++ {
			if f := d.Type().Field(i).Name; f != "Key" && !d.Field(i).Equal(classicDef.Field(i)) {
				changed = append(changed, f)
			}
		}
		if len(changed) != 1 {
			t.Errorf("chapter %d (%s) changes %v, want one rule", ch, chapters[ch].Key, changed)
		}
		key := chapters[ch].Key
		if keys[key] || numbered.MatchString(key) {
			t.Errorf("chapter %d: key %q", ch, key)
		}
		keys[key] = true
		for _, lang := range game.Languages {
			if name := catalog[lang]["jekyll.chapter."+key]; name == "" || numbered.MatchString(name) {
				t.Errorf("chapter %d in %s is named %q: its own name, never a chapter number", ch, lang, name)
			}
		}
	}
}

// TestJ9TwoRoundsPerChapterEachOfEightTricks checks J9 and the seed: "Chaque chapitre se joue en deux manches. Chaque manche se compose de 8 plis."
func TestJ9TwoRoundsPerChapterEachOfEightTricks(t *testing.T) {
	full := 0
	for seed := uint64(1); seed <= 50; seed++ {
		st := seeded(t, game.Options{"chapter": strconv.Itoa(1 + int(seed)%NumChapters)}, seed)
		rng := game.NewRand(seed)
		tricks, rounds := 0, 0
		for st.phase != phaseOver {
			phase := st.phase
			var log game.Log
			stepRandom(t, st, &rng, &log)
			if phase == phaseGive && st.phase == phaseNight && (count(st.r.Hand[0]) != 8 || count(st.r.Hand[1]) != 8) {
				t.Fatalf("seed %d: the night starts with hands of %d and %d cards", seed, count(st.r.Hand[0]), count(st.r.Hand[1]))
			}
			for _, e := range log.Events {
				switch e.Type {
				case "jekyll.trick":
					tricks++
				case "jekyll.scored":
					if tricks != 8 {
						t.Fatalf("seed %d: round %d scored after %d tricks", seed, rounds+1, tricks)
					}
					tricks = 0
					rounds++
				}
			}
		}
		early := st.res[0].Res == resCapture || st.res[0].Res == resOvershoot // the only ways round 1 ends a chapter
		if rounds != 2 && !(rounds == 1 && early) {
			t.Fatalf("seed %d: the chapter ended after %d rounds (%s)", seed, rounds, resultKeys[st.result])
		}
		if rounds == 2 {
			full++
		}
	}
	if full == 0 {
		t.Fatal("no chapter reached its second round")
	}
}

// TestJ9CampaignScoreAddsTheChapterStars checks the campaign (J10, DIGEST B5): "the score is added up across the campaign".
// A won chapter gives 1 star plus one per feat (last-word, clean-hands), a
// lost one 0; the new total is campaign-score plus the stars.
func TestJ9CampaignScoreAddsTheChapterStars(t *testing.T) {
	for _, c := range []struct {
		pawn      int8
		lastOwner uint8 // of round 1
		low       uint8 // of round 1
		stars     int
		feats     []string
	}{
		{9, 0, 0, 3, []string{"last-word", "clean-hands"}},
		{9, city, 0, 2, []string{"clean-hands"}},
		{9, 1, 2, 2, []string{"last-word"}},
		{9, city, 2, 1, nil},
		{8, 0, 0, 0, nil}, // one short: lost
	} {
		st := lastTrick(t, game.Options{"campaign-score": "5"}, 1, c.pawn, 0, [2]uint8{3, 4}, 0, 0, "black-5", "black-6", "black-4", 0)
		st.res[0] = roundResult{Done: true, LastOwner: c.lastOwner, Low: c.low}
		play(t, st, "0:play:black-5", "1:play:black-6") // Hyde wins the last trick: the pawn moves 3
		v := st.view(Jekyll)
		if st.phase != phaseOver || int(st.stars) != c.stars || st.CampaignScore() != 5+c.stars ||
			v.Stars != c.stars || v.Campaign != 5+c.stars || !reflect.DeepEqual(v.Feats, c.feats) {
			t.Errorf("%+v: %s, %d stars, campaign %d, feats %v", c, resultKeys[st.result], st.stars, st.CampaignScore(), v.Feats)
		}
	}
}

// TestSeed003CoOperativePairAgainstTheCity checks seed 003: "un jeu de plis coopératif pour 2 joueurs ... contre la ville de Londres".
func TestSeed003CoOperativePairAgainstTheCity(t *testing.T) {
	if s := (Rules{}).Sides(); !reflect.DeepEqual(s, []string{"players", "city"}) {
		t.Fatalf("sides %v", s)
	}
	seats, err := Rules{}.Seats(classic)
	if err != nil || len(seats) != 2 || seats[0].ID != "jekyll" || seats[1].ID != "hyde" ||
		seats[0].Side != "players" || seats[1].Side != "players" {
		t.Fatalf("seats %+v %v", seats, err)
	}
	for seed := uint64(1); seed <= 20; seed++ {
		_, o := RandomGame(seed, classic)
		if !o.Over || (o.Winner != "players" && o.Winner != "city") {
			t.Fatalf("seed %d: outcome %+v", seed, o)
		}
	}
}

// TestJ10CampaignStarsOnlyWithCampaignScore checks J10: stars and feats are
// gaslamp's own, given only when the table turns campaign-score on (off by
// default): without it a won chapter gives no stars, no feats, an outcome
// without stars and an end event without them; the view says which.
func TestJ10CampaignStarsOnlyWithCampaignScore(t *testing.T) {
	for _, on := range []bool{false, true} {
		opts := game.Options{}
		if on {
			opts["campaign-score"] = "0"
		}
		st := lastTrick(t, opts, 1, 9, 0, [2]uint8{3, 4}, 0, 0, "black-5", "black-6", "black-4", 0)
		st.res[0] = roundResult{Done: true, LastOwner: 0}
		log := play(t, st, "0:play:black-5", "1:play:black-6")
		var over map[string]any
		for _, e := range log.For(Jekyll) {
			if e.Type == "jekyll.over" {
				over = e.Data.(map[string]any)
			}
		}
		if _, ok := over["stars"]; over == nil || ok != on {
			t.Fatalf("campaign %v: end event %v", on, over)
		}
		v := st.view(Jekyll)
		o := st.Outcome()
		if st.result != resWin || v.Rules.CampaignScore != on {
			t.Fatalf("campaign %v: %s, view campaignScore %v", on, resultKeys[st.result], v.Rules.CampaignScore)
		}
		if on {
			if v.Stars != 3 || len(v.Feats) != 2 || v.Campaign != 3 || o.Reason.Key != "jekyll.reason.win" {
				t.Fatalf("campaign on: %d stars, feats %v, reason %s", v.Stars, v.Feats, o.Reason.Key)
			}
			continue
		}
		if v.Stars != 0 || len(v.Feats) != 0 || v.Campaign != 0 || o.Reason.Key != "jekyll.reason.win-plain" {
			t.Fatalf("campaign off: %d stars, feats %v, reason %s", v.Stars, v.Feats, o.Reason.Key)
		}
	}
	if d := optionSpecs[len(optionSpecs)-1]; d.Name != "campaign-score" || d.Default != "off" {
		t.Fatalf("campaign-score must be off by default: %+v", d)
	}
}

// TestJ9ChapterPickerShowsEachChaptersName checks J9 and J11: the lobby's
// picker (keys jekyll.option.chapter.N) shows each chapter's own name in
// every language, never a bare number; the product's challenges 5-10 are
// marked as gaslamp's own; the options that are the product's choice (J8,
// J10) say so at table creation.
func TestJ9ChapterPickerShowsEachChaptersName(t *testing.T) {
	cat := Rules{}.Messages()
	mark := map[string]string{"en": "gaslamp", "fr": "gaslamp", "nl": "gaslamp"}
	for lang, m := range cat {
		for n := 1; n <= NumChapters; n++ {
			label := m["jekyll.option.chapter."+strconv.Itoa(n)]
			name := m["jekyll.chapter."+chapters[n].Key]
			if label == "" || name == "" || !strings.Contains(label, name) {
				t.Errorf("%s: chapter %d shows %q (name %q)", lang, n, label, name)
			}
			if own := strings.Contains(label, mark[lang]); own != (n > 4) {
				t.Errorf("%s: chapter %d %q: marked as gaslamp's own %v", lang, n, label, own)
			}
			if n > 4 && strings.Contains(label, strconv.Itoa(n)) {
				t.Errorf("%s: challenge %d %q carries a published chapter number", lang, n, label)
			}
		}
		for _, k := range []string{"track-length", "start-jh", "start-yard", "campaign-score", "chapter"} {
			if !strings.Contains(m["jekyll.opt."+k], mark[lang]) {
				t.Errorf("%s: option %s does not say it is gaslamp's choice: %q", lang, k, m["jekyll.opt."+k])
			}
		}
	}
	// The lobby's mark of the chapter option stays off the classic night
	// only, the one chapter that is the published game.
	for _, o := range (Rules{}).OptionSpecs() {
		want := []string(nil)
		if o.Name == "chapter" {
			want = []string{"4"}
		}
		if !reflect.DeepEqual(o.Published, want) {
			t.Errorf("option %s: published choices %v, want %v", o.Name, o.Published, want)
		}
	}
}
