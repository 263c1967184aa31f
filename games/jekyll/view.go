package jekyll

import (
	"math/bits"

	"gaslamp/game"
)

// View is what one seat (or a spectator) may know, as JSON for the client and
// as input to bots and Determinize. Cards are named by id ("red-8",
// "potion-2"); seats by id ("jekyll", "hyde"); the City is "city".
type View struct {
	Seat      game.Seat    `json:"seat"` // the viewer; -1 for a spectator
	Rules     RulesView    `json:"rules"`
	Round     int          `json:"round"` // 1 or 2
	Phase     string       `json:"phase"` // talk, give, night, over
	Chat      bool         `json:"chat"`  // whether the players may chat now
	Prompt    game.Text    `json:"prompt"`
	ToAct     []string     `json:"toAct"`
	Pawn      int          `json:"pawn"` // the Jekyll & Hyde pawn's space
	Yard      int          `json:"yard"` // Scotland Yard's space (unused when Rules.Yard is false)
	First     string       `json:"first"`
	Ready     []string     `json:"ready,omitempty"`
	Given     [2]int       `json:"given"`     // cards each seat has given to the City this round
	HandCount [2]int       `json:"handCount"` // cards in each seat's hand
	DeckCount int          `json:"deckCount"` // face-down cards of the City deck
	Aside     int          `json:"aside"`     // cards set aside unseen
	Hand      []string     `json:"hand,omitempty"`
	Gifts     []string     `json:"gifts,omitempty"`    // the viewer's gifts this round
	Tracked   []Tracked    `json:"tracked,omitempty"`  // the viewer's former cards now hidden
	TopKnown  string       `json:"topKnown,omitempty"` // the card the viewer put on top of the City deck
	Lacks     [2][]string  `json:"lacks"`              // colours (and "8") each seat is known not to hold
	Ranks     []RankView   `json:"ranks"`              // colour-rank tokens, weakest first
	Trick     *TrickView   `json:"trick,omitempty"`    // the trick on the table
	Tricks    []TrickView  `json:"tricks"`             // the completed tricks of this round
	Won       [3]int       `json:"won"`                // tricks held by jekyll, hyde and the City
	Pending   *PendingView `json:"pending,omitempty"`  // a reaction choice being made
	Rounds    []RoundView  `json:"rounds"`             // scored rounds
	Result    string       `json:"result,omitempty"`   // how the chapter ended
	Stars     int          `json:"stars"`
	Feats     []string     `json:"feats,omitempty"`
	Campaign  int          `json:"campaign"` // campaign score, this chapter's stars included
	Reveal    *RevealView  `json:"reveal,omitempty"`
}

// Viewer implements game.View.
func (v *View) Viewer() game.Seat { return v.Seat }

// ChatOpen reports whether the players may chat (J2).
func (v *View) ChatOpen() bool { return v.Chat }

// RulesView is the resolved rule set of the table.
type RulesView struct {
	Chapter   int       `json:"chapter"`
	Key       string    `json:"key"`
	Name      game.Text `json:"name"`
	Goal      game.Text `json:"goal"`
	Potions   int       `json:"potions"`
	Reactions bool      `json:"reactions"`
	Yard      bool      `json:"yard"`
	Last      int       `json:"last"` // the last space (spaces 0..last)
	StartJH   int       `json:"startJH"`
	StartYard int       `json:"startYard"`
	Overshoot bool      `json:"overshootToYard"`
	CampaignS int       `json:"campaignStart"`
	// CampaignScore is true when the table keeps gaslamp's own campaign
	// score (option campaign-score, J10): only then do stars, feats and the
	// campaign total mean anything (they are 0 and empty otherwise).
	CampaignScore bool `json:"campaignScore"`
}

// Tracked says where a card the viewer once held may be now.
type Tracked struct {
	Card  string   `json:"card"`
	Where []string `json:"where"` // "deck" and/or the partner's seat id
}

// RankView is a colour-rank token: token 1 is the weakest, 3 the strongest.
type RankView struct {
	Colour string `json:"colour"`
	Token  int    `json:"token"`
}

// TrickView is a trick: the City's card, then the players' in order.
type TrickView struct {
	Number int        `json:"number"`
	Cards  []PlayView `json:"cards"`
	Owner  string     `json:"owner,omitempty"` // who holds it: jekyll, hyde or city
	Taken  bool       `json:"taken,omitempty"` // taken from the City by a red reaction
	Paired []int      `json:"paired,omitempty"`
}

// PlayView is one card of a trick and who played it.
type PlayView struct {
	By   string `json:"by"`
	Card string `json:"card"`
}

// PendingView is a reaction choice in progress.
type PendingView struct {
	Seat    string   `json:"seat"`
	Kind    string   `json:"kind"`              // swap-ranks or swap-card
	Choices []string `json:"choices,omitempty"` // for the choosing seat: "red,blue" pairs or its cards
}

// RoundView is the scoring of a round.
type RoundView struct {
	Tricks    [2]int `json:"tricks"`
	Eights    int    `json:"eights"`
	Low       int    `json:"low"`
	PawnGain  int    `json:"pawnGain"`
	YardGain  int    `json:"yardGain"`
	Pawn      int    `json:"pawn"`
	Yard      int    `json:"yard"`
	LastOwner string `json:"lastTrick"`
	Result    string `json:"result,omitempty"`
}

// RevealView shows everything once the chapter is over.
type RevealView struct {
	Hands [2][]string `json:"hands"`
	Deck  []string    `json:"deck"`
	Aside []string    `json:"aside"`
	Gifts [2][]string `json:"gifts"`
}

var featNames = [...]string{"last-word", "clean-hands"}

func lackNames(l uint8) []string {
	out := []string{}
	for c := range 3 {
		if l&(1<<c) != 0 {
			out = append(out, colourNames[c])
		}
	}
	if l&lack8 != 0 {
		out = append(out, "8")
	}
	return out
}

func (st *State) trickView(t *trick, n int, done bool, used uint8) TrickView {
	tv := TrickView{Number: n, Cards: []PlayView{}}
	for p, c := range t.Cards {
		if c == NoCard {
			break
		}
		tv.Cards = append(tv.Cards, PlayView{By: ownerID(t.seatAt(p)), Card: c.String()})
	}
	if done {
		tv.Owner, tv.Taken = ownerID(t.Owner), t.Taken
	}
	for p := range 3 {
		if used&(1<<p) != 0 {
			tv.Paired = append(tv.Paired, p)
		}
	}
	return tv
}

// View implements game.State.
func (st *State) View(s game.Seat) game.View { return st.view(s) }

func (st *State) view(s game.Seat) *View {
	over := st.phase == phaseOver
	me := -1
	if s == Jekyll || s == Hyde {
		me = int(s)
	}
	d := st.cfg.def()
	v := &View{
		Seat: s,
		Rules: RulesView{Chapter: int(st.cfg.Chapter), Key: d.Key,
			Name: game.T("jekyll.chapter." + d.Key), Goal: game.T("jekyll.goal." + d.Key),
			Potions: int(st.cfg.Potions), Reactions: st.cfg.Reactions, Yard: st.cfg.Yard,
			Last: int(st.cfg.Last), StartJH: int(st.cfg.StartJH), StartYard: int(st.cfg.StartYard),
			Overshoot: st.cfg.Overshoot, CampaignS: int(st.cfg.Campaign), CampaignScore: st.cfg.Score},
		Round: st.Round(), Phase: phaseNames[st.phase], Chat: st.ChatOpen(),
		ToAct: []string{}, Pawn: int(st.pawn), Yard: int(st.yard), First: seatIDs[st.r.First],
		Ranks: []RankView{}, Tricks: []TrickView{}, Rounds: []RoundView{},
		Stars: int(st.stars), Campaign: st.CampaignScore(),
	}
	for _, x := range st.ToAct().Seats() {
		v.ToAct = append(v.ToAct, seatIDs[x])
	}
	for i := range 2 {
		if st.ready&(1<<i) != 0 {
			v.Ready = append(v.Ready, seatIDs[i])
		}
		v.Given[i] = int(st.given[i])
		v.HandCount[i] = count(st.r.Hand[i])
		v.Lacks[i] = lackNames(st.lacks[i])
	}
	if st.phase == phaseNight {
		v.DeckCount = 8 - int(st.r.Top)
	}
	v.Aside = count(st.aside)
	if me >= 0 && st.phase != phaseTalk {
		v.Hand = names(st.r.Hand[me])
		v.Gifts = names(st.gifts[me])
		for m := st.tHand[me] | st.tDeck[me]; m != 0; m &= m - 1 {
			c := Card(trailing(m))
			tr := Tracked{Card: c.String(), Where: []string{}}
			if st.tDeck[me]&bit(c) != 0 {
				tr.Where = append(tr.Where, "deck")
			}
			if st.tHand[me]&bit(c) != 0 {
				tr.Where = append(tr.Where, seatIDs[1-me])
			}
			v.Tracked = append(v.Tracked, tr)
		}
		if st.pin[me] != NoCard {
			v.TopKnown = st.pin[me].String()
		}
	}
	for tok := int8(0); tok < 3; tok++ {
		for c := range 3 {
			if st.r.Strength[c] == tok {
				v.Ranks = append(v.Ranks, RankView{Colour: colourNames[c], Token: int(tok) + 1})
			}
		}
	}
	if st.phase == phaseNight {
		tv := st.trickView(&st.r.Cur, int(st.r.N)+1, false, st.r.Used)
		v.Trick = &tv
		if st.r.Pend != pendNone {
			k := "swap-ranks"
			if st.r.Pend == pendBlack {
				k = "swap-card"
			}
			v.Pending = &PendingView{Seat: seatIDs[st.r.PendSeat], Kind: k}
			if me == int(st.r.PendSeat) {
				if st.r.Pend == pendBlack {
					v.Pending.Choices = names(st.r.Hand[me])
				} else {
					for _, p := range swapPairs {
						v.Pending.Choices = append(v.Pending.Choices, colourNames[p[0]]+","+colourNames[p[1]])
					}
				}
			}
		}
	}
	for i := 0; i < int(st.r.N); i++ {
		t := &st.r.Tricks[i]
		v.Tricks = append(v.Tricks, st.trickView(t, i+1, true, 0))
		v.Won[t.Owner]++
	}
	for i := range 2 {
		if r := &st.res[i]; r.Done {
			v.Rounds = append(v.Rounds, RoundView{Tricks: [2]int{int(r.Tricks[0]), int(r.Tricks[1])},
				Eights: int(r.Eights), Low: int(r.Low), PawnGain: int(r.PawnGain), YardGain: int(r.YardGain),
				Pawn: int(r.Pawn), Yard: int(r.Yard), LastOwner: ownerID(r.LastOwner), Result: resultKeys[r.Res]})
		}
	}
	v.Prompt = st.prompt(me)
	if over {
		v.Result = resultKeys[st.result]
		for i, n := range featNames {
			if st.feats&(1<<i) != 0 {
				v.Feats = append(v.Feats, n)
			}
		}
		rv := &RevealView{Deck: []string{}, Aside: names(st.aside)}
		for i := range 2 {
			rv.Hands[i] = names(st.r.Hand[i])
			rv.Gifts[i] = names(st.gifts[i])
		}
		v.Reveal = rv
	}
	return v
}

func (st *State) prompt(me int) game.Text {
	switch st.phase {
	case phaseOver:
		return st.Outcome().Reason
	case phaseTalk:
		if me >= 0 && st.ready&(1<<me) == 0 {
			return game.T("jekyll.prompt.talk", "round", st.Round())
		}
		return game.T("jekyll.prompt.wait-deal")
	case phaseGive:
		if me >= 0 && st.given[me] < 4 {
			// The 8s still in the seat's own hand, which it sees: they must
			// go to the City (said only when there are some).
			return game.T("jekyll.prompt.give", "left", 4-int(st.given[me]), "eights", bits.OnesCount32(st.r.Hand[me]&eightSet))
		}
		return game.T("jekyll.prompt.wait-give")
	}
	who := int(st.r.toAct())
	if who != me {
		return game.T("jekyll.prompt.wait", "seat", seatArg(who))
	}
	switch st.r.Pend {
	case pendBlue:
		return game.T("jekyll.prompt.swap-ranks")
	case pendBlack:
		return game.T("jekyll.prompt.swap-card")
	}
	if led := st.r.Cur.Cards[0]; !led.IsPotion() && st.r.Hand[me]&colourSet[led.Colour()] != 0 {
		if st.r.Hand[me]&potionSet == 0 {
			return game.T("jekyll.prompt.follow-only", "colour", colourArg(int(led.Colour())))
		}
		return game.T("jekyll.prompt.follow", "colour", colourArg(int(led.Colour())))
	}
	return game.T("jekyll.prompt.play")
}
