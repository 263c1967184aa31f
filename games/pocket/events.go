package pocket

import (
	"gaslamp/game"
)

// Events the game emits (Type, audience): pocket.tokens (public: the faces up
// at the start of a turn), pocket.rotated, pocket.exchanged, pocket.moved,
// pocket.joker-none, pocket.alibi-shown (public), pocket.jack-alibi (everyone
// but Jack: a card was drawn), pocket.jack-alibi-secret (Jack only: which
// one), pocket.witness, pocket.chase and pocket.over (public).

// sideText is a side's name as the subject that opens an event's sentence:
// "The investigator", "L'enquêteur", "Jack".
func sideText(side uint8) game.Text { return game.T("pocket.subject." + sideNames[side]) }

// sideWhom is a side's name inside a sentence: "the investigator", "l'enquêteur".
func sideWhom(side uint8) game.Text { return game.T("pocket.whom." + sideNames[side]) }

// evRotated tells a Rotation. Joseph Lane's cleared tile is a crossroads
// with no wall (A3): turning it changes nothing a player can see, and the
// event says so instead of naming a wall side (its data carries no wall).
func (s *State) evRotated(log *game.Log, side uint8, a Action) {
	c := s.b.Tiles[a.Cell]
	if s.b.wallAt(uint8(a.Cell)) == NoWall {
		log.Add(game.Event{Type: "pocket.rotated", To: game.Public,
			Text: game.T("pocket.ev.rotated-open", "side", sideText(side), "of", c.Of()),
			Data: map[string]any{"side": sideNames[side], "cell": a.Cell, "character": c, "open": true}})
		return
	}
	log.Add(game.Event{Type: "pocket.rotated", To: game.Public,
		Text: game.T("pocket.ev.rotated", "side", sideText(side), "of", c.Of()),
		Data: map[string]any{"side": sideNames[side], "cell": a.Cell, "character": c, "wall": a.Wall}})
}

func (s *State) evExchanged(log *game.Log, side uint8, a Action) {
	c1, c2 := s.b.Tiles[a.Cell], s.b.Tiles[a.Cell2]
	log.Add(game.Event{Type: "pocket.exchanged", To: game.Public,
		Text: game.T("pocket.ev.exchanged", "side", sideText(side), "ofA", c2.Of(), "ofB", c1.Of()),
		Data: map[string]any{"side": sideNames[side], "cells": [2]int{a.Cell, a.Cell2}}})
}

func (s *State) evMoved(log *game.Log, side uint8, a Action) {
	if a.Detective == NoDetective {
		log.Add(game.Event{Type: "pocket.joker-none", To: game.Public,
			Text: game.T("pocket.ev.joker-none", "side", sideText(side)),
			Data: map[string]any{"side": sideNames[side]}})
		return
	}
	p := s.b.Places[a.Detective]
	log.Add(game.Event{Type: "pocket.moved", To: game.Public,
		Text: game.T("pocket.ev.moved", "side", sideText(side), "detective", a.Detective.Text(),
			"steps", a.Steps, "place", int(p)),
		Data: map[string]any{"side": sideNames[side], "action": a.Kind, "detective": a.Detective,
			"steps": a.Steps, "place": int(p)}})
}

func (s *State) evAlibiShown(log *game.Log, c Character) {
	log.Add(game.Event{Type: "pocket.alibi-shown", To: game.Public,
		Text: game.T("pocket.ev.alibi-shown", "ofCard", c.Of(), "hourglasses", c.Hourglasses()),
		Data: map[string]any{"card": c, "hourglasses": c.Hourglasses(), "pile": int(s.pileN)}})
}

func (s *State) evJackAlibi(log *game.Log, c Character) {
	log.Add(game.Event{Type: "pocket.jack-alibi", To: game.AllBut(JackSeat),
		Text: game.T("pocket.ev.jack-alibi", "count", int(s.jackN)),
		Data: map[string]any{"count": int(s.jackN), "pile": int(s.pileN)}})
	log.Add(game.Event{Type: "pocket.jack-alibi-secret", To: game.Only(JackSeat),
		Text: game.T("pocket.ev.jack-alibi-secret", "ofCard", c.Of(), "hourglasses", c.Hourglasses(),
			"total", s.Hourglasses()),
		Data: map[string]any{"count": int(s.jackN), "pile": int(s.pileN), "card": c,
			"hourglasses": c.Hourglasses(), "total": s.Hourglasses()}})
}

func (s *State) evWitness(log *game.Log) {
	key, token := "pocket.ev.witness-unseen", sideJack
	if s.lastSeen {
		key, token = "pocket.ev.witness-seen", sideInvestigator
	}
	if s.lastCleared.Len() == 0 {
		key += "-none" // nobody new cleared: no empty list in the text
	}
	log.Add(game.Event{Type: "pocket.witness", To: game.Public,
		Text: game.T(key, "turn", int(s.turn), "cleared", s.lastCleared.Texts(), "count", s.lastCleared.Len()),
		Data: map[string]any{"turn": int(s.turn), "jackVisible": s.lastSeen, "cleared": s.lastCleared,
			"token": sideNames[token], "suspects": s.b.Suspects()}})
}

func (s *State) evTokens(log *game.Log) {
	var faces [4]Kind
	texts := make([]game.Text, 4)
	for t := range 4 {
		faces[t] = s.upFace(t)
		texts[t] = faces[t].Text()
	}
	key := "pocket.ev.turned"
	if s.turn&1 == 1 {
		key = "pocket.ev.thrown"
	}
	log.Add(game.Event{Type: "pocket.tokens", To: game.Public,
		Text: game.T(key, "turn", int(s.turn), "faces", texts),
		Data: map[string]any{"turn": int(s.turn), "thrown": s.turn&1 == 1, "faces": faces}})
}
