package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
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
	if n := mustEval[int](inv, `document.querySelectorAll('#seats [data-clock-seat]').length`); n != 2 {
		t.Fatalf("%d clocks in the investigator's seats list, want 2", n)
	}
	// Both clocks also sit beside the prompt, the viewer's first, within
	// the window of a laptop and of a phone (the seats' list is below the
	// fold there), and they tick there too.
	shots := artifactsDir(t)
	for _, vp := range viewports {
		opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(1)}
		if vp.mobile {
			opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
		}
		if err := inv.run(scaled(10*time.Second), chromedp.EmulateViewport(vp.width, vp.height, opts...)); err != nil {
			t.Fatalf("viewport: %v", err)
		}
		inv.waitJS("the clocks beside the prompt", `document.querySelectorAll('#clock-strip [data-clock-seat]').length === 2`, scaled(10*time.Second))
		got := mustEval[string](inv, `(() => {
  const strip = document.getElementById('clock-strip');
  const r = strip.getBoundingClientRect();
  const first = strip.querySelector('.clock-seat');
  return [strip.hidden, r.top >= 0 && r.bottom <= innerHeight && r.right <= innerWidth, first.dataset.stripSeat, first.querySelector('.clock-who').textContent].join('|');
})()`)
		if got != "false|true|1|You" {
			t.Errorf("%s: the clock strip (hidden|in the window|first seat|its label) is %q, want false|true|1|You", vp.name, got)
		}
		// On a phone the header's pace badge is short ("10+5"), so the
		// game's name keeps its room.
		if vp.mobile {
			if got := mustEval[string](inv, `(() => { const b = document.querySelector('.badge.pace'); return b.querySelector('.pace-short').getBoundingClientRect().width > 0 && b.getBoundingClientRect().width < 60 ? b.querySelector('.pace-short').textContent : 'wide: ' + b.getBoundingClientRect().width; })()`); got != "10+5" {
				t.Errorf("phone: the pace badge shows %q, want 10+5", got)
			}
		}
		inv.viewportShot(shots, "clock-strip-"+vp.name+".png")
	}
	before := mustEval[string](inv, `document.querySelector('#clock-strip .clock.running')?.textContent ?? ''`)
	inv.waitJS("the strip's running clock to tick", `(document.querySelector('#clock-strip .clock.running')?.textContent ?? '') !== `+jsString(before), scaled(20*time.Second))
}
