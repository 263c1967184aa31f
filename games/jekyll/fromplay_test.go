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

func TestJ6ReactionBlackSwapsWithTheCitysTopCard_FromPlay(t *testing.T) {
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

func TestJ6ReactionBlackEmptyDeckDoesNothing_FromPlay(t *testing.T) {
	var void game.Move
	st := reach(t, classic, 3000, "a black reaction with the City deck empty", func(st *State) bool {
		if st.phase != phaseNight || st.r.Top < 8 || st.r.Pend != pendNone {
			return false
		}
		seat := st.ToAct().First()
		for _, m := range st.Legal(seat, nil) {
			c := st.Clone().(*State)
			var log game.Log
			if c.Apply(seat, m, &log) == nil {
				for _, e := range log.Events {
					if e.Type == "jekyll.reaction-void" && e.Text.Key == "jekyll.ev.reaction-void-black" {
						void = m
						return true
					}
				}
			}
		}
		return false
	})
	var log game.Log
	if err := st.Apply(st.ToAct().First(), void, &log); err != nil {
		t.Fatal(err)
	}
	if st.r.Pend != pendNone || !hasEvent(&log, "jekyll.reaction-void") {
		t.Fatal("a black reaction on an empty deck does nothing")
	}
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
