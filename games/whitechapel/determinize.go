package whitechapel

import (
	"errors"
	"fmt"

	"gaslamp/board"
	"gaslamp/game"
)

// Determinize implements game.Rules. It copies the public facts of the view,
// then fills in what the viewer does not know:
//
//   - from Jack's view, the identities of the face-down patrol tokens (the
//     colours not face up and the fakes not yet removed, shuffled onto
//     them); everything else is Jack's to know;
//   - from a policeman's view, Jack's secrets: which woman tokens are marked
//     (the night's marked and unmarked tokens shuffled, the placed ones
//     taking the first), the hideout and tonight's trail, drawn together
//     with hunt (HideoutSolution.SampleTonight): the hideout by its weight
//     over the finished nights and the trail uniformly among tonight's
//     trails it allows, exactly as if tonight's record were counted in the
//     weights; a trail that would leave Jack without a legal move when he
//     must move is drawn again (the public knows he was not cornered).
//     Earlier nights' trails, which no rule reads again, are placeholders:
//     the crime scene(s), then the hideout in every later cell;
//   - from a spectator's view, both.
//
// From any view of a finished game it rebuilds the state that view shows.
func (Rules) Determinize(gv game.View, rng *game.Rand) (game.State, error) {
	v, ok := gv.(*View)
	if !ok {
		return nil, fmt.Errorf("whitechapel: Determinize needs a *whitechapel.View, got %T", gv)
	}
	cfg, err := v.config()
	if err != nil {
		return nil, err
	}
	s := newState(cfg)
	if err := s.loadPublic(v); err != nil {
		return nil, err
	}
	if v.Outcome.Over || v.Seat == 0 {
		err = s.loadSecrets(v)
	} else {
		s.drawWomen(v, rng)
		err = s.drawJack(rng)
	}
	if err != nil {
		return nil, err
	}
	if !v.Outcome.Over && !isPolice(v.Seat) {
		s.drawPatrols(v, rng)
	}
	return s, nil
}

var errView = errors.New("whitechapel: view does not fit the rules")

// loadPublic copies the public facts of v (and the patrol tokens the viewer
// knows) into s.
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
	if v.Night < 1 || v.Night > numNights || len(v.Policemen) != numPolice || len(v.Women) > maxWomen ||
		len(v.Patrols) > numPatrols || len(v.Wretched) > maxWretched || len(v.CrimeScenes) > numScenes ||
		len(v.Nights) > v.Night {
		return errView
	}
	c.Night = uint8(v.Night - 1)
	if v.Actor != "" {
		k := -1
		for r := 0; r < numPolice; r++ {
			if colourIDs[s.policeman(r)] == v.Actor {
				k = r
			}
		}
		if k < 0 {
			return fmt.Errorf("%w: actor %q", errView, v.Actor)
		}
		c.Actor = uint8(k)
	}
	c.Time = uint8(v.TimeOfCrime)
	c.Coaches, c.Alleys = uint8(v.Coaches), uint8(v.Alleys)
	c.NWomen = uint8(len(v.Women))
	for i, w := range v.Women {
		c.Women[i] = uint8(w)
	}
	c.NPatrols = uint8(len(v.Patrols))
	for i, p := range v.Patrols {
		x := crossingOf(p.Crossing)
		if x < 0 {
			return fmt.Errorf("%w: crossing %q", errView, p.Crossing)
		}
		c.Patrols[i] = uint8(x)
		if p.FaceUp {
			c.PatrolUp |= 1 << i
		}
		c.PatrolID[i] = tokenFake
		for id, name := range tokenIDs {
			if name == p.Token {
				c.PatrolID[i] = uint8(id)
			}
		}
	}
	c.NWretched = uint8(len(v.Wretched))
	for i, w := range v.Wretched {
		c.Wretched[i] = uint8(w)
		if w == v.WretchedTurn && c.Phase == phWretched {
			c.Actor = uint8(i)
		}
	}
	c.NScenes = uint8(len(v.CrimeScenes))
	for i, w := range v.CrimeScenes {
		c.Scenes[i] = uint8(w)
	}
	if int(c.NScenes) > int(sceneBase[c.Night]) {
		c.Kills = c.NScenes - sceneBase[c.Night]
	}
	for i, p := range v.Policemen {
		if p.Crossing == "" {
			continue
		}
		x := crossingOf(p.Crossing)
		if x < 0 {
			return fmt.Errorf("%w: crossing %q", errView, p.Crossing)
		}
		c.Police[i] = uint8(x)
	}
	c.Clues = intsToSet(v.Clues)
	if v.Search != nil {
		c.Named = intsToSet(v.Search.Named)
	}
	for n, nv := range v.Nights {
		if err := s.loadNight(n, &nv); err != nil {
			return err
		}
	}
	// Where the policemen ended the previous night: where they stood at
	// Jack's walk home, which ended it at once.
	if n := int(c.Night); n > 0 && n <= len(v.Nights) && c.NMoves[n-1] > 0 {
		c.Prev = c.Moves[n-1][c.NMoves[n-1]-1].Occ
	}
	if v.Outcome.Over {
		return s.loadOutcome(v.Outcome)
	}
	return nil
}

// loadNight copies the public record of night n.
func (s *State) loadNight(n int, nv *NightView) error {
	c := &s.c
	if len(nv.Moves) > maxCells || len(nv.Obs) > maxObsNight || nv.TimeOfCrime < 1 || nv.TimeOfCrime > 5 {
		return errView
	}
	c.TimeOf[n] = uint8(nv.TimeOfCrime)
	c.Trail[n][0] = uint8(nv.Scene)
	cell := 0
	if nv.Second != 0 {
		cell = 1
		c.Trail[n][1] = uint8(nv.Second)
	}
	if nv.Home {
		c.Home |= 1 << n
	}
	for i, m := range nv.Moves {
		jm := jackMove{}
		for k, name := range jackKindNames {
			if k > 0 && name == m.Kind {
				jm.Kind = uint8(k)
			}
		}
		if jm.Kind == 0 || len(m.Police) != numPolice || m.Cells < 1 || m.Cells > 2 {
			return fmt.Errorf("%w: move %q", errView, m.Kind)
		}
		for j, l := range m.Police {
			x := crossingOf(l)
			if x < 0 {
				return fmt.Errorf("%w: crossing %q", errView, l)
			}
			jm.Occ[j] = uint8(x)
		}
		cell += m.Cells
		jm.Cell = uint8(cell)
		c.Moves[n][i] = jm
	}
	if cell > maxCells {
		return errView
	}
	c.NMoves[n] = uint8(len(nv.Moves))
	c.Cells[n] = uint8(cell)
	for i, o := range nv.Obs {
		ob := obs{Time: uint8(o.Time), Circle: uint8(o.Circle)}
		for k, name := range obsKindNames {
			if k > 0 && name == o.Kind {
				ob.Kind = uint8(k)
			}
		}
		c.Obs[n][i] = ob
	}
	c.NObs[n] = uint16(len(nv.Obs))
	return nil
}

// loadOutcome rebuilds the end of a finished game from its outcome.
func (s *State) loadOutcome(o game.Outcome) error {
	c := &s.c
	c.Winner = winPolice
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
	var key string
	switch w := o.Reason.Args["who"].(type) {
	case colourName:
		key = w.Text().Key
	case game.Text:
		key = w.Key
	case map[string]any:
		key, _ = w["key"].(string)
	}
	for i, id := range colourIDs {
		if key == "whitechapel.colour."+id {
			c.WhoEnded = uint8(i)
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
	c.Hideout = uint8(v.Hideout)
	for _, m := range v.Marked {
		for i, w := range c.Women[:c.NWomen] {
			if int(w) == m {
				c.Marked |= 1 << i
			}
		}
	}
	if len(v.Trail) != len(v.Nights) {
		return errView
	}
	for n, row := range v.Trail {
		if len(row) != int(c.Cells[n])+1 {
			return errView
		}
		for i, x := range row {
			c.Trail[n][i] = uint8(x)
		}
	}
	c.Cur = uint8(v.Circle)
	s.setTrailSet()
	return nil
}

// setTrailSet rebuilds the set of tonight's trail circles.
func (s *State) setTrailSet() {
	c := &s.c
	c.TrailSet = board.Set{}
	n := c.Night
	if s.killed(int(n)) {
		for _, x := range c.Trail[n][:c.Cells[n]+1] {
			c.TrailSet.Add(int(x))
		}
	}
}

// drawPatrols draws the identities of the face-down patrol tokens that the
// view does not show: the colours not face up and the fakes not removed
// (after the placement, the tokens missing from the board are the fakes
// turned over), shuffled onto them.
func (s *State) drawPatrols(v *View, rng *game.Rand) {
	c := &s.c
	var pool [numPatrols]uint8
	n := 0
	used := [tokenFake + 1]int{}
	for i, p := range v.Patrols {
		if p.Token != "" {
			used[c.PatrolID[i]]++
		}
	}
	if c.Phase != phWomen && c.Phase != phPatrol {
		used[tokenFake] += numPatrols - len(v.Patrols)
	}
	for id := uint8(0); id < tokenFake; id++ {
		if used[id] == 0 {
			pool[n] = id
			n++
		}
	}
	for k := used[tokenFake]; k < numFakes; k++ {
		pool[n] = tokenFake
		n++
	}
	rng.Shuffle(n, func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	k := 0
	for i, p := range v.Patrols {
		if p.Token == "" && k < n {
			c.PatrolID[i] = pool[k]
			k++
		}
	}
}

// drawWomen draws the circles of the woman tokens Jack has placed tonight
// when the view hides them (while he places them, RULINGS L10): distinct red
// circles without a crime scene.
func (s *State) drawWomen(v *View, rng *game.Rand) {
	c := &s.c
	if c.Phase != phWomen || len(v.Women) > 0 {
		return
	}
	placed := int(nightWomen[c.Night]) - v.WomenLeft
	var free [maxWomen]uint8
	n := 0
	red, scenes := tbl().red, s.scenes()
	for x := red.Next(0); x >= 0; x = red.Next(x + 1) {
		if !scenes.Has(x) {
			free[n] = uint8(x)
			n++
		}
	}
	if placed < 0 || placed > n {
		return
	}
	rng.Shuffle(n, func(i, j int) { free[i], free[j] = free[j], free[i] })
	c.NWomen = uint8(placed)
	copy(c.Women[:], free[:placed])
}

// drawJack draws Jack's secrets consistent with a public view: the marked
// women, the hideout and tonight's trail (see Determinize).
func (s *State) drawJack(rng *game.Rand) error {
	c := &s.c
	n := int(c.Night)
	if c.NWomen > 0 {
		var tokens [maxWomen]bool
		for i := 0; i < int(nightMarked[n]); i++ {
			tokens[i] = true
		}
		w := int(nightWomen[n])
		rng.Shuffle(w, func(i, j int) { tokens[i], tokens[j] = tokens[j], tokens[i] })
		for i := 0; i < int(c.NWomen); i++ {
			if tokens[i] {
				c.Marked |= 1 << i
			}
		}
	}
	if c.Phase == phHideout {
		return nil
	}
	h, err := hideoutsCached(s.finishedNights())
	if err != nil {
		return fmt.Errorf("%w: %v", errView, err)
	}
	if !s.hunting() {
		c.Hideout = uint8(h.Sample(rng))
		c.Cur = c.Hideout
		s.placeholders(n)
		return nil
	}
	tonight := s.publicNight(n)
	sol, err := nightCached(&tonight)
	if err != nil {
		return fmt.Errorf("%w: %v", errView, err)
	}
	for try := 0; ; try++ {
		hid, trail, err := h.SampleTonight(&tonight, sol, rng)
		if err != nil {
			return fmt.Errorf("%w: %v", errView, err)
		}
		c.Hideout = uint8(hid)
		for i, x := range trail {
			c.Trail[n][i] = uint8(x)
		}
		c.Cur = c.Trail[n][c.Cells[n]]
		s.setTrailSet()
		if c.Phase != phJack || s.jackCanMove() || try >= 100 {
			break
		}
	}
	s.placeholders(n)
	return nil
}

// placeholders fills the trails of the nights before night n: the crime
// scene(s), then the hideout.
func (s *State) placeholders(n int) {
	c := &s.c
	for k := 0; k < n; k++ {
		from := 1
		if nightVictims[k] == 2 {
			from = 2
		}
		for i := from; i <= int(c.Cells[k]); i++ {
			c.Trail[k][i] = c.Hideout
		}
	}
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
