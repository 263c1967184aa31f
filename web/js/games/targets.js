// The legal moves of a map game (Whitehall Mystery, Letters from Whitechapel)
// offered on the board: moves with a circle or crossing target make that
// target clickable, the others are returned for the renderer's buttons.

import { t } from '../i18n.js';

/** @typedef {import('../types.js').Intent} Intent */
/** @typedef {import('./registry.js').Snapshot} Snapshot */
/** @typedef {import('./registry.js').TableContext} TableContext */
/** @typedef {import('./registry.js').Choice} Choice */
/** @typedef {import('../board.js').BoardView} BoardView */

/**
 * Highlights the board targets of the legal moves of the seats this
 * connection holds (none during a replay). A click plays a target's only move,
 * or opens the chooser when it has several.
 * @param {BoardView} board
 * @param {Snapshot} snap
 * @param {TableContext} ctx
 * @param {(i: Intent) => ({circle: number}|{crossing: string}|null)} targetOf
 * @param {(i: Intent, seat: number) => string} describe
 * @returns {Choice[]} the moves with no board target, in the server's order
 */
export function offerOnBoard(board, snap, ctx, targetOf, describe) {
  /** @type {Map<number, Choice[]>} */
  const byCircle = new Map();
  /** @type {Map<string, Choice[]>} */
  const byCrossing = new Map();
  /** @type {Choice[]} */
  const buttons = [];
  if (!snap.replay) {
    for (const seat of snap.you) {
      for (const intent of snap.legal[String(seat)] ?? []) {
        const c = { seat, intent, label: describe(intent, seat) };
        const tg = targetOf(intent);
        if (tg && 'circle' in tg) byCircle.set(tg.circle, [...(byCircle.get(tg.circle) ?? []), c]);
        else if (tg && 'crossing' in tg) byCrossing.set(tg.crossing, [...(byCrossing.get(tg.crossing) ?? []), c]);
        else buttons.push(c);
      }
    }
  }
  /**
   * @param {string} title
   * @param {Choice[]|undefined} choices
   */
  const pick = (title, choices) => {
    if (!choices || choices.length === 0) return;
    if (choices.length === 1) ctx.play(choices[0].seat, choices[0].intent);
    else ctx.choose(title, choices);
  };
  // A target with one move is named by that move ("Walk to circle 42"), so
  // that a screen reader says what it does; one with several by its place
  // (the chooser then offers them).
  /** @type {Map<string, string>} */
  const names = new Map();
  for (const [id, cs] of byCircle) if (cs.length === 1) names.set(`c:${id}`, cs[0].label);
  for (const [label, cs] of byCrossing) if (cs.length === 1) names.set(`x:${label}`, cs[0].label);
  board.setTargets(byCircle.keys(), byCrossing.keys(), (p) => {
    if (p.kind === 'circle') pick(t('web.board.circle', { n: p.id }), byCircle.get(p.id));
    else pick(t('web.board.crossing', { label: p.id }), byCrossing.get(p.id));
  }, names);
  board.onMiss = snap.replay ? null : (p) => ctx.why(candidateAt(snap, targetOf, p));
  return buttons;
}

/**
 * The move a click on a place that is no target stands for: a legal move
 * with a target of the same kind (circle or crossing), sent there instead.
 * The server then says why that move is not legal; null when no legal move
 * has a target of that kind.
 * @param {Snapshot} snap
 * @param {(i: Intent) => ({circle: number}|{crossing: string}|null)} targetOf
 * @param {import('../board.js').Pick} p
 * @returns {{seat: number, intent: Intent}|null}
 */
export function candidateAt(snap, targetOf, p) {
  for (const seat of snap.you) {
    for (const intent of snap.legal[String(seat)] ?? []) {
      const tg = targetOf(intent);
      if (!tg) continue;
      const was = 'circle' in tg ? (p.kind === 'circle' ? tg.circle : undefined) : (p.kind === 'crossing' ? tg.crossing : undefined);
      if (was === undefined) continue;
      const field = Object.keys(intent).find((k) => k !== 'kind' && intent[k] === was);
      if (field) return { seat, intent: { ...intent, [field]: p.id } };
    }
  }
  return null;
}

/** The kinds of move that move Jack on the map (his figure, in his own view). */
const JACK_MOVES = new Set(['walk', 'coach', 'alley', 'boat']);

/**
 * Previews a map game's move waiting for confirmation: its target ringed,
 * and the figure that moves (the acting investigator for a crossing, Jack
 * for his moves) shown there.
 * @param {BoardView} board
 * @param {{seat: number, intent: Intent}|null} p
 * @param {(i: Intent) => ({circle: number}|{crossing: string}|null)} targetOf
 */
export function previewOnBoard(board, p, targetOf) {
  const tg = p ? targetOf(p.intent) : null;
  if (!p || !tg) {
    board.setPreview(null);
    return;
  }
  /** @type {string|undefined} */
  let figure;
  if ('crossing' in tg) {
    figure = board.svg.querySelector('.layer-figures .figure.acting')?.getAttribute('data-figure') ?? undefined;
  } else if (JACK_MOVES.has(p.intent.kind)) {
    figure = 'jack';
  }
  board.setPreview({ at: 'circle' in tg ? { kind: 'circle', id: tg.circle } : { kind: 'crossing', id: tg.crossing }, figure });
}
