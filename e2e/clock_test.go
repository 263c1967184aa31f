package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestBrowserLiveClock: a table created with a live pace shows it in the
// lobby and on the table, and the seat that must act sees its clock run
// down from the server's deadline.
func TestBrowserLiveClock(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	jack := openPage(t, browser, "jack", base)
	inv := openPage(t, browser, "investigator", base)
	jack.navigate("/")
	jack.signIn("Jack")
	jack.waitJS("the pace choice", `document.querySelector('#pace-select option[value="live-10-5"]')`, scaled(15*time.Second))
	mustEval[bool](jack, `(() => { const s = document.getElementById('pace-select'); s.value = 'live-10-5'; s.dispatchEvent(new Event('change')); return true; })()`)
	invites, table := jack.createTable("pocket", 2)
	jack.clickUntil(`#invites li[data-invite-seat="0"] a.invite-link`, "the invitation page", `location.pathname.startsWith('/join/')`, scaled(20*time.Second))
	jack.acceptInvite()
	jack.waitSeat(0)
	inv.navigate(invites[1])
	// A first visit: the invitation shows behind the name prompt.
	inv.waitJS("the invitation behind the name prompt", `document.getElementById('name-dialog')?.open && document.getElementById('join-what').textContent.includes('Jack') && document.getElementById('join-what').textContent.includes('Mr Jack Pocket')`, scaled(15*time.Second))
	inv.signIn("Holmes")
	inv.acceptInvite()
	inv.waitSeat(1)
	waitStarted(t, 2, jack, inv)
	if got := mustEval[string](inv, `location.pathname`); got != table {
		t.Fatalf("investigator on %s", got)
	}
	pace := mustEval[string](jack, `document.querySelector('.badge.pace')?.textContent ?? ''`)
	if !strings.Contains(pace, "10 min") {
		t.Fatalf("the table's pace reads %q", pace)
	}
	// Some seat's clock runs; its text changes as time passes.
	jack.waitJS("a running clock", `document.querySelector('.clock.running')`, scaled(20*time.Second))
	first := mustEval[string](jack, `document.querySelector('.clock.running').textContent`)
	if !strings.HasPrefix(first, "10:00") && !strings.HasPrefix(first, "9:") {
		t.Fatalf("the running clock reads %q, want about 10:00", first)
	}
	jack.waitJS("the clock to tick", `document.querySelector('.clock.running').textContent !== `+jsString(first), scaled(20*time.Second))
	if n := mustEval[int](inv, `document.querySelectorAll('[data-clock-seat]').length`); n != 2 {
		t.Fatalf("%d clocks on the investigator's page, want 2", n)
	}
}
