// Players' names as the pages show them: an account's name links to its
// profile (/u/NAME) wherever it appears; a guest's, a bot's, a free or
// former seat's words do not.

import { el } from './dom.js';
import { playerLabel, t } from './i18n.js';

/** @typedef {import('./types.js').Player} Player */

/**
 * The address of an account's profile.
 * @param {string} name
 */
export function profileHref(name) {
  return `/u/${encodeURIComponent(name)}`;
}

/**
 * A player's name: a link to the profile of an account, the words of
 * playerLabel otherwise (a guest, a bot, a bot playing for an absent
 * player, a former player).
 * @param {Player|null|undefined} player
 * @param {boolean} [bot] a bot plays the seat now
 * @returns {HTMLElement|string}
 */
export function playerName(player, bot = !!player?.bot) {
  const label = playerLabel(player, bot);
  if (!player?.account || bot || !player.name) return label;
  return el('a', { href: profileHref(player.name), class: 'player-link' }, label);
}

/**
 * The players' names, one per distinct label, separated by ", ".
 * @param {(Player|null|undefined)[]} players
 * @returns {(HTMLElement|string)[]}
 */
export function playerList(players) {
  /** @type {Set<string>} */
  const seen = new Set();
  /** @type {(HTMLElement|string)[]} */
  const out = [];
  for (const p of players) {
    const label = playerLabel(p);
    if (seen.has(label)) continue;
    seen.add(label);
    if (out.length) out.push(', ');
    out.push(playerName(p));
  }
  return out;
}

/**
 * A translation whose arguments in nodes are elements (links), not text:
 * the parts of the sentence in order, to append to an element.
 * @param {string} key
 * @param {Record<string, unknown>} args the arguments given as text
 * @param {Record<string, (Node|string)[]>} nodes the arguments given as nodes
 * @returns {(Node|string)[]}
 */
export function tNodes(key, args, nodes) {
  /** @type {Record<string, unknown>} */
  const all = { ...args };
  for (const name of Object.keys(nodes)) all[name] = `\u0000${name}\u0000`;
  const out = [];
  for (const [i, part] of t(key, all).split('\u0000').entries()) {
    if (i % 2 === 0) {
      if (part) out.push(part);
    } else {
      out.push(...(nodes[part] ?? [part]));
    }
  }
  return out;
}
