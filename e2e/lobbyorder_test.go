package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserYourGamesFirstOnPhone: on a phone, a returning player's "Your
// games" comes before the long "New table" form (it came after it, below
// the whole form); a player without games still gets the form first. On a
// laptop "Your games" stays at the top of the right column, beside the form,
// with the other cards below it and no gap left by a hidden card; a new
// table's invites go across the top.
func TestBrowserYourGamesFirstOnPhone(t *testing.T) {
	requireBrowser(t)
	p := openPage(t, startBrowser(t), "phone", startServer(t))
	phone := func() {
		t.Helper()
		p.phone()
	}
	phone()
	p.navigate("/")
	p.signIn("Wiggins")
	// No game yet: the form first.
	p.waitJS("the form before the empty 'Your games'", `(() => {
  const mine = document.getElementById('my-games'), form = document.querySelector('.create-card');
  return !mine.hidden && mine.querySelector('#my-tables li.empty') &&
    form.getBoundingClientRect().bottom <= mine.getBoundingClientRect().top;
})()`, scaled(15*time.Second))

	p.createBotTableAt("pocket", 2, 0)
	p.navigate("/")
	const first = `(() => {
  const mine = document.getElementById('my-games'), form = document.querySelector('.create-card');
  if (mine.hidden || !mine.querySelector('#my-tables li[data-my-table]')) return false;
  const m = mine.getBoundingClientRect(), f = form.getBoundingClientRect();
  return m.bottom <= f.top && m.top < innerHeight && m.right <= innerWidth;
})()`
	p.waitJS("'Your games' before the form, in view", first, scaled(15*time.Second))
	p.viewportShot(shotsDir(t), "lobby-your-games-phone.png")

	if err := p.run(scaled(10*time.Second), chromedp.EmulateViewport(1280, 800, chromedp.EmulateScale(1))); err != nil {
		t.Fatal(err)
	}
	p.waitJS("'Your games' at the top of the right column, the other cards below it", `(() => {
  const mine = document.getElementById('my-games').getBoundingClientRect();
  const form = document.querySelector('.create-card').getBoundingClientRect();
  const side = document.querySelector('.lobby-side').getBoundingClientRect();
  return mine.left >= form.right && Math.abs(mine.top - form.top) < 1 &&
    side.left === mine.left && side.top > mine.bottom && side.top - mine.bottom < 20;
})()`, scaled(10*time.Second))
	p.viewportShot(shotsDir(t), "lobby-your-games-desktop.png")

	// A new table's invites go across the top, above both columns.
	p.createTableSeated("pocket", 2, 0)
	p.waitJS("the invites above the form and 'Your games'", `(() => {
  const inv = document.getElementById('invites').getBoundingClientRect();
  const mine = document.getElementById('my-games').getBoundingClientRect();
  const form = document.querySelector('.create-card').getBoundingClientRect();
  return inv.height > 0 && inv.left <= form.left && inv.right >= mine.right && form.top > inv.bottom && Math.abs(mine.top - form.top) < 1;
})()`, scaled(10*time.Second))
	mustEval[any](p, `scrollTo(0, 0)`)
	p.viewportShot(shotsDir(t), "lobby-invites-desktop.png")
	p.checkConsole()
}
