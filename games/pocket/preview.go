package pocket

import (
	"gaslamp/game"
)

// Preview is what the detectives would see after each legal move of the seat
// that must act, so that a player sees it before committing an action and the
// browser computes no rule. Only that seat's view holds it; sight is public,
// so it holds no secret. Moves that give the same sight share one Outlook,
// which keeps it small (a few dozen outlooks at most).
//
// Its JSON form is {"outlooks":[{"sight":{...},"clearIfSeen":3,"clearIfUnseen":2},...],"moves":[0,0,1,...]}.
type Preview struct {
	// Outlooks are the distinct outcomes, in the order of the first move
	// giving each.
	Outlooks []Outlook `json:"outlooks"`
	// Moves[i] is the index in Outlooks of legal move i, in the order of
	// State.Legal: the order of the legal intents sent with the view.
	Moves []int `json:"moves"`
}

// Outlook is what the detectives would see right after one move (Visible:
// an Alibi changes nothing, its card is not known in advance; an Exchange
// swaps the tiles first, so Sight's cells are those of the board after the
// move), and how many suspects a witness call on that board would clear:
// every suspect not seen if Jack is seen, every suspect seen if he is not
// (A8). The witness call itself comes at the end of the turn, after the
// turn's other actions.
type Outlook struct {
	Sight         Sight `json:"sight"`
	ClearIfSeen   int   `json:"clearIfSeen"`
	ClearIfUnseen int   `json:"clearIfUnseen"`
}

// preview returns the preview of the legal moves of the seat to act, or nil
// once the game is over.
func (s *State) preview() *Preview {
	if s.over() {
		return nil
	}
	var arr [MaxLegal]game.Move
	n := s.legal(arr[:])
	p := &Preview{Outlooks: make([]Outlook, 0, 16), Moves: make([]int, n)}
	suspects := s.b.Suspects().Len()
	for i, m := range arr[:n] {
		sight, err := Visible(s, m)
		if err != nil { // cannot happen: legal moves are well formed
			panic("pocket: preview of a malformed legal move")
		}
		k := -1
		for j := range p.Outlooks {
			if p.Outlooks[j].Sight == sight {
				k = j
				break
			}
		}
		if k < 0 {
			k = len(p.Outlooks)
			seen := sight.Seen.Len()
			p.Outlooks = append(p.Outlooks, Outlook{Sight: sight, ClearIfSeen: suspects - seen, ClearIfUnseen: seen})
		}
		p.Moves[i] = k
	}
	return p
}
