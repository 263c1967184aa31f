package e2e

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// This file holds the play loop of the Whitechapel and Jekyll tests, which
// choose a move among the page's legal moves (as #legal lists them, with
// their JSON) and then make it by clicking where the game's renderer offers
// it: a highlighted board target or card, or an action button, then the
// chooser's button when one click could mean several moves. Before every
// click it checks that the page highlights exactly the targets and buttons of
// its legal moves.

// legalIntent is one legal move of a page: a #legal button[data-intent].
type legalIntent struct {
	Seat int    `json:"seat"`
	Move string `json:"move"` // the intent's JSON

	kind string
	f    map[string]json.RawMessage
}

// num returns a number field of the intent (0 when missing).
func (l legalIntent) num(name string) int {
	var n int
	_ = json.Unmarshal(l.f[name], &n)
	return n
}

// str returns a string field of the intent ("" when missing).
func (l legalIntent) str(name string) string {
	var s string
	_ = json.Unmarshal(l.f[name], &s)
	return s
}

// flag returns a boolean field of the intent.
func (l legalIntent) flag(name string) bool {
	var b bool
	_ = json.Unmarshal(l.f[name], &b)
	return b
}

const legalIntentsJS = `[...document.querySelectorAll('#legal button[data-intent]')].map((b) => ({ seat: Number(b.dataset.seat), move: b.dataset.move }))`

// decodeIntents decodes the JSON of every move.
func decodeIntents(ls []legalIntent) error {
	for i := range ls {
		if err := json.Unmarshal([]byte(ls[i].Move), &ls[i].f); err != nil {
			return fmt.Errorf("legal move %q: %w", ls[i].Move, err)
		}
		ls[i].kind = ls[i].str("kind")
	}
	return nil
}

// legalAndOffered reads the page's legal moves and what it offers to click,
// at once.
func (p *page) legalAndOffered(g *intentGame) ([]legalIntent, offered, error) {
	both, err := eval[struct {
		Legal   []legalIntent `json:"legal"`
		Offered offered       `json:"offered"`
	}](p, `({ legal: `+legalIntentsJS+`, offered: `+g.offeredJS+` })`)
	if err != nil {
		return nil, offered{}, err
	}
	if err := decodeIntents(both.Legal); err != nil {
		return nil, offered{}, err
	}
	return both.Legal, both.Offered, nil
}

// offered is what a page highlights for the player to click: board targets
// or cards by key, and the action buttons in order.
type offered struct {
	Targets []offeredTarget `json:"targets"`
	Buttons []offeredButton `json:"buttons"`
}

type offeredTarget struct {
	Key    string `json:"key"`    // as the game's targetKey names it
	Sel    string `json:"sel"`    // a selector of the element
	Action string `json:"action"` // data-action, when the element has one
}

type offeredButton struct {
	Choice int    `json:"choice"`
	Action string `json:"action"`
	Sel    string `json:"sel"`
}

// intentGame is what the play loop needs of one game's renderer.
type intentGame struct {
	// offeredJS evaluates to an offered.
	offeredJS string
	// targetKey returns the key of the element that makes l, or "" when
	// l is made by an action button.
	targetKey func(l legalIntent) string
	// decide chooses the move of page i among its legal moves (an index).
	decide func(i int, p *page, st pageState, legal []legalIntent) int

	clicks, chosen, buttons int // moves made by a target, through the chooser, by a button
}

// plan is how one move is made by clicks.
type plan struct {
	what    string // the intent, for messages
	sel     string // the element to click
	choices int    // the moves behind that element: more than 1 opens the chooser
	choice  int    // the chooser button to click
	kind    string // the intent's kind (the chooser button's data-kind)
	button  bool   // an action button
}

// planFor checks that the page offers exactly the targets and buttons of its
// legal moves, and says how to make legal[k].
func planFor(g *intentGame, legal []legalIntent, off offered, k int) (plan, error) {
	want := map[string][]int{} // key -> indices of legal, in order
	var keys []string
	var buttons []int
	for i, l := range legal {
		key := g.targetKey(l)
		if key == "" {
			buttons = append(buttons, i)
			continue
		}
		if _, ok := want[key]; !ok {
			keys = append(keys, key)
		}
		want[key] = append(want[key], i)
	}
	got := map[string]offeredTarget{}
	for _, t := range off.Targets {
		if _, dup := got[t.Key]; dup {
			return plan{}, fmt.Errorf("the page highlights %s twice", t.Key)
		}
		got[t.Key] = t
	}
	var missing, extra []string
	for _, key := range keys {
		if _, ok := got[key]; !ok {
			missing = append(missing, key)
		}
	}
	for key := range got {
		if _, ok := want[key]; !ok {
			extra = append(extra, key)
		}
	}
	if len(missing) > 0 || len(extra) > 0 {
		slices.Sort(extra)
		return plan{}, fmt.Errorf("the highlighted targets differ from the legal moves: not highlighted %v, highlighted but not legal %v", missing, extra)
	}
	if len(off.Buttons) != len(buttons) {
		return plan{}, fmt.Errorf("the page shows %d action buttons for %d legal moves without a target (%v)", len(off.Buttons), len(buttons), off.Buttons)
	}
	for j, b := range off.Buttons {
		if b.Choice != j || b.Action != legal[buttons[j]].kind {
			return plan{}, fmt.Errorf("action button %d is %+v, want data-choice %d and data-action %q", j, b, j, legal[buttons[j]].kind)
		}
	}
	l := legal[k]
	key := g.targetKey(l)
	if key == "" {
		j := slices.Index(buttons, k)
		return plan{what: l.Move, sel: off.Buttons[j].Sel, choices: 1, kind: l.kind, button: true}, nil
	}
	t := got[key]
	if t.Action != "" && t.Action != legal[want[key][0]].kind {
		return plan{}, fmt.Errorf("%s has data-action %q, want %q", key, t.Action, legal[want[key][0]].kind)
	}
	return plan{what: l.Move, sel: t.Sel, choices: len(want[key]), choice: slices.Index(want[key], k), kind: l.kind}, nil
}

// playIntents is match.play for a game played through intentGame: it clicks
// until every page shows the game over, and returns the final states.
func playIntents(m *match, g *intentGame) []pageState {
	m.t.Helper()
	var idle time.Time
	for {
		states := m.settle()
		over := true
		for _, st := range states {
			over = over && st.Over
		}
		if over {
			return states
		}
		if m.after != nil {
			m.after(states, m.moves)
			if m.stop {
				return states
			}
		}
		var acting []int
		for i, st := range states {
			if st.Act && !st.Over {
				acting = append(acting, i)
			}
		}
		if len(acting) == 0 {
			if idle.IsZero() {
				idle = time.Now()
			} else if time.Since(idle) > scaled(10*time.Second) {
				m.fail("no page may act and the game is not over")
			}
			time.Sleep(30 * time.Millisecond)
			continue
		}
		idle = time.Time{}
		i := acting[m.rng.IntN(len(acting))]
		intentMove(m, g, i, states[i])
		m.moves++
		if m.moves > m.maxMoves {
			m.fail("the game did not end within %d moves", m.maxMoves)
		}
		if time.Now().After(m.deadline) {
			m.fail("the game did not end in time")
		}
	}
}

// intentMove makes one move on page i, whose settled state is st.
func intentMove(m *match, g *intentGame, i int, st pageState) {
	m.t.Helper()
	p := m.pages[i]
	for attempt := 0; attempt < 5; attempt++ {
		legal, off, err := p.legalAndOffered(g)
		if err != nil {
			m.fail("%s: reading the legal moves and the highlighted targets: %v", p.name, err)
		}
		if len(legal) == 0 {
			m.fail("%s must act but lists no legal move", p.name)
		}
		k := g.decide(i, p, st, legal)
		pl, err := planFor(g, legal, off, k)
		if err != nil {
			m.fail("%s (version %d): %v\nlegal: %v", p.name, st.Version, err, legal)
		}
		err = p.click(pl.sel)
		if lostClick(err) {
			m.t.Logf("%s: %s went away or moved before the click; looking again", p.name, pl.sel)
			st = m.refresh(p)
			continue
		}
		if err != nil {
			m.fail("%s: clicking %s: %v", p.name, pl.sel, err)
		}
		res := m.await(p, st.Version)
		if res == choosing {
			if pl.choices < 2 {
				m.fail("%s: the chooser opened for %s (%s), which makes one move", p.name, pl.sel, pl.what)
			}
			kinds := mustEval[[]string](p, `[...document.querySelectorAll('#chooser-choices button[data-choice]')].map((b) => b.dataset.kind)`)
			if len(kinds) != pl.choices {
				m.fail("%s: the chooser of %s offers %d moves (%v), want %d", p.name, pl.sel, len(kinds), kinds, pl.choices)
			}
			if kinds[pl.choice] != pl.kind {
				m.fail("%s: the chooser of %s offers %q as choice %d, want %q (%s)", p.name, pl.sel, kinds[pl.choice], pl.choice, pl.kind, pl.what)
			}
			p.mustClick(fmt.Sprintf(`#chooser-choices button[data-choice="%d"]`, pl.choice))
			res = m.await(p, st.Version)
			if res == moved {
				g.chosen++
			}
		} else if res == moved && pl.choices > 1 {
			m.fail("%s: clicking %s played a move at once, but it stands for %d moves", p.name, pl.sel, pl.choices)
		}
		if res == moved && pl.choices == 1 {
			if pl.button {
				g.buttons++
			} else {
				g.clicks++
			}
		}
		switch res {
		case moved, refused:
			return
		case choosing:
			m.fail("%s: the chooser is still open after a choice", p.name)
		case noEffect:
			m.t.Logf("%s: clicking %s did nothing; trying again", p.name, pl.sel)
			st = m.refresh(p)
		}
	}
	m.fail("%s: no click made a move", p.name)
}

// lastViewOf returns the newest view of seat that page p received before
// the frame index upto (all frames when upto < 0), with the frame's version.
func lastViewOf(p *page, seat string, upto int) (map[string]json.RawMessage, int, bool) {
	frames := p.framesFrom(0)
	if upto >= 0 && upto < len(frames) {
		frames = frames[:upto]
	}
	for i := len(frames) - 1; i >= 0; i-- {
		if !strings.Contains(string(frames[i].data), `"views"`) {
			continue
		}
		var m wireMsg
		if json.Unmarshal(frames[i].data, &m) != nil {
			continue
		}
		if v, ok := m.Views[seat]; ok {
			return v, m.V, true
		}
	}
	return nil, 0, false
}

// errorFrames returns the error frames a page received from index from on,
// with their codes.
func errorFrames(p *page, from int) []string {
	var out []string
	for _, f := range p.framesFrom(from) {
		var m struct {
			T    string `json:"t"`
			Code string `json:"code"`
		}
		if json.Unmarshal(f.data, &m) == nil && m.T == "error" {
			out = append(out, m.Code)
		}
	}
	return out
}

// takeSeatHere takes a free seat on the table page with its button and
// waits until the page holds it on a connected socket.
//
// The table page reconnects after taking a seat (web/js/table.js reconnect):
// it closes the old TableSocket and opens a new one. The old socket's close
// event once came after the new socket opened and marked the page offline for
// good (fixed in bf4da2c: TableSocket.close forgets its socket first). That
// case is an error again: the page holds the seat, its new socket brought the
// seat's state, and the page still says it is offline. The page is then
// reloaded, as a player who sees "offline" would, so that the test goes on.
func (p *page) takeSeatHere(seat int) {
	p.t.Helper()
	n0 := len(p.framesFrom(0))
	p.clickUntil(fmt.Sprintf(`#seats li[data-seat="%d"] button[data-take-seat]`, seat), fmt.Sprintf("seat %d", seat),
		fmt.Sprintf(`document.querySelector('#seats li[data-seat="%d"].mine')`, seat), scaled(20*time.Second))
	deadline := time.Now().Add(scaled(15 * time.Second))
	for {
		st, err := p.state()
		if err == nil && st.Connected && slices.Contains(st.Mine, seat) && st.Me != "" {
			return
		}
		if time.Now().After(deadline) {
			break
		}
		time.Sleep(25 * time.Millisecond)
	}
	// The new socket works when it brought the state with the seat.
	working := false
	for _, f := range p.framesFrom(n0) {
		var m wireMsg
		if json.Unmarshal(f.data, &m) == nil && m.T == "state" && slices.Contains(m.You, seat) {
			working = true
		}
	}
	st, _ := p.state()
	if !working || st.Connected || !slices.Contains(st.Mine, seat) {
		p.t.Fatalf("%s: seat %d: the page is not ready (state with the seat received: %v)\n%s", p.name, seat, working, p.describe())
	}
	p.t.Errorf("%s: after taking seat %d the page holds it and its new socket brought the seat's state, but the page says it is offline (body[data-connected]=false): did the old socket's close event come after the new one opened? (web/js/net.js TableSocket.close, web/js/table.js reconnect); reloading the page to go on", p.name, seat)
	if err := p.run(scaled(20*time.Second), chromedp.Reload()); err != nil {
		p.t.Fatalf("%s: reloading: %v", p.name, err)
	}
	p.waitSeat(seat)
}

// lastOverFrame returns the raw last frame of a page that tells the game is
// over with the views.
func lastOverFrame(t *testing.T, p *page) []byte {
	t.Helper()
	var last []byte
	for _, f := range p.framesFrom(0) {
		m := parseFrame(t, p.name, f)
		if m.over() && m.Views != nil {
			last = f.data
		}
	}
	return last
}
