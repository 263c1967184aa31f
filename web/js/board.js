// An SVG map board drawn from a geometry file (boards/{name}.json, made by
// web.Static from package board): the map under everything (house blocks,
// streets, the Thames: mapdraw.js), quadrant lines, crossings as small squares (starting crossings with a yellow
// border), numbered circles in their colours. On top: the deduction shading,
// markers, a path, figures and the highlight of legal targets, which are
// clickable and keyboard-focusable.
//
// Stable hooks: every circle is a <g data-circle="N">, every crossing a
// <g data-crossing="LABEL">; a legal choice carries the class "target";
// tokens lying on crossings are <g data-token-crossing="LABEL">.

import { svg, el } from './dom.js';
import { onLangChange, t } from './i18n.js';
import { mapLayer } from './mapdraw.js';
import { PanZoom } from './panzoom.js';

/** @typedef {import('./types.js').Geometry} Geometry */

/**
 * A marker on a circle. kind is drawn with its own shape: "clue" a triangle,
 * "discovery" a diamond, "start" and "location" squares, "jack" a ring,
 * "false" a cross, "miss" a hollow circle, "not-here" a slashed circle,
 * "mark" a small dot, "scene" a dark red disc (a crime scene), "woman" and
 * "woman-marked" a face-down token, "hideout" a house.
 * @typedef {{circle: number, kind: 'clue'|'discovery'|'start'|'location'|'jack'|'false'|'miss'|'not-here'|'mark'|'scene'|'woman'|'woman-marked'|'hideout', label?: string, title?: string}} Marker
 */

/**
 * A token lying on a crossing (a patrol token): an octagon with a short
 * label, its class list, a tooltip and data-* attributes (names without the
 * "data-" prefix).
 * @typedef {{crossing: string, cls: string, label: string, title: string, data?: Record<string, string>}} Token
 */

/**
 * A figure standing on a crossing (or a circle): a pawn with a letter.
 * @typedef {{id: string, crossing?: string, circle?: number, letter: string, cls: string, title: string, acting?: boolean}} Figure
 */

/** @typedef {{kind: 'circle', id: number} | {kind: 'crossing', id: string}} Pick */

const R_CIRCLE = 11;
const SQ = 7;

/** @type {Map<string, Promise<Geometry>>} */
const cache = new Map();

/**
 * Loads boards/{name}.json, beside the js/ folder of this module (served as
 * /static/boards/{name}.json), once per page.
 * @param {string} name
 * @returns {Promise<Geometry>}
 */
export function loadGeometry(name) {
  let p = cache.get(name);
  if (!p) {
    p = fetch(new URL(`../boards/${name}.json`, import.meta.url)).then((r) => {
      if (!r.ok) throw new Error(`board ${name}: HTTP ${r.status}`);
      return /** @type {Promise<Geometry>} */ (r.json());
    });
    cache.set(name, p);
  }
  return p;
}

/**
 * Things of a board in reading order: rows from the top, each from left to
 * right; a row holds what lies less than tol below its highest thing (the
 * Home and End keys among a board's targets, and a map's first Tab stop).
 * @template {{x: number, y: number}} T
 * @param {T[]} items
 * @param {number} tol
 * @returns {T[]}
 */
export function readingOrder(items, tol) {
  const rest = [...items].sort((a, b) => a.y - b.y);
  /** @type {T[]} */
  const out = [];
  while (rest.length) {
    const top = rest[0].y;
    const n = rest.findIndex((i) => i.y - top >= tol);
    const row = rest.splice(0, n < 0 ? rest.length : n);
    out.push(...row.sort((a, b) => a.x - b.x));
  }
  return out;
}

/** A drawn board. */
/**
 * The deduction's most likely circles in words, each with its share in the
 * language's way of writing a percentage ("154 (9%)", "154 (9 %)"): at least
 * 1 for a circle still possible.
 * @param {{circle: number, weight: number}[]} items
 * @param {number} total the weights' sum
 * @returns {string}
 */
export function likelyList(items, total) {
  return items.map((i) => t('web.board.likely', { n: i.circle, p: Math.max(1, Math.round((100 * i.weight) / total)) })).join(', ');
}

export class BoardView {
  /**
   * Draws geo into container (replacing its content).
   * @param {HTMLElement} container
   * @param {Geometry} geo
   */
  constructor(container, geo) {
    this.geo = geo;
    this.h = 1000 * (geo.aspect || 1);
    /** @type {Map<number, {x: number, y: number}>} */
    this.circlePos = new Map();
    /** @type {Map<string, {x: number, y: number}>} */
    this.crossingPos = new Map();
    /** @type {Map<number, SVGElement>} */
    this.circles = new Map();
    /** @type {Map<string, SVGElement>} */
    this.crossings = new Map();
    /** @type {((p: Pick) => void)|null} */
    this.onPick = null;
    /** @type {((p: Pick) => void)|null} a click on a circle or crossing that is no target */
    this.onMiss = null;

    for (const c of geo.circles) this.circlePos.set(c.id, { x: c.x, y: c.y * (geo.aspect || 1) });
    for (const x of geo.crossings) this.crossingPos.set(x.label, { x: x.x, y: x.y * (geo.aspect || 1) });

    const root = /** @type {SVGSVGElement} */ (svg('svg', {
      viewBox: `0 0 1000 ${this.h}`,
      class: `board board-${geo.name}`,
      role: 'group',
      'aria-label': t('web.board.label'),
      'data-board': geo.name,
    }));
    this.svg = root;
    root.append(svg('rect', { x: 0, y: 0, width: 1000, height: this.h, class: 'board-bg' }));
    this.layers = {
      map: svg('g', { class: 'layer-map', 'aria-hidden': 'true' }),
      quadrants: svg('g', { class: 'layer-quadrants', 'aria-hidden': 'true' }),
      shade: svg('g', { class: 'layer-shade', 'aria-hidden': 'true' }),
      path: svg('g', { class: 'layer-path', 'aria-hidden': 'true' }),
      crossings: svg('g', { class: 'layer-crossings' }),
      circles: svg('g', { class: 'layer-circles' }),
      markers: svg('g', { class: 'layer-markers' }),
      tokens: svg('g', { class: 'layer-tokens' }),
      figures: svg('g', { class: 'layer-figures' }),
    };
    root.append(...Object.values(this.layers));
    this.drawStatic();

    this.wrap = el('div', { class: 'board-wrap' });
    this.wrap.append(root);
    this.pz = new PanZoom(this.wrap, root, 1000, this.h);
    onLangChange(() => {
      root.setAttribute('aria-label', t('web.board.label'));
    });
    container.replaceChildren(this.pz.tools, this.wrap);
    /** The targets last focused, to move the view only when they change. */
    this.focusKey = '';
    /**
     * The target that holds the map's one Tab stop (a roving tabindex): the
     * one last focused while it stays a target, else the first in reading
     * order. The others are reached with the arrow keys, Home and End
     * (table.js), and stay buttons with their names for a screen reader.
     * @type {SVGElement|null}
     */
    this.roving = null;
    root.addEventListener('focusin', (ev) => {
      const e = ev.target;
      if (e instanceof SVGElement && e.classList.contains('target') && e !== this.roving) this.rove(e);
    });
  }

  /**
   * Gives the map's Tab stop to node (a target), taking it from the one
   * that had it.
   * @param {SVGElement} node
   */
  rove(node) {
    if (this.roving && this.roving !== node && this.roving.classList.contains('target')) this.roving.setAttribute('tabindex', '-1');
    node.setAttribute('tabindex', '0');
    this.roving = node;
  }

  /** @returns {number} the zoom (1: the whole board) */
  get zoom() {
    return this.pz.zoom;
  }

  /**
   * When zoomed in and none of points is in view, moves the view to them.
   * @param {{x: number, y: number}[]} points board coordinates
   */
  focusOn(points) {
    // A tutorial asks for one place of the map at a time: on a screen that
    // draws the circles too small to tap (a phone), the view comes close
    // enough to them, with room around.
    // In a game, the same on a phone, so that a move is a tap (the "fit"
    // button shows the whole map again).
    if (document.body.dataset.tutorial === 'true') this.pz.reach(points, 1.1, 90);
    else {
      this.pz.bring(points, 1.1, 90);
      this.pz.show(points);
    }
  }

  /**
   * Zooms the drawing (1 = the whole board).
   * @param {number} z
   */
  setZoom(z) {
    this.pz.zoomBy(z / this.pz.zoom);
  }

  /** Draws what never changes: the map, quadrant lines, crossings, circles. */
  drawStatic() {
    const g = this.geo;
    const a = g.aspect || 1;
    // The background map: built once per board, cloned into each view.
    this.layers.map.append(mapLayer(g));
    if (g.split) {
      this.layers.quadrants.append(
        svg('line', { class: 'quadrant-line', x1: g.split.x, y1: 0, x2: g.split.x, y2: this.h }),
        svg('line', { class: 'quadrant-line', x1: 0, y1: g.split.y * a, x2: 1000, y2: g.split.y * a }),
      );
    }
    for (const x of g.crossings) {
      const p = /** @type {{x: number, y: number}} */ (this.crossingPos.get(x.label));
      // Hidden from screen readers unless a target (see mark): two hundred
      // unnamed places would be read before the board's pieces.
      const node = svg('g', {
        class: `crossing${x.start ? ' start' : ''}`,
        'data-crossing': x.label,
        'aria-hidden': 'true',
        transform: `translate(${p.x} ${p.y})`,
      },
      svg('rect', { class: 'hit', x: -12, y: -12, width: 24, height: 24 }),
      svg('rect', { class: 'sq', x: -SQ / 2, y: -SQ / 2, width: SQ, height: SQ }),
      svg('text', { class: 'crossing-label', 'text-anchor': 'middle', y: SQ + 5 }, x.label),
      svg('title', {}, x.label));
      this.crossings.set(x.label, node);
      this.layers.crossings.append(node);
      this.bindPick(node, { kind: 'crossing', id: x.label });
    }
    for (const c of g.circles) {
      const p = /** @type {{x: number, y: number}} */ (this.circlePos.get(c.id));
      const node = svg('g', {
        class: `circle ${c.color}${c.red ? ' red' : ''}`,
        'data-circle': c.id,
        'aria-hidden': 'true',
        transform: `translate(${p.x} ${p.y})`,
      },
      svg('circle', { class: 'disc', r: R_CIRCLE }),
      svg('text', { class: 'num', 'text-anchor': 'middle', dy: '0.35em' }, String(c.id)));
      this.circles.set(c.id, node);
      this.layers.circles.append(node);
      this.bindPick(node, { kind: 'circle', id: c.id });
    }
  }

  /**
   * Where node name sits: a number names a circle, anything else a crossing.
   * @param {string} name
   * @returns {{x: number, y: number}|undefined}
   */
  pos(name) {
    return /^\d+$/.test(name) ? this.circlePos.get(Number(name)) : this.crossingPos.get(name);
  }

  /**
   * Makes node answer clicks and keys while it is a target.
   * @param {SVGElement} node
   * @param {Pick} pick
   */
  bindPick(node, pick) {
    const fire = () => {
      if (node.classList.contains('target') && this.onPick) this.onPick(pick);
      else if (!node.classList.contains('target') && this.onMiss) this.onMiss(pick);
    };
    node.addEventListener('click', fire);
    node.addEventListener('keydown', (ev) => {
      const k = /** @type {KeyboardEvent} */ (ev).key;
      if (k === 'Enter' || k === ' ') {
        ev.preventDefault();
        fire();
      }
    });
  }

  /**
   * Highlights the legal targets and calls onPick when one is chosen. Targets
   * become focusable buttons, named by names (the move a target stands for,
   * by "c:N" for circle N and "x:LABEL" for a crossing) or else by their
   * place ("Circle 42"); everything else is inert, and hidden from screen
   * readers.
   * @param {Iterable<number>} circles
   * @param {Iterable<string>} crossings
   * @param {((p: Pick) => void)|null} onPick
   * @param {Map<string, string>} [names]
   */
  setTargets(circles, crossings, onPick, names) {
    this.onPick = onPick;
    const cs = new Set(circles);
    const xs = new Set(crossings);
    for (const [id, node] of this.circles) this.mark(node, cs.has(id), names?.get(`c:${id}`) ?? t('web.board.circle', { n: id }));
    for (const [label, node] of this.crossings) this.mark(node, xs.has(label), names?.get(`x:${label}`) ?? t('web.board.crossing', { label }));
    // One Tab stop for the whole map: the target that had it while it is
    // still one, else the first in reading order (top to bottom, left to
    // right).
    if (this.roving?.classList.contains('target')) this.rove(this.roving);
    else {
      this.roving = null;
      /** @type {{node: SVGElement, x: number, y: number}[]} */
      const all = [];
      for (const c of cs) { const n = this.circles.get(c), p = this.circlePos.get(c); if (n && p) all.push({ node: n, ...p }); }
      for (const x of xs) { const n = this.crossings.get(x), p = this.crossingPos.get(x); if (n && p) all.push({ node: n, ...p }); }
      const first = readingOrder(all, 2 * R_CIRCLE)[0];
      if (first) this.rove(first.node);
    }
    this.svg.classList.toggle('choosing', cs.size + xs.size > 0);
    const key = [...cs].join(',') + '/' + [...xs].join(',');
    if (key !== this.focusKey && cs.size + xs.size > 0) {
      /** @type {{x: number, y: number}[]} */
      const pts = [];
      for (const c of cs) { const p = this.circlePos.get(c); if (p) pts.push(p); }
      for (const x of xs) { const p = this.crossingPos.get(x); if (p) pts.push(p); }
      this.focusOn(pts);
    }
    this.focusKey = key;
  }

  /**
   * @param {SVGElement} node
   * @param {boolean} on
   * @param {string} label
   */
  mark(node, on, label) {
    node.classList.toggle('target', on);
    if (on) {
      // Reached with the arrows; setTargets gives one target the Tab stop.
      if (node !== this.roving) node.setAttribute('tabindex', '-1');
      node.setAttribute('role', 'button');
      node.setAttribute('aria-label', label);
      node.removeAttribute('aria-hidden');
    } else {
      node.removeAttribute('tabindex');
      node.removeAttribute('role');
      node.removeAttribute('aria-label');
      node.setAttribute('aria-hidden', 'true');
    }
  }

  /**
   * Marks circles or crossings with a class (e.g. "selected"), clearing it
   * elsewhere.
   * @param {string} cls
   * @param {Iterable<number>} circles
   * @param {Iterable<string>} [crossings]
   */
  setClass(cls, circles, crossings = []) {
    const cs = new Set(circles);
    const xs = new Set(crossings);
    for (const [id, node] of this.circles) node.classList.toggle(cls, cs.has(id));
    for (const [label, node] of this.crossings) node.classList.toggle(cls, xs.has(label));
  }

  /**
   * Shades circles by probability (0..1): a halo whose size and strength grow
   * with it, and the percentage in the circle's tooltip. null clears it.
   * @param {Map<number, number>|null} probs
   */
  setShade(probs) {
    this.layers.shade.replaceChildren();
    for (const [id, node] of this.circles) {
      const p = probs?.get(id) ?? 0;
      node.classList.toggle('possible', p > 0);
      const old = node.querySelector('title');
      if (old) old.remove();
      if (p > 0) node.append(svg('title', {}, t('web.board.probability', { n: id, p: Math.max(1, Math.round(p * 100)) })));
    }
    if (!probs) return;
    let max = 0;
    for (const p of probs.values()) max = Math.max(max, p);
    for (const [id, p] of probs) {
      const at = this.circlePos.get(id);
      if (!at || p <= 0) continue;
      const rel = max > 0 ? p / max : 0;
      const halo = svg('circle', { class: 'halo', cx: at.x, cy: at.y, r: R_CIRCLE + 3 + 9 * Math.sqrt(rel) });
      halo.style.opacity = String(0.25 + 0.65 * rel);
      this.layers.shade.append(halo);
    }
  }

  /**
   * Draws markers, each kind with its own shape, several on one circle fanned
   * around it.
   * @param {Marker[]} markers
   */
  setMarkers(markers) {
    this.layers.markers.replaceChildren();
    /** @type {Map<number, number>} */
    const count = new Map();
    for (const m of markers) {
      const at = this.circlePos.get(m.circle);
      if (!at) continue;
      const i = count.get(m.circle) ?? 0;
      count.set(m.circle, i + 1);
      const ang = (-45 + 90 * i) * (Math.PI / 180);
      const dx = m.kind === 'jack' ? 0 : Math.cos(ang) * 14;
      const dy = m.kind === 'jack' ? 0 : Math.sin(ang) * 14;
      const g = svg('g', {
        class: `marker marker-${m.kind}`,
        'data-marker': m.kind,
        'data-marker-circle': m.circle,
        transform: `translate(${at.x + dx} ${at.y + dy})`,
      });
      switch (m.kind) {
        case 'clue':
          g.append(svg('polygon', { points: '0,-8 7,5 -7,5' }));
          break;
        case 'discovery':
          g.append(svg('polygon', { points: '0,-8 8,0 0,8 -8,0' }));
          break;
        case 'start':
        case 'location':
          g.append(svg('rect', { x: -6, y: -6, width: 12, height: 12 }));
          break;
        case 'miss':
          g.append(svg('circle', { r: 5 }));
          break;
        case 'not-here':
          g.append(svg('circle', { r: 5 }), svg('path', { d: 'M-4,4L4,-4' }));
          break;
        case 'jack':
          g.append(svg('circle', { r: R_CIRCLE + 4 }));
          break;
        case 'false':
          g.append(svg('path', { d: 'M-6,-6L6,6M6,-6L-6,6' }));
          break;
        case 'scene':
          g.append(svg('circle', { r: 7 }));
          break;
        case 'woman':
        case 'woman-marked':
          g.append(svg('rect', { x: -6, y: -7, width: 12, height: 14, rx: 3 }));
          break;
        case 'hideout':
          g.append(svg('path', { d: 'M0,-8L8,-1L8,7L-8,7L-8,-1Z' }));
          break;
        default:
          g.append(svg('circle', { r: 4 }));
      }
      if (m.label) g.append(svg('text', { class: 'marker-label', 'text-anchor': 'middle', dy: '0.35em' }, m.label));
      if (m.title) {
        g.append(svg('title', {}, m.title));
        // Named with its place for a screen reader (the circles are hidden).
        g.setAttribute('role', 'img');
        g.setAttribute('aria-label', t('web.board.at-circle', { name: m.title, n: m.circle }));
      } else {
        g.setAttribute('aria-hidden', 'true');
      }
      this.layers.markers.append(g);
    }
  }

  /**
   * Draws paths through circles (Jack's trail, one per round); the last is
   * the current one, the others fainter.
   * @param {number[][]} paths
   */
  setPaths(paths) {
    this.layers.path.replaceChildren();
    paths.forEach((circles, i) => {
      const pts = circles.map((c) => this.circlePos.get(c)).filter((p) => p !== undefined);
      if (pts.length < 2) return;
      this.layers.path.append(svg('polyline', {
        class: `trail-line${i < paths.length - 1 ? ' old' : ''}`,
        'data-trail-round': i + 1,
        points: pts.map((p) => `${p.x},${p.y}`).join(' '),
      }));
    });
  }

  /**
   * Draws the tokens lying on crossings (drawn over the crossing, under the
   * figures; clicks go through to the crossing).
   * @param {Token[]} tokens
   */
  setTokens(tokens) {
    this.layers.tokens.replaceChildren();
    for (const tk of tokens) {
      const at = this.crossingPos.get(tk.crossing);
      if (!at) continue;
      /** @type {import('./dom.js').Attrs} */
      const attrs = { class: `token ${tk.cls}`, 'data-token-crossing': tk.crossing, transform: `translate(${at.x} ${at.y})` };
      for (const [k, v] of Object.entries(tk.data ?? {})) attrs[`data-${k}`] = v;
      // The title names the token and its crossing.
      attrs.role = 'img';
      attrs['aria-label'] = tk.title;
      this.layers.tokens.append(svg('g', attrs,
        svg('polygon', { points: '-4,-9 4,-9 9,-4 9,4 4,9 -4,9 -9,4 -9,-4' }),
        svg('text', { class: 'token-label', 'text-anchor': 'middle', dy: '0.35em' }, tk.label),
        svg('title', {}, tk.title)));
    }
  }

  /**
   * Draws the figures; two on one spot are offset.
   * @param {Figure[]} figures
   */
  setFigures(figures) {
    this.layers.figures.replaceChildren();
    /** @type {Map<string, number>} */
    const count = new Map();
    for (const f of figures) {
      const at = f.crossing !== undefined ? this.crossingPos.get(f.crossing) : f.circle !== undefined ? this.circlePos.get(f.circle) : undefined;
      if (!at) continue;
      const key = `${f.crossing ?? ''}/${f.circle ?? ''}`;
      const i = count.get(key) ?? 0;
      count.set(key, i + 1);
      // Named for a screen reader with where it stands (a figure on a
      // circle, Jack, says it in its title already).
      const g = svg('g', {
        class: `figure ${f.cls}${f.acting ? ' acting' : ''}`,
        'data-figure': f.id,
        role: 'img',
        'aria-label': f.crossing !== undefined ? t('web.board.at-crossing', { name: f.title, label: f.crossing }) : f.title,
        transform: `translate(${at.x + i * 9} ${at.y - 14 - i * 4})`,
      },
      svg('path', { class: 'pawn', d: 'M0,12 L-8,12 L-5,2 A6,6 0 1 1 5,2 L8,12 Z' }),
      svg('text', { class: 'figure-letter', 'text-anchor': 'middle', y: 7 }, f.letter),
      svg('title', {}, f.title));
      this.layers.figures.append(g);
    }
  }

  /**
   * Shows the move waiting for confirmation: its circle or crossing ringed
   * with a dashed orange ring and, when a figure moves, a faded copy of that
   * figure standing there, joined by a dashed line to where it stands now.
   * Drawn above everything, in a layer of its own; null clears it.
   * @param {{at: Pick, figure?: string}|null} p
   */
  setPreview(p) {
    let layer = this.svg.querySelector(':scope > .layer-preview');
    if (!layer) {
      layer = svg('g', { class: 'layer-preview', 'aria-hidden': 'true' });
      this.svg.append(layer);
    }
    layer.replaceChildren();
    this.svg.classList.toggle('previewing', !!p);
    if (!p) return;
    const at = p.at.kind === 'circle' ? this.circlePos.get(p.at.id) : this.crossingPos.get(p.at.id);
    if (!at) return;
    const fig = p.figure ? this.layers.figures.querySelector(`[data-figure="${CSS.escape(p.figure)}"]`) : null;
    if (fig) {
      const m = /translate\(([-\d.]+)[ ,]+([-\d.]+)\)/.exec(fig.getAttribute('transform') ?? '');
      if (m) {
        layer.append(svg('line', { class: 'preview-path', x1: Number(m[1]), y1: Number(m[2]) + 6, x2: at.x, y2: at.y }));
      }
      const ghost = /** @type {SVGElement} */ (fig.cloneNode(true));
      ghost.classList.add('preview-ghost');
      ghost.removeAttribute('data-figure');
      ghost.setAttribute('data-preview-figure', p.figure ?? '');
      ghost.setAttribute('transform', `translate(${at.x} ${at.y - 14})`);
      ghost.querySelector('title')?.remove();
      layer.append(ghost);
    }
    layer.append(svg('circle', {
      class: 'preview-ring', cx: at.x, cy: at.y, r: R_CIRCLE + 7,
      'data-preview': p.at.kind === 'circle' ? `circle:${p.at.id}` : `crossing:${p.at.id}`,
    }));
  }

  /**
   * Scrolls a circle or crossing into view (when zoomed in).
   * @param {Pick} p
   */
  reveal(p) {
    const at = p.kind === 'circle' ? this.circlePos.get(p.id) : this.crossingPos.get(p.id);
    if (at) this.pz.show([at]);
  }
}
