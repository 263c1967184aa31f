package whitechapel

import (
	"gaslamp/board"
	"gaslamp/game"
)

// Part 1 of a night, "Hell" (DIGEST C5), phase by phase.

// applyHideout handles L3: Jack writes any circle that is not red as his
// hideout; then night 1 begins.
func (s *State) applyHideout(m game.Move, log *game.Log) *game.Error {
	if KindOf(m) != MoveHideout {
		return errNotNow
	}
	c := To(m)
	if tbl().red.Has(c) {
		return game.Illegal("whitechapel.err.hideout-red", "circle", c)
	}
	s.c.Hideout = uint8(c)
	s.c.Cur = uint8(c)
	if log.On() {
		emit(log, "hideout", toJack, "hideout", "circle", c)
		emit(log, "hideout", toOthers, "hideout-public")
	}
	s.startNight(0, log)
	return nil
}

// startNight begins night n with "Preparing the scene" (C5.1): Jack gets
// the night's coaches and alleys; tonight's clue markers are gone, the
// policemen leave the board and their crossings are kept for the patrol
// tokens (C5.3). Then Jack places the women.
func (s *State) startNight(n int, log *game.Log) {
	c := &s.c
	c.Night = uint8(n)
	c.Coaches, c.Alleys = nightCoaches[n], nightAlleys[n]
	c.NWomen, c.Marked = 0, 0
	c.NPatrols, c.PatrolUp, c.PatrolOff = 0, 0, 0
	c.NWretched, c.Time, c.Kills = 0, 0, 0
	c.Clues, c.Named, c.TrailSet = board.Set{}, board.Set{}, board.Set{}
	if n > 0 {
		c.Prev = c.Police
		for i := range c.Police {
			c.Police[i] = noCrossing
		}
	}
	c.Phase = phWomen
	c.Actor = 0
	if log.On() {
		emit(log, "night", toAll, "night", "night", n+1, "head", who(s.head()),
			"coaches", int(c.Coaches), "alleys", int(c.Alleys))
	}
}

// womanTargets returns the red circles where a woman token may go: no token
// there yet and never an old crime scene (C5.2).
func (s *State) womanTargets() board.Set {
	return tbl().red.Minus(s.womenSet()).Minus(s.scenes())
}

// applyWoman handles C5.2: Jack places one woman token, marked or not, face
// down on a red circle. After the night's last token the police place their
// patrols.
func (s *State) applyWoman(m game.Move, log *game.Log) *game.Error {
	if KindOf(m) != MoveWoman {
		return errNotNow
	}
	c, marked := To(m), Arg(m) == 1
	switch {
	case !tbl().red.Has(c):
		return game.Illegal("whitechapel.err.not-red", "circle", c)
	case s.scenes().Has(c):
		return game.Illegal("whitechapel.err.crime-scene", "circle", c)
	case s.womenSet().Has(c):
		return game.Illegal("whitechapel.err.woman-there", "circle", c)
	case marked && s.markedLeft() == 0:
		return game.Illegal("whitechapel.err.no-marked-left")
	case !marked && s.unmarkedLeft() == 0:
		return game.Illegal("whitechapel.err.no-unmarked-left")
	}
	i := s.c.NWomen
	s.c.Women[i] = uint8(c)
	if marked {
		s.c.Marked |= 1 << i
	}
	s.c.NWomen++
	left := int(nightWomen[s.c.Night] - s.c.NWomen)
	if log.On() {
		key := "woman-unmarked"
		if marked {
			key = "woman-marked"
		}
		emit(log, "woman", toJack, key, "circle", c)
		// RULINGS L10: the others learn that a token went down, never
		// where; the circles become public as a whole with the last one.
		emit(log, "woman", toOthers, "woman", "left", left)
		if left == 0 {
			emit(log, "women", toOthers, "women", "circles", joinSet(s.womenSet()))
		}
	}
	if left == 0 {
		s.c.Phase = phPatrol
	}
	return nil
}

// patrolTargets returns the crossings where the next patrol token may go
// (C5.3). Night 1: the yellow-bordered crossings. Nights 2-4: each crossing
// where a policeman ended the previous night gets one token, and the other
// two go on yellow-bordered crossings without one of those; a placement
// that would leave no room for the rest is not offered.
func (s *State) patrolTargets() board.Set {
	t := tbl()
	taken := s.patrolOn()
	if s.c.Night == 0 {
		return t.starts.Minus(taken)
	}
	var prev board.Set
	for _, x := range s.c.Prev {
		add8(&prev, x)
	}
	free := prev.Minus(taken)
	if extra := taken.Minus(prev).Count(); extra < numPatrols-numPolice {
		free = free.Union(t.starts.Minus(prev).Minus(taken))
	}
	return free
}

// tokenLeft reports whether patrol token id is still to be placed.
func (s *State) tokenLeft(id uint8) bool {
	if id == tokenFake {
		return s.tokensPlaced(tokenFake) < numFakes
	}
	return s.tokensPlaced(id) == 0
}

// applyPatrol handles C5.3: the Head of the Investigation places one patrol
// token face down. After the seventh the victims are chosen.
func (s *State) applyPatrol(m game.Move, log *game.Log) *game.Error {
	if KindOf(m) != MovePatrol {
		return errNotNow
	}
	x, id := To(m), uint8(Arg(m))
	if !s.patrolTargets().Has(x) {
		if s.patrolOn().Has(x) {
			return game.Illegal("whitechapel.err.patrol-there", "crossing", label(x))
		}
		if s.c.Night == 0 {
			return game.Illegal("whitechapel.err.patrol-yellow", "crossing", label(x))
		}
		return game.Illegal("whitechapel.err.patrol-place", "crossing", label(x))
	}
	if !s.tokenLeft(id) {
		return game.Illegal("whitechapel.err.token-placed", "token", tokenText(id))
	}
	i := s.c.NPatrols
	s.c.Patrols[i] = uint8(x)
	s.c.PatrolID[i] = id
	s.c.NPatrols++
	left := numPatrols - int(s.c.NPatrols)
	if log.On() {
		emit(log, "patrol", toPolice, "patrol-police", "token", tokenText(id), "crossing", label(x), "left", left)
		emit(log, "patrol", toNotPolice, "patrol", "crossing", label(x), "left", left)
	}
	if left == 0 {
		s.chooseVictims(log)
	}
	return nil
}

// chooseVictims handles C5.4: the marked women become wretched (in the
// order of their circles), the unmarked tokens are removed, and the Time of
// the Crime goes on I.
func (s *State) chooseVictims(log *game.Log) {
	c := &s.c
	var marked board.Set
	for i, w := range c.Women[:c.NWomen] {
		if c.Marked&(1<<i) != 0 {
			marked.Add(int(w))
		}
	}
	c.NWretched = 0
	for w := marked.Next(0); w >= 0; w = marked.Next(w + 1) {
		c.Wretched[c.NWretched] = uint8(w)
		c.NWretched++
	}
	c.NWomen, c.Marked = 0, 0
	c.Time = 1
	c.Phase = phKill
	if log.On() {
		emit(log, "victims", toAll, "victims", "circles", joinSet(marked))
	}
}

// applyKillOrWait handles C5.5: Jack kills a wretched, or waits; on V he
// must kill.
func (s *State) applyKillOrWait(m game.Move, log *game.Log) *game.Error {
	switch KindOf(m) {
	case MoveWait:
		if s.c.Time >= 5 {
			return game.Illegal("whitechapel.err.must-kill")
		}
		s.c.Time++
		if log.On() {
			emit(log, "wait", toAll, "wait", "time", roman(int(s.c.Time)))
		}
		s.nextWretched(0, log)
		return nil
	case MoveKill:
		c := To(m)
		if !s.wretchedSet().Has(c) {
			return game.Illegal("whitechapel.err.no-wretched", "circle", c)
		}
		s.kill(c, log)
		if s.c.Kills < nightVictims[s.c.Night] {
			s.c.Phase = phSecond
			return nil
		}
		s.alarm(log)
		s.startJackTurn(log)
		return nil
	}
	return errNotNow
}

// applySecond handles L6: on the double event Jack kills a second wretched,
// which counts as his first move; then the police move.
func (s *State) applySecond(m game.Move, log *game.Log) *game.Error {
	if KindOf(m) != MoveKill {
		return errNotNow
	}
	c := To(m)
	if !s.wretchedSet().Has(c) {
		return game.Illegal("whitechapel.err.no-wretched", "circle", c)
	}
	s.kill(c, log)
	s.alarm(log)
	s.c.Phase = phMove
	s.c.Actor = 0
	return nil
}

// kill takes the wretched on c (C5.8): a crime scene marker goes there. The
// first kill of a night is cell 0 of the night's trail and puts Jack's pawn
// on the Time of the Crime's space; the second one of the double event is
// cell 1 and takes the next space (L4, L6).
func (s *State) kill(c int, log *game.Log) {
	st := &s.c
	for i := 0; i < int(st.NWretched); i++ {
		if int(st.Wretched[i]) == c {
			copy(st.Wretched[i:], st.Wretched[i+1:st.NWretched])
			st.NWretched--
			break
		}
	}
	st.Scenes[st.NScenes] = uint8(c)
	st.NScenes++
	n := st.Night
	if st.Kills == 0 {
		st.TimeOf[n] = st.Time
		st.Cells[n] = 0
		st.Trail[n][0] = uint8(c)
	} else {
		st.Cells[n]++
		st.Trail[n][st.Cells[n]] = uint8(c)
	}
	st.Kills++
	st.TrailSet.Add(c)
	st.Cur = uint8(c)
	if log.On() {
		emit(log, "kill", toAll, "kill", "circle", c, "time", roman(int(st.Time)), "moves", s.movesLeft())
	}
}

// alarm handles C5.9: the real patrol tokens become policemen on their
// crossings; the fakes and the wretched still alive leave the board.
func (s *State) alarm(log *game.Log) {
	c := &s.c
	for i := 0; i < int(c.NPatrols); i++ {
		if id := c.PatrolID[i]; id != tokenFake && c.PatrolOff&(1<<i) == 0 {
			c.Police[id] = c.Patrols[i]
		}
	}
	c.NPatrols, c.PatrolUp, c.PatrolOff = 0, 0, 0
	c.NWretched = 0
	if log.On() {
		args := make([]any, 0, 2*numPolice)
		for i, x := range c.Police {
			args = append(args, colourIDs[i], label(int(x)))
		}
		emit(log, "alarm", toAll, "alarm", args...)
	}
}

// wretchedTargets returns where wretched k may go (C5.6): a walking
// neighbour along streets that pass no patrol token, on no circle next to a
// patrol token (a circle joined by one street to its crossing), no other
// wretched and no crime scene.
func (s *State) wretchedTargets(k int) board.Set {
	t := tbl()
	var on, near board.Set
	for i, x := range s.c.Patrols[:s.c.NPatrols] {
		if s.c.PatrolOff&(1<<i) == 0 {
			add8(&on, x)
			near = near.Union(t.near[x])
		}
	}
	w := t.b.WalkTargets(int(s.c.Wretched[k]), on)
	w.Remove(int(s.c.Wretched[k]))
	return w.Minus(near).Minus(s.wretchedSet()).Minus(s.scenes())
}

// nextWretched gives the move to wretched k or the next one with a legal
// move; one without stays put. After the last, Jack turns over a patrol
// token.
func (s *State) nextWretched(k int, log *game.Log) {
	for ; k < int(s.c.NWretched); k++ {
		if !s.wretchedTargets(k).Empty() {
			s.c.Phase = phWretched
			s.c.Actor = uint8(k)
			return
		}
		if log.On() {
			emit(log, "wretched", toAll, "wretched-stays", "circle", int(s.c.Wretched[k]))
		}
	}
	s.c.Phase = phReveal
	s.c.Actor = 0
}

// applyWretched handles C5.6: the Head moves the wretched whose turn it is.
func (s *State) applyWretched(m game.Move, log *game.Log) *game.Error {
	if KindOf(m) != MoveWretched {
		return errNotNow
	}
	k := int(s.c.Actor)
	from, to := Arg(m), To(m)
	if from != int(s.c.Wretched[k]) {
		return game.Illegal("whitechapel.err.wretched-turn", "circle", int(s.c.Wretched[k]))
	}
	if !s.wretchedTargets(k).Has(to) {
		return game.Illegal("whitechapel.err.wretched-to", "circle", to)
	}
	s.c.Wretched[k] = uint8(to)
	if log.On() {
		emit(log, "wretched", toAll, "wretched", "from", from, "circle", to)
	}
	s.nextWretched(k+1, log)
	return nil
}

// applyReveal handles C5.7: Jack turns over a face-down patrol token of his
// choice; a fake leaves the board, a real one stays face up. Then he kills
// or waits again.
func (s *State) applyReveal(m game.Move, log *game.Log) *game.Error {
	if KindOf(m) != MoveReveal {
		return errNotNow
	}
	x := To(m)
	for i := 0; i < int(s.c.NPatrols); i++ {
		if int(s.c.Patrols[i]) != x || !s.faceDown(i) {
			continue
		}
		id := s.c.PatrolID[i]
		if id == tokenFake {
			s.c.PatrolOff |= 1 << i
		} else {
			s.c.PatrolUp |= 1 << i
		}
		if log.On() {
			if id == tokenFake {
				emit(log, "reveal", toAll, "reveal-fake", "crossing", label(x))
			} else {
				emit(log, "reveal", toAll, "reveal-real", "crossing", label(x), "who", who(int(id)))
			}
		}
		s.c.Phase = phKill
		return nil
	}
	return game.Illegal("whitechapel.err.no-face-down", "crossing", label(x))
}

// roman writes a Time of the Crime (1..5) as I..V.
func roman(t int) string {
	if t >= 1 && t <= 5 {
		return [...]string{"I", "II", "III", "IV", "V"}[t-1]
	}
	return ""
}
