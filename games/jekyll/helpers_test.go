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

// stepRandom applies one random legal move (either seat when both must
// give), with its events in log (nil for none).
func stepRandom(t testing.TB, st *State, rng *game.Rand, log *game.Log) {
	t.Helper()
	seat := st.ToAct().First()
	if st.ToAct().Len() == 2 && rng.IntN(2) == 1 {
		seat = Hyde
	}
	l := st.Legal(seat, nil)
	if err := st.Apply(seat, l[rng.IntN(len(l))], log); err != nil {
		t.Fatal(err)
	}
}

// lastTrick sets a chapter up at the 8th trick of round rnd (0 or 1): the
// pawns at pawn and yard, the players holding tricks with their won cards
// won, the City holding the cards cityWon, one card in each hand and the
// City's last card revealed.
func lastTrick(t testing.TB, opts game.Options, rnd uint8, pawn, yard int8, tricks [2]uint8, won, cityWon uint32,
	jekyll, hyde, deck string, first int) *State {
	t.Helper()
	st := night(t, opts, jekyll, hyde, deck, first)
	st.rnd = rnd
	st.pawn, st.yard = pawn, yard
	st.r.N = 7
	st.r.T, st.r.Won, st.r.CityWon = tricks, won, cityWon
	return st
}

// seeded starts a chapter with the given options and seed.
func seeded(t testing.TB, opts game.Options, seed uint64) *State {
	t.Helper()
	g, err := Rules{}.New(opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*State)
}
