// The map drawing under a board's circles and crossings: house blocks,
// streets, the Thames, drawn by us from the board's geometry (no publisher
// artwork). mapModel computes the shapes (pure, tested in node); drawMap puts
// them into an SVG group, built once per board and cloned for every later view.
//
// Method:
// - Blocks are the bounded faces of the board's planar drawing (geo.blocks,
//   from package board): "land" faces are filled as house blocks, "water"
//   faces (Whitehall's Thames) as water.
// - Streets are the board's edges, each drawn once (an edge listed twice, in
//   either direction, is one street), as one path stroked twice: a wide dark
//   kerb under a narrower surface, with round joins, so crossings merge into
//   squares and the block fill shows between streets. An edge ending at a
//   blue circle (a boat stop in the water) is a landing stage, drawn narrower.
// - A board without water blocks (Whitechapel) gets the Thames along its
//   southern edge, derived from the southern nodes: for each column the
//   lowest node within a window, plus a margin, never more than 70 units
//   above the southernmost node, smoothed; the band runs from there to the
//   bottom of the board, and is left out when there is no room.
//   Blue circles that no water block holds (Whitehall's 66 and 98, upstream
//   of the last bridge) are joined to the nearest water block by a wide
//   channel. No board marks parks, so none are drawn.

import { svg } from './dom.js';

/** @typedef {import('./types.js').Geometry} Geometry */
/** @typedef {[number, number]} Pt */

/**
 * The shapes of a board's map, in view coordinates (Y multiplied by aspect).
 * @typedef {Object} MapModel
 * @property {number} width
 * @property {number} height
 * @property {{kind: 'land'|'water', points: Pt[]}[]} blocks
 * @property {[Pt, Pt][]} streets the streets between land nodes
 * @property {[Pt, Pt][]} piers the streets that end at a blue circle
 * @property {Pt[]|null} river a derived river polygon (boards without water blocks)
 * @property {Pt[][]} channels water joining the blue circles that no water
 *   block holds to the nearest water block (polylines, drawn wide)
 */

/** Street widths in board units: the surface and the kerb under it. */
export const STREET = 7;
export const KERB = 10;
export const PIER = 4;
export const CHANNEL = 34;

/**
 * Computes the map of geo.
 * @param {Geometry} geo
 * @returns {MapModel}
 */
export function mapModel(geo) {
  const a = geo.aspect || 1;
  const width = 1000;
  const height = 1000 * a;
  /** @type {Map<string, Pt>} */
  const pos = new Map();
  /** @type {Set<string>} */
  const blue = new Set();
  for (const c of geo.circles) {
    pos.set(String(c.id), [c.x, c.y * a]);
    if (c.color === 'blue') blue.add(String(c.id));
  }
  for (const x of geo.crossings) pos.set(x.label, [x.x, x.y * a]);

  /** @type {MapModel['blocks']} */
  const blocks = [];
  for (const b of geo.blocks ?? []) {
    const points = b.boundary.map((n) => pos.get(n)).filter((p) => p !== undefined);
    if (points.length >= 3) blocks.push({ kind: b.kind === 'water' ? 'water' : 'land', points });
  }

  /** @type {Set<string>} */
  const seen = new Set();
  /** @type {[Pt, Pt][]} */
  const streets = [];
  /** @type {[Pt, Pt][]} */
  const piers = [];
  for (const [p, q] of geo.edges) {
    const key = p < q ? `${p}|${q}` : `${q}|${p}`;
    if (p === q || seen.has(key)) continue;
    const P = pos.get(p);
    const Q = pos.get(q);
    if (!P || !Q) continue;
    seen.add(key);
    (blue.has(p) || blue.has(q) ? piers : streets).push([P, Q]);
  }

  const river = blocks.some((b) => b.kind === 'water') ? null : southernRiver([...pos.values()], width, height);
  return { width, height, blocks, streets, piers, river, channels: channels(geo, pos, blocks) };
}

/**
 * For each water group with circles on no water block's boundary (Whitehall's
 * 66 and 98, in the river beyond the last bridge): a polyline from the
 * nearest corner of a water block through those circles, nearest first.
 * @param {Geometry} geo
 * @param {Map<string, Pt>} pos
 * @param {MapModel['blocks']} blocks
 * @returns {Pt[][]}
 */
function channels(geo, pos, blocks) {
  /** @type {Set<string>} */
  const held = new Set();
  for (const b of geo.blocks ?? []) if (b.kind === 'water') for (const n of b.boundary) held.add(n);
  const corners = blocks.filter((b) => b.kind === 'water').flatMap((b) => b.points);
  /** @type {Pt[][]} */
  const out = [];
  for (const w of geo.water ?? []) {
    const left = w.circles.filter((c) => !held.has(String(c))).map((c) => pos.get(String(c))).filter((p) => p !== undefined);
    if (left.length === 0 || corners.length === 0) continue;
    /** @type {Pt} */
    let at = corners[0];
    let best = Infinity;
    for (const c of corners) for (const p of left) {
      const d = Math.hypot(c[0] - p[0], c[1] - p[1]);
      if (d < best) { best = d; at = c; }
    }
    const line = [at];
    while (left.length) {
      const last = line[line.length - 1];
      let k = 0;
      for (let i = 1; i < left.length; i++) {
        if (Math.hypot(left[i][0] - last[0], left[i][1] - last[1]) < Math.hypot(left[k][0] - last[0], left[k][1] - last[1])) k = i;
      }
      line.push(left.splice(k, 1)[0]);
    }
    out.push(line);
  }
  return out;
}

/**
 * A river band along the bottom of the board, below its southernmost nodes
 * (see the method above), or null when the nodes reach the bottom edge.
 * @param {Pt[]} pts
 * @param {number} width
 * @param {number} height
 * @returns {Pt[]|null}
 */
export function southernRiver(pts, width, height) {
  if (pts.length === 0) return null;
  const step = 20;
  const window = 70;
  const margin = 16;
  /** @type {number[]} */
  const top = [];
  for (let x = 0; x <= width; x += step) {
    let low = -Infinity;
    for (const [px, py] of pts) if (Math.abs(px - x) <= window) low = Math.max(low, py);
    top.push(low === -Infinity ? NaN : low + margin);
  }
  // Columns with no node nearby take the nearest known value.
  for (let i = 0; i < top.length; i++) {
    if (!Number.isNaN(top[i])) continue;
    let best = NaN;
    for (let d = 1; d < top.length && Number.isNaN(best); d++) {
      if (i - d >= 0 && !Number.isNaN(top[i - d])) best = top[i - d];
      else if (i + d < top.length && !Number.isNaN(top[i + d])) best = top[i + d];
    }
    top[i] = best;
  }
  // Near the east and west ends of the nodes the window sees only the
  // northern ones: the band keeps the level of the last full column there.
  const xs = pts.map((p) => p[0]);
  const minX = Math.min(...xs) + window;
  const maxX = Math.max(...xs) - window;
  const iMin = Math.min(top.length - 1, Math.max(0, Math.ceil(minX / step)));
  const iMax = Math.max(0, Math.min(top.length - 1, Math.floor(maxX / step)));
  for (let i = 0; i < top.length; i++) {
    if (i < iMin) top[i] = Math.max(top[i], top[iMin]);
    if (i > iMax) top[i] = Math.max(top[i], top[iMax]);
  }
  // The Thames runs along the south: the band never rises more than `rise`
  // above the southernmost node, even where the nodes stop further north.
  const rise = 70;
  const lowest = Math.max(...pts.map((p) => p[1]));
  for (let i = 0; i < top.length; i++) top[i] = Math.max(top[i], lowest - rise);
  // Smooth twice with a 3-wide mean, never rising above the nodes' margin.
  let ys = top;
  for (let k = 0; k < 2; k++) {
    ys = ys.map((y, i) => Math.max(top[i], (ys[Math.max(0, i - 1)] + y + ys[Math.min(ys.length - 1, i + 1)]) / 3));
  }
  const room = height - Math.max(...ys);
  if (!(room >= 6)) return null;
  /** @type {Pt[]} */
  const out = ys.map((y, i) => [Math.min(width, i * step), Math.round(y * 10) / 10]);
  out.push([width, height], [0, height]);
  return out;
}

/**
 * An SVG path through segments, each "M x y L x y".
 * @param {[Pt, Pt][]} segs
 * @returns {string}
 */
function segPath(segs) {
  return segs.map(([p, q]) => `M${r1(p[0])} ${r1(p[1])}L${r1(q[0])} ${r1(q[1])}`).join('');
}

/**
 * A closed SVG path through polygons.
 * @param {Pt[][]} polys
 * @returns {string}
 */
function polyPath(polys) {
  return polys.map((ps) => 'M' + ps.map((p) => `${r1(p[0])} ${r1(p[1])}`).join('L') + 'Z').join('');
}

/** @param {number} v */
function r1(v) {
  return Math.round(v * 10) / 10;
}

/** @type {Map<string, SVGElement>} */
const built = new Map();

/**
 * The map of geo as an SVG group (class "board-map"): water, blocks, kerbs,
 * streets and landing stages, a handful of paths. Built once per board name
 * and cloned afterwards.
 * @param {Geometry} geo
 * @returns {SVGElement}
 */
export function mapLayer(geo) {
  let g = built.get(geo.name);
  if (!g) {
    const m = mapModel(geo);
    g = svg('g', { class: 'board-map', 'aria-hidden': 'true', 'data-map': geo.name });
    const water = m.blocks.filter((b) => b.kind === 'water').map((b) => b.points);
    const land = m.blocks.filter((b) => b.kind === 'land').map((b) => b.points);
    if (m.river) g.append(svg('path', { class: 'map-river', d: polyPath([m.river]) }));
    const ch = m.channels.map((l) => 'M' + l.map((p) => `${r1(p[0])} ${r1(p[1])}`).join('L')).join('');
    if (ch) g.append(svg('path', { class: 'map-channel-bank', d: ch, 'stroke-width': CHANNEL + 4 }));
    if (water.length) g.append(svg('path', { class: 'map-water', d: polyPath(water) }));
    if (ch) g.append(svg('path', { class: 'map-channel', d: ch, 'stroke-width': CHANNEL }));
    if (land.length) g.append(svg('path', { class: 'map-blocks', d: polyPath(land) }));
    const streets = segPath(m.streets);
    const piers = segPath(m.piers);
    if (piers) g.append(svg('path', { class: 'map-pier', d: piers, 'stroke-width': PIER }));
    g.append(
      svg('path', { class: 'map-kerb', d: streets, 'stroke-width': KERB }),
      svg('path', { class: 'map-street', d: streets, 'stroke-width': STREET }),
    );
    built.set(geo.name, g);
  }
  return /** @type {SVGElement} */ (g.cloneNode(true));
}
