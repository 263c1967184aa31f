package jekyll

import (
	"strings"
	"testing"

	"gaslamp/game"
)

// mask reads a list of card ids separated by spaces.
func mask(t testing.TB, list string) uint32 {
	t.Helper()
	var m uint32
	for _, f := range strings.Fields(list) {
		c, ok := ParseCard(f)
		if !ok {
			t.Fatalf("bad card %q", f)
		}
		m |= bit(c)
	}
	return m
}

func card(t testing.TB, name string) Card {
	t.Helper()
	c, ok := ParseCard(name)
	if !ok {
		t.Fatalf("bad card %q", name)
	}
	return c
}

// night sets a chapter up at the start of a night with the given hands, City
// deck (top first) and seat on the turn-order token, and reveals the first
// City card.
func night(t testing.TB, opts game.Options, jekyll, hyde, deck string, first int) *State {
	t.Helper()
	g, err := Rules{}.New(opts, 1)
	if err != nil {
		t.Fatal(err)
	}
	st := g.(*State)
	st.r.Hand[0], st.r.Hand[1] = mask(t, jekyll), mask(t, hyde)
	d := strings.Fields(deck)
	for i := range 8 {
		st.r.Deck[i] = NoCard
		if i < len(d) {
			st.r.Deck[i] = card(t, d[i])
		}
	}
	st.seen = st.r.Hand
	st.r.First = uint8(first)
	st.phase = phaseNight
	st.startTrick(nil)
	return st
}

// play applies moves "seat:kind:arg" such as "0:play:red-5", "1:swap-card:blue-2",
// "0:swap-ranks:red,blue".
func play(t testing.TB, st *State, moves ...string) *game.Log {
	t.Helper()
	var log game.Log
	for _, mv := range moves {
		parts := strings.SplitN(mv, ":", 3)
		seat := game.Seat(parts[0][0] - '0')
		var m game.Move
		switch parts[1] {
		case "play":
			m = PlayMove(card(t, parts[2]))
		case "give":
			m = GiveMove(card(t, parts[2]))
		case "swap-card":
			m = SwapCardMove(card(t, parts[2]))
		case "swap-ranks":
			ab := strings.Split(parts[2], ",")
			m = SwapRanksMove(colourIndex(ab[0]), colourIndex(ab[1]))
		case "ready":
			m = ReadyMove()
		}
		if err := st.Apply(seat, m, &log); err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
	}
	return &log
}

func legalSet(st *State, s game.Seat) map[string]bool {
	out := map[string]bool{}
	for _, m := range st.Legal(s, nil) {
		out[string(encodeMove(m))] = true
	}
	return out
}

func hasEvent(log *game.Log, typ string) bool {
	for _, e := range log.Events {
		if e.Type == typ {
			return true
		}
	}
	return false
}
