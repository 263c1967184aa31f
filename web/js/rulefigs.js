// The figures of a map game's rules page: small parts of the board, drawn
// with the tables' own board code (board.js) from the board's geometry
// (boards/GAME.json) and the figures the server derives from the board's
// movement tables (boards/GAME-diagrams.json, web.DiagramsOf): the page
// computes no rule. Each figure is an image whose accessible name is its
// caption ("web.rules.GAME.fig.ID", in the page's language).
//
// Pocket's line of sight and Jekyll & Hyde's tricks (the colour ranks and
// each reaction) are drawn by their table renderers (games/pocket.js,
// games/jekyll.js) from the spectator's view of a position the real rules
// set up, which the server gives (GET /api/rules/GAME/figures): the lines of
// sight and the paired cards are the view's. Pocket's alibi cards are drawn
// here from the figure's data, the rules package's own table of each card's
// hourglasses.

import { BoardView, loadGeometry } from './board.js';
import { el, svg } from './dom.js';
import { has, t } from './i18n.js';
import { api } from './net.js';
import { rendererFor } from './games/registry.js';
import './games/pocket.js';
import './games/jekyll.js';

/**
 * One figure (web.Diagram).
 * @typedef {{id: string, section: number, jack?: number, figures?: string[], targets?: number[],
 *   targetCrossings?: string[], closed?: number[], path?: number[], wretched?: number, patrols?: string[],
 *   args: Record<string, unknown>}} Diagram
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
  if (d.wretched) {
    figs.push({ id: `wretched-${d.wretched}`, circle: d.wretched, letter: t('web.wc.letter.wretched'), cls: 'wretched', title: t('web.wc.wretched-on', { circle: d.wretched }) });
  }
  view.setFigures(figs);
  view.setTokens((d.patrols ?? []).map((x) => ({ crossing: x, cls: 'patrol down', label: '?', title: t('web.wc.patrol.down', { crossing: x }) })));
  view.setClass('target', d.targets ?? [], d.targetCrossings ?? []);
  view.setMarkers((d.closed ?? []).map((c) => ({ circle: c, kind: /** @type {'false'} */ ('false') })));
  view.setPaths(d.path ? [d.path] : []);
  // The crop: every point the figure names, and a margin.
  const pts = [
    ...(d.jack ? [view.pos(String(d.jack))] : []),
    ...(d.wretched ? [view.pos(String(d.wretched))] : []),
    ...(d.patrols ?? []).map((x) => view.pos(x)),
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
  // What lies outside the crop is dropped: a figure keeps a few dozen nodes
  // of the board's thousands, light for the page and its accessibility tree.
  const inside = (/** @type {number} */ x, /** @type {number} */ y) => x >= x0 - 30 && x <= x0 + w + 30 && y >= y0 - 30 && y <= y0 + h + 30;
  for (const [id, node] of view.circles) {
    const p = view.circlePos.get(id);
    if (p && !inside(p.x, p.y)) node.remove();
  }
  for (const [label, node] of view.crossings) {
    const p = view.crossingPos.get(label);
    if (p && !inside(p.x, p.y)) node.remove();
  }
  // The map under them (mapdraw.js) is a handful of paths: it stays whole.
  root.setAttribute('preserveAspectRatio', 'xMidYMid slice');
  const captionId = `fig-${game}-${d.id}`;
  root.setAttribute('role', 'img');
  root.setAttribute('aria-labelledby', captionId);
  root.removeAttribute('aria-label');
  root.classList.add('rules-fig-board');
  // Nothing inside is a control or a separate image: the caption says it all.
  for (const n of root.querySelectorAll('[tabindex]')) n.removeAttribute('tabindex');
  unnamePieces(root);
  return el('figure', { class: 'rules-fig', 'data-figure': d.id },
    root, el('figcaption', { id: captionId }, t(`web.rules.${game}.fig.${d.id}`, d.args)));
}

/**
 * One figure of the server's (GET /api/rules/GAME/figures).
 * @typedef {{id: string, section: number, view: Record<string, unknown>}} ViewFigure
 */

/** The games whose figures their table renderer draws from a view. */
const VIEW_GAMES = ['pocket', 'jekyll'];

/**
 * The arguments of a view figure's caption: Pocket's suspects in sight.
 * @param {string} game
 * @param {ViewFigure} f
 * @returns {Record<string, unknown>}
 */
function viewArgs(game, f) {
  if (game === 'jekyll' && f.id === 'track') {
    const rules = /** @type {{last?: number}} */ (f.view.rules ?? {});
    return { pawn: f.view.pawn, yard: f.view.yard, last: rules.last };
  }
  if (game === 'pocket' && f.id === 'alibi') {
    const alibis = /** @type {{hourglasses: number}[]} */ (f.view.alibis ?? []);
    const total = alibis.reduce((n, a) => n + a.hourglasses, 0);
    return { turns: f.view.turns, goal: f.view.goal, total };
  }
  if (game === 'jekyll') {
    const ranks = /** @type {{colour: string, token: number}[]} */ (f.view.ranks ?? []);
    /** @type {Record<string, unknown>} */
    const out = {};
    for (const r of ranks) out[['', 'first', 'second', 'third'][r.token]] = t(`web.jk.colour.${r.colour}`);
    return out;
  }
  if (game !== 'pocket') return {};
  const sight = /** @type {{seen?: string[]}} */ (f.view.sight ?? {});
  const seen = sight.seen ?? [];
  const name = (/** @type {string} */ c) => (has(`pocket.char.${c}`) ? t(`pocket.char.${c}`) : c);
  return { seen: seen.map(name).join(', '), count: seen.length, unseen: 9 - seen.length };
}

/**
 * Draws a figure with the game's table renderer: the board of a spectator
 * at that position, as an image named by its caption.
 * @param {string} game
 * @param {ViewFigure} f
 * @returns {Promise<HTMLElement|null>}
 */
async function drawViewFigure(game, f) {
  if (game === 'pocket' && f.id === 'alibi') return drawAlibis(f);
  const board = el('div');
  const renderer = await rendererFor(game, { game, board, panel: el('div'), play: () => {}, choose: () => {}, why: () => {} });
  renderer.update({
    table: /** @type {import('./types.js').TableInfo} */ (/** @type {unknown} */ ({ id: '', game, status: 'running', seats: [], options: {} })),
    you: [], views: { spectator: f.view }, legal: {}, outcome: null, history: [], version: 1, replay: null,
  });
  // Pocket's board is an SVG; Jekyll & Hyde's table is the trick and the
  // colour ranks (#jk-table), without the hands.
  const root = /** @type {HTMLElement|SVGElement|null} */ (game === 'jekyll' ? board.querySelector(f.id === 'track' ? '#jk-track' : '#jk-table') : board.querySelector('svg'));
  if (!root) return null;
  for (const n of root.querySelectorAll('[id]')) n.removeAttribute('id');
  const captionId = `fig-${game}-${f.id}`;
  root.removeAttribute('aria-label');
  root.removeAttribute('id');
  for (const n of root.querySelectorAll('[tabindex]')) n.removeAttribute('tabindex');
  unnamePieces(root);
  // One image named by its caption (Jekyll's HTML table inside a wrapper).
  const image = root instanceof SVGElement ? root : el('div', { class: 'rules-fig-table' }, root);
  image.setAttribute('role', 'img');
  image.setAttribute('aria-labelledby', captionId);
  if (root instanceof SVGElement) root.classList.add('rules-fig-board');
  const trick = /** @type {{paired?: number[]}|undefined} */ (f.view.trick);
  const more = game === 'jekyll' && f.id === 'ranks' && (trick?.paired ?? []).length > 0 ? ` ${t('web.rules.jekyll.fig.reaction')}` : '';
  return el('figure', { class: `rules-fig rules-fig-${game}`, 'data-figure': f.id },
    image, el('figcaption', { id: captionId }, t(`web.rules.${game}.fig.${f.id}`, viewArgs(game, f)) + more));
}

/**
 * An hourglass drawn at (x, y), about 12 units high.
 * @param {number} x
 * @param {number} y
 */
function hourglass(x, y) {
  return svg('path', { class: 'pk-hourglass', d: `M${x - 5},${y - 6} h10 l-4,6 l4,6 h-10 l4,-6 z` });
}

/**
 * Pocket's alibi figure: the nine alibi cards, each with its suspect's name
 * and its hourglasses, and the eight turns, each with the hourglass Jack
 * takes when he is not seen.
 * @param {ViewFigure} f
 * @returns {HTMLElement}
 */
function drawAlibis(f) {
  const alibis = /** @type {{character: string, hourglasses: number}[]} */ (f.view.alibis ?? []);
  const turns = Number(f.view.turns) || 0;
  const w = 330;
  const cw = 100;
  const ch = 58;
  const gap = 10;
  const rows = Math.ceil(alibis.length / 3);
  const trackY = rows * (ch + gap) + 16;
  const root = svg('svg', { class: 'rules-fig-board pk-alibis', viewBox: `0 0 ${w} ${trackY + 50}`, role: 'img' });
  alibis.forEach((a, i) => {
    const x = 10 + (i % 3) * (cw + gap);
    const y = 10 + Math.floor(i / 3) * (ch + gap);
    const name = has(`pocket.char.${a.character}`) ? t(`pocket.char.${a.character}`) : a.character;
    const card = svg('g', { class: 'pk-alibi', 'data-alibi': a.character, 'data-hourglasses': a.hourglasses },
      svg('rect', { x, y, width: cw, height: ch, rx: 6 }),
      svg('text', { class: 'pk-alibi-name', x: x + cw / 2, y: y + 20, 'text-anchor': 'middle' }, name));
    for (let k = 0; k < a.hourglasses; k++) card.append(hourglass(x + cw / 2 + (k - (a.hourglasses - 1) / 2) * 16, y + 40));
    if (a.hourglasses === 0) card.append(svg('text', { class: 'pk-alibi-none', x: x + cw / 2, y: y + 45, 'text-anchor': 'middle' }, '0'));
    root.append(card);
  });
  const step = (w - 20) / Math.max(turns, 1);
  for (let n = 1; n <= turns; n++) {
    const cx = 10 + step * (n - 0.5);
    root.append(svg('g', { class: 'pk-turn', 'data-turn': n },
      svg('circle', { cx, cy: trackY + 18, r: 15 }),
      hourglass(cx, trackY + 14),
      svg('text', { x: cx, y: trackY + 45, 'text-anchor': 'middle' }, String(n))));
  }
  const captionId = `fig-pocket-${f.id}`;
  root.setAttribute('aria-labelledby', captionId);
  return el('figure', { class: 'rules-fig rules-fig-pocket', 'data-figure': f.id },
    root, el('figcaption', { id: captionId }, t(`web.rules.pocket.fig.${f.id}`, viewArgs('pocket', f))));
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
  if (VIEW_GAMES.includes(game)) {
    const figs = /** @type {ViewFigure[]} */ (await api(`/api/rules/${encodeURIComponent(game)}/figures`)) ?? [];
    for (const f of figs) {
      const drawn = await drawViewFigure(game, f);
      if (!drawn) continue;
      out.set(f.section, [...(out.get(f.section) ?? []), drawn]);
    }
    return out;
  }
  if (!MAP_GAMES.includes(game)) return out;
  const [geo, diagrams] = await Promise.all([loadGeometry(game), loadDiagrams(game)]);
  for (const d of diagrams) {
    const list = out.get(d.section) ?? [];
    list.push(drawFigure(game, geo, d));
    out.set(d.section, list);
  }
  return out;
}

/**
 * Takes from a figure's pieces the names a table's board gives them for a
 * screen reader (figures, markers and tokens are images named with their
 * place there): in a rules figure the one image is the figure, named by its
 * caption.
 * @param {Element} root
 */
function unnamePieces(root) {
  for (const n of root.querySelectorAll('[role="img"]')) {
    n.removeAttribute('role');
    n.removeAttribute('aria-label');
  }
}
