package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestBrowserInvitationAndSeatMove: an invitee sees who invites them to
// which seat of which game before taking it; a seated player moves their
// seat to another device with the one-time link the table page shows only
// to them; the old page is told and watches on.
func TestBrowserInvitationAndSeatMove(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	shots := artifactsDir(t)

	jack := openPage(t, browser, "jack", base)
	inv := openPage(t, browser, "investigator", base)
	phone := openPage(t, browser, "jack's phone", base)

	jack.navigate("/")
	jack.signIn("Jack")
	invites, table := jack.createTable("pocket", 2)
	jack.clickUntil(`#invites li[data-invite-seat="0"] a.invite-link`, "the invitation page", `location.pathname.startsWith('/join/')`, scaled(20*time.Second))
	jack.acceptInvite()
	jack.waitSeat(0)

	// The invitation page says what the link is, and opening it took
	// nothing: the seat is still free until the button is pressed.
	inv.navigate(invites[1])
	inv.signIn("Holmes")
	inv.waitJS("the invitation's text", `document.getElementById('join-what')?.textContent.includes('Jack') && document.getElementById('join-take')?.hidden === false`, scaled(20*time.Second))
	what := mustEval[string](inv, `document.getElementById('join-what').textContent`)
	if !strings.Contains(what, "Jack invites you") || !strings.Contains(what, "Mr Jack Pocket") {
		t.Fatalf("the invitation says %q", what)
	}
	inv.screenshot(shots, "invitation.png", "main")
	inv.acceptInvite()
	inv.waitSeat(1)
	waitStarted(t, 2, jack, inv)

	// Jack moves to his phone.
	sel := `#seats li[data-seat="0"] button[data-transfer-seat]`
	jack.waitJS("the transfer button", `document.querySelector(`+jsString(sel)+`)`, scaled(20*time.Second))
	jack.mustClick(sel)
	jack.waitJS("the transfer link", `document.querySelector('input[data-seat-link]')?.value.includes('/join/')`, scaled(20*time.Second))
	link := mustEval[string](jack, `document.querySelector('input[data-seat-link]').value`)
	if !strings.HasPrefix(link, base+"/join/t_") {
		t.Fatalf("transfer link %q", link)
	}
	phone.navigate(link)
	phone.signIn("Jack")
	phone.waitJS("the transfer's text", `document.getElementById('join-take')?.hidden === false && document.getElementById('join-what')?.textContent.includes('this device')`, scaled(20*time.Second))
	phone.acceptInvite()
	phone.waitSeat(0)
	if got := mustEval[string](phone, `location.pathname`); got != table {
		t.Fatalf("the phone went to %s, want %s", got, table)
	}
	// The old page no longer holds the seat and says so.
	jack.waitState("the old page to watch", scaled(20*time.Second), func(st pageState) bool { return len(st.Mine) == 0 })
	// The link was for one use.
	again := openPage(t, browser, "eve", base)
	again.navigate(link)
	again.waitJS("the used link's refusal", `document.getElementById('join-error')?.textContent !== ''`, scaled(20*time.Second))
	// It says so at once: no name is asked for a seat there is not.
	if open := mustEval[bool](again, `!!document.getElementById('name-dialog')?.open`); open {
		t.Error("a used link asks the visitor's name before its refusal")
	}
}
