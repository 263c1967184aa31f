package jekyll

import (
	"testing"

	"gaslamp/game"
	"gaslamp/game/gametest"
)

// The tests of this file check rulings in positions reached by legal play
// from a seed (gametest.Reach), not built by editing the state: each is the
// twin of a test of the same ruling that builds its position by hand.

// reach plays seeded random games until want holds, and returns that
// position.
func reach(t *testing.T, opts game.Options, games int, what string, want func(st *State) bool) *State {
	t.Helper()
	r := gametest.Reach(t, gametest.ReachConfig{Rules: Rules{}, Options: opts, Seed: 1, Games: games, What: what,
		Want: func(g game.State) bool { return want(g.(*State)) }})
	t.Logf("%s: %s", what, r)
	return r.State.(*State)
}

// mustGive returns a seat of the day whose gifts left are as many as the 8s
// it holds, with other cards in hand, or -1.
func mustGive(st *State) int {
	if st.phase != phaseGive {
		return -1
	}
	for s := range 2 {
		left := 4 - int(st.given[s])
		if e := count(st.r.Hand[s] & eightSet); left > 0 && e == left && st.r.Hand[s]&^eightSet != 0 && st.ToAct().Has(game.Seat(s)) {
			return s
		}
	}
	return -1
}

func TestJ2DayMustGiveEights_FromPlay(t *testing.T) {
	st := reach(t, classic, 300, "a seat with as many 8s as gifts left", func(st *State) bool { return mustGive(st) >= 0 })
	s := mustGive(st)
	for _, m := range st.Legal(game.Seat(s), nil) {
		if eightSet&bit(moveCard(m)) == 0 {
			t.Fatalf("only 8s may be given now, offered %s", encodeMove(m))
		}
	}
	other := Card(trailing(st.r.Hand[s] &^ eightSet))
	err := st.Apply(game.Seat(s), GiveMove(other), nil)
	if e, ok := err.(*game.Error); !ok || e.Text.Key != "jekyll.err.must-give-eights" {
		t.Fatalf("giving a card that is no 8: %v", err)
	}
}

func TestJ6ReactionBlackSwapsWithCitysTopCard_FromPlay(t *testing.T) {
	st := reach(t, classic, 300, "a black reaction to choose", func(st *State) bool {
		return st.phase == phaseNight && st.r.Pend == pendBlack
	})
	seat := int(st.r.PendSeat)
	if st.ToAct() != game.SeatsOf(game.Seat(seat)) {
		t.Fatalf("seat %d chooses, %v must act", seat, st.ToAct().Seats())
	}
	legal := st.Legal(game.Seat(seat), nil)
	if len(legal) != count(st.r.Hand[seat]) {
		t.Fatalf("%d swaps offered for %d cards in hand", len(legal), count(st.r.Hand[seat]))
	}
	top, give := st.r.Deck[st.r.Top], moveCard(legal[0])
	if err := st.Apply(game.Seat(seat), legal[0], nil); err != nil {
		t.Fatal(err)
	}
	if st.r.Hand[seat]&bit(top) == 0 || st.r.Hand[seat]&bit(give) != 0 || st.r.Deck[st.r.Top] != give {
		t.Fatalf("swap of %s with the top card %s: hand %b, top %s", give, top, st.r.Hand[seat], st.r.Deck[st.r.Top])
	}
}

func TestJ6ReactionBlueSwapsTwoRanks_FromPlay(t *testing.T) {
	st := reach(t, classic, 300, "a blue reaction to choose", func(st *State) bool {
		return st.phase == phaseNight && st.r.Pend == pendBlue
	})
	seat := game.Seat(st.r.PendSeat)
	before := st.r.Strength
	m := st.Legal(seat, nil)[0]
	var log game.Log
	if err := st.Apply(seat, m, &log); err != nil {
		t.Fatal(err)
	}
	changed := 0
	for c := range 3 {
		if st.r.Strength[c] != before[c] {
			changed++
		}
	}
	if changed != 2 || !hasEvent(&log, "jekyll.swapped-ranks") {
		t.Fatalf("ranks %v -> %v", before, st.r.Strength)
	}
}

// voidReaction reaches a position where the seat to act has a play that
// makes a reaction of colour col with nothing to act on (cond holds before
// it), plays it, and checks that nothing is pending and the event says so.
func voidReaction(t *testing.T, col string, cond func(st *State) bool) *State {
	t.Helper()
	var void game.Move
	st := reach(t, classic, 3000, "a "+col+" reaction with nothing to act on", func(st *State) bool {
		if st.phase != phaseNight || st.r.Pend != pendNone || !cond(st) {
			return false
		}
		seat := st.ToAct().First()
		for _, m := range st.Legal(seat, nil) {
			c := st.Clone().(*State)
			var log game.Log
			if c.Apply(seat, m, &log) == nil {
				for _, e := range log.Events {
					if e.Type == "jekyll.reaction-void" && e.Text.Key == "jekyll.ev.reaction-void-"+col {
						void = m
						return true
					}
				}
			}
		}
		return false
	})
	before := st.Clone().(*State)
	var log game.Log
	if err := st.Apply(st.ToAct().First(), void, &log); err != nil {
		t.Fatal(err)
	}
	if st.r.Pend != pendNone || !hasEvent(&log, "jekyll.reaction-void") {
		t.Fatalf("a %s reaction with nothing to act on must do nothing", col)
	}
	return before
}

func TestJ6ReactionBlackEmptyDeckDoesNothing_FromPlay(t *testing.T) {
	voidReaction(t, "black", func(st *State) bool { return st.r.Top >= 8 })
}

func TestJ6ReactionRedNothingToTake_FromPlay(t *testing.T) {
	before := voidReaction(t, "red", func(st *State) bool { return st.r.NStack == 0 })
	for i := 0; i < int(before.r.N); i++ {
		if before.r.Tricks[i].Owner == city && !before.r.Tricks[i].Taken {
			t.Fatalf("trick %d of the City was there to take", i+1)
		}
	}
}

func TestJ6ReactionBlueOneRankedDoesNothing_FromPlay(t *testing.T) {
	before := voidReaction(t, "blue", func(st *State) bool { return st.r.Ranked <= 1 })
	if before.r.Ranked > 1 {
		t.Fatalf("%d colours ranked before the void blue reaction", before.r.Ranked)
	}
}

func TestJ7CaptureEndsTheChapterAtOnce_FromPlay(t *testing.T) {
	st := reach(t, classic, 3000, "Scotland Yard reaching the pawn", func(st *State) bool { return st.result == resCapture })
	o := st.Outcome()
	if st.phase != phaseOver || !o.Over || o.Winner != "city" || st.yard < st.pawn {
		t.Fatalf("Scotland Yard on %d, pawn on %d: outcome %+v", st.yard, st.pawn, o)
	}
	if st.res[0].Res != resCapture && !(st.res[0].Done && st.res[1].Res == resCapture) {
		t.Fatalf("capture not recorded in the round's result: %+v", st.res)
	}
}

func TestJ6ReactionBlueTwoRankedSwapsItself_FromPlay(t *testing.T) {
	var swap game.Move
	st := reach(t, classic, 600, "a blue reaction with two colours ranked", func(st *State) bool {
		if st.phase != phaseNight || st.r.Pend != pendNone || st.r.Ranked != 2 {
			return false
		}
		seat := st.ToAct().First()
		for _, m := range st.Legal(seat, nil) {
			c := st.Clone().(*State)
			var log game.Log
			if c.Apply(seat, m, &log) == nil && c.r.Ranked == 2 && hasEvent(&log, "jekyll.swapped-ranks") {
				swap = m
				return true
			}
		}
		return false
	})
	before := st.r.Strength
	var log game.Log
	if err := st.Apply(st.ToAct().First(), swap, &log); err != nil {
		t.Fatal(err)
	}
	if st.r.Pend != pendNone {
		t.Fatal("with two colours ranked the blue reaction asks for a choice")
	}
	changed := 0
	for c := range 3 {
		if before[c] >= 0 && st.r.Strength[c] != before[c] {
			changed++
		}
	}
	if changed != 2 {
		t.Fatalf("ranks %v -> %v: the two ranked colours must swap", before, st.r.Strength)
	}
}

func TestJ9Chapter5LookingGlassFirstColourStrongest_FromPlay(t *testing.T) {
	for k := range 5 {
		st := reach(t, game.Options{"chapter": "5"}, 100, "the City's first card of a night", nth(k, func(st *State) bool {
			return st.phase == phaseNight && st.r.N == 0 && st.r.Pos == 1 && st.r.Cur.Cards[0].Colour() >= 0
		}))
		if s := st.r.Strength[st.r.Cur.Cards[0].Colour()]; s != 2 {
			t.Fatalf("the first colour seen (%s) has rank %d in the mirror chapter, want the strongest", st.r.Cur.Cards[0], s)
		}
	}
}

func TestJ9CampaignScoreAddsTheChapterStars_FromPlay(t *testing.T) {
	TestJ10CampaignStarsOnlyWithCampaignScore_FromPlay(t)
}

func TestJ10CampaignStarsOnlyWithCampaignScore_FromPlay(t *testing.T) {
	for _, on := range []bool{false, true} {
		opts := game.Options{"chapter": "1"}
		if on {
			opts["campaign-score"] = "5"
		}
		st := reach(t, opts, 3000, "a chapter won", func(st *State) bool { return st.phase == phaseOver && st.result == resWin })
		v := st.view(Jekyll)
		o := st.Outcome()
		if !on {
			if v.Stars != 0 || len(v.Feats) != 0 || v.Campaign != 0 || o.Reason.Key != "jekyll.reason.win-plain" {
				t.Fatalf("campaign off: %d stars, feats %v, reason %s", v.Stars, v.Feats, o.Reason.Key)
			}
			continue
		}
		// J9's stars: one for the win and one for each feat.
		if v.Stars != 1+len(v.Feats) || v.Stars > MaxStars || v.Campaign != 5+v.Stars || o.Reason.Key != "jekyll.reason.win" {
			t.Fatalf("campaign on: %d stars, feats %v, campaign %d, reason %s", v.Stars, v.Feats, v.Campaign, o.Reason.Key)
		}
	}
}

// afterTrick reports whether a trick of tonight was just resolved and the
// City's card of the next one is out (no reaction can have moved anything
// since).
func afterTrick(st *State) bool {
	return st.phase == phaseNight && st.r.N > 0 && st.r.N < 8 && st.r.Pos == 1 && st.r.Pend == pendNone
}

// nth returns a predicate true at the k-th position (from 0) that has p,
// counted over the games Reach plays.
func nth(k int, p func(st *State) bool) pred {
	n := 0
	return func(st *State) bool {
		if !p(st) {
			return false
		}
		n++
		return n > k
	}
}

type pred func(st *State) bool

// want adapts p to gametest.ReachConfig.Want.
func (p pred) want() func(game.State) bool {
	return func(g game.State) bool { return p(g.(*State)) }
}

// j3Order checks J3 after tricks reached by play: the winner of a trick
// plays first in the next; when the City won, the order does not change.
func j3Order(t *testing.T, cityWon bool) {
	for k := range 5 {
		st := reach(t, classic, 200, "a trick just won", nth(k, func(st *State) bool {
			return afterTrick(st) && (st.r.Tricks[st.r.N-1].Owner == city) == cityWon && !st.r.Tricks[st.r.N-1].Taken
		}))
		last := st.r.Tricks[st.r.N-1]
		want := last.Owner
		if cityWon {
			want = last.First
		}
		if st.r.First != want || st.ToAct() != game.SeatsOf(game.Seat(want)) {
			t.Fatalf("trick won by %d (first %d): %d plays first next", last.Owner, last.First, st.r.First)
		}
	}
}

func TestJ3TrickWinnerPlaysFirstNext_FromPlay(t *testing.T) { j3Order(t, false) }

func TestJ3CityWinLeavesTurnOrderUnchanged_FromPlay(t *testing.T) { j3Order(t, true) }

func TestJ3CityRevealsThenTokenSeatThenOther_FromPlay(t *testing.T) {
	for k := range 10 {
		st := reach(t, classic, 200, "a trick under way", nth(k, func(st *State) bool {
			return st.phase == phaseNight && st.r.Pend == pendNone && (st.r.Pos == 1 || st.r.Pos == 2)
		}))
		want := st.r.First
		if st.r.Pos == 2 {
			want = 1 - st.r.First
		}
		if st.r.Cur.Cards[0] == NoCard || st.ToAct() != game.SeatsOf(game.Seat(want)) {
			t.Fatalf("card %d of a trick (City %s, token on %d): %v to act", st.r.Pos+1, st.r.Cur.Cards[0], st.r.First, st.ToAct().Seats())
		}
	}
}

func TestJ3OutOfTurnRefused_FromPlay(t *testing.T) {
	st := reach(t, classic, 50, "a trick under way", func(st *State) bool {
		return st.phase == phaseNight && st.r.Pend == pendNone && st.r.Pos == 1
	})
	other := game.Seat(1 - st.r.First)
	if c := st.r.Hand[other]; c != 0 {
		if err := st.Apply(other, PlayMove(Card(trailing(c))), nil); game.CodeOf(err) != game.CodeNotYourTurn {
			t.Fatalf("out of turn: %v", err)
		}
	}
}

// j4 are the three cases of J4, each a position reached by play.
var j4 = []struct {
	what string
	want func(st *State, seat int) bool
}{
	{"a player holding the led colour", func(st *State, seat int) bool {
		led := st.r.Cur.Cards[0]
		return !led.IsPotion() && st.r.Hand[seat]&colourMask(led.Colour()) != 0
	}},
	{"a player void in the led colour", func(st *State, seat int) bool {
		led := st.r.Cur.Cards[0]
		return !led.IsPotion() && st.r.Hand[seat]&colourMask(led.Colour()) == 0
	}},
	{"a player after a potion led", func(st *State, seat int) bool { return st.r.Cur.Cards[0].IsPotion() }},
}

// j4Follow checks J4 in the position of case c: the cards offered are the
// led colour and potions when the player holds the led colour, else all.
func j4Follow(t *testing.T, c int) {
	{
		st := reach(t, classic, 200, j4[c].what, func(st *State) bool {
			return st.phase == phaseNight && st.r.Pos >= 1 && st.r.Pend == pendNone && j4[c].want(st, int(st.r.toAct()))
		})
		seat := int(st.r.toAct())
		led := st.r.Cur.Cards[0]
		want := st.r.Hand[seat]
		if !led.IsPotion() && want&colourMask(led.Colour()) != 0 {
			want &= colourMask(led.Colour()) | potionSet
		}
		var got uint32
		for _, m := range st.Legal(game.Seat(seat), nil) {
			got |= bit(moveCard(m))
		}
		if got != want {
			t.Fatalf("%s: led %s, hand %b: offered %b, J4 gives %b", j4[c].what, led, st.r.Hand[seat], got, want)
		}
		if bad := st.r.Hand[seat] &^ want; bad != 0 {
			err := st.Apply(game.Seat(seat), PlayMove(Card(trailing(bad))), nil)
			if e, ok := err.(*game.Error); !ok || e.Text.Key != "jekyll.err.must-follow" {
				t.Fatalf("playing off colour: %v", err)
			}
		}
	}
}

func TestJ4FollowRuleMustPlayLedColourOrPotion_FromPlay(t *testing.T) { j4Follow(t, 0) }

func TestJ4FollowRuleVoidPlaysAnything_FromPlay(t *testing.T) { j4Follow(t, 1) }

func TestJ4FollowRulePotionLedPlaysAnything_FromPlay(t *testing.T) { j4Follow(t, 2) }

// colourMask returns the cards of colour col.
func colourMask(col int) uint32 {
	var m uint32
	for c := Card(0); c < NumCards; c++ {
		if c.Colour() == col {
			m |= bit(c)
		}
	}
	return m
}

func TestJ5PotionsNeverWinAndPotionsOnlyGoToCity_FromPlay(t *testing.T) {
	st := reach(t, classic, 300, "a trick of a potion and coloured cards just won", func(st *State) bool {
		if !afterTrick(st) || st.r.Tricks[st.r.N-1].Taken {
			return false
		}
		tr := st.r.Tricks[st.r.N-1]
		return tr.Cards[0].IsPotion() || tr.Cards[1].IsPotion() || tr.Cards[2].IsPotion()
	})
	tr := st.r.Tricks[st.r.N-1]
	allPotions := tr.Cards[0].IsPotion() && tr.Cards[1].IsPotion() && tr.Cards[2].IsPotion()
	for p, c := range tr.Cards {
		if c.IsPotion() && !allPotions && tr.Owner == tr.seatAt(p) {
			t.Fatalf("trick %v went to %d: the potion won it", tr.Cards, tr.Owner)
		}
	}
	if allPotions && tr.Owner != city {
		t.Fatalf("a trick of potions went to %d", tr.Owner)
	}
}

func TestJ5HighestOfStrongestColourWins_FromPlay(t *testing.T) {
	for k := range 30 {
		st := reach(t, classic, 200, "a trick just won", nth(k, func(st *State) bool {
			return afterTrick(st) && !st.r.Tricks[st.r.N-1].Taken
		}))
		tr := st.r.Tricks[st.r.N-1]
		// J5 from the cards: the strongest colour present, its highest value.
		best, bs, bv := -1, int8(-1), -1
		for p, c := range tr.Cards {
			if c.IsPotion() {
				continue
			}
			s := st.r.Strength[c.Colour()]
			if s > bs || s == bs && c.Value() > bv {
				best, bs, bv = p, s, c.Value()
			}
		}
		want := uint8(city)
		if best >= 0 {
			want = tr.seatAt(best)
		}
		if tr.Owner != want {
			t.Fatalf("trick %v (ranks %v) went to %d, J5 gives %d", tr.Cards, st.r.Strength, tr.Owner, want)
		}
	}
}

func TestJ6RedTakesTheTrickTheCityWonLast_FromPlay(t *testing.T) {
	var red game.Move
	st := reach(t, classic, 600, "a red reaction with a trick the City won", func(st *State) bool {
		if st.phase != phaseNight || st.r.Pend != pendNone || st.r.NStack == 0 {
			return false
		}
		seat := st.ToAct().First()
		for _, m := range st.Legal(seat, nil) {
			c := st.Clone().(*State)
			var log game.Log
			if c.Apply(seat, m, &log) == nil {
				for _, e := range log.Events {
					if e.Type == "jekyll.reaction" && e.Data.(map[string]any)["colour"] == "red" {
						red = m
						return true
					}
				}
			}
		}
		return false
	})
	seat := int(st.ToAct().First())
	last := -1
	for i := 0; i < int(st.r.N); i++ {
		if st.r.Tricks[i].Owner == city {
			last = i
		}
	}
	before := st.r.T[seat]
	if err := st.Apply(game.Seat(seat), red, nil); err != nil {
		t.Fatal(err)
	}
	if tr := st.r.Tricks[last]; tr.Owner != uint8(seat) || !tr.Taken || st.r.T[seat] != before+1 {
		t.Fatalf("the City's last trick (%d) now owned by %d, taken %v; seat %d holds %d tricks", last, tr.Owner, tr.Taken, seat, st.r.T[seat])
	}
}

func TestJ7EndOfRoundCountsOnlyThePlayersWonCards_FromPlay(t *testing.T) {
	checked := 0
	for k := 0; checked < 4 && k < 20; k++ {
		var last *State
		r := gametest.Reach(t, gametest.ReachConfig{Rules: Rules{}, Options: classic, Seed: 1, Games: 300, What: "the first round scored",
			Want: nth(k, func(st *State) bool {
				if st.phase == phaseNight && st.rnd == 0 {
					last = st.Clone().(*State)
					return false
				}
				return st.res[0].Done && st.phase == phaseTalk && st.ready == 0 && st.rnd == 1
			}).want()})
		st := r.State.(*State)
		// Replay the last move of the round on the state before it: the
		// trick it closed, unless a reaction moved cards too.
		final := r.Moves[len(r.Moves)-1]
		m, err := Rules{}.DecodeMove(final.Move)
		if err != nil {
			t.Fatal(err)
		}
		pre := last.Clone().(*State)
		var log game.Log
		if err := last.Apply(final.Seat, m, &log); err != nil {
			t.Fatal(err)
		}
		if hasEvent(&log, "jekyll.reaction") {
			continue
		}
		tricks, won := pre.r.T, pre.r.Won
		for _, e := range log.Events {
			if e.Type != "jekyll.trick" {
				continue
			}
			d := e.Data.(map[string]any)
			if w := d["winner"].(string); w != "city" {
				tricks[seatIndex(w)]++
				for _, c := range d["cards"].([]string) {
					won |= bit(card(t, c))
				}
			}
		}
		res := st.res[0]
		n8, nLow := count(won&eightSet), count(won&lowSet)
		if res.Tricks != tricks || int(res.Eights) != n8 || int(res.Low) != nLow {
			t.Fatalf("round 1: result %+v, tricks %v, won 8s %d low %d", res, tricks, n8, nLow)
		}
		if int(res.PawnGain) != int(min(tricks[0], tricks[1]))+n8 || int(res.YardGain) != nLow {
			t.Fatalf("round 1: pawn +%d yard +%d from tricks %v, %d 8s, %d low", res.PawnGain, res.YardGain, tricks, n8, nLow)
		}
		if res.Res == resNone && (st.pawn != pre.pawn+res.PawnGain || st.yard != pre.yard+res.YardGain) {
			t.Fatalf("pawn %d -> %d, yard %d -> %d, result %+v", pre.pawn, st.pawn, pre.yard, st.yard, res)
		}
		checked++
	}
	if checked < 4 {
		t.Fatalf("only %d rounds ended without a reaction on their last card", checked)
	}
}

func TestJ9Chapter2PotionsMakeNoReaction_FromPlay(t *testing.T) {
	ch2 := game.Options{"chapter": "2"}
	// A potion played right after a coloured card, or the reverse: a pair.
	st := reach(t, ch2, 300, "a pair to make in chapter 2", func(st *State) bool {
		if st.phase != phaseNight || st.r.Pos == 0 || st.r.Pend != pendNone {
			return false
		}
		prev := st.r.Cur.Cards[st.r.Pos-1]
		for _, m := range st.Legal(st.ToAct().First(), nil) {
			if moveKind(m) == kindPlay && moveCard(m).IsPotion() != prev.IsPotion() {
				return true
			}
		}
		return false
	})
	prev := st.r.Cur.Cards[st.r.Pos-1]
	for _, m := range st.Legal(st.ToAct().First(), nil) {
		if moveCard(m).IsPotion() == prev.IsPotion() {
			continue
		}
		var log game.Log
		c := st.Clone().(*State)
		if err := c.Apply(c.ToAct().First(), m, &log); err != nil {
			t.Fatal(err)
		}
		if hasEvent(&log, "jekyll.reaction") || c.r.Pend != pendNone {
			t.Fatalf("chapter 2 has no reactions: %s after %s made one", moveCard(m), prev)
		}
	}
}

func TestJ5ColourRanksByFirstAppearance_FromPlay(t *testing.T) {
	// Chapter 2 has no reactions, so no blue swap moves the ranks.
	ch2 := game.Options{"chapter": "2"}
	for k := range 10 {
		st := reach(t, ch2, 200, "a trick just won in chapter 2", nth(k, afterTrick))
		var seen []int
		add := func(c Card) {
			col := c.Colour()
			if col < 0 {
				return
			}
			for _, x := range seen {
				if x == col {
					return
				}
			}
			seen = append(seen, col)
		}
		for i := 0; i < int(st.r.N); i++ {
			for _, c := range st.r.Tricks[i].Cards {
				add(c)
			}
		}
		add(st.r.Cur.Cards[0])
		for rank, col := range seen {
			if int(st.r.Strength[col]) != rank {
				t.Fatalf("colours first seen in the order %v, ranks %v", seen, st.r.Strength)
			}
		}
		if int(st.r.Ranked) != len(seen) {
			t.Fatalf("%d colours ranked, %d seen", st.r.Ranked, len(seen))
		}
	}
}
