package pocket

import (
	"strings"
	"testing"

	"gaslamp/game"
)

// In fixed positions the detectives see cells 0, 1, 2 (Madame, Goodley,
// Lestrade) and 7 (Bert); Smith (cell 4) is not seen.

// endTurn makes the witness call of s's turn and returns the events.
func endTurn(s *State) *game.Log {
	var log game.Log
	s.step = 4
	s.endOfTurn(&log)
	return &log
}

// A8: Jack seen: every suspect not seen is cleared and the investigator takes
// the time token. Played through Apply: Jack's empty Joker ends turn 2.
func TestWitnessCallJackSeen(t *testing.T) {
	s := fixed(0b0010) // token 1: Joker
	s.jack = Goodley
	s.turn, s.step, s.used = 2, 3, 0b1101
	log := mustApply(t, s, JokerMove(NoDetective))
	want := CharSet(0).With(Madame).With(Goodley).With(Lestrade).With(Bert)
	if s.b.Suspects() != want {
		t.Fatalf("suspects %v", s.b.Suspects().List())
	}
	if s.timeTok[1] != sideInvestigator || s.jackTokens != 0 || s.turn != 3 || s.step != 0 || s.used != 0 {
		t.Fatalf("time tokens %v, turn %d", s.timeTok, s.turn)
	}
	if !s.lastSeen || s.lastCleared != AllCharacters&^want || s.over() {
		t.Fatalf("call: seen %v cleared %v", s.lastSeen, s.lastCleared.List())
	}
	types := ""
	for _, e := range log.For(InvestigatorSeat) {
		types += e.Type + " "
	}
	if types != "pocket.joker-none pocket.witness pocket.tokens " {
		t.Fatalf("events %s", types)
	}
	v := s.View(game.Spectator).(*View)
	if v.TimeTokens[1] != "investigator" || v.LastCall == nil || !v.LastCall.JackVisible || v.PublicHourglasses != 0 {
		t.Fatalf("view: %+v %+v", v.TimeTokens, v.LastCall)
	}
}

// A8: Jack not seen: every suspect seen is cleared and Jack takes the time
// token, an hourglass.
func TestWitnessCallJackUnseen(t *testing.T) {
	s := fixed(0)
	endTurn(s)
	want := AllCharacters &^ CharSet(0).With(Madame).With(Goodley).With(Lestrade).With(Bert)
	if s.b.Suspects() != want || s.timeTok[0] != sideJack || s.jackTokens != 1 || s.Hourglasses() != 1 {
		t.Fatalf("suspects %v, tokens %v", s.b.Suspects().List(), s.timeTok)
	}
	if v := s.View(InvestigatorSeat).(*View); v.PublicHourglasses != 1 || v.TimeTokens[0] != "jack" {
		t.Fatalf("view: %d %v", v.PublicHourglasses, v.TimeTokens)
	}
}

// A8: cleared suspects stay cleared and are never cleared twice; a seen
// cleared tile does not make Jack visible.
func TestWitnessCallOnlyTouchesSuspects(t *testing.T) {
	s := fixed(0)
	s.b.Cleared = CharSet(0).With(Madame)
	endTurn(s)
	if s.lastCleared.Has(Madame) || !s.b.Cleared.Has(Madame) || !s.lastCleared.Has(Goodley) {
		t.Fatalf("cleared now %v", s.lastCleared.List())
	}
}

func outcome(t *testing.T, s *State, winner string, reason uint8) {
	t.Helper()
	o := s.Outcome()
	if !o.Over || o.Winner != winner || s.reason != reason || o.Reason.Key != reasonKeys[reason] {
		t.Fatalf("outcome %+v (reason %d), want %s by %s", o, s.reason, winner, reasonKeys[reason])
	}
	if s.ToAct() != 0 {
		t.Fatal("seats act after the end")
	}
}

// A9: 6 hourglasses at the end of a turn win for Jack, the hourglasses of his
// secret alibi cards included; 5 do not.
func TestSixHourglassesWin(t *testing.T) {
	s := fixed(0)
	s.turn, s.jackTokens = 4, 2
	s.jackDrawn[0], s.jackTurn[0], s.jackN = Madame, 2, 1
	endTurn(s) // 2 + 1 + 2 = 5
	if s.over() || s.Hourglasses() != 5 {
		t.Fatalf("over with %d hourglasses", s.Hourglasses())
	}
	s = fixed(0)
	s.turn, s.jackTokens = 4, 3
	s.jackDrawn[0], s.jackTurn[0], s.jackN = Madame, 2, 1
	log := endTurn(s) // 3 + 1 + 2 = 6
	outcome(t, s, "jack", rsHourglasses)
	if last := log.Events[len(log.Events)-1]; last.Type != "pocket.over" || !last.To.Sees(InvestigatorSeat) {
		t.Fatalf("last event %+v", last)
	}
	// Once over, every view shows everything.
	v := s.View(InvestigatorSeat).(*View)
	if v.Jack == nil || *v.Jack != Smith || len(v.JackAlibis) != 1 || *v.Hourglasses != 6 || v.Phase != "over" {
		t.Fatalf("final view %+v", v)
	}
}

// A9: the investigator wins when one suspect is left.
func TestOneSuspectLeftWins(t *testing.T) {
	s := fixed(0)
	s.jack = Goodley
	s.b.Cleared = AllCharacters &^ CharSet(0).With(Goodley).With(Smith)
	endTurn(s) // Goodley seen: Smith cleared
	outcome(t, s, "investigator", rsIdentified)
}

// A9: with neither goal met after turn 8, Jack wins.
func TestJackWinsAfterTurn8(t *testing.T) {
	s := fixed(0)
	s.turn = 7
	endTurn(s)
	if s.over() || s.turn != 8 {
		t.Fatal("over after turn 7")
	}
	endTurn(s)
	outcome(t, s, "jack", rsTime)
	if s.turn != 8 {
		t.Fatalf("turn %d after the end", s.turn)
	}
}

// lastSuspect returns a position where Smith is the only suspect and Jack has
// tokens time tokens.
func lastSuspect(turn, tokens uint8) *State {
	s := fixed(0)
	s.turn, s.jackTokens = turn, tokens
	for i := range tokens {
		s.timeTok[i] = sideJack
	}
	s.b.Cleared = AllCharacters &^ CharSet(0).With(Smith)
	return s
}

// P2: both goals first met at an end of turn where Jack is visible: the
// investigator wins.
func TestBothGoalsJackSeen(t *testing.T) {
	s := lastSuspect(5, 4)
	s.jackDrawn[0], s.jackTurn[0], s.jackN = Madame, 3, 1
	s.b.Places[Holmes] = 11 // Holmes now sees row 1: Smith
	endTurn(s)              // 4 + 2 = 6 hourglasses, one suspect, seen
	outcome(t, s, "investigator", rsBothSeen)
}

// P2: both goals first met at the end of turn 8: the investigator wins even
// with Jack unseen.
func TestBothGoalsAtTurn8(t *testing.T) {
	s := lastSuspect(8, 5)
	endTurn(s) // 6 hourglasses, unseen
	outcome(t, s, "investigator", rsBothLast)
}

// P2: both goals first met earlier with Jack unseen: play goes on, and the
// investigator wins at the first end of turn where Jack is visible.
func TestBothGoalsThenJackSeen(t *testing.T) {
	s := lastSuspect(5, 5)
	log := endTurn(s)
	if s.over() || s.chaseTurn != 5 || s.turn != 6 {
		t.Fatalf("over %v chase %d turn %d", s.over(), s.chaseTurn, s.turn)
	}
	found := false
	for _, e := range log.Events {
		found = found || e.Type == "pocket.chase"
	}
	if v := s.View(InvestigatorSeat).(*View); !found || v.ChaseTurn != 5 {
		t.Fatal("the chase is not announced")
	}
	endTurn(s) // turn 6: unseen, goes on
	if s.over() {
		t.Fatal("over at turn 6 with Jack unseen")
	}
	s.b.Places[Watson] = 5 // Watson sees row 1
	endTurn(s)
	outcome(t, s, "investigator", rsCaught)
	if s.turn != 7 {
		t.Fatalf("caught at turn %d", s.turn)
	}
}

// P2: after both goals, Jack wins if he stays unseen through turn 8.
func TestBothGoalsThenJackEscapes(t *testing.T) {
	s := lastSuspect(5, 5)
	for range 3 {
		endTurn(s)
		if s.over() {
			t.Fatalf("over at turn %d", s.turn)
		}
	}
	endTurn(s)
	outcome(t, s, "jack", rsEscaped)
}

// A9: the last suspect without Jack's 6 hourglasses ends the game at once.
func TestLastSuspectWithoutHourglasses(t *testing.T) {
	s := lastSuspect(3, 1) // one suspect, 2 hourglasses
	endTurn(s)
	outcome(t, s, "investigator", rsIdentified)
}

// A8: a witness call that clears nobody new says so in every language; it
// never shows an empty list ("Cleared: .").
func TestWitnessCallClearingNobodySaysSo(t *testing.T) {
	s := fixed(0)
	endTurn(s) // Jack unseen: the suspects seen are cleared
	log := endTurn(s)
	if s.lastCleared.Len() != 0 {
		t.Fatalf("the second call cleared %v", s.lastCleared.List())
	}
	var text game.Text
	for _, e := range log.For(InvestigatorSeat) {
		if e.Type == "pocket.witness" {
			text = e.Text
		}
	}
	if text.Key != "pocket.ev.witness-unseen-none" {
		t.Fatalf("witness call text %q", text.Key)
	}
	cat := Rules{}.Messages()
	for _, lang := range []string{"en", "fr", "nl"} {
		got := cat.Render(lang, text)
		if got == "" || got == text.Key || strings.Contains(got, ": .") {
			t.Errorf("%s: %q", lang, got)
		}
	}
}
