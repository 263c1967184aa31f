// Motion on the table: the pieces that moved between two drawings of the
// board (map figures, Pocket's detectives and tiles, Jekyll & Hyde's cards)
// glide from where they were to where they are now, and the last move of
// each piece stays marked with a dashed trail and a ring until it moves
// again. Nothing moves under prefers-reduced-motion: reduce (the trail is
// still drawn). Pieces are found by their stable hooks: data-figure,
// data-detective, data-character on a Pocket tile, data-card.

import { svg } from './dom.js';

/** How long a piece takes to move, in milliseconds. */
export const MOVE_MS = 420;

const PIECES = '.layer-figures [data-figure], [data-detective], .pk-tile[data-character], [data-card]';

/** @typedef {{x: number, y: number}} Point */

/**
 * The key of a piece: its hook attribute and value.
 * @param {Element} e
 */
function keyOf(e) {
  for (const a of ['data-figure', 'data-detective', 'data-character', 'data-card']) {
    const v = e.getAttribute(a);
    if (v !== null) return `${a}=${v}`;
  }
  return '';
}

/**
 * The centre of a piece whose screen box is r: in the user units of its SVG
 * board, else in pixels from root's corner.
 * @param {Element} e
 * @param {Element} root
 * @param {DOMRect} r
 * @returns {Point}
 */
function localCentre(e, root, r) {
  const x = r.left + r.width / 2;
  const y = r.top + r.height / 2;
  const board = e.closest('svg');
  const ctm = board instanceof SVGSVGElement ? board.getScreenCTM() : null;
  if (ctm) {
    const q = new DOMPoint(x, y).matrixTransform(ctm.inverse());
    return { x: q.x, y: q.y };
  }
  const f = root.getBoundingClientRect();
  return { x: x - f.left, y: y - f.top };
}

/**
 * The pieces in root, by key, with their centres on the screen; a key seen
 * twice (a card in two places) is left out.
 * @param {Element} root
 * @returns {Map<string, {el: Element, at: Point}>}
 */
export function piecePositions(root) {
  /** @type {Map<string, {el: Element, at: Point}>} */
  const out = new Map();
  /** @type {Set<string>} */
  const twice = new Set();
  for (const e of root.querySelectorAll(PIECES)) {
    if (e.closest('.layer-preview')) continue;
    const k = keyOf(e);
    if (!k) continue;
    if (out.has(k)) twice.add(k);
    const r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    // In its board's own units (or in pixels from root's corner), so that
    // the page's layout moving or the board scaling is no move.
    out.set(k, { el: e, at: localCentre(e, root, r) });
  }
  for (const k of twice) out.delete(k);
  return out;
}

/** @returns {boolean} whether the player asked for less motion */
export function reducedMotion() {
  return !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Moves every piece whose centre changed since before from its old place to
 * its new one (the CSS translate property, which adds to an SVG transform),
 * and returns the pieces that moved with both places (in their board's
 * units).
 * @param {Element} root
 * @param {Map<string, {el: Element, at: Point}>} before
 * @returns {{key: string, el: Element, from: Point, to: Point}[]}
 */
export function animateMoves(root, before) {
  const now = piecePositions(root);
  /** @type {{key: string, el: Element, from: Point, to: Point}[]} */
  const moved = [];
  const still = reducedMotion();
  for (const [k, { el, at }] of now) {
    const old = before.get(k);
    if (!old) continue;
    const dx = old.at.x - at.x;
    const dy = old.at.y - at.y;
    if (Math.hypot(dx, dy) < 3) continue;
    moved.push({ key: k, el, from: old.at, to: at });
    if (still || !el.animate) continue;
    el.animate([{ translate: `${dx}px ${dy}px` }, { translate: '0px 0px' }], { duration: MOVE_MS, easing: 'ease-in-out' });
  }
  return moved;
}

/**
 * Remembers the last move of each piece of a map board and draws it: a
 * dashed line from where the piece stood to where it stands, a hollow dot at
 * the start and the piece marked (class "last-moved"), until it moves again.
 */
export class LastMoves {
  constructor() {
    /** @type {Map<string, {from: Point, to: Point}>} board coordinates, by piece key */
    this.moves = new Map();
  }

  /** Forgets every move (a replay step, another table). */
  clear() {
    this.moves.clear();
  }

  /**
   * Records the pieces that moved on an SVG board (screen points turned into
   * the board's coordinates), then draws every remembered move.
   * @param {Element} root
   * @param {{key: string, el: Element, from: Point, to: Point}[]} moved
   */
  record(root, moved) {
    for (const m of moved) {
      if (m.el.closest('svg')) this.moves.set(m.key, { from: m.from, to: m.to });
    }
    this.draw(root);
  }

  /**
   * Draws the remembered moves on the SVG boards in root, under the pieces.
   * @param {Element} root
   */
  draw(root) {
    for (const e of root.querySelectorAll('.last-moved')) e.classList.remove('last-moved');
    const board = root.querySelector('svg.board');
    if (!board) return;
    let layer = board.querySelector(':scope > .layer-last');
    if (!layer) {
      layer = svg('g', { class: 'layer-last', 'aria-hidden': 'true' });
      const figures = board.querySelector(':scope > .layer-figures');
      if (figures) board.insertBefore(layer, figures);
      else board.append(layer);
    }
    layer.replaceChildren();
    for (const [k, m] of this.moves) {
      const [attr, value] = k.split('=');
      const piece = board.querySelector(`[${attr}="${CSS.escape(value)}"]`);
      if (!piece) continue;
      piece.classList.add('last-moved');
      layer.append(
        svg('line', { class: 'last-trail', 'data-last': k, x1: m.from.x, y1: m.from.y, x2: m.to.x, y2: m.to.y }),
        svg('circle', { class: 'last-from', cx: m.from.x, cy: m.from.y, r: 5 }),
      );
    }
  }
}
