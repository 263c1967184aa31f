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
// time in three while the Time of the Crime allows, waits), and moves to
// the circle nearest to it, walking onto it when he can, preferring walks
// to coaches and alleys and breaking near ties at random. Every other move
// (Jack's women and patrol reveals, the police's patrols, wretched,
// movements, searches and arrests) is uniformly random among the legal
// ones.
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
			buf = s.Legal(seat, buf[:0])
			m = buf[rng.IntN(len(buf))]
			if s.c.Phase == phKill && s.c.Time < 5 && rng.IntN(3) == 0 {
				m = Wait()
				break
			}
			home := &walkDistances()[s.c.Hideout]
			best := -1
			for _, x := range buf {
				if KindOf(x) == MoveKill && (best < 0 || int(home[To(x)]) < best) {
					best, m = int(home[To(x)]), x
				}
			}
		case phJack:
			buf = s.Legal(seat, buf[:0])
			home := &walkDistances()[s.c.Hideout]
			best := 1 << 30
			for _, x := range buf {
				score := int(home[To(x)])*4 + rng.IntN(4)
				if KindOf(x) != MoveWalk {
					score += 6
				} else if To(x) == int(s.c.Hideout) {
					score = -1
				}
				if score < best {
					best, m = score, x
				}
			}
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
