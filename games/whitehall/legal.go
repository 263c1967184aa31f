package whitehall

import (
	"slices"

	"gaslamp/board"
	"gaslamp/game"
)

// Legal implements game.State: it appends seat's legal moves to buf, in a
// fixed order and without duplicates, and allocates nothing when buf has room.
func (s *State) Legal(seat game.Seat, buf []game.Move) []game.Move {
	if !s.ToAct().Has(seat) {
		return buf
	}
	t := tbl()
	a := int(s.c.Actor)
	switch s.c.Phase {
	case phLocations:
		for q := range s.c.Locs {
			if s.c.Locs[q] == 0 {
				buf = appendSet(buf, MoveLocation, t.quadSet[q])
			}
		}
	case phPlace:
		buf = appendSet(buf, MovePlace, t.starts.Minus(s.occupied()))
	case phReveal:
		for _, c := range s.c.Locs {
			buf = append(buf, Reveal(int(c)))
		}
	case phNewspaper:
		if s.c.Out[CardAlley] > 0 {
			buf = append(buf, Newspaper(CardAlley))
		}
		if s.c.Out[CardBoat] > 0 {
			buf = append(buf, Newspaper(CardBoat))
		}
		buf = append(buf, Pass())
	case phJack:
		buf = s.jackMoves(buf)
	case phMove:
		free := t.reach2[s.c.Fig[a]].Minus(s.others(a))
		buf = appendSet(buf, MoveFigure, free)
		if s.hasSmoker(a) {
			buf = appendSet(buf, MoveSpeed, t.reach3[s.c.Fig[a]].Minus(t.reach2[s.c.Fig[a]]).Minus(s.others(a)))
		}
	case phFalseClue:
		buf = append(buf, Pass())
		buf = appendSet(buf, MoveFalseClue, s.falseClueTargets())
	case phAction:
		buf = append(buf, Pass())
		search := s.searchable(a)
		buf = appendSet(buf, MoveSearch, search)
		if s.hasSmoker(a) {
			buf = appendSet(buf, MoveScent, search)
		}
		arrest := s.nameable(a)
		buf = appendSet(buf, MoveArrest, arrest)
		if s.canAreaArrest(a) {
			buf = append(buf, AreaArrest())
		}
		if s.canGuess(a) {
			buf = appendSet(buf, MoveGuess, s.guessable())
		}
	case phSearch:
		buf = append(buf, Stop())
		if s.scentOffered() {
			buf = appendSet(buf, MoveScent, s.searchable(a))
		} else {
			buf = appendSet(buf, MoveSearch, s.searchable(a))
		}
	}
	return buf
}

// appendSet appends a move of kind k for every member of set.
func appendSet(buf []game.Move, k MoveKind, set board.Set) []game.Move {
	i, n := len(buf), set.Count()
	buf = slices.Grow(buf, n)[:i+n]
	for w, word := range set {
		for word != 0 {
			buf[i] = mv(k, w<<6|trailing(word), 0)
			i++
			word &= word - 1
		}
	}
	return buf
}

// jackMoves appends Jack's legal moves: walks, then coaches, alleys, boats.
func (s *State) jackMoves(buf []game.Move) []game.Move {
	t := tbl()
	cur := int(s.c.Cur)
	un := s.c.Unreached
	if s.cells() >= trackLen {
		return buf
	}
	buf = appendSet(buf, MoveWalk, s.walkTargets())
	if s.c.Left[CardCoach] > 0 && s.cells() <= trackLen-2 {
		for _, p := range t.coach[cur] {
			if !un.Has(int(p.via)) && !un.Has(int(p.to)) {
				buf = append(buf, Coach(int(p.via), int(p.to)))
			}
		}
	}
	if s.c.Left[CardAlley] > 0 {
		buf = appendSet(buf, MoveAlley, t.b.AlleySet[cur].Minus(un))
	}
	if s.c.Left[CardBoat] > 0 {
		buf = appendSet(buf, MoveBoat, t.b.BoatSet[cur].Minus(un))
	}
	return buf
}

// walkTargets returns the circles Jack may walk to: walking neighbours not
// cut off by figures (W5), except an unreached discovery location under a
// false clue, where he would have to make an announcement W21 forbids.
func (s *State) walkTargets() board.Set {
	w := tbl().b.WalkTargets(int(s.c.Cur), s.occupied())
	return w.Minus(s.c.Unreached.Intersect(s.c.FClues))
}

// jackCanMove reports whether Jack has any legal move (W11).
func (s *State) jackCanMove() bool {
	t := tbl()
	cur := int(s.c.Cur)
	un := s.c.Unreached
	if s.cells() >= trackLen {
		return false
	}
	if !s.walkTargets().Empty() {
		return true
	}
	if s.c.Left[CardAlley] > 0 && !t.b.AlleySet[cur].Minus(un).Empty() {
		return true
	}
	if s.c.Left[CardBoat] > 0 && !t.b.BoatSet[cur].Minus(un).Empty() {
		return true
	}
	if s.c.Left[CardCoach] > 0 && s.cells() <= trackLen-2 {
		for _, p := range t.coach[cur] {
			if !un.Has(int(p.via)) && !un.Has(int(p.to)) {
				return true
			}
		}
	}
	return false
}

// falseClueTargets returns the circles where Jack may place a false clue:
// any circle without one, except the location he must announce at the end
// of this turn (W12 and W21 together).
func (s *State) falseClueTargets() board.Set {
	all := allCircles.Minus(s.c.FClues)
	if s.c.Pending {
		all.Remove(int(s.c.Cur))
	}
	return all
}

// canAreaArrest reports whether figure index i may use Reid's area arrest.
func (s *State) canAreaArrest(i int) bool {
	return s.figureOf(i) == figGreen && s.c.Spent&spReid == 0 && !s.nameable(i).Empty()
}

// canGuess reports whether figure index i may use Swanson's guess.
func (s *State) canGuess(i int) bool {
	return s.figureOf(i) == figBrown && s.c.Spent&spSwanson == 0
}

// allCircles holds circles 1..189.
var allCircles = func() board.Set {
	var s board.Set
	for c := 1; c <= numCircles; c++ {
		s.Add(c)
	}
	return s
}()
