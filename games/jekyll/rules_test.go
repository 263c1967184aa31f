package jekyll

// Every rule of RULINGS.md J1-J11 and of seed 003 (shared/rules) and its tests
// (rules_test.go unless marked: n rulings_test.go, t track_test.go, m
// misc_test.go, c conformance_test.go). Each test's doc comment quotes its rule.
// A test here that builds its position by hand (night, lastTrick) has a twin
// reached by legal play in fromplay_test.go, named after it with _FromPlay
// (J2, J3, J4, J5, J6 red, blue and black with their void cases, J7 scoring
// and capture, J10 stars).
//
//	J1  3 colours of 1-8, 4 potions, names     n TestJ1DeckIsThreeColoursOneToEightAndFourPotions
//	    symbols with the colours (+, X, round)  web/jstest/games.test.mjs "jekyll: cards parse, sort and read ..."
//	J2  chat by day; 12 each, 4 aside           TestJ2DayTwelveEachFourAsideBothSeatsGiveAtOnce
//	    the 4 set aside are never seen          n TestJ2SetAsideCardsNeverSeenByEitherSeat, m TestJ2SecrecyCheckCatchesLeaks, c TestConformance
//	    give 4, every 8 held among them         TestJ2DayMustGiveEights, n TestJ2CityDeckIsTheEightGiftsShuffled
//	    the 8 gifts shuffled: the City deck     n TestJ2CityDeckIsTheEightGiftsShuffled
//	    no chat from the deal to round's end    TestJ2ChatClosedFromDealToEndOfRound
//	J3  City first, then token seat, other      n TestJ3CityRevealsThenTokenSeatThenOther, TestJ3OutOfTurnRefused
//	    token random at chapter start, carried  n TestJ3TokenRandomAtChapterStartCarriesIntoRound2
//	    trick winner plays first next           n TestJ3TrickWinnerPlaysFirstNext, TestJ5ColourRanksByFirstAppearance
//	    City wins: order unchanged              n TestJ3CityWinLeavesTurnOrderUnchanged, TestJ5HighestOfStrongestColourWins
//	    8 tricks a round                        n TestJ9TwoRoundsPerChapterEachOfEightTricks
//	J4  hold the led colour: it or a potion     TestJ4FollowRuleMustPlayLedColourOrPotion, TestJ4FollowRuleWithoutPotionNamesNone
//	    void: anything; City potion: anything   TestJ4FollowRuleVoidPlaysAnything, TestJ4FollowRulePotionLedPlaysAnything
//	J5  ranks by first appearance, per round    TestJ5ColourRanksByFirstAppearance, n TestJ5RanksSetAgainEachRound
//	    highest of the strongest colour wins    TestJ5HighestOfStrongestColourWins
//	    potions never win; potions only: City   TestJ5PotionsNeverWinAndPotionsOnlyGoToCity
//	J6  pair in either order, City card counts  TestJ6ReactionRedPotionAfterCitysCard, TestJ6ReactionRedColourAfterPotion
//	    the second card's player applies it     TestJ6ReactionSecondPairAppliedBySecondPlayer, n TestJ6PotionThenPartnersColourPartnerApplies
//	    red: the City's last trick              n TestJ6RedTakesTheTrickTheCityWonLast, TestJ6ReactionRedNothingToTake
//	    blue: swap two ranks                    TestJ6ReactionBlueSwapsTwoRanks, TestJ6ReactionBlueTwoRankedSwapsItself, TestJ6ReactionBlueOneRankedDoesNothing
//	    black: hand card <-> City's top card    TestJ6ReactionBlackSwapsWithCitysTopCard, TestJ6ReactionBlackEmptyDeckDoesNothing
//	    (doc.go) a card in one pair at most     TestJ6ReactionCardInOnlyOnePair
//	J7  pawn: tricks of the player with fewer   n TestJ7PawnMovesTheTricksOfThePlayerWithFewer, n TestJ7EndOfRoundCountsOnlyThePlayersWonCards
//	    +1 per 8; Yard +1 per 1-3 (players')    TestJ7ScoringEightsMovePawnLowCardsMoveYard, n TestJ7EndOfRoundCountsOnlyThePlayersWonCards
//	    overshoot loses; overshoot-to-yard      TestJ7ScoringOvershootLoses, TestJ7ScoringOvershootToYard, n TestJ7OvershootToYardNeedsTheYardPawn
//	    Yard reaching or passing: lost at once  TestJ7ScoringCaptureLosesAtOnce, n TestJ7CaptureEndsTheChapterAtOnce
//	    after round 2: exactly the last space   TestJ7ScoringExactFinishWins
//	J8  track 0..12, J&H 3, Yard 0, per chapter t TestJ8ChapterTrackDefaults, TestJ8OptionsValidated
//	    tuned: classic winnable, teaching easy  t TestJ8ClassicChapterWinnable, t TestJ8TeachingChaptersWinnable
//	J9  1-3 teach, 4 classic                    TestJ9Chapters1To4Differences, TestJ9Chapter1HasNoPotionsNoYard, TestJ9Chapter2PotionsMakeNoReaction
//	    5-10 own names, one change each         n TestJ9Chapters5To10OneRuleChangeEachUnderOwnName
//	    5 looking-glass, 6 hounds               TestJ9Chapter5LookingGlassFirstColourStrongest, TestJ9Chapter6HoundsMoveYardEachRound
//	    7 empty-cabinet, 8 pea-souper           n TestJ9Chapter7EmptyCabinetTwoPotionsTwoAside, n TestJ9Chapter8PeaSouperRanksDrawnEachRound
//	    9 hyde-unbound, 10 before-dawn          n TestJ9Chapter9HydeUnboundHydeAlwaysFirst, n TestJ9Chapter10BeforeDawnNeedsTheLastTrick
//	    two rounds per chapter                  n TestJ9TwoRoundsPerChapterEachOfEightTricks
//	    chapter picker shows names (J9, J11)    n TestJ9ChapterPickerShowsEachChaptersName
//	J10 campaign score (stars, DIGEST B5)       n TestJ9CampaignScoreAddsTheChapterStars
//	    stars only with campaign-score          n TestJ10CampaignStarsOnlyWithCampaignScore
//	J11 product's choices said at creation      n TestJ9ChapterPickerShowsEachChaptersName
//	S3  seed: a co-operative pair vs the City   n TestSeed003CoOperativePairAgainstTheCity

import (
	"testing"

	"gaslamp/game"
)

var classic = game.Options{}

// TestJ4FollowRuleMustPlayLedColourOrPotion checks J4: "a player holding the led colour plays that colour or a potion".
func TestJ4FollowRuleMustPlayLedColourOrPotion(t *testing.T) {
	st := night(t, classic, "red-2 blue-3 potion-1", "blue-4 black-5 red-6", "red-5 blue-1", 0)
	got := legalSet(st, Jekyll)
	if len(got) != 2 || !got[`{"kind":"play","card":"red-2"}`] || !got[`{"kind":"play","card":"potion-1"}`] {
		t.Fatalf("legal %v", got)
	}
	err := st.Apply(Jekyll, PlayMove(card(t, "blue-3")), nil)
	if game.CodeOf(err) != game.CodeIllegal || err.(*game.Error).Text.Key != "jekyll.err.must-follow" {
		t.Fatalf("off-colour play: %v", err)
	}
}

// TestJ4FollowRuleWithoutPotionNamesNone checks J4's words: a player who
// holds the led colour and no potion (chapter 1 has none at all) is asked,
// and refused, without "or a potion".
func TestJ4FollowRuleWithoutPotionNamesNone(t *testing.T) {
	st := night(t, classic, "red-2 blue-3 black-1", "blue-4 black-5 red-6", "red-5 blue-1", 0)
	got := legalSet(st, Jekyll)
	if len(got) != 1 || !got[`{"kind":"play","card":"red-2"}`] {
		t.Fatalf("legal %v", got)
	}
	if key := st.view(Jekyll).Prompt.Key; key != "jekyll.prompt.follow-only" {
		t.Fatalf("prompt %s", key)
	}
	err := st.Apply(Jekyll, PlayMove(card(t, "blue-3")), nil)
	if game.CodeOf(err) != game.CodeIllegal || err.(*game.Error).Text.Key != "jekyll.err.must-follow-only" {
		t.Fatalf("off-colour play: %v", err)
	}
	with := night(t, classic, "red-2 blue-3 potion-1", "blue-4 black-5 red-6", "red-5 blue-1", 0)
	if key := with.view(Jekyll).Prompt.Key; key != "jekyll.prompt.follow" {
		t.Fatalf("prompt with a potion in hand %s", key)
	}
}

// TestJ4FollowRuleVoidPlaysAnything checks J4: a player without the led colour plays "anything".
func TestJ4FollowRuleVoidPlaysAnything(t *testing.T) {
	st := night(t, classic, "blue-3 black-2 potion-1", "red-6", "red-5", 0)
	if n := len(legalSet(st, Jekyll)); n != 3 {
		t.Fatalf("void player has %d moves, want 3", n)
	}
}

// TestJ4FollowRulePotionLedPlaysAnything checks J4: "If the City's card is a potion, anything".
func TestJ4FollowRulePotionLedPlaysAnything(t *testing.T) {
	st := night(t, classic, "red-2 blue-3 black-4", "red-6", "potion-2", 0)
	if n := len(legalSet(st, Jekyll)); n != 3 {
		t.Fatalf("after a City potion %d moves, want 3", n)
	}
}

// TestJ3OutOfTurnRefused checks J3: "the City reveals its top card first; then the first player, then the other" (the other may not play first).
func TestJ3OutOfTurnRefused(t *testing.T) {
	st := night(t, classic, "red-2", "red-6", "red-5", 0)
	if err := st.Apply(Hyde, PlayMove(card(t, "red-6")), nil); game.CodeOf(err) != game.CodeNotYourTurn {
		t.Fatalf("got %v", err)
	}
}

// TestJ5ColourRanksByFirstAppearance checks J5: "the first colour seen is the weakest, the third the strongest" (the City's card counts), and J3: "the winner of a trick plays first in the next".
func TestJ5ColourRanksByFirstAppearance(t *testing.T) {
	// red appears first (weakest), then blue, then black (strongest): black-2 wins.
	st := night(t, classic, "blue-8 blue-1", "black-2 black-3", "red-7 red-4", 0)
	play(t, st, "0:play:blue-8", "1:play:black-2")
	if st.r.Strength != [3]int8{0, 1, 2} {
		t.Fatalf("strengths %v", st.r.Strength)
	}
	if o := st.r.Tricks[0].Owner; o != uint8(Hyde) {
		t.Fatalf("trick won by %d, want Hyde", o)
	}
	if st.r.First != uint8(Hyde) {
		t.Fatal("the winner must play first next")
	}
}

// TestJ5HighestOfStrongestColourWins checks J5: "A trick goes to the highest value of the strongest colour in it", and J3: "when the City wins, the order does not change".
func TestJ5HighestOfStrongestColourWins(t *testing.T) {
	st := night(t, classic, "red-3 blue-1", "red-6 blue-2", "red-5 blue-7", 0)
	play(t, st, "0:play:red-3", "1:play:red-6")
	if o := st.r.Tricks[0].Owner; o != uint8(Hyde) {
		t.Fatalf("red-6 must win, owner %d", o)
	}
	// Trick 2: blue-7 from the City; blue is the new strongest colour.
	play(t, st, "1:play:blue-2", "0:play:blue-1")
	if o := st.r.Tricks[1].Owner; o != city {
		t.Fatalf("blue-7 must win for the City, owner %d", o)
	}
	if st.r.First != uint8(Hyde) {
		t.Fatal("a City win keeps the order")
	}
}

// TestJ9Chapter5LookingGlassFirstColourStrongest checks J9 (challenge 5, looking-glass): "the first colour seen is the strongest".
func TestJ9Chapter5LookingGlassFirstColourStrongest(t *testing.T) {
	st := night(t, game.Options{"chapter": "5"}, "blue-8 blue-1", "black-2 black-3", "red-7 red-4", 0)
	play(t, st, "0:play:blue-8", "1:play:black-2")
	if o := st.r.Tricks[0].Owner; o != city {
		t.Fatalf("red-7 (first seen) must win in the mirror chapter, owner %d", o)
	}
}

// TestJ5PotionsNeverWinAndPotionsOnlyGoToCity checks J5: "Potions never win a trick; a trick of potions only goes to the City".
func TestJ5PotionsNeverWinAndPotionsOnlyGoToCity(t *testing.T) {
	st := night(t, classic, "potion-2 red-1", "potion-3 red-2", "potion-1 red-3", 0)
	log := play(t, st, "0:play:potion-2", "1:play:potion-3")
	if st.r.Tricks[0].Owner != city {
		t.Fatal("a trick of potions goes to the City")
	}
	if hasEvent(log, "jekyll.reaction") {
		t.Fatal("potions in a row make no reaction")
	}
	st = night(t, classic, "potion-2", "blue-1", "potion-1", 0)
	play(t, st, "0:play:potion-2", "1:play:blue-1")
	if st.r.Tricks[0].Owner != uint8(Hyde) {
		t.Fatal("the only coloured card must win")
	}
}

// cityWonFirst plays a first trick the City wins.
func cityWonFirst(t *testing.T, opts game.Options, j, h, deck string) *State {
	st := night(t, opts, j, h, deck, 0)
	play(t, st, "0:play:red-1", "1:play:red-2")
	if st.r.Tricks[0].Owner != city {
		t.Fatal("setup: the City must win trick 1")
	}
	return st
}

// TestJ6ReactionRedPotionAfterCitysCard checks J6: a coloured card then a potion, "the City's card counts"; "red, take the trick the City won last".
func TestJ6ReactionRedPotionAfterCitysCard(t *testing.T) {
	// Trick 2: the City's red-3 then Jekyll's potion: Jekyll takes trick 1.
	st := cityWonFirst(t, classic, "red-1 potion-1 blue-1", "red-2 blue-2 black-1", "red-8 red-3 blue-3")
	log := play(t, st, "0:play:potion-1")
	if st.r.Tricks[0].Owner != uint8(Jekyll) || !st.r.Tricks[0].Taken || !hasEvent(log, "jekyll.took-trick") {
		t.Fatalf("Jekyll must take trick 1: %+v", st.r.Tricks[0])
	}
}

// TestJ6ReactionRedColourAfterPotion checks J6: a potion then a coloured card ("in either order") makes the red reaction.
func TestJ6ReactionRedColourAfterPotion(t *testing.T) {
	// Trick 2: the City's potion then Jekyll's red card: Jekyll takes trick 1.
	st := cityWonFirst(t, classic, "red-1 red-4 blue-1", "red-2 blue-2 black-1", "red-8 potion-1 blue-3")
	play(t, st, "0:play:red-4")
	if st.r.Tricks[0].Owner != uint8(Jekyll) {
		t.Fatal("Jekyll must take trick 1")
	}
}

// TestJ6ReactionSecondPairAppliedBySecondPlayer checks J6: "The player who played the second card of the pair applies it".
func TestJ6ReactionSecondPairAppliedBySecondPlayer(t *testing.T) {
	// The City's blue-3, Jekyll's red-4 (no pair), Hyde's potion: Hyde reacts
	// with the red card before it.
	st := cityWonFirst(t, classic, "red-1 red-4 black-5", "red-2 potion-2 black-1", "red-8 blue-3 blue-5")
	play(t, st, "0:play:red-4", "1:play:potion-2")
	if st.r.Tricks[0].Owner != uint8(Hyde) {
		t.Fatalf("Hyde must take trick 1, owner %d", st.r.Tricks[0].Owner)
	}
}

// TestJ6ReactionCardInOnlyOnePair checks J6 (doc.go decision): a card belongs to at most one reaction.
func TestJ6ReactionCardInOnlyOnePair(t *testing.T) {
	// City potion, Jekyll red (pair: Jekyll reacts), Hyde potion: red-4 is
	// already paired, so Hyde makes no reaction.
	st := cityWonFirst(t, classic, "red-1 red-4 blue-1", "red-2 potion-2 black-1", "red-8 potion-1 blue-3 red-5")
	log := play(t, st, "0:play:red-4", "1:play:potion-2")
	n := 0
	for _, e := range log.Events {
		if e.Type == "jekyll.reaction" {
			n++
		}
	}
	if n != 1 || st.r.Tricks[0].Owner != uint8(Jekyll) {
		t.Fatalf("%d reactions, trick 1 owner %d", n, st.r.Tricks[0].Owner)
	}
}

// TestJ6ReactionRedNothingToTake checks J6 (doc.go decision): a red reaction with no City trick to take does nothing, and says so.
func TestJ6ReactionRedNothingToTake(t *testing.T) {
	st := night(t, classic, "potion-1 blue-1", "red-2 blue-2", "red-3 blue-3", 0)
	log := play(t, st, "0:play:potion-1")
	if !hasEvent(log, "jekyll.reaction-void") {
		t.Fatal("a red reaction without a City trick must say it does nothing")
	}
}

// TestJ6ReactionBlueSwapsTwoRanks checks J6: "blue, swap the ranks of two colours" (three ranked: the reacting player chooses).
func TestJ6ReactionBlueSwapsTwoRanks(t *testing.T) {
	// Ranks red < black after trick 1, blue strongest when the City shows
	// blue-6; Hyde's blue-2 and Jekyll's potion make a blue reaction: Jekyll
	// swaps blue and black.
	st := night(t, classic, "red-1 potion-1 blue-1", "black-2 blue-2 blue-3", "red-7 blue-6 red-3", 1)
	play(t, st, "1:play:black-2", "0:play:red-1") // black-2 wins for Hyde
	if st.r.Tricks[0].Owner != uint8(Hyde) {
		t.Fatal("setup")
	}
	play(t, st, "1:play:blue-2", "0:play:potion-1")
	if st.r.Pend != pendBlue || st.ToAct() != game.SeatsOf(Jekyll) {
		t.Fatalf("Jekyll must choose two colours, pending %d", st.r.Pend)
	}
	if len(legalSet(st, Jekyll)) != 3 {
		t.Fatal("three pairs of colours to choose from")
	}
	play(t, st, "0:swap-ranks:black,blue")
	if st.r.Strength[Blue] != 1 || st.r.Strength[Black] != 2 {
		t.Fatalf("strengths %v", st.r.Strength)
	}
	if st.r.Tricks[1].Owner != city {
		t.Fatal("blue-6 wins for the City")
	}
}

// TestJ6ReactionBlueTwoRankedSwapsItself checks J6 (doc.go decision): with two colours ranked, blue swaps them without a choice.
func TestJ6ReactionBlueTwoRankedSwapsItself(t *testing.T) {
	st := night(t, classic, "red-4 potion-1", "blue-5 blue-6", "red-1 blue-2", 0)
	play(t, st, "0:play:red-4", "1:play:blue-5") // red weakest, blue stronger: Hyde wins
	log := play(t, st, "1:play:blue-6", "0:play:potion-1")
	if st.r.Strength[Red] != 1 || st.r.Strength[Blue] != 0 || !hasEvent(log, "jekyll.swapped-ranks") {
		t.Fatalf("two ranked colours must swap at once: %v", st.r.Strength)
	}
}

// TestJ6ReactionBlueOneRankedDoesNothing checks J6 (doc.go decision): with fewer than two colours ranked, blue does nothing.
func TestJ6ReactionBlueOneRankedDoesNothing(t *testing.T) {
	st := night(t, classic, "potion-1 red-4", "red-5 blue-5", "blue-6 red-1", 0)
	log := play(t, st, "0:play:potion-1")
	if st.r.Strength[Blue] != 0 || st.r.Pend != pendNone || !hasEvent(log, "jekyll.reaction-void") {
		t.Fatal("with one ranked colour the reaction does nothing")
	}
}

// TestJ6ReactionBlackSwapsWithCitysTopCard checks J6: "black, swap one card of that player's hand with the top card of the City deck" (only that player sees the cards).
func TestJ6ReactionBlackSwapsWithCitysTopCard(t *testing.T) {
	st := night(t, classic, "potion-1 red-4 blue-2", "red-5 blue-5 blue-1", "black-3 red-7 red-1", 0)
	play(t, st, "0:play:potion-1")
	if st.r.Pend != pendBlack || len(legalSet(st, Jekyll)) != 2 {
		t.Fatal("Jekyll must choose a card to swap")
	}
	log := play(t, st, "0:swap-card:blue-2")
	if st.r.Hand[0] != mask(t, "red-4 red-7") || st.r.Deck[1] != card(t, "blue-2") {
		t.Fatalf("hand %v top %v", names(st.r.Hand[0]), st.r.Deck[1])
	}
	if st.pin[0] != card(t, "blue-2") {
		t.Fatal("Jekyll knows the City's top card")
	}
	for _, e := range log.For(Hyde) {
		if e.Type == "jekyll.swapped-card" && e.Data.(map[string]any)["gave"] != nil {
			t.Fatal("Hyde must not see the swapped cards")
		}
	}
	play(t, st, "1:play:red-5")
	if st.r.Cur.Cards[0] != card(t, "blue-2") || st.pin[0] != NoCard {
		t.Fatal("the swapped card is the City's next card")
	}
}

// TestJ6ReactionBlackEmptyDeckDoesNothing checks J6 (doc.go decision): black on an empty City deck does nothing.
func TestJ6ReactionBlackEmptyDeckDoesNothing(t *testing.T) {
	st := night(t, classic, "potion-1", "red-5", "black-3", 0)
	st.r.Top = 8 // the City deck is empty after this card
	log := play(t, st, "0:play:potion-1")
	if st.r.Pend != pendNone || !hasEvent(log, "jekyll.reaction-void") {
		t.Fatal("a black reaction on an empty deck does nothing")
	}
}

// TestJ9Chapter2PotionsMakeNoReaction checks J9: chapter "2: potions, no reactions".
func TestJ9Chapter2PotionsMakeNoReaction(t *testing.T) {
	st := night(t, game.Options{"chapter": "2"}, "potion-1 red-4", "red-5", "black-3 red-1", 0)
	log := play(t, st, "0:play:potion-1")
	if hasEvent(log, "jekyll.reaction") || st.r.Pend != pendNone {
		t.Fatal("chapter 2 has no reactions")
	}
}

// TestJ9Chapter1HasNoPotionsNoYard checks J9: chapter "1: no potions and no Scotland Yard pawn".
func TestJ9Chapter1HasNoPotionsNoYard(t *testing.T) {
	st := newGame(t, game.Options{"chapter": "1"})
	play(t, st, "0:ready", "1:ready")
	if (st.r.Hand[0]|st.r.Hand[1]|st.aside)&potionSet != 0 || st.aside != 0 {
		t.Fatal("chapter 1 deals no potions and sets nothing aside")
	}
	if st.cfg.Yard || st.cfg.Reactions {
		t.Fatal("chapter 1 has no Scotland Yard and no reactions")
	}
}

// TestJ9Chapters1To4Differences checks J9: "1-3 teach (1: no potions and no Scotland Yard pawn; 2: potions, no reactions; 3: reactions, no Scotland Yard pawn), 4 is the classic game".
func TestJ9Chapters1To4Differences(t *testing.T) {
	want := []struct{ potions, reactions, yard bool }{
		{false, false, false}, {true, false, true}, {true, true, false}, {true, true, true},
	}
	for i, w := range want {
		cfg, err := parseConfig(game.Options{"chapter": string(rune('1' + i))})
		if err != nil {
			t.Fatal(err)
		}
		if (cfg.Potions > 0) != w.potions || cfg.Reactions != w.reactions || cfg.Yard != w.yard {
			t.Fatalf("chapter %d: %+v", i+1, cfg)
		}
	}
	// Without the Scotland Yard pawn nobody is captured.
	cfg, _ := parseConfig(game.Options{"chapter": "3"})
	if out := cfg.score(3, 0, [2]uint8{0, 1}, lowSet, city, false); out.Res != resNone || out.YardGain != 0 {
		t.Fatalf("chapter 3 scoring %+v", out)
	}
}

func newGame(t *testing.T, opts game.Options) *State {
	g, err := Rules{}.New(opts, 7)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*State)
}

// TestJ2DayMustGiveEights checks J2: "each gives 4 to the City, every 8 they hold among them".
func TestJ2DayMustGiveEights(t *testing.T) {
	st := newGame(t, classic)
	play(t, st, "0:ready", "1:ready")
	st.r.Hand[0] = mask(t, "red-8 blue-8 black-8 red-1 red-2 red-3 red-4 red-5 red-6 red-7 blue-1 blue-2")
	// Four gifts and three 8s: one free gift, then only 8s.
	play(t, st, "0:give:red-1")
	for _, m := range st.Legal(Jekyll, nil) {
		if eightSet&bit(moveCard(m)) == 0 {
			t.Fatalf("only 8s may be given now, offered %s", encodeMove(m))
		}
	}
	err := st.Apply(Jekyll, GiveMove(card(t, "red-2")), nil)
	if e, ok := err.(*game.Error); !ok || e.Text.Key != "jekyll.err.must-give-eights" {
		t.Fatalf("got %v", err)
	}
}

// TestJ2DayTwelveEachFourAsideBothSeatsGiveAtOnce checks J2: "the players may chat; 12 cards each, 4 set aside".
func TestJ2DayTwelveEachFourAsideBothSeatsGiveAtOnce(t *testing.T) {
	st := newGame(t, classic)
	if !st.ChatOpen() {
		t.Fatal("chat is open before the deal")
	}
	play(t, st, "0:ready")
	if st.ToAct() != game.SeatsOf(Hyde) {
		t.Fatal("Hyde must still ask for the deal")
	}
	play(t, st, "1:ready")
	if st.ToAct() != game.SeatsOf(Jekyll, Hyde) || st.ChatOpen() {
		t.Fatal("both seats give at once, chat closed")
	}
	if count(st.r.Hand[0]) != 12 || count(st.r.Hand[1]) != 12 || count(st.aside) != 4 {
		t.Fatal("12 cards each, 4 aside")
	}
}

// TestJ2ChatClosedFromDealToEndOfRound checks J2: "From the deal to the end of the round the two players cannot chat: the table enforces it".
func TestJ2ChatClosedFromDealToEndOfRound(t *testing.T) {
	st := newGame(t, classic)
	rng := game.NewRand(3)
	var buf [16]game.Move
	sawNight, reopened := false, false
	for st.phase != phaseOver {
		open := st.ChatOpen()
		if (st.phase == phaseGive || st.phase == phaseNight) && open {
			t.Fatalf("chat open in phase %s", phaseNames[st.phase])
		}
		if v := st.view(Jekyll); v.Chat != open || v.ChatOpen() != open {
			t.Fatal("the view must say whether chat is open")
		}
		sawNight = sawNight || st.phase == phaseNight
		if sawNight && st.phase == phaseTalk {
			reopened = open
		}
		seat := st.ToAct().First()
		l := st.legal(int(seat), buf[:0])
		st.apply(int(seat), l[rng.IntN(len(l))], nil)
	}
	if !st.ChatOpen() {
		t.Fatal("chat reopens when the chapter is over")
	}
	if st.res[0].Res == resNone && !reopened {
		t.Fatal("chat reopens between the rounds")
	}
}

// TestJ7ScoringEightsMovePawnLowCardsMoveYard checks J7: the pawn moves the fewer tricks "plus one for each 8"; "Scotland Yard moves one for each card of value 1, 2 or 3 among the players' won cards".
func TestJ7ScoringEightsMovePawnLowCardsMoveYard(t *testing.T) {
	cfg, _ := parseConfig(classic)
	won := eightSet&^bit(card(t, "black-8")) | mask(t, "red-1 blue-3 black-2 red-5")
	out := cfg.score(3, 0, [2]uint8{3, 2}, won, 0, false)
	if out.PawnGain != 2+2 || out.YardGain != 3 || out.Pawn != 7 || out.Yard != 3 || out.Res != resNone {
		t.Fatalf("%+v", out)
	}
}

// TestJ7ScoringOvershootLoses checks J7: "a pawn that would move past the last space loses the game".
func TestJ7ScoringOvershootLoses(t *testing.T) {
	cfg, _ := parseConfig(classic)
	if out := cfg.score(10, 0, [2]uint8{3, 3}, 0, 0, false); out.Res != resOvershoot {
		t.Fatalf("%+v", out)
	}
}

// TestJ7ScoringOvershootToYard checks J7, option overshoot-to-yard: "the extra steps move Scotland Yard instead".
func TestJ7ScoringOvershootToYard(t *testing.T) {
	cfg, _ := parseConfig(game.Options{"overshoot-to-yard": "true"})
	out := cfg.score(10, 2, [2]uint8{3, 3}, 0, 0, false)
	if out.Res != resNone || out.Pawn != 12 || out.Yard != 3 {
		t.Fatalf("one extra step must move Scotland Yard: %+v", out)
	}
	if out := cfg.score(10, 11, [2]uint8{3, 3}, 0, 0, true); out.Res != resCapture {
		t.Fatalf("the extra steps can make Scotland Yard catch up: %+v", out)
	}
}

// TestJ7ScoringCaptureLosesAtOnce checks J7: "Scotland Yard reaching or passing the pawn loses at once".
func TestJ7ScoringCaptureLosesAtOnce(t *testing.T) {
	cfg, _ := parseConfig(classic)
	if out := cfg.score(4, 2, [2]uint8{0, 5}, mask(t, "red-1 red-2"), 0, false); out.Res != resCapture {
		t.Fatalf("reaching the pawn is a capture: %+v", out)
	}
	if out := cfg.score(4, 2, [2]uint8{1, 5}, mask(t, "red-1 red-2"), 0, false); out.Res != resNone {
		t.Fatalf("one space behind is no capture: %+v", out)
	}
}

// TestJ7ScoringExactFinishWins checks J7: "After round 2 the players win only standing exactly on the last space".
func TestJ7ScoringExactFinishWins(t *testing.T) {
	cfg, _ := parseConfig(classic)
	if out := cfg.score(9, 0, [2]uint8{3, 4}, 0, 1, true); out.Res != resWin {
		t.Fatalf("%+v", out)
	}
	if out := cfg.score(8, 0, [2]uint8{3, 4}, 0, 1, true); out.Res != resMissed {
		t.Fatalf("one short after round 2 loses: %+v", out)
	}
	if out := cfg.score(8, 0, [2]uint8{4, 4}, 0, 1, false); out.Res != resNone {
		t.Fatalf("the last space after round 1 does not win yet: %+v", out)
	}
}

// TestJ9Chapter6HoundsMoveYardEachRound checks J9 (challenge 6, hounds): "Scotland Yard moves one extra space at the end of each round".
func TestJ9Chapter6HoundsMoveYardEachRound(t *testing.T) {
	cfg, _ := parseConfig(game.Options{"chapter": "6"})
	if out := cfg.score(3, 0, [2]uint8{1, 1}, 0, 0, false); out.YardGain != 1 {
		t.Fatalf("%+v", out)
	}
}

// TestJ8OptionsValidated checks J8: track and start spaces are "set per chapter" by options, the pawn before the last space and Scotland Yard behind it.
func TestJ8OptionsValidated(t *testing.T) {
	for _, o := range []game.Options{
		{"chapter": "11"}, {"start-jh": "12"}, {"start-yard": "3"}, {"nope": "1"}, {"track-length": "5"},
	} {
		if _, err := (Rules{}).New(o, 1); game.CodeOf(err) != game.CodeBadOptions {
			t.Fatalf("%v accepted: %v", o, err)
		}
	}
	if _, err := (Rules{}).New(game.Options{"chapter": "1", "start-yard": "5"}, 1); err != nil {
		t.Fatalf("a chapter without Scotland Yard ignores its start: %v", err)
	}
}
