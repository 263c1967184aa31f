// Zoom and pan of an SVG board by its viewBox: the board always fits its box
// (no scroll bar, inner or outer); the wheel, a drag and a two-finger pinch
// zoom and pan it, and the +, − and "fit" buttons do the same from the
// keyboard. A drag never turns into a click on what lies under it.
//
// Stable hooks: the <svg> carries data-zoom (1 = the whole board); the tool
// buttons are .zoom-in, .zoom-out and .zoom-fit.

import { el } from './dom.js';
import { onLangChange, t } from './i18n.js';

const MAX_ZOOM = 6;
/** Pixels a pointer must travel before a press becomes a drag. */
const DRAG_SLOP = 6;
/** @type {MediaQueryList|null} the one-column layout of gaslamp.css, where the page scrolls */
let narrowQuery = null;
/** @returns {MediaQueryList} */
function narrow() {
  narrowQuery ??= window.matchMedia('(max-width: 900px)');
  return narrowQuery;
}

/** @typedef {{x: number, y: number, w: number, h: number}} Box */

export class PanZoom {
  /**
   * @param {HTMLElement} wrap the box the board fits in (its size is the layout's)
   * @param {SVGSVGElement} root the board
   * @param {number} width the board's width in its own units
   * @param {number} height the board's height
   */
  constructor(wrap, root, width, height) {
    this.wrap = wrap;
    this.svg = root;
    this.full = { x: 0, y: 0, w: width, h: height };
    /** @type {Box} */
    this.vb = { ...this.full };
    wrap.classList.add('pz');
    wrap.style.setProperty('--board-aspect', String(height / width));
    root.setAttribute('preserveAspectRatio', 'xMidYMid meet');

    const button = (/** @type {string} */ cls, /** @type {string} */ key, /** @type {string} */ label, /** @type {() => void} */ f) => {
      const b = el('button', { type: 'button', class: cls, 'data-i18n-key': key, 'aria-label': t(key), title: t(key) }, label);
      b.addEventListener('click', f);
      return b;
    };
    this.tools = el('div', { class: 'board-tools', role: 'group', 'aria-label': t('web.board.tools') },
      button('zoom-out', 'web.board.zoom-out', '−', () => this.zoomBy(1 / 1.5)),
      button('zoom-in', 'web.board.zoom-in', '+', () => this.zoomBy(1.5)),
      button('zoom-fit', 'web.board.fit', '⤢', () => this.fit()));
    onLangChange(() => {
      this.tools.setAttribute('aria-label', t('web.board.tools'));
      for (const b of this.tools.querySelectorAll('button')) {
        const key = /** @type {string} */ (b.getAttribute('data-i18n-key'));
        b.setAttribute('aria-label', t(key));
        b.title = t(key);
      }
    });

    /** @type {Map<number, {x: number, y: number}>} pointers down on the board, in client pixels */
    this.pointers = new Map();
    /** Whether the current press moved far enough to be a drag (its click is swallowed). */
    this.dragged = false;
    /** @type {{x: number, y: number}|null} where the press began */
    this.pressAt = null;

    wrap.addEventListener('wheel', (ev) => {
      ev.preventDefault();
      const f = Math.exp(-Math.max(-200, Math.min(200, ev.deltaY)) * 0.002);
      this.zoomBy(f, ev.clientX, ev.clientY);
    }, { passive: false });
    wrap.addEventListener('pointerdown', (ev) => {
      if (ev.button !== 0 && ev.pointerType === 'mouse') return;
      this.pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
      if (this.pointers.size === 1) {
        this.dragged = false;
        this.pressAt = { x: ev.clientX, y: ev.clientY };
      }
    });
    wrap.addEventListener('pointermove', (ev) => this.move(ev));
    const up = (/** @type {PointerEvent} */ ev) => {
      this.pointers.delete(ev.pointerId);
      if (wrap.hasPointerCapture(ev.pointerId)) wrap.releasePointerCapture(ev.pointerId);
      wrap.classList.remove('panning');
    };
    wrap.addEventListener('pointerup', up);
    wrap.addEventListener('pointercancel', up);
    // A drag that ends over a target is not a click on it.
    wrap.addEventListener('click', (ev) => {
      if (this.dragged) {
        ev.stopPropagation();
        ev.preventDefault();
        this.dragged = false;
      }
    }, true);
    this.apply();

    // On a narrow screen the page scrolls: the board's box is kept within
    // the window's height below what stands above it (header, prompt, actions).
    let queued = false;
    const relayout = () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        this.fitHeight();
      });
    };
    const ro = new ResizeObserver(relayout);
    for (const e of [document.getElementById('prompt-box'), document.getElementById('replay-bar'), document.querySelector('.site-header'), wrap.parentElement]) {
      if (e) ro.observe(e);
    }
    window.addEventListener('resize', relayout);
    narrow().addEventListener('change', relayout);
    relayout();
  }

  /**
   * Limits the board's box to the window's height on a narrow screen: what
   * is left under the page's top part when that is most of the window, so
   * that the board fits the first screen; else (a tutorial's text above it)
   * the window under the sticky prompt, so that the board, once scrolled
   * to, fits the screen instead of shrinking to a strip.
   */
  fitHeight() {
    if (!this.wrap.isConnected) return;
    if (!narrow().matches) {
      this.wrap.style.removeProperty('max-height');
      return;
    }
    const top = this.wrap.getBoundingClientRect().top + window.scrollY;
    const below = window.innerHeight - top - 8;
    // What sticks to the window's top above the board: the prompt while the
    // game runs, the replay's step buttons once it is over.
    let sticky = 0;
    for (const id of ['prompt-box', 'replay-bar']) {
      const e = document.getElementById(id);
      if (e && !e.hidden && getComputedStyle(e).position === 'sticky') sticky = Math.max(sticky, e.getBoundingClientRect().height);
    }
    const max = below >= window.innerHeight / 2 ? below : window.innerHeight - sticky - 16;
    this.wrap.style.maxHeight = `${Math.max(160, Math.floor(max))}px`;
  }

  /** @returns {number} the zoom: 1 shows the whole board. */
  get zoom() {
    return this.full.w / this.vb.w;
  }

  /**
   * A pointer moved: one pointer pans (once past the slop), two pinch.
   * @param {PointerEvent} ev
   */
  move(ev) {
    const prev = this.pointers.get(ev.pointerId);
    if (!prev) return;
    const now = { x: ev.clientX, y: ev.clientY };
    if (this.pointers.size === 1) {
      if (!this.dragged && this.pressAt && Math.hypot(now.x - this.pressAt.x, now.y - this.pressAt.y) < DRAG_SLOP) return;
      if (!this.dragged) {
        this.dragged = true;
        this.wrap.setPointerCapture(ev.pointerId);
        this.wrap.classList.add('panning');
      }
      const s = this.scale();
      this.vb.x -= (now.x - prev.x) * s;
      this.vb.y -= (now.y - prev.y) * s;
      this.pointers.set(ev.pointerId, now);
      this.apply();
      return;
    }
    if (this.pointers.size === 2) {
      this.dragged = true;
      const [a, b] = [...this.pointers.entries()];
      const other = a[0] === ev.pointerId ? b[1] : a[1];
      const d0 = Math.hypot(prev.x - other.x, prev.y - other.y);
      const d1 = Math.hypot(now.x - other.x, now.y - other.y);
      this.pointers.set(ev.pointerId, now);
      if (d0 > 0) this.zoomBy(d1 / d0, (now.x + other.x) / 2, (now.y + other.y) / 2);
    }
  }

  /** @returns {number} board units per client pixel */
  scale() {
    const r = this.svg.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return 1;
    return Math.max(this.vb.w / r.width, this.vb.h / r.height);
  }

  /**
   * The board point under a client point.
   * @param {number} cx
   * @param {number} cy
   */
  toBoard(cx, cy) {
    const m = this.svg.getScreenCTM();
    if (!m) return { x: this.vb.x + this.vb.w / 2, y: this.vb.y + this.vb.h / 2 };
    const p = new DOMPoint(cx, cy).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  }

  /**
   * Zooms by factor f about a client point (default: the middle of the view).
   * @param {number} f
   * @param {number} [cx]
   * @param {number} [cy]
   */
  zoomBy(f, cx, cy) {
    const z = Math.min(MAX_ZOOM, Math.max(1, this.zoom * f));
    const at = cx === undefined || cy === undefined
      ? { x: this.vb.x + this.vb.w / 2, y: this.vb.y + this.vb.h / 2 }
      : this.toBoard(cx, cy);
    const w = this.full.w / z;
    const h = this.full.h / z;
    // Keep the point under the cursor where it is.
    const rx = (at.x - this.vb.x) / this.vb.w;
    const ry = (at.y - this.vb.y) / this.vb.h;
    this.vb = { x: at.x - rx * w, y: at.y - ry * h, w, h };
    this.apply();
  }

  /** Shows the whole board. */
  fit() {
    this.vb = { ...this.full };
    this.apply();
  }

  /**
   * Whether a board point is in view.
   * @param {{x: number, y: number}} p
   */
  inView(p) {
    return p.x >= this.vb.x && p.x <= this.vb.x + this.vb.w && p.y >= this.vb.y && p.y <= this.vb.y + this.vb.h;
  }

  /**
   * When zoomed in and none of points is in view, centres the view on them.
   * @param {{x: number, y: number}[]} points
   */
  show(points) {
    if (this.zoom <= 1.001 || points.length === 0 || points.some((p) => this.inView(p))) return;
    const cx = points.reduce((a, p) => a + p.x, 0) / points.length;
    const cy = points.reduce((a, p) => a + p.y, 0) / points.length;
    this.vb.x = cx - this.vb.w / 2;
    this.vb.y = cy - this.vb.h / 2;
    this.apply();
  }

  /**
   * Zooms in until the points are drawn at no more than unitsPerPx board
   * units a pixel, as far as they all stay in view with a margin, and
   * centres the view on them; never zooms out.
   * @param {{x: number, y: number}[]} points
   * @param {number} unitsPerPx
   * @param {number} margin board units around the points
   */
  reach(points, unitsPerPx, margin) {
    if (points.length === 0) return;
    const xs = points.map((p) => p.x);
    const ys = points.map((p) => p.y);
    const box = { x0: Math.min(...xs) - margin, x1: Math.max(...xs) + margin, y0: Math.min(...ys) - margin, y1: Math.max(...ys) + margin };
    const fits = Math.min(this.full.w / (box.x1 - box.x0), this.full.h / (box.y1 - box.y0));
    const wanted = this.zoom * this.scale() / unitsPerPx;
    const z = Math.min(MAX_ZOOM, fits, wanted);
    if (z <= this.zoom * 1.05) {
      this.show(points);
      return;
    }
    const w = this.full.w / z;
    const h = this.full.h / z;
    this.vb = { x: (box.x0 + box.x1) / 2 - w / 2, y: (box.y0 + box.y1) / 2 - h / 2, w, h };
    this.apply();
  }

  /**
   * On a narrow screen (a phone), where the whole map draws its circles and
   * crossings a few pixels wide: brings the points into view, close enough
   * to tap (no more than unitsPerPx board units a pixel) as far as they all
   * fit with the margin. A view the player zoomed in further is kept while
   * it shows every point. Does nothing on a wider screen.
   * @param {{x: number, y: number}[]} points
   * @param {number} unitsPerPx
   * @param {number} margin board units around the points
   */
  bring(points, unitsPerPx, margin) {
    if (!narrow().matches || points.length === 0) return;
    const xs = points.map((p) => p.x);
    const ys = points.map((p) => p.y);
    const box = { x0: Math.min(...xs) - margin, x1: Math.max(...xs) + margin, y0: Math.min(...ys) - margin, y1: Math.max(...ys) + margin };
    const fits = Math.min(this.full.w / (box.x1 - box.x0), this.full.h / (box.y1 - box.y0));
    const wanted = this.zoom * this.scale() / unitsPerPx;
    const z = Math.max(1, Math.min(MAX_ZOOM, fits, wanted));
    // Kept while every point is in view with room around it (a third of the
    // margin: a crossing on the view's edge is cut in half).
    const m = margin / 3;
    const v = this.vb;
    const roomy = (/** @type {{x: number, y: number}} */ p) => p.x >= v.x + m && p.x <= v.x + v.w - m && p.y >= v.y + m && p.y <= v.y + v.h - m;
    if (points.every(roomy) && this.zoom >= z * 0.95) return;
    const w = this.full.w / z;
    const h = this.full.h / z;
    this.vb = { x: (box.x0 + box.x1) / 2 - w / 2, y: (box.y0 + box.y1) / 2 - h / 2, w, h };
    this.apply();
  }

  /** Keeps the view inside the board and draws it. */
  apply() {
    const v = this.vb;
    v.w = Math.min(v.w, this.full.w);
    v.h = Math.min(v.h, this.full.h);
    v.x = Math.max(this.full.x, Math.min(this.full.x + this.full.w - v.w, v.x));
    v.y = Math.max(this.full.y, Math.min(this.full.y + this.full.h - v.h, v.y));
    this.svg.setAttribute('viewBox', `${v.x} ${v.y} ${v.w} ${v.h}`);
    const z = this.zoom;
    this.svg.dataset.zoom = z < 1.001 ? '1' : z.toFixed(2);
    this.wrap.classList.toggle('zoomed', z >= 1.001);
  }
}
