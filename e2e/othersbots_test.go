package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserOthersBots: "Bots in every other seat" in the lobby's form
// keeps the player's chosen seat a person's and gives every other seat a bot
// at the level shown, in one click; the table it creates starts at once, with
// the bots named by their translated level on the table page, and the
// lobby's list of games in progress offers it to open, not to watch.
func TestBrowserOthersBots(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	p := openPage(t, browser, "solo", base)
	p.navigate("/")
	p.signIn("Solo")
	p.waitJS("the lobby's game list", `document.querySelector('#game-select option[value="whitechapel"]')`, scaled(15*time.Second))
	mustEval[chromedp.Void](p, `(() => {
  const s = document.getElementById('game-select');
  s.value = 'whitechapel';
  s.dispatchEvent(new Event('change'));
})()`)
	p.waitJS("the seat rows", `document.querySelectorAll('#seat-config [id^="seat-kind-"]').length === 6`, scaled(10*time.Second))
	// The player picks the second seat (the blue policeman), sets one
	// level to Hard, then asks for bots everywhere else.
	mustEval[chromedp.Void](p, `(() => {
  const my = document.getElementById('my-seat');
  my.value = '1';
  my.dispatchEvent(new Event('change'));
  document.getElementById('seat-level-3').value = 'hard';
})()`)
	p.mustClick("#others-bots")
	kinds := mustEval[[]string](p, `[...document.querySelectorAll('#seat-config [id^="seat-kind-"]')].map((k) => k.value)`)
	if got := mustEval[string](p, `document.getElementById('my-seat').value`); got != "1" || len(kinds) != 6 {
		t.Fatalf("after the click: your seat %q, kinds %v", got, kinds)
	}
	for i, k := range kinds {
		if want := map[bool]string{true: "human", false: "bot"}[i == 1]; k != want {
			t.Fatalf("seat %d is %q after the click, want %q (kinds %v)", i, k, want, kinds)
		}
	}
	p.screenshot(shotsDir(t), "lobby-others-bots.png", "#create-form")
	p.mustClick("#create-submit")
	p.waitJS("the new table's link", `document.getElementById('open-new-table')?.getAttribute('href')?.startsWith('/t/')`, scaled(15*time.Second))
	href := mustEval[string](p, `document.getElementById('open-new-table').getAttribute('href')`)
	p.navigate(href)
	p.waitJS("the table, started, with the bots named by level",
		`document.body.dataset.version !== '-1' && /Hard \(bot\)/.test(document.querySelector('.side')?.textContent ?? '') && /Normal \(bot\)/.test(document.querySelector('.side')?.textContent ?? '')`,
		scaled(20*time.Second))
	// Back in the lobby, the player's own game in progress opens to play:
	// its button says Open, not Watch.
	id := strings.TrimPrefix(href, "/t/")
	p.navigate("/")
	p.waitJS("the player's running table, to open", `document.querySelector('#running-tables a[data-watch=`+jsString(id)+`]')?.textContent === 'Open'`, scaled(20*time.Second))
}
