// The lobby (index.html): create a table (game, options, each seat human or bot
// with a level), share invite links, take a seat, spectate, and list the open
// and running tables.

import { el, byId } from './dom.js';
import { botName, currentLang, has, initI18n, languageSwitcher, onLangChange, playerLabel, render, t } from './i18n.js';
import { api, HttpError } from './net.js';
import { ensureIdentity, toast } from './ident.js';
import { PACE_PRESETS, formatLeft, paceLabel } from './clock.js';
import { qrToggle } from './qr.js';
import { initArchive, relabelArchive } from './archive.js';
import { playerList, playerName, tNodes } from './players.js';

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
  // A game without options (Mr Jack Pocket) shows no empty Options box.
  byId('options-fieldset').hidden = !g || g.options.length === 0;
  if (!g) return;
  for (const o of g.options) {
    const id = `opt-${o.name}`;
    const own = ownMark(o, id);
    const { label, more } = optionLabel(g.id, o);
    const described = own ? { 'aria-describedby': `${id}-own` } : {};
    if (o.kind === 'bool') {
      options.append(
        el('div', { class: 'field check' },
          el('input', { type: 'checkbox', id, 'data-option': o.name, checked: o.default === 'true', ...described }),
          el('label', { for: id }, ...label), own),
        ...(more ? [more] : []),
      );
    } else {
      const sel = el('select', { id, 'data-option': o.name, ...described },
        ...(o.choices ?? []).map((c) => el('option', { value: c }, optionChoiceLabel(o.name, c))));
      sel.value = o.default;
      if (own && o.published?.length) {
        // A published choice of an own option (Jekyll's classic night) is
        // not gaslamp's invention: no mark, no description, for it.
        const mark = () => {
          const published = (o.published ?? []).includes(sel.value);
          own.hidden = published;
          if (published) sel.removeAttribute('aria-describedby');
          else sel.setAttribute('aria-describedby', `${id}-own`);
        };
        sel.addEventListener('change', mark);
        mark();
      }
      options.append(el('div', { class: 'field' }, el('label', { for: id }, ...label), sel, more, own));
    }
  }
  g.seats.forEach((s, i) => {
    const kind = el('select', { id: `seat-kind-${i}`, 'data-seat-kind': i, 'aria-label': t('web.lobby.seat-kind') },
      el('option', { value: 'human' }, t('web.lobby.human')),
      el('option', { value: 'bot' }, t('web.lobby.bot')));
    // The level chooses the bot; the kind of bot is an advanced choice.
    const bot = el('select', { id: `seat-bot-${i}`, 'data-seat-bot': i, 'aria-label': t('web.lobby.bot-name') },
      el('option', { value: '' }, t('web.lobby.bot-by-level')),
      ...g.bots.map((b) => el('option', { value: b }, botName(b, true))));
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
      renderMySeat();
    };
    kind.addEventListener('change', sync);
    if (g.bots.length === 0) kind.disabled = true;
    sync();
    seats.append(el('li', { class: 'seat-row', 'data-seat': i },
      el('span', { class: `seat-name side-${s.side}` }, render(s.name)), kind, botPart));
  });
  renderMySeat();
}

/** An option's label longer than this many characters is explained on demand on a narrow screen. */
const LONG_LABEL = 60;

/**
 * An option's label for the create form. A long one (Jekyll's chapter,
 * several lines on a phone) is given with its short name beside it: on a
 * narrow screen (gaslamp.css) the label shows the short name and the long
 * text opens from a summary under the control (more); on a wide one the
 * label shows the long text, and more is hidden.
 * @param {string} game
 * @param {import('./types.js').OptionSpec} o
 * @returns {{label: (string|HTMLElement)[], more: HTMLElement|null}}
 */
function optionLabel(game, o) {
  const long = render(o.label);
  const key = `web.option-short.${game}.${o.name}`;
  if (long.length <= LONG_LABEL || !has(key)) return { label: [long], more: null };
  return {
    label: [el('span', { class: 'opt-long' }, long), el('span', { class: 'opt-short' }, t(key))],
    more: el('details', { class: 'opt-more' }, el('summary', {}, t('web.lobby.option-more')), el('p', {}, long)),
  };
}

/**
 * The mark of an option that is gaslamp's own invention, not a rule of the
 * published game (RULINGS J11): a disclosure that says why, which the
 * option's control names as its description. Null for a published rule.
 * @param {import('./types.js').OptionSpec} o
 * @param {string} id the option control's id
 * @returns {HTMLElement|null}
 */
function ownMark(o, id) {
  if (!o.own) return null;
  return el('details', { class: 'own-mark' },
    el('summary', { title: t('web.lobby.own-title') }, el('span', { class: 'badge own' }, t('web.rules.own-badge'))),
    el('p', { id: `${id}-own`, class: 'own-note' }, render(o.own), ' ',
      el('a', { href: `/rules/${encodeURIComponent(byId('game-select', HTMLSelectElement).value)}#rules-own-title` }, t('web.lobby.own-more'))));
}

/**
 * The "Your seat" choice: every seat the form gives to a person, or none
 * (the creator only invites). It keeps what was chosen while it stays a
 * person's seat; the first person's seat otherwise.
 */
function renderMySeat() {
  const select = byId('my-seat', HTMLSelectElement);
  const g = gameById(byId('game-select', HTMLSelectElement).value);
  const before = select.value;
  const human = (g?.seats ?? []).map((s, i) => ({ s, i }))
    .filter(({ i }) => document.getElementById(`seat-kind-${i}`) instanceof HTMLSelectElement &&
      /** @type {HTMLSelectElement} */ (document.getElementById(`seat-kind-${i}`)).value !== 'bot');
  select.replaceChildren(
    ...human.map(({ s, i }) => el('option', { value: i }, render(s.name))),
    el('option', { value: '' }, t('web.lobby.my-seat-none')));
  if ([...select.options].some((o) => o.value === before) && select.dataset.chosen) select.value = before;
  else select.value = human.length ? String(human[0].i) : '';
}

/**
 * A choice of a choice option: "<game>.option.<option>.<choice>" from the
 * game's catalogue, else "web.choice.<choice>", else the raw value.
 * @param {string} option
 * @param {string} choice
 */
function optionChoiceLabel(option, choice, game = byId('game-select', HTMLSelectElement).value) {
  for (const key of [`${game}.option.${option}.${choice}`, `web.choice.${choice}`]) {
    if (has(key)) return render({ key });
  }
  return choice;
}

/**
 * How a table list shows one of a table's options that is not its default:
 * the option's short name (web.option-short.GAME.OPTION; else its label),
 * with the choice's label for a choice ("Chapter: 1. First steps"), never
 * the option's internal name or value.
 * @param {string} game
 * @param {string} option
 * @param {string} value
 */
function optionText(game, option, value) {
  const o = gameById(game)?.options.find((x) => x.name === option);
  // The form's label explains the option at length; a row names it shortly.
  const short = `web.option-short.${game}.${option}`;
  const label = has(short) ? t(short) : o ? render(o.label) : option;
  return value === 'true' ? label : t('web.label-value', { label, value: optionChoiceLabel(option, value, game) });
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
  if (byId('hotseat', HTMLInputElement).checked) req.hotseat = true;
  const pace = chosenPace();
  if (pace) req.pace = pace;
  const mine = byId('my-seat', HTMLSelectElement).value;
  if (mine !== '' && seats[Number(mine)]?.kind === 'human') req.seat = Number(mine);
  if (byId('rated', HTMLInputElement).checked) req.rated = true;
  return req;
}

/**
 * Shows the invite links of a new table at the top of the lobby: each with a
 * copy button and a QR code for a phone, and the way to the table.
 * @param {CreateTableResponse} res
 * @param {GameInfo} g
 * @param {CreateTableRequest} req what was asked (a hot-seat table has no invites)
 */
function showInvites(res, g, req) {
  const box = byId('invites');
  const list = el('ul', { class: 'invite-list' });
  for (const [seat, path] of Object.entries(res.invites)) {
    const info = g.seats[Number(seat)];
    const name = info ? render(info.name) : seat;
    const url = new URL(path, location.origin).href;
    const input = el('input', { type: 'text', readonly: true, value: url, 'aria-label': t('web.lobby.invite-link-of', { seat: name }) });
    const copy = el('button', { type: 'button', class: 'primary small', 'data-copy': url, 'aria-label': t('web.lobby.copy-of', { seat: name }) }, t('web.lobby.copy'));
    copy.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(url);
        toast(t('web.lobby.copied'), 'info');
      } catch {
        input.select();
        toast(t('web.lobby.copy-by-hand'), 'info');
      }
    });
    const qr = qrToggle(url, t('web.lobby.invite-link-of', { seat: name }));
    list.append(el('li', { 'data-invite-seat': seat },
      el('span', { class: `seat-name side-${info?.side ?? ''}` }, name),
      input, copy, qr.button,
      el('a', { href: url, class: 'invite-link small' }, t('web.lobby.take-this-seat')), qr.box));
  }
  // A hot-seat table seats its creator at every person's seat: no link to share.
  const any = !req.hotseat && Object.keys(res.invites).length > 0;
  const seated = typeof res.seat === 'number' ? g.seats[res.seat] : undefined;
  const bots = req.seats.some((s) => s.kind === 'bot');
  const sit = req.hotseat && seated ? t(bots ? 'web.lobby.you-sit-all-bots' : 'web.lobby.you-sit-all')
    : seated ? t('web.lobby.you-sit', { seat: render(seated.name) }) : '';
  box.replaceChildren(...[
    el('h2', { id: 'invites-title' }, t('web.lobby.table-ready', { game: g.name })),
    sit ? el('p', { class: 'you-sit' }, sit) : null,
    res.seat_error ? el('p', { class: 'form-error' }, render(res.seat_error.text)) : null,
    ...(any ? [el('h3', {}, t('web.lobby.invites')), el('p', {}, t('web.lobby.invites-help')), list] : []),
    el('p', {}, el('a', { href: `/t/${encodeURIComponent(res.id)}`, class: 'button primary', id: 'open-new-table' }, t('web.lobby.open-table'))),
  ].filter((x) => x !== null));
  box.hidden = false;
  box.scrollIntoView({ block: 'start' });
  box.focus();
}

/**
 * "Bots in every other seat": the seat chosen as "Your seat" (the first one
 * when none is) stays a person's, every other seat a bot may take gets one
 * at the level shown (Normal unless changed), in one click.
 */
function othersBots() {
  const g = gameById(byId('game-select', HTMLSelectElement).value);
  if (!g) return;
  const my = byId('my-seat', HTMLSelectElement);
  const keep = my.value === '' ? 0 : Number(my.value);
  g.seats.forEach((_, i) => {
    const kind = document.getElementById(`seat-kind-${i}`);
    if (!(kind instanceof HTMLSelectElement) || kind.disabled) return;
    kind.value = i === keep ? 'human' : 'bot';
    kind.dispatchEvent(new Event('change'));
  });
  my.value = String(keep);
  my.dispatchEvent(new Event('change'));
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
    showInvites(res, g, req);
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
  const gameName = g ? render(g.name) : tb.game;
  const seats = el('ul', { class: 'table-seats' });
  for (const s of tb.seats) {
    const who = s.player
      ? el('span', { class: 'player' }, playerName(s.player))
      : el('span', { class: 'free' }, t('web.seat.free'));
    const li = el('li', { 'data-seat': s.seat }, el('span', { class: `seat-name side-${s.side}` }, seatName(tb, s)), ' ', who);
    if (!s.player && s.kind !== 'bot' && tb.status === 'open') {
      // Every seat button shows the same words: its name says which seat of which game.
      const take = el('button', { type: 'button', class: 'small', 'data-take-seat': s.seat, 'data-table': tb.id,
        'aria-label': t('web.lobby.take-seat-of', { seat: seatName(tb, s), game: gameName }) }, t('web.lobby.take-seat'));
      take.addEventListener('click', () => takeSeat(tb.id, s.seat));
      li.append(' ', take);
    }
    seats.append(li);
  }
  /** @param {string} name */
  const def = (name) => g?.options.find((o) => o.name === name)?.default ?? '';
  const options = Object.entries(tb.options ?? {}).filter(([k, v]) => v && v !== 'false' && v !== def(k));
  const open = tb.status === 'open' || mine.active.some((m) => m.table.id === tb.id);
  const players = tb.seats.filter((s) => s.player).map((s) => playerLabel(s.player));
  return el('li', { class: 'table-row', 'data-table': tb.id },
    el('div', { class: 'table-head' },
      el('strong', {}, gameName),
      ' ',
      el('span', { class: `status status-${tb.status}` }, statusLabel(tb.status)),
      tb.hotseat ? el('span', { class: 'badge hotseat', title: t('web.table.hotseat-note') }, t('web.table.hotseat')) : null,
      tb.pace ? el('span', { class: 'badge pace', 'data-pace': tb.pace.kind }, paceLabel(tb.pace)) : null,
      tb.rated ? el('span', { class: 'badge rated', title: t('web.table.rated-note') }, t('web.table.rated')) : null,
      options.length ? el('span', { class: 'table-options' }, options.map(([k, v]) => optionText(tb.game, k, v)).join(', ')) : null),
    seats,
    // A table the player has a seat at opens to play, not to watch.
    el('a', { href: `/t/${encodeURIComponent(tb.id)}`, class: 'button small', 'data-watch': tb.id, 'aria-label': linkLabel(open, gameName, players) },
      open ? t('web.lobby.open') : t('web.lobby.watch')));
}

/**
 * The name of a table's Open or Watch link for a screen reader: every row
 * shows the same word, the name says which game and who plays it.
 * @param {boolean} open
 * @param {string} game
 * @param {string[]} players
 */
function linkLabel(open, game, players) {
  const verb = open ? 'open' : 'watch';
  return players.length ? t(`web.lobby.${verb}-table-of`, { game, players: players.join(', ') }) : t(`web.lobby.${verb}-game`, { game });
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

/** @typedef {{table: TableInfo, seats: number[], your_turn: boolean}} MyTable */

/** The signed-in player's games, from GET /api/my/tables. */
const mine = {
  /** @type {MyTable[]} */
  active: [],
  /** @type {MyTable[]} */
  finished: [],
  finishedPages: 1,
  moreFinished: false,
  signedIn: false,
};

/**
 * The text of the time left for a move waiting for the player: the
 * deadline in the viewer's time zone at a turn-based table, the clock at a
 * live one.
 * @param {string} deadline
 * @param {boolean} moveLimit
 */
function leftText(deadline, moveLimit) {
  const left = formatLeft(Math.max(0, Date.parse(deadline) - Date.now()));
  if (!moveLimit) return t('web.clock.left', { time: left });
  // The hour as the language writes a short time: "3:05 PM" in English
  // (not "03:05 PM"), "03:05" in French and Dutch.
  const three = new Intl.DateTimeFormat(currentLang(), { timeStyle: 'short' }).formatToParts(new Date(2000, 0, 1, 3, 5));
  const hour = three.find((x) => x.type === 'hour')?.value.length === 2 ? '2-digit' : 'numeric';
  const when = new Intl.DateTimeFormat(currentLang(), { weekday: 'short', day: 'numeric', month: 'short', hour, minute: '2-digit' })
    .format(new Date(deadline));
  return t('web.lobby.move-by', { when, time: left });
}

/**
 * The time left for the player's move at m, or null (not their move, no
 * clock running).
 * @param {MyTable} m
 */
function myLeft(m) {
  if (!m.your_turn) return null;
  const c = (m.table.clocks ?? []).find((k) => k.running && k.deadline && m.seats.includes(k.seat));
  if (!c || !c.deadline) return null;
  return el('p', { class: 'my-left', 'data-deadline': c.deadline, 'data-move-limit': String(!!c.move_limit) },
    leftText(c.deadline, !!c.move_limit));
}

/** Redraws the times left in "Your games" (live clocks count down). */
function tickMine() {
  for (const p of document.querySelectorAll('#my-tables [data-deadline]')) {
    const e = /** @type {HTMLElement} */ (p);
    e.textContent = leftText(e.dataset.deadline ?? '', e.dataset.moveLimit === 'true');
  }
}

/**
 * How a finished game went for the player who held seats: "won", "lost" or
 * "draw"; "" while the result is not recorded, or when their seats were on
 * more than one side (a hot-seat table).
 * @param {TableInfo} tb
 * @param {number[]} seats
 * @returns {''|'won'|'lost'|'draw'}
 */
function myResult(tb, seats) {
  const f = tb.finish;
  if (!f) return '';
  if (!f.winner) return 'draw';
  const sides = new Set(tb.seats.filter((s) => seats.includes(s.seat)).map((s) => s.side));
  if (sides.size !== 1) return '';
  return sides.has(f.winner) ? 'won' : 'lost';
}

/**
 * One of the player's games: the game, where it stands, their seats, and
 * the way back to it (or to its replay).
 * @param {MyTable} m
 */
function myRow(m) {
  const tb = m.table;
  const g = gameById(tb.game);
  const names = m.seats.map((n) => {
    const s = tb.seats.find((x) => x.seat === n);
    return s ? seatName(tb, s) : String(n);
  }).join(', ');
  // Who else sits at the table (none at a hot-seat table, where the
  // player holds every seat).
  const others = playerList(tb.seats.filter((s) => s.player && !m.seats.includes(s.seat)).map((s) => s.player));
  const finished = tb.status === 'finished';
  // A finished game is dated by its end, as in the archive (a turn-based
  // game may end weeks after its table was made).
  const when = finished && tb.finish?.at ? tb.finish.at : tb.created;
  let state;
  if (finished) {
    const r = tb.resigned;
    const rs = typeof r === 'number' ? tb.seats.find((x) => x.seat === r) : undefined;
    const result = myResult(tb, m.seats);
    state = el('span', {},
      el('span', { class: `status status-finished${result ? ` result-${result}` : ''}`, 'data-result': result },
        result ? t(`web.lobby.result.${result}`) : statusLabel('finished')),
      rs ? el('span', { class: 'status-detail' }, ` ${t('web.lobby.resigned', { seat: seatName(tb, rs) })}`) : '');
  } else if (m.your_turn) {
    state = el('span', { class: 'status turn' }, '▶ ', t('web.lobby.your-turn'));
  } else {
    state = el('span', { class: `status status-${tb.status}` }, tb.status === 'running' ? t('web.lobby.waiting') : statusLabel(tb.status));
  }
  return el('li', { class: `table-row my-row${m.your_turn ? ' your-turn' : ''}`, 'data-my-table': tb.id, 'data-your-turn': String(m.your_turn) },
    el('div', { class: 'table-head' }, el('strong', {}, g ? render(g.name) : tb.game), ' ', state,
      tb.hotseat ? el('span', { class: 'badge hotseat', title: t('web.table.hotseat-note') }, t('web.table.hotseat')) : null),
    names ? el('p', { class: 'my-seats' }, t('web.lobby.you-play', { seats: names })) : null,
    others.length ? el('p', { class: 'my-players' }, ...tNodes('web.lobby.my-players', {}, { players: others })) : null,
    myLeft(m),
    el('time', { datetime: when, class: 'created' }, new Date(when).toLocaleString(currentLang(), { dateStyle: 'medium', timeStyle: 'short' })),
    ' ',
    el('a', { href: `/t/${encodeURIComponent(tb.id)}`, class: 'button small', [finished ? 'data-replay' : 'data-resume']: tb.id,
      'aria-label': t(finished ? 'web.lobby.replay-of' : 'web.lobby.resume-of', { game: g ? render(g.name) : tb.game, seats: names }) },
      finished ? t('web.lobby.replay') : t('web.lobby.resume')));
}

/** Whether the lobby still owes the address's #my-games its scroll. */
let scrollToMine = location.hash === '#my-games';

/** Draws "Your games". */
function renderMine() {
  const box = byId('my-games');
  box.hidden = !mine.signedIn;
  if (box.hidden) return;
  // A player with games sees them first on a phone (gaslamp.css).
  box.toggleAttribute('data-has-games', mine.active.length + mine.finished.length > 0);
  // The header's "games wait for your move" link opens /#my-games: the
  // card was hidden when the browser looked for it, so the lobby scrolls
  // to it itself once it is drawn, once.
  if (scrollToMine) {
    scrollToMine = false;
    requestAnimationFrame(() => box.scrollIntoView({ block: 'start' }));
  }
  const active = byId('my-tables');
  const finished = byId('my-finished');
  keepFocus([active, finished], () => {
    active.replaceChildren(...(mine.active.length ? mine.active.map(myRow) : [el('li', { class: 'empty' }, t('web.lobby.no-my-games'))]));
    finished.replaceChildren(...(mine.finished.length ? mine.finished.map(myRow) : [el('li', { class: 'empty' }, t('web.lobby.no-my-finished'))]));
    if (mine.moreFinished) {
      const more = el('button', { type: 'button', class: 'small more-tables', id: 'more-finished' }, t('web.lobby.more-finished'));
      more.addEventListener('click', () => {
        mine.finishedPages++;
        refreshMine();
      });
      finished.append(el('li', { class: 'more' }, more));
    }
  });
}

/** Fetches the player's games: in progress (theirs to move first), then finished, paged. */
async function refreshMine() {
  try {
    const get = async (/** @type {string} */ q) => {
      const res = await fetch(`/api/my/tables?${q}`, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
      if (!res.ok) throw new HttpError(res.status, '', null);
      return { list: /** @type {MyTable[]} */ ((await res.json()) ?? []), more: res.headers.get('X-Next-Page') !== null };
    };
    mine.active = (await get('status=active')).list;
    /** @type {MyTable[]} */
    const finished = [];
    let more = false;
    for (let page = 1; page <= mine.finishedPages; page++) {
      const r = await get(`status=finished&page=${page}`);
      finished.push(...r.list);
      more = r.more;
      if (!more) break;
    }
    mine.finished = finished;
    mine.moreFinished = more;
  } catch {
    // keep the last lists
  }
  renderMine();
  renderTables(); // their buttons say Open for the player's own tables
}

/**
 * Runs redraw, which rebuilds what the lists hold, and gives the focus back
 * to the new control that matches the one focused in them before (the same
 * tag and data attributes: the same seat of the same table, the same link),
 * so that the lobby's refresh every few seconds does not throw a keyboard or
 * screen reader user's place away.
 * @param {HTMLElement[]} lists
 * @param {() => void} redraw
 */
function keepFocus(lists, redraw) {
  const before = document.activeElement;
  const focused = before instanceof HTMLElement && lists.some((l) => l.contains(before)) ? before : null;
  let sel = '';
  if (focused) {
    const data = [...focused.attributes].filter((a) => a.name.startsWith('data-'))
      .map((a) => `[${a.name}="${CSS.escape(a.value)}"]`).join('');
    if (data) sel = focused.tagName.toLowerCase() + data;
    else if (focused.id) sel = `#${CSS.escape(focused.id)}`;
  }
  redraw();
  if (!focused || !sel || focused.isConnected) return;
  const again = lists.map((l) => l.querySelector(sel)).find((e) => e instanceof HTMLElement);
  if (again instanceof HTMLElement) again.focus({ preventScroll: true });
}

/** Draws the table lists from the last fetch. */
function renderTables() {
  const lists = ['open', 'running'].map((status) => byId(`${status}-tables`));
  keepFocus(lists, () => {
    for (const status of ['open', 'running']) {
      const list = byId(`${status}-tables`);
      const rows = tables[status].map(tableRow);
      list.replaceChildren(...(rows.length ? rows : [el('li', { class: 'empty' }, t('web.lobby.no-tables'))]));
      if (morePages[status]) {
        const more = el('button', { type: 'button', class: 'small more-tables', 'data-more': status }, t('web.lobby.more'));
        more.addEventListener('click', () => {
          pages[status]++;
          refreshTables();
        });
        list.append(el('li', { class: 'more' }, more));
      }
    }
  });
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

/** Fetches the open and running tables, and the player's games. */
async function refreshTables() {
  if (mine.signedIn) refreshMine();
  await Promise.all(['open', 'running'].map(async (status) => {
    try {
      tables[status] = await fetchTables(status);
    } catch {
      // keep the last list
    }
  }));
  renderTables();
}

/** Fills the pace choice: the presets, then custom live and turn-based. */
function renderPaceSelect() {
  const sel = byId('pace-select', HTMLSelectElement);
  const kept = sel.value || 'none';
  sel.replaceChildren(
    ...Object.entries(PACE_PRESETS).map(([v, p]) => el('option', { value: v }, paceLabel(p ?? undefined))),
    el('option', { value: 'custom-live' }, t('web.pace.custom-live')),
    el('option', { value: 'custom-turn' }, t('web.pace.custom-turn')),
  );
  sel.value = kept;
  const show = () => {
    byId('pace-live-custom').hidden = sel.value !== 'custom-live';
    byId('pace-turn-custom').hidden = sel.value !== 'custom-turn';
    byId('pace-lose-field').hidden = sel.value === 'none';
    byId('pace-help').hidden = sel.value === 'none'; // no clock, no time to run out
    paceHelp();
    byId('pace-away-field').hidden = !(sel.value.startsWith('turn-') || sel.value === 'custom-turn');
  };
  sel.onchange = show;
  byId('pace-lose', HTMLInputElement).onchange = paceHelp;
  show();
}

/** The help under the pace says what happens when time runs out: a bot plays the move, or the player loses. */
function paceHelp() {
  const help = byId('pace-help');
  const key = byId('pace-lose', HTMLInputElement).checked ? 'web.pace.help-lose' : 'web.pace.help';
  help.dataset.i18n = key;
  help.textContent = t(key);
}

/**
 * The pace chosen in the form, or null for no clock.
 * @returns {import('./types.js').Pace|null}
 */
function chosenPace() {
  const v = byId('pace-select', HTMLSelectElement).value;
  const num = (/** @type {string} */ id) => Number(byId(id, HTMLInputElement).value);
  /** @type {import('./types.js').Pace|null} */
  let p = PACE_PRESETS[v] ?? null;
  if (v === 'custom-live') p = { kind: 'live', bank_seconds: Math.round(num('pace-bank') * 60), increment_seconds: Math.round(num('pace-increment')) };
  if (v === 'custom-turn') p = { kind: 'turn', move_seconds: Math.round(num('pace-hours') * 3600) };
  if (p && byId('pace-lose', HTMLInputElement).checked) p = { ...p, on_timeout: 'lose' };
  if (p && p.kind === 'turn' && byId('pace-away', HTMLInputElement).checked) p = { ...p, away: true };
  return p;
}

/** Links to each game's leaderboard. */
function renderLeaderboardLinks() {
  const nav = document.getElementById('leaderboards');
  if (!nav) return;
  nav.querySelectorAll('a').forEach((a) => a.remove());
  nav.append(...games.map((g) => el('a', { href: `/leaderboard/${encodeURIComponent(g.id)}`, class: 'button small' }, render(g.name))));
}

/** The links to each game's rules page (/rules/GAME). */
function renderRulesLinks() {
  byId('rules-list').replaceChildren(...games.map((g) => {
    const li = el('li', {}, el('a', { href: `/rules/${encodeURIComponent(g.id)}`, 'data-rules': g.id }, render(g.name)));
    if (g.tutorial) {
      const learn = el('button', { type: 'button', class: 'small', 'data-tutorial': g.id,
        'aria-label': t('web.lobby.learn-game', { game: g.name }) }, t('web.lobby.learn'));
      learn.addEventListener('click', () => startTutorial(g.id, learn));
      li.append(' ', learn);
    }
    return li;
  }));
}

/**
 * Starts a game's tutorial (POST /api/tutorials/GAME) and opens its table.
 * @param {string} game
 * @param {HTMLButtonElement} button
 */
async function startTutorial(game, button) {
  if (!(await ensureIdentity())) return;
  button.disabled = true;
  try {
    const res = /** @type {{id: string}} */ (await api(`/api/tutorials/${encodeURIComponent(game)}`, { method: 'POST' }));
    location.assign(`/t/${encodeURIComponent(res.id)}`);
  } catch (e) {
    toast(e instanceof HttpError && e.text ? render(e.text) : t('web.error.create-failed'));
    button.disabled = false;
  }
}

async function main() {
  await initI18n();
  languageSwitcher(byId('lang-select', HTMLSelectElement));
  mine.signedIn = !!(await ensureIdentity());
  try {
    games = /** @type {GameInfo[]} */ (await api('/api/games')) ?? [];
  } catch {
    toast(t('web.error.network'));
  }
  renderCreateForm();
  renderPaceSelect();
  renderLeaderboardLinks();
  renderRulesLinks();
  initArchive(games);
  byId('game-select').addEventListener('change', renderCreateForm);
  byId('game-select').addEventListener('change', () => {
    delete byId('my-seat').dataset.chosen;
    renderCreateForm();
  });
  byId('my-seat').addEventListener('change', () => {
    byId('my-seat').dataset.chosen = '1';
  });
  byId('others-bots').addEventListener('click', othersBots);
  // The takeover delay's own message, in the page's language (the
  // browser's is in its own).
  const takeover = byId('takeover', HTMLInputElement);
  const checkTakeover = () => {
    takeover.setCustomValidity('');
    if (!takeover.validity.valid) takeover.setCustomValidity(t('web.lobby.takeover-invalid', { max: Number(takeover.max) }));
  };
  takeover.addEventListener('input', checkTakeover);
  onLangChange(checkTakeover);
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
    renderPaceSelect();
    renderLeaderboardLinks();
    renderRulesLinks();
    for (const [id, val] of kept) {
      const e = document.getElementById(id);
      if (e instanceof HTMLInputElement && typeof val === 'boolean') e.checked = val;
      else if ((e instanceof HTMLInputElement || e instanceof HTMLSelectElement) && typeof val === 'string') e.value = val;
      if (e instanceof HTMLSelectElement && id !== 'game-select') e.dispatchEvent(new Event('change'));
    }
    renderTables();
    renderMine();
    relabelArchive();
  });
  await refreshTables();
  window.setInterval(refreshTables, REFRESH_MS);
  window.setInterval(tickMine, 1000);
}

main();
