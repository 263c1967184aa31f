// Package boardfile defines gaslamp's own compact board data format and the
// conversion from the shared source transcriptions (see
// /work/shared/boards/PROVENANCE.md) into it.
//
// The format is a single JSON object per board. Node names in edges and
// block boundaries are strings: a decimal number names a circle, anything
// else names a crossing by its label ("BB" on Whitehall, "J17" on
// Whitechapel). Coordinates are normalised to 0..1000 on both axes; Aspect
// gives the height/width ratio of the printed board for drawing.
package boardfile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// File is one board in gaslamp's embedded data format.
type File struct {
	// Name is "whitehall" or "whitechapel".
	Name string `json:"name"`
	// Source is the provenance note of the transcription the file was converted from.
	Source string `json:"source"`
	// Aspect is the height/width ratio of the printed board.
	Aspect float64 `json:"aspect"`
	// Circles lists the numbered circles in ascending ID order.
	Circles []Circle `json:"circles"`
	// Crossings lists the crossings; their position in the list is their index.
	Crossings []Crossing `json:"crossings"`
	// Edges lists the street segments as pairs of node names.
	Edges [][2]string `json:"edges"`
	// WaterGroups lists Whitehall's groups of blue circles joined by Boat moves.
	WaterGroups [][]int `json:"water_groups,omitempty"`
	// Blocks lists the bounded faces of the planar drawing.
	Blocks []Block `json:"blocks"`
	// AlleyPairs lists the Alley pairs given by the source (Whitechapel only).
	AlleyPairs [][2]int `json:"alley_pairs,omitempty"`
	// JackAdjacency lists the walking pairs given by the source (Whitechapel
	// only); kept to check the derived walking neighbours.
	JackAdjacency [][2]int `json:"jack_adjacency,omitempty"`
}

// Circle is one numbered circle.
type Circle struct {
	// ID is the circle number printed on the board.
	ID int `json:"id"`
	// X is the horizontal position, 0..1000.
	X float64 `json:"x"`
	// Y is the vertical position, 0..1000.
	Y float64 `json:"y"`
	// Color is "white", "black" or "blue" (Whitehall); empty on Whitechapel.
	Color string `json:"color,omitempty"`
	// Red marks Whitechapel's red circles.
	Red bool `json:"red,omitempty"`
	// Quadrant is Whitehall's quadrant ("bA", "aA", "aB", "bB").
	Quadrant string `json:"quadrant,omitempty"`
}

// Crossing is one street crossing.
type Crossing struct {
	// Label names the crossing ("BB", "J17").
	Label string `json:"label"`
	// X is the horizontal position, 0..1000.
	X float64 `json:"x"`
	// Y is the vertical position, 0..1000.
	Y float64 `json:"y"`
	// Start marks a starting (yellow-bordered) crossing.
	Start bool `json:"start,omitempty"`
}

// Block is one bounded face of the planar drawing.
type Block struct {
	// Kind is "land" or "water".
	Kind string `json:"kind"`
	// Circles lists the circles on the face's boundary.
	Circles []int `json:"circles"`
	// Boundary lists the node names around the face.
	Boundary []string `json:"boundary"`
}

// Parse decodes a board file and checks that it is well formed.
func Parse(data []byte) (*File, error) {
	var f File
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("boardfile: %w", err)
	}
	return &f, nil
}

// Marshal encodes f in the canonical layout: one list item per line, so that
// the committed files diff well.
func (f *File) Marshal() ([]byte, error) {
	var b bytes.Buffer
	field := func(name string, v any, last bool) error {
		raw, err := marshal(v)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%q: %s", name, raw)
		if !last {
			b.WriteString(",")
		}
		b.WriteString("\n")
		return nil
	}
	list := func(name string, n int, item func(i int) any, last bool) error {
		fmt.Fprintf(&b, "%q: [\n", name)
		for i := 0; i < n; i++ {
			raw, err := marshal(item(i))
			if err != nil {
				return err
			}
			b.WriteString("  ")
			b.Write(raw)
			if i < n-1 {
				b.WriteString(",")
			}
			b.WriteString("\n")
		}
		b.WriteString("]")
		if !last {
			b.WriteString(",")
		}
		b.WriteString("\n")
		return nil
	}
	b.WriteString("{\n")
	steps := []func() error{
		func() error { return field("name", f.Name, false) },
		func() error { return field("source", f.Source, false) },
		func() error { return field("aspect", f.Aspect, false) },
		func() error { return list("circles", len(f.Circles), func(i int) any { return f.Circles[i] }, false) },
		func() error {
			return list("crossings", len(f.Crossings), func(i int) any { return f.Crossings[i] }, false)
		},
		func() error { return list("edges", len(f.Edges), func(i int) any { return f.Edges[i] }, false) },
		func() error {
			if len(f.WaterGroups) == 0 {
				return nil
			}
			return list("water_groups", len(f.WaterGroups), func(i int) any { return f.WaterGroups[i] }, false)
		},
		func() error {
			if len(f.AlleyPairs) == 0 {
				return nil
			}
			return list("alley_pairs", len(f.AlleyPairs), func(i int) any { return f.AlleyPairs[i] }, false)
		},
		func() error {
			if len(f.JackAdjacency) == 0 {
				return nil
			}
			return list("jack_adjacency", len(f.JackAdjacency), func(i int) any { return f.JackAdjacency[i] }, false)
		},
		func() error { return list("blocks", len(f.Blocks), func(i int) any { return f.Blocks[i] }, true) },
	}
	for _, s := range steps {
		if err := s(); err != nil {
			return nil, err
		}
	}
	b.WriteString("}\n")
	return b.Bytes(), nil
}

// marshal encodes v as compact JSON without HTML escaping.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// round2 rounds v to two decimals.
func round2(v float64) float64 { return math.Round(v*100) / 100 }

// round4 rounds v to four decimals.
func round4(v float64) float64 { return math.Round(v*10000) / 10000 }

// whitehallSrc is the shape of the shared whitehall.json.
type whitehallSrc struct {
	Note    string `json:"note"`
	Circles []struct {
		ID       int     `json:"id"`
		X        float64 `json:"x"`
		Y        float64 `json:"y"`
		Color    string  `json:"color"`
		Quadrant string  `json:"quadrant"`
	} `json:"circles"`
	Crossings []struct {
		ID       string  `json:"id"`
		X        float64 `json:"x"`
		Y        float64 `json:"y"`
		Starting bool    `json:"starting"`
	} `json:"crossings"`
	Edges       [][2]string `json:"edges"`
	WaterGroups [][]int     `json:"water_groups"`
	Blocks      []struct {
		Kind     string   `json:"kind"`
		Circles  []int    `json:"circles"`
		Boundary []string `json:"boundary"`
	} `json:"blocks"`
}

// whitehallPixels is the side of the square board picture the Whitehall
// coordinates refer to.
const whitehallPixels = 1200

// ConvertWhitehall converts the shared whitehall.json.
func ConvertWhitehall(src []byte) (*File, error) {
	var s whitehallSrc
	if err := json.Unmarshal(src, &s); err != nil {
		return nil, fmt.Errorf("whitehall: %w", err)
	}
	f := &File{Name: "whitehall", Source: "Converted from whitehall.json, whose note reads: " + s.Note, Aspect: 1}
	for _, c := range s.Circles {
		switch c.Color {
		case "white", "black", "blue":
		default:
			return nil, fmt.Errorf("whitehall: circle %d: unknown colour %q", c.ID, c.Color)
		}
		f.Circles = append(f.Circles, Circle{
			ID: c.ID, X: round2(c.X * 1000 / whitehallPixels), Y: round2(c.Y * 1000 / whitehallPixels),
			Color: c.Color, Quadrant: c.Quadrant,
		})
	}
	sort.Slice(f.Circles, func(i, j int) bool { return f.Circles[i].ID < f.Circles[j].ID })
	for _, x := range s.Crossings {
		f.Crossings = append(f.Crossings, Crossing{
			Label: x.ID, X: round2(x.X * 1000 / whitehallPixels), Y: round2(x.Y * 1000 / whitehallPixels), Start: x.Starting,
		})
	}
	f.Edges = s.Edges
	f.WaterGroups = s.WaterGroups
	for _, b := range s.Blocks {
		f.Blocks = append(f.Blocks, Block{Kind: b.Kind, Circles: b.Circles, Boundary: b.Boundary})
	}
	return f, nil
}

// whitechapelSrc is the shape of the shared whitechapel.json.
type whitechapelSrc struct {
	Note     string       `json:"note"`
	PxAffine [][2]float64 `json:"px_affine"`
	Circles  []struct {
		ID  int     `json:"id"`
		X   float64 `json:"x_pct"`
		Y   float64 `json:"y_pct"`
		Red bool    `json:"red"`
	} `json:"circles"`
	Crossings []struct {
		ID     int     `json:"id"`
		X      float64 `json:"x_pct"`
		Y      float64 `json:"y_pct"`
		Yellow bool    `json:"yellow"`
	} `json:"crossings"`
	Edges         [][2]string `json:"edges"`
	JackAdjacency [][2]int    `json:"jack_adjacency"`
	AlleyPairs    [][2]int    `json:"alley_pairs"`
	Blocks        []struct {
		Circles  []int    `json:"circles"`
		Boundary []string `json:"boundary"`
	} `json:"blocks"`
}

// whitechapelNode converts a Whitechapel node name ("C12", "J7") into ours
// ("12", "J7").
func whitechapelNode(s string) (string, error) {
	if len(s) < 2 {
		return "", fmt.Errorf("whitechapel: bad node %q", s)
	}
	if _, err := strconv.Atoi(s[1:]); err != nil {
		return "", fmt.Errorf("whitechapel: bad node %q", s)
	}
	switch s[0] {
	case 'C':
		return s[1:], nil
	case 'J':
		return s, nil
	}
	return "", fmt.Errorf("whitechapel: bad node %q", s)
}

// ConvertWhitechapel converts the shared whitechapel.json.
func ConvertWhitechapel(src []byte) (*File, error) {
	var s whitechapelSrc
	if err := json.Unmarshal(src, &s); err != nil {
		return nil, fmt.Errorf("whitechapel: %w", err)
	}
	aspect := 1.0
	if len(s.PxAffine) == 3 && s.PxAffine[0][0] != 0 {
		// Row i of px_affine multiplies input i of [x_pct, y_pct, 1].
		aspect = round4(s.PxAffine[1][1] / s.PxAffine[0][0])
	}
	f := &File{Name: "whitechapel", Source: "Converted from whitechapel.json, whose note reads: " + s.Note, Aspect: aspect}
	for _, c := range s.Circles {
		f.Circles = append(f.Circles, Circle{ID: c.ID, X: round2(c.X * 10), Y: round2(c.Y * 10), Red: c.Red})
	}
	sort.Slice(f.Circles, func(i, j int) bool { return f.Circles[i].ID < f.Circles[j].ID })
	xs := append(s.Crossings[:0:0], s.Crossings...)
	sort.Slice(xs, func(i, j int) bool { return xs[i].ID < xs[j].ID })
	for i, x := range xs {
		if x.ID != i+1 {
			return nil, fmt.Errorf("whitechapel: crossing ids not 1..N (found %d at %d)", x.ID, i)
		}
		f.Crossings = append(f.Crossings, Crossing{
			Label: "J" + strconv.Itoa(x.ID), X: round2(x.X * 10), Y: round2(x.Y * 10), Start: x.Yellow,
		})
	}
	for _, e := range s.Edges {
		a, err := whitechapelNode(e[0])
		if err != nil {
			return nil, err
		}
		b, err := whitechapelNode(e[1])
		if err != nil {
			return nil, err
		}
		f.Edges = append(f.Edges, [2]string{a, b})
	}
	for _, b := range s.Blocks {
		blk := Block{Kind: "land", Circles: b.Circles}
		for _, n := range b.Boundary {
			m, err := whitechapelNode(n)
			if err != nil {
				return nil, err
			}
			blk.Boundary = append(blk.Boundary, m)
		}
		f.Blocks = append(f.Blocks, blk)
	}
	f.AlleyPairs = s.AlleyPairs
	f.JackAdjacency = s.JackAdjacency
	return f, nil
}

// Names lists the boards in the order they are converted.
var Names = []string{"whitehall", "whitechapel"}

// ConvertDir reads <name>.json for each board from the shared directory and
// returns the encoded files of our format, keyed by board name.
func ConvertDir(shared string) (map[string][]byte, error) {
	out := make(map[string][]byte)
	for _, name := range Names {
		src, err := os.ReadFile(filepath.Join(shared, name+".json"))
		if err != nil {
			return nil, err
		}
		var f *File
		switch name {
		case "whitehall":
			f, err = ConvertWhitehall(src)
		case "whitechapel":
			f, err = ConvertWhitechapel(src)
		}
		if err != nil {
			return nil, err
		}
		data, err := f.Marshal()
		if err != nil {
			return nil, err
		}
		if _, err := Parse(data); err != nil {
			return nil, fmt.Errorf("%s: re-parse: %w", name, err)
		}
		out[name] = data
	}
	return out, nil
}

// IsCircle reports whether a node name names a circle, and its number.
func IsCircle(node string) (int, bool) {
	if node == "" || strings.TrimLeft(node, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(node)
	return n, err == nil
}
