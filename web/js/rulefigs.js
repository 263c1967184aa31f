// The figures of a map game's rules page: small parts of the board, drawn
// with the tables' own board code (board.js) from the board's geometry
// (boards/GAME.json) and the figures the server derives from the board's
// movement tables (boards/GAME-diagrams.json, web.DiagramsOf): the page
// computes no rule. Each figure is an image whose accessible name is its
// caption ("web.rules.GAME.fig.ID", in the page's language).

import { BoardView, loadGeometry } from './board.js';
import { el } from './dom.js';
import { t } from './i18n.js';

/**
 * One figure (web.Diagram).
 * @typedef {{id: string, section: number, jack?: number, figures?: string[], targets?: number[],
 *   targetCrossings?: string[], closed?: number[], path?: number[], args: Record<string, unknown>}} Diagram
 */

/** The map games, whose boards the figures are drawn on. */
export const MAP_GAMES = ['whitehall', 'whitechapel'];

/** @type {Map<string, Promise<Diagram[]>>} */
const cache = new Map();

/**
 * Loads a board's figures once per page.
 * @param {string} name
 * @returns {Promise<Diagram[]>}
 */
export function loadDiagrams(name) {
  let p = cache.get(name);
  if (!p) {
    p = fetch(new URL(`../boards/${name}-diagrams.json`, import.meta.url)).then((r) => {
      if (!r.ok) throw new Error(`diagrams ${name}: HTTP ${r.status}`);
      return /** @type {Promise<Diagram[]>} */ (r.json());
    });
    cache.set(name, p);
  }
  return p;
}

/**
 * Draws one figure: the board cropped to the figure's circles and crossings
 * (with a margin), Jack and the detectives as on a table, the circles the
 * rule opens highlighted, those it closes crossed out.
 * @param {string} game
 * @param {import('./types.js').Geometry} geo
 * @param {Diagram} d
 * @returns {HTMLElement}
 */
export function drawFigure(game, geo, d) {
  const holder = el('div');
  const view = new BoardView(holder, geo);
  const root = view.svg;
  /** @type {import('./board.js').Figure[]} */
  const figs = (d.figures ?? []).map((x, i) => ({
    id: `detective-${i}`, crossing: x, letter: t('web.wh.letter.yellow'),
    cls: 'yellow', title: t('web.board.crossing', { label: x }),
  }));
  if (d.jack) figs.push({ id: 'jack', circle: d.jack, letter: 'J', cls: 'jack', title: t('web.wh.jack-here', { circle: d.jack }) });
  view.setFigures(figs);
  view.setClass('target', d.targets ?? [], d.targetCrossings ?? []);
  view.setMarkers((d.closed ?? []).map((c) => ({ circle: c, kind: /** @type {'false'} */ ('false') })));
  view.setPaths(d.path ? [d.path] : []);
  // The crop: every point the figure names, and a margin.
  const pts = [
    ...(d.jack ? [view.pos(String(d.jack))] : []),
    ...(d.figures ?? []).map((x) => view.pos(x)),
    ...(d.targets ?? []).map((c) => view.pos(String(c))),
    ...(d.targetCrossings ?? []).map((x) => view.pos(x)),
    ...(d.closed ?? []).map((c) => view.pos(String(c))),
    ...(d.path ?? []).map((c) => view.pos(String(c))),
  ].filter((p) => p !== undefined);
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  const pad = 45;
  let x0 = Math.min(...xs) - pad;
  let y0 = Math.min(...ys) - pad;
  let w = Math.max(...xs) + pad - x0;
  let h = Math.max(...ys) + pad - y0;
  const side = Math.max(w, h, 200);
  x0 -= (side - w) / 2;
  y0 -= (side - h) / 2;
  w = side;
  h = side;
  root.setAttribute('viewBox', `${x0} ${y0} ${w} ${h}`);
  root.setAttribute('preserveAspectRatio', 'xMidYMid slice');
  const captionId = `fig-${game}-${d.id}`;
  root.setAttribute('role', 'img');
  root.setAttribute('aria-labelledby', captionId);
  root.removeAttribute('aria-label');
  root.classList.add('rules-fig-board');
  // Nothing inside is a control or a separate image: the caption says it all.
  for (const n of root.querySelectorAll('[tabindex]')) n.removeAttribute('tabindex');
  return el('figure', { class: 'rules-fig', 'data-figure': d.id },
    root, el('figcaption', { id: captionId }, t(`web.rules.${game}.fig.${d.id}`, d.args)));
}

/**
 * The figures of a game's rules page by section, drawn; an empty map for a
 * game without a board (or when the files cannot be loaded).
 * @param {string} game
 * @returns {Promise<Map<number, HTMLElement[]>>}
 */
export async function figuresOf(game) {
  /** @type {Map<number, HTMLElement[]>} */
  const out = new Map();
  if (!MAP_GAMES.includes(game)) return out;
  const [geo, diagrams] = await Promise.all([loadGeometry(game), loadDiagrams(game)]);
  for (const d of diagrams) {
    const list = out.get(d.section) ?? [];
    list.push(drawFigure(game, geo, d));
    out.set(d.section, list);
  }
  return out;
}
