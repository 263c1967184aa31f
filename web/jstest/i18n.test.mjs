// Unit tests of js/i18n.js: catalogue loading with the English fallback,
// placeholders, nested Texts, the language choice.

import { test } from 'node:test';
import assert from 'node:assert/strict';

const catalogs = {
  en: { 'a.click': 'Click here', 'a.click-tap': 'Tap here', 'a.hello': 'Hello {name}', 'a.only-en': 'English only', 'a.seat': 'Seat {who} moved to {to}', 'a.who': '{colour} investigator' },
  fr: { 'a.hello': 'Bonjour {name}', 'a.seat': '{who} est allé en {to}', 'a.who': 'Enquêteur {colour}' },
};
const store = new Map();
globalThis.localStorage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) };
globalThis.navigator = { languages: ['nl-BE', 'fr-FR'], language: 'nl-BE' };
globalThis.document = { documentElement: {} };
globalThis.fetch = async (url) => {
  const lang = String(url).match(/i18n\/(\w+)\.json/)[1];
  return { ok: lang in catalogs, json: async () => catalogs[lang] };
};

const i18n = await import('../js/i18n.js');

test('the browser languages pick the first one the site speaks', () => {
  assert.equal(i18n.detectLang(), 'nl');
  globalThis.navigator = { languages: ['de-DE', 'fr-CA'], language: 'de' };
  assert.equal(i18n.detectLang(), 'fr');
  globalThis.navigator = { languages: ['de'], language: 'de' };
  assert.equal(i18n.detectLang(), 'en');
});

test('a stored choice wins', async () => {
  await i18n.chooseLang('fr');
  assert.equal(store.get('gaslamp.lang'), 'fr');
  assert.equal(i18n.detectLang(), 'fr');
  assert.equal(i18n.currentLang(), 'fr');
  assert.equal(document.documentElement.lang, 'fr');
});

test('t fills placeholders and falls back to English, then to the key', async () => {
  await i18n.setLang('fr');
  assert.equal(i18n.t('a.hello', { name: 'Alice' }), 'Bonjour Alice');
  assert.equal(i18n.t('a.only-en'), 'English only');
  assert.equal(i18n.t('a.nope'), 'a.nope');
  assert.equal(i18n.t('a.hello', {}), 'Bonjour {name}');
});

test('render renders nested Texts and lists', async () => {
  await i18n.setLang('fr');
  const text = { key: 'a.seat', args: { who: { key: 'a.who', args: { colour: 'jaune' } }, to: ['HP', 'HQ'] } };
  assert.equal(i18n.render(text), 'Enquêteur jaune est allé en HP, HQ');
  assert.equal(i18n.render(null), '');
  assert.equal(i18n.isText({ key: 'x' }), true);
  assert.equal(i18n.isText('x'), false);
});

test('plural and select forms follow each language', () => {
  const f = i18n.formatMessage;
  const cards = '{n, plural, =0 {no card} one {# card} other {# cards}} left';
  assert.equal(f(cards, { n: 0 }, 'en'), 'no card left');
  assert.equal(f(cards, { n: 1 }, 'en'), '1 card left');
  assert.equal(f(cards, { n: 5 }, 'en'), '5 cards left');
  const fr = '{n, plural, one {# carte restante} other {# cartes restantes}}';
  assert.equal(f(fr, { n: 0 }, 'fr'), '0 carte restante');
  assert.equal(f(fr, { n: 1 }, 'fr'), '1 carte restante');
  assert.equal(f(fr, { n: 2 }, 'fr'), '2 cartes restantes');
  const nl = '{n, plural, one {# plaats} other {# plaatsen}} naar {to}';
  assert.equal(f(nl, { n: 0, to: 4 }, 'nl'), '0 plaatsen naar 4');
  assert.equal(f(nl, { n: 1, to: 4 }, 'nl'), '1 plaats naar 4');
  assert.equal(f('{side, select, jack {Jack} other {the investigator}} wins', { side: 'jack' }, 'en'), 'Jack wins');
  assert.equal(f('{side, select, jack {Jack} other {the investigator}} wins', { side: 'x' }, 'en'), 'the investigator wins');
  assert.equal(f('{n, plural, one {# of {who}} other {# of {who}s}}', { n: 2, who: 'cat' }, 'en'), '2 of cats');
  assert.equal(f('{n, plural, one {#} other {#}} and {m}', {}, 'en'), '{n} and {m}');
  assert.equal(f("jusqu'à {x} { pas un argument", { x: 3 }, 'fr'), "jusqu'à 3 { pas un argument");
});

test('French elides "de" and "que" before a name that starts with a vowel, as the server does', () => {
  const f = i18n.formatMessage;
  const msg = 'Les messages de {name}';
  assert.equal(f(msg, { name: 'Alice' }, 'fr'), "Les messages d'Alice");
  assert.equal(f(msg, { name: 'Édouard' }, 'fr'), "Les messages d'Édouard");
  assert.equal(f(msg, { name: 'Yvonne' }, 'fr'), "Les messages d'Yvonne");
  assert.equal(f(msg, { name: 'Bob' }, 'fr'), 'Les messages de Bob');
  assert.equal(f(msg, { name: 'Hyde' }, 'fr'), 'Les messages de Hyde'); // an h aspiré
  assert.equal(f(msg, { name: '42' }, 'fr'), 'Les messages de 42');
  assert.equal(f('Connecté en tant que {name}', { name: 'Ursula' }, 'fr'), "Connecté en tant qu'Ursula");
  assert.equal(f('De {name} à {other}', { name: 'Anne', other: 'Bob' }, 'fr'), "D'Anne à Bob");
  assert.equal(f('Mode {name}', { name: 'Anne' }, 'fr'), 'Mode Anne'); // "de" inside a word is no "de"
  assert.equal(f('de {a} et de {b}', { a: 'Iris', b: 'Ada' }, 'fr'), "d'Iris et d'Ada");
  assert.equal(f('Messages of {name}', { name: 'Alice' }, 'en'), 'Messages of Alice');
  assert.equal(f('berichten van de {name}', { name: 'Alice' }, 'nl'), 'berichten van de Alice');
});

test('French contracts "de" and "à" with a catalogue text that starts with Le or Les, as the server does', async () => {
  const f = i18n.formatMessage;
  const game = { key: 'a.game' };
  catalogs.fr['a.game'] = 'Le Mystère de Whitehall';
  catalogs.fr['a.games'] = 'Les Lettres';
  await i18n.setLang('fr');
  assert.equal(f('Apprendre à jouer à {game}', { game }, 'fr'), 'Apprendre à jouer au Mystère de Whitehall');
  assert.equal(f('Votre table de {game} est prête', { game }, 'fr'), 'Votre table du Mystère de Whitehall est prête');
  assert.equal(f('Votre table de {game} est prête', { game: { key: 'a.games' } }, 'fr'), 'Votre table des Lettres est prête');
  assert.equal(f('Apprendre à jouer à {game}', { game: { key: 'a.games' } }, 'fr'), 'Apprendre à jouer aux Lettres');
  assert.equal(f('De {game} à {other}', { game, other: 'Bob' }, 'fr'), 'Du Mystère de Whitehall à Bob');
  assert.equal(f('À {game}, {other}', { game, other: 'Bob' }, 'fr'), 'Au Mystère de Whitehall, Bob');
  assert.equal(f('Votre table de {name} est prête', { name: 'Le Gall' }, 'fr'), 'Votre table de Le Gall est prête'); // a player's name
  assert.equal(f('Mode {game}', { game }, 'fr'), 'Mode Le Mystère de Whitehall');
  assert.equal(f("aujourd'de {game}", { game }, 'fr'), "aujourd'de Le Mystère de Whitehall");
  assert.equal(f('Learn to play {game}', { game }, 'en'), 'Learn to play Le Mystère de Whitehall');
});

test('wonText says who won in a sentence: the game\'s own, else the site\'s, else a label', async () => {
  catalogs.fr['x.won.players'] = 'Jekyll & Hyde ont gagné';
  catalogs.fr['web.won.police'] = 'La police a gagné';
  catalogs.fr['web.archive.won'] = 'Victoire : {side}';
  await i18n.setLang('fr');
  assert.equal(i18n.wonText('x', 'players', 'Les joueurs'), 'Jekyll & Hyde ont gagné');
  assert.equal(i18n.wonText('y', 'police', 'La police'), 'La police a gagné');
  assert.equal(i18n.wonText('y', 'ghosts', 'Les fantômes'), 'Victoire : Les fantômes');
});

test('playerLabel names a bot by its level or kind in the page\'s language, never by an internal id', async () => {
  Object.assign(catalogs.fr, {
    'web.seat.bot': '{name} (bot)', 'web.level.hard': 'Difficile', 'web.botname.ismcts': 'recherche',
    'web.player.former': 'ancien joueur',
  });
  await i18n.setLang('fr');
  assert.equal(i18n.playerLabel({ name: 'hard', bot: true }), 'Difficile (bot)');
  assert.equal(i18n.playerLabel({ name: 'ismcts', bot: true }), 'recherche (bot)');
  assert.equal(i18n.playerLabel({ name: 'hard' }, true), 'Difficile (bot)');
  assert.equal(i18n.playerLabel({ name: 'Alice' }), 'Alice');
  assert.equal(i18n.playerLabel({ name: '' }), 'ancien joueur');
  assert.equal(i18n.playerLabel(null), 'ancien joueur');
});

test('resultBanner tells a player whose seats are all on one side their own result, where the game has the words', async () => {
  Object.assign(catalogs.fr, {
    'x.won.players': 'Jekyll & Hyde ont gagné', 'x.won.city': 'La Ville a gagné', 'web.outcome.winner': '{won}\u00a0!',
    'x.outcome.you-won': 'Vous avez gagné le chapitre\u00a0!', 'x.outcome.you-lost': 'Vous avez perdu le chapitre\u00a0: la Ville a gagné.',
    'web.won.jack': 'Jack a gagné',
  });
  await i18n.setLang('fr');
  // A Jekyll & Hyde player: the City's win is their loss.
  assert.equal(i18n.resultBanner('x', 'city', 'La Ville', ['players']), 'Vous avez perdu le chapitre\u00a0: la Ville a gagné.');
  assert.equal(i18n.resultBanner('x', 'players', 'Jekyll & Hyde', ['players', 'players']), 'Vous avez gagné le chapitre\u00a0!');
  // A spectator, and a hot-seat player of both sides, read who won.
  assert.equal(i18n.resultBanner('x', 'city', 'La Ville', []), 'La Ville a gagné\u00a0!');
  assert.equal(i18n.resultBanner('x', 'city', 'La Ville', ['players', 'city']), 'La Ville a gagné\u00a0!');
  // A game with no such words.
  assert.equal(i18n.resultBanner('y', 'jack', 'Jack', ['police']), 'Jack a gagné\u00a0!');
});

test('pointerKey names a tap for a finger, a click for a mouse', async () => {
  await i18n.setLang('en');
  const saved = globalThis.matchMedia;
  let coarse = false;
  globalThis.matchMedia = (q) => ({ matches: q === '(pointer: coarse)' && coarse });
  try {
    // a.hello has no "-tap" form: the same key either way.
    assert.equal(i18n.pointerKey('a.hello'), 'a.hello');
    assert.equal(i18n.pointerKey('a.click'), 'a.click');
    coarse = true;
    assert.equal(i18n.pointerKey('a.click'), 'a.click-tap');
    assert.equal(i18n.t(i18n.pointerKey('a.click')), 'Tap here');
    assert.equal(i18n.pointerKey('a.hello'), 'a.hello');
  } finally {
    globalThis.matchMedia = saved;
  }
});
