package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// register turns the page's guest (answering the name prompt as guest)
// into the account name from the lobby's account dialog.
func (p *page) register(guest, name, password string) {
	p.t.Helper()
	p.navigate("/")
	p.signIn(guest)
	p.waitJS("the account button", `document.getElementById('account-open')`, scaled(15*time.Second))
	p.mustClick("#account-open")
	p.waitJS("the account dialog", `document.getElementById('account-dialog')?.open && !document.getElementById('register-form').hidden`, scaled(10*time.Second))
	p.fill("register-name", name)
	p.fill("register-password", password)
	p.mustClick("#register-form-submit")
	p.waitJS("the account's name in the header", `document.querySelector('#me-name a')?.textContent === `+jsString(name), scaled(15*time.Second))
}

// signInAccount signs the page in to the account name from the name prompt
// of a fresh browser context (another device of the account).
func (p *page) signInAccount(name, password string) {
	p.t.Helper()
	p.navigate("/")
	p.waitJS("the name prompt", `document.getElementById('name-dialog')?.open && document.getElementById('name-signin')`, scaled(15*time.Second))
	p.mustClick("#name-signin")
	p.waitJS("the sign-in form", `document.getElementById('account-dialog')?.open && !document.getElementById('signin-form').hidden`, scaled(10*time.Second))
	p.fill("signin-name", name)
	p.fill("signin-password", password)
	p.mustClick("#signin-form-submit")
	p.waitJS("the account's name in the header", `document.querySelector('#me-name a')?.textContent === `+jsString(name), scaled(15*time.Second))
}

// TestBrowserRatedGameProfiles: two new players register, each in their own
// browser context, play a rated game of Mr Jack Pocket to its end, and both
// profiles (/u/NAME) then list the game, rated, with each player's result,
// and a rating that moved from the starting 1500; the lobby's archive lists
// the game under either player's name.
func TestBrowserRatedGameProfiles(t *testing.T) {
	requireBrowser(t)
	axe := axeSource(t)
	began := time.Now()
	base := startServer(t)
	browser := startBrowser(t)
	rng := newRand(t, 11)

	jack := openPage(t, browser, "jack", base)
	inv := openPage(t, browser, "investigator", base)
	jack.register("Newcomer", "Moriarty1887", "the final problem")
	inv.register("Visitor", "Lestrade1887", "scotland yard")

	// Jack creates a rated table, seated as Jack; Lestrade takes the
	// other seat by its invite.
	mustEval[bool](jack, `(() => { const r = document.getElementById('rated'); r.checked = true; r.dispatchEvent(new Event('change')); return r.checked; })()`)
	invites, table := jack.createTableSeated("pocket", 2, 0)
	id := strings.TrimPrefix(table, "/t/")
	jack.navigate(table)
	jack.waitSeat(0)
	inv.navigate(invites[1])
	inv.acceptInvite()
	inv.waitSeat(1)
	waitStarted(t, 2, jack, inv)
	t.Logf("rated table %s ready after %v", table, time.Since(began).Round(time.Millisecond))

	m := &match{t: t, pages: []*page{jack, inv}, rng: rng, maxMoves: 400, deadline: time.Now().Add(scaled(3 * time.Minute))}
	pv := &pocketPreviews{shot: map[string]bool{}}
	m.mover = func(p *page, st pageState) { pocketMove(m, p, st, pv) }
	m.play()
	end := lastOver(t, jack)
	winner := end.Outcome.Winner
	t.Logf("game over after %d moves in %v: %s won", m.moves, time.Since(began).Round(time.Millisecond), winner)
	// The end screen: the outcome, the rematch with the same sides or the
	// sides swapped, and the record's download.
	jack.waitJS("the end screen's rematch choices and the record's link", `!!document.getElementById('rematch-swap') && document.getElementById('replay-export')?.getAttribute('href') === `+jsString("/api/tables/"+id+"/export"), scaled(10*time.Second))
	// Both players' ratings before and after the game, on both pages.
	for _, p := range []*page{jack, inv} {
		p.waitJS("the ratings on the end screen", `(() => { const r = document.getElementById('outcome-ratings')?.textContent ?? ''; return /Moriarty1887: 1500\s→\s\d+\s\([+−]\d+\)/.test(r) && /Lestrade1887: 1500\s→\s\d+\s\([+−]\d+\)/.test(r); })()`, scaled(15*time.Second))
	}
	jack.screenshot(artifactsDir(t), "rated-outcome.png", "#outcome")
	jack.checkAxeSchemes(axe, "a finished rated table")
	// A rematch with the sides swapped seats Jack's player as the
	// investigator of a new table.
	jack.mustClick("#rematch-swap")
	jack.waitJS("the rematch's table", `location.pathname.startsWith('/t/') && location.pathname !== `+jsString(table), scaled(15*time.Second))
	jack.waitSeat(1)

	for _, pl := range []struct {
		p    *page
		name string
		side string
	}{{jack, "Moriarty1887", "jack"}, {inv, "Lestrade1887", "investigator"}} {
		p := pl.p
		p.navigate("/u/" + pl.name)
		row := fmt.Sprintf(`#profile-recent li[data-table=%s]`, jsString(id))
		p.waitJS("the rated game in "+pl.name+"'s profile", `document.querySelector(`+jsString(row+` .badge.rated`)+`)`, scaled(20*time.Second))
		won := mustEval[bool](p, `!!document.querySelector(`+jsString(row+` .won`)+`)`)
		if won != (winner == pl.side) {
			t.Errorf("%s's profile says won=%v; %s won", pl.name, won, winner)
		}
		rating := fmt.Sprintf(`#profile-ratings tr[data-game="pocket"][data-side=%s] td.rating`, jsString(pl.side))
		p.waitJS(pl.name+"'s Pocket rating", `document.querySelector(`+jsString(rating)+`)`, scaled(10*time.Second))
		text := mustEval[string](p, `document.querySelector(`+jsString(rating)+`).textContent`)
		if strings.HasPrefix(strings.TrimSpace(text), "1500") || text == "" {
			t.Errorf("%s's rating did not move: %q", pl.name, text)
		}
		t.Logf("%s (%s): %s", pl.name, pl.side, text)
	}

	// The archive lists the game under either name, with its outcome.
	jack.navigate("/?player=lestrade1887&game=pocket#archive")
	arow := fmt.Sprintf(`#archive-list li[data-archive-table=%s]`, jsString(id))
	jack.waitJS("the game in the filtered archive", `document.querySelector(`+jsString(arow)+`)?.dataset.winner === `+jsString(winner), scaled(15*time.Second))
	if v := mustEval[string](jack, `document.getElementById('archive-player').value`); v != "lestrade1887" {
		t.Errorf("the archive's player filter reads %q from the address", v)
	}
	jack.checkAxeSchemes(axe, "the lobby's archive, filtered")
	// The form writes its filters to the address: the other side's wins
	// list nothing here.
	loser := map[string]string{"jack": "investigator", "investigator": "jack"}[winner]
	mustEval[chromedp.Void](jack, `(() => { const s = document.getElementById('archive-outcome'); s.value = `+jsString("won:"+loser)+`; })()`)
	jack.mustClick("#archive-submit")
	jack.waitJS("the other side's wins, none, with the filter in the address",
		`new URLSearchParams(location.search).get('outcome') === `+jsString("won:"+loser)+` && new URLSearchParams(location.search).get('player') === 'lestrade1887' && !document.querySelector('#archive-list li[data-archive-table]') && !!document.querySelector('#archive-list li.empty')`, scaled(15*time.Second))
	jack.checkConsole()
	inv.checkConsole()
}
