package e2e

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
)

// axNode is one node of Chromium's accessibility tree as a screen reader
// gets it: its role and computed name.
type axNode struct {
	Role, Name string
}

// axNodes returns Chromium's whole accessibility tree of the page.
func (p *page) axNodes() []*accessibility.Node {
	p.t.Helper()
	var nodes []*accessibility.Node
	err := p.run(scaled(20*time.Second), chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		r, err := cdp.Call(ctx, t, accessibility.GetFullAXTree, accessibility.GetFullAXTreeParams{})
		if err != nil {
			return err
		}
		nodes = r.Nodes
		return nil
	}))
	if err != nil {
		p.t.Fatalf("%s: reading the accessibility tree: %v", p.name, err)
	}
	return nodes
}

// axValue is a node's role or name as a string.
func axValue(v *accessibility.Value) string {
	if v == nil {
		return ""
	}
	return strings.Trim(string(v.Value), `"`)
}

// axBoard returns what a screen reader finds inside the board (the group
// named label, the board's name in the page's language): every node not
// ignored, text runs aside, in the tree's order.
func (p *page) axBoard(label string) []axNode {
	p.t.Helper()
	nodes := p.axNodes()
	byID := map[accessibility.NodeID]*accessibility.Node{}
	var board *accessibility.Node
	for _, n := range nodes {
		byID[n.NodeID] = n
		if !n.Ignored && axValue(n.Role) == "group" && axValue(n.Name) == label {
			board = n
		}
	}
	if board == nil {
		p.t.Fatalf("%s: no group named %q in the accessibility tree", p.name, label)
	}
	var out []axNode
	var walk func(n *accessibility.Node)
	walk = func(n *accessibility.Node) {
		for _, c := range n.ChildIDs {
			k := byID[c]
			if k == nil {
				continue
			}
			role := axValue(k.Role)
			if !k.Ignored && role != "StaticText" && role != "InlineTextBox" && role != "none" && role != "generic" {
				out = append(out, axNode{role, axValue(k.Name)})
			}
			walk(k)
		}
	}
	walk(board)
	return out
}

// TestBrowserBoardForScreenReaders reads a Whitehall and a Whitechapel
// board as a screen reader gets them (Chromium's accessibility tree), in
// English and in Dutch, as Jack and as an investigator or policeman, a few
// moves in: the board holds the player's targets, each a button named by
// the move it makes ("Walk to circle 122", as in the list of choices) or,
// when it stands for several, by its place; and the pieces, each an image
// that says where it stands. It used to hold every circle and crossing
// too, four hundred groups named "" or by a crossing's bare label ("BB"),
// read before the pieces, which did not say where they stood.
func TestBrowserBoardForScreenReaders(t *testing.T) {
	place := regexp.MustCompile(`(?i)(circle|crossing|cirkel|kruispunt) [A-Z]*\d*`)
	for _, c := range []struct {
		name, game string
		seats      int
		mine       int
	}{{"whitehall-jack", "whitehall", 4, 0}, {"whitehall-investigator", "whitehall", 4, 1}, {"whitechapel-jack", "whitechapel", 6, 0}, {"whitechapel-policeman", "whitechapel", 6, 1}} {
		t.Run(c.name, func(t *testing.T) {
			p := botTablePage(t, c.name, c.game, c.seats, c.mine)
			playByKeyboard(t, p, 3, 3, 3*time.Minute)
			for _, lang := range []string{"en", "nl"} {
				mustEval[any](p, `(() => { const s = document.getElementById('lang-select'); s.value = `+jsString(lang)+`; s.dispatchEvent(new Event('change')); })()`)
				p.waitJS("the page in "+lang, `document.documentElement.lang === `+jsString(lang)+` && document.getElementById('prompt').dataset.act === 'true' && !document.body.classList.contains('busy') && document.getElementById('move-confirm').hidden`, scaled(60*time.Second))
				label := mustEval[string](p, `document.querySelector('#board svg.board').getAttribute('aria-label')`)
				legal := mustEval[[]string](p, `[...document.querySelectorAll('#legal button')].map((b) => b.textContent)`)
				targets := mustEval[int](p, `document.querySelectorAll('#board svg .target[tabindex]').length`)
				nodes := p.axBoard(label)
				buttons, images, other := 0, 0, []axNode{}
				for _, n := range nodes {
					switch {
					case n.Role == "button":
						buttons++
						if !place.MatchString(n.Name) {
							t.Errorf("%s: board button %q names no place", lang, n.Name)
						}
						named := false
						for _, l := range legal {
							named = named || l == n.Name
						}
						if !named && !regexp.MustCompile(`^(Circle|Crossing|Cirkel|Kruispunt) `).MatchString(n.Name) {
							t.Errorf("%s: board button %q is neither a move of the list of choices nor a place", lang, n.Name)
						}
					case n.Role == "image":
						images++
						if !place.MatchString(n.Name) {
							t.Errorf("%s: board piece %q does not say where it stands", lang, n.Name)
						}
					default:
						other = append(other, n)
					}
				}
				t.Logf("%s: the board holds %d buttons (%d targets), %d images, %d other nodes; e.g. %q", lang, buttons, targets, images, len(other), nodes[:min(6, len(nodes))])
				if buttons != targets {
					t.Errorf("%s: %d buttons on the board, %d targets", lang, buttons, targets)
				}
				if images == 0 {
					t.Errorf("%s: no piece of the board is named for a screen reader", lang)
				}
				if len(other) > 0 {
					t.Errorf("%s: %d other nodes on the board (a screen reader reads them all), e.g. %q", lang, len(other), other[:min(5, len(other))])
				}
			}
			mustEval[any](p, `(() => { const s = document.getElementById('lang-select'); s.value = 'en'; s.dispatchEvent(new Event('change')); })()`)
			p.checkConsole()
		})
	}
}
