package whitehall

import (
	"errors"
	"fmt"

	"gaslamp/board"
	"gaslamp/game"
	"gaslamp/hunt"
)

// Determinize implements game.Rules. From Jack's view (or any view of a
// finished game) it rebuilds the exact state. From an investigator's or a
// spectator's view it builds a state that shows the same view:
//
//   - the current round's trail is drawn with hunt, uniformly among the
//     trails that fit the public record; face-down cards (W22) get the
//     Alley/Boat types of the drawn trail, among the assignments Jack's
//     cards allow, each assignment weighted by its number of trails; a
//     trail that would leave Jack without a legal move when he must move is
//     drawn again (the public knows he was not cornered);
//   - when Jack's last move was a walk this turn (the figures' move, the
//     false clue or the actions are under way), it may have reached an
//     unreached discovery location, to be announced at the end of the turn
//     (W12). Given the drawn trail and a uniform prior over Jack's choice of
//     locations, it did with probability 1/n when the last cell is a white
//     circle of a quadrant without a red marker, not under a false clue,
//     and n is the number of that quadrant's white circles off the earlier
//     cells of the round's trail and other than Swanson's failed guess
//     (see locationCandidates). With a full track (15 spaces) it must have:
//     the game would be over otherwise. The trail is then drawn among the
//     trails ending where a location may be, and drawn again when it
//     visited its last circle before (bounded; then an error);
//   - each other unreached discovery location is a white circle drawn
//     uniformly in its quadrant, off the current round's trail (a walk onto
//     one would have ended the round, and no special move may end on one)
//     and other than Swanson's failed guess. (Trails are drawn first and
//     locations after, which is close to, not exactly, the posterior.)
//   - earlier rounds' trails, which no rule reads again, are placeholders:
//     the round's start, then its announced location in every later cell.
//
// Before Jack's start is revealed, the chosen locations are drawn one per
// quadrant at random.
func (Rules) Determinize(gv game.View, rng *game.Rand) (game.State, error) {
	var v *View
	switch x := gv.(type) {
	case *View:
		v = x
	default:
		return nil, fmt.Errorf("whitehall: Determinize needs a *whitehall.View, got %T", gv)
	}
	cfg, err := v.config()
	if err != nil {
		return nil, err
	}
	s := newState(cfg)
	if err := s.loadPublic(v); err != nil {
		return nil, err
	}
	if v.Seat == 0 || v.Outcome.Over {
		err = s.loadSecrets(v)
	} else {
		err = s.drawSecrets(v, rng)
	}
	if err != nil {
		return nil, err
	}
	return s, nil
}

var errView = errors.New("whitehall: view does not fit the rules")

// loadPublic copies the public facts of v into s.
func (s *State) loadPublic(v *View) error {
	c := &s.c
	c.Phase = 0
	for i, id := range phaseIDs {
		if i > 0 && id == v.Phase {
			c.Phase = uint8(i)
		}
	}
	if c.Phase == 0 {
		return fmt.Errorf("%w: phase %q", errView, v.Phase)
	}
	if v.Actor != "" {
		a := figureIndex(&c.Cfg, v.Actor)
		if a < 0 {
			return fmt.Errorf("%w: actor %q", errView, v.Actor)
		}
		c.Actor = uint8(a)
	}
	if len(v.Figures) != numFigures || len(v.Reached) > 4 || v.Round < 0 || v.Round > numRounds ||
		len(v.Rounds) != v.Round || v.LocationsChosen < 0 || v.LocationsChosen > 4 {
		return errView
	}
	var quads [4]bool
	for _, c := range v.Reached {
		if c < 1 || c > numCircles || tbl().quad[c] < 0 || quads[tbl().quad[c]] {
			return errView
		}
		quads[tbl().quad[c]] = true
	}
	if (v.Round == 0) != (len(v.Reached) == 0) || len(v.Reached) < v.Round || len(v.Reached) > v.Round+1 {
		return errView
	}
	for r, rv := range v.Rounds {
		if rv.Start != v.Reached[r] {
			return errView
		}
	}
	for _, cv := range []CardView{v.Cards.Coach, v.Cards.Alley, v.Cards.Boat} {
		if cv.Left < 0 || cv.Out < 0 || cv.Left+cv.Out != 2 {
			return errView
		}
	}
	if v.BlueMarkers < 0 || v.BlueMarkers > 3 || v.CluesFound < 0 || v.Guess < 0 || v.Guess > numCircles {
		return errView
	}
	for _, rv := range v.Rounds {
		if rv.Start < 1 || rv.Start > numCircles {
			return errView
		}
		for _, o := range rv.Obs {
			if o.Circle < 1 || o.Circle > numCircles || o.Time < 0 || o.Time > trackLen {
				return errView
			}
		}
	}
	c.NLocs = uint8(v.LocationsChosen)
	for i, f := range v.Figures {
		if f.Crossing == "" {
			continue
		}
		x := crossingOf(f.Crossing)
		if x < 0 {
			return fmt.Errorf("%w: crossing %q", errView, f.Crossing)
		}
		c.Fig[i] = uint8(x)
	}
	for i, r := range v.Reached {
		c.Order[i] = uint8(r)
	}
	c.NReached = uint8(len(v.Reached))
	if v.Round > 0 {
		c.Round = uint8(v.Round - 1)
	}
	for r, rv := range v.Rounds {
		c.Trail[r][0] = uint8(rv.Start)
		cell := 0
		if len(rv.Moves) > trackLen || len(rv.Obs) > maxObsRound {
			return errView
		}
		for i, m := range rv.Moves {
			jm := jackMove{Cell: uint8(cell + 1)}
			switch {
			case m.Kind == "special" && m.Cells == 2:
				jm.Kind = jkCoach
			case m.Kind == "special":
				jm.Kind = jkAlley // a placeholder until drawSecrets
			default:
				for k, name := range jackKindNames {
					if k > 0 && name == m.Kind {
						jm.Kind = uint8(k)
					}
				}
			}
			want := 1
			if jm.Kind == jkCoach {
				want = 2
			}
			if jm.Kind == 0 || m.Cells != want || len(m.Occupied) != numFigures {
				return fmt.Errorf("%w: move %q", errView, m.Kind)
			}
			for j, l := range m.Occupied {
				x := crossingOf(l)
				if x < 0 {
					return fmt.Errorf("%w: crossing %q", errView, l)
				}
				jm.Occ[j] = uint8(x)
			}
			cell += m.Cells
			c.Moves[r][i] = jm
		}
		if cell > trackLen {
			return errView
		}
		c.NMoves[r] = uint8(len(rv.Moves))
		c.Cells[r] = uint8(cell)
		for i, o := range rv.Obs {
			if o.Time > cell {
				return errView
			}
			ob := obs{Time: uint8(o.Time), Circle: uint8(o.Circle)}
			for k, name := range obsKindNames {
				if k > 0 && name == o.Kind {
					ob.Kind = uint8(k)
				}
			}
			c.Obs[r][i] = ob
		}
		c.NObs[r] = uint8(len(rv.Obs))
	}
	cards := [3]CardView{v.Cards.Coach, v.Cards.Alley, v.Cards.Boat}
	for k, cv := range cards {
		c.Left[k], c.Out[k] = uint8(cv.Left), uint8(cv.Out)
	}
	c.Clues = intsToSet(v.Clues)
	c.FClues = intsToSet(v.FalseClues)
	c.Blue = uint8(v.BlueMarkers)
	c.CluesTotal = uint16(v.CluesFound)
	c.Spent = 0
	if v.Powers.SmokerSpent {
		c.Spent |= spSmoker
	}
	if v.Powers.ReidSpent {
		c.Spent |= spReid
	}
	if v.Powers.SwansonSpent {
		c.Spent |= spSwanson
	}
	c.Speed = v.Powers.Speed
	if v.Search != nil {
		c.Scent = v.Search.Scent
		c.Named = intsToSet(v.Search.Named)
	}
	c.Guess = uint8(v.Guess)
	if v.Outcome.Over {
		return s.loadOutcome(v.Outcome)
	}
	// In a game that goes on, a round has begun per red marker, and a full
	// track only lasts until the end of the turn of the walk that reached a
	// location (W12).
	if len(v.Reached) != v.Round || (v.Round > 0 && c.Cells[c.Round] == trackLen && !s.afterJackMove()) {
		return errView
	}
	return nil
}

// loadOutcome rebuilds the end of a finished game from its outcome.
func (s *State) loadOutcome(o game.Outcome) error {
	c := &s.c
	c.Winner = winInvestigators
	if o.Winner == "jack" {
		c.Winner = winJack
	}
	for i, k := range reasonKeys {
		if i > 0 && k == o.Reason.Key {
			c.Reason = uint8(i)
		}
	}
	if c.Reason == 0 {
		return fmt.Errorf("%w: outcome %q", errView, o.Reason.Key)
	}
	if who, ok := o.Reason.Args["who"].(string); ok {
		for i, f := range c.Cfg.Figs {
			if figureNames[f] == who {
				c.WhoEnded = uint8(i)
			}
		}
	}
	switch x := o.Reason.Args["circle"].(type) {
	case int:
		c.EndedAt = uint8(x)
	case float64:
		c.EndedAt = uint8(x)
	}
	return nil
}

// loadSecrets copies Jack's secrets from a view that shows them.
func (s *State) loadSecrets(v *View) error {
	c := &s.c
	if len(v.Locations) != 4 || len(v.Trail) != len(v.Rounds) || v.Circle < 0 || v.Circle > numCircles {
		return errView
	}
	for q, l := range v.Locations {
		if l < 0 || l > numCircles || (l != 0 && int(tbl().quad[l]) != q) {
			return errView
		}
		c.Locs[q] = uint8(l)
		if l != 0 {
			c.Unreached.Add(l)
		}
	}
	for _, r := range c.Order[:c.NReached] {
		if c.Locs[tbl().quad[r]] != r {
			return errView
		}
		c.Unreached.Remove(int(r))
	}
	for r, row := range v.Trail {
		if len(row) != int(c.Cells[r])+1 {
			return errView
		}
		for i, x := range row {
			if x < 1 || x > numCircles {
				return errView
			}
			c.Trail[r][i] = uint8(x)
		}
	}
	if c.NReached > 0 {
		s.setTrailSet()
		c.Cur = uint8(v.Circle)
		c.Pending = c.Unreached.Has(v.Circle)
		// Jack stands on an unreached location only until the end of the
		// turn of the walk that reached it.
		if c.Pending && c.Phase != phOver && !s.afterJackMove() {
			return errView
		}
	}
	return nil
}

// drawSecrets draws Jack's secrets consistent with a public view.
func (s *State) drawSecrets(v *View, rng *game.Rand) error {
	c := &s.c
	t := tbl()
	if c.NReached == 0 {
		qs := [4]int{0, 1, 2, 3}
		rng.Shuffle(4, func(i, j int) { qs[i], qs[j] = qs[j], qs[i] })
		for _, q := range qs[:c.NLocs] {
			l := drawFrom(t.quadSet[q], rng)
			c.Locs[q] = uint8(l)
			c.Unreached.Add(l)
		}
		return nil
	}
	for _, l := range c.Order[:c.NReached] {
		c.Locs[t.quad[l]] = l
	}
	// Earlier rounds: placeholders.
	for r := 0; r < int(c.Round); r++ {
		for i := 1; i <= int(c.Cells[r]); i++ {
			c.Trail[r][i] = c.Order[r+1]
		}
	}
	// The current round.
	r := int(c.Round)
	hr := s.publicRound(r)
	full := c.Cells[r] == trackLen
	if full {
		// Only a walk onto an unreached location, still to be announced,
		// lets a game go on with a full track (W12).
		if !s.afterJackMove() || c.Moves[r][c.NMoves[r]-1].Kind != jkWalk {
			return fmt.Errorf("%w: a full track without a location reached", errView)
		}
		// Draw among the trails that end where a location may be.
		may := s.mayBeLocation()
		for x := 1; x <= numCircles; x++ {
			if !may.Has(x) {
				hr.Obs = append(hr.Obs, hunt.Obs{Time: trackLen, Circle: x, Kind: hunt.NotHere})
			}
		}
	}
	bs, err := solveCached(&hr, v.Cards.Alley.Left, v.Cards.Boat.Left)
	if err != nil {
		return err
	}
	if len(bs) == 0 {
		return fmt.Errorf("%w: no trail fits the record", errView)
	}
	for try := 0; ; try++ {
		b := pick(bs, rng)
		trail := b.sol.Sample(rng)
		s.setCurrent(r, trail, b.kinds, v)
		n := s.locationCandidates()
		if full && n == 0 {
			// The trail visited its last circle before: no location there.
			if try >= maxRedraws {
				return fmt.Errorf("%w: no drawn trail reaches a location on a full track", errView)
			}
			continue
		}
		// Given the trail, the last walk reached the location with
		// probability 1/n (certainly with a full track).
		pending := n > 0 && (full || rng.IntN(n) == 0)
		if err := s.drawLocations(pending, rng); err != nil {
			return err
		}
		if c.Phase != phJack || s.jackCanMove() || try >= 100 {
			return nil
		}
	}
}

// maxRedraws bounds the trails Determinize draws for a full track.
const maxRedraws = 1000

// afterJackMove reports whether the phase is part of a turn after Jack's
// move, before the end of the turn, where an announcement may be pending.
func (s *State) afterJackMove() bool {
	switch s.c.Phase {
	case phMove, phFalseClue, phAction, phSearch:
		return s.c.NReached > 0 && s.c.NMoves[s.c.Round] > 0
	}
	return false
}

// quadReached reports whether quadrant q holds a red marker.
func (s *State) quadReached(q int) bool {
	for _, l := range s.c.Order[:s.c.NReached] {
		if int(tbl().quad[l]) == q {
			return true
		}
	}
	return false
}

// mayBeLocation returns the circles where, by the public facts alone, Jack
// may stand on an unreached location he must announce: the white circles of
// the quadrants without a red marker, other than Swanson's failed guess and
// not under a false clue (W21).
func (s *State) mayBeLocation() board.Set {
	var may board.Set
	for q := range quadNames {
		if !s.quadReached(q) {
			may = may.Union(tbl().quadSet[q])
		}
	}
	may.Remove(int(s.c.Guess))
	return may.Minus(s.c.FClues)
}

// locationCandidates returns, for the current trail, the number n of
// circles where the discovery location of the last cell's quadrant may be
// when Jack's last move may have reached it this turn (a walk whose
// announcement is still to come), 0 when it cannot have. The candidates are
// the quadrant's white circles off the earlier cells of the round's trail
// (a walk onto one would have ended the round, a special move may not end
// on one) and other than Swanson's failed guess; the last cell must be one,
// not under a false clue, in a quadrant without a red marker. With a uniform
// prior over Jack's choice of location, the last walk reached it with
// probability 1/n.
func (s *State) locationCandidates() int {
	c := &s.c
	t := tbl()
	if !s.afterJackMove() {
		return 0
	}
	r := int(c.Round)
	if c.Moves[r][c.NMoves[r]-1].Kind != jkWalk {
		return 0
	}
	cur := int(c.Trail[r][c.Cells[r]])
	q := int(t.quad[cur])
	if q < 0 || !s.mayBeLocation().Has(cur) {
		return 0
	}
	cand := t.quadSet[q]
	for _, x := range c.Trail[r][:c.Cells[r]] {
		cand.Remove(int(x))
	}
	cand.Remove(int(c.Guess))
	if !cand.Has(cur) {
		return 0
	}
	return cand.Count()
}

// setCurrent writes a drawn trail and the types of its face-down cards.
func (s *State) setCurrent(r int, trail []int, kinds []hunt.MoveKind, v *View) {
	c := &s.c
	for i, x := range trail {
		c.Trail[r][i] = uint8(x)
	}
	cards := [3]CardView{v.Cards.Coach, v.Cards.Alley, v.Cards.Boat}
	for k, cv := range cards {
		c.Left[k], c.Out[k] = uint8(cv.Left), uint8(cv.Out)
	}
	for i := range c.Moves[r][:c.NMoves[r]] {
		jm := &c.Moves[r][i]
		if !s.faceDown(r, jm.Kind) {
			continue
		}
		switch kinds[i] {
		case hunt.Coach:
			jm.Kind = jkCoach
		case hunt.Boat:
			jm.Kind = jkBoat
		default:
			jm.Kind = jkAlley
		}
		card := jm.Kind - jkCoach
		c.Left[card]--
		c.Out[card]++
	}
	s.setTrailSet()
	c.Cur = c.Trail[r][c.Cells[r]]
	c.Pending = false
}

// drawLocations draws the unreached locations: one white circle per quadrant
// without a red marker, off the current trail, not Swanson's failed guess;
// with pending, the location of the last cell's quadrant is Jack's circle,
// reached by his last walk and announced at the end of the turn.
func (s *State) drawLocations(pending bool, rng *game.Rand) error {
	c := &s.c
	t := tbl()
	c.Unreached = board.Set{}
	c.Pending = pending
	for q := range quadNames {
		if s.quadReached(q) {
			continue
		}
		if pending && int(t.quad[c.Cur]) == q {
			c.Locs[q] = c.Cur
			c.Unreached.Add(int(c.Cur))
			continue
		}
		cand := t.quadSet[q].Minus(c.TrailSet)
		cand.Remove(int(c.Guess))
		if cand.Empty() {
			return fmt.Errorf("%w: no room for a location in quadrant %s", errView, quadNames[q])
		}
		l := drawFrom(cand, rng)
		c.Locs[q] = uint8(l)
		c.Unreached.Add(l)
	}
	return nil
}

// setTrailSet rebuilds the set of the current row's circles.
func (s *State) setTrailSet() {
	c := &s.c
	r := c.Round
	c.TrailSet = board.Set{}
	for _, x := range c.Trail[r][:c.Cells[r]+1] {
		c.TrailSet.Add(int(x))
	}
}

// drawFrom returns a uniformly drawn member of a non-empty set.
func drawFrom(set board.Set, rng *game.Rand) int {
	n := rng.IntN(set.Count())
	for x := set.Next(0); x >= 0; x = set.Next(x + 1) {
		if n == 0 {
			return x
		}
		n--
	}
	return -1
}

// figureIndex returns the index of the figure with seat id id, or -1.
func figureIndex(c *config, id string) int {
	for i, f := range c.Figs {
		if figureIDs[f] == id {
			return i
		}
	}
	return -1
}

func intsToSet(xs []int) board.Set {
	var s board.Set
	for _, x := range xs {
		if x >= 0 && x < board.SetSize {
			s.Add(x)
		}
	}
	return s
}
