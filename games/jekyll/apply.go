package jekyll

import "gaslamp/game"

var seatIDs = [2]string{"jekyll", "hyde"}

// Legal implements game.State.
func (st *State) Legal(s game.Seat, buf []game.Move) []game.Move {
	if s < 0 || s > 1 {
		return buf
	}
	return st.legal(int(s), buf)
}

func (st *State) legal(s int, buf []game.Move) []game.Move {
	switch st.phase {
	case phaseTalk:
		if st.ready&(1<<s) == 0 {
			buf = append(buf, ReadyMove())
		}
	case phaseGive:
		if st.given[s] < 4 {
			for m := st.givable(s); m != 0; m &= m - 1 {
				buf = append(buf, GiveMove(Card(trailing(m))))
			}
		}
	case phaseNight:
		if int(st.r.toAct()) != s {
			break
		}
		switch st.r.Pend {
		case pendBlue:
			buf = append(buf, SwapRanksMove(0, 1), SwapRanksMove(0, 2), SwapRanksMove(1, 2))
		case pendBlack:
			for m := st.r.Hand[s]; m != 0; m &= m - 1 {
				buf = append(buf, SwapCardMove(Card(trailing(m))))
			}
		default:
			for m := st.r.legalPlays(uint8(s)); m != 0; m &= m - 1 {
				buf = append(buf, PlayMove(Card(trailing(m))))
			}
		}
	}
	return buf
}

// Apply implements game.State.
func (st *State) Apply(s game.Seat, m game.Move, log *game.Log) error {
	if st.phase == phaseOver {
		return game.ErrGameOver
	}
	if !st.ToAct().Has(s) {
		return game.ErrNotYourTurn
	}
	var arr [16]game.Move
	if !game.Contains(st.legal(int(s), arr[:0]), m) {
		return st.whyIllegal(int(s), m)
	}
	st.apply(int(s), m, log)
	return nil
}

// whyIllegal explains a refused move without naming anything hidden.
func (st *State) whyIllegal(s int, m game.Move) error {
	k, c := moveKind(m), moveCard(m)
	want := map[uint8]int{phaseTalk: kindReady, phaseGive: kindGive, phaseNight: kindPlay}[st.phase]
	if st.phase == phaseNight && st.r.Pend == pendBlue {
		want = kindSwapRanks
	}
	if st.phase == phaseNight && st.r.Pend == pendBlack {
		want = kindSwapCard
	}
	if k != want || m>>24 != 0 {
		return game.Illegal("jekyll.err.wrong-move")
	}
	switch k {
	case kindGive, kindPlay, kindSwapCard:
		if c >= NumCards || st.r.Hand[s]&bit(c) == 0 {
			return game.Illegal("jekyll.err.not-in-hand")
		}
		if k == kindGive {
			return game.Illegal("jekyll.err.must-give-eights")
		}
		if led := st.r.Cur.Cards[0]; k == kindPlay && !led.IsPotion() {
			if st.r.Hand[s]&potionSet == 0 {
				return game.Illegal("jekyll.err.must-follow-only", "colour", colourArg(int(led.Colour())))
			}
			return game.Illegal("jekyll.err.must-follow", "colour", colourArg(int(led.Colour())))
		}
	case kindSwapRanks:
		return game.Illegal("jekyll.err.bad-colours")
	}
	return game.ErrNotLegal
}

// seatArg is seat s as a player reads it ("Dr Jekyll"), in their language.
func seatArg(s int) game.Text { return game.T("jekyll.seat." + seatIDs[s]) }

// colourArg is colour c as a player reads it ("Cunning (red)").
func colourArg(c int) game.Text { return game.T("jekyll.colour." + colourNames[c]) }

// cardArg is card c as a player reads it ("the 4 of Cunning (red)", "potion 2").
func cardArg(c Card) game.Text {
	if c >= NumCards {
		return game.T("jekyll.card.none")
	}
	if c.IsPotion() {
		return game.T("jekyll.card.potion", "n", c.Value())
	}
	return game.T("jekyll.card", "value", c.Value(), "colour", colourArg(int(c.Colour())))
}

func (st *State) apply(s int, m game.Move, log *game.Log) {
	switch moveKind(m) {
	case kindReady:
		st.ready |= 1 << s
		if log.On() {
			log.Add(game.Event{Type: "jekyll.ready", To: game.Public, Text: game.T("jekyll.ev.ready", "seat", seatArg(s)),
				Data: map[string]any{"seat": seatIDs[s]}})
		}
		if st.ready == 3 {
			st.deal()
			if log.On() {
				log.Add(game.Event{Type: "jekyll.dealt", To: game.Public, Text: game.T("jekyll.ev.dealt", "round", st.Round()),
					Data: map[string]any{"round": st.Round()}})
				for i := range 2 {
					log.Add(game.Event{Type: "jekyll.hand", To: game.Only(game.Seat(i)), Text: game.T("jekyll.ev.hand"),
						Data: map[string]any{"cards": names(st.r.Hand[i])}})
				}
			}
		}
	case kindGive:
		c := moveCard(m)
		st.r.Hand[s] &^= bit(c)
		st.gifts[s] |= bit(c)
		st.given[s]++
		st.tDeck[s] |= bit(c)
		if log.On() {
			log.Add(game.Event{Type: "jekyll.gave", To: game.Only(game.Seat(s)), Text: game.T("jekyll.ev.gave-you", "card", cardArg(c)),
				Data: map[string]any{"seat": seatIDs[s], "card": c.String()}})
			log.Add(game.Event{Type: "jekyll.gave", To: game.AllBut(game.Seat(s)), Text: game.T("jekyll.ev.gave", "seat", seatArg(s)),
				Data: map[string]any{"seat": seatIDs[s]}})
		}
		if st.given[0] == 4 && st.given[1] == 4 {
			st.endDay()
			if log.On() {
				log.Add(game.Event{Type: "jekyll.night", To: game.Public, Text: game.T("jekyll.ev.night")})
			}
			st.startTrick(log)
		}
	case kindPlay:
		c := moveCard(m)
		st.notePlay(s, c)
		res := st.r.play(uint8(s), c)
		if log.On() {
			log.Add(game.Event{Type: "jekyll.played", To: game.Public, Text: game.T("jekyll.ev.played", "seat", seatArg(s), "card", cardArg(c)),
				Data: map[string]any{"seat": seatIDs[s], "card": c.String()}})
			st.logPlay(s, res, log)
		}
		st.after(log)
	case kindSwapRanks:
		a, b := int(moveCard(m)), moveB(m)
		st.r.swapRanks(a, b)
		if log.On() {
			log.Add(game.Event{Type: "jekyll.swapped-ranks", To: game.Public,
				Text: game.T("jekyll.ev.swapped-ranks", "seat", seatArg(s), "a", colourArg(int(a)), "b", colourArg(int(b))),
				Data: map[string]any{"seat": seatIDs[s], "a": colourNames[a], "b": colourNames[b], "ranks": st.rankList()}})
		}
		st.after(log)
	case kindSwapCard:
		z := moveCard(m)
		t := st.r.swapCard(z)
		st.noteSwap(s, z, t)
		if log.On() {
			log.Add(game.Event{Type: "jekyll.swapped-card", To: game.Only(game.Seat(s)),
				Text: game.T("jekyll.ev.swapped-card-you", "gave", cardArg(z), "took", cardArg(t)),
				Data: map[string]any{"seat": seatIDs[s], "gave": z.String(), "took": t.String()}})
			log.Add(game.Event{Type: "jekyll.swapped-card", To: game.AllBut(game.Seat(s)),
				Text: game.T("jekyll.ev.swapped-card", "seat", seatArg(s)), Data: map[string]any{"seat": seatIDs[s]}})
		}
		st.after(log)
	}
}

func (st *State) logPlay(s int, res playResult, log *game.Log) {
	if res.Ranked >= 0 {
		st.logRanked(res.Ranked, log)
	}
	if res.React < 0 {
		return
	}
	col := colourNames[res.React]
	log.Add(game.Event{Type: "jekyll.reaction", To: game.Public, Text: game.T("jekyll.ev.reaction-"+col, "seat", seatArg(s)),
		Data: map[string]any{"seat": seatIDs[s], "colour": col}})
	switch {
	case res.Nothing:
		log.Add(game.Event{Type: "jekyll.reaction-void", To: game.Public, Text: game.T("jekyll.ev.reaction-void-"+col, "seat", seatArg(s))})
	case res.Took >= 0:
		log.Add(game.Event{Type: "jekyll.took-trick", To: game.Public,
			Text: game.T("jekyll.ev.took-trick", "seat", seatArg(s), "trick", int(res.Took)+1),
			Data: map[string]any{"seat": seatIDs[s], "trick": int(res.Took) + 1}})
	case res.SwapA >= 0:
		a, b := colourNames[res.SwapA], colourNames[res.SwapB]
		log.Add(game.Event{Type: "jekyll.swapped-ranks", To: game.Public,
			Text: game.T("jekyll.ev.swapped-ranks", "seat", seatArg(s), "a", colourArg(int(res.SwapA)), "b", colourArg(int(res.SwapB))),
			Data: map[string]any{"seat": seatIDs[s], "a": a, "b": b, "ranks": st.rankList()}})
	}
}

func (st *State) logRanked(col int8, log *game.Log) {
	log.Add(game.Event{Type: "jekyll.ranked", To: game.Public,
		Text: game.T("jekyll.ev.ranked-"+colourNames[col], "rank", int(st.r.Strength[col])+1),
		Data: map[string]any{"colour": colourNames[col], "ranks": st.rankList()}})
}

// rankList lists the ranked colours from the weakest to the strongest.
func (st *State) rankList() []string {
	out := []string{}
	for s := int8(0); s < 3; s++ {
		for c := range 3 {
			if st.r.Strength[c] == s {
				out = append(out, colourNames[c])
			}
		}
	}
	return out
}

// after moves the night on once nothing is pending: the trick is resolved,
// the next one starts or the round is scored.
func (st *State) after(log *game.Log) {
	if !st.r.trickDone() {
		return
	}
	o := st.r.resolve()
	if log.On() {
		t := st.r.Tricks[st.r.N-1]
		data := map[string]any{"trick": int(st.r.N), "winner": ownerID(o), "cards": trickCards(&t)}
		if o == city {
			log.Add(game.Event{Type: "jekyll.trick", To: game.Public, Text: game.T("jekyll.ev.trick-city", "trick", int(st.r.N)), Data: data})
		} else {
			log.Add(game.Event{Type: "jekyll.trick", To: game.Public, Text: game.T("jekyll.ev.trick-won", "trick", int(st.r.N), "seat", seatArg(int(o))), Data: data})
		}
	}
	if st.r.N == 8 {
		st.endRound(log)
		return
	}
	st.startTrick(log)
}

func ownerID(o uint8) string {
	if o == city {
		return "city"
	}
	return seatIDs[o]
}

func trickCards(t *trick) []string {
	out := make([]string, 0, 3)
	for _, c := range t.Cards {
		if c != NoCard {
			out = append(out, c.String())
		}
	}
	return out
}

// startTrick reveals the City's top card.
func (st *State) startTrick(log *game.Log) {
	c, ranked := st.r.reveal()
	st.noteReveal(c)
	if log.On() {
		log.Add(game.Event{Type: "jekyll.reveal", To: game.Public, Text: game.T("jekyll.ev.reveal", "card", cardArg(c), "trick", int(st.r.N)+1),
			Data: map[string]any{"card": c.String(), "trick": int(st.r.N) + 1}})
		if ranked >= 0 {
			st.logRanked(ranked, log)
		}
	}
}

// endRound scores the round (J7) and ends the chapter or opens round 2.
func (st *State) endRound(log *game.Log) {
	t, won := st.r.stats()
	out := st.cfg.score(st.pawn, st.yard, t, won, st.r.Tricks[7].Owner, st.rnd == 1)
	st.res[st.rnd] = out
	st.pawn, st.yard = out.Pawn, out.Yard
	if log.On() {
		log.Add(game.Event{Type: "jekyll.scored", To: game.Public,
			Text: game.T("jekyll.ev.scored", "round", st.Round(), "pawnGain", int(out.PawnGain), "yardGain", int(out.YardGain),
				"pawn", int(out.Pawn), "yard", int(out.Yard)),
			Data: map[string]any{"round": st.Round(), "tricks": []int{int(t[0]), int(t[1])}, "eights": int(out.Eights), "low": int(out.Low),
				"pawnGain": int(out.PawnGain), "yardGain": int(out.YardGain), "pawn": int(out.Pawn), "yard": int(out.Yard)}})
	}
	if out.Res == resNone {
		st.startRound(st.rnd + 1)
		if log.On() {
			log.Add(game.Event{Type: "jekyll.round", To: game.Public, Text: game.T("jekyll.ev.round", "round", st.Round())})
		}
		return
	}
	st.result = out.Res
	st.phase = phaseOver
	if out.Res == resWin && st.cfg.Score {
		st.feats = featLastWord | featClean
		for i := range 2 {
			if st.res[i].LastOwner == city {
				st.feats &^= featLastWord
			}
			if st.res[i].Low != 0 {
				st.feats &^= featClean
			}
		}
		st.stars = 1 + uint8(count(uint32(st.feats)))
	}
	if log.On() {
		o := st.Outcome()
		data := map[string]any{"winner": o.Winner}
		if st.cfg.Score {
			data["stars"], data["campaign"] = int(st.stars), st.CampaignScore()
		}
		log.Add(game.Event{Type: "jekyll.over", To: game.Public, Text: o.Reason, Data: data})
	}
}
