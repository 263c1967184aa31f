// The last move of each seat, for the table page: which seat made the move
// an event records (from the event's own fields, the way each game writes
// them), the latest history entry of each seat, and what those moves name
// on the board (circles, crossings, Pocket's tiles, detectives and places,
// Jekyll & Hyde's cards). The page marks those lines of the log and those
// things on the board, each with the seat's name (a dashed outline and a
// small label: not by colour only). Everything comes from the events this
// connection was sent and the elements its board draws: a move the viewer
// may not see leaves no mark.

import { svg } from './dom.js';
import { isText } from './i18n.js';

/** @typedef {import('./types.js').GameEvent} GameEvent */
/** @typedef {import('./types.js').HistoryEntry} HistoryEntry */
/** @typedef {import('./types.js').TableInfo} TableInfo */
/** @typedef {import('./types.js').Text} Text */
/** @typedef {import('./games/registry.js').Named} Named */

/**
 * Events that are always the move of one seat, by type: the seat's id, or
 * "head" for Whitechapel's Head of the Investigation (the view's head).
 * @type {Record<string, string>}
 */
const MOVER = {
  'whitehall.location': 'jack', 'whitehall.jack-moved': 'jack', 'whitehall.reached': 'jack',
  'whitehall.announced': 'jack', 'whitehall.false-clue': 'jack',
  'whitechapel.hideout': 'jack', 'whitechapel.woman': 'jack', 'whitechapel.women': 'jack', 'whitechapel.kill': 'jack',
  'whitechapel.wait': 'jack', 'whitechapel.reveal': 'jack', 'whitechapel.jack-moved': 'jack', 'whitechapel.reached': 'jack',
  'whitechapel.patrol': 'head', 'whitechapel.wretched': 'head',
  'pocket.alibi-shown': 'investigator', 'pocket.jack-alibi': 'jack', 'pocket.jack-alibi-secret': 'jack',
};

/** Events that record what follows a move (a trick's end, a score), no seat's move. */
const NOT_A_MOVE = new Set(['jekyll.trick', 'jekyll.scored', 'jekyll.over', 'jekyll.reveal', 'jekyll.ranked', 'jekyll.dealt',
  'jekyll.round', 'jekyll.night', 'whitechapel.night', 'whitechapel.start', 'whitehall.round', 'whitehall.start']);

/**
 * The seat whose move ev records, or -1 (an event of no one's move, or one
 * that does not say).
 * @param {GameEvent} ev
 * @param {TableInfo} table
 * @param {Record<string, unknown>|null} view the viewer's view (names of figures, the Head)
 * @returns {number}
 */
export function actorOf(ev, table, view) {
  if (NOT_A_MOVE.has(ev.type)) return -1;
  const byId = (/** @type {unknown} */ id) => (typeof id === 'string' ? table.seats.find((s) => s.id === id)?.seat ?? -1 : -1);
  const fixed = MOVER[ev.type];
  if (fixed) return byId(fixed === 'head' ? view?.head : fixed);
  const data = /** @type {Record<string, unknown>} */ (ev.data && typeof ev.data === 'object' ? ev.data : {});
  for (const k of ['seat', 'figure', 'policeman']) {
    const s = byId(data[k]);
    if (s >= 0) return s;
  }
  if (typeof data.side === 'string') {
    const s = table.seats.find((x) => x.id === data.side || x.side === data.side);
    if (s) return s.seat;
  }
  // "who" names the figure that acted: a colour's text (Whitechapel) or a
  // name the view's figures carry (Whitehall).
  const who = ev.text?.args?.who;
  if (isText(who)) return byId(who.key.split('.').pop());
  if (typeof who === 'string') {
    for (const list of [view?.figures, view?.policemen]) {
      if (!Array.isArray(list)) continue;
      const f = list.find((x) => x && typeof x === 'object' && (x.name === who || x.id === who));
      if (f && typeof f.seat === 'number') return f.seat;
    }
  }
  return -1;
}

/**
 * The latest history entry holding a move of each seat, with that seat's
 * events in it.
 * @param {HistoryEntry[]} history
 * @param {TableInfo} table
 * @param {Record<string, unknown>|null} view
 * @returns {Map<number, {v: number, events: GameEvent[]}>}
 */
export function lastBySeat(history, table, view) {
  /** @type {Map<number, {v: number, events: GameEvent[]}>} */
  const out = new Map();
  for (let i = history.length - 1; i >= 0; i--) {
    const h = history[i];
    /** @type {Map<number, GameEvent[]>} */
    const here = new Map();
    for (const ev of h.events) {
      const s = actorOf(ev, table, view);
      if (s < 0 || out.has(s)) continue;
      here.set(s, [...(here.get(s) ?? []), ev]);
    }
    for (const [s, events] of here) out.set(s, { v: h.v, events });
    if (out.size >= table.seats.length) break;
  }
  return out;
}

/** @returns {Named} nothing named */
export function noneNamed() {
  return { circles: [], crossings: [], characters: [], detectives: [], places: [], cards: [] };
}

/**
 * What an event names on the board: its text's arguments "circle", "via",
 * "from", "circles" (a list), "crossing" and "place" (a number), the
 * characters and detectives it names as texts ("<game>.char.<id>", a
 * character's name; "<game>.of.<id>", the same as a complement: "of
 * Madame"; "<game>.detective.<id>"), those of nested texts and lists of
 * texts, and the card of its data (Jekyll & Hyde).
 * @param {Text|undefined} text
 * @param {unknown} [data]
 * @returns {Named}
 */
export function namedPlaces(text, data) {
  const out = noneNamed();
  /** @param {unknown} v */
  const walk = (v) => {
    if (Array.isArray(v)) {
      for (const x of v) walk(x);
      return;
    }
    if (!isText(v)) return;
    const m = /^[a-z]+\.(char|of|detective)\.([\w-]+)$/.exec(v.key);
    if (m) (m[1] === 'detective' ? out.detectives : out.characters).push(m[2]);
    if (!v.args) return;
    for (const [k, a] of Object.entries(v.args)) {
      if ((k === 'circle' || k === 'via' || k === 'from') && typeof a === 'number') out.circles.push(a);
      else if (k === 'circles' && typeof a === 'string') out.circles.push(...a.split(/,\s*/).map(Number).filter((n) => n > 0));
      else if (k === 'crossing' && typeof a === 'string') out.crossings.push(a);
      else if (k === 'place' && typeof a === 'number') out.places.push(a);
      else walk(a);
    }
  };
  walk(text);
  const card = data && typeof data === 'object' ? /** @type {Record<string, unknown>} */ (data).card : undefined;
  if (typeof card === 'string' && /^(red|blue|black|potion)-\d+$/.test(card)) out.cards?.push(card);
  return out;
}

/**
 * Whether named names anything.
 * @param {Named} n
 */
export function namesSomething(n) {
  return n.circles.length + n.crossings.length + n.characters.length + n.detectives.length + n.places.length + (n.cards?.length ?? 0) > 0;
}

/**
 * The elements of board that named names, by the stable hooks of web/doc.go.
 * @param {Element} board
 * @param {Named} n
 * @returns {Element[]}
 */
export function namedElements(board, n) {
  const sel = [
    ...n.circles.map((c) => `[data-circle="${c}"]`),
    ...n.crossings.map((x) => `[data-crossing="${CSS.escape(x)}"]`),
    ...n.characters.map((c) => `.pk-tile[data-character="${CSS.escape(c)}"]`),
    ...n.detectives.map((d) => `[data-detective="${CSS.escape(d)}"]`),
    ...n.places.map((p) => `[data-place="${p}"]`),
    ...(n.cards ?? []).map((c) => `.jk-plays [data-card="${CSS.escape(c)}"]`),
  ];
  if (sel.length === 0) return [];
  return [...board.querySelectorAll(sel.join(', '))].filter((e) => !e.closest('.layer-preview, .layer-seat-last'));
}

/**
 * Marks on the board what each seat's last move touched: class "seat-last"
 * (a dashed outline) and data-last-by (the seat's name; an HTML element
 * shows it as a small label) on each element, and on an SVG board a label
 * with the seat's name beside it, in a layer of its own. Marks of a former
 * drawing are removed first. A label keeps clear of the elements of keep:
 * those it must never cover (hard: what a tutorial's hint names), and those
 * it covers only when it has no other place (soft: the player's legal
 * targets); with no place clear of the hard ones it is not drawn (the
 * outline still marks the move).
 * @param {Element} board
 * @param {{name: string, named: Named}[]} moves
 * @param {{hard: Element[], soft: Element[]}} [keep]
 */
export function markLastMoves(board, moves, keep = { hard: [], soft: [] }) {
  // The page draws often (presence, clocks); marks still in place stay.
  const key = JSON.stringify([moves, keepKey(keep.hard), keepKey(keep.soft)]);
  const was = drawn.get(board);
  if (was && was.key === key && was.els.every((e) => e.isConnected && e.classList.contains('seat-last'))
    && was.layers.every((l) => l.isConnected)) return;
  for (const e of board.querySelectorAll('.seat-last')) {
    e.classList.remove('seat-last');
    e.removeAttribute('data-last-by');
  }
  for (const l of board.querySelectorAll('.layer-seat-last')) l.remove();
  /** @type {Map<Element, string[]>} */
  const by = new Map();
  for (const m of moves) {
    for (const e of namedElements(board, m.named)) by.set(e, [...(by.get(e) ?? []), m.name]);
  }
  /** @type {Element[]} */
  const layers = [];
  /** @type {{label: string, x: number, y: number}[]} the labels drawn */
  const placed = [];
  for (const [e, names] of by) {
    const label = [...new Set(names)].join(' · ');
    e.classList.add('seat-last');
    e.setAttribute('data-last-by', label);
    const root = e instanceof SVGElement ? e.ownerSVGElement : null;
    const ctm = root?.getScreenCTM();
    if (!root || !ctm) continue;
    let layer = root.querySelector(':scope > .layer-seat-last');
    if (!layer) {
      layer = svg('g', { class: 'layer-seat-last', 'aria-hidden': 'true' });
      root.append(layer);
      layers.push(layer);
    }
    const r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const inv = ctm.inverse();
    const box = boxIn(r, inv);
    const top = { x: (box.x1 + box.x2) / 2, y: box.y1 };
    // A piece and the place it stands on (Pocket's detective on its place)
    // are both named: one label says it, not two drawn over each other.
    if (placed.some((q) => q.label === label && Math.hypot(q.x - top.x, q.y - top.y) < 24)) continue;
    placed.push({ label, x: top.x, y: top.y });
    const w = Math.max(18, label.length * 6.2 + 8);
    const vb = root.viewBox?.baseVal;
    /** @param {Element[]} els */
    const boxes = (els) => els.filter((k) => k !== e && k instanceof SVGElement && k.ownerSVGElement === root).map((k) => boxIn(k.getBoundingClientRect(), inv));
    const at = labelSpot({ x: top.x, top: box.y1, bottom: box.y2, left: box.x1, right: box.x2 }, w, vb && vb.width > 0 ? vb : null,
      { hard: boxes(keep.hard), soft: boxes(keep.soft) });
    if (!at) continue;
    layer.append(svg('g', { class: 'seat-last-label', transform: `translate(${at.x} ${at.y})` },
      svg('rect', { x: -w / 2, y: -13, width: w, height: 13, rx: 3 }),
      svg('text', { 'text-anchor': 'middle', y: -3 }, label)));
  }
  drawn.set(board, { key, els: [...by.keys()], layers });
}

/**
 * What identifies the elements a label keeps clear of, for markLastMoves's
 * cache.
 * @param {Element[]} els
 */
function keepKey(els) {
  return els.map((e) => e.getAttribute('data-circle') ?? e.getAttribute('data-crossing') ?? e.getAttribute('data-place') ?? '?').join(',');
}

/**
 * A screen rectangle in board units.
 * @param {DOMRect} r
 * @param {DOMMatrix} inv the board's screen matrix, inverted
 * @returns {Box}
 */
function boxIn(r, inv) {
  const a = new DOMPoint(r.left, r.top).matrixTransform(inv);
  const b = new DOMPoint(r.right, r.bottom).matrixTransform(inv);
  return { x1: Math.min(a.x, b.x), y1: Math.min(a.y, b.y), x2: Math.max(a.x, b.x), y2: Math.max(a.y, b.y) };
}

/** @typedef {{x1: number, y1: number, x2: number, y2: number}} Box */

/**
 * Where a last move's label goes (its bottom middle, in board units): above
 * the thing it names, or under it when above would leave the board's view
 * (a circle on the map's top edge had its label cut off), moved sideways to
 * stay inside the view. A label that would cover what keep holds goes under
 * the thing, else to its left or right: the first place clear of all of
 * keep, else the first clear of its hard boxes (a tutorial's named circle,
 * which the label once hid), else nowhere (null).
 * @param {{x: number, top: number, bottom: number, left?: number, right?: number}} e the thing's middle, top, bottom and sides
 * @param {number} w the label's width
 * @param {{x: number, y: number, width: number, height: number}|null} view the svg's viewBox
 * @param {{hard: Box[], soft: Box[]}} [keep]
 * @returns {{x: number, y: number}|null}
 */
export function labelSpot(e, w, view, keep = { hard: [], soft: [] }) {
  if (!view) return { x: e.x, y: e.top - 3 };
  const left = e.left ?? e.x;
  const right = e.right ?? e.x;
  const mid = (e.top + e.bottom) / 2 + 6.5;
  const inView = (/** @type {number} */ y) => y - 13 >= view.y && y <= view.y + view.height;
  /** @type {{x: number, y: number}[]} */
  const spots = [];
  if (inView(e.top - 3)) spots.push({ x: e.x, y: e.top - 3 });
  spots.push({ x: e.x, y: e.bottom + 3 + 13 });
  spots.push({ x: left - 3 - w / 2, y: mid }, { x: right + 3 + w / 2, y: mid });
  for (const s of spots) s.x = Math.max(view.x + w / 2, Math.min(view.x + view.width - w / 2, s.x));
  /** @param {{x: number, y: number}} s @param {Box[]} boxes */
  const clear = (s, boxes) => boxes.every((b) => s.x + w / 2 <= b.x1 || s.x - w / 2 >= b.x2 || s.y <= b.y1 || s.y - 13 >= b.y2);
  return spots.find((s) => clear(s, keep.hard) && clear(s, keep.soft)) ?? spots.find((s) => clear(s, keep.hard)) ?? null;
}

/** What markLastMoves last drew on each board. @type {WeakMap<Element, {key: string, els: Element[], layers: Element[]}>} */
const drawn = new WeakMap();
