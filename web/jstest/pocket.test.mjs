// Unit tests of the Mr Jack Pocket renderer's move names
// (js/games/pocket.js), with the real site and game catalogues merged as the
// server serves them, in each language, run by node's test runner.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';

const here = new URL('.', import.meta.url);
const catalogs = {};
for (const l of ['en', 'fr', 'nl']) {
  const site = JSON.parse(await readFile(new URL(`../i18n/${l}.json`, here), 'utf8'));
  const game = JSON.parse(await readFile(new URL(`../../games/pocket/messages/${l}.json`, here), 'utf8'));
  catalogs[l] = { ...site, ...game };
}
const store = new Map();
globalThis.localStorage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) };
globalThis.navigator = { languages: ['en'], language: 'en' };
globalThis.document = { documentElement: {} };
globalThis.fetch = async (url) => {
  const l = /\/i18n\/(\w+)\.json/.exec(String(url))?.[1] ?? '';
  return { ok: l in catalogs, json: async () => catalogs[l] };
};

const i18n = await import('../js/i18n.js');
const pk = await import('../js/games/pocket.js');

// Lestrade on cell 0, Goodley on 1, Madame on 2; Lane's cleared crossroads on 3.
const view = {
  tiles: [{ character: 'lestrade' }, { character: 'goodley' }, { character: 'madame' }, { character: 'lane', open: true }],
};

test('pocket: French move names elide and contract before a character', async () => {
  await i18n.setLang('fr');
  assert.equal(pk.describe({ kind: 'rotate', tile: 0, wall: 'N' }, view).split('\u00a0: ')[0],
    "Faire pivoter la tuile de l'inspecteur Lestrade");
  assert.equal(pk.describe({ kind: 'exchange', a: 1, b: 2 }, view), 'Échanger les tuiles du sergent Goodley et de Madame');
  assert.match(pk.describe({ kind: 'rotate', tile: 3, wall: 'N' }, view), /^Faire pivoter la tuile innocentée de Joseph Lane /);
  for (let a = 0; a < 4; a++) {
    for (let b = 0; b < 4; b++) {
      const words = pk.describe({ kind: 'exchange', a, b }, view) + ' ' + pk.describe({ kind: 'rotate', tile: a, wall: 'E' }, view);
      assert.doesNotMatch(words, /\bde [aeiouyéèh]|\bde les? /i, words);
    }
  }
});

test('pocket: English and Dutch move names name the tile of a character', async () => {
  await i18n.setLang('en');
  assert.equal(pk.describe({ kind: 'exchange', a: 0, b: 1 }, view), 'Swap the tiles of Insp. Lestrade and of Sgt Goodley');
  await i18n.setLang('nl');
  assert.equal(pk.describe({ kind: 'exchange', a: 0, b: 1 }, view), 'De tegels van inspecteur Lestrade en van sergeant Goodley verwisselen');
});
