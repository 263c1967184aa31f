package web

import (
	"math"
	"strconv"

	"gaslamp/board"
)

// Diagram is one figure of a map game's rules page (boards/{name}-diagrams.json):
// a small part of the board, drawn by the browser with the tables' own
// drawing code (board.js), showing one rule on real circles and crossings.
// Every set it shows comes from package board's movement tables, the ones
// the games' rules use, so the figure cannot disagree with play.
type Diagram struct {
	// ID names the figure; its caption is "web.rules.GAME.fig.ID".
	ID string `json:"id"`
	// Section is the rules page section it illustrates (sN, from 1).
	Section int `json:"section"`
	// Jack is the circle Jack stands on, 0 for none.
	Jack int `json:"jack,omitempty"`
	// Figures are the crossings a detective stands on.
	Figures []string `json:"figures,omitempty"`
	// Targets are the circles the rule opens; TargetCrossings the crossings.
	Targets         []int    `json:"targets,omitempty"`
	TargetCrossings []string `json:"targetCrossings,omitempty"`
	// Closed are the circles the rule closes (a street past a detective).
	Closed []int `json:"closed,omitempty"`
	// Path is a move drawn through circles (a coach).
	Path []int `json:"path,omitempty"`
	// Wretched is the circle a wretched (Whitechapel) stands on, 0 for none.
	Wretched int `json:"wretched,omitempty"`
	// Patrols are the crossings of face-down patrol tokens (Whitechapel).
	Patrols []string `json:"patrols,omitempty"`
	// Args are the caption's arguments.
	Args map[string]any `json:"args"`
}

// The rules page sections the figures illustrate (web/i18n: web.rules.GAME.sN).
var diagramSections = map[string]map[string]int{
	"whitehall":   {"walk": 3, "coach": 3, "alley": 3, "boat": 3, "move": 4, "search": 5},
	"whitechapel": {"wretched": 3, "walk": 4, "coach": 4, "alley": 4, "move": 5, "search": 5},
}

// DiagramsOf returns the figures of b's rules page: Jack's walk with one
// street closed by a detective, a coach past him, an alley (and on Whitehall
// a boat), a detective's move of up to 2 steps, and the circles he searches
// or arrests on; on Whitechapel first a wretched's move past a patrol token.
// Each is found on the board by a fixed, deterministic search
// near the middle of the map, so that the page shows the same figure every
// time.
func DiagramsOf(b *board.Board) []Diagram {
	sec := diagramSections[b.Name]
	var out []Diagram
	add := func(d Diagram) {
		d.Section = sec[d.ID]
		out = append(out, d)
	}
	order := byCentre(b)

	// The wretched (Whitechapel): a wretched on a red circle and a patrol
	// token near it that both stops a street and closes a circle next to it,
	// with at least two circles still open.
	if b.Name == "whitechapel" {
		if d, ok := wretchedDiagram(b, order); ok {
			add(d)
		}
	}

	// Walk and coach: a circle with 3 to 5 walking neighbours, one of them
	// closed by a detective on a crossing of its street, the others open.
	for _, c := range order {
		if b.Circles[c].Color == board.Blue || len(b.Walks[c]) < 3 || len(b.Walks[c]) > 5 {
			continue
		}
		found := false
		for x := b.CircleCrossings[c].Next(0); x >= 0 && !found; x = b.CircleCrossings[c].Next(x + 1) {
			occ := board.SetOf(x)
			open := b.WalkTargets(c, occ)
			closed := b.WalkSet[c].Minus(open)
			if closed.Count() != 1 || open.Count() < 2 {
				continue
			}
			shut := closed.Next(0)
			// The coach goes through the closed circle to one beyond it.
			to := 0
			for _, w := range b.Walks[shut] {
				if w.To != c && !b.WalkSet[c].Has(w.To) {
					to = w.To
					break
				}
			}
			if to == 0 {
				continue
			}
			label := b.Crossings[x].Label
			add(Diagram{ID: "walk", Jack: c, Figures: []string{label}, Targets: members(open), Closed: []int{shut},
				Args: map[string]any{"circle": c, "crossing": label, "closed": shut, "circles": list(members(open))}})
			add(Diagram{ID: "coach", Jack: c, Figures: []string{label}, Path: []int{c, shut, to}, Targets: []int{to},
				Args: map[string]any{"circle": c, "crossing": label, "via": shut, "to": to}})
			found = true
		}
		if found {
			break
		}
	}
	// Alley: a circle whose alleys lead to 2 to 5 circles.
	for _, c := range order {
		if n := b.AlleySet[c].Count(); n >= 2 && n <= 5 && b.Circles[c].Color != board.Blue {
			add(Diagram{ID: "alley", Jack: c, Targets: members(b.AlleySet[c]),
				Args: map[string]any{"circle": c, "circles": list(members(b.AlleySet[c]))}})
			break
		}
	}
	// Boat (Whitehall): a blue circle and the other blue circles of its water.
	for _, c := range order {
		if n := b.BoatSet[c].Count(); n >= 2 && n <= 6 {
			add(Diagram{ID: "boat", Jack: c, Targets: members(b.BoatSet[c]),
				Args: map[string]any{"circle": c, "circles": list(members(b.BoatSet[c]))}})
			break
		}
	}
	// A detective's move and his search: a starting crossing with 3 or 4
	// circles joined to it.
	for _, x := range crossingsByCentre(b) {
		if !b.Crossings[x].Start || len(b.Near[x]) < 3 || len(b.Near[x]) > 4 {
			continue
		}
		label := b.Crossings[x].Label
		var reach []string
		r := b.StepTargets(x, 2)
		for i := r.Next(0); i >= 0; i = r.Next(i + 1) {
			if i != x {
				reach = append(reach, b.Crossings[i].Label)
			}
		}
		add(Diagram{ID: "move", Figures: []string{label}, TargetCrossings: reach,
			Args: map[string]any{"crossing": label, "count": len(reach)}})
		add(Diagram{ID: "search", Figures: []string{label}, Targets: append([]int(nil), b.Near[x]...),
			Args: map[string]any{"crossing": label, "circles": list(b.Near[x])}})
		break
	}
	return out
}

// wretchedDiagram finds the wretched's figure: the moves of a wretched are
// those of the rules (games/whitechapel's wretchedTargets with one patrol
// token): a walk to a neighbouring circle along a street that passes no
// patrol token, not ending on a circle next to one.
func wretchedDiagram(b *board.Board, order []int) (Diagram, bool) {
	for _, c := range order {
		if !b.Circles[c].Red || len(b.Walks[c]) < 4 {
			continue
		}
		for _, x := range crossingsNear(b, c) {
			if b.NearSet[x].Has(c) {
				continue
			}
			walk := b.WalkTargets(c, board.SetOf(x))
			walk.Remove(c)
			open := walk.Minus(b.NearSet[x])
			passed := b.WalkSet[c].Minus(walk)
			nextTo := walk.Intersect(b.NearSet[x])
			if open.Count() < 2 || passed.Empty() || nextTo.Empty() {
				continue
			}
			label := b.Crossings[x].Label
			return Diagram{ID: "wretched", Wretched: c, Patrols: []string{label}, Targets: members(open),
				Closed: members(passed.Union(nextTo)),
				Args: map[string]any{"circle": c, "crossing": label, "circles": list(members(open)),
					"passed": list(members(passed)), "near": list(members(nextTo))}}, true
		}
	}
	return Diagram{}, false
}

// crossingsNear lists the crossings by their distance from circle c.
func crossingsNear(b *board.Board, c int) []int {
	ids := make([]int, len(b.Crossings))
	for i := range ids {
		ids[i] = i
	}
	p := b.Circles[c]
	sortBy(ids, func(x int) float64 { return math.Hypot(b.Crossings[x].X-p.X, b.Crossings[x].Y-p.Y) })
	return ids
}

// byCentre lists the circles from the middle of the board outwards.
func byCentre(b *board.Board) []int {
	ids := make([]int, 0, b.NumCircles)
	for c := 1; c <= b.NumCircles; c++ {
		ids = append(ids, c)
	}
	d := func(c int) float64 { return math.Hypot(b.Circles[c].X-500, b.Circles[c].Y-500) }
	sortBy(ids, d)
	return ids
}

// crossingsByCentre lists the crossings from the middle of the board outwards.
func crossingsByCentre(b *board.Board) []int {
	ids := make([]int, len(b.Crossings))
	for i := range ids {
		ids[i] = i
	}
	sortBy(ids, func(x int) float64 { return math.Hypot(b.Crossings[x].X-500, b.Crossings[x].Y-500) })
	return ids
}

// sortBy sorts ids by key, ties by id (a stable, deterministic order).
func sortBy(ids []int, key func(int) float64) {
	for i := 1; i < len(ids); i++ {
		for j := i; j > 0 && (key(ids[j]) < key(ids[j-1]) || key(ids[j]) == key(ids[j-1]) && ids[j] < ids[j-1]); j-- {
			ids[j], ids[j-1] = ids[j-1], ids[j]
		}
	}
}

func members(s board.Set) []int { return s.AppendTo(nil) }

// list writes circle numbers as "12, 14, 31" for a caption.
func list(ids []int) string {
	out := ""
	for i, c := range ids {
		if i > 0 {
			out += ", "
		}
		out += strconv.Itoa(c)
	}
	return out
}
