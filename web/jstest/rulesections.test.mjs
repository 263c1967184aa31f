// Unit tests of the table's rules link (js/rulesections.js): the section it
// opens for a decision exists on the game's rules page, and the decisions a
// table option brings open the section that explains that option.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { RULES_SECTIONS, rulesSection } from '../js/rulesections.js';

const here = new URL('.', import.meta.url);
const en = JSON.parse(await readFile(new URL('../i18n/en.json', here), 'utf8'));

test('every move kind opens a section the rules page has', () => {
  for (const [game, kinds] of Object.entries(RULES_SECTIONS)) {
    for (const [kind, n] of Object.entries(kinds)) {
      assert.ok(en[`web.rules.${game}.s${n}.text`], `${game} ${kind}: no section ${n}`);
    }
  }
});

test("Whitehall's option moves open the section that explains their option", () => {
  const option = {
    speed: 'investigator-powers', scent: 'investigator-powers', 'area-arrest': 'reid', guess: 'swanson',
    'false-clue': 'false-clues', newspaper: 'newspaper-fabrications',
  };
  for (const [kind, opt] of Object.entries(option)) {
    const n = rulesSection('whitehall', kind);
    const text = en[`web.rules.whitehall.s${n}.text`] ?? '';
    assert.ok(text.includes(en[`web.option-short.whitehall.${opt}`]), `${kind} opens section ${n}, which does not explain ${opt}`);
  }
  assert.equal(rulesSection('whitehall', undefined), undefined);
});
