package whitechapel

import (
	"sync"

	"gaslamp/game"
)

// Playout plays uniformly random legal moves from s until the game ends or
// maxMoves moves were played (0: no limit), drawing from rng, with buf as
// the legal-move buffer (grown as needed and returned for reuse). It
// allocates nothing once buf is large enough. It returns the number of
// moves played.
func Playout(s *State, rng *game.Rand, maxMoves int, buf []game.Move) (int, []game.Move) {
	n := 0
	for s.c.Phase != phOver && (maxMoves == 0 || n < maxMoves) {
		seat := s.ToAct().First()
		buf = s.Legal(seat, buf[:0])
		if err := s.Apply(seat, buf[rng.IntN(len(buf))], nil); err != nil {
			panic("whitechapel: playout: legal move refused: " + err.Error())
		}
		n++
	}
	return n, buf
}

// RandomGame plays a whole game of uniformly random legal moves from seed
// with options opts and returns its number of moves and its outcome, for
// benchmarks. It panics on invalid options.
func RandomGame(seed uint64, opts game.Options) (moves int, out game.Outcome) {
	st, err := Rules{}.New(opts, seed)
	if err != nil {
		panic(err)
	}
	rng := game.NewRand(seed)
	s := st.(*State)
	n, _ := Playout(s, &rng, 0, make([]game.Move, 0, 512))
	return n, s.Outcome()
}

// guidedHideouts are the central circles the guided Jack of GuidedPlayout
// chooses his hideout from (the next circle when one is red).
var guidedHideouts = [...]int{62, 80, 96, 112, 99, 118}

var (
	walkDistOnce sync.Once
	walkDistTab  *[numCircles + 1][numCircles + 1]uint8
)

// walkDistances returns the walking distances between circles, ignoring
// the policemen (board.Far when not joined), built on first use.
func walkDistances() *[numCircles + 1][numCircles + 1]uint8 {
	walkDistOnce.Do(func() {
		d := new([numCircles + 1][numCircles + 1]uint8)
		for a, row := range tbl().b.WalkDistances() {
			copy(d[a][:], row)
		}
		walkDistTab = d
	})
	return walkDistTab
}

// GuidedPlayout plays s to the end of the game with a Jack who heads home
// and police who play at random, drawing from rng, with buf as the
// legal-move buffer (grown as needed and returned for reuse); it returns
// the number of moves played. Most of its games last the four nights, which
// uniformly random games rarely do (a random Jack seldom gets home in
// time), so it is the playout of the four-night benchmarks.
//
// Jack writes a central hideout, kills the wretched nearest to it (or, one
// time in three while the Time of the Crime allows, waits), and heads home
// (homeward). Every other move (Jack's women and patrol reveals, the
// police's patrols, wretched, movements, searches and arrests) is uniformly
// random among the legal ones.
//
// It allocates nothing once buf is large enough.
func GuidedPlayout(s *State, rng *game.Rand, buf []game.Move) (int, []game.Move) {
	n := 0
	for s.c.Phase != phOver {
		seat := s.ToAct().First()
		var m game.Move
		switch s.c.Phase {
		case phHideout:
			h := guidedHideouts[rng.IntN(len(guidedHideouts))]
			if tbl().red.Has(h) {
				h++
			}
			m = Hideout(h)
		case phKill, phSecond:
			if s.c.Phase == phKill && s.c.Time < 5 && rng.IntN(3) == 0 {
				m = Wait()
				break
			}
			buf = s.Legal(seat, buf[:0])
			home := &walkDistances()[s.c.Hideout]
			best := -1
			for _, x := range buf {
				if KindOf(x) == MoveKill && (best < 0 || int(home[To(x)]) < best) {
					best, m = int(home[To(x)]), x
				}
			}
		case phJack:
			m = s.homeward(rng)
		default:
			buf = s.Legal(seat, buf[:0])
			m = buf[rng.IntN(len(buf))]
		}
		if err := s.Apply(seat, m, nil); err != nil {
			panic("whitechapel: guided playout: legal move refused: " + err.Error())
		}
		n++
	}
	return n, buf
}

// GuidedGame plays a whole game of GuidedPlayout from seed with options
// opts and returns its number of moves and the night it ended in (1..4: a
// game that ended in night 4 played the four nights), for benchmarks. It
// panics on invalid options.
func GuidedGame(seed uint64, opts game.Options) (moves, night int) {
	st, err := Rules{}.New(opts, seed)
	if err != nil {
		panic(err)
	}
	rng := game.NewRand(seed)
	s := st.(*State)
	n, _ := GuidedPlayout(s, &rng, make([]game.Move, 0, 512))
	return n, int(s.c.Night) + 1
}

// homeward returns the guided Jack's move: a walk home when he can; else
// the move that lands nearest to home in walking distance, a coach or an
// alley counting as one and a half walks more (so one is taken to gain two
// walks, or when no walk is left), ties broken uniformly at random.
func (s *State) homeward(rng *game.Rand) game.Move {
	t := tbl()
	h := int(s.c.Hideout)
	walks := s.walkTargets()
	if walks.Has(h) {
		return Walk(h)
	}
	home := &walkDistances()[h]
	var p picker
	for c := walks.Next(0); c >= 0; c = walks.Next(c + 1) {
		p.offer(rng, 2*int(home[c]), Walk(c))
	}
	cur := int(s.c.Cur)
	// A coach lands at least 2*(d-2)+3 = 2d-1, d being the distance from
	// here: no better than a walk that brings Jack nearer.
	if s.canCoach() && (p.ties == 0 || p.score > 2*int(home[cur])-1) {
		for _, m := range t.coach[cur] {
			p.offer(rng, 2*int(home[To(m)])+3, m)
		}
	}
	if s.c.Alleys > 0 {
		alleys := t.alley[cur]
		for c := alleys.Next(0); c >= 0; c = alleys.Next(c + 1) {
			p.offer(rng, 2*int(home[c])+3, Alley(c))
		}
	}
	return p.move
}

// picker keeps the lowest-scored of the moves offered, a uniformly random
// one among those of equal score.
type picker struct {
	move  game.Move
	score int
	ties  int
}

// offer offers move m with score.
func (p *picker) offer(rng *game.Rand, score int, m game.Move) {
	switch {
	case p.ties == 0 || score < p.score:
		p.move, p.score, p.ties = m, score, 1
	case score == p.score:
		p.ties++
		if rng.IntN(p.ties) == 0 {
			p.move = m
		}
	}
}
