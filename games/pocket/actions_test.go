package pocket

import (
	"encoding/json"
	"testing"

	"gaslamp/game"
)

// fixed returns a position at the start of turn 1: character i in cell i,
// every wall north, the detectives on their start places (they see cells 0,
// 1, 2 and 7), Jack is John Smith (cell 4) and the alibi pile holds the other
// cards with Madame on top. All token faces are A unless face says otherwise.
func fixed(face uint8) *State {
	s := &State{b: board("NNNNNNNNN", 12, 4, 8), turn: 1, face: face, rotated: NoCharacter, jack: Smith}
	s.pile = [8]Character{Lane, Bert, Gull, Pizer, Stealthy, Lestrade, Goodley, Madame}
	s.pileN = 8
	s.rng = game.NewRand(5)
	return s
}

// faces returns the kinds up on the four tokens.
func faces(s *State) [4]Kind {
	var f [4]Kind
	for t := range 4 {
		f[t] = s.upFace(t)
	}
	return f
}

// A6: on odd turns the tokens are thrown (random faces), on even turns turned
// over, so every action comes up exactly once over each pair of turns.
func TestTokensThrownOnOddTurnsTurnedOverOnEven(t *testing.T) {
	combos := map[uint8]int{}
	changed := 0
	for seed := range uint64(400) {
		s := newState(seed)
		combos[s.face]++
		var all [numKinds]int
		var odd uint8
		for s.turn <= 4 && !s.over() {
			if s.step == 0 {
				if s.turn&1 == 1 {
					if s.turn == 3 && s.face != odd {
						changed++
					}
					odd = s.face
				} else if s.face != odd^0xF {
					t.Fatalf("seed %d turn %d: faces %04b are not turn %d's turned over (%04b)", seed, s.turn, s.face, s.turn-1, odd)
				}
				if s.turn <= 2 {
					for _, k := range faces(&s) {
						all[k]++
					}
				}
			}
			var arr [MaxLegal]game.Move
			n := s.legal(arr[:])
			a, _ := Parse(arr[n-1])
			s.play(s.tokenFor(a.Kind), a, nil)
		}
		if s.turn > 2 {
			for k := KindRotate; k < numKinds; k++ {
				want := 1
				if k == KindRotate {
					want = 2 // on two tokens
				}
				if all[k] != want {
					t.Fatalf("seed %d: over turns 1-2 %s came up %d times", seed, k, all[k])
				}
			}
		}
	}
	if len(combos) != 16 {
		t.Errorf("turn 1 shows %d of the 16 face combinations over 400 seeds", len(combos))
	}
	if changed < 100 {
		t.Errorf("turn 3 threw the same faces as turn 1 in %d of 400 games", 400-changed)
	}
}

// A7: odd turns are played investigator, Jack, Jack, investigator; even turns
// Jack, investigator, investigator, Jack.
func TestActionOrder(t *testing.T) {
	s := newState(11)
	want := map[uint8][4]game.Seat{
		1: {InvestigatorSeat, JackSeat, JackSeat, InvestigatorSeat},
		0: {JackSeat, InvestigatorSeat, InvestigatorSeat, JackSeat},
	}
	var buf []game.Move
	for !s.over() {
		seat := s.ToAct().First()
		if w := want[s.turn&1][s.step]; seat != w || s.ToAct().Len() != 1 {
			t.Fatalf("turn %d action %d: %v acts, want seat %d", s.turn, s.step+1, s.ToAct().Seats(), w)
		}
		other := 1 - seat
		if len(s.Legal(other, nil)) != 0 {
			t.Fatalf("turn %d: the other seat has moves", s.turn)
		}
		buf = s.Legal(seat, buf[:0])
		if err := s.Apply(other, buf[0], nil); game.CodeOf(err) != game.CodeNotYourTurn {
			t.Fatalf("out of turn: %v", err)
		}
		if err := s.Apply(seat, buf[len(buf)/2], nil); err != nil {
			t.Fatal(err)
		}
	}
	if s.ToAct() != 0 || len(s.Legal(JackSeat, nil)) != 0 {
		t.Fatal("seats act after the end")
	}
	if err := s.Apply(JackSeat, AlibiMove(), nil); game.CodeOf(err) != game.CodeGameOver {
		t.Fatalf("move after the end: %v", err)
	}
}

// A6/A7: a face can be played only from an unused token showing it.
func TestOnlyUnusedFacesUp(t *testing.T) {
	s := fixed(0) // Rotation, Rotation, Alibi, Watson
	if err := s.Apply(InvestigatorSeat, DetectiveMove(Holmes, 1), nil); game.CodeOf(err) != game.CodeIllegal {
		t.Fatalf("Holmes face down: %v", err)
	}
	mustApply(t, s, DetectiveMove(Watson, 2))
	if s.b.Places[Watson] != 6 {
		t.Fatalf("Watson at %d, want 6", s.b.Places[Watson])
	}
	if err := s.Apply(JackSeat, DetectiveMove(Watson, 1), nil); game.CodeOf(err) != game.CodeIllegal {
		t.Fatalf("Watson token used twice: %v", err)
	}
	if err := s.Apply(JackSeat, DetectiveMove(Holmes, 3), nil); game.CodeOf(err) != game.CodeMalformed {
		t.Fatalf("3 steps: %v", err)
	}
}

// A7: Rotation turns one tile to any other orientation; P3: the two Rotation
// faces of a turn cannot turn the same tile, even after an Exchange moved it.
func TestTwoRotationsCannotTurnTheSameTile(t *testing.T) {
	s := fixed(0) // tokens 0 and 1 both show Rotation
	if err := s.Apply(InvestigatorSeat, RotateMove(4, North), nil); game.CodeOf(err) != game.CodeIllegal {
		t.Fatalf("rotation to the same orientation: %v", err)
	}
	mustApply(t, s, RotateMove(4, East))
	if s.b.Walls[4] != East || s.rotated != Smith || s.used != 1 {
		t.Fatalf("after rotation: wall %s, rotated %s, used %04b", s.b.Walls[4], s.rotated, s.used)
	}
	for _, m := range s.Legal(JackSeat, nil) {
		if a, _ := Parse(m); a.Kind == KindRotate && a.Cell == 4 {
			t.Fatalf("the second Rotation may turn Smith's tile: %s", Rules{}.EncodeMove(m))
		}
	}
	err := s.Apply(JackSeat, RotateMove(4, South), nil)
	if game.CodeOf(err) != game.CodeIllegal || err.(*game.Error).Text.Key != "pocket.err.rotated-twice" {
		t.Fatalf("second rotation of the same tile: %v", err)
	}
	mustApply(t, s, RotateMove(5, West))
	if s.used != 3 {
		t.Fatalf("used %04b", s.used)
	}

	// With an Exchange in between, the tile is followed, not the cell.
	s = fixed(0)
	mustApply(t, s, RotateMove(4, East))                    // token 0
	s.b.Tiles[4], s.b.Tiles[0] = s.b.Tiles[0], s.b.Tiles[4] // as if an Exchange moved Smith to cell 0
	s.b.Walls[4], s.b.Walls[0] = s.b.Walls[0], s.b.Walls[4]
	if err := s.Apply(JackSeat, RotateMove(0, South), nil); game.CodeOf(err) != game.CodeIllegal {
		t.Fatalf("the moved tile turned twice: %v", err)
	}
	mustApply(t, s, RotateMove(4, South))

	// The next turn starts afresh.
	s = fixed(0)
	mustApply(t, s, RotateMove(4, East))
	s.endOfTurn(nil)
	if s.rotated != NoCharacter || s.used != 0 || s.step != 0 || s.turn != 2 {
		t.Fatalf("turn 2 starts with rotated %s used %04b", s.rotated, s.used)
	}
}

// A7: Exchange swaps two tiles, each keeping its orientation.
func TestExchangeKeepsOrientation(t *testing.T) {
	s := fixed(0b0001) // token 0 shows Exchange
	s.b.Walls[0], s.b.Walls[8] = East, South
	mustApply(t, s, ExchangeMove(8, 0))
	if s.b.Tiles[0] != Lane || s.b.Tiles[8] != Madame || s.b.Walls[0] != South || s.b.Walls[8] != East {
		t.Fatalf("after exchange: tiles %v walls %v", s.b.Tiles, s.b.Walls)
	}
}

// A7: the Joker moves any detective exactly one place; only Jack may move
// nobody.
func TestJokerForEachSide(t *testing.T) {
	s := fixed(0b0010) // token 1 shows Joker
	legal := s.Legal(InvestigatorSeat, nil)
	if game.Contains(legal, JokerMove(NoDetective)) || !game.Contains(legal, JokerMove(Toby)) {
		t.Fatal("the investigator's Joker moves")
	}
	err := s.Apply(InvestigatorSeat, JokerMove(NoDetective), nil)
	if game.CodeOf(err) != game.CodeIllegal || err.(*game.Error).Text.Key != "pocket.err.joker-must-move" {
		t.Fatalf("investigator's Joker moving nobody: %v", err)
	}
	mustApply(t, s, JokerMove(Toby))
	if s.b.Places[Toby] != 9 {
		t.Fatalf("Toby at %d", s.b.Places[Toby])
	}

	s = fixed(0b0010)
	s.step = 1 // Jack's action
	if !game.Contains(s.Legal(JackSeat, nil), JokerMove(NoDetective)) {
		t.Fatal("Jack may not move nobody")
	}
	before := s.b.Places
	log := mustApply(t, s, JokerMove(NoDetective))
	if s.b.Places != before || s.used != 0b0010 || log.Events[0].Type != "pocket.joker-none" {
		t.Fatalf("Jack's empty Joker: places %v used %04b", s.b.Places, s.used)
	}
	s = fixed(0b0010)
	s.step = 1
	mustApply(t, s, JokerMove(Holmes))
	if s.b.Places[Holmes] != 1 {
		t.Fatalf("Holmes at %d", s.b.Places[Holmes])
	}
}

// TestP4InvestigatorAlibiAlwaysClearsItsCharacter checks P4 (with A7): the
// investigator's Alibi card always clears its character, the tile turned to
// its empty side, and the card is shown to everyone.
func TestP4InvestigatorAlibiAlwaysClearsItsCharacter(t *testing.T) {
	s := fixed(0)
	log := mustApply(t, s, AlibiMove())
	if s.pileN != 7 || s.invN != 1 || s.invDrawn[0] != Madame || !s.b.Cleared.Has(Madame) {
		t.Fatalf("pile %d, drawn %v, cleared %v", s.pileN, s.invDrawn[:s.invN], s.b.Cleared.List())
	}
	for _, seat := range []game.Seat{JackSeat, InvestigatorSeat, game.Spectator} {
		ev := log.For(seat)
		if len(ev) != 1 || ev[0].Type != "pocket.alibi-shown" {
			t.Fatalf("seat %d sees %v", seat, ev)
		}
		v := s.View(seat).(*View)
		if len(v.InvestigatorAlibis) != 1 || v.InvestigatorAlibis[0] != Madame || v.Suspects.Has(Madame) || v.Tiles[0].Suspect {
			t.Fatalf("seat %d view: %+v", seat, v.InvestigatorAlibis)
		}
	}
	if s.Hourglasses() != 0 {
		t.Fatal("the investigator's alibi counts for Jack")
	}
}

// A7/A9: Jack's alibi is drawn secretly and its hourglasses count for him,
// secretly.
func TestAlibiJack(t *testing.T) {
	s := fixed(0)
	s.step = 1
	log := mustApply(t, s, AlibiMove())
	if s.jackN != 1 || s.jackDrawn[0] != Madame || s.jackTurn[0] != 1 || s.b.Cleared.Has(Madame) || s.Hourglasses() != 2 {
		t.Fatalf("jack drew %v, hourglasses %d", s.jackDrawn[:s.jackN], s.Hourglasses())
	}
	if ev := log.For(JackSeat); len(ev) != 1 || ev[0].Type != "pocket.jack-alibi-secret" {
		t.Fatalf("Jack sees %v", ev)
	}
	for _, seat := range []game.Seat{InvestigatorSeat, game.Spectator} {
		if ev := log.For(seat); len(ev) != 1 || ev[0].Type != "pocket.jack-alibi" {
			t.Fatalf("seat %d sees %v", seat, ev)
		}
		v := s.View(seat).(*View)
		if v.JackAlibis != nil || v.Hourglasses != nil || v.Jack != nil || len(v.JackAlibiTurns) != 1 || v.PublicHourglasses != 0 {
			t.Fatalf("seat %d view shows Jack's secrets", seat)
		}
	}
	v := s.View(JackSeat).(*View)
	if *v.Jack != Smith || len(v.JackAlibis) != 1 || v.JackAlibis[0] != Madame || *v.Hourglasses != 2 {
		t.Fatalf("Jack's view: %+v", v)
	}
	data, _ := json.Marshal(s.View(InvestigatorSeat))
	var m map[string]any
	_ = json.Unmarshal(data, &m)
	if _, ok := m["jack"]; ok {
		t.Fatal("the investigator's view names Jack")
	}
}

// TestA3RotatingLanesClearedCrossroadsChangesNothingSeen checks A3 and the
// rotation event: Joseph Lane's cleared tile has no wall, so turning it
// changes nothing a player can see; the event says so and names no wall.
func TestA3RotatingLanesClearedCrossroadsChangesNothingSeen(t *testing.T) {
	s := fixed(0)
	cell := -1
	for c, x := range s.b.Tiles {
		if x == Lane {
			cell = c
		}
	}
	s.b.Cleared = s.b.Cleared.With(Lane)
	before := s.View(game.Spectator).(*View)
	log := mustApply(t, s, RotateMove(cell, East))
	after := s.View(game.Spectator).(*View)
	ev := log.For(game.Spectator)
	if len(ev) != 1 || ev[0].Text.Key != "pocket.ev.rotated-open" {
		t.Fatalf("events %+v", ev)
	}
	if _, ok := ev[0].Data.(map[string]any)["wall"]; ok || !after.Tiles[cell].Open {
		t.Fatalf("the event names a wall or the tile is not open: %+v", ev[0].Data)
	}
	if before.Sight != after.Sight {
		t.Fatal("turning the crossroads changed what the detectives see")
	}
	// A tile with a wall still names it.
	log = mustApply(t, s, RotateMove((cell+1)%9, East))
	if ev := log.For(game.Spectator); ev[0].Text.Key != "pocket.ev.rotated" || ev[0].Data.(map[string]any)["wall"] == nil {
		t.Fatalf("events %+v", ev)
	}
}
