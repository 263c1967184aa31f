package e2e

import (
	"testing"
	"time"
)

// TestBrowserPlayerNamesLink: an account's name links to its profile
// (/u/NAME) wherever a player's name is shown: the lobby's table lists,
// "Your games", a table page's seats and chat lines, the archive, a profile's games in
// progress and its recent games, which name the opponent ("against
// Lestrade", "contre Lestrade"). A bot's name is not a link.
func TestBrowserPlayerNamesLink(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	p := openPage(t, browser, "holmes", base)
	p.register("Passer-by", "Holmes221", "elementary, dear")
	v := openPage(t, browser, "lestrade", base)
	v.register("Inspector", "Lestrade", "scotland yard")

	p.navigate("/")
	invites, table := p.createTableSeated("pocket", 2, 0)
	v.navigate(invites[1])
	v.acceptInvite()
	v.waitSeat(1)
	p.navigate(table)
	p.waitSeat(0)
	waitStarted(t, 2, p, v)
	const holmes, lestrade = `a.player-link[href="/u/Holmes221"]`, `a.player-link[href="/u/Lestrade"]`
	p.waitJS("the table's seats, each name a link", `document.querySelector('#seats li[data-seat="0"] `+holmes+`') && document.querySelector('#seats li[data-seat="1"] `+lestrade+`')`, scaled(15*time.Second))
	// The chat's lines name their senders, accounts, by links too.
	mustEval[any](p, `(() => { document.getElementById('chat-input').value = 'good luck'; document.getElementById('chat-send').click(); })()`)
	mustEval[any](v, `(() => { document.getElementById('chat-input').value = 'and to you'; document.getElementById('chat-send').click(); })()`)
	p.waitJS("the chat's senders, links", `(() => {
  const lines = [...document.querySelectorAll('#chat-log li')];
  return lines.length === 2 && !!lines[0].querySelector('.from `+holmes+`') && !!lines[1].querySelector('.from `+lestrade+`');
})()`, scaled(15*time.Second))
	p.viewportShot(shotsDir(t), "player-links-table.png")

	p.navigate("/")
	p.waitJS("the running table's players and 'Your games', links", `(() => {
  const row = document.querySelector('#running-tables li[data-table]');
  const mine = document.querySelector('#my-tables li[data-my-table] .my-players');
  return row && row.querySelector('`+holmes+`') && row.querySelector('`+lestrade+`') &&
    mine?.textContent === 'With Lestrade' && mine.querySelector('`+lestrade+`');
})()`, scaled(15*time.Second))
	mustEval[any](p, `document.getElementById('my-games').scrollIntoView()`)
	p.viewportShot(shotsDir(t), "player-links-my-games.png")

	p.navigate("/u/Holmes221")
	p.waitJS("the game in progress, its players linked", `document.querySelector('#profile-playing li `+lestrade+`') && document.querySelector('#profile-playing li `+holmes+`')`, scaled(15*time.Second))

	// Holmes gives the game up: it is finished, in the archive and the
	// profiles' recent games.
	p.navigate(table)
	p.waitSeat(0)
	p.answerResign(true)
	p.waitJS("the game over", `document.body.dataset.over === 'true'`, scaled(20*time.Second))
	p.waitJS("the replay's seats, still links", `document.querySelector('#seats `+lestrade+`')`, scaled(15*time.Second))

	p.navigate("/")
	p.waitJS("the archive's players, links", `(() => {
  const row = document.querySelector('#archive-list li[data-archive-table]');
  return row && row.querySelector('`+holmes+`') && row.querySelector('`+lestrade+`');
})()`, scaled(15*time.Second))

	v.navigate("/u/Holmes221")
	v.waitJS("the recent game, against Lestrade", `(() => {
  const li = document.querySelector('#profile-recent li');
  return li && li.textContent.replace(/\s+/g, ' ').includes('Jack · lost · against Lestrade ·') && li.querySelector('.against `+lestrade+`');
})()`, scaled(15*time.Second))
	v.viewportShot(shotsDir(t), "player-links-profile.png")
	mustEval[any](v, `(() => { const s = document.getElementById('lang-select'); s.value = 'fr'; s.dispatchEvent(new Event('change')); })()`)
	v.waitJS("the recent game in French", `(document.querySelector('#profile-recent li .against')?.textContent ?? '') === 'contre Lestrade'`, scaled(10*time.Second))
	v.navigate("/u/Lestrade")
	v.waitJS("Lestrade's recent game, against Holmes221", `document.querySelector('#profile-recent li .against `+holmes+`')`, scaled(15*time.Second))

	// A bot is no link.
	p.createBotTableAt("pocket", 2, 1)
	p.navigate("/")
	p.waitJS("the bot's game in 'Your games'", `(() => {
  const rows = [...document.querySelectorAll('#my-tables li[data-my-table] .my-players')];
  const bot = rows.find((x) => x.textContent === 'With Normal (bot)');
  return bot && !bot.querySelector('a');
})()`, scaled(15*time.Second))
	p.checkConsole()
	v.checkConsole()
}
