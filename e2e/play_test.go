package e2e

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"
)

// match plays one table to its end: on every settled state, a page that must
// act clicks one of its highlighted targets or action buttons, chosen by rng
// (and one of the chooser's buttons when the click is ambiguous).
type match struct {
	t        *testing.T
	pages    []*page
	rng      *rand.Rand
	maxMoves int
	deadline time.Time
	// after is called on every settled state before the game is over, with
	// the number of moves played so far.
	after func(states []pageState, moves int)
	// mover, when set, plays one move on a page instead of match.move (Pocket's
	// moves go through a preview and a confirmation).
	mover func(p *page, st pageState)
	// stop, set by after, ends the play at that state, before the game's end.
	stop bool

	moves int
}

// settle waits until every page is connected, holds the same version and has
// no move or chooser pending, and returns their states.
func (m *match) settle() []pageState {
	m.t.Helper()
	deadline := time.Now().Add(scaled(20 * time.Second))
	var why string
	for {
		states := make([]pageState, len(m.pages))
		why = ""
		for i, p := range m.pages {
			st, err := p.state()
			switch {
			case err != nil:
				why = fmt.Sprintf("%s: %v", p.name, err)
			case !st.Connected:
				why = p.name + " is not connected"
			case st.Busy:
				why = p.name + " waits for an ack"
			case st.Chooser:
				why = p.name + " shows the chooser"
			case st.Dialog:
				m.fail("%s shows the name prompt on the table page", p.name)
			case st.Version < 0:
				why = p.name + " has no state yet"
			case i > 0 && st.Version != states[0].Version:
				why = fmt.Sprintf("%s is at version %d, %s at %d", p.name, st.Version, m.pages[0].name, states[0].Version)
			}
			if why != "" {
				break
			}
			states[i] = st
		}
		if why == "" {
			return states
		}
		if time.Now().After(deadline) {
			m.fail("the pages did not settle: %s", why)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// fail stops the test with what every page shows.
func (m *match) fail(format string, args ...any) {
	m.t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, format, args...)
	fmt.Fprintf(&b, " (after %d moves)\n", m.moves)
	for _, p := range m.pages {
		b.WriteString(p.describe())
	}
	m.t.Fatal(b.String())
}

// play clicks until every page shows the game over, and returns the final
// states.
func (m *match) play() []pageState {
	m.t.Helper()
	var idle time.Time
	for {
		states := m.settle()
		over := true
		for _, st := range states {
			over = over && st.Over
		}
		if over {
			for _, p := range m.pages {
				checkWords(p)
			}
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
		if m.mover != nil {
			m.mover(m.pages[i], states[i])
		} else {
			m.move(m.pages[i], states[i])
		}
		m.moves++
		if m.moves > m.maxMoves {
			m.fail("the game did not end within %d moves", m.maxMoves)
		}
		if time.Now().After(m.deadline) {
			m.fail("the game did not end in time")
		}
	}
}

// outcome of a click.
type outcome int

const (
	moved    outcome = iota // the page got a new version and the ack
	choosing                // the chooser opened
	refused                 // an error toast
	noEffect                // nothing happened
)

// move makes one move on page p, whose settled state is st.
func (m *match) move(p *page, st pageState) {
	m.t.Helper()
	for attempt := 0; attempt < 5; attempt++ {
		if len(st.Targets) == 0 {
			m.fail("%s must act (%d legal moves) but shows nothing to click", p.name, st.Legal)
		}
		sel := st.Targets[m.rng.IntN(len(st.Targets))]
		err := p.click(sel)
		if lostClick(err) {
			m.t.Logf("%s: %s went away or moved before the click; looking again", p.name, sel)
			st = m.refresh(p)
			continue
		}
		if err != nil {
			m.fail("%s: clicking %s: %v", p.name, sel, err)
		}
		res := m.await(p, st.Version)
		if res == choosing {
			n := mustEval[int](p, `document.querySelectorAll('#chooser-choices button[data-choice]').length`)
			if n == 0 {
				m.fail("%s: the chooser opened for %s with no choice", p.name, sel)
			}
			p.mustClick(fmt.Sprintf(`#chooser-choices button[data-choice="%d"]`, m.rng.IntN(n)))
			res = m.await(p, st.Version)
		}
		switch res {
		case moved, refused:
			// A refusal was recorded (an error toast fails the test at its
			// end); the play loop looks at the page again.
			return
		case choosing:
			m.fail("%s: the chooser is still open after a choice", p.name)
		case noEffect:
			m.t.Logf("%s: clicking %s did nothing; trying again", p.name, sel)
			st = m.refresh(p)
		}
	}
	m.fail("%s: no click made a move", p.name)
}

// refresh reads a page's state again once it is settled.
func (m *match) refresh(p *page) pageState {
	for i, q := range m.pages {
		if q == p {
			return m.settle()[i]
		}
	}
	panic("page not in the match")
}

// await waits for the effect of a click on p, whose version was v0.
func (m *match) await(p *page, v0 int) outcome {
	m.t.Helper()
	start := time.Now()
	sawBusy := false
	for {
		st, err := p.state()
		if err == nil {
			sawBusy = sawBusy || st.Busy
			switch {
			case st.Version > v0 && !st.Busy:
				return moved
			case st.Chooser:
				return choosing
			case st.Confirm && !st.Busy:
				// Every choice is previewed and confirmed (a seat's only
				// move plays at once): confirm it, and wait again.
				if err := p.click("#move-confirm-ok"); err != nil && !lostClick(err) {
					m.fail("%s: confirming the move: %v", p.name, err)
				}
				start = time.Now()
				continue
			case len(st.Toasts) > 0:
				return refused
			case !sawBusy && st.Version == v0 && time.Since(start) > scaled(2*time.Second):
				// A click that reaches a target sets body.busy or opens
				// the chooser at once.
				return noEffect
			}
		}
		if time.Since(start) > scaled(30*time.Second) {
			m.fail("%s: a move clicked at version %d was not acknowledged (last error: %v)", p.name, v0, err)
		}
		time.Sleep(15 * time.Millisecond)
	}
}

// rawWords are internal ids that must never reach a player: card ids
// ("red-1", "potion-4"), colour ids in French and Dutch sentences, message
// keys, Whitehall's quadrant ids, plurals left to the reader.
var rawWords = regexp.MustCompile(`\b(red|blue|black|potion)-\d\b|\b[a-z]+\.[a-z]+\.[a-z-]+\b|\b(aA|aB|bA|bB)\b|\((s|en|n)\)|\{[a-z]+\}`)

// checkWords fails the test when the page's log, prompt or outcome holds an
// internal id or an unfilled placeholder.
func checkWords(p *page) {
	p.t.Helper()
	text := mustEval[string](p, `[...document.querySelectorAll('#log li, #prompt, #outcome, #seats li')].map((e) => e.textContent).join('\n')`)
	for _, line := range strings.Split(text, "\n") {
		if m := rawWords.FindString(line); m != "" {
			p.t.Errorf("%s: %q reads %q, an internal id or an unfilled placeholder", p.name, line, m)
		}
	}
}
