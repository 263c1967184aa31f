package e2e

import (
	"fmt"
	"testing"
	"time"
)

// countDrawsJS counts the page's draws per version (window.__draws): each
// draw sets body's data-version.
const countDrawsJS = `(() => {
	window.__draws = {};
	new MutationObserver((l) => {
		for (const r of l) {
			const v = document.body.dataset.version;
			window.__draws[v] = (window.__draws[v] || 0) + 1;
		}
	}).observe(document.body, { attributes: true, attributeFilter: ['data-version'] });
	return true;
})()`

// TestBrowserOwnMoveDrawnOnce: a player's own move draws the table page
// once, when its update comes; its ack then redraws only the turn signals
// and the focus (table.js drawTurn), not the whole page a second time. Each
// draw sets body's data-version, which a MutationObserver counts per
// version. It plays Pocket moves against a bot and checks the draws at the
// versions its own moves made: one each, and some slack for a presence
// message that may come meanwhile (it also draws).
func TestBrowserOwnMoveDrawnOnce(t *testing.T) {
	p := botTablePage(t, "player", "pocket", 2, 1)
	mustEval[bool](p, countDrawsJS)
	// A Pocket game may end after a few moves (the table's draws decide):
	// the count starts again at a new table.
	var own []int
	const moves = 4
	for games := 1; len(own) < moves; {
		v, fresh := playOn(p, fmt.Sprintf("own move %d", len(own)+1), func() {
			if games++; games > 5 {
				t.Fatalf("5 games ended before %d own moves", moves)
			}
			p.createBotTableAt("pocket", 2, 1)
			mustEval[bool](p, countDrawsJS)
		})
		if fresh {
			own = nil
		}
		own = append(own, v+1)
	}
	// Two animation frames: whatever the ack queued has run.
	mustEval[bool](p, `(window.__framed = false, requestAnimationFrame(() => requestAnimationFrame(() => { window.__framed = true; })), true)`)
	p.waitJS("two animation frames", `window.__framed === true`, scaled(10*time.Second))
	draws := mustEval[map[string]int](p, `window.__draws`)
	total := 0
	for _, v := range own {
		n := draws[fmt.Sprint(v)]
		if n < 1 {
			t.Fatalf("version %d (an own move) never drawn: %v", v, draws)
		}
		total += n
	}
	// Drawn again on each ack, it was 2 draws a move (8 here).
	if total > moves+moves/2 {
		t.Fatalf("%d draws at the %d versions of own moves %v, want about one each: %v", total, moves, own, draws)
	}
	t.Logf("draws at the own moves' versions %v: %d; all: %v", own, total, draws)
}
