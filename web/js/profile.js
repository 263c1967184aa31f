// A player's public profile (profile.html, served at /u/NAME): ratings per
// game and side with their history, games played and won per game and side,
// recent games with their replays, and games in progress as any spectator
// sees them.

import { el, svg, byId } from './dom.js';
import { currentLang, initI18n, languageSwitcher, onLangChange, render, t, has } from './i18n.js';
import { api, HttpError } from './net.js';
import { showIdentity } from './ident.js';
import { playerList, playerName, tNodes } from './players.js';

/** @typedef {import('./types.js').GameInfo} GameInfo */
/** @typedef {import('./types.js').Profile} Profile */
/** @typedef {import('./types.js').RatingInfo} RatingInfo */

const name = decodeURIComponent(location.pathname.replace(/^\/u\//, ''));

/** @type {GameInfo[]} */
let games = [];
/** @type {Profile|null} */
let profile = null;
/** @type {import('./types.js').Text|null} */
let failure = null;
/** Whether the profile is the signed-in account's own: its games in
 * progress are then the viewer's to play, not to watch. */
let own = false;

/**
 * A game's name.
 * @param {string} id
 */
function gameName(id) {
  const g = games.find((x) => x.id === id);
  return g ? render(g.name) : id;
}

/**
 * A side's name.
 * @param {string} side
 */
function sideName(side) {
  return has(`web.side.${side}`) ? t(`web.side.${side}`) : side;
}

/**
 * A small plot of a rating's history.
 * @param {RatingInfo} r
 * @returns {SVGElement|null}
 */
function plot(r) {
  const pts = r.history ?? [];
  if (pts.length < 2) return null;
  const w = 160, h = 40;
  const ys = pts.map((p) => p.rating);
  const lo = Math.min(...ys), hi = Math.max(...ys);
  const span = hi - lo || 1;
  const d = pts.map((p, i) => `${i ? 'L' : 'M'}${(i * w / (pts.length - 1)).toFixed(1)},${(h - 2 - (p.rating - lo) * (h - 4) / span).toFixed(1)}`).join(' ');
  return svg('svg', { class: 'rating-plot', viewBox: `0 0 ${w} ${h}`, width: w, height: h, role: 'img',
    'aria-label': t('web.profile.plot', { from: Math.round(ys[0]), to: Math.round(ys[ys.length - 1]) }) },
  svg('path', { d, class: 'rating-line' }));
}

/**
 * A list section.
 * @param {string} title an i18n key
 * @param {HTMLElement} body
 */
function section(title, body) {
  return el('section', { class: 'card' }, el('h2', {}, t(title)), body);
}

/**
 * Who else played a recent game: " · against Alice" (the other sides), " ·
 * with Bob" (the profile's own side, a co-operative game), each name a link
 * to an account's profile; nothing for a game played alone (hot seat).
 * @param {string} side the profile's side
 * @param {(import('./types.js').Player & {side: string})[]} players
 * @returns {(Node|string)[]}
 */
function others(side, players) {
  const against = players.filter((x) => x.side !== side);
  const with_ = players.filter((x) => x.side === side);
  return [
    ...(against.length ? [' · ', el('span', { class: 'against' }, ...tNodes('web.profile.against', {}, { players: playerList(against) }))] : []),
    ...(with_.length ? [' · ', el('span', { class: 'with' }, ...tNodes('web.profile.with', {}, { players: playerList(with_) }))] : []),
  ];
}

/** Renders the profile in the current language. */
function show() {
  const main = byId('main');
  if (!profile) {
    main.replaceChildren(el('p', failure ? { class: 'form-error', role: 'alert' } : {}, failure ? render(failure) : t('web.join.loading')));
    return;
  }
  const p = profile;
  document.title = `${p.name} · gaslamp`;
  const ratings = el('table', { class: 'ratings', id: 'profile-ratings' },
    el('thead', {}, el('tr', {}, ...['web.profile.game', 'web.profile.side', 'web.profile.rating', 'web.profile.games', 'web.profile.wins', 'web.profile.history']
      .map((k) => el('th', {}, t(k))))),
    el('tbody', {}, ...p.ratings.map((r) => el('tr', { 'data-game': r.game, 'data-side': r.side },
      el('td', {}, el('a', { href: `/leaderboard/${encodeURIComponent(r.game)}` }, gameName(r.game))),
      el('td', {}, sideName(r.side)),
      el('td', { class: 'rating' }, t('web.profile.rating-value', { rating: Math.round(r.rating), rd: Math.round(r.rd) })),
      el('td', {}, String(r.games)), el('td', {}, String(r.wins)),
      el('td', {}, plot(r) ?? '–')))));
  const stats = el('table', { class: 'stats', id: 'profile-stats' },
    el('thead', {}, el('tr', {}, ...['web.profile.game', 'web.profile.side', 'web.profile.games', 'web.profile.wins'].map((k) => el('th', {}, t(k))))),
    el('tbody', {}, ...p.stats.map((s) => el('tr', {},
      el('td', {}, gameName(s.game)), el('td', {}, sideName(s.side)), el('td', {}, String(s.played)), el('td', {}, String(s.won))))));
  const recent = el('ul', { class: 'table-list', id: 'profile-recent' }, ...p.recent.map((g) => el('li', { 'data-table': g.table },
    el('strong', {}, gameName(g.game)), ' ', sideName(g.side), ' · ',
    el('span', { class: g.won ? 'won' : 'lost' }, t(g.won ? 'web.profile.won' : 'web.profile.lost')),
    ...others(g.side, g.others ?? []),
    g.rated ? ' ' : null, g.rated ? el('span', { class: 'badge rated' }, t('web.table.rated')) : null, ' ',
    ' · ', el('time', { datetime: g.at }, new Date(g.at).toLocaleDateString(currentLang(), { dateStyle: 'medium' })), ' ',
    el('a', { href: `/t/${encodeURIComponent(g.table)}`, class: 'button small' }, t('web.profile.replay')))));
  const playing = el('ul', { class: 'table-list', id: 'profile-playing' }, ...p.playing.map((tb) => el('li', { 'data-table': tb.id },
    el('strong', {}, gameName(tb.game)), ' ',
    el('span', { class: `status status-${tb.status}` }, t(tb.status === 'open' ? 'web.status.open' : 'web.status.running')), ' ',
    ...tb.seats.flatMap((s, i) => [i ? ' · ' : '', ...tNodes('web.profile.seat-player', { seat: s.name ? render(s.name) : s.id },
      { player: [s.player ? playerName(s.player) : t('web.seat.free')] })]), ' ',
    el('a', { href: `/t/${encodeURIComponent(tb.id)}`, class: 'button small', 'data-own': own ? 'true' : null },
      t(own ? 'web.lobby.resume' : 'web.lobby.watch')))));
  // Co-operative chapters (Jekyll & Hyde): no rating, a record per
  // chapter; one table per game, the game in its caption.
  const chapterGames = [...new Set((p.chapters ?? []).map((c) => c.game))];
  const chapters = chapterGames.map((g) => el('div', { class: 'table-scroll' }, el('table', { class: 'stats chapters', id: `profile-chapters-${g}` },
    el('caption', {}, gameName(g)),
    el('thead', {}, el('tr', {}, ...['web.profile.chapter', 'web.profile.games', 'web.profile.wins', 'web.profile.best']
      .map((k) => el('th', {}, t(k))))),
    el('tbody', {}, ...(p.chapters ?? []).filter((c) => c.game === g).map((c) => el('tr', { 'data-chapter': String(c.chapter), 'data-campaign': String(c.campaign) },
      el('td', {}, render(c.name), c.campaign ? ' ' : null,
        c.campaign ? el('span', { class: 'badge own', title: t('web.profile.campaign-own') }, t('web.profile.campaign')) : null),
      el('td', {}, String(c.played)), el('td', {}, String(c.won)),
      el('td', { class: 'best' }, c.best_city_tricks == null ? '–'
        : t('web.profile.best-city', { n: c.best_city_tricks }) + (c.campaign ? ` · ${t('web.profile.best-stars', { n: c.best_stars })}` : ''))))))));
  /** @param {HTMLElement} list @param {string} empty */
  const orEmpty = (list, empty) => (list.querySelector('li, tbody tr') ? list : el('p', { class: 'help' }, t(empty)));
  // A table scrolls sideways on its own when a phone is too narrow for it,
  // instead of widening the page.
  /** @param {HTMLElement} x */
  const scroll = (x) => (x.tagName === 'TABLE' ? el('div', { class: 'table-scroll' }, x) : x);
  main.replaceChildren(
    el('h1', { id: 'profile-name' }, p.name),
    el('p', { class: 'help' }, t('web.profile.since', { date: new Date(p.since).toLocaleDateString(currentLang(), { dateStyle: 'long' }) })),
    section('web.profile.ratings', scroll(orEmpty(ratings, 'web.profile.no-ratings'))),
    section('web.profile.playing', orEmpty(playing, 'web.profile.none')),
    section('web.profile.recent', orEmpty(recent, 'web.profile.none')),
    section('web.profile.stats', scroll(orEmpty(stats, 'web.profile.none'))),
    ...(chapters.length ? [el('section', { class: 'card', id: 'profile-chapters' }, el('h2', {}, t('web.profile.chapters')), ...chapters)] : []),
    el('nav', { class: 'leaderboards' }, t('web.leaderboard.title'), ' ',
      ...games.map((g) => el('a', { href: `/leaderboard/${encodeURIComponent(g.id)}`, class: 'button small' }, render(g.name)))));
}

async function main() {
  await initI18n();
  languageSwitcher(byId('lang-select', HTMLSelectElement));
  onLangChange(show);
  show();
  const viewer = showIdentity();
  try {
    games = /** @type {GameInfo[]} */ (await api('/api/games')) ?? [];
    profile = /** @type {Profile} */ (await api(`/api/users/${encodeURIComponent(name)}`));
    const m = await viewer;
    own = !!m?.account && m.name === profile.name;
  } catch (e) {
    failure = e instanceof HttpError && e.text ? e.text : { key: 'web.error.network' };
  }
  show();
}

main();
