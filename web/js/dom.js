// Small DOM helpers. Content is always set as text or built from elements,
// never parsed from HTML strings; styles go through classes (the CSP allows no
// inline style attributes from markup).

export const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * @typedef {Record<string, string|number|boolean|null|undefined|((ev: Event) => void)>} Attrs
 * Attributes: a function value under an "on..." name is an event listener;
 * true sets an empty attribute; false, null and undefined set nothing;
 * "class" sets the class list.
 */

/**
 * @param {Element} e
 * @param {Attrs} attrs
 */
function setAttrs(e, attrs) {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (typeof v === 'function') {
      e.addEventListener(k.slice(2).toLowerCase(), v);
    } else if (v === true) {
      e.setAttribute(k, '');
    } else {
      e.setAttribute(k, String(v));
    }
  }
}

/**
 * Builds an HTML element.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {...(Node|string|null|undefined|false)} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  setAttrs(e, attrs);
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c);
  }
  return e;
}

/**
 * Builds an SVG element.
 * @param {string} tag
 * @param {Attrs} [attrs]
 * @param {...(Node|string|null|undefined|false)} children
 * @returns {SVGElement}
 */
export function svg(tag, attrs = {}, ...children) {
  const e = /** @type {SVGElement} */ (document.createElementNS(SVG_NS, tag));
  setAttrs(e, attrs);
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c);
  }
  return e;
}

/**
 * The element with id, or an error naming it.
 * @template {HTMLElement} T
 * @param {string} id
 * @param {new () => T} [type]
 * @returns {T}
 */
export function byId(id, type) {
  const e = document.getElementById(id);
  if (!e) throw new Error(`#${id} missing`);
  if (type && !(e instanceof type)) throw new Error(`#${id} is not a ${type.name}`);
  return /** @type {T} */ (e);
}

/**
 * @typedef {object} KeptButton
 * @property {string} key what the button does, the same from one draw to the next (a seat and a move)
 * @property {Record<string, string>} attrs its attributes (besides type)
 * @property {string} label its words
 * @property {() => void} click what a click does
 */

/**
 * Draws a row of buttons into box. When the keys are those drawn already, in
 * the same order, the buttons stay and only their words, attributes and
 * click handlers are brought up to date: a click pressed during a redraw (a
 * presence change, the language, a clock) is not lost with a replaced
 * element, nor the keyboard focus on a button. Otherwise the row is built
 * anew.
 * @param {HTMLElement} box
 * @param {KeptButton[]} items
 */
export function keepButtons(box, items) {
  const old = [...box.children];
  const same = old.length === items.length &&
    items.every((it, i) => old[i] instanceof HTMLButtonElement && /** @type {HTMLElement} */ (old[i]).dataset.key === it.key);
  if (!same) {
    box.replaceChildren(...items.map((it) => {
      const b = el('button', { type: 'button', ...it.attrs, 'data-key': it.key }, it.label);
      b.onclick = it.click;
      return b;
    }));
    return;
  }
  items.forEach((it, i) => {
    const b = /** @type {HTMLButtonElement} */ (old[i]);
    for (const [k, v] of Object.entries(it.attrs)) {
      if (b.getAttribute(k) !== v) b.setAttribute(k, v);
    }
    if (b.textContent !== it.label) b.textContent = it.label;
    b.onclick = it.click;
  });
}
