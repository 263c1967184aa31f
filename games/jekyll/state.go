package jekyll

import (
	"bytes"
	"encoding/binary"

	"gaslamp/game"
)

// The seats.
const (
	Jekyll game.Seat = 0
	Hyde   game.Seat = 1
)

// Phases of a round.
const (
	phaseTalk  = iota // the day before the deal: chat is open, each seat says "deal"
	phaseGive         // the day after the deal: each seat gives 4 cards to the City
	phaseNight        // 8 tricks
	phaseOver         // the chapter is over
)

var phaseNames = [...]string{"talk", "give", "night", "over"}

// lack8 is the bit of State.lacks saying a seat holds no 8 (bits 0-2 are the
// colours).
const lack8 = 1 << 3

// State is one chapter in progress: two rounds of a day and a night. It is a
// flat value without pointers: Clone is a copy and playouts never allocate.
type State struct {
	cfg    config
	rng    game.Rand
	phase  uint8
	rnd    uint8 // 0 or 1
	ready  uint8 // seats that said "deal" (bit per seat)
	given  [2]uint8
	gifts  [2]uint32 // the cards each seat gave to the City this round
	aside  uint32    // the cards set aside unseen
	seen   [2]uint32 // the cards each seat has held this round
	r      round
	pawn   int8
	yard   int8
	lacks  [2]uint8  // public: colours (and lack8) a seat is known not to hold
	tHand  [2]uint32 // cards a seat has held that may now be in its partner's hand
	tDeck  [2]uint32 // cards a seat has held that may now be in the City deck
	pin    [2]Card   // the card a seat knows is on top of the City deck
	res    [2]roundResult
	result result
	stars  uint8
	feats  uint8 // featLastWord, featClean
}

// Chapter feats, each worth one star when the chapter is won.
const (
	featLastWord = 1 << 0 // the players won the last trick of both rounds
	featClean    = 1 << 1 // no card of value 1-3 among the players' won cards, both rounds
)

func newState(cfg config, seed uint64) *State {
	st := &State{}
	st.init(cfg, seed)
	return st
}

func (st *State) init(cfg config, seed uint64) {
	*st = State{cfg: cfg, rng: game.NewRand(seed)}
	st.pawn, st.yard = cfg.StartJH, cfg.StartYard
	st.r.Reactions, st.r.Mirror, st.r.HydeLeads = cfg.Reactions, cfg.Mirror, cfg.HydeLeads
	if cfg.HydeLeads {
		st.r.First = uint8(Hyde)
	} else {
		st.r.First = uint8(st.rng.IntN(2))
	}
	st.startRound(0)
}

// startRound opens the day of round i: chat is open until both seats ask for
// the deal.
func (st *State) startRound(i uint8) {
	st.rnd = i
	st.phase = phaseTalk
	st.ready = 0
	st.given = [2]uint8{}
	st.gifts = [2]uint32{}
	st.aside = 0
	st.seen = [2]uint32{}
	st.lacks = [2]uint8{}
	st.tHand, st.tDeck = [2]uint32{}, [2]uint32{}
	st.pin = [2]Card{NoCard, NoCard}
	first := st.r.First
	st.r = round{First: first, Reactions: st.cfg.Reactions, Mirror: st.cfg.Mirror, HydeLeads: st.cfg.HydeLeads}
	st.r.Cur = trick{Cards: [3]Card{NoCard, NoCard, NoCard}}
	st.r.resetRanks()
}

// deal shuffles the cards in play and deals 12 to each seat; the rest is set
// aside unseen (J2).
func (st *State) deal() {
	var cards [NumCards]Card
	n := 0
	for m := st.cfg.deckCards(); m != 0; m &= m - 1 {
		cards[n] = Card(trailing(m))
		n++
	}
	st.rng.Shuffle(n, func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	for i := 0; i < n; i++ {
		switch {
		case i < 12:
			st.r.Hand[0] |= bit(cards[i])
		case i < 24:
			st.r.Hand[1] |= bit(cards[i])
		default:
			st.aside |= bit(cards[i])
		}
	}
	st.seen = st.r.Hand
	if st.cfg.Fog {
		perm := [3]int8{0, 1, 2}
		st.rng.Shuffle(3, func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
		st.r.Strength, st.r.Ranked = perm, 3
	}
	st.phase = phaseGive
}

// endDay shuffles the 8 given cards into the City deck and starts the night.
func (st *State) endDay() {
	g := st.gifts[0] | st.gifts[1]
	for i := 0; g != 0; g &= g - 1 {
		st.r.Deck[i] = Card(trailing(g))
		i++
	}
	st.rng.Shuffle(8, func(i, j int) { st.r.Deck[i], st.r.Deck[j] = st.r.Deck[j], st.r.Deck[i] })
	st.lacks[0] |= lack8
	st.lacks[1] |= lack8
	st.phase = phaseNight
}

// givable reports which of seat s's cards it may give now: every 8 it holds
// must be among its 4 gifts.
func (st *State) givable(s int) uint32 {
	h := st.r.Hand[s]
	if e := h & eightSet; count(e) >= 4-int(st.given[s]) {
		return e
	}
	return h
}

// ToAct implements game.State.
func (st *State) ToAct() game.SeatSet {
	switch st.phase {
	case phaseTalk:
		return game.SeatSet(3 &^ st.ready)
	case phaseGive:
		var s game.SeatSet
		for i := range 2 {
			if st.given[i] < 4 {
				s = s.With(game.Seat(i))
			}
		}
		return s
	case phaseNight:
		return game.SeatsOf(game.Seat(st.r.toAct()))
	}
	return 0
}

// ChatOpen reports whether the two players may chat now: during the day until
// the deal, between rounds and once the chapter is over (J2).
func (st *State) ChatOpen() bool { return st.phase == phaseTalk || st.phase == phaseOver }

// Outcome implements game.State.
func (st *State) Outcome() game.Outcome {
	if st.phase != phaseOver {
		return game.Outcome{}
	}
	o := game.Outcome{Over: true, Winner: "city"}
	if st.result == resWin {
		o.Winner = "players"
	}
	key := "jekyll.reason." + resultKeys[st.result]
	if st.result == resWin && !st.cfg.Score {
		key = "jekyll.reason.win-plain"
	}
	o.Reason = game.T(key, "pawn", int(st.pawn), "yard", int(st.yard),
		"stars", int(st.stars), "campaign", int(st.cfg.Campaign)+int(st.stars))
	return o
}

// CampaignScore is the score a campaign carries into its next chapter: the
// score this chapter started with plus the stars it gave (0 until it is over;
// always 0 without campaign-score, J10).
func (st *State) CampaignScore() int { return int(st.cfg.Campaign) + int(st.stars) }

// Clone implements game.State.
func (st *State) Clone() game.State {
	c := *st
	return &c
}

// CloneInto implements game.IntoCloner: a State is a flat value (with, at
// most, read-only data it shares with its clones), so a copy into a used
// State is a Clone without the allocation.
func (st *State) CloneInto(dst game.State) game.State {
	d, ok := dst.(*State)
	if !ok || d == st {
		return st.Clone()
	}
	*d = *st
	return d
}

// Snapshot implements game.State: the whole flat state in binary.
func (st *State) Snapshot() []byte {
	var b bytes.Buffer
	if err := binary.Write(&b, binary.LittleEndian, st); err != nil {
		panic("jekyll: snapshot: " + err.Error())
	}
	return b.Bytes()
}

// Round returns the current round, 1 or 2.
func (st *State) Round() int { return int(st.rnd) + 1 }

// Pawns returns the spaces of the Jekyll & Hyde pawn and of Scotland Yard.
func (st *State) Pawns() (jh, yard int) { return int(st.pawn), int(st.yard) }

// publicCards is the set of cards face up: every card played this round.
func (st *State) publicCards() uint32 {
	var m uint32
	for i := 0; i < int(st.r.N); i++ {
		for _, c := range st.r.Tricks[i].Cards {
			m |= bit(c)
		}
	}
	if st.phase == phaseNight {
		for _, c := range st.r.Cur.Cards {
			m |= bit(c)
		}
	}
	return m
}

// ChapterResult implements game.ChapterRecorder: the chapter's number and
// key, whether the campaign score is kept, whether the players won, the
// tricks the City took in the rounds scored, and the stars given.
func (st *State) ChapterResult() game.ChapterResult {
	out := game.ChapterResult{Chapter: int(st.cfg.Chapter), Key: st.cfg.def().Key, Campaign: st.cfg.Score,
		Won: st.phase == phaseOver && st.result == resWin, Stars: int(st.stars)}
	for _, r := range st.res {
		if r.Done {
			out.CityTricks += len(st.r.Tricks) - int(r.Tricks[0]) - int(r.Tricks[1])
		}
	}
	return out
}
