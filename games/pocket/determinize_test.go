package pocket

import (
	"testing"

	"gaslamp/game"
)

// consistent checks that d is a world the view of seat allows.
func consistent(t *testing.T, s, d *State, seat game.Seat) {
	t.Helper()
	if encode(s.View(seat)) != encode(d.View(seat)) {
		t.Fatalf("views differ:\n%s\n%s", encode(s.View(seat)), encode(d.View(seat)))
	}
	if !d.b.Suspects().Has(d.jack) {
		t.Fatalf("Jack %s is not a suspect", d.jack)
	}
	cards := CharSet(0).With(d.jack)
	for _, list := range [][]Character{d.jackDrawn[:d.jackN], d.invDrawn[:d.invN], d.pile[:d.pileN]} {
		for _, c := range list {
			if cards.Has(c) {
				t.Fatalf("card %s twice", c)
			}
			cards = cards.With(c)
		}
	}
	if cards != AllCharacters {
		t.Fatalf("cards %v", cards.List())
	}
	if !d.agrees(d.jackDrawn[:d.jackN]) {
		t.Fatalf("Jack's alibis %v disagree with the game's course", d.jackDrawn[:d.jackN])
	}
}

// Determinize for the investigator and spectators draws Jack among the
// suspects still in play, uniformly when nothing else constrains him.
func TestDeterminizeInvestigator(t *testing.T) {
	rng := game.NewRand(1)
	for seed := range uint64(games(300, 50)) {
		s := midGame(seed, int(seed%30))
		if s.over() {
			continue
		}
		for _, seat := range []game.Seat{InvestigatorSeat, game.Spectator} {
			for range 5 {
				d, err := Rules{}.Determinize(s.View(seat), &rng)
				if err != nil {
					t.Fatal(err)
				}
				consistent(t, s, d.(*State), seat)
			}
		}
	}
	// Turn 1, nothing drawn: every character is as likely.
	s := newState(7)
	var count [NumCharacters]int
	const n = 18000
	for range n {
		d, _ := Rules{}.Determinize(s.View(InvestigatorSeat), &rng)
		count[d.(*State).jack]++
	}
	for c, k := range count {
		if k < n/9*8/10 || k > n/9*12/10 {
			t.Errorf("%s drawn %d times of %d", Character(c), k, n)
		}
	}
}

// Determinize for Jack keeps his identity and alibis and shuffles the pile.
func TestDeterminizeJack(t *testing.T) {
	rng := game.NewRand(2)
	orders := map[[8]Character]bool{}
	for seed := range uint64(50) {
		s := midGame(seed, 12)
		if s.over() {
			continue
		}
		d, err := Rules{}.Determinize(s.View(JackSeat), &rng)
		if err != nil {
			t.Fatal(err)
		}
		ds := d.(*State)
		consistent(t, s, ds, JackSeat)
		if ds.jack != s.jack || ds.jackDrawn != s.jackDrawn {
			t.Fatal("Jack's secrets changed")
		}
		if seed == 0 {
			for range 50 {
				d, _ := Rules{}.Determinize(s.View(JackSeat), &rng)
				orders[d.(*State).pile] = true
			}
			if len(orders) < 10 {
				t.Fatalf("%d pile orders in 50 draws", len(orders))
			}
		}
	}
}

// Determinize respects what the game's course says about Jack's hidden
// hourglasses: below 6 at every earlier end of turn (else he would have won),
// at least 6 when the chase of P2 began.
func TestDeterminizeRespectsHourglasses(t *testing.T) {
	// Jack won the time tokens of turns 1-5 and drew two alibis at turns 1
	// and 3: to be below 6 after turn 5 both must be hourglass-free.
	s := fixed(0)
	s.turn = 6
	for i := range 5 {
		s.timeTok[i] = sideJack
	}
	s.jackTokens = 5
	s.jackDrawn[0], s.jackDrawn[1] = Lestrade, Goodley
	s.jackTurn[0], s.jackTurn[1], s.jackN = 1, 3, 2
	s.pile = [8]Character{Madame, Stealthy, Pizer, Gull, Bert, Lane}
	s.pileN = 6
	rng := game.NewRand(3)
	jacks := CharSet(0)
	for range 2000 {
		d, err := Rules{}.Determinize(s.View(InvestigatorSeat), &rng)
		if err != nil {
			t.Fatal(err)
		}
		ds := d.(*State)
		consistent(t, s, ds, InvestigatorSeat)
		got := CharSet(0).With(ds.jackDrawn[0]).With(ds.jackDrawn[1])
		if got != CharSet(0).With(Goodley).With(Lestrade) {
			t.Fatalf("Jack's alibis %v", ds.jackDrawn[:2])
		}
		jacks = jacks.With(ds.jack)
	}
	if jacks != AllCharacters&^CharSet(0).With(Goodley).With(Lestrade) {
		t.Fatalf("identities drawn: %v", jacks.List())
	}

	// The chase began at turn 4 with 4 time tokens and one alibi drawn at
	// turn 2: that card must be Madame (2 hourglasses), the last suspect Jack.
	s = fixed(0)
	s.turn, s.chaseTurn = 6, 4
	s.b.Cleared = AllCharacters &^ CharSet(0).With(Smith)
	for i, h := range []uint8{sideJack, sideJack, sideJack, sideJack, sideInvestigator} {
		s.timeTok[i] = h
	}
	s.jackTokens = 4
	s.jackDrawn[0], s.jackTurn[0], s.jackN = Madame, 2, 1
	s.pile = [8]Character{Goodley, Lestrade, Stealthy, Pizer, Gull, Bert, Lane}
	s.pileN = 7
	for range 200 {
		d, err := Rules{}.Determinize(s.View(game.Spectator), &rng)
		if err != nil {
			t.Fatal(err)
		}
		ds := d.(*State)
		consistent(t, s, ds, game.Spectator)
		if ds.jack != Smith || ds.jackDrawn[0] != Madame {
			t.Fatalf("Jack %s with %s", ds.jack, ds.jackDrawn[0])
		}
	}
}

// A finished game's views show everything; Determinize rebuilds them.
func TestDeterminizeFinished(t *testing.T) {
	rng := game.NewRand(4)
	for seed := range uint64(100) {
		s := midGame(seed, 100)
		if !s.over() {
			t.Fatalf("seed %d: not over after 100 moves", seed)
		}
		for _, seat := range []game.Seat{JackSeat, InvestigatorSeat, game.Spectator} {
			d, err := Rules{}.Determinize(s.View(seat), &rng)
			if err != nil {
				t.Fatal(err)
			}
			if encode(s.View(seat)) != encode(d.View(seat)) || d.(*State).jack != s.jack || d.ToAct() != 0 {
				t.Fatalf("seed %d seat %d: the finished game is not rebuilt", seed, seat)
			}
		}
	}
}

// Determinize refuses what is not a pocket view.
func TestDeterminizeBadView(t *testing.T) {
	rng := game.NewRand(5)
	if _, err := (Rules{}).Determinize(nil, &rng); err == nil {
		t.Fatal("nil view accepted")
	}
	s := newState(1)
	v := s.View(InvestigatorSeat).(*View)
	v.Tiles[0].Character = v.Tiles[1].Character
	if _, err := (Rules{}).Determinize(v, &rng); err == nil {
		t.Fatal("a view with a tile twice accepted")
	}
}
