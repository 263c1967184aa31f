// The lobby (index.html): create a table (game, options, each seat human or bot
// with a level), share invite links, take a seat, spectate, and list the open
// and running tables.

import { el, byId } from './dom.js';
import { has, initI18n, languageSwitcher, onLangChange, render, t } from './i18n.js';
import { api, HttpError } from './net.js';
import { ensureIdentity, toast } from './ident.js';

/** @typedef {import('./types.js').GameInfo} GameInfo */
/** @typedef {import('./types.js').TableInfo} TableInfo */
/** @typedef {import('./types.js').TableSeat} TableSeat */
/** @typedef {import('./types.js').CreateTableRequest} CreateTableRequest */
/** @typedef {import('./types.js').CreateTableResponse} CreateTableResponse */

const LEVELS = ['easy', 'normal', 'hard'];
const REFRESH_MS = 10000;

/** @type {GameInfo[]} */
let games = [];
/** @type {Record<string, TableInfo[]>} */
const tables = { open: [], running: [] };
/** Pages of each list shown (the server pages GET /api/tables by 50), and whether there are more. */
/** @type {Record<string, number>} */
const pages = { open: 1, running: 1 };
/** @type {Record<string, boolean>} */
const morePages = { open: false, running: false };

/**
 * The game with id, if the server offers it.
 * @param {string} id
 */
function gameById(id) {
  return games.find((g) => g.id === id);
}

/** The option and seat controls for the selected game. */
function renderCreateForm() {
  const select = byId('game-select', HTMLSelectElement);
  const chosen = select.value;
  select.replaceChildren(...games.map((g) => el('option', { value: g.id }, render(g.name))));
  if (chosen && gameById(chosen)) select.value = chosen;
  const g = gameById(select.value);
  const options = byId('options');
  const seats = byId('seat-config');
  options.replaceChildren();
  seats.replaceChildren();
  if (!g) return;
  for (const o of g.options) {
    const id = `opt-${o.name}`;
    if (o.kind === 'bool') {
      options.append(
        el('div', { class: 'field check' },
          el('input', { type: 'checkbox', id, 'data-option': o.name, checked: o.default === 'true' }),
          el('label', { for: id }, render(o.label))),
      );
    } else {
      const sel = el('select', { id, 'data-option': o.name },
        ...(o.choices ?? []).map((c) => el('option', { value: c }, optionChoiceLabel(o.name, c))));
      sel.value = o.default;
      options.append(el('div', { class: 'field' }, el('label', { for: id }, render(o.label)), sel));
    }
  }
  g.seats.forEach((s, i) => {
    const kind = el('select', { id: `seat-kind-${i}`, 'data-seat-kind': i, 'aria-label': t('web.lobby.seat-kind') },
      el('option', { value: 'human' }, t('web.lobby.human')),
      el('option', { value: 'bot' }, t('web.lobby.bot')));
    // The level chooses the bot; the kind of bot is an advanced choice.
    const bot = el('select', { id: `seat-bot-${i}`, 'data-seat-bot': i, 'aria-label': t('web.lobby.bot-name') },
      el('option', { value: '' }, t('web.lobby.bot-by-level')),
      ...g.bots.map((b) => el('option', { value: b }, b)));
    bot.value = '';
    const level = el('select', { id: `seat-level-${i}`, 'data-seat-level': i, 'aria-label': t('web.lobby.level') },
      el('option', { value: 'easy' }, t('web.level.easy')),
      el('option', { value: 'normal' }, t('web.level.normal')),
      el('option', { value: 'hard' }, t('web.level.hard')));
    level.value = 'normal';
    const botPart = el('span', { class: 'bot-choice' }, level,
      el('details', { class: 'bot-kind' }, el('summary', {}, t('web.lobby.bot-kind')), bot));
    const sync = () => {
      botPart.hidden = kind.value !== 'bot';
    };
    kind.addEventListener('change', sync);
    if (g.bots.length === 0) kind.disabled = true;
    sync();
    seats.append(el('li', { class: 'seat-row', 'data-seat': i },
      el('span', { class: `seat-name side-${s.side}` }, render(s.name)), kind, botPart));
  });
}

/**
 * A choice of a choice option: "<game>.option.<option>.<choice>" from the
 * game's catalogue, else "web.choice.<choice>", else the raw value.
 * @param {string} option
 * @param {string} choice
 */
function optionChoiceLabel(option, choice) {
  for (const key of [`${byId('game-select', HTMLSelectElement).value}.option.${option}.${choice}`, `web.choice.${choice}`]) {
    if (has(key)) return render({ key });
  }
  return choice;
}

/**
 * Reads the create form.
 * @returns {CreateTableRequest|null}
 */
function readCreateForm() {
  const g = gameById(byId('game-select', HTMLSelectElement).value);
  if (!g) return null;
  /** @type {Record<string, string>} */
  const options = {};
  for (const input of byId('options').querySelectorAll('[data-option]')) {
    const name = /** @type {string} */ (input.getAttribute('data-option'));
    if (input instanceof HTMLInputElement) options[name] = input.checked ? 'true' : 'false';
    else if (input instanceof HTMLSelectElement) options[name] = input.value;
  }
  const seats = g.seats.map((_, i) => {
    const kind = /** @type {HTMLSelectElement} */ (document.getElementById(`seat-kind-${i}`)).value;
    if (kind !== 'bot') return { kind: /** @type {'human'} */ ('human') };
    const bot = /** @type {HTMLSelectElement} */ (document.getElementById(`seat-bot-${i}`)).value;
    const level = /** @type {HTMLSelectElement} */ (document.getElementById(`seat-level-${i}`)).value;
    const lv = LEVELS.includes(level) ? level : 'normal';
    return bot ? { kind: /** @type {'bot'} */ ('bot'), bot, level: lv } : { kind: /** @type {'bot'} */ ('bot'), level: lv };
  });
  /** @type {CreateTableRequest} */
  const req = { game: g.id, options, seats };
  const takeover = Number(byId('takeover', HTMLInputElement).value);
  if (takeover > 0) req.takeover_seconds = takeover;
  return req;
}

/**
 * Shows the invite links of a new table.
 * @param {CreateTableResponse} res
 * @param {GameInfo} g
 */
function showInvites(res, g) {
  const box = byId('invites');
  const list = el('ul', { class: 'invite-list' });
  for (const [seat, path] of Object.entries(res.invites)) {
    const info = g.seats[Number(seat)];
    const url = new URL(path, location.origin).href;
    const copy = el('button', { type: 'button', class: 'small', 'data-copy': url }, t('web.lobby.copy'));
    copy.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(url);
        toast(t('web.lobby.copied'), 'info');
      } catch {
        toast(url, 'info');
      }
    });
    list.append(el('li', { 'data-invite-seat': seat },
      el('span', { class: 'seat-name' }, info ? render(info.name) : seat),
      el('a', { href: url, class: 'invite-link' }, t('web.lobby.take-this-seat')),
      el('input', { type: 'text', readonly: true, value: url, 'aria-label': t('web.lobby.invite-link') }),
      copy));
  }
  const any = Object.keys(res.invites).length > 0;
  box.replaceChildren(
    ...(any ? [el('h3', {}, t('web.lobby.invites')), el('p', {}, t('web.lobby.invites-help')), list] : []),
    el('p', {}, el('a', { href: `/t/${encodeURIComponent(res.id)}`, class: 'button', id: 'open-new-table' }, t('web.lobby.open-table'))),
  );
  box.hidden = false;
}

/** Creates a table from the form. */
async function createTable() {
  const req = readCreateForm();
  const g = req && gameById(req.game);
  if (!req || !g) return;
  const button = byId('create-submit', HTMLButtonElement);
  button.disabled = true;
  try {
    const res = /** @type {CreateTableResponse} */ (await api('/api/tables', { method: 'POST', body: req }));
    showInvites(res, g);
    refreshTables();
  } catch (e) {
    toast(e instanceof HttpError && e.text ? render(e.text) : t('web.error.create-failed'));
  } finally {
    button.disabled = false;
  }
}

/**
 * The name of a table seat for players.
 * @param {TableInfo} tb
 * @param {TableSeat} s
 */
function seatName(tb, s) {
  if (s.name?.key) return render(s.name);
  const info = gameById(tb.game)?.seats.find((x) => x.id === s.id);
  return info ? render(info.name) : s.id;
}

/**
 * One row of a table list.
 * @param {TableInfo} tb
 */
function tableRow(tb) {
  const g = gameById(tb.game);
  const seats = el('ul', { class: 'table-seats' });
  for (const s of tb.seats) {
    const who = s.player
      ? el('span', { class: 'player' }, s.player.bot ? t('web.seat.bot', { name: s.player.level && LEVELS.includes(s.player.name) ? t(`web.level.${s.player.name}`) : s.player.name }) : s.player.name)
      : el('span', { class: 'free' }, t('web.seat.free'));
    const li = el('li', { 'data-seat': s.seat }, el('span', { class: `seat-name side-${s.side}` }, seatName(tb, s)), ' ', who);
    if (!s.player && s.kind !== 'bot' && tb.status === 'open') {
      const take = el('button', { type: 'button', class: 'small', 'data-take-seat': s.seat, 'data-table': tb.id }, t('web.lobby.take-seat'));
      take.addEventListener('click', () => takeSeat(tb.id, s.seat));
      li.append(' ', take);
    }
    seats.append(li);
  }
  /** @param {string} name */
  const def = (name) => g?.options.find((o) => o.name === name)?.default ?? '';
  const options = Object.entries(tb.options ?? {}).filter(([k, v]) => v && v !== 'false' && v !== def(k));
  return el('li', { class: 'table-row', 'data-table': tb.id },
    el('div', { class: 'table-head' },
      el('strong', {}, g ? render(g.name) : tb.game),
      ' ',
      el('span', { class: `status status-${tb.status}` }, statusLabel(tb.status)),
      options.length ? el('span', { class: 'table-options' }, options.map(([k, v]) => (v === 'true' ? k : `${k}=${v}`)).join(', ')) : null),
    seats,
    el('a', { href: `/t/${encodeURIComponent(tb.id)}`, class: 'button small', 'data-watch': tb.id },
      tb.status === 'open' ? t('web.lobby.open') : t('web.lobby.watch')));
}

/**
 * @param {string} status
 */
function statusLabel(status) {
  switch (status) {
    case 'open':
      return t('web.status.open');
    case 'running':
      return t('web.status.running');
    case 'finished':
      return t('web.status.finished');
  }
  return status;
}

/**
 * Takes a free seat and opens the table.
 * @param {string} table
 * @param {number} seat
 */
async function takeSeat(table, seat) {
  try {
    await api(`/api/tables/${encodeURIComponent(table)}/seats/${seat}`, { method: 'POST' });
    location.href = `/t/${encodeURIComponent(table)}`;
  } catch (e) {
    toast(e instanceof HttpError && e.text ? render(e.text) : t('web.error.take-seat'));
    refreshTables();
  }
}

/** Draws the table lists from the last fetch. */
function renderTables() {
  for (const status of ['open', 'running']) {
    const list = byId(`${status}-tables`);
    const rows = tables[status].map(tableRow);
    list.replaceChildren(...(rows.length ? rows : [el('li', { class: 'empty' }, t('web.lobby.no-tables'))]));
    if (morePages[status]) {
      const more = el('button', { type: 'button', class: 'small more-tables' }, t('web.lobby.more'));
      more.addEventListener('click', () => {
        pages[status]++;
        refreshTables();
      });
      list.append(el('li', { class: 'more' }, more));
    }
  }
}

/**
 * Fetches pages 1..pages[status] of a lobby list; notes whether the server
 * has a next page (header X-Next-Page).
 * @param {string} status
 * @returns {Promise<TableInfo[]>}
 */
async function fetchTables(status) {
  /** @type {TableInfo[]} */
  const all = [];
  let more = false;
  for (let page = 1; page <= pages[status]; page++) {
    const res = await fetch(`/api/tables?status=${status}&page=${page}`, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    if (!res.ok) throw new HttpError(res.status, '', null);
    all.push(.../** @type {TableInfo[]} */ ((await res.json()) ?? []));
    more = res.headers.get('X-Next-Page') !== null;
    if (!more) break;
  }
  morePages[status] = more;
  return all;
}

/** Fetches the open and running tables. */
async function refreshTables() {
  await Promise.all(['open', 'running'].map(async (status) => {
    try {
      tables[status] = await fetchTables(status);
    } catch {
      // keep the last list
    }
  }));
  renderTables();
}

async function main() {
  await initI18n();
  languageSwitcher(byId('lang-select', HTMLSelectElement));
  await ensureIdentity();
  // An invite link opened before choosing a name comes back here as
  // ?join=/join/TOKEN: now that there is a session, follow it.
  const join = new URLSearchParams(location.search).get('join');
  if (join && /^\/join\/[A-Za-z0-9_-]+$/.test(join)) {
    location.replace(join);
    return;
  }
  try {
    games = /** @type {GameInfo[]} */ (await api('/api/games')) ?? [];
  } catch {
    toast(t('web.error.network'));
  }
  renderCreateForm();
  byId('game-select').addEventListener('change', renderCreateForm);
  byId('create-form', HTMLFormElement).addEventListener('submit', (ev) => {
    ev.preventDefault();
    createTable();
  });
  byId('refresh-tables').addEventListener('click', refreshTables);
  onLangChange(() => {
    // Redraw in the new language, keeping what was chosen.
    /** @type {Map<string, string|boolean>} */
    const kept = new Map();
    for (const e of byId('create-form').querySelectorAll('input[id], select[id]')) {
      if (e instanceof HTMLInputElement) kept.set(e.id, e.type === 'checkbox' ? e.checked : e.value);
      else if (e instanceof HTMLSelectElement) kept.set(e.id, e.value);
    }
    renderCreateForm();
    for (const [id, val] of kept) {
      const e = document.getElementById(id);
      if (e instanceof HTMLInputElement && typeof val === 'boolean') e.checked = val;
      else if ((e instanceof HTMLInputElement || e instanceof HTMLSelectElement) && typeof val === 'string') e.value = val;
      if (e instanceof HTMLSelectElement && id !== 'game-select') e.dispatchEvent(new Event('change'));
    }
    renderTables();
  });
  await refreshTables();
  window.setInterval(refreshTables, REFRESH_MS);
}

main();
