package e2e

import (
	"context"
	"fmt"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"gaslamp/store"
)

// lobbyPage opens the lobby signed in as name, its game list loaded; it
// returns the server's store.
func lobbyPage(t *testing.T, name string) (*page, store.Store) {
	t.Helper()
	requireBrowser(t)
	base, st := startServerStore(t)
	browser := startBrowser(t)
	p := openPage(t, browser, name, base)
	p.navigate("/")
	p.signIn(name)
	p.waitJS("the lobby's game list", `document.querySelector('#game-select option[value="whitehall"]')`, scaled(15*time.Second))
	return p, st
}

// finishedGames stores n finished games of Mr Jack Pocket between bots, for
// the lobby's archive to list.
func finishedGames(t *testing.T, st store.Store, n int) {
	t.Helper()
	ctx := context.Background()
	now := time.Now().UTC()
	for i := range n {
		id := fmt.Sprintf("t_finished%03d", i)
		rec := store.Table{ID: id, Game: "pocket", Status: store.StatusFinished, Created: now.Add(-time.Hour),
			Seats: []store.Seat{{Seat: 0, Kind: store.KindBot, Level: "normal"}, {Seat: 1, Kind: store.KindBot, Level: "hard"}}}
		if err := st.CreateTable(ctx, rec); err != nil {
			t.Fatal(err)
		}
		if err := st.RecordFinish(ctx, id, store.Finish{Winner: "jack", Ended: store.EndRules, At: now}); err != nil {
			t.Fatal(err)
		}
	}
}

// lobbyShots saves what the viewport shows at 1366x768 and at 390x844 (a
// phone), after scrolling sel (when given) into view; the page stays at
// 390x844 after.
func lobbyShots(p *page, name, sel string) {
	p.t.Helper()
	for _, vp := range []struct {
		tag   string
		w, h  int64
		phone bool
	}{{"1366", 1366, 768, false}, {"390", 390, 844, true}} {
		opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(1)}
		if vp.phone {
			opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
		}
		if err := p.run(scaled(10*time.Second), chromedp.EmulateViewport(vp.w, vp.h, opts...)); err != nil {
			p.t.Fatalf("viewport %s: %v", vp.tag, err)
		}
		if sel != "" {
			mustEval[any](p, `document.querySelector(`+jsString(sel)+`)?.scrollIntoView({block: 'start'})`)
		}
		p.viewportShot(shotsDir(p.t), name+"-"+vp.tag+".png")
	}
}

// TestBrowserLobbyHotseat: a hot-seat table made in the lobby seats its
// creator at every seat: the lobby shows no invite link, says so, and lists
// the table among the games in progress, not among the open tables.
func TestBrowserLobbyHotseat(t *testing.T) {
	p, _ := lobbyPage(t, "Teacher")
	mustEval[chromedp.Void](p, `(() => {
  const s = document.getElementById('game-select');
  s.value = 'whitehall';
  s.dispatchEvent(new Event('change'));
  document.getElementById('hotseat').checked = true;
})()`)
	p.mustClick("#create-submit")
	p.waitJS("the new table's link", `document.getElementById('open-new-table')?.getAttribute('href')?.startsWith('/t/')`, scaled(15*time.Second))
	if n := mustEval[int](p, `document.querySelectorAll('#invites [data-invite-seat], #invites .invite-list').length`); n != 0 {
		t.Fatalf("a hot-seat table shows %d invite elements:\n%s", n, mustEval[string](p, `document.getElementById('invites').innerText`))
	}
	if got := mustEval[string](p, `document.querySelector('#invites .you-sit')?.textContent ?? ''`); got != "You play every seat yourself." {
		t.Errorf("the new table says %q", got)
	}
	id := mustEval[string](p, `document.getElementById('open-new-table').getAttribute('href').slice(3)`)
	p.waitJS("the table among the games in progress", `!!document.querySelector('#running-tables [data-table=`+jsString(id)+`]')`, scaled(15*time.Second))
	if n := mustEval[int](p, `document.querySelectorAll('#open-tables [data-table=`+jsString(id)+`]').length`); n != 0 {
		t.Errorf("the hot-seat table is listed as open")
	}
	lobbyShots(p, "lobby-hotseat", "#invites")
}

// TestBrowserLobbyRefreshKeepsFocus: the lobby's refresh every few seconds
// rebuilds the table lists; a keyboard user's focus on a "Take this seat"
// button stays on that seat's new button, not thrown back to the page.
func TestBrowserLobbyRefreshKeepsFocus(t *testing.T) {
	p, _ := lobbyPage(t, "Keys")
	_, table := p.createTable("whitehall", 4)
	id := table[len("/t/"):]
	sel := `#open-tables button[data-take-seat="2"][data-table=` + jsString(id) + `]`
	p.waitJS("the new table's free seat", `!!document.querySelector(`+jsString(sel)+`)`, scaled(15*time.Second))
	// The next refresh is seen by the list's rows changing (an observer's
	// callback runs once the redraw is done).
	mustEval[bool](p, `(() => {
  window.lobbyRedrawn = false;
  new MutationObserver(() => { window.lobbyRedrawn = true; }).observe(document.getElementById('open-tables'), { childList: true });
  document.querySelector(`+jsString(sel)+`).focus();
  return document.activeElement === document.querySelector(`+jsString(sel)+`);
})()`)
	p.waitJS("the next refresh", `window.lobbyRedrawn === true`, scaled(25*time.Second))
	got := mustEval[string](p, `(() => { const a = document.activeElement; return a ? a.tagName + ' ' + (a.dataset.takeSeat ?? '') + ' ' + (a.dataset.table ?? '') + ' ' + a.isConnected : 'none'; })()`)
	if want := "BUTTON 2 " + id + " true"; got != want {
		t.Fatalf("after a refresh the focus is on %q, want %q", got, want)
	}
}

// TestBrowserLobbyNames: a screen reader tells the lobby's seat buttons and
// table links apart (each names its seat and game, and begins with the words
// shown), and the lobby has a main heading.
func TestBrowserLobbyNames(t *testing.T) {
	p, _ := lobbyPage(t, "Ears")
	_, table := p.createTable("whitehall", 4)
	id := table[len("/t/"):]
	p.waitJS("the new table's seat buttons", `document.querySelectorAll('#open-tables button[data-table=`+jsString(id)+`]').length === 4`, scaled(15*time.Second))
	labels := mustEval[[]string](p, `[...document.querySelectorAll('#open-tables button[data-table=`+jsString(id)+`]')].map((b) => b.getAttribute('aria-label') ?? '')`)
	want := []string{"Take this seat: Jack in Whitehall Mystery", "Take this seat: Yellow investigator (Jasper T.C. Waring) in Whitehall Mystery"}
	if len(labels) != 4 || labels[0] != want[0] || labels[1] != want[1] {
		t.Errorf("seat buttons named %q, want %q…", labels, want)
	}
	if got := mustEval[string](p, `document.querySelector('#open-tables a[data-watch=`+jsString(id)+`]').getAttribute('aria-label') ?? ''`); got != "Open the Whitehall Mystery table" {
		t.Errorf("the table's link is named %q", got)
	}
	if got := mustEval[string](p, `[...document.querySelectorAll('h1')].map((h) => h.textContent).join('|')`); got != "The gaslamp lobby" {
		t.Errorf("the lobby's h1: %q", got)
	}
	mustEval[any](p, `(() => { const s = document.getElementById('lang-select'); s.value = 'fr'; s.dispatchEvent(new Event('change')); })()`)
	p.waitJS("the French seat buttons", `document.querySelector('#open-tables button[data-take-seat="0"][data-table=`+jsString(id)+`]')?.getAttribute('aria-label') === 'Prendre cette place\u00a0: Jack dans Le Mystère de Whitehall'`, scaled(10*time.Second))
	if got := mustEval[string](p, `document.querySelector('h1').textContent`); got != "Le salon de gaslamp" {
		t.Errorf("the French h1: %q", got)
	}
}

// TestBrowserLobbyFrenchPhone: the French lobby fits a 390 px phone: nothing
// scrolls sideways (the finished games' filter, with its longer words, made
// the side column as wide as its widest field).
func TestBrowserLobbyFrenchPhone(t *testing.T) {
	p, st := lobbyPage(t, "Téléphone")
	finishedGames(t, st, 2)
	// A French player's browser: its date fields are laid out for France.
	if err := p.run(scaled(10*time.Second), chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetLocaleOverride, emulation.SetLocaleOverrideParams{Locale: "fr-FR"})
		return err
	})); err != nil {
		t.Fatalf("locale: %v", err)
	}
	p.navigate("/")
	p.waitJS("the lobby's game list", `document.querySelector('#game-select option[value="whitehall"]')`, scaled(15*time.Second))
	mustEval[any](p, `(() => { const s = document.getElementById('lang-select'); s.value = 'fr'; s.dispatchEvent(new Event('change')); })()`)
	// An open table at a slow pace whose players may say they are away:
	// its pace reads long.
	mustEval[chromedp.Void](p, `(() => {
  const s = document.getElementById('game-select');
  s.value = 'whitehall';
  s.dispatchEvent(new Event('change'));
  const pace = document.getElementById('pace-select');
  pace.value = 'turn-3d';
  pace.dispatchEvent(new Event('change'));
  document.getElementById('pace-away').checked = true;
})()`)
	p.mustClick("#create-submit")
	p.waitJS("the slow table among the open ones", `!!document.querySelector('#open-tables .badge.pace')`, scaled(15*time.Second))
	p.waitJS("the French lobby", `document.getElementById('archive-to')?.labels[0]?.textContent === 'Au'`, scaled(10*time.Second))
	lobbyShots(p, "lobby-fr", "#open-tables")
	lobbyShots(p, "lobby-fr-archive", "#archive")
	p.waitJS("the finished games, to replay", `document.querySelectorAll('#archive-list [data-replay]').length === 2`, scaled(10*time.Second))
	if got := mustEval[string](p, `document.documentElement.scrollWidth + ' ' + innerWidth`); got != "390 390" {
		p.viewportShot(shotsDir(t), "lobby-fr-overflow.png")
		t.Errorf("the French lobby at 390x844: scrollWidth, innerWidth = %s", got)
	}
}

// TestBrowserLobbyPaceCustomLeft: the custom pace's fields line up on the
// left like every other field of the form, not centred.
func TestBrowserLobbyPaceCustomLeft(t *testing.T) {
	p, _ := lobbyPage(t, "Pace")
	mustEval[chromedp.Void](p, `(() => { const s = document.getElementById('pace-select'); s.value = 'custom-live'; s.dispatchEvent(new Event('change')); })()`)
	p.waitJS("the custom pace's fields", `!document.getElementById('pace-live-custom').hidden`, scaled(5*time.Second))
	lobbyShots(p, "lobby-pace-custom", "#pace-select")
	for _, vp := range []string{"390", "1366"} {
		if vp == "1366" {
			if err := p.run(scaled(10*time.Second), chromedp.EmulateViewport(1366, 768, chromedp.EmulateScale(1))); err != nil {
				t.Fatal(err)
			}
		}
		got := mustEval[string](p, `['pace-select', 'pace-bank', 'pace-increment'].map((id) => Math.round(document.querySelector('label[for="' + id + '"]').getBoundingClientRect().left) + '/' + Math.round(document.getElementById(id).getBoundingClientRect().left)).join(' ')`)
		var l, c, bl, b, il, i int
		if _, err := fmt.Sscanf(got, "%d/%d %d/%d %d/%d", &l, &c, &bl, &b, &il, &i); err != nil {
			t.Fatalf("%s: %q: %v", vp, got, err)
		}
		if bl != l || b != c || il != l || i != c {
			t.Errorf("at %s px the custom pace's labels and fields start at %q, want every one at the pace's %d/%d", vp, got, l, c)
		}
	}
}

// TestBrowserLobbyNoEmptyOptions: a game without options (Mr Jack Pocket)
// shows no empty Options box; a game with options shows it.
func TestBrowserLobbyNoEmptyOptions(t *testing.T) {
	p, _ := lobbyPage(t, "Pocket")
	choose := func(game string) {
		mustEval[chromedp.Void](p, `(() => { const s = document.getElementById('game-select'); s.value = `+jsString(game)+`; s.dispatchEvent(new Event('change')); })()`)
	}
	choose("pocket")
	if got := mustEval[string](p, `(() => { const f = document.getElementById('options').closest('fieldset'); return f.getBoundingClientRect().height + ' ' + f.querySelectorAll('[data-option]').length; })()`); got != "0 0" {
		t.Errorf("Mr Jack Pocket's options box: height and options %q, want hidden", got)
	}
	lobbyShots(p, "lobby-pocket-form", "#create-title")
	choose("whitehall")
	if got := mustEval[bool](p, `document.getElementById('options').closest('fieldset').getBoundingClientRect().height > 0`); !got {
		t.Errorf("Whitehall's options box is hidden")
	}
}

// TestBrowserLobbyPaceHelp: the help under the pace says what happens when
// a player's time runs out: a bot plays the move, or, once "loses the
// game" is ticked, the player loses; in the page's language.
func TestBrowserLobbyPaceHelp(t *testing.T) {
	p, _ := lobbyPage(t, "Clock")
	mustEval[chromedp.Void](p, `(() => { const s = document.getElementById('pace-select'); s.value = 'live-10-5'; s.dispatchEvent(new Event('change')); })()`)
	help := `document.getElementById('pace-help').textContent`
	if got := mustEval[string](p, help); got != "When a player's time runs out, a bot plays that move for them." {
		t.Errorf("help without loss on time: %q", got)
	}
	p.mustClick("#pace-lose")
	p.waitJS("the help of a loss on time", help+` === "When a player's time runs out, they lose the game."`, scaled(5*time.Second))
	lobbyShots(p, "lobby-pace-lose", "#pace-select")
	mustEval[any](p, `(() => { const s = document.getElementById('lang-select'); s.value = 'fr'; s.dispatchEvent(new Event('change')); })()`)
	p.waitJS("the French help of a loss on time", help+` === "Quand le temps d'un joueur est écoulé, il perd la partie."`, scaled(5*time.Second))
	p.mustClick("#pace-lose")
	p.waitJS("the French help without loss on time", help+` === "Quand le temps d'un joueur est écoulé, un bot joue ce coup à sa place."`, scaled(5*time.Second))
}

// TestBrowserLobbyTakeoverSeconds: the takeover delay takes any whole
// number of seconds in its range (45 was refused, by the browser's own
// English message, for not being a multiple of 10).
func TestBrowserLobbyTakeoverSeconds(t *testing.T) {
	p, _ := lobbyPage(t, "Delay")
	for v, ok := range map[string]bool{"45": true, "7": true, "3600": true, "4.5": false, "3601": false} {
		got := mustEval[bool](p, `(() => { const i = document.getElementById('takeover'); i.value = `+jsString(v)+`; return i.checkValidity(); })()`)
		if got != ok {
			t.Errorf("takeover %s: valid %v, want %v", v, got, ok)
		}
	}
	// Out of its range, the field says so in the page's language, not in
	// the browser's.
	mustEval[any](p, `(() => { const s = document.getElementById('lang-select'); s.value = 'fr'; s.dispatchEvent(new Event('change')); })()`)
	p.waitJS("the French lobby", `document.getElementById('create-submit').textContent === 'Créer la table'`, scaled(10*time.Second))
	msg := `(() => { const i = document.getElementById('takeover'); i.value = '5000'; i.dispatchEvent(new Event('input')); return i.validationMessage; })()`
	if got := mustEval[string](p, msg); got != "Indiquez un nombre entier de secondes, de 0 à 3600." && got != "Indiquez un nombre entier de secondes, de 0 à 3 600." && got != "Indiquez un nombre entier de secondes, de 0 à 3 600." {
		t.Errorf("the French page says %q for 5000 s", got)
	}
	if got := mustEval[string](p, `(() => { const i = document.getElementById('takeover'); i.value = '45'; i.dispatchEvent(new Event('input')); return i.validationMessage; })()`); got != "" {
		t.Errorf("45 s: %q", got)
	}
}

// TestBrowserLobbyWording: a table row names its options shortly (not the
// form's long explanations), in French with the feminine of "aide"; a
// turn-based move's deadline reads "3:05 PM", not "03:05 PM".
func TestBrowserLobbyWording(t *testing.T) {
	p, _ := lobbyPage(t, "Words")
	// The browser's clock where the deadline falls between 1 and 9
	// o'clock (12-hour clock), where a 2-digit hour shows a leading zero.
	off := (3 - time.Now().UTC().Hour() + 24) % 24
	if off > 12 {
		off -= 24
	}
	tz := fmt.Sprintf("Etc/GMT%+d", -off)
	if err := p.run(scaled(10*time.Second), chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetTimezoneOverride, emulation.SetTimezoneOverrideParams{TimezoneID: tz})
		return err
	})); err != nil {
		t.Fatalf("time zone %s: %v", tz, err)
	}
	// A Whitehall table with two options changed.
	mustEval[chromedp.Void](p, `(() => {
  const s = document.getElementById('game-select');
  s.value = 'whitehall';
  s.dispatchEvent(new Event('change'));
  document.getElementById('opt-false-clues').checked = true;
  document.getElementById('opt-deduction').value = 'off';
})()`)
	p.mustClick("#create-submit")
	p.waitJS("the table's options in its row", `!!document.querySelector('#open-tables .table-options')`, scaled(15*time.Second))
	if got := mustEval[string](p, `document.querySelector('#open-tables .table-options').textContent`); got != "Deduction help: off, False clues" {
		t.Errorf("the row's options: %q", got)
	}
	// A hot-seat Pocket table at one day a move: the player's move, with
	// its deadline.
	mustEval[chromedp.Void](p, `(() => {
  const s = document.getElementById('game-select');
  s.value = 'pocket';
  s.dispatchEvent(new Event('change'));
  document.getElementById('hotseat').checked = true;
  const pace = document.getElementById('pace-select');
  pace.value = 'turn-1d';
  pace.dispatchEvent(new Event('change'));
})()`)
	p.mustClick("#create-submit")
	p.waitJS("the deadline of the player's move", `!!document.querySelector('#my-tables .my-left')`, scaled(20*time.Second))
	left := mustEval[string](p, `document.querySelector('#my-tables .my-left').textContent`)
	if !regexp.MustCompile(`^Move by \w+, \w+ \d+, [1-9]:\d\d [AP]M \(`).MatchString(left) {
		t.Errorf("in %s the deadline reads %q", tz, left)
	}
	// The player's games each have a Play link: its name says which.
	if got := mustEval[[]string](p, `[...document.querySelectorAll('#my-tables a[data-resume]')].map((a) => a.getAttribute('aria-label') ?? '')`); len(got) != 2 || got[0] != "Play Mr Jack Pocket as Jack, Investigator" || got[1] != "Play Whitehall Mystery as Jack" {
		t.Errorf("the Play links are named %q", got)
	}
	mustEval[any](p, `(() => { const s = document.getElementById('lang-select'); s.value = 'fr'; s.dispatchEvent(new Event('change')); })()`)
	p.waitJS("the French options", `document.querySelector('#open-tables .table-options')?.textContent === 'Aide à la déduction\u00a0: désactivée, Faux indices'`, scaled(10*time.Second))
	// French writes the hour with two digits, as the row's date does.
	p.waitJS("the French deadline", `/^À jouer avant le .* 0\d:\d\d /.test(document.querySelector('#my-tables .my-left')?.textContent ?? '')`, scaled(10*time.Second))
	lobbyShots(p, "lobby-wording-fr", "#my-games")
}
