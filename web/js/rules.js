// The rules page of a game (rules.html, served at /rules/GAME): the rules
// written for players, from the translation catalogues ("web.rules.GAME.*":
// a summary, then sections sN.title / sN.text, numbered from 1, each text's
// paragraphs split on blank lines), and the choices that are gaslamp's own
// where the published game is unknown ("web.rules.GAME.ownN"), marked so.
// The map games' sections carry figures drawn from the board (rulefigs.js).

import { byId, el } from './dom.js';
import { has, initI18n, languageSwitcher, onLangChange, render, t } from './i18n.js';
import { api } from './net.js';
import { figuresOf } from './rulefigs.js';

/** @typedef {import('./types.js').GameInfo} GameInfo */

/** The games with a rules page, in the lobby's order. */
export const RULES_GAMES = ['whitehall', 'whitechapel', 'pocket', 'jekyll'];

// The page's address is /rules/GAME; the file itself, opened as
// /static/rules.html, may name the game as ?game=GAME.
const game = location.pathname.startsWith('/rules/')
  ? decodeURIComponent(location.pathname.replace(/^\/rules\//, '').replace(/\/$/, ''))
  : new URLSearchParams(location.search).get('game') ?? '';

/** @type {GameInfo[]} */
let games = [];

/** @param {string} id */
function gameName(id) {
  const g = games.find((x) => x.id === id);
  return g ? render(g.name) : id;
}

/** Renders the page in the current language. */
function show() {
  const base = `web.rules.${game}`;
  const name = gameName(game);
  document.title = `${t('web.rules.title', { game: name })} · gaslamp`;
  byId('rules-title').textContent = t('web.rules.title', { game: name });
  byId('rules-intro').textContent = has(`${base}.summary`) ? t(`${base}.summary`) : '';
  /** @type {HTMLElement[]} */
  const sections = [];
  for (let i = 1; has(`${base}.s${i}.title`); i++) {
    const id = `rules-s${i}`;
    sections.push(el('section', { class: 'rules-section', 'aria-labelledby': id },
      el('h2', { id }, t(`${base}.s${i}.title`)),
      ...t(`${base}.s${i}.text`).split(/\n\s*\n/).map((p) => el('p', {}, p))));
  }
  byId('rules-body').replaceChildren(...sections);
  addFigures(sections);
  // A link from a table's "?" names the section of the decision at hand.
  const at = location.hash.slice(1);
  const here = at ? document.getElementById(at)?.closest('section') : null;
  if (here) {
    here.classList.add('current');
    here.scrollIntoView({ block: 'start' });
  }
  /** @type {HTMLElement[]} */
  const own = [];
  for (let i = 1; has(`${base}.own${i}`); i++) {
    own.push(el('li', {}, el('span', { class: 'badge own' }, t('web.rules.own-badge')), ' ', t(`${base}.own${i}`)));
  }
  byId('rules-own').hidden = own.length === 0;
  byId('rules-own-list').replaceChildren(...own);
  byId('rules-games').replaceChildren(...RULES_GAMES.filter((g) => g !== game).map((g) =>
    el('li', {}, el('a', { href: `/rules/${g}` }, gameName(g)))));
}

/** The drawing of the figures last asked for (a newer show() wins). */
let figuresRun = 0;

/**
 * Adds each section's figures (drawn in the current language) at its end.
 * @param {HTMLElement[]} sections
 */
async function addFigures(sections) {
  const run = ++figuresRun;
  let figs;
  try {
    figs = await figuresOf(game);
  } catch (e) {
    console.error(e);
    return;
  }
  if (run !== figuresRun) return;
  for (const [n, list] of figs) sections[n - 1]?.append(el('div', { class: 'rules-figs' }, ...list));
}

async function main() {
  await initI18n();
  languageSwitcher(byId('lang-select', HTMLSelectElement));
  onLangChange(show);
  show();
  try {
    games = /** @type {GameInfo[]} */ (await api('/api/games')) ?? [];
  } catch {
    games = [];
  }
  show();
}

main();
