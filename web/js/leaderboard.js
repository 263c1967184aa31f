// A game's leaderboard (leaderboard.html, served at /leaderboard/GAME): the
// accounts with the best Glicko-2 ratings in each side, among those with
// enough rated games.

import { el, byId } from './dom.js';
import { initI18n, languageSwitcher, onLangChange, render, t, has } from './i18n.js';
import { api, HttpError } from './net.js';
import { showIdentity } from './ident.js';

/** @typedef {import('./types.js').GameInfo} GameInfo */
/** @typedef {import('./types.js').Leaderboard} Leaderboard */

const gameId = decodeURIComponent(location.pathname.replace(/^\/leaderboard\//, ''));

/** @type {GameInfo[]} */
let games = [];
/** @type {Leaderboard|null} */
let board = null;
/** @type {import('./types.js').Text|null} */
let failure = null;

/** Renders the leaderboard in the current language. */
function show() {
  const main = byId('main');
  if (!board) {
    main.replaceChildren(el('p', failure ? { class: 'form-error', role: 'alert' } : {}, failure ? render(failure) : t('web.join.loading')));
    return;
  }
  const b = board;
  const g = games.find((x) => x.id === b.game);
  const title = g ? render(g.name) : b.game;
  document.title = `${title} · gaslamp`;
  // Only the sides people sit on are rated: a co-operative game (all its
  // seats on one side, against the game itself) has no ratings at all.
  const seated = new Set((g?.seats ?? []).map((s) => s.side));
  if (g && seated.size < 2) {
    main.replaceChildren(
      el('h1', {}, t('web.leaderboard.of', { game: title })),
      el('p', { class: 'help', id: 'leaderboard-coop' }, t('web.leaderboard.coop', { game: title })),
      nav());
    return;
  }
  const sides = (g?.sides ?? Object.keys(b.sides)).filter((side) => !g || seated.has(side)).map((side) => {
    const rows = b.sides[side] ?? [];
    const body = rows.length
      ? el('table', { class: 'ratings', 'data-side': side },
        el('thead', {}, el('tr', {}, ...['web.leaderboard.rank', 'web.leaderboard.player', 'web.profile.rating', 'web.profile.games', 'web.profile.wins'].map((k) => el('th', {}, t(k))))),
        el('tbody', {}, ...rows.map((r, i) => el('tr', {},
          el('td', {}, String(i + 1)),
          el('td', {}, el('a', { href: `/u/${encodeURIComponent(r.name ?? '')}` }, r.name ?? '')),
          el('td', { class: 'rating' }, t('web.profile.rating-value', { rating: Math.round(r.rating), rd: Math.round(r.rd) })),
          el('td', {}, String(r.games)), el('td', {}, String(r.wins))))))
      : el('p', { class: 'help' }, t('web.leaderboard.empty'));
    return el('section', { class: 'card' }, el('h2', {}, has(`web.side.${side}`) ? t(`web.side.${side}`) : side), body);
  });
  main.replaceChildren(
    el('h1', {}, t('web.leaderboard.of', { game: title })),
    el('p', { class: 'help' }, t('web.leaderboard.min', { n: b.min_games })),
    ...sides,
    nav());
}

/** The links to every game's leaderboard. */
function nav() {
  const here = board?.game;
  return el('nav', { class: 'leaderboards' }, ...games.map((x) => el('a', {
    href: `/leaderboard/${encodeURIComponent(x.id)}`, class: 'button small', ...(x.id === here ? { 'aria-current': 'page' } : {}),
  }, render(x.name))));
}

async function main() {
  await initI18n();
  languageSwitcher(byId('lang-select', HTMLSelectElement));
  onLangChange(show);
  show();
  showIdentity();
  try {
    games = /** @type {GameInfo[]} */ (await api('/api/games')) ?? [];
    board = /** @type {Leaderboard} */ (await api(`/api/leaderboard/${encodeURIComponent(gameId)}`));
  } catch (e) {
    failure = e instanceof HttpError && e.text ? e.text : { key: 'web.error.network' };
  }
  show();
}

main();
