package web

import (
	"regexp"
	"slices"
	"strconv"
	"testing"

	"gaslamp/board"
	"gaslamp/game"
)

// TestDiagramsFollowTheBoard checks every figure of the map games' rules
// pages against the board's movement tables (the rules' own): the walks
// open and closed by the detective, the coach's two steps, the alleys, the
// boat, a detective's reach in 2 steps and the circles he searches, and
// Whitechapel's wretched moving past a patrol token; and that
// each figure's section and caption exist in every language, with every
// argument the caption names.
func TestDiagramsFollowTheBoard(t *testing.T) {
	msgs := Messages()
	arg := regexp.MustCompile(`\{([a-z]+)[,}]`)
	for _, name := range board.Names() {
		b, _ := board.ByName(name)
		ds := DiagramsOf(b)
		var ids []string
		for _, d := range ds {
			ids = append(ids, d.ID)
		}
		want := []string{"wretched", "walk", "coach", "alley", "move", "search"}
		if name == "whitehall" {
			want = []string{"walk", "coach", "alley", "boat", "move", "search"}
		}
		if !slices.Equal(ids, want) {
			t.Errorf("%s: figures %v, want %v", name, ids, want)
		}
		cross := func(l string) int {
			x, ok := b.CrossingByLabel[l]
			if !ok {
				t.Fatalf("%s: unknown crossing %q", name, l)
			}
			return x
		}
		for _, d := range ds {
			var occ board.Set
			for _, l := range d.Figures {
				occ.Add(cross(l))
			}
			got := board.SetOf(d.Targets...)
			switch d.ID {
			case "walk":
				if open := b.WalkTargets(d.Jack, occ); got != open || got.Empty() {
					t.Errorf("%s walk: targets %v, the board opens %v", name, got, open)
				}
				for _, c := range d.Closed {
					if !b.WalkSet[d.Jack].Has(c) || b.WalkTargets(d.Jack, occ).Has(c) {
						t.Errorf("%s walk: circle %d shown closed is not a neighbour closed by the detective", name, c)
					}
				}
			case "coach":
				if len(d.Path) != 3 || d.Path[0] != d.Jack || !b.WalkSet[d.Path[0]].Has(d.Path[1]) || !b.WalkSet[d.Path[1]].Has(d.Path[2]) ||
					b.WalkTargets(d.Jack, occ).Has(d.Path[1]) {
					t.Errorf("%s coach: path %v is not two walks through a circle closed on foot", name, d.Path)
				}
			case "alley":
				if got != b.AlleySet[d.Jack] {
					t.Errorf("%s alley: targets %v, the board's alleys %v", name, got, b.AlleySet[d.Jack])
				}
			case "boat":
				if got != b.BoatSet[d.Jack] || b.Circles[d.Jack].Color != board.Blue {
					t.Errorf("%s boat: targets %v from %d, the board's boat %v", name, got, d.Jack, b.BoatSet[d.Jack])
				}
			case "move":
				x := cross(d.Figures[0])
				reach := b.StepTargets(x, 2)
				reach.Remove(x)
				var shown board.Set
				for _, l := range d.TargetCrossings {
					shown.Add(cross(l))
				}
				if shown != reach || d.Args["count"] != len(d.TargetCrossings) {
					t.Errorf("%s move: crossings %v (count %v), the board's 2 steps %v", name, shown, d.Args["count"], reach)
				}
			case "wretched":
				// A wretched walks to a neighbouring circle along a street
				// that passes no patrol token, and may not end next to one
				// (games/whitechapel's wretchedTargets).
				var on, near board.Set
				for _, l := range d.Patrols {
					on.Add(cross(l))
					near = near.Union(b.NearSet[cross(l)])
				}
				open := b.WalkTargets(d.Wretched, on)
				open.Remove(d.Wretched)
				open = open.Minus(near)
				closed := b.WalkSet[d.Wretched].Minus(open)
				if !b.Circles[d.Wretched].Red || got != open || open.Count() < 2 || board.SetOf(d.Closed...) != closed || closed.Count() < 2 || len(d.Patrols) != 1 {
					t.Errorf("%s wretched on %d, patrol %v: targets %v closed %v, the rules open %v and close %v", name, d.Wretched, d.Patrols, got, d.Closed, open, closed)
				}
			case "search":
				if got != b.NearSet[cross(d.Figures[0])] {
					t.Errorf("%s search: targets %v, the board's near circles %v", name, got, b.NearSet[cross(d.Figures[0])])
				}
			}
			for _, lang := range game.Languages {
				if _, ok := msgs[lang]["web.rules."+name+".s"+strconv.Itoa(d.Section)+".title"]; !ok {
					t.Errorf("%s %s: section %d has no title in %s", name, d.ID, d.Section, lang)
				}
				key := "web.rules." + name + ".fig." + d.ID
				text, ok := msgs[lang][key]
				if !ok {
					t.Errorf("%s: no caption %s in %s", name, key, lang)
				}
				for _, m := range arg.FindAllStringSubmatch(text, -1) {
					if _, ok := d.Args[m[1]]; !ok {
						t.Errorf("%s %s (%s): the caption names {%s}, which the figure lacks", name, d.ID, lang, m[1])
					}
				}
			}
		}
	}
}
