package web

import (
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"math"
	"sort"
	"strings"
	"sync"
	"testing/fstest"
	"time"

	"gaslamp/board"
	"gaslamp/game"
)

//go:embed index.html table.html join.html board.html profile.html leaderboard.html rules.html notfound.html favicon.svg favicon-turn.svg css js i18n
var files embed.FS

var (
	staticOnce sync.Once
	staticFS   fs.FS

	messagesOnce sync.Once
	messages     game.Catalog
)

// Static returns the client's files: the embedded pages, stylesheet, modules
// and translations, plus the generated board geometry files
// boards/whitehall.json and boards/whitechapel.json (built from package board
// on first call), and the figures of their rules pages,
// boards/{name}-diagrams.json (DiagramsOf). The result is shared and read-only.
func Static() fs.FS {
	staticOnce.Do(func() {
		gen := fstest.MapFS{}
		for _, name := range board.Names() {
			b, err := board.ByName(name)
			if err != nil {
				panic(fmt.Sprintf("web: board %s: %v", name, err))
			}
			data, err := json.Marshal(GeometryOf(b))
			if err != nil {
				panic(fmt.Sprintf("web: board %s: %v", name, err))
			}
			gen["boards/"+name+".json"] = &fstest.MapFile{Data: data, Mode: 0o444, ModTime: time.Time{}}
			figs, err := json.Marshal(DiagramsOf(b))
			if err != nil {
				panic(fmt.Sprintf("web: board %s diagrams: %v", name, err))
			}
			gen["boards/"+name+"-diagrams.json"] = &fstest.MapFile{Data: figs, Mode: 0o444, ModTime: time.Time{}}
		}
		staticFS = overlay{base: files, extra: gen}
	})
	return staticFS
}

// Messages returns the site texts (keys "web.*" and the shared "err.*" codes)
// in every language of game.Languages, read from the embedded i18n/*.json.
// The result is shared: callers must not modify it (Merge it into a new
// Catalog instead).
func Messages() game.Catalog {
	messagesOnce.Do(func() {
		messages = game.Catalog{}
		for _, lang := range game.Languages {
			data, err := files.ReadFile("i18n/" + lang + ".json")
			if err != nil {
				panic("web: missing catalogue " + lang + ": " + err.Error())
			}
			m := map[string]string{}
			if err := json.Unmarshal(data, &m); err != nil {
				panic("web: bad catalogue " + lang + ": " + err.Error())
			}
			messages[lang] = m
		}
	})
	return messages
}

// Geometry is the drawing data of a board as the client reads it from
// boards/{name}.json. Coordinates are in 0..1000 on both axes; multiply Y by
// Aspect for an undistorted drawing.
type Geometry struct {
	Name      string           `json:"name"`
	Aspect    float64          `json:"aspect"`
	Circles   []GeoCircle      `json:"circles"`
	Crossings []GeoCrossing    `json:"crossings"`
	Edges     [][2]string      `json:"edges"`
	Water     []GeoWater       `json:"water,omitempty"`
	Blocks    []GeoBlock       `json:"blocks,omitempty"`
	Split     *GeoSplit        `json:"split,omitempty"`
	Quadrants map[string][]int `json:"quadrants,omitempty"`
}

// GeoCircle is one numbered circle.
type GeoCircle struct {
	ID       int     `json:"id"`
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	Color    string  `json:"color"`
	Red      bool    `json:"red,omitempty"`
	Quadrant string  `json:"quadrant,omitempty"`
}

// GeoCrossing is one street crossing.
type GeoCrossing struct {
	Label string  `json:"label"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	Start bool    `json:"start,omitempty"`
}

// GeoWater is one water group: its blue circles and the outlines of the water
// blocks that hold them, each a polygon as [x, y] points.
type GeoWater struct {
	Circles  []int          `json:"circles"`
	Outlines [][][2]float64 `json:"outlines"`
}

// GeoBlock is one bounded face of the board's drawing (a house block between
// streets, or a stretch of water): its kind, "land" or "water", and the
// circles and crossings around it in order, named as in Edges.
type GeoBlock struct {
	Kind     string   `json:"kind"`
	Boundary []string `json:"boundary"`
}

// GeoSplit is where Whitehall's quadrant lines run: the vertical line x = X
// and the horizontal line y = Y (board coordinates).
type GeoSplit struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// GeometryOf extracts the drawing geometry of b.
func GeometryOf(b *board.Board) Geometry {
	g := Geometry{Name: b.Name, Aspect: b.Aspect, Edges: b.Edges}
	if g.Aspect == 0 {
		g.Aspect = 1
	}
	for _, c := range b.Circles[1:] {
		g.Circles = append(g.Circles, GeoCircle{ID: c.ID, X: round2(c.X), Y: round2(c.Y), Color: c.Color.String(), Red: c.Red, Quadrant: c.Quadrant})
	}
	for _, x := range b.Crossings {
		g.Crossings = append(g.Crossings, GeoCrossing{Label: x.Label, X: round2(x.X), Y: round2(x.Y), Start: x.Start})
	}
	point := func(name string) ([2]float64, bool) {
		if i, ok := b.CrossingByLabel[name]; ok {
			return [2]float64{round2(b.Crossings[i].X), round2(b.Crossings[i].Y)}, true
		}
		var n int
		if _, err := fmt.Sscanf(name, "%d", &n); err == nil && n >= 1 && n <= b.NumCircles {
			return [2]float64{round2(b.Circles[n].X), round2(b.Circles[n].Y)}, true
		}
		return [2]float64{}, false
	}
	for _, grp := range b.WaterGroups {
		w := GeoWater{Circles: append([]int(nil), grp...), Outlines: [][][2]float64{}}
		in := map[int]bool{}
		for _, c := range grp {
			in[c] = true
		}
		for _, blk := range b.Blocks {
			if blk.Kind != "water" || !anyIn(blk.Circles, in) {
				continue
			}
			var poly [][2]float64
			for _, n := range blk.Boundary {
				if p, ok := point(n); ok {
					poly = append(poly, p)
				}
			}
			w.Outlines = append(w.Outlines, poly)
		}
		g.Water = append(g.Water, w)
	}
	for _, blk := range b.Blocks {
		g.Blocks = append(g.Blocks, GeoBlock{Kind: blk.Kind, Boundary: append([]string(nil), blk.Boundary...)})
	}
	if len(b.Quadrants) > 0 {
		g.Quadrants = map[string][]int{}
		for q, s := range b.Quadrants {
			for i := s.Next(0); i >= 0; i = s.Next(i + 1) {
				g.Quadrants[q] = append(g.Quadrants[q], i)
			}
		}
		g.Split = splitOf(b)
	}
	return g
}

// splitOf places the quadrant lines halfway across the gap between the
// circles of the left ("A") and right ("B") quadrants, and of the top ("b")
// and bottom ("a") ones.
func splitOf(b *board.Board) *GeoSplit {
	maxLeft, minRight := math.Inf(-1), math.Inf(1)
	maxTop, minBottom := math.Inf(-1), math.Inf(1)
	for _, c := range b.Circles[1:] {
		if len(c.Quadrant) != 2 {
			continue
		}
		if c.Quadrant[1] == 'A' {
			maxLeft = math.Max(maxLeft, c.X)
		} else {
			minRight = math.Min(minRight, c.X)
		}
		if c.Quadrant[0] == 'b' {
			maxTop = math.Max(maxTop, c.Y)
		} else {
			minBottom = math.Min(minBottom, c.Y)
		}
	}
	if math.IsInf(maxLeft+minRight+maxTop+minBottom, 0) {
		return nil
	}
	return &GeoSplit{X: round2((maxLeft + minRight) / 2), Y: round2((maxTop + minBottom) / 2)}
}

func anyIn(xs []int, in map[int]bool) bool {
	for _, x := range xs {
		if in[x] {
			return true
		}
	}
	return false
}

func round2(f float64) float64 { return math.Round(f*100) / 100 }

// overlay serves the files of base, plus extra (generated files under
// directories base lacks).
type overlay struct {
	base  fs.FS
	extra fstest.MapFS
}

// Open opens name from extra when it is there, else from base.
func (o overlay) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if _, ok := o.extra[name]; ok || o.extraDir(name) {
		return o.extra.Open(name)
	}
	if name == "." {
		return &rootDir{o: o}, nil
	}
	return o.base.Open(name)
}

func (o overlay) extraDir(name string) bool {
	prefix := name + "/"
	for k := range o.extra {
		if strings.HasPrefix(k, prefix) {
			return true
		}
	}
	return false
}

// rootDir is the merged root directory listing of an overlay.
type rootDir struct {
	o    overlay
	read bool
}

func (d *rootDir) Stat() (fs.FileInfo, error) { return fs.Stat(d.o.base, ".") }
func (d *rootDir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: ".", Err: fs.ErrInvalid}
}
func (d *rootDir) Close() error { return nil }

// ReadDir lists the base root plus the top directories of extra.
func (d *rootDir) ReadDir(n int) ([]fs.DirEntry, error) {
	if d.read {
		if n > 0 {
			return nil, io.EOF
		}
		return nil, nil
	}
	d.read = true
	entries, err := fs.ReadDir(d.o.base, ".")
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, e := range entries {
		seen[e.Name()] = true
	}
	extra, err := fs.ReadDir(d.o.extra, ".")
	if err != nil {
		return nil, err
	}
	for _, e := range extra {
		if !seen[e.Name()] {
			entries = append(entries, e)
		}
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
	return entries, nil
}
