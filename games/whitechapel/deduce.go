package whitechapel

import (
	"strconv"
	"sync"

	"gaslamp/board"
	"gaslamp/hunt"
)

// deduction is what the police and spectators are shown with the deduction
// option: where Jack may be tonight and where his hideout may be.
type deduction struct {
	possible []Possible
	total    float64
	hideouts []PossibleHideout
}

// publicNight returns night n of the public record in hunt's terms.
func (s *State) publicNight(n int) hunt.Night {
	c := &s.c
	hn := hunt.Night{Scene: int(c.Scenes[sceneBase[n]]), Home: c.Home&(1<<n) != 0}
	if nightVictims[n] == 2 && c.NScenes > sceneBase[n]+1 {
		hn.Second = int(c.Scenes[sceneBase[n]+1])
	}
	hn.Moves = make([]hunt.Move, 0, c.NMoves[n])
	for _, jm := range c.Moves[n][:c.NMoves[n]] {
		m := hunt.Move{Kind: huntKind(jm.Kind)}
		for _, x := range jm.Occ {
			m.Occupied.Add(int(x))
		}
		hn.Moves = append(hn.Moves, m)
	}
	hn.Obs = make([]hunt.Obs, 0, c.NObs[n])
	for _, o := range c.Obs[n][:c.NObs[n]] {
		hn.Obs = append(hn.Obs, hunt.Obs{Time: int(o.Time), Circle: int(o.Circle), Kind: huntObs(o.Kind)})
	}
	return hn
}

func huntKind(k uint8) hunt.MoveKind {
	switch k {
	case jkCoach:
		return hunt.Coach
	case jkAlley:
		return hunt.Alley
	}
	return hunt.Walk
}

func huntObs(k uint8) hunt.ObsKind {
	switch k {
	case obClue:
		return hunt.Clue
	case obNoClue:
		return hunt.NoClue
	}
	return hunt.NotHere
}

// finishedNights returns the public record of the nights Jack ended at home.
func (s *State) finishedNights() []hunt.Night {
	var out []hunt.Night
	for n := 0; n < int(s.c.Night); n++ {
		out = append(out, s.publicNight(n))
	}
	if s.c.Home&(1<<s.c.Night) != 0 {
		out = append(out, s.publicNight(int(s.c.Night)))
	}
	return out
}

// hunting reports whether tonight's hunt is on (Jack killed and the game
// goes on), so that tonight's record says where he may be.
func (s *State) hunting() bool {
	n := int(s.c.Night)
	return s.killed(n) && s.c.Home&(1<<n) == 0
}

// deduce returns the deduction from public facts, once per state version
// (cached until the next Apply). Parts that do not fit the record, which a
// real game never produces, are left out.
//
// Every public fact counts (issue 15): the hideouts are weighed over the
// finished nights and tonight's record so far (no walk of tonight landed on
// the hideout, or the night would be over), and tonight's circles are
// weighed over the possible hideouts (hunt.HideoutSolution.Tonight): a
// circle Jack could only reach by walking onto every hideout still possible
// is not a place he can be.
func (s *State) deduce() *deduction {
	if s.ded != nil {
		return s.ded
	}
	d := &deduction{}
	fin := s.finishedNights()
	hunting := s.hunting()
	if len(fin) == 0 && !hunting {
		s.ded = d
		return d
	}
	h, err := hideoutsCached(fin)
	if err == nil && hunting {
		tn := s.publicNight(int(s.c.Night))
		h, err = h.With(&tn)
	}
	if err != nil {
		s.ded = d
		return d
	}
	if len(fin) > 0 {
		w := h.Where()
		for c := w.Next(0); c >= 0; c = w.Next(c + 1) {
			d.hideouts = append(d.hideouts, PossibleHideout{Circle: c, Weight: h.Weight(c)})
		}
	}
	if where, weight, ok := h.Tonight(); ok {
		for c := where.Next(0); c >= 0; c = where.Next(c + 1) {
			d.possible = append(d.possible, Possible{Circle: c, Weight: weight[c]})
			d.total += weight[c]
		}
	}
	s.ded = d
	return d
}

// allowedHideouts holds the circles that may be a hideout: not red (L3).
func allowedHideouts() board.Set {
	t := tbl()
	return t.circle.Minus(t.red)
}

// The solutions of recent records, shared by views and Determinize: a bot
// determinizes the same view many times. Solutions are immutable.
var (
	cacheMu       sync.Mutex
	nightCache    = map[string]*hunt.NightSolution{}
	hideoutsCache = map[string]*hunt.HideoutSolution{}
)

// maxCached bounds each cache; it is emptied when full.
const maxCached = 256

// nightCached is hunt.SolveNight with a cache keyed by the night's content.
func nightCached(n *hunt.Night) (*hunt.NightSolution, error) {
	key := string(nightKey(nil, n))
	cacheMu.Lock()
	sol, ok := nightCache[key]
	cacheMu.Unlock()
	if ok {
		return sol, nil
	}
	sol, err := hunt.SolveNight(tbl().b, n)
	if err != nil {
		return nil, err
	}
	cacheMu.Lock()
	if len(nightCache) >= maxCached {
		clear(nightCache)
	}
	nightCache[key] = sol
	cacheMu.Unlock()
	return sol, nil
}

// hideoutsCached is hunt.Hideouts over the allowed hideouts with a cache
// keyed by the nights' content.
func hideoutsCached(nights []hunt.Night) (*hunt.HideoutSolution, error) {
	var kb []byte
	for i := range nights {
		kb = nightKey(kb, &nights[i])
		kb = append(kb, '|')
	}
	key := string(kb)
	cacheMu.Lock()
	h, ok := hideoutsCache[key]
	cacheMu.Unlock()
	if ok {
		return h, nil
	}
	h, err := hunt.Hideouts(tbl().b, nights, allowedHideouts())
	if err != nil {
		return nil, err
	}
	cacheMu.Lock()
	if len(hideoutsCache) >= maxCached {
		clear(hideoutsCache)
	}
	hideoutsCache[key] = h
	cacheMu.Unlock()
	return h, nil
}

// nightKey appends an encoding of everything hunt reads of a night.
func nightKey(b []byte, n *hunt.Night) []byte {
	b = append(b, byte(n.Scene), byte(n.Second), flag(n.Home))
	for _, m := range n.Moves {
		b = append(b, 'm', byte(m.Kind))
		for _, w := range m.Occupied {
			b = strconv.AppendUint(b, w, 36)
			b = append(b, '.')
		}
	}
	for _, o := range n.Obs {
		b = append(b, 'o', byte(o.Time), byte(o.Circle), byte(o.Kind))
	}
	return b
}

// HuntNight returns night i (0-based, in the order of View.Nights) of the
// view's public record in hunt's terms, for bots and tools that run their
// own deduction.
func (v *View) HuntNight(i int) (hunt.Night, error) {
	if i < 0 || i >= len(v.Nights) {
		return hunt.Night{}, errView
	}
	nv := &v.Nights[i]
	hn := hunt.Night{Scene: nv.Scene, Second: nv.Second, Home: nv.Home}
	for _, m := range nv.Moves {
		var hm hunt.Move
		switch m.Kind {
		case "walk":
			hm.Kind = hunt.Walk
		case "coach":
			hm.Kind = hunt.Coach
		case "alley":
			hm.Kind = hunt.Alley
		default:
			return hunt.Night{}, errView
		}
		for _, l := range m.Police {
			x := crossingOf(l)
			if x < 0 {
				return hunt.Night{}, errView
			}
			hm.Occupied.Add(x)
		}
		hn.Moves = append(hn.Moves, hm)
	}
	for _, o := range nv.Obs {
		ho := hunt.Obs{Time: o.Time, Circle: o.Circle}
		switch o.Kind {
		case "clue":
			ho.Kind = hunt.Clue
		case "no-clue":
			ho.Kind = hunt.NoClue
		case "not-here":
			ho.Kind = hunt.NotHere
		default:
			return hunt.Night{}, errView
		}
		hn.Obs = append(hn.Obs, ho)
	}
	return hn, nil
}
