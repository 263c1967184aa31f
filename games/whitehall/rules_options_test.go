package whitehall

import (
	"testing"

	"gaslamp/board"
	"gaslamp/game"
)

var powers = game.Options{OptPowers: "true"}

func TestW20SmokerSpeedThreeStepsAndNoAction(t *testing.T) {
	tb := tbl()
	s := newGame(t, powers)
	x := 0
	for tb.reach3[x].Minus(tb.reach2[x]).Empty() {
		x++
	}
	far := tb.reach3[x].Minus(tb.reach2[x]).Next(0)
	near := tb.b.Steps[x][0]
	sp := []int{}
	for y := 0; len(sp) < 2; y++ {
		if !tb.reach3[x].Has(y) {
			sp = append(sp, y)
		}
	}
	setFigs(s, x, sp[0], sp[1])
	s.c.Phase, s.c.Actor = phMove, 0
	refuse(t, s, 1, Figure(far), "whitehall.err.too-far")
	refuse(t, s, 1, Speed(near), "whitehall.err.speed-not-needed")
	log := must(t, s, 1, Speed(far))
	if !hasEvent(log, 0, "whitehall.ev.speed") || s.c.Spent&spSmoker == 0 {
		t.Fatal("Speed not played")
	}
	stayAll(t, s)
	if actor(s) != 2 || s.c.Phase != phAction {
		t.Fatalf("yellow acts after Speed: actor %d", actor(s))
	}
	passAll(t, s)
	if s.c.Speed {
		t.Fatal("Speed lasts beyond the turn")
	}
	setFigs(s, x, sp[0], sp[1])
	s.c.Phase, s.c.Actor = phMove, 0
	refuse(t, s, 1, Speed(far), "whitehall.err.no-power")
}

func TestW20SmokerScentSearchGoesOnAfterHit(t *testing.T) {
	s, _, a, b, _ := searchPosition(t, powers)
	must(t, s, 1, Scent(a))
	if !s.c.Clues.Has(a) || s.c.Phase != phSearch {
		t.Fatal("Scent must go on after a hit")
	}
	must(t, s, 1, Search(b))
	if !s.c.Clues.Has(b) {
		t.Fatal("second hit not marked")
	}
	for s.c.Phase == phSearch {
		must(t, s, 1, Stop())
	}
	passAll(t, s)
	if game.Contains(s.Legal(0, nil), Scent(a)) || s.c.Spent&spSmoker == 0 {
		t.Fatal("Scent not spent")
	}
}

func TestW20ReidAreaArrestNamesAllAdjacentCircles(t *testing.T) {
	opts := game.Options{OptReid: "red"}
	tb := tbl()
	for _, hit := range []bool{false, true} {
		s, _, a, b, _ := searchPosition(t, opts)
		if s.c.Cfg.Figs[2] != figGreen {
			t.Fatal("green is not third: yellow, blue, green")
		}
		must(t, s, 1, Pass())
		must(t, s, 2, Pass())
		// Jack is on b. Green goes next to b (hit) or far from it.
		cands := tb.b.CircleCrossings[b]
		if !hit {
			cands = intsToSet(spare(10, a, b))
		}
		y := cands.Minus(s.others(2)).Next(0)
		if y < 0 {
			t.Fatalf("no crossing for green (hit %v)", hit)
		}
		s.c.Fig[2] = uint8(y)
		must(t, s, 3, AreaArrest())
		if hit {
			if out := s.Outcome(); out.Winner != "investigators" || out.Reason.Key != "whitehall.outcome.arrested" {
				t.Fatalf("area arrest around Jack: %+v", out)
			}
			continue
		}
		if s.Outcome().Over || s.c.Spent&spReid == 0 {
			t.Fatal("a missed area arrest must go on and spend the power")
		}
		if int(s.c.NObs[0]) != len(tb.b.Near[y]) {
			t.Fatal("not every adjacent circle named")
		}
		for _, o := range s.c.Obs[0][:s.c.NObs[0]] {
			if o.Kind != obNotHere {
				t.Fatal("area arrest recorded as a search")
			}
		}
		passAll(t, s)
		must(t, s, 0, Walk(a))
		stayAll(t, s)
		must(t, s, 1, Pass())
		must(t, s, 2, Pass())
		refuse(t, s, 3, AreaArrest(), "whitehall.err.no-power")
	}
}

func TestW20SwansonGuessWinsOnUnreachedLocation(t *testing.T) {
	opts := game.Options{OptSwanson: "blue"}
	s, _, _, _, _ := searchPosition(t, opts)
	must(t, s, 1, Pass())
	must(t, s, 2, Pass())
	tb := tbl()
	notWhite := tb.blue.Next(0)
	refuse(t, s, 3, Guess(notWhite), "whitehall.err.not-white")
	refuse(t, s, 3, Guess(int(s.c.Order[0])), "whitehall.err.already-reached")
	miss := tb.white.Minus(s.c.Unreached).Minus(circleSet(int(s.c.Order[0]))).Next(0)
	c := s.Clone().(*State)
	must(t, c, 3, Guess(miss))
	if c.Outcome().Over || c.c.Guess != uint8(miss) || c.c.Spent&spSwanson == 0 || publicView(c).Guess != miss {
		t.Fatal("failed guess not recorded")
	}
	loc := s.c.Unreached.Next(0)
	must(t, s, 3, Guess(loc))
	if out := s.Outcome(); out.Winner != "investigators" || out.Reason.Key != "whitehall.outcome.guessed" {
		t.Fatalf("outcome %+v", out)
	}
}

func TestW21FalseCluesGainedEveryFiveCluesAtMostThree(t *testing.T) {
	s, _, a, _, _ := searchPosition(t, game.Options{OptFalseClues: "true"})
	s.c.CluesTotal = 4
	log := must(t, s, 1, Search(a))
	if s.c.Blue != 1 || !hasEvent(log, 0, "whitehall.ev.blue-gained") {
		t.Fatal("no false clue marker after the 5th clue")
	}
	s.c.Blue, s.c.CluesTotal = 3, 14
	s.addClue(1, nil)
	if s.c.Blue != 3 {
		t.Fatal("more than 3 false clue markers")
	}
}

func TestW21FalseClueBlocksNamingAndAnnouncing(t *testing.T) {
	opts := game.Options{OptFalseClues: "true"}
	x, a, b, _ := searchSpot(t)
	s := newGame(t, opts, a, b)
	sp := spare(3, a, b)
	teleport(t, s, a, labels(sp...)...)
	must(t, s, 0, Walk(b))
	s.c.Blue = 1
	setFigs(s, x, sp[1], sp[2])
	stayAll(t, s)
	if s.c.Phase != phFalseClue || actor(s) != 0 {
		t.Fatal("no false clue phase")
	}
	must(t, s, 0, FalseClue(b))
	refuse(t, s, 1, Search(b), "whitehall.err.false-clue-there")
	refuse(t, s, 1, Arrest(b), "whitehall.err.false-clue-there")
	passAll(t, s)
	if s.c.Blue != 0 {
		t.Fatal("marker not spent")
	}
	// A location Jack must announce may not be covered, and a covered
	// unreached location may not be walked onto.
	from, to := walkToLocation(t)
	s = newGame(t, opts, from, to)
	teleport(t, s, from, labels(spare(3, from, to)...)...)
	setLocation(t, s, to)
	s.c.FClues.Add(to)
	refuse(t, s, 0, Walk(to), "whitehall.err.location-under-false-clue")
	s.c.FClues = s.c.FClues.Minus(circleSet(to))
	must(t, s, 0, Walk(to))
	s.c.Blue = 2
	stayAll(t, s)
	refuse(t, s, 0, FalseClue(to), "whitehall.err.must-announce")
	must(t, s, 0, FalseClue(from))
	passAll(t, s)
	if s.c.Round != 1 || !s.c.FClues.Empty() || s.c.Blue != 0 {
		t.Fatal("false clues not removed at the end of the round")
	}
}

func TestW22MurdererAtLargeHidesSpecialTypesUntilRoundEnds(t *testing.T) {
	tb := tbl()
	from := 1
	for tb.b.AlleySet[from].Empty() || tb.white.Has(from) {
		from++
	}
	a := tb.b.AlleySet[from].Next(0)
	s := newGame(t, game.Options{OptMurderer: "true"}, from, a)
	teleport(t, s, from, labels(spare(3, from, a)...)...)
	log := must(t, s, 0, Alley(a))
	if !hasEvent(log, 1, "whitehall.ev.jack-special") || hasEvent(log, 1, "whitehall.ev.jack-alley") {
		t.Fatal("the public event names the card")
	}
	v := publicView(s)
	if v.Track[0] != "special" || v.Rounds[0].Moves[0].Kind != "special" || v.Cards.Hidden != 1 || v.Cards.Alley.Out != 0 {
		t.Fatalf("public view: %v %+v", v.Track, v.Cards)
	}
	if jv := s.View(0).(*View); jv.Track[0] != "alley" || jv.Cards.Alley.Out != 1 {
		t.Fatal("Jack's view hides his own card")
	}
	// At the end of the round the type is revealed.
	w := tb.b.WalkSet[a].Intersect(tb.white).Minus(circleSet(from))
	for q := w.Next(0); q >= 0; q = w.Next(q + 1) {
		if tb.quad[q] > 0 && tb.quad[q] != tb.quad[int(s.c.Order[0])] {
			setLocation(t, s, q)
			endTurn(t, s)
			must(t, s, 0, Walk(q))
			log := &game.Log{}
			stayAll(t, s)
			for s.c.Phase == phAction {
				log = must(t, s, actor(s), Pass())
			}
			if !hasEvent(log, 1, "whitehall.ev.revealed-alley") {
				t.Fatal("type not revealed at the end of the round")
			}
			if v := publicView(s); v.Rounds[0].Moves[0].Kind != "alley" || v.Cards.Alley.Out != 1 {
				t.Fatal("type not public after the round")
			}
			return
		}
	}
	t.Skip("no location next to the alley's end")
}

func TestW23NewspaperTakesBackAnAlleyOrBoatCard(t *testing.T) {
	from, to := walkToLocation(t)
	s := newGame(t, game.Options{OptNewspaper: "true"}, from, to)
	teleport(t, s, from, labels(spare(3, from, to)...)...)
	setLocation(t, s, to)
	s.c.Left[CardAlley], s.c.Out[CardAlley] = 1, 1
	s.c.Left[CardCoach], s.c.Out[CardCoach] = 0, 2
	must(t, s, 0, Walk(to))
	endTurn(t, s)
	if s.c.Phase != phNewspaper {
		t.Fatalf("phase %s at the start of round 2", phaseIDs[s.c.Phase])
	}
	legal := s.Legal(0, nil)
	if len(legal) != 2 || legal[0] != Newspaper(CardAlley) || legal[1] != Pass() {
		t.Fatalf("newspaper choices %v", legal)
	}
	refuse(t, s, 0, Newspaper(CardBoat), "whitehall.err.card-not-used")
	must(t, s, 0, Newspaper(CardAlley))
	if s.c.Left[CardAlley] != 2 || s.c.Out[CardAlley] != 0 || s.c.Phase != phJack {
		t.Fatal("card not taken back")
	}
}

// TestW20ScentDeclaredOnFirstClue: W20's ruling that Scent may be declared
// when yellow's search finds its first clue. After the hit the search goes on
// only with Scent (a plain search move is refused); declared, it answers every
// circle named and the power is spent. Without Scent left, a hit ends the
// search as in W15.
func TestW20ScentDeclaredOnFirstClue(t *testing.T) {
	s, _, a, b, n := searchPosition(t, powers)
	must(t, s, 1, Search(b))
	if !s.c.Clues.Has(b) || s.c.Phase != phSearch || actor(s) != 1 {
		t.Fatal("a hit of yellow's search must offer Scent")
	}
	if p := publicView(s).Prompt.Key; p != "whitehall.prompt.scent-offer" {
		t.Fatalf("prompt %s", p)
	}
	legal := s.Legal(1, nil)
	if !game.Contains(legal, Stop()) || !game.Contains(legal, Scent(a)) || game.Contains(legal, Search(a)) {
		t.Fatalf("after the first clue: %v", legal)
	}
	refuse(t, s, 1, Search(a), "whitehall.err.search-found")
	c := s.Clone().(*State)
	must(t, c, 1, Stop())
	if c.c.Spent&spSmoker != 0 || c.c.Phase != phAction || actor(c) != 2 {
		t.Fatal("stopping after the clue must not spend Scent")
	}
	log := must(t, s, 1, Scent(n))
	if s.c.Spent&spSmoker == 0 || !s.c.Scent || !hasEvent(log, 2, "whitehall.ev.scent") {
		t.Fatal("Scent not declared")
	}
	if s.c.Phase != phSearch || s.c.Clues.Has(n) {
		t.Fatal("a miss under Scent must let the search go on")
	}
	must(t, s, 1, Search(a))
	if !s.c.Clues.Has(a) {
		t.Fatal("Scent did not answer the circle named after the first clue")
	}
	passAll(t, s)
	// Next turn, Scent is spent: a hit ends yellow's search.
	must(t, s, 0, Walk(a))
	stayAll(t, s)
	if s.c.Phase != phAction || actor(s) != 1 {
		t.Fatal("not yellow's action")
	}
	s.c.Clues = board.Set{}
	must(t, s, 1, Search(b))
	if s.c.Phase != phAction || actor(s) != 2 {
		t.Fatal("with Scent spent, a hit must end the search")
	}
}

// TestW20SwansonLocationWalkedOntoThisTurnIsReached: W20's ruling that a
// location Jack walked onto this turn counts as reached for Swanson: naming it
// does not win, and Jack announces it at the end of the turn.
func TestW20SwansonLocationWalkedOntoThisTurnIsReached(t *testing.T) {
	from, to := walkToLocation(t)
	s := newGame(t, game.Options{OptSwanson: "blue"}, from, to)
	teleport(t, s, from, labels(spare(3, from, to)...)...)
	setLocation(t, s, to)
	must(t, s, 0, Walk(to))
	stayAll(t, s)
	must(t, s, 1, Pass())
	must(t, s, 2, Pass())
	if s.figureOf(int(s.c.Actor)) != figBrown {
		t.Fatal("not Swanson's action")
	}
	log := must(t, s, 3, Guess(to))
	if s.Outcome().Over || !hasEvent(log, 1, "whitehall.ev.guess-failed") {
		t.Fatalf("naming the location walked onto this turn: %+v", s.Outcome())
	}
	if !hasEvent(log, 1, "whitehall.ev.announced") || s.c.NReached != 2 || s.c.Order[1] != uint8(to) {
		t.Fatal("the location was not announced at the end of the turn")
	}
}

// TestW20AtMostOneOfReidAndSwanson: W20's ruling that the seed lets the
// players replace one of the three figures: Reid and Swanson together are
// refused, each alone is accepted.
func TestW20AtMostOneOfReidAndSwanson(t *testing.T) {
	_, err := Rules{}.New(game.Options{OptReid: "blue", OptSwanson: "red"}, 1)
	if game.CodeOf(err) != game.CodeBadOptions {
		t.Fatalf("reid and swanson together: %v", err)
	}
	for _, o := range []game.Options{{OptReid: "blue"}, {OptSwanson: "red"}, {OptPowers: "true", OptReid: "red"}} {
		if _, err := (Rules{}).New(o, 1); err != nil {
			t.Fatalf("options %q: %v", o.String(), err)
		}
	}
}

// TestW5BlockedWalkToUnreachedLocationSaysBlocked: W5 (figures cut a walk
// off) and issue 15's message bug: a walk onto an unreached location that
// the figures block is refused as blocked, with false clues off or on, and
// also when a false clue lies there too (W21 is not the reason then).
func TestW5BlockedWalkToUnreachedLocationSaysBlocked(t *testing.T) {
	tb := tbl()
	for c := 1; c <= numCircles; c++ {
		for _, w := range tb.b.Walks[c] {
			if len(w.Paths) != 1 || w.Paths[0].Empty() || tb.quad[w.To] <= 0 {
				continue
			}
			x := w.Paths[0].Next(0)
			for _, opts := range []game.Options{nil, {OptFalseClues: "true"}} {
				s := newGame(t, opts, c, w.To)
				sp := spare(2, c, w.To)
				teleport(t, s, c, labels(x, sp[0], sp[1])...)
				setLocation(t, s, w.To)
				refuse(t, s, 0, Walk(w.To), "whitehall.err.blocked")
				if opts != nil {
					s.c.FClues.Add(w.To)
					refuse(t, s, 0, Walk(w.To), "whitehall.err.blocked")
				}
			}
			return
		}
	}
	t.Fatal("no single-route walk to a white circle outside bA")
}
