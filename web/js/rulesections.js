// Which section of a game's rules page (rules.js: "web.rules.GAME.sN")
// explains a decision, by the kind of the move to make: the table's rules
// link (#rules-help) opens the page there.

/**
 * The section number of each move kind, per game. The options' moves
 * (Whitehall's Smoker, Reid, Swanson, false clues, newspaper fabrications)
 * go to the section of the optional rules.
 * @type {Record<string, Record<string, number>>}
 */
export const RULES_SECTIONS = {
  whitehall: { location: 2, place: 2, reveal: 2, newspaper: 7, walk: 3, coach: 3, alley: 3, boat: 3, figure: 4, speed: 7, 'false-clue': 7, search: 5, scent: 7, arrest: 5, 'area-arrest': 7, guess: 7 },
  whitechapel: { hideout: 2, woman: 3, patrol: 3, kill: 3, wait: 3, wretched: 3, reveal: 3, walk: 4, coach: 4, alley: 4, move: 5, search: 5, arrest: 5 },
  pocket: { rotate: 3, exchange: 3, joker: 3, alibi: 3, holmes: 3, watson: 3, toby: 3 },
  jekyll: { ready: 2, give: 2, play: 3, 'swap-card': 5, 'swap-ranks': 5 },
};

/**
 * @param {string} game
 * @param {string|undefined} kind
 * @returns {number|undefined}
 */
export function rulesSection(game, kind) {
  return kind ? RULES_SECTIONS[game]?.[kind] : undefined;
}
