// Table clocks on the page: each timed seat's time left, counting down to
// the deadline the server sent while the seat must act (the server's clock
// decides; the page only shows it), a warning when the viewer's own time is
// short, and the pace of a table in words for the lobby.

import { el } from './dom.js';
import { currentLang, t } from './i18n.js';

/** @typedef {import('./types.js').ClockInfo} ClockInfo */
/** @typedef {import('./types.js').Pace} Pace */

/** @type {Map<number, ClockInfo>} */
const clocks = new Map();
/** When each clock was received (performance.now()), for the ones not running. */
let ticker = 0;

/** @type {Pace|undefined} the table's pace, for what "short" means */
let pace;

/**
 * Takes the table's pace.
 * @param {Pace|undefined} p
 */
export function setPace(p) {
  pace = p;
}

/**
 * Takes the server's clocks.
 * @param {ClockInfo[]|undefined} list
 */
export function setClocks(list) {
  clocks.clear();
  for (const c of list ?? []) clocks.set(c.seat, c);
}

/**
 * What the server last said of the clocks, as a string that changes when
 * they do (not as their time runs: the ticker shows that).
 */
export function clocksKey() {
  return JSON.stringify([...clocks]);
}

/**
 * Milliseconds left on seat's clock now, or null for an untimed seat.
 * @param {number} seat
 */
function leftMS(seat) {
  const c = clocks.get(seat);
  if (!c) return null;
  if (c.running && c.deadline) return Math.max(0, Date.parse(c.deadline) - Date.now());
  return c.left_ms;
}

/**
 * A duration in the player's words: m:ss under an hour, then hours and
 * minutes, then days and hours.
 * @param {number} ms
 */
export function formatLeft(ms) {
  const s = Math.ceil(ms / 1000);
  if (s < 3600) return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  const h = Math.floor(s / 3600);
  if (h < 48) return t('web.clock.hours-minutes', { h, m: Math.floor((s % 3600) / 60) });
  return t('web.clock.days-hours', { d: Math.floor(h / 24), h: h % 24 });
}

/**
 * Whether ms left is short: under 30 s on a live clock; for a move of a
 * turn-based table, under an hour and under a quarter of the time a move
 * has (the server's own warning's lead), so that a move of an hour is not
 * short from its start.
 * @param {ClockInfo} c
 * @param {number} ms
 */
function short(c, ms) {
  if (!c.running) return false;
  if (!c.move_limit) return ms < 30_000;
  const move = (pace?.move_seconds ?? 86400) * 1000;
  return ms < Math.min(3600_000, move / 4);
}

/**
 * The warning a player whose time runs short reads: what happens when it
 * runs out depends on the table.
 */
export function hurryText() {
  return t(pace?.on_timeout === 'lose' ? 'web.clock.hurry-lose' : 'web.clock.hurry');
}

/**
 * The clock badge of seat (null for an untimed seat), kept up to date by
 * the ticker.
 * @param {number} seat
 */
export function clockBadge(seat) {
  const c = clocks.get(seat);
  if (!c) return null;
  const ms = leftMS(seat) ?? 0;
  if (c.away_until) {
    const when = new Intl.DateTimeFormat(currentLang(), { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })
      .format(new Date(c.away_until));
    return el('span', { class: 'clock away', 'data-clock-away': seat }, t('web.clock.away-until', { when }));
  }
  return el('span', {
    class: ['clock', c.running ? 'running' : '', short(c, ms) ? 'low' : '', c.timed_out ? 'timed-out' : ''].join(' ').trim(),
    'data-clock-seat': seat,
    role: 'timer',
    'aria-label': t(c.move_limit ? 'web.clock.move-left' : 'web.clock.left', { time: formatLeft(ms) }),
  }, formatLeft(ms));
}

/**
 * Starts the once-a-quarter-second redraw of the running clocks; warn is
 * called with the viewer's seat whose time is short (or -1).
 * @param {() => number[]} mine the seats the viewer holds
 * @param {(seat: number) => void} warn
 */
export function startTicker(mine, warn) {
  if (ticker) return;
  ticker = window.setInterval(() => {
    let low = -1;
    for (const badge of document.querySelectorAll('[data-clock-seat]')) {
      const seat = Number(/** @type {HTMLElement} */ (badge).dataset.clockSeat);
      const c = clocks.get(seat);
      if (!c || !c.running) continue;
      const ms = leftMS(seat) ?? 0;
      badge.textContent = formatLeft(ms);
      badge.classList.toggle('low', short(c, ms));
      badge.setAttribute('aria-label', t(c.move_limit ? 'web.clock.move-left' : 'web.clock.left', { time: formatLeft(ms) }));
      if (short(c, ms) && mine().includes(seat)) low = seat;
    }
    warn(low);
  }, 250);
}

/**
 * A table's pace in a few characters, for a phone's header: "10+5" (minutes
 * each and seconds added a move, as on chess sites), or the time a move has.
 * @param {Pace|undefined} p
 */
export function paceShort(p) {
  if (!p) return '';
  if (p.kind === 'live') return `${Math.round((p.bank_seconds ?? 0) / 60)}+${p.increment_seconds ?? 0}`;
  const h = Math.round((p.move_seconds ?? 0) / 3600);
  return h % 24 === 0 ? t('web.pace.short-days', { d: h / 24 }) : t('web.pace.short-hours', { h });
}

/**
 * A table's pace in words, for the lobby and the table page.
 * @param {Pace|undefined} p
 */
export function paceLabel(p) {
  if (!p) return t('web.pace.none');
  if (p.kind === 'live') {
    return t('web.pace.live', { m: Math.round((p.bank_seconds ?? 0) / 60), s: p.increment_seconds ?? 0 });
  }
  const h = Math.round((p.move_seconds ?? 0) / 3600);
  const s = h % 24 === 0 ? t('web.pace.turn-days', { d: h / 24 }) : t('web.pace.turn-hours', { h });
  return p.away ? `${s} · ${t('web.pace.away')}` : s;
}

/** The pace presets offered at table creation (value -> pace). */
export const PACE_PRESETS = /** @type {Record<string, Pace|null>} */ ({
  none: null,
  'live-10-5': { kind: 'live', bank_seconds: 600, increment_seconds: 5 },
  'live-20-10': { kind: 'live', bank_seconds: 1200, increment_seconds: 10 },
  'live-45-20': { kind: 'live', bank_seconds: 2700, increment_seconds: 20 },
  'turn-1h': { kind: 'turn', move_seconds: 3600 },
  'turn-1d': { kind: 'turn', move_seconds: 86400 },
  'turn-3d': { kind: 'turn', move_seconds: 3 * 86400 },
});
