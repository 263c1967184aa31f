// QR codes of links for phones: the server encodes (POST /api/qr, the link
// in the body, never in a URL), the page draws the modules as one SVG path.

import { el, svg } from './dom.js';
import { t } from './i18n.js';
import { api } from './net.js';

/**
 * @typedef {Object} QRCode
 * @property {number} size modules a side
 * @property {string[]} rows '1' dark, '0' light
 */

/**
 * Draws a code with its light border of 4 modules.
 * @param {QRCode} code
 * @param {string} label the accessible name
 * @returns {SVGElement}
 */
export function drawQR(code, label) {
  let d = '';
  code.rows.forEach((row, y) => {
    for (let x = 0; x < row.length;) {
      if (row[x] !== '1') {
        x++;
        continue;
      }
      let n = 1;
      while (row[x + n] === '1') n++;
      d += `M${x} ${y}h${n}v1h${-n}z`;
      x += n;
    }
  });
  const side = code.size + 8;
  return svg('svg', { class: 'qr', viewBox: `-4 -4 ${side} ${side}`, role: 'img', 'aria-label': label, 'shape-rendering': 'crispEdges' },
    svg('rect', { x: -4, y: -4, width: side, height: side, class: 'qr-light' }),
    svg('path', { d, class: 'qr-dark' }));
}

/**
 * A button that shows (and hides) the QR code of url in a box of its own
 * (the caller places both; the box takes a line of its own in a row).
 * @param {string} url an absolute link of this site
 * @param {string} label what the code opens, for its accessible name
 * @returns {{button: HTMLButtonElement, box: HTMLElement}}
 */
export function qrToggle(url, label) {
  const box = el('div', { class: 'qr-box', hidden: true });
  const b = el('button', { type: 'button', class: 'small', 'aria-expanded': 'false', 'data-qr': url }, t('web.qr.show'));
  box.id = `qr-${Math.random().toString(36).slice(2)}`;
  b.setAttribute('aria-controls', box.id);
  b.addEventListener('click', async () => {
    if (!box.hidden) {
      box.hidden = true;
      b.setAttribute('aria-expanded', 'false');
      b.textContent = t('web.qr.show');
      return;
    }
    if (!box.firstChild) {
      try {
        const code = /** @type {QRCode} */ (await api('/api/qr', { method: 'POST', body: { text: url } }));
        box.append(drawQR(code, t('web.qr.label', { what: label })), el('p', { class: 'qr-help' }, t('web.qr.help')));
      } catch {
        box.append(el('p', { class: 'form-error' }, t('web.qr.failed')));
      }
    }
    box.hidden = false;
    b.setAttribute('aria-expanded', 'true');
    b.textContent = t('web.qr.hide');
  });
  return { button: b, box };
}
