// The site's own catalogues: two controls side by side in one form do not
// say the same words (the archive's filters showed "Every game" twice, the
// game list's first choice and the button that clears the filters).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const langs = ['en', 'fr', 'nl'];
const cat = Object.fromEntries(langs.map((l) => [l, JSON.parse(readFileSync(new URL(`../i18n/${l}.json`, import.meta.url), 'utf8'))]));

/** Labels shown together in one form, which must differ. */
const together = [
  ['web.archive.any-game', 'web.archive.any-outcome', 'web.archive.reset', 'web.archive.show'],
];

test('controls shown together in one form have labels of their own', () => {
  for (const l of langs) {
    for (const keys of together) {
      const seen = new Map();
      for (const k of keys) {
        const v = cat[l][k];
        assert.ok(v, `${l}: ${k} is missing`);
        assert.ok(!seen.has(v), `${l}: ${k} and ${seen.get(v)} both say ${JSON.stringify(v)}`);
        seen.set(v, k);
      }
    }
  }
});
