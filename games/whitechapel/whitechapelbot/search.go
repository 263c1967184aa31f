package whitechapelbot

import (
	"math"
	"strconv"
	"strings"
	"time"

	"gaslamp/board"
	"gaslamp/game"
	"gaslamp/games/whitechapel"
)

func init() {
	game.RegisterBot(whitechapel.ID, "search", func(cfg game.BotConfig) (game.Bot, error) {
		return NewSearch(cfg, SearchRollouts(cfg.Level)), nil
	})
}

// SearchRollouts returns the rollout cap of a search level: "easy" 30,
// "normal" (or "") 120, "hard" 400, or the number a level written as a
// positive integer says (also after a police base, as in "normal-40"; see
// policeBase).
func SearchRollouts(level string) int {
	if _, n, ok := policeBase(level); ok {
		level = n
	}
	switch level {
	case game.LevelEasy:
		return 30
	case game.LevelHard:
		return 400
	}
	if n, err := strconv.Atoi(level); err == nil && n > 0 {
		return n
	}
	return 120
}

// policeBase splits a search level written "normal-N" or "hard-N" into
// the baseline level whose police the search improves on and the rest
// (the rollout cap). Such a level makes a policeman's search the shortfall
// search (amongPoliceShortfall) over that baseline; ok is false for any
// other level.
func policeBase(level string) (base, rest string, ok bool) {
	b, r, found := strings.Cut(level, "-")
	if !found || b != game.LevelNormal && b != game.LevelHard {
		return "", level, false
	}
	return b, r, true
}

// searchCandidates is the number of moves (Jack's, or a policeman's
// movements), the best by the baseline's score, that the search weighs
// against each other.
const searchCandidates = 6

// rolloutSamples is the number of trails the rollouts' police draw to judge
// where the trail passed (the Normal baseline draws 150): the drawing is
// most of a rollout's time.
const rolloutSamples = 20

// Search is a search bot for the moves of the hunt, over worlds drawn with
// Rules.Determinize from its seat's view. As Jack it weighs his best few
// moves (by the baseline's score), each played out to the end of the
// night, many times, with Jack played by the Hard baseline and the police
// by the Normal baseline, which reads only the public record as real
// police would; the move that got Jack home most often is played. Its root
// is a bandit (UCB1) over those moves. As a policeman it weighs his best
// few movements by the Hard baseline's score in paired worlds (amongPolice:
// Jack drawn from the public record, every candidate played out in the same
// world, the police by the Hard baseline) and leaves the Hard baseline's
// choice only for a clear gain. Every other decision (hideout, women,
// victims, patrol reveals, patrols, wretched, searches and arrests) is the
// Hard baseline's. At a level "normal-N" or "hard-N" a policeman runs the
// shortfall search instead (amongPoliceShortfall), over the baseline of
// that level, which then makes his other decisions; neither is a level
// (docs/bots.md: both tied their baselines).
type Search struct {
	rules    game.Rules
	own      *Baseline // Jack's (or the seat's) decisions outside the search
	jack     *Baseline // Jack in the rollouts
	police   *Baseline // the five policemen in Jack's rollouts (one model)
	hard     *Baseline // the five policemen in a policeman's rollouts
	rng      game.Rand
	rollouts int
	budget   time.Duration
	deadline time.Time // the current decision's (zero: none)
	// base is the baseline level of a policeman's shortfall search
	// ("normal" or "hard"), "" for the Hard search by nights won.
	base string
	roll *Baseline // the policemen in the shortfall search's rollouts

	last int
	buf  []game.Move
}

// NewSearch returns a search bot for cfg's seat with a cap of rollouts per
// decision and cfg.Budget as its time per decision (0: one second; a
// negative budget means the cap alone, which makes it deterministic).
func NewSearch(cfg game.BotConfig, rollouts int) *Search {
	budget := cfg.Budget
	if budget == 0 {
		budget = time.Second
	}
	police := NewBaseline(1, cfg.Seed^0x706f6c6963, game.LevelNormal)
	police.lv.samples = rolloutSamples
	hard := NewBaseline(1, cfg.Seed^0x68617264, game.LevelHard)
	hard.lv.samples = rolloutSamples
	own, base := game.LevelHard, ""
	var roll *Baseline
	if b, _, ok := policeBase(cfg.Level); ok && cfg.Seat > 0 {
		own, base = b, b
		roll = NewBaseline(1, cfg.Seed^0x726f6c6c, b)
		roll.lv.samples = rolloutSamples
		roll.lv.random = 0
	}
	return &Search{
		rules:    cfg.Rules,
		hard:     hard,
		base:     base,
		roll:     roll,
		own:      NewBaseline(cfg.Seat, cfg.Seed, own),
		jack:     NewBaseline(0, cfg.Seed^0x6a61636b, game.LevelHard),
		police:   police,
		rng:      game.NewRand(cfg.Seed ^ 0x736561726368),
		rollouts: max(rollouts, 1),
		budget:   budget,
	}
}

// Rollouts returns the number of rollouts of the last decision.
func (s *Search) Rollouts() int { return s.last }

// Choose implements game.Bot.
func (s *Search) Choose(gv game.View, legal []game.Move) game.Move {
	var deadline time.Time
	if s.budget > 0 {
		deadline = time.Now().Add(s.budget)
	}
	return s.ChooseBy(gv, legal, deadline)
}

// ChooseBy implements game.TimedBot: the rollouts stop at deadline (zero:
// at the rollout cap only).
func (s *Search) ChooseBy(gv game.View, legal []game.Move, deadline time.Time) game.Move {
	s.deadline = deadline
	s.last = 0
	v, ok := gv.(*whitechapel.View)
	if !ok || len(legal) == 1 || s.rules == nil {
		return s.own.Choose(gv, legal)
	}
	switch {
	case v.Seat == 0 && v.Phase == "jack":
		if home := whitechapel.Walk(v.Hideout); game.Contains(legal, home) {
			return home
		}
		return s.among(v, bestN(legal, s.own.jackScore(v), searchCandidates), true)
	case v.Seat > 0 && v.Phase == "move":
		if score := s.own.policeMoveScore(v); score != nil {
			if s.base != "" {
				return s.amongPoliceShortfall(v, bestN(legal, score, policeCandidates))
			}
			return s.amongPolice(v, bestN(legal, score, policeCandidates))
		}
	}
	return s.own.Choose(gv, legal)
}

// among plays the candidates out from v and returns the one whose side
// (Jack's when jack, else the police's) won the night most often.
func (s *Search) among(v *whitechapel.View, cands []game.Move, jack bool) game.Move {
	if len(cands) == 1 {
		return cands[0]
	}
	deadline := s.deadline
	// The rollouts' views need no deduction: the police model works it out
	// itself.
	quiet := *v
	quiet.Table.Deduction = "off"
	visits := make([]int, len(cands))
	wins := make([]float64, len(cands))
	for s.last < s.rollouts {
		if !deadline.IsZero() && s.last > 0 && !time.Now().Before(deadline) {
			break
		}
		i := s.pick(visits, wins, s.last)
		st, err := s.rules.Determinize(&quiet, &s.rng)
		if err != nil {
			break
		}
		r := s.rollout(st, v.Seat, v.Night, cands[i])
		if !jack {
			r = 1 - r
		}
		visits[i]++
		wins[i] += r
		s.last++
	}
	best := 0
	for i := range cands {
		if visits[i] == 0 {
			continue
		}
		mi, mb := wins[i]/float64(visits[i]), wins[best]/float64(max(visits[best], 1))
		if visits[best] == 0 || mi > mb || mi == mb && visits[i] > visits[best] {
			best = i
		}
	}
	return cands[best]
}

// pick returns the candidate to play out next: each once, then by UCB1.
func (s *Search) pick(visits []int, wins []float64, n int) int {
	for i, v := range visits {
		if v == 0 {
			return i
		}
	}
	best, bestU := 0, math.Inf(-1)
	logN := math.Log(float64(n))
	for i := range visits {
		u := wins[i]/float64(visits[i]) + 0.5*math.Sqrt(logN/float64(visits[i]))
		if u > bestU {
			best, bestU = i, u
		}
	}
	return best
}

// rollout plays m for seat by in st, then the rest of night (1..4) with the
// rollout bots, and returns 1 when Jack got home (or won) and 0 when he
// lost.
func (s *Search) rollout(st game.State, by game.Seat, night int, m game.Move) float64 {
	return s.rolloutWith(st, by, night, m, s.police)
}

// rolloutWith is rollout with police as the policemen's model.
func (s *Search) rolloutWith(st game.State, by game.Seat, night int, m game.Move, police *Baseline) float64 {
	if err := st.Apply(by, m, nil); err != nil {
		return 0
	}
	// The police model's beliefs about tonight are kept per record; a new
	// rollout starts a new record.
	police.bel.key, police.bel.b = "", nil
	for moves := 0; moves < 2000; moves++ {
		if o := st.Outcome(); o.Over {
			if o.Winner == "jack" {
				return 1
			}
			return 0
		}
		seat := st.ToAct().First()
		gv := st.View(seat)
		if gv.(*whitechapel.View).Night != night {
			return 1
		}
		s.buf = st.Legal(seat, s.buf[:0])
		bot := police
		if seat == 0 {
			bot = s.jack
		}
		if err := st.Apply(seat, bot.Choose(gv, s.buf), nil); err != nil {
			return 0
		}
	}
	return 0
}

// policeCandidates is the number of a policeman's movements, the best by
// the Hard baseline's score, that the police search weighs; a candidate
// other than the baseline's choice is played only when it won at least
// max(policeMargin, policeMarginShare × worlds) more of the paired nights.
const (
	policeCandidates  = 4
	policeMargin      = 2.0
	policeMarginShare = 0.15
)

// amongPolice weighs a policeman's candidate movements, the Hard
// baseline's choice first, in the same drawn worlds (each world is drawn
// once and every candidate is played out in a copy of it, with the same
// seeds for the rollout bots), the police in the rollouts by the Hard
// baseline. It plays another candidate than the baseline's only when it
// won clearly more nights than the baseline's in those worlds (see
// policeCandidates); a world cut short by the cap or the budget is not
// counted, so a search stopped before one world was played out for every
// candidate plays the Hard baseline's movement.
func (s *Search) amongPolice(v *whitechapel.View, cands []game.Move) game.Move {
	if len(cands) == 1 {
		return cands[0]
	}
	diff := make([]float64, len(cands))
	worlds := s.pairWorlds(v, cands, func(w game.State, seed uint64, m game.Move) float64 {
		s.jack.rng = game.NewRand(seed ^ 0x6a61636b)
		s.hard.rng = game.NewRand(seed)
		return 1 - s.rolloutWith(w, v.Seat, v.Night, m, s.hard)
	}, func(res []float64) {
		for i := range cands {
			diff[i] += res[i] - res[0]
		}
	})
	best := 0
	for i := range cands {
		if diff[i] > diff[best] {
			best = i
		}
	}
	if best > 0 && diff[best] >= max(policeMargin, policeMarginShare*float64(worlds)) {
		return cands[best]
	}
	return cands[0]
}

// pairWorlds draws worlds from v with the deduction off (its public part) and
// plays every candidate out in a copy of each world, the rollout bots seeded
// alike for all of them, until the rollout cap or the budget. play returns a
// candidate's score in a world; add receives a world's scores once every
// candidate was played there (a world cut short is not counted). It returns
// the number of worlds counted.
func (s *Search) pairWorlds(v *whitechapel.View, cands []game.Move, play func(w game.State, seed uint64, m game.Move) float64, add func(res []float64)) int {
	deadline := s.deadline
	quiet := *v
	quiet.Table.Deduction = "off"
	res := make([]float64, len(cands))
	worlds := 0
	for s.last < s.rollouts {
		if !deadline.IsZero() && s.last > 0 && !time.Now().Before(deadline) {
			break
		}
		w, err := s.rules.Determinize(&quiet, &s.rng)
		if err != nil {
			break
		}
		seed := s.rng.Uint64()
		for i, m := range cands {
			if s.last >= s.rollouts || i > 0 && !deadline.IsZero() && !time.Now().Before(deadline) {
				return worlds
			}
			res[i] = play(w.Clone(), seed, m)
			s.last++
		}
		worlds++
		add(res)
	}
	return worlds
}

// The shortfall search's rule: a rollout in which Jack gets home scores
// the police shortfallWeight × the share of his track he used (a Jack who
// got home late is a Jack nearly too slow, which is how the police win
// most games), one in which he lost scores 1; another candidate than the
// baseline's is played only when its mean gain over the baseline's, paired
// world by world, is above zero by shortfallZ standard errors, over at
// least shortfallWorlds worlds.
const (
	shortfallWeight = 0.5
	shortfallZ      = 0.5
	shortfallWorlds = 3
	// shortfallHorizon is the number of Jack's moves a rollout plays
	// before it is cut and scored by shortfallEstimate.
	shortfallHorizon = 3
	// trackSpaces is the number of spaces of the move track past the
	// Times of the Crime (the most a night's hunt may use).
	trackSpaces = 15
)

// amongPoliceShortfall weighs a policeman's candidate movements, the
// baseline's choice (at the search's base level) first, in the same drawn
// worlds as amongPolice does, with the base level's police (20 trails,
// never at random) in the rollouts, each rollout scored by
// rolloutShortfall. It plays another candidate only for a clear mean gain
// (shortfallZ); a world cut short by the cap or the budget is not counted.
func (s *Search) amongPoliceShortfall(v *whitechapel.View, cands []game.Move) game.Move {
	if len(cands) == 1 {
		return cands[0]
	}
	sum := make([]float64, len(cands))
	sq := make([]float64, len(cands))
	worlds := s.pairWorlds(v, cands, func(w game.State, seed uint64, m game.Move) float64 {
		s.jack.rng = game.NewRand(seed ^ 0x6a61636b)
		s.roll.rng = game.NewRand(seed)
		return s.rolloutShortfall(w, v.Seat, v.Night, m)
	}, func(res []float64) {
		for i := range cands {
			d := res[i] - res[0]
			sum[i] += d
			sq[i] += d * d
		}
	})
	if worlds < shortfallWorlds {
		return cands[0]
	}
	n := float64(worlds)
	best, bestMean := 0, 0.0
	for i := 1; i < len(cands); i++ {
		mean := sum[i] / n
		se := math.Sqrt(max(sq[i]/n-mean*mean, 0) / (n - 1))
		if mean > 0 && mean > shortfallZ*se && mean > bestMean {
			best, bestMean = i, mean
		}
	}
	return cands[best]
}

// rolloutShortfall plays m for seat by in st, then the rest of night (1..4)
// with Jack by the Hard baseline and the police by s.roll, up to
// shortfallHorizon moves of Jack's, and returns the police's score: 1 when
// Jack lost, shortfallWeight × the share of the track he had used when he
// got home, or, at the horizon, shortfallWeight × the share he would have
// used walking home by the shortest way the policemen leave open (at most
// 1).
func (s *Search) rolloutShortfall(st game.State, by game.Seat, night int, m game.Move) float64 {
	if err := st.Apply(by, m, nil); err != nil {
		return 0
	}
	s.roll.bel.key, s.roll.bel.b = "", nil
	left, jackMoves := trackSpaces, 0
	for moves := 0; moves < 2000; moves++ {
		if o := st.Outcome(); o.Over {
			if o.Winner == "jack" {
				return 0
			}
			return 1
		}
		seat := st.ToAct().First()
		gv := st.View(seat)
		wv := gv.(*whitechapel.View)
		if wv.Night != night {
			return shortfallWeight * float64(trackSpaces-min(left, trackSpaces)) / trackSpaces
		}
		if wv.Track != nil {
			left = wv.Track.Left
		}
		if seat == 0 && wv.Phase == "jack" {
			if jackMoves == shortfallHorizon {
				return shortfallEstimate(wv)
			}
			jackMoves++
		}
		s.buf = st.Legal(seat, s.buf[:0])
		bot := s.roll
		if seat == 0 {
			bot = s.jack
		}
		if err := st.Apply(seat, bot.Choose(gv, s.buf), nil); err != nil {
			return 0
		}
	}
	return 1
}

// shortfallEstimate is the police's score of a rollout cut at Jack's turn
// (v is Jack's view): shortfallWeight × the share of his track he would
// have used at home walking the shortest way that passes no policeman,
// capped at 1.
func shortfallEstimate(v *whitechapel.View) float64 {
	g := tables()
	if v.Track == nil || v.Hideout <= 0 || v.Circle <= 0 {
		return shortfallWeight
	}
	var blocked board.Set
	for _, x := range policemen(v) {
		if x >= 0 {
			blocked.Add(x)
		}
	}
	d := int(g.walkDistAvoiding(v.Hideout, blocked)[v.Circle])
	used := trackSpaces - min(v.Track.Left, trackSpaces) + d
	return min(1, shortfallWeight*float64(used)/trackSpaces)
}
