package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// openTab opens a new tab in the browser context of p (the same player:
// its cookies) and returns it with the function that closes it.
func openTab(p *page, name string) (*page, func()) {
	p.t.Helper()
	q := &page{t: p.t, name: name, base: p.base}
	ctx, cancel := chromedp.NewContext(p.ctx, chromedp.WithListener(q.listen))
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		p.t.Fatalf("%s: opening a tab: %v", name, err)
	}
	q.ctx = ctx
	closed := false
	close := func() {
		if !closed {
			closed = true
			cancel()
		}
	}
	p.t.Cleanup(close)
	return q, close
}

// TestBrowserTurnBasedPlay: a turn-based game (a day per move) where each
// side plays from its own browser with its page closed between its moves:
// the player whose move it is opens the lobby, sees the table first in
// "Your games" with the time left and the header's count, opens it from
// there, plays until it is the other side's move, and closes the page.
func TestBrowserTurnBasedPlay(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	rng := newRand(t, 7)

	jack := openPage(t, browser, "jack", base)
	inv := openPage(t, browser, "investigators", base)
	jack.navigate("/")
	jack.signIn("Jack")
	jack.waitJS("the pace choice", `document.querySelector('#pace-select option[value="turn-1d"]')`, scaled(15*time.Second))
	mustEval[bool](jack, `(() => { const s = document.getElementById('pace-select'); s.value = 'turn-1d'; s.dispatchEvent(new Event('change')); return true; })()`)
	invites, table := jack.createTable("whitehall", 4)
	jack.clickUntil(`#invites li[data-invite-seat="0"] a.invite-link`, "the invitation page", `location.pathname.startsWith('/join/')`, scaled(20*time.Second))
	jack.acceptInvite()
	jack.waitSeat(0)
	inv.navigate(invites[1])
	inv.signIn("Abberline")
	inv.acceptInvite()
	inv.waitSeat(1)
	for _, seat := range []int{2, 3} {
		inv.clickUntil(fmt.Sprintf(`#seats li[data-seat="%d"] button[data-take-seat]`, seat), fmt.Sprintf("seat %d", seat),
			fmt.Sprintf(`document.querySelector('#seats li[data-seat="%d"].mine')`, seat), scaled(20*time.Second))
		inv.waitSeat(seat)
	}
	waitStarted(t, 4, jack, inv)
	// Both close the table: the first tabs stay on a blank page (they
	// keep the players' browser contexts).
	for _, p := range []*page{jack, inv} {
		p.navigate("about:blank")
	}

	id := strings.TrimPrefix(table, "/t/")
	row := `#my-tables li[data-my-table=` + jsString(id) + `]`
	players := []*page{jack, inv}
	turns := map[string]int{}
	moves := 0
	for round := 0; turns["jack"] < 3 || turns["investigators"] < 3; round++ {
		if round > 12 {
			t.Fatalf("after %d hand-overs, Jack played %d turns and the investigators %d", round, turns["jack"], turns["investigators"])
		}
		// Whose move: the lobby of each says it in "Your games".
		var tab *page
		var closeTab func()
		deadline := time.Now().Add(scaled(30 * time.Second))
		for tab == nil {
			for _, p := range players {
				q, cl := openTab(p, p.name+"-lobby")
				q.navigate("/")
				q.waitJS("the row of the table in Your games", `document.querySelector(`+jsString(row)+`)`, scaled(20*time.Second))
				if mustEval[bool](q, `document.querySelector(`+jsString(row)+`).dataset.yourTurn === 'true'`) {
					tab, closeTab = q, cl
					break
				}
				cl()
			}
			if tab == nil && time.Now().After(deadline) {
				t.Fatal("neither side's lobby says the table waits for its move")
			}
		}
		name := strings.TrimSuffix(tab.name, "-lobby")
		// Waiting for this player: first in the list, with the time left
		// before the deadline, and the header counts it.
		first := mustEval[string](tab, `document.querySelector('#my-tables li[data-my-table]')?.dataset.myTable ?? ''`)
		left := mustEval[string](tab, `document.querySelector(`+jsString(row+` .my-left`)+`)?.textContent ?? ''`)
		if first != id || !strings.HasPrefix(left, "Move by ") || !strings.Contains(left, " left)") {
			t.Fatalf("%s: first row %q, time left %q\n%s", name, first, left, tab.describe())
		}
		tab.waitJS("the header's count", `document.querySelector('#my-turns .turns-long')?.textContent === '1 game waits for your move' && !document.getElementById('my-turns').hidden`, scaled(15*time.Second))
		// The lobby's tab counts it too.
		tab.waitJS("the tab's count", `document.title === '(1) gaslamp'`, scaled(15*time.Second))
		tab.clickUntil(row+` a[data-resume]`, "the table page", `location.pathname === `+jsString(table), scaled(20*time.Second))
		m := &match{t: t, pages: []*page{tab}, rng: rng, maxMoves: 1000, deadline: time.Now().Add(scaled(2 * time.Minute))}
		// Settled, and when asked to act, drawn with something to click.
		settled := func() pageState {
			m.settle()
			return tab.waitState("the board's targets", scaled(20*time.Second), func(st pageState) bool {
				return !st.Busy && (!st.Act || st.Over || len(st.Targets) > 0)
			})
		}
		st := settled()
		if !st.Act {
			t.Fatalf("%s: the table page opened from Your games does not ask for a move\n%s", name, tab.describe())
		}
		for st.Act && !st.Over {
			m.move(tab, st)
			moves++
			st = settled()
		}
		tab.checkConsole()
		closeTab()
		turns[name]++
		if players[0].name == name { // the other side most likely moves next
			players[0], players[1] = players[1], players[0]
		}
		t.Logf("%s played (%d moves so far)", name, moves)
		if st.Over {
			break
		}
	}
}
