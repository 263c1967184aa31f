package e2e

import (
	"testing"
	"time"
)

// TestBrowserOwnProfile: the lobby's "Your games" says with whom each game
// is played, in progress and finished, and dates a finished one by its end. On their own profile, a player's
// games in progress offer "Play" (they are theirs), while another visitor
// is offered "Watch", and a game in progress names each seat's side with
// its player ("Jack: Normal (bot) · Investigator: Holmes221"); a recent
// game says its side, its result and its date,
// each set apart ("Jack · lost · Dec 7, 2026"); the French page does not
// call both the ratings and the leaderboards "Classements".
func TestBrowserOwnProfile(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	p := openPage(t, browser, "owner", base)
	p.register("Passer-by", "Holmes221", "elementary, dear")

	// A game given up (finished), then one in progress.
	p.createBotTableAt("pocket", 2, 0)
	p.answerResign(true)
	p.waitJS("the game over", `document.body.dataset.over === 'true'`, scaled(20*time.Second))
	p.createBotTableAt("pocket", 2, 1)
	table := mustEval[string](p, `location.pathname`)

	p.navigate("/")
	p.waitJS("the games' other players in the lobby", `(() => {
  const rows = [...document.querySelectorAll('#my-tables li[data-my-table], #my-finished li[data-my-table]')];
  return rows.length === 2 && rows.every((li) => li.querySelector('.my-players')?.textContent === 'With Normal (bot)');
})()`, scaled(15*time.Second))
	// The finished game is dated by its end, as in the archive.
	p.waitJS("the finished game dated by its end", `fetch('/api/my/tables?status=finished').then((r) => r.json()).then((l) => {
  window.__ended = l[0]?.table?.finish?.at ?? '';
  return window.__ended;
}) && window.__ended && window.__ended !== '' &&
  document.querySelector('#my-finished li[data-my-table] time')?.getAttribute('datetime') === window.__ended`, scaled(15*time.Second))
	mustEval[any](p, `document.getElementById('my-games').scrollIntoView()`)
	p.viewportShot(shotsDir(t), "my-games-players.png")

	p.navigate("/u/Holmes221")
	p.waitJS("the game in progress, to play", `(() => {
  const a = document.querySelector('#profile-playing a[href=`+jsString(table)+`]');
  return a?.textContent === 'Play' && a.dataset.own === 'true' &&
    a.closest('li').textContent.includes('Jack: Normal (bot) · Investigator: Holmes221');
})()`, scaled(15*time.Second))
	p.waitJS("the recent game, its date set apart", `(() => {
  const li = document.querySelector('#profile-recent li');
  return li && li.textContent.replace(/\s+/g, ' ').includes('Jack · lost · ') && li.querySelector('time');
})()`, scaled(15*time.Second))

	mustEval[any](p, `(() => { const s = document.getElementById('lang-select'); s.value = 'fr'; s.dispatchEvent(new Event('change')); })()`)
	p.waitJS("the profile in French", `document.documentElement.lang === 'fr' && document.querySelector('#profile-playing a.button')?.textContent === 'Jouer'`, scaled(10*time.Second))
	if got := mustEval[[]string](p, `[...document.querySelectorAll('#main h2')].map((h) => h.textContent).concat([document.querySelector('nav.leaderboards').firstChild.textContent.replace(/\s*:\s*$/, '')])`); hasDup(got) {
		t.Errorf("the French profile names two of its parts alike: %q", got)
	}
	p.phone()
	p.viewportShot(shotsDir(t), "profile-own-phone-fr.png")

	// Another visitor watches.
	v := openPage(t, browser, "visitor", base)
	v.navigate("/")
	v.signIn("Wiggins")
	v.navigate("/u/Holmes221")
	v.waitJS("the game in progress, to watch", `(() => {
  const a = document.querySelector('#profile-playing a[href=`+jsString(table)+`]');
  return a?.textContent === 'Watch' && !a.dataset.own;
})()`, scaled(15*time.Second))
	p.checkConsole()
	v.checkConsole()
}

// hasDup reports whether two of ss are equal.
func hasDup(ss []string) bool {
	seen := map[string]bool{}
	for _, s := range ss {
		if seen[s] {
			return true
		}
		seen[s] = true
	}
	return false
}

// TestBrowserReturningPlayerTypesAccountName: a player back on a new device
// who types their account's name in the name prompt (not seeing "Sign in")
// is told it is an account's and to sign in, in their language; "Sign in"
// then opens the form with the name filled in and the password to type,
// and the account's game is theirs again. (They became a guest of that
// name, without their games.) The account dialog offers the device's
// "your move" notifications, which only a table page's bell did.
func TestBrowserReturningPlayerTypesAccountName(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	laptop := openPage(t, browser, "laptop", base)
	laptop.register("Passer-by", "Holmes221", "elementary, dear")
	laptop.createBotTableAt("pocket", 2, 0)
	table := mustEval[string](laptop, `location.pathname`)

	phone := openPage(t, browser, "phone", base)
	phone.phone()
	phone.navigate("/")
	mustEval[any](phone, `localStorage.setItem('gaslamp.lang', 'fr')`)
	phone.navigate("/")
	phone.waitJS("the name prompt, in French", `document.documentElement.lang === 'fr' && document.getElementById('name-dialog')?.open && document.getElementById('name-signin')`, scaled(15*time.Second))
	phone.fill("name-input", "holmes221")
	phone.mustClick("#name-submit")
	phone.waitJS("the refusal, saying to sign in", `(document.getElementById('name-error')?.textContent ?? '').startsWith("Holmes221 est le nom d'un compte. Si c'est le vôtre, connectez-vous")`, scaled(10*time.Second))
	if mustEval[bool](phone, `!!document.querySelector('#me-name')?.textContent`) {
		t.Error("the phone became a guest named like the account")
	}
	phone.viewportShot(shotsDir(t), "guest-account-name-phone-fr.png")
	phone.mustClick("#name-signin")
	phone.waitJS("the sign-in form, the name filled in, the password to type", `document.getElementById('account-dialog')?.open && document.getElementById('signin-name').value === 'holmes221' && document.activeElement?.id === 'signin-password'`, scaled(10*time.Second))
	phone.fill("signin-password", "elementary, dear")
	phone.mustClick("#signin-form-submit")
	phone.waitJS("the account's name in the header", `document.querySelector('#me-name a')?.textContent === 'Holmes221'`, scaled(15*time.Second))
	phone.navigate(table)
	phone.waitSeat(0)

	// The account dialog offers this device's notifications too (the
	// table page's bell, which a returning player may not find); the
	// device now speaks the account's language, English.
	phone.navigate("/")
	phone.waitJS("the account button", `document.getElementById('account-open')`, scaled(15*time.Second))
	phone.mustClick("#account-open")
	phone.waitJS("the device's notifications in the account dialog", `document.getElementById('account-dialog')?.open &&
  document.querySelector('#push-section h3')?.textContent === 'Notifications' &&
  document.querySelector('#push-section #account-push')?.textContent === 'Notify me on this device'`, scaled(10*time.Second))
	mustEval[any](phone, `document.getElementById('push-section').scrollIntoView({block: 'center'})`)
	phone.viewportShot(shotsDir(t), "account-push-phone.png")
	laptop.checkConsole()
	phone.checkConsole()
}

// TestBrowserTurnsBadgeLeadsToYourGames: on a phone, the header's "▶ 1"
// (a game waits for your move), tapped on a table page, opens the lobby
// scrolled to "Your games" with that game in view: the card is drawn only
// once the player's tables have come, after the browser looked for the
// address's #my-games, so the lobby opened at its top, "New table"'s long
// form in view and the games far below.
func TestBrowserTurnsBadgeLeadsToYourGames(t *testing.T) {
	requireBrowser(t)
	p := openPage(t, startBrowser(t), "phone", startServer(t))
	p.phone()
	p.register("Passer-by", "Holmes221", "elementary, dear")
	p.createBotTableAt("pocket", 2, 1) // the investigator moves first
	table := mustEval[string](p, `location.pathname`)
	p.waitJS("the header's count", `document.getElementById('my-turns')?.hidden === false`, scaled(15*time.Second))
	p.mustClick("#my-turns")
	p.waitJS("the lobby, its game waiting for the player in view", `(() => {
  if (location.pathname !== '/') return false;
  const a = document.querySelector('#my-tables a[data-resume][href=`+jsString(table)+`]');
  if (!a) return false;
  const r = a.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= innerHeight;
})()`, scaled(15*time.Second))
	p.viewportShot(shotsDir(t), "turns-badge-lobby-phone.png")
	p.checkConsole()
}
