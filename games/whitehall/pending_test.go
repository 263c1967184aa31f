package whitehall

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"

	"gaslamp/game"
	"gaslamp/internal/testscale"
)

// playoutDeterminized determinizes the view of seat on s and plays the
// result out at random: it must not panic, and the world must show the
// same view.
func playoutDeterminized(t *testing.T, s *State, seat game.Seat, rng *game.Rand, checkView bool) *State {
	t.Helper()
	v := s.View(seat)
	d, err := Rules{}.Determinize(v, rng)
	if err != nil {
		t.Fatalf("phase %s seat %d: determinize: %v", phaseIDs[s.c.Phase], seat, err)
	}
	ds := d.(*State)
	if checkView {
		want, _ := json.Marshal(v)
		got, _ := json.Marshal(ds.View(seat))
		if !bytes.Equal(got, want) {
			t.Fatalf("determinized world shows another view:\nwant %s\ngot  %s", want, got)
		}
	}
	p := ds.Clone().(*State)
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("phase %s seat %d track %d: playout of a determinized world panicked: %v",
					phaseIDs[s.c.Phase], seat, s.cells(), r)
			}
		}()
		Playout(p, rng, 0, nil)
	}()
	return ds
}

// TestDeterminizeFullTrackSeed147 is the bot engineer's report: in the
// random game of seed 147, at the first figure move with a full track, a
// determinized world had Jack move a 16th time.
func TestDeterminizeFullTrackSeed147(t *testing.T) {
	const seed = 147
	st, err := Rules{}.New(game.Options{}, seed)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	rng := game.NewRand(seed)
	var buf []game.Move
	for s.c.Phase != phOver {
		if v := s.View(1).(*View); v.Phase == "move" && len(v.Track) == trackLen {
			for i := 0; i < 50; i++ {
				for _, seat := range []game.Seat{1, 2, 3, game.Spectator} {
					ds := playoutDeterminized(t, s, seat, &rng, true)
					if !ds.c.Pending {
						t.Fatal("full track without a pending announcement")
					}
				}
			}
			return
		}
		seat := s.ToAct().First()
		buf = s.Legal(seat, buf[:0])
		if err := s.Apply(seat, buf[rng.IntN(len(buf))], nil); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the game of seed 147 never filled the track")
}

// TestDeterminizedWorldsPlayOut determinizes investigators' and spectators'
// views along many random games, and patient games that fill the track,
// and plays every world out.
func TestDeterminizedWorldsPlayOut(t *testing.T) {
	games := testscale.Size(40, 300)
	rng := game.NewRand(5)
	views := []game.Seat{1, 2, 3, game.Spectator}
	step, full := 0, 0
	visit := func(s *State) {
		if s.c.Phase == phOver {
			return
		}
		step++
		if s.c.NReached > 0 && s.cells() == trackLen {
			full++
			for _, seat := range views {
				playoutDeterminized(t, s, seat, &rng, true)
			}
		} else if step%2 == 0 || (s.c.NReached == 0 && step%8 == 1) {
			playoutDeterminized(t, s, views[step%len(views)], &rng, step%4 == 0)
		}
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		opts := game.Options{}
		if seed%2 == 0 {
			opts = optionSets[(seed/2)%uint64(len(optionSets))]
		}
		st, err := Rules{}.New(opts, seed)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		grng := game.NewRand(seed)
		var buf []game.Move
		for s.c.Phase != phOver {
			visit(s)
			seat := s.ToAct().First()
			buf = s.Legal(seat, buf[:0])
			if err := s.Apply(seat, buf[grng.IntN(len(buf))], nil); err != nil {
				t.Fatal(err)
			}
		}
		patientGame(t, seed, opts, seed%3 != 0, visit)
	}
	if full == 0 {
		t.Fatal("no game filled the track: the test proved nothing")
	}
	t.Logf("%d steps, %d with a full track", step, full)
}

// patientGame plays a random game in which the figures never arrest nor
// guess. With slow, Jack keeps off his locations until his 15th space,
// which he fills with a walk onto one when he can: rounds last, up to full
// tracks; otherwise he walks onto a location whenever he can. It calls f on
// every state reached (before each move, and at the end).
func patientGame(t *testing.T, seed uint64, opts game.Options, slow bool, f func(s *State)) {
	st, err := Rules{}.New(opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	rng := game.NewRand(seed)
	var buf []game.Move
	for s.c.Phase != phOver {
		f(s)
		seat := s.ToAct().First()
		buf = s.Legal(seat, buf[:0])
		keep := buf[:0]
		var reach, wait []game.Move
		for _, m := range buf {
			switch k := KindOf(m); {
			case k == MoveArrest || k == MoveAreaArrest || k == MoveGuess:
			case k == MoveWalk && s.c.Unreached.Has(To(m)):
				reach = append(reach, m)
			case s.c.Phase == phJack:
				wait = append(wait, m)
			default:
				keep = append(keep, m)
			}
		}
		switch {
		case s.c.Phase != phJack:
		case !slow && len(reach) > 0:
			keep = reach
		case len(reach) > 0 && (s.cells() == trackLen-1 || len(wait) == 0):
			keep = reach
		case len(wait) > 0:
			keep = wait
		default:
			keep = reach
		}
		if err := s.Apply(seat, keep[rng.IntN(len(keep))], nil); err != nil {
			t.Fatal(err)
		}
	}
	f(s)
}

// fullTrackStates returns states of patient games with a full track (a
// location reached by the 15th space's walk, still to be announced).
func fullTrackStates(t *testing.T, games int) []*State {
	var out []*State
	for seed := uint64(1); seed <= uint64(games); seed++ {
		patientGame(t, seed, optionSets[seed%uint64(len(optionSets))], true, func(s *State) {
			if s.c.Phase != phOver && s.c.NReached > 0 && s.cells() == trackLen {
				out = append(out, s.Clone().(*State))
			}
		})
	}
	return out
}

// TestDeterminizeFullTrackPends checks that a view with a full track always
// determinizes to a world where Jack's last walk reached an unreached
// location, to be announced at the end of the turn.
func TestDeterminizeFullTrackPends(t *testing.T) {
	games := testscale.Size(200, 1000)
	states := fullTrackStates(t, games)
	if len(states) == 0 {
		t.Fatal("no game filled the track")
	}
	rng := game.NewRand(11)
	for _, s := range states {
		if !s.c.Pending {
			t.Fatal("a real game goes on with a full track and nothing to announce")
		}
		for i := 0; i < 10; i++ {
			for _, seat := range []game.Seat{1, game.Spectator} {
				v := s.View(seat)
				d, err := Rules{}.Determinize(v, &rng)
				if err != nil {
					t.Fatal(err)
				}
				ds := d.(*State)
				c := &ds.c
				r := c.Round
				last := c.Moves[r][c.NMoves[r]-1]
				if !c.Pending || c.Cur != c.Trail[r][trackLen] || !c.Unreached.Has(int(c.Cur)) ||
					c.Locs[tbl().quad[c.Cur]] != c.Cur || last.Kind != jkWalk {
					t.Fatalf("phase %s: determinized full track: pending %v, circle %d, last cell %d, locations %v, last move %s",
						phaseIDs[c.Phase], c.Pending, c.Cur, c.Trail[r][trackLen], c.Locs, jackKindNames[last.Kind])
				}
				want, _ := json.Marshal(v)
				got, _ := json.Marshal(ds.View(seat))
				if !bytes.Equal(got, want) {
					t.Fatalf("determinized world shows another view:\nwant %s\ngot  %s", want, got)
				}
			}
		}
	}
	t.Logf("%d full-track states", len(states))
}

// pendingChance computes, apart from the rules' code, the probability that
// Jack's last move on the current trail of d reached an unreached location
// this turn, given the trail and a uniform prior over his choice of
// location: 1/(the white circles of the last cell's quadrant off the
// earlier cells and other than Swanson's failed guess), when the last move
// is a walk of this turn onto one of them, not under a false clue, in a
// quadrant without a red marker.
func pendingChance(d *State) float64 {
	c := &d.c
	t := tbl()
	if c.Phase != phMove && c.Phase != phFalseClue && c.Phase != phAction && c.Phase != phSearch {
		return 0
	}
	r := c.Round
	if c.Moves[r][c.NMoves[r]-1].Kind != jkWalk {
		return 0
	}
	cur := int(c.Trail[r][c.Cells[r]])
	if !t.white.Has(cur) || t.quad[cur] < 0 || c.FClues.Has(cur) || cur == int(c.Guess) {
		return 0
	}
	q := t.quad[cur]
	for _, l := range c.Order[:c.NReached] {
		if t.quad[l] == q {
			return 0
		}
	}
	n := 0
	for x := 1; x <= numCircles; x++ {
		if !t.white.Has(x) || t.quad[x] != q || x == int(c.Guess) {
			continue
		}
		earlier := false
		for _, y := range c.Trail[r][:c.Cells[r]] {
			earlier = earlier || int(y) == x
		}
		if earlier {
			if x == cur {
				return 0
			}
			continue
		}
		n++
	}
	return 1 / float64(n)
}

// TestDeterminizePendingFrequency checks, on a fixed mid-round view, that
// worlds have a pending announcement as often as the posterior says.
func TestDeterminizePendingFrequency(t *testing.T) {
	// The first figure move, mid-round and with a track not full, of a
	// patient game whose worlds often stand on a possible location: the
	// posterior is small (a quadrant has 23 white circles or more).
	var view *View
	var s0 *State
	rng := game.NewRand(3)
	for seed := uint64(1); view == nil && seed <= 50; seed++ {
		patientGame(t, seed, game.Options{}, true, func(s *State) {
			if view != nil || s.c.Phase != phMove || s.c.Actor != 0 || s.cells() < 3 || s.cells() == trackLen {
				return
			}
			v := s.View(game.Spectator).(*View)
			sum := 0.0
			for i := 0; i < 100; i++ {
				d, err := Rules{}.Determinize(v, &rng)
				if err != nil {
					t.Fatal(err)
				}
				sum += pendingChance(d.(*State))
			}
			if sum/100 > 0.012 {
				view, s0 = v, s.Clone().(*State)
			}
		})
	}
	if view == nil {
		t.Fatal("no view where a location may have been reached")
	}
	draws := testscale.Size(8000, 30000)
	var want, variance float64
	got := 0
	ends := map[uint8]int{}
	for i := 0; i < draws; i++ {
		d, err := Rules{}.Determinize(view, &rng)
		if err != nil {
			t.Fatal(err)
		}
		ds := d.(*State)
		p := pendingChance(ds)
		want += p
		variance += p * (1 - p)
		if ds.c.Pending {
			got++
			ends[ds.c.Cur]++
			if p == 0 || !ds.c.Unreached.Has(int(ds.c.Cur)) || ds.c.Locs[tbl().quad[ds.c.Cur]] != ds.c.Cur {
				t.Fatalf("pending on circle %d, chance %v, locations %v", ds.c.Cur, p, ds.c.Locs)
			}
		} else if ds.c.Unreached.Has(int(ds.c.Cur)) {
			t.Fatalf("Jack on unreached location %d without an announcement", ds.c.Cur)
		}
	}
	sigma := math.Sqrt(variance)
	t.Logf("%d draws (track %d, real circle %d): %d pending, posterior %.1f ± %.1f; pending ends %v",
		draws, s0.cells(), s0.c.Cur, got, want, sigma, ends)
	if math.Abs(float64(got)-want) > 5*sigma+5 {
		t.Fatalf("%d worlds with a pending announcement, posterior says %.1f ± %.1f", got, want, sigma)
	}
}

// TestJackMoveRefusedOnFullTrack checks the engine refuses, and does not
// list, a move of Jack when the track is full, and that a Jack turn on a
// full track ends the game rather than overflow it.
func TestJackMoveRefusedOnFullTrack(t *testing.T) {
	states := fullTrackStates(t, 60)
	if len(states) == 0 {
		t.Fatal("no game filled the track")
	}
	rng := game.NewRand(1)
	s := states[0].Clone().(*State)
	s.c.Phase, s.c.Actor, s.c.Pending = phJack, 0, false
	cur := int(s.c.Cur)
	for _, m := range []game.Move{Walk(tbl().b.WalkSet[cur].Next(0)), Alley(1), Boat(1), Coach(1, 2)} {
		refuse(t, s, 0, m, "whitehall.err.track-full")
	}
	if len(s.Legal(0, nil)) != 0 || s.jackCanMove() {
		t.Fatal("Jack has moves on a full track")
	}
	s.startJackTurn(nil)
	if o := s.Outcome(); !o.Over || o.Reason.Key != reasonKeys[rsTooSlow] {
		t.Fatalf("Jack's turn on a full track: %+v", o)
	}
	// A view of Jack's turn with a full track fits no game.
	for _, seat := range []game.Seat{0, 1, game.Spectator} {
		v := states[0].Clone().(*State)
		v.c.Phase, v.c.Actor, v.c.Pending = phJack, 0, false
		if _, err := (Rules{}).Determinize(v.View(seat), &rng); err == nil {
			t.Fatalf("seat %d: a Jack turn with a full track determinized", seat)
		}
	}
}

// TestRounds checks Rounds against the view's round along games.
func TestRounds(t *testing.T) {
	seen := map[int]bool{}
	for seed := uint64(1); seed <= 30; seed++ {
		patientGame(t, seed, optionSets[seed%uint64(len(optionSets))], false, func(s *State) {
			if got, want := s.Rounds(), publicView(s).Round; got != want {
				t.Fatalf("phase %s: Rounds %d, view round %d", phaseIDs[s.c.Phase], got, want)
			}
			seen[s.Rounds()] = true
		})
	}
	if len(seen) != 4 {
		t.Fatalf("rounds seen: %v", seen)
	}
}
