// The Mr Jack Pocket renderer: the 3x3 district tiles (streets, walls, suspect
// or cleared), the three detectives on their twelve places around, what they
// see, the action tokens, the time track, the alibis and, in Jack's view, his
// identity and hourglasses.
//
// Choosing is two steps, so that a player sees what an action does before
// committing it (the flow works with taps on a phone): click a tile (turn it,
// or swap it with another), a highlighted place (move a detective there) or a
// button for the Alibi and a Joker that moves nobody; the preview panel under
// the board (#pk-preview) then lists the actions of that target when there are
// several, and shows the chosen one: the board drawn as the move says, the
// cells each detective would see lit with their badges, the suspects seen and
// how many a witness call would clear either way. The page's confirmation by
// the prompt (#move-confirm-ok, Enter) plays it, its Cancel (or Escape) drops
// it; a move chosen in "All your choices" is previewed the same way. What the detectives would see comes from
// the server (View.preview, one outlook per legal move): the browser computes
// no rule.
//
// The view is games/pocket's View (view.go); VIEW_FIELDS lists every field this
// file reads, and web_test.go checks them.

import { PanZoom } from '../panzoom.js';
import { el, keepButtons, svg } from '../dom.js';
import { currentLang, has, onLangChange, render, t } from '../i18n.js';
import { register } from './registry.js';

/** @typedef {import('../types.js').Intent} Intent */
/** @typedef {import('../types.js').Text} Text */
/** @typedef {import('../types.js').Outcome} Outcome */
/** @typedef {import('./registry.js').Snapshot} Snapshot */
/** @typedef {import('./registry.js').TableContext} TableContext */
/** @typedef {import('./registry.js').Choice} Choice */

/**
 * @typedef {Object} PkTile
 * @property {string} character
 * @property {string} wall N, E, S or W ("" for Lane's open crossroads)
 * @property {boolean} suspect
 * @property {boolean} [open]
 */

/**
 * games/pocket View as JSON.
 * @typedef {Object} PkView
 * @property {number} seat
 * @property {string} phase
 * @property {Text} prompt
 * @property {number} turn
 * @property {number} action
 * @property {string} actor
 * @property {string[]} order
 * @property {PkTile[]} tiles
 * @property {number[]} detectives places 1..12 of Holmes, Watson, Toby
 * @property {{faces: string[], up: string, used: boolean}[]} tokens
 * @property {PkSight} sight
 * @property {string[]} timeTokens
 * @property {string[]} suspects
 * @property {number} alibiPile
 * @property {string[]} investigatorAlibis
 * @property {number[]} jackAlibiTurns
 * @property {number} publicHourglasses
 * @property {string} [jack]
 * @property {string[]} [jackAlibis]
 * @property {number} [hourglasses]
 * @property {boolean} [jackVisible]
 * @property {PkPreview} [preview] only in the view of the seat that must act
 * @property {Outcome} outcome
 */

/**
 * What the detectives see: the cells of each one's line and the suspects seen.
 * @typedef {{holmes: number[], watson: number[], toby: number[], seen: string[]}} PkSight
 */

/**
 * What the detectives would see after one move, and how many suspects a
 * witness call on that board would clear if Jack is seen, or not.
 * @typedef {{sight: PkSight, clearIfSeen: number, clearIfUnseen: number}} PkOutlook
 */

/**
 * The preview of every legal move: moves[i] is the index in outlooks of legal
 * move i (the order of the legal intents sent with the view).
 * @typedef {{outlooks: PkOutlook[], moves: number[]}} PkPreview
 */

/**
 * A choice with its index in its seat's legal list (for the preview).
 * @typedef {Choice & {index: number}} PkChoice
 */

/** Every View field this renderer reads (checked by web_test.go). */
export const VIEW_FIELDS = [
  'seat', 'phase', 'prompt', 'turn', 'action', 'actor', 'order',
  'tiles[].character', 'tiles[].wall', 'tiles[].suspect', 'tiles[].open',
  'detectives', 'tokens[].faces', 'tokens[].up', 'tokens[].used',
  'sight.holmes', 'sight.watson', 'sight.toby', 'sight.seen',
  'timeTokens', 'suspects', 'alibiPile', 'investigatorAlibis', 'jackAlibiTurns', 'publicHourglasses',
  'jack', 'jackAlibis', 'hourglasses', 'jackVisible', 'outcome.over',
  'preview.moves', 'preview.outlooks[].sight.holmes', 'preview.outlooks[].sight.watson',
  'preview.outlooks[].sight.toby', 'preview.outlooks[].sight.seen',
  'preview.outlooks[].clearIfSeen', 'preview.outlooks[].clearIfUnseen',
];

/** Every intent this renderer knows, with its fields (checked by web_test.go). */
export const INTENT_FIELDS = {
  rotate: ['tile', 'wall'], exchange: ['a', 'b'], joker: ['detective'], alibi: [],
  holmes: ['steps'], watson: ['steps'], toby: ['steps'],
};

const DETECTIVES = ['holmes', 'watson', 'toby'];
const LETTERS = { holmes: 'H', watson: 'W', toby: 'T' };
const U = 100; // one grid unit: the board is 5x5 units, tiles in the middle 3x3

/**
 * Where place p (1..12, clockwise from above the top-left tile) sits, in grid
 * units.
 * @param {number} p
 * @returns {[number, number]}
 */
function placeXY(p) {
  const table = /** @type {[number, number][]} */ ([
    [1, 0], [2, 0], [3, 0], [4, 1], [4, 2], [4, 3], [3, 4], [2, 4], [1, 4], [0, 3], [0, 2], [0, 1]]);
  return table[(p - 1) % 12];
}

/**
 * A catalogue name from the game ("pocket.char.gull"), else the id.
 * @param {string} key
 * @param {string} id
 */
function named(key, id) {
  return has(key) ? render({ key }) : id;
}

/** @param {string} c */
const charName = (c) => named(`pocket.char.${c}`, c);
/**
 * A character's name as the complement of a noun ("of Insp. Lestrade", "de
 * l'inspecteur Lestrade"), so each language elides and contracts its own way.
 * @param {string} c
 */
const charOf = (c) => named(`pocket.of.${c}`, c);
/** @param {string} d */
const detName = (d) => named(`pocket.detective.${d}`, d);
/** @param {string} k */
const actionName = (k) => named(`pocket.action.${k}`, k);
/** @param {string} s */
const sideName = (s) => named(`pocket.side.${s}`, s);
/**
 * A side's name inside a sentence ("the investigator", "l'enquêteur").
 * @param {string} s
 */
const sideWhom = (s) => named(`pocket.whom.${s}`, s);

/**
 * A wall side in words.
 * @param {string} w
 */
function wallName(w) {
  switch (w) {
    case 'N':
      return t('web.pk.wall.n');
    case 'E':
      return t('web.pk.wall.e');
    case 'S':
      return t('web.pk.wall.s');
    case 'W':
      return t('web.pk.wall.w');
  }
  return w;
}

/**
 * An intent in words.
 * @param {Intent} i
 * @param {PkView|null} v
 */
export function describe(i, v) {
  const tileOf = (/** @type {unknown} */ n) => charOf(v?.tiles[Number(n)]?.character ?? String(n));
  switch (i.kind) {
    case 'rotate':
      // Joseph Lane's cleared crossroads has no wall: turning it changes
      // nothing a player can see (A3).
      if (v?.tiles[Number(i.tile)]?.open) return t('web.pk.do.rotate-open', { of: tileOf(i.tile) });
      return t('web.pk.do.rotate', { of: tileOf(i.tile), wall: wallName(String(i.wall)) });
    case 'exchange':
      return t('web.pk.do.exchange', { ofA: tileOf(i.a), ofB: tileOf(i.b) });
    case 'joker':
      return i.detective === 'none' ? t('web.pk.do.joker-none') : t('web.pk.do.joker', { detective: detName(String(i.detective)) });
    case 'alibi':
      return t('web.pk.do.alibi');
    case 'holmes':
    case 'watson':
    case 'toby':
      return t('web.pk.do.move', { detective: detName(i.kind), steps: Number(i.steps) });
  }
  return Object.entries(i).map(([k, x]) => `${k}=${String(x)}`).join(' ');
}

/**
 * The view to draw: a replay frame's, else Jack's, else the first held seat's,
 * else the spectator's.
 * @param {Snapshot} snap
 * @returns {PkView|null}
 */
function pickView(snap) {
  if (snap.replay?.view) {
    const jack = /** @type {PkView|undefined} */ (snap.views['0']);
    return jack ?? /** @type {PkView} */ (snap.replay.view);
  }
  for (const k of [...snap.you.map(String), 'spectator']) {
    const v = snap.views[k];
    if (v && typeof v === 'object') return /** @type {PkView} */ (v);
  }
  return null;
}

/**
 * The place a detective's move ends on: a Holmes, Watson or Toby move, or a
 * Joker that moves one (null for other intents).
 * @param {Intent} intent
 * @param {PkView} v
 * @returns {{detective: number, place: number}|null}
 */
function destination(intent, v) {
  let d = -1;
  let steps = 0;
  switch (intent.kind) {
    case 'holmes':
    case 'watson':
    case 'toby':
      d = DETECTIVES.indexOf(intent.kind);
      steps = Number(intent.steps);
      break;
    case 'joker':
      d = DETECTIVES.indexOf(String(intent.detective));
      steps = 1;
      break;
  }
  if (d < 0) return null;
  return { detective: d, place: ((v.detectives[d] - 1 + steps) % 12) + 1 };
}

/**
 * The tiles and detectives drawn for a chosen intent: the view's, with the
 * move drawn as its intent says (a tile turned to its new wall, two tiles
 * swapped, a detective on its new place). This judges nothing: the move is one
 * of the legal ones, and what the detectives would then see is the server's.
 * @param {PkView} v
 * @param {Intent|null} intent
 * @returns {{tiles: PkTile[], from: number[], detectives: number[], changed: Set<number>}}
 *   from[i] is the cell where the tile drawn in cell i lies now
 */
function drawnAfter(v, intent) {
  const tiles = v.tiles.map((x) => ({ ...x }));
  const from = tiles.map((_, i) => i);
  const detectives = [...v.detectives];
  /** @type {Set<number>} */
  const changed = new Set();
  if (intent?.kind === 'rotate') {
    const c = Number(intent.tile);
    tiles[c].wall = String(intent.wall);
    changed.add(c);
  } else if (intent?.kind === 'exchange') {
    const a = Number(intent.a);
    const b = Number(intent.b);
    [tiles[a], tiles[b]] = [tiles[b], tiles[a]];
    [from[a], from[b]] = [b, a];
    changed.add(a).add(b);
  } else if (intent) {
    const to = destination(intent, v);
    if (to) detectives[to.detective] = to.place;
  }
  return { tiles, from, detectives, changed };
}

/**
 * The server's outlook of a choice: the preview in the view of its seat.
 * @param {Snapshot} snap
 * @param {PkChoice} c
 * @returns {PkOutlook|null}
 */
function outlookOf(snap, c) {
  const v = /** @type {PkView|undefined} */ (snap.views[String(c.seat)]);
  const p = v?.preview;
  if (!p) return null;
  const k = p.moves[c.index];
  return k === undefined ? null : (p.outlooks[k] ?? null);
}

/**
 * @param {TableContext} ctx
 */
async function pocket(ctx) {
  const actions = el('div', { id: 'pk-actions', class: 'wh-actions', role: 'group' });
  const root = /** @type {SVGSVGElement} */ (svg('svg', { viewBox: `0 0 ${5 * U} ${5 * U}`, class: 'board pocket-board', role: 'group', 'aria-label': t('web.board.label') }));
  onLangChange(() => root.setAttribute('aria-label', t('web.board.label')));
  const wrap = el('div', { class: 'board-wrap pocket-wrap' }, root);
  const pz = new PanZoom(wrap, root, 5 * U, 5 * U);
  const boardBox = el('div', { class: 'wh-board' }, pz.tools, wrap);
  const previewBox = el('section', { id: 'pk-preview', class: 'panel', hidden: true, 'aria-live': 'polite' });
  ctx.board.replaceChildren(actions, boardBox, previewBox);
  const info = el('section', { id: 'pk-status', class: 'panel' });
  const secret = el('section', { id: 'pk-secret', class: 'panel', hidden: true });
  ctx.panel.replaceChildren(info, secret);

  /** @type {Map<string, PkChoice[]>} target key ("tile:3", "place:5", "action:0") -> choices */
  let targets = new Map();
  /** @type {PkChoice[]} the moves with no board target (#pk-actions), key "action:N" */
  let buttons = [];
  /** @type {Snapshot|null} the snapshot drawn last */
  let last = null;
  /**
   * The target being previewed: its choices and the one chosen (-1: none
   * yet), at the table version it was picked.
   * @type {{key: string, title: string, choices: PkChoice[], chosen: number, version: number}|null}
   */
  let sel = null;

  /**
   * A click on a target: its only move is proposed (the page asks to confirm
   * it and calls preview), or, when it has several, the preview panel lists
   * them first.
   * @param {string} key
   * @param {string} title
   */
  const pick = (key, title) => {
    const choices = targets.get(key);
    if (!choices || choices.length === 0 || !last) return;
    if (choices.length === 1) {
      ctx.play(choices[0].seat, choices[0].intent);
      return;
    }
    sel = { key, title, choices, chosen: -1, version: last.version };
    redraw();
    /** @type {HTMLElement|null} */ (previewBox.querySelector('button[data-option]'))?.focus({ preventScroll: true });
    previewBox.scrollIntoView?.({ block: 'nearest' });
  };

  /** Drops a list of choices not yet narrowed to one move. */
  const cancel = () => {
    if (!sel) return;
    sel = null;
    redraw();
  };

  /**
   * The page's preview of the move waiting for confirmation: the board drawn
   * as it leaves it, and what the detectives would then see.
   * @param {{seat: number, intent: Intent}|null} p
   */
  const preview = (p) => {
    const before = sel ? `${sel.key}/${sel.chosen}` : '';
    if (!p) {
      if (sel && sel.chosen >= 0) sel = null;
    } else {
      const same = (/** @type {PkChoice} */ c) => c.seat === p.seat && JSON.stringify(c.intent) === JSON.stringify(p.intent);
      /** @type {[string, PkChoice[]][]} */
      const keys = [...targets.entries()].filter(([, cs]) => cs.some(same));
      const found = (sel && keys.find(([k]) => k === sel?.key)) ?? keys[0];
      if (found) {
        const [key, choices] = found;
        const i = choices.findIndex(same);
        sel = { key, title: sel?.key === key ? sel.title : choices[i].label, choices, chosen: i, version: last?.version ?? -1 };
      }
    }
    if (before !== (sel ? `${sel.key}/${sel.chosen}` : '')) redraw();
  };

  /**
   * The move a click on a tile or a place that is no target stands for (the
   * server then says why it is not legal), or null.
   * @param {string} key
   * @returns {{seat: number, intent: Intent}|null}
   */
  const candidate = (key) => {
    const v = last ? pickView(last) : null;
    if (!last || !v) return null;
    const [what, n] = [key.split(':')[0], Number(key.split(':')[1])];
    for (const seat of last.you) {
      for (const intent of last.legal[String(seat)] ?? []) {
        if (what === 'tile' && intent.kind === 'rotate') {
          const wall = ['N', 'E', 'S', 'W'].find((w) => w !== v.tiles[n]?.wall) ?? 'N';
          return { seat, intent: { kind: 'rotate', tile: n, wall } };
        }
      }
    }
    return null;
  };

  /**
   * Why a click on a tile or a place that is no target does nothing.
   * @param {string} key
   */
  const miss = (key) => {
    if (!last || last.replay) return;
    const c = candidate(key);
    const walks = [...targets.keys()].some((k) => k.startsWith('place:'));
    if (!c && walks && key.startsWith('place:')) {
      ctx.why(null, t('web.why.pk-place'));
      return;
    }
    ctx.why(c);
  };

  /**
   * Makes node a focusable target when key has choices.
   * @param {SVGElement} node
   * @param {string} key
   * @param {string} label what the choice names (the preview's title)
   * @param {string} [name] the node's accessible name, label by default
   */
  const bind = (node, key, label, name = label) => {
    if (!targets.has(key)) {
      node.addEventListener('click', () => miss(key));
      return;
    }
    node.classList.add('target');
    if (sel?.key === key) node.classList.add('selected');
    node.setAttribute('tabindex', '0');
    node.setAttribute('role', 'button');
    node.setAttribute('aria-label', name);
    node.addEventListener('click', () => pick(key, label));
    node.addEventListener('keydown', (ev) => {
      const k = /** @type {KeyboardEvent} */ (ev).key;
      if (k === 'Enter' || k === ' ') {
        ev.preventDefault();
        pick(key, label);
      }
    });
  };

  /** What the board was last drawn from (see drawBoard). */
  let boardFrom = '';

  /** @type {import('./registry.js').Named|null} what the hovered log line names */
  let named = null;

  /**
   * Draws the board: the view's, or, while a move is previewed, the board as
   * that move leaves it with what the detectives would then see.
   * @param {PkView} v
   * @param {Intent|null} intent the previewed move
   * @param {PkOutlook|null} outlook what the detectives would see after it
   */
  function drawBoard(v, intent, outlook) {
    // A redraw from the same view, move, choices and language (a presence
    // change, a clock) leaves the board as it is: a click pressed on a tile
    // during the redraw, and the keyboard focus on it, are not lost with a
    // replaced element.
    const drawnFrom = JSON.stringify([currentLang(), v.tiles, v.detectives, v.sight, v.jack, intent, outlook, [...targets.keys()], sel?.key ?? null]);
    if (drawnFrom === boardFrom && root.childElementCount > 0) {
      markNamed();
      return;
    }
    boardFrom = drawnFrom;
    root.replaceChildren(svg('rect', { x: 0, y: 0, width: 5 * U, height: 5 * U, class: 'board-bg' }));
    root.classList.toggle('previewing', !!outlook);
    const { tiles, from, detectives, changed } = drawnAfter(v, outlook ? intent : null);
    const sight = outlook?.sight ?? v.sight;
    const seen = new Set(sight.seen);
    const lines = DETECTIVES.map((d) => new Set(sight[/** @type {'holmes'} */ (d)]));
    tiles.forEach((tile, i) => {
      const x = (1 + (i % 3)) * U;
      const y = (1 + Math.floor(i / 3)) * U;
      const cx = x + U / 2;
      const cy = y + U / 2;
      const lit = lines.some((l) => l.has(i));
      const g = svg('g', {
        class: `pk-tile${tile.suspect ? ' suspect' : ' cleared'}${lit ? ' lit' : ''}${changed.has(i) ? ' pk-changed' : ''}${v.jack === tile.character ? ' is-jack' : ''}`,
        'data-cell': i,
        'data-character': tile.character,
      });
      g.append(svg('rect', { class: 'pk-ground', x: x + 2, y: y + 2, width: U - 4, height: U - 4, rx: 6 }));
      /** @type {Record<string, [number, number]>} */
      const ends = { N: [cx, y + 2], E: [x + U - 2, cy], S: [cx, y + U - 2], W: [x + 2, cy] };
      // The streets over the house blocks: kerbs first, then the roadway,
      // so that the kerbs meet cleanly in the middle.
      const open = ['N', 'E', 'S', 'W'].filter((side) => side !== tile.wall || tile.open);
      for (const cls of ['pk-kerb', 'pk-street']) {
        for (const side of open) g.append(svg('line', { class: cls, x1: cx, y1: cy, x2: ends[side][0], y2: ends[side][1] }));
      }
      if (tile.wall && !tile.open) {
        /** @type {Record<string, [number, number, number, number]>} */
        const bar = { N: [x + 8, y + 6, x + U - 8, y + 6], E: [x + U - 6, y + 8, x + U - 6, y + U - 8], S: [x + 8, y + U - 6, x + U - 8, y + U - 6], W: [x + 6, y + 8, x + 6, y + U - 8] };
        const [x1, y1, x2, y2] = bar[tile.wall];
        g.append(svg('line', { class: 'pk-wall', x1, y1, x2, y2 }));
      }
      g.append(svg('circle', { class: `pk-char char-${tile.character}`, cx, cy, r: 17 }));
      const name = svg('text', { class: 'pk-name', x: cx, y: cy + 34, 'text-anchor': 'middle' }, charName(tile.character));
      // The name's length sets its size (gaslamp.css), so that a long one
      // ("Inspecteur Lestrade") stays within its tile.
      name.style.setProperty('--len', String(charName(tile.character).length));
      g.append(name);
      // A phone shows the board at about three quarters of its size: a name
      // of two words is drawn there on two lines, large enough to read
      // (gaslamp.css shows one of the two texts).
      const words = charName(tile.character).split(' ');
      if (words.length > 1) {
        g.classList.add('pk-wraps');
        g.append(svg('text', { class: 'pk-name-lines', x: cx, y: cy + 30, 'text-anchor': 'middle', 'aria-hidden': 'true' },
          svg('tspan', { x: cx }, words[0]), ' ', svg('tspan', { x: cx, dy: 14 }, words.slice(1).join(' '))));
      }
      // What is drawn on the tile but is no part of its name (the initial,
      // the seen mark, the detectives' badges) is drawn above it, outside its
      // group: a target's visible text is its accessible name's.
      /** @type {SVGElement[]} */
      const above = [];
      above.push(svg('text', { class: 'pk-initial', x: cx, y: cy, 'text-anchor': 'middle', dy: '0.35em', 'aria-hidden': 'true' }, tile.character.slice(0, 1).toUpperCase() + tile.character.slice(1, 2)));
      if (!tile.suspect) g.append(svg('path', { class: 'pk-cross', d: `M${cx - 20},${cy - 20}L${cx + 20},${cy + 20}M${cx + 20},${cy - 20}L${cx - 20},${cy + 20}` }));
      if (seen.has(tile.character) && tile.suspect) above.push(svg('text', { class: 'pk-seen', x: x + U - 10, y: y + 18, 'text-anchor': 'end', 'aria-hidden': 'true' }, '◉'));
      if (outlook) {
        // A badge for each detective whose line reaches this cell.
        DETECTIVES.forEach((d, k) => {
          if (!lines[k].has(i)) return;
          above.push(svg('g', { class: `pk-eye det-${d}`, 'data-sees': d, 'aria-hidden': 'true', transform: `translate(${x + 13 + k * 17} ${y + 15})` },
            svg('circle', { r: 7 }),
            svg('text', { 'text-anchor': 'middle', dy: '0.35em' }, LETTERS[/** @type {'holmes'} */ (d)])));
        });
      }
      const about = t('web.label-value', { label: charName(tile.character), value: `${tile.suspect ? t('web.pk.suspect') : t('web.pk.cleared')}${seen.has(tile.character) ? ` · ${t('web.pk.seen')}` : ''}` });
      g.append(svg('title', {}, about));
      bind(g, `tile:${from[i]}`, charName(tile.character), about); // a tile's moves follow the tile
      root.append(g, ...above);
    });
    for (let p = 1; p <= 12; p++) {
      const [gx, gy] = placeXY(p);
      const g = svg('g', { class: 'pk-place', 'data-place': p },
        svg('circle', { cx: gx * U + U / 2, cy: gy * U + U / 2, r: 20 }),
        svg('text', { class: 'pk-place-num', x: gx * U + U / 2, y: gy * U + U / 2 + 36, 'text-anchor': 'middle' }, String(p)));
      bind(g, `place:${p}`, t('web.pk.place', { n: p }));
      root.append(g);
    }
    /** @type {Map<number, number>} */
    const count = new Map();
    detectives.forEach((p, d) => {
      const [gx, gy] = placeXY(p);
      const k = count.get(p) ?? 0;
      count.set(p, k + 1);
      const id = DETECTIVES[d];
      const moved = p !== v.detectives[d];
      if (moved) {
        // Where it stands now, faded.
        const [ox, oy] = placeXY(v.detectives[d]);
        root.append(svg('circle', { class: `pk-from det-${id}`, cx: ox * U + U / 2, cy: oy * U + U / 2, r: 15 }));
      }
      root.append(svg('g', { class: `pk-detective det-${id}${moved ? ' pk-changed' : ''}`, 'data-detective': id, transform: `translate(${gx * U + U / 2 + (k - 0.5) * 14 * (k > 0 ? 1 : 0)} ${gy * U + U / 2 - k * 10})` },
        svg('circle', { r: 15 }),
        svg('text', { 'text-anchor': 'middle', dy: '0.35em' }, LETTERS[/** @type {'holmes'} */ (id)]),
        svg('title', {}, detName(id))));
    });
    markNamed();
  }

  /**
   * Draws the preview panel for the current selection.
   * @param {PkView} v
   * @param {Snapshot} snap
   */
  function drawPreview(v, snap) {
    previewBox.hidden = !sel;
    if (!sel) {
      previewBox.replaceChildren();
      return;
    }
    const s = sel;
    /** @type {(Node|string)[]} */
    const parts = [el('h2', {}, s.choices.length > 1 ? s.title : t('web.pk.preview.title'))];
    if (s.choices.length > 1) {
      parts.push(el('p', { class: 'pk-hint' }, t('web.pk.preview.choose')));
      parts.push(el('div', { class: 'pk-options', role: 'group' }, ...s.choices.map((c, i) => {
        const b = el('button', { type: 'button', 'data-option': i, 'data-kind': c.intent.kind, 'aria-pressed': String(i === s.chosen) }, c.label);
        b.addEventListener('click', () => ctx.play(c.seat, c.intent));
        return b;
      })));
    }
    const c = s.chosen >= 0 ? s.choices[s.chosen] : null;
    const outlook = c ? outlookOf(snap, c) : null;
    if (c) {
      parts.push(el('p', { class: 'pk-what' }, c.label));
      if (outlook) {
        const { tiles } = drawnAfter(v, c.intent);
        const facts = el('ul', { class: 'pk-sees' });
        DETECTIVES.forEach((d) => {
          const cells = outlook.sight[/** @type {'holmes'} */ (d)];
          const names = cells.filter((i) => tiles[i]?.suspect).map((i) => charName(tiles[i].character));
          facts.append(el('li', { 'data-sees': d }, t('web.pk.preview.sees', { detective: detName(d), list: names.length ? names.join(', ') : t('web.pk.preview.nobody') })));
        });
        parts.push(facts);
        const seen = outlook.sight.seen;
        parts.push(el('p', { class: 'pk-seen-list' }, t('web.pk.preview.seen', { n: seen.length, list: seen.length ? seen.map(charName).join(', ') : t('web.pk.preview.nobody') })));
        // With no suspect seen, or every one, the call clears nobody either way.
        const none = outlook.clearIfSeen === 0 || outlook.clearIfUnseen === 0;
        parts.push(el('p', { class: 'pk-clear' }, none ? t('web.pk.preview.clear-none') : t('web.pk.preview.clear', { seen: outlook.clearIfSeen, unseen: outlook.clearIfUnseen })));
        const mine = /** @type {PkView|undefined} */ (snap.views[String(c.seat)]);
        if (mine?.jack) {
          const you = seen.includes(mine.jack);
          parts.push(el('p', { class: you ? 'pk-you-seen' : 'pk-you-unseen' }, you ? t('web.pk.preview.you-seen') : t('web.pk.preview.you-unseen')));
        }
        if (c.intent.kind === 'alibi') parts.push(el('p', { class: 'pk-hint' }, t('web.pk.preview.alibi')));
      }
    }
    if (!c) {
      // Confirm and Cancel of a chosen move are the page's, by the prompt.
      const no = el('button', { type: 'button', id: 'pk-cancel' }, t('web.pk.preview.cancel'));
      no.addEventListener('click', cancel);
      parts.push(el('div', { class: 'pk-confirm-bar' }, no));
    }
    previewBox.replaceChildren(...parts);
  }

  /** @param {PkView} v */
  function drawInfo(v) {
    const tokens = el('ul', { class: 'specials pk-tokens' });
    v.tokens.forEach((tk, i) => tokens.append(el('li', { class: tk.used ? 'used' : '', 'data-token': i, title: tk.faces.map(actionName).join(' / ') },
      actionName(tk.up))));
    const time = el('ol', { class: 'track pk-time' });
    v.timeTokens.forEach((h, i) => time.append(el('li', { class: `${h ? 'done' : ''}${i + 1 === v.turn && !v.outcome.over ? ' now' : ''}`, 'data-turn': i + 1 },
      el('span', {}, String(i + 1)), h ? el('span', { class: 'kind' }, sideName(h)) : null)));
    const facts = el('dl', { class: 'kv' });
    /**
     * @param {string} k
     * @param {string} val
     */
    const fact = (k, val) => facts.append(el('dt', {}, k), el('dd', {}, val));
    fact(t('web.pk.turn'), t('web.pk.turn-of', { turn: v.turn }));
    if (!v.outcome.over) fact(t('web.pk.now'), t('web.pk.action-by', { action: v.action, whom: sideWhom(v.actor) }));
    fact(t('web.pk.order'), v.order.map(sideName).join(' → '));
    fact(t('web.pk.suspects'), v.suspects.map(charName).join(', '));
    fact(t('web.pk.public-hourglasses'), String(v.publicHourglasses));
    fact(t('web.pk.alibi-pile'), String(v.alibiPile));
    if (v.investigatorAlibis.length) fact(t('web.pk.investigator-alibis'), v.investigatorAlibis.map(charName).join(', '));
    if (v.jackAlibiTurns.length) fact(t('web.pk.jack-alibis-count'), String(v.jackAlibiTurns.length));
    info.replaceChildren(el('h2', {}, t('web.pk.status')), facts,
      el('h3', {}, t('web.pk.tokens')), tokens,
      el('h3', {}, t('web.pk.time')), time);

    secret.hidden = !v.jack;
    if (v.jack) {
      secret.replaceChildren(
        el('h2', {}, v.outcome.over ? t('web.pk.jack-was') : t('web.pk.you-are')),
        el('p', { class: 'pk-identity' }, charName(v.jack)),
        el('p', {}, v.outcome.over ? t('web.pk.jack-hourglasses', { n: v.hourglasses ?? 0 }) : t('web.pk.hourglasses', { n: v.hourglasses ?? 0 })),
        ...((v.jackAlibis ?? []).length
          ? [el('p', {}, v.outcome.over
            ? t('web.pk.jack-alibis', { list: (v.jackAlibis ?? []).map(charName).join(', ') })
            : t('web.pk.your-alibis', { list: (v.jackAlibis ?? []).map(charName).join(', ') }))]
          : []),
        ...(v.jackVisible !== undefined && !v.outcome.over
          ? [el('p', { class: v.jackVisible ? 'pk-visible' : 'pk-hidden' }, v.jackVisible ? t('web.pk.visible') : t('web.pk.not-visible'))]
          : []),
      );
    }
  }


  /** Draws the last snapshot again (the selection changed). */
  function redraw() {
    if (last) draw(last);
  }

  /** @param {Snapshot} snap */
  function draw(snap) {
    const v = pickView(snap);
    if (!v) return;
    const chosen = sel && sel.chosen >= 0 ? sel.choices[sel.chosen] : null;
    const outlook = chosen ? outlookOf(snap, chosen) : null;
    drawBoard(v, chosen?.intent ?? null, outlook);
    drawInfo(v);
    drawPreview(v, snap);
    keepButtons(actions, buttons.map((c, i) => {
      const key = `action:${i}`;
      return {
        key: `${c.seat}:${JSON.stringify(c.intent)}`,
        attrs: { class: 'primary', 'data-action': String(c.intent.kind), 'data-choice': String(i), 'aria-pressed': String(sel?.key === key) },
        label: c.label,
        click: () => pick(key, c.label),
      };
    }));
    actions.hidden = buttons.length === 0;
    root.classList.toggle('choosing', targets.size > 0);
  }

  /** @param {Snapshot} snap */
  function update(snap) {
    last = snap;
    const v = pickView(snap);
    if (!v) return;
    targets = new Map();
    buttons = [];
    if (!snap.replay) {
      for (const seat of snap.you) {
        (snap.legal[String(seat)] ?? []).forEach((intent, index) => {
          const c = { seat, intent, index, label: describe(intent, v) };
          /** @type {string[]} */
          let keys = [];
          switch (intent.kind) {
            case 'rotate':
              keys = [`tile:${Number(intent.tile)}`];
              break;
            case 'exchange':
              keys = [`tile:${Number(intent.a)}`, `tile:${Number(intent.b)}`];
              break;
            default: {
              const to = destination(intent, v);
              if (to) keys = [`place:${to.place}`];
              else {
                keys = [`action:${buttons.length}`];
                buttons.push(c);
              }
            }
          }
          for (const k of keys) targets.set(k, [...(targets.get(k) ?? []), c]);
        });
      }
    }
    // A selection lives while the table stays at its version (the same legal
    // moves under the same keys).
    if (sel && (sel.version !== snap.version || snap.replay || targets.get(sel.key)?.length !== sel.choices.length)) sel = null;
    if (sel) sel.choices = targets.get(sel.key) ?? [];
    draw(snap);
  }

  /** Marks (class "hl") the tiles, detectives and places named. */
  function markNamed() {
    const chars = new Set(named?.characters ?? []);
    const dets = new Set(named?.detectives ?? []);
    const places = new Set((named?.places ?? []).map(String));
    for (const n of root.querySelectorAll('[data-character]')) n.classList.toggle('hl', chars.has(/** @type {SVGElement} */ (n).dataset.character ?? ''));
    for (const n of root.querySelectorAll('[data-detective]')) n.classList.toggle('hl', dets.has(/** @type {SVGElement} */ (n).dataset.detective ?? ''));
    for (const n of root.querySelectorAll('[data-place]')) n.classList.toggle('hl', places.has(/** @type {SVGElement} */ (n).dataset.place ?? ''));
  }

  return {
    board: true,
    update,
    preview,
    /**
     * @param {number[]} _circles
     * @param {string[]} _crossings
     * @param {import('./registry.js').Named} [n]
     */
    highlight(_circles, _crossings, n) {
      named = n ?? null;
      markNamed();
    },
    /**
     * @param {number} _seat
     * @param {Intent} intent
     * @param {Snapshot} snap
     */
    describe(_seat, intent, snap) {
      return describe(intent, pickView(snap));
    },
    /** @param {Snapshot} snap */
    toAct(snap) {
      const v = pickView(snap);
      if (!v || v.outcome.over) return [];
      return v.actor === 'jack' ? [0] : [1];
    },
  };
}

register('pocket', pocket);
