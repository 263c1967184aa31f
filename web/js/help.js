// The "?" beside a table's prompt: a dialog that explains the decision at
// hand, per game and per kind of move ("web.help.GAME.KIND": what the choice
// is and what each option does), then where to look on the page
// ("web.help.GAME.look"), and links to the matching section of the rules
// page (the #rules-help link, whose address table.js sets). The server's
// legal moves say which kinds are open: the page computes no rule here.

import { byId, el } from './dom.js';
import { has, onLangChange, t } from './i18n.js';

/** The games played on a map (board.js). */
const MAP_GAMES = new Set(['whitehall', 'whitechapel']);

/** The game and the move kinds the dialog was last drawn for. */
const shown = { game: '', kinds: '' };

/**
 * The kinds of move explained, in the order of the legal moves, each once;
 * kinds with no text of their own (a plain "stop" or "pass") are left to the
 * kind they go with.
 * @param {string} game
 * @param {string[]} kinds
 * @returns {string[]}
 */
export function helpKinds(game, kinds) {
  return [...new Set(kinds)].filter((k) => has(`web.help.${game}.${k}`));
}

/**
 * Draws the dialog's text for the moves open to this player now.
 * @param {string} game
 * @param {string[]} kinds
 */
function drawBody(game, kinds) {
  const open = helpKinds(game, kinds);
  /** @type {HTMLElement[]} */
  const parts = [];
  if (open.length === 0) {
    parts.push(el('p', {}, t('web.help.waiting')));
  } else {
    parts.push(el('p', {}, t('web.help.intro')));
    parts.push(el('ul', { class: 'help-kinds' }, ...open.map((k) => el('li', {}, t(`web.help.${game}.${k}`)))));
  }
  if (has(`web.help.${game}.look`)) {
    parts.push(el('h3', {}, t('web.help.look-title')), el('p', {}, t(`web.help.${game}.look`)));
  }
  // A map's places share one Tab stop (board.js): the keys that move
  // among them.
  if (MAP_GAMES.has(game)) parts.push(el('p', { id: 'help-map-keys' }, t('web.help.map-keys')));
  byId('help-body').replaceChildren(...parts);
}

/**
 * Shows the "?" button and keeps the dialog's text in step with the moves
 * open now (also while it is open: a move of another seat may change them).
 * @param {string} game
 * @param {string[]} kinds the kinds of this player's legal moves, none when it is not their move
 */
export function updateHelp(game, kinds) {
  byId('prompt-help').hidden = false;
  const key = kinds.join(' ');
  if (shown.game === game && shown.kinds === key && byId('help-body').childElementCount > 0) return;
  shown.game = game;
  shown.kinds = key;
  drawBody(game, kinds);
}

/** Wires the "?" button and the dialog's close button (once, at load). */
export function initHelp() {
  // A newly chosen language: the same explanation, in it.
  onLangChange(() => {
    if (shown.game) drawBody(shown.game, shown.kinds ? shown.kinds.split(' ') : []);
  });
  const dialog = byId('help-dialog', HTMLDialogElement);
  byId('prompt-help').addEventListener('click', () => {
    if (!dialog.open) dialog.showModal();
  });
  byId('help-close').addEventListener('click', () => dialog.close());
}
