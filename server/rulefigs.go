package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"

	"gaslamp/game"
	"gaslamp/games/pocket"
)

// ruleFigure is one figure of a rules page drawn by the game's own table
// renderer: the public (spectator's) view of a position the real rules set
// up, so the page draws what a table would show and computes nothing.
type ruleFigure struct {
	ID      string          `json:"id"`
	Section int             `json:"section"`
	View    json.RawMessage `json:"view"`
}

// ruleFigureSpec says which figure a game's rules page shows: the first
// position reachable by legal moves (reachFigure) whose spectator's view
// passes ok, or, with build, the figure's data taken from the rules package
// itself (no position).
type ruleFigureSpec struct {
	id      string
	section int
	ok      func(view []byte) bool
	build   func() json.RawMessage
}

// pocketHourglassGoal is the number of hourglasses that wins Jack the game
// (seed A9; games/pocket's rsHourglasses).
const pocketHourglassGoal = 6

// pocketAlibis is the data of Pocket's alibi figure: each suspect's alibi
// card with its hourglasses (games/pocket's own table), the number of turns
// (each brings Jack its hourglass when he is not seen) and the goal.
func pocketAlibis() json.RawMessage {
	type card struct {
		Character   pocket.Character `json:"character"`
		Hourglasses int              `json:"hourglasses"`
	}
	v := struct {
		Alibis []card `json:"alibis"`
		Turns  int    `json:"turns"`
		Goal   int    `json:"goal"`
	}{Turns: pocket.Turns, Goal: pocketHourglassGoal}
	for c := pocket.Character(0); c < pocket.NumCharacters; c++ {
		v.Alibis = append(v.Alibis, card{c, c.Hourglasses()})
	}
	return mustJSON(v)
}

// jekyllReaction passes a spectator's view whose trick on the table holds a
// reaction (two paired cards) whose coloured card is of colour col.
func jekyllReaction(col string) func(view []byte) bool {
	return func(view []byte) bool {
		var v struct {
			Trick *struct {
				Cards []struct {
					Card string `json:"card"`
				} `json:"cards"`
				Paired []int `json:"paired"`
			} `json:"trick"`
		}
		if json.Unmarshal(view, &v) != nil || v.Trick == nil || len(v.Trick.Paired) != 2 {
			return false
		}
		for _, p := range v.Trick.Paired {
			if p < len(v.Trick.Cards) && strings.HasPrefix(v.Trick.Cards[p].Card, col+"-") {
				return true
			}
		}
		return false
	}
}

// ruleFigureSpecs are the figures by game. Pocket: the line of sight of the
// three detectives early in a game, where some suspects are in sight and
// some are not (so the figure shows walls stopping a view); the alibi cards
// and their hourglasses. Jekyll & Hyde: a whole trick of the first night,
// once two colours are ranked; the track with both pawns at the start; and
// a trick holding a reaction of each colour.
var ruleFigureSpecs = map[string][]ruleFigureSpec{
	"pocket": {{id: "sight", section: 4, ok: func(view []byte) bool {
		var v struct {
			Sight struct {
				Seen []string `json:"seen"`
			} `json:"sight"`
		}
		return json.Unmarshal(view, &v) == nil && len(v.Sight.Seen) >= 3 && len(v.Sight.Seen) <= 6
	}}, {id: "alibi", section: 3, build: pocketAlibis}},
	"jekyll": {{id: "ranks", section: 4, ok: func(view []byte) bool {
		var v struct {
			Ranks []struct {
				Colour string `json:"colour"`
			} `json:"ranks"`
			Trick *struct {
				Cards []json.RawMessage `json:"cards"`
			} `json:"trick"`
		}
		return json.Unmarshal(view, &v) == nil && len(v.Ranks) >= 2 && v.Trick != nil && len(v.Trick.Cards) == 3
	}}, {id: "track", section: 6, ok: func(view []byte) bool {
		var v struct {
			Phase string `json:"phase"`
		}
		return json.Unmarshal(view, &v) == nil && v.Phase != ""
	}},
		{id: "reaction-red", section: 5, ok: jekyllReaction("red")},
		{id: "reaction-blue", section: 5, ok: jekyllReaction("blue")},
		{id: "reaction-black", section: 5, ok: jekyllReaction("black")}},
}

var (
	ruleFiguresOnce sync.Once
	ruleFigures     map[string][]ruleFigure
)

// figuresFor builds (once) the figures of every game in ruleFigureSpecs.
func figuresFor(id string) []ruleFigure {
	ruleFiguresOnce.Do(func() {
		ruleFigures = map[string][]ruleFigure{}
		for gid, specs := range ruleFigureSpecs {
			g, err := game.Lookup(gid)
			if err != nil {
				continue
			}
			for _, sp := range specs {
				var view json.RawMessage
				if sp.build != nil {
					view = sp.build()
				} else {
					view = reachFigure(g, sp.ok)
				}
				if view != nil {
					ruleFigures[gid] = append(ruleFigures[gid], ruleFigure{ID: sp.id, Section: sp.section, View: view})
				}
			}
		}
	})
	return ruleFigures[id]
}

// handleRuleFigures answers GET /api/rules/{game}/figures: the figures of the
// game's rules page that its table renderer draws (an empty list for a game
// with none; 404 for an unknown game).
func (s *Server) handleRuleFigures(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("game")
	if _, err := game.Lookup(id); err != nil {
		http.NotFound(w, r)
		return
	}
	out := figuresFor(id)
	if out == nil {
		out = []ruleFigure{}
	}
	w.Header().Set("Cache-Control", "public, max-age=3600")
	writeJSON(w, http.StatusOK, out)
}

// reachFigure plays, from seeds 1 to 50, the first few moves of a game
// through the real rules: at each step the first legal move (in the rules'
// order) whose position passes ok ends the search, else the first legal move
// is played. It returns the spectator's view of that position, or nil.
func reachFigure(g game.Rules, ok func(view []byte) bool) json.RawMessage {
	var buf []game.Move
	for seed := uint64(1); seed <= 50; seed++ {
		st, err := g.New(game.Options{}, seed)
		if err != nil {
			return nil
		}
		for step := 0; step < 40 && !st.Outcome().Over; step++ {
			seat := st.ToAct().First()
			buf = st.Legal(seat, buf[:0])
			if len(buf) == 0 {
				break
			}
			for _, m := range buf {
				next := st.Clone()
				if next.Apply(seat, m, nil) != nil {
					continue
				}
				if view, err := json.Marshal(next.View(game.Spectator)); err == nil && ok(view) {
					return view
				}
			}
			if st.Apply(seat, buf[0], nil) != nil {
				break
			}
		}
	}
	return nil
}
