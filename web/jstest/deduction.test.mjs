// Unit test of the deduction's most likely circles in words
// (js/board.js likelyList), with the real site catalogues: a French player
// reads a percentage with its no-break space, "154 (9 %)", where the
// renderers wrote "154 (9%)" in every language.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';

const here = new URL('.', import.meta.url);
const cats = {};
for (const l of ['en', 'fr', 'nl']) cats[l] = JSON.parse(await readFile(new URL(`../i18n/${l}.json`, here), 'utf8'));
const store = new Map();
globalThis.localStorage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) };
globalThis.navigator = { languages: ['en'], language: 'en' };
globalThis.document = { documentElement: {} };
globalThis.fetch = async (url) => {
  const l = String(url).match(/i18n\/(\w+)\.json/)[1];
  return { ok: l in cats, json: async () => cats[l] };
};

const i18n = await import('../js/i18n.js');
const { likelyList } = await import('../js/board.js');

test('the most likely circles write their percentage the language\'s way', async () => {
  const items = [{ circle: 154, weight: 9 }, { circle: 27, weight: 0.2 }];
  await i18n.setLang('en');
  assert.equal(likelyList(items, 100), '154 (9%), 27 (1%)');
  await i18n.setLang('nl');
  assert.equal(likelyList(items, 100), '154 (9%), 27 (1%)');
  await i18n.setLang('fr');
  assert.equal(likelyList(items, 100), '154 (9\u00a0%), 27 (1\u00a0%)');
});
