package server

import (
	"gaslamp/game"
	"gaslamp/store"
)

// whyMsg answers a "why" question: the reason a move is not legal now, in
// words safe for the seat that asked.
type whyMsg struct {
	T    string    `json:"t"`
	ID   string    `json:"id"`
	V    int64     `json:"v"`
	Code game.Code `json:"code"`
	Text game.Text `json:"text"`
}

// handleWhy answers a player who clicked something that is not one of their
// choices: why that move is not legal. It is read-only (the table, its
// version and the connection's move ids stay as they were) and judges the
// move only from the seat's own view (see explainMove), so the answer tells
// nothing that seat may not know.
func (t *table) handleWhy(c *conn, m ClientMessage) {
	reply := func(err *game.Error) {
		c.send(mustJSON(whyMsg{T: MsgWhy, ID: m.ID, V: t.version, Code: err.Code, Text: err.Text}))
	}
	switch {
	case !t.heldBy(c.userID).Has(m.Seat):
		reply(errNotYourSeat)
	case t.finished():
		reply(game.ErrGameOver)
	case t.rec.Status != store.StatusRunning:
		reply(errNotStarted)
	default:
		mv, err := t.rules.DecodeMove(m.Move)
		if err != nil {
			reply(asGameError(err, game.CodeMalformed))
			return
		}
		reply(explainMove(t.rules, t.state, m.Seat, mv))
	}
}

// explainMove says why mv is not a legal move of seat in st, from the seat's
// view only (game.Explain): the same for two states that seat cannot tell
// apart. A move that is legal, or whose legality needs a hidden fact, gets the
// generic refusal.
func explainMove(r game.Rules, st game.State, seat game.Seat, mv game.Move) *game.Error {
	if !st.ToAct().Has(seat) {
		return game.ErrNotYourTurn
	}
	if e := game.Explain(r, st.View(seat), seat, mv); e != nil {
		return e
	}
	return game.ErrNotLegal
}
