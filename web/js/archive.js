// The lobby's archive of finished games (index.html, #archive): every
// finished table with its replay and its record, the latest finished first,
// filtered by game, player, dates and outcome. The filters live in the page's
// address (?game=..&player=..&from=..&to=..&outcome=..#archive), so that a
// filtered list can be shared; the server pages the list with a cursor
// (X-Next-Cursor), so "More" never repeats or skips a game.

import { el, byId } from './dom.js';
import { currentLang, has, render, t, wonText } from './i18n.js';
import { HttpError } from './net.js';
import { toast } from './ident.js';
import { playerName } from './players.js';

/** @typedef {import('./types.js').GameInfo} GameInfo */
/** @typedef {import('./types.js').TableInfo} TableInfo */

/** The filters, by their names in the address and the API. */
const FILTERS = ['game', 'player', 'from', 'to', 'outcome'];
/** How a game can end, besides a side winning it. */
const ENDINGS = ['rules', 'resigned', 'time', 'abandoned'];

/** @type {GameInfo[]} */
let games = [];
/** @type {TableInfo[]} */
let rows = [];
/** The cursor of the next page, "" when there is none. */
let next = '';
/** A load in progress is dropped when a newer one starts. */
let generation = 0;

/**
 * A side's name: "<game>.side.<side>" when the game names it, else
 * "web.side.<side>", else the id.
 * @param {string} side
 * @param {string} [game]
 */
function sideName(side, game) {
  for (const key of [`${game}.side.${side}`, `web.side.${side}`]) {
    if (has(key)) return render({ key });
  }
  return side;
}

/** The outcome choices: a side of the chosen game (every game's, when none) won, or how it ended. */
function renderOutcomes() {
  const select = byId('archive-outcome', HTMLSelectElement);
  const before = select.value || new URLSearchParams(location.search).get('outcome') || '';
  const game = byId('archive-game', HTMLSelectElement).value;
  /** @type {string[]} */
  const sides = [];
  for (const g of games) {
    if (game && g.id !== game) continue;
    for (const s of g.sides) if (!sides.includes(s)) sides.push(s);
  }
  select.replaceChildren(
    el('option', { value: '' }, t('web.archive.any-outcome')),
    ...sides.map((s) => el('option', { value: `won:${s}` }, wonText(game, s, sideName(s, game)))),
    ...ENDINGS.map((e) => el('option', { value: e }, t(`web.archive.ended.${e}`))));
  select.value = [...select.options].some((o) => o.value === before) ? before : '';
}

/** Fills the filter form from the page's address. */
function readAddress() {
  const q = new URLSearchParams(location.search);
  const game = byId('archive-game', HTMLSelectElement);
  game.replaceChildren(el('option', { value: '' }, t('web.archive.any-game')),
    ...games.map((g) => el('option', { value: g.id }, render(g.name))));
  game.value = games.some((g) => g.id === q.get('game')) ? q.get('game') ?? '' : '';
  byId('archive-player', HTMLInputElement).value = q.get('player') ?? '';
  byId('archive-from', HTMLInputElement).value = q.get('from') ?? '';
  byId('archive-to', HTMLInputElement).value = q.get('to') ?? '';
  byId('archive-outcome', HTMLSelectElement).value = '';
  renderOutcomes();
}

/** The filters the form holds, as query parameters. */
function formQuery() {
  const q = new URLSearchParams();
  for (const name of FILTERS) {
    const e = document.getElementById(`archive-${name}`);
    const v = e instanceof HTMLInputElement || e instanceof HTMLSelectElement ? e.value.trim() : '';
    if (v) q.set(name, v);
  }
  return q;
}

/**
 * One finished game: the game, who played which seat, who won and how, when,
 * and its replay and record.
 * @param {TableInfo} tb
 */
function archiveRow(tb) {
  const g = games.find((x) => x.id === tb.game);
  const f = tb.finish;
  const seats = el('ul', { class: 'table-seats' });
  for (const s of tb.seats) {
    const info = g?.seats.find((x) => x.id === s.id);
    const seat = s.name?.key ? render(s.name) : info ? render(info.name) : s.id;
    const who = playerName(s.player);
    seats.append(el('li', { 'data-seat': s.seat }, el('span', { class: `seat-name side-${s.side}` }, seat), ' ', el('span', { class: 'player' }, who)));
  }
  const result = f?.winner ? wonText(tb.game, f.winner, sideName(f.winner, tb.game)) : t('web.outcome.draw');
  const how = f && f.ended !== 'rules' ? t(`web.archive.ended.${f.ended}`) : '';
  const at = f ? new Date(f.at) : new Date(tb.created);
  const id = encodeURIComponent(tb.id);
  return el('li', { class: 'table-row archive-row', 'data-archive-table': tb.id, 'data-ended': f?.ended ?? '', 'data-winner': f?.winner ?? '' },
    el('div', { class: 'table-head' },
      el('strong', {}, g ? render(g.name) : tb.game), ' ',
      el('span', { class: 'status status-finished' }, result, how ? ` · ${how}` : ''),
      tb.rated ? el('span', { class: 'badge rated', title: t('web.table.rated-note') }, t('web.table.rated')) : null),
    seats,
    el('time', { datetime: at.toISOString(), class: 'created' }, at.toLocaleString(currentLang(), { dateStyle: 'medium', timeStyle: 'short' })),
    ' ',
    el('a', { href: `/t/${id}`, class: 'button small', 'data-replay': tb.id }, t('web.lobby.replay')),
    ' ',
    el('a', { href: `/api/tables/${id}/export`, class: 'button small', download: `gaslamp-${tb.id}.json`, 'data-export': tb.id }, t('web.archive.export')));
}

/** Draws the list from what was loaded. */
export function renderArchive() {
  const list = byId('archive-list');
  list.replaceChildren(...(rows.length ? rows.map(archiveRow) : [el('li', { class: 'empty' }, t('web.archive.none'))]));
  if (next) {
    const more = el('button', { type: 'button', class: 'small more-tables', id: 'archive-more' }, t('web.archive.more'));
    more.addEventListener('click', () => load(true));
    list.append(el('li', { class: 'more' }, more));
  }
}

/**
 * Loads the first page of the filtered list (or, with more, the next one).
 * @param {boolean} more
 */
async function load(more) {
  const gen = ++generation;
  const q = new URLSearchParams(location.search);
  const api = new URLSearchParams({ status: 'finished' });
  for (const name of FILTERS) {
    const v = q.get(name);
    if (v) api.set(name, v);
  }
  if (more && next) api.set('after', next);
  const err = byId('archive-error');
  try {
    const res = await fetch(`/api/tables?${api}`, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    const data = await res.json().catch(() => null);
    if (gen !== generation) return;
    if (!res.ok) {
      const d = /** @type {{code?: string, text?: import('./types.js').Text}|null} */ (data);
      throw new HttpError(res.status, d?.code ?? '', d?.text ?? null);
    }
    const page = /** @type {TableInfo[]} */ (data ?? []);
    rows = more ? [...rows, ...page] : page;
    next = res.headers.get('X-Next-Cursor') ?? '';
    err.textContent = '';
    renderArchive();
  } catch (e) {
    if (gen !== generation) return;
    if (e instanceof HttpError && e.text) {
      err.textContent = render(e.text);
      rows = [];
      next = '';
      renderArchive();
    } else {
      toast(t('web.error.network'));
    }
  }
}

/**
 * Sets the archive up: the form from the address, the list, and the form's
 * filters written back to the address when it is sent.
 * @param {GameInfo[]} all the games the server offers
 */
export function initArchive(all) {
  games = all;
  readAddress();
  byId('archive-game').addEventListener('change', renderOutcomes);
  byId('archive-form', HTMLFormElement).addEventListener('submit', (ev) => {
    ev.preventDefault();
    const q = formQuery();
    const search = q.toString();
    history.pushState(null, '', `${location.pathname}${search ? `?${search}` : ''}#archive`);
    load(false);
  });
  byId('archive-reset').addEventListener('click', () => {
    history.pushState(null, '', `${location.pathname}#archive`);
    readAddress();
    load(false);
  });
  window.addEventListener('popstate', () => {
    readAddress();
    load(false);
  });
  load(false);
}

/** Redraws the archive in the current language, keeping the filters. */
export function relabelArchive() {
  const game = byId('archive-game', HTMLSelectElement);
  const chosen = game.value;
  const outcome = byId('archive-outcome', HTMLSelectElement).value;
  game.replaceChildren(el('option', { value: '' }, t('web.archive.any-game')),
    ...games.map((g) => el('option', { value: g.id }, render(g.name))));
  game.value = chosen;
  byId('archive-outcome', HTMLSelectElement).value = '';
  renderOutcomes();
  byId('archive-outcome', HTMLSelectElement).value = outcome;
  renderArchive();
}
