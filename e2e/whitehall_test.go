package e2e

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// whitehallSecrets are Jack's secrets in games/whitehall's View (view.go):
// his discovery locations, his trail, his circle and his pending
// announcement; and his own events (where he walked, which locations he
// chose).
var whitehallSecrets = secretRules{
	keys: []string{"locations", "trail", "circle", "announce"},
	// "circle" is also a public field (searches, arrests, the deduction):
	// only the view's own field is checked, above.
	raw: []string{"locations", "trail", "announce"},
	event: func(e wireEvent) string {
		if strings.HasPrefix(e.Text.Key, "whitehall.ev.you-") || e.Text.Key == "whitehall.ev.location-chosen" {
			return "an event for Jack alone"
		}
		if e.Type == "whitehall.jack-moved" {
			for _, k := range []string{"circle", "via"} {
				if _, ok := e.Data[k]; ok {
					return "Jack's move with its circles"
				}
			}
		}
		return ""
	},
	values: func(v map[string]json.RawMessage) []string {
		var out []string
		var trail [][]int
		if raw, ok := v["trail"]; ok && json.Unmarshal(raw, &trail) == nil {
			for _, row := range trail {
				// Four circles in a row: no public list repeats them by
				// chance.
				if len(row) >= 4 {
					b, _ := json.Marshal(row)
					out = append(out, string(b))
				}
			}
		}
		var locs []int
		if raw, ok := v["locations"]; ok && json.Unmarshal(raw, &locs) == nil && len(locs) == 4 && !slices.Contains(locs, 0) {
			b, _ := json.Marshal(locs)
			out = append(out, string(b))
		}
		return out
	},
	required: []string{"locations", "trail", "circle"},
}

// whitehallPageSecrets are what only Jack's page may show before the end: his
// pawn, his trail line and sheet, his location markers, the announcement.
var whitehallPageSecrets = []string{
	`data-figure="jack"`, `trail-line`, `trail-sheet`, `data-trail-cell`, `data-marker="location"`, `class="announce"`,
}

// TestBrowserWhitehallGame plays a whole Whitehall Mystery game in Chromium:
// Jack in one browser context, the three investigators (one person on the
// yellow, blue and red seats) in another, every move a click on the board or
// on a button, chosen at random. The investigators' WebSocket frames and page
// must never hold Jack's trail, circle or locations before the end, and both
// pages must show the outcome and the trail once it is over.
func TestBrowserWhitehallGame(t *testing.T) {
	requireBrowser(t)
	began := time.Now()
	base := startServer(t)
	browser := startBrowser(t)
	shots := artifactsDir(t)
	rng := newRand(t, 1)

	jack := openPage(t, browser, "jack", base)
	inv := openPage(t, browser, "investigators", base)
	jack.saveFrames(shots, "whitehall-jack-frames.jsonl")
	inv.saveFrames(shots, "whitehall-investigators-frames.jsonl")

	// Jack creates the table in the lobby and follows his own invite link.
	jack.navigate("/")
	jack.signIn("Jack")
	invites, table := jack.createTable("whitehall", 4)
	jack.clickUntil(`#invites li[data-invite-seat="0"] a.invite-link`, "the invitation page", `location.pathname.startsWith('/join/')`, scaled(20*time.Second))
	jack.acceptInvite()
	jack.waitSeat(0)

	// The investigators open the yellow seat's invite link (the invitation page asks
	// for a name; they take the seat) and take blue and red on the table page.
	inv.navigate(invites[1])
	inv.signIn("Abberline")
	inv.acceptInvite()
	inv.waitSeat(1)
	for _, seat := range []int{2, 3} {
		inv.clickUntil(fmt.Sprintf(`#seats li[data-seat="%d"] button[data-take-seat]`, seat), fmt.Sprintf("seat %d", seat),
			fmt.Sprintf(`document.querySelector('#seats li[data-seat="%d"].mine')`, seat), scaled(20*time.Second))
		inv.waitSeat(seat)
	}
	ids := mustEval[[]string](inv, `[...document.querySelectorAll('#seats li[data-seat]')].map((li) => li.dataset.seatId)`)
	if want := []string{"jack", "yellow", "blue", "red"}; !slices.Equal(ids, want) {
		t.Fatalf("the table's seats are %v, want %v", ids, want)
	}
	waitStarted(t, 4, jack, inv)
	for _, c := range []struct {
		p    *page
		want []int
	}{{jack, []int{0}}, {inv, []int{1, 2, 3}}} {
		st := c.p.waitSeat(c.want[0])
		if st.Path != table || !slices.Equal(st.Mine, c.want) {
			t.Fatalf("%s: at %s holding %v, want %s holding %v", c.p.name, st.Path, st.Mine, table, c.want)
		}
	}
	t.Logf("table %s ready after %v", table, time.Since(began).Round(time.Millisecond))

	sec := newSecrets(t, jack, inv, whitehallSecrets)
	midShot := false
	htmlChecks := 0
	sawJackOnHisPage := false
	m := &match{
		t: t, pages: []*page{jack, inv}, rng: rng, maxMoves: 1500,
		deadline: time.Now().Add(scaled(7 * time.Minute)), // every move is previewed and confirmed: a click more each
	}
	lastCheck := -1
	m.after = func(states []pageState, moves int) {
		sec.update()
		if moves%4 != 0 || moves == lastCheck {
			return
		}
		lastCheck = moves
		// Jack's page shows his pawn with its title ("Jack is on circle
		// 42"): the truth, which must not show on the other page.
		title := mustEval[string](jack, `document.querySelector('#board [data-figure="jack"] title')?.textContent ?? ''`)
		sawJackOnHisPage = sawJackOnHisPage || title != ""
		html := inv.html()
		for _, s := range whitehallPageSecrets {
			if strings.Contains(html, s) {
				m.fail("the investigators' page shows %s before the end", s)
			}
		}
		if title != "" && strings.Contains(html, title) {
			m.fail("the investigators' page shows %q before the end", title)
		}
		htmlChecks++
		if !midShot && mustEval[int](jack, `document.querySelectorAll('#wh-status .track li.done').length`) >= 4 {
			midShot = true
			jack.screenshot(shots, "whitehall-mid-jack.png", "#board")
			inv.screenshot(shots, "whitehall-mid-investigators.png", "#board")
		}
	}
	final := m.play()
	t.Logf("game over after %d moves in %v; %d HTML checks", m.moves, time.Since(began).Round(time.Millisecond), htmlChecks)
	if !midShot {
		t.Logf("the game ended before Jack's fourth move: no mid-game screenshot")
	}
	if !sawJackOnHisPage {
		t.Errorf("Jack's page never showed his pawn: the page check proves nothing")
	}
	sec.finish()

	// Both pages show the outcome, the same as the server's.
	jackEnd, invEnd := lastOver(t, jack), lastOver(t, inv)
	for i, p := range m.pages {
		w := final[i].Winner
		if w == nil || *w == "" || *w != jackEnd.Outcome.Winner {
			t.Errorf("%s: #outcome[data-winner] is %v, want %q", p.name, w, jackEnd.Outcome.Winner)
		}
	}
	t.Logf("winner: %s", jackEnd.Outcome.Winner)

	// The final reveal: the investigators' views and page show the trail.
	var want [][]int
	if err := json.Unmarshal(jackEnd.Views["0"]["trail"], &want); err != nil || len(want) == 0 {
		t.Fatalf("Jack's final view has no trail: %v", err)
	}
	for seat, v := range invEnd.Views {
		var got [][]int
		if err := json.Unmarshal(v["trail"], &got); err != nil || !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("the investigators' final view %s has the trail %v (%v), want %v", seat, got, err, want)
		}
	}
	rows := inv.waitCount(`document.querySelectorAll('#wh-trail:not([hidden]) .trail-sheet tr[data-round]').length`)
	if rows != len(want) {
		t.Errorf("the investigators' page shows %d rows of the trail sheet, want %d", rows, len(want))
	}
	html := inv.html()
	if !strings.Contains(html, `data-figure="jack"`) {
		t.Errorf("the investigators' page does not show Jack's pawn once the game is over")
	}
	if slices.ContainsFunc(want, func(r []int) bool { return len(r) > 1 }) && !strings.Contains(html, "trail-line") {
		t.Errorf("the investigators' board does not draw Jack's trail once the game is over")
	}
	jack.screenshot(shots, "whitehall-end-jack.png", "#board")
	inv.screenshot(shots, "whitehall-end-investigators.png", "#board")
	jack.checkConsole()
	inv.checkConsole()
	t.Logf("whole test: %v", time.Since(began).Round(time.Millisecond))
}

// waitCount polls a numeric expression until it is positive (the page may
// still be drawing), for up to 15 seconds, and returns it.
func (p *page) waitCount(expr string) int {
	p.t.Helper()
	deadline := time.Now().Add(scaled(15 * time.Second))
	for {
		n, err := eval[int](p, expr)
		if (err == nil && n > 0) || time.Now().After(deadline) {
			return n
		}
		time.Sleep(25 * time.Millisecond)
	}
}
