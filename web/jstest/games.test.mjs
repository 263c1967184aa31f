// Unit tests of the Letters from Whitechapel and Jekyll & Hyde renderers'
// pure helpers (js/games/whitechapel.js, js/games/jekyll.js), with the real
// English site catalogue (i18n/en.json), run by node's test runner.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';

const here = new URL('.', import.meta.url);
const en = JSON.parse(await readFile(new URL('../i18n/en.json', here), 'utf8'));
const store = new Map();
globalThis.localStorage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) };
globalThis.navigator = { languages: ['en'], language: 'en' };
globalThis.document = { documentElement: {} };
globalThis.fetch = async (url) => ({ ok: String(url).includes('/en.json'), json: async () => en });

const i18n = await import('../js/i18n.js');
await i18n.setLang('en');
const wc = await import('../js/games/whitechapel.js');
const jk = await import('../js/games/jekyll.js');

test('whitechapel: the move track runs V..I then 1..15', () => {
  assert.equal(wc.TRACK_SPACES, 20);
  const labels = Array.from({ length: 20 }, (_, i) => wc.trackLabel(i));
  assert.deepEqual(labels.slice(0, 6), ['V', 'IV', 'III', 'II', 'I', '1']);
  assert.equal(labels[19], '15');
  // The Time of the Crime token: I on space 4, V on space 0, none before the victims.
  assert.equal(wc.timeSpace(1), 4);
  assert.equal(wc.timeSpace(5), 0);
  assert.equal(wc.timeSpace(0), -1);
  assert.equal(wc.roman(3), 'III');
});

test('whitechapel: every known intent has a board target or is a button, and words', () => {
  const samples = {
    hideout: { kind: 'hideout', circle: 42 }, woman: { kind: 'woman', circle: 3, marked: true },
    patrol: { kind: 'patrol', at: 'J44', token: 'fake' }, kill: { kind: 'kill', circle: 3 }, wait: { kind: 'wait' },
    wretched: { kind: 'wretched', from: 3, to: 4 }, reveal: { kind: 'reveal', at: 'J44' }, walk: { kind: 'walk', to: 42 },
    coach: { kind: 'coach', via: 12, to: 14 }, alley: { kind: 'alley', to: 42 }, move: { kind: 'move', to: 'J44' },
    search: { kind: 'search', circle: 42 }, arrest: { kind: 'arrest', circle: 42 }, stop: { kind: 'stop' }, pass: { kind: 'pass' },
  };
  assert.deepEqual(Object.keys(samples).sort(), Object.keys(wc.INTENT_FIELDS).sort());
  for (const [kind, intent] of Object.entries(samples)) {
    for (const f of wc.INTENT_FIELDS[kind]) assert.ok(f in intent, `${kind} sample lacks ${f}`);
    const words = wc.describe(intent, null, 1);
    assert.ok(!words.startsWith('web.') && !words.includes('kind='), `${kind}: ${words}`);
  }
  assert.deepEqual(wc.targetOf(samples.woman), { circle: 3 });
  assert.deepEqual(wc.targetOf(samples.wretched), { circle: 4 });
  assert.deepEqual(wc.targetOf(samples.patrol), { crossing: 'J44' });
  assert.deepEqual(wc.targetOf(samples.move), { crossing: 'J44' });
  assert.equal(wc.targetOf(samples.wait), null);
  assert.equal(wc.targetOf(samples.stop), null);
  assert.equal(wc.describe(samples.woman, null, 0), 'Marked woman token on circle 3');
  assert.equal(wc.describe({ kind: 'woman', circle: 3, marked: false }, null, 0), 'Unmarked woman token on circle 3');
  assert.equal(wc.describe(samples.patrol, null, 1), 'Place the fake patrol token face down on crossing J44');
});

test('whitechapel: a walk onto the hideout says so; a move to one\'s own crossing is a stay', () => {
  const v = { hideout: 42, phase: 'jack', timeOfCrime: 2, policemen: [{ seat: 1, id: 'blue', crossing: 'J44' }] };
  assert.match(wc.describe({ kind: 'walk', to: 42 }, v, 0), /hideout/);
  assert.match(wc.describe({ kind: 'move', to: 'J44' }, v, 1), /Stay/);
  assert.match(wc.describe({ kind: 'wait' }, v, 0), /III/);
});

test('whitechapel: the cells of a trail row follow the night\'s moves', () => {
  const night = { scene: 5, second: 9, timeOfCrime: 1, home: false, obs: [],
    moves: [{ kind: 'walk', cells: 1 }, { kind: 'coach', cells: 2 }, { kind: 'alley', cells: 1 }] };
  assert.deepEqual(wc.cellKinds(night), ['scene', 'scene', 'walk', 'coach', 'coach', 'alley']);
  assert.deepEqual(wc.cellKinds(undefined), []);
});

test('jekyll: cards parse, sort and read with their colour name, never colour alone', () => {
  assert.deepEqual(jk.parseCard('red-8'), { colour: 'red', value: 8 });
  assert.deepEqual(jk.parseCard('potion-2'), { colour: 'potion', value: 2 });
  assert.deepEqual(jk.sortCards(['potion-1', 'black-2', 'red-8', 'blue-3', 'red-1']), ['red-1', 'red-8', 'blue-3', 'black-2', 'potion-1']);
  assert.equal(jk.cardName('red-8'), '8 of Cunning (red)');
  assert.equal(jk.cardName('blue-1'), '1 of Fear (blue)');
  assert.equal(jk.cardName('black-5'), '5 of Manipulation (black)');
  assert.equal(jk.cardName('potion-3'), '+ Potion 3');
  // Every colour and the potion have their own shape; the seed's symbols.
  const glyphs = ['red', 'blue', 'black', 'potion'].map(jk.glyphOf);
  assert.equal(new Set(glyphs).size, 4);
  assert.equal(jk.glyphOf('potion'), '+');
  assert.equal(jk.symbolOf('hyde'), '✕');
  assert.equal(jk.symbolOf('jekyll'), '○');
});

test('jekyll: intents in words', () => {
  assert.deepEqual(Object.keys(jk.INTENT_FIELDS).sort(), ['give', 'play', 'ready', 'swap-card', 'swap-ranks']);
  assert.equal(jk.describe({ kind: 'ready' }), 'Ask for the deal');
  assert.equal(jk.describe({ kind: 'give', card: 'red-8' }), 'Give 8 of Cunning (red) to the City');
  assert.equal(jk.describe({ kind: 'play', card: 'potion-2' }), 'Play + Potion 2');
  assert.equal(jk.describe({ kind: 'swap-ranks', a: 'red', b: 'blue' }), 'Swap the ranks of Cunning (red) and Fear (blue)');
  assert.match(jk.describe({ kind: 'swap-card', card: 'black-3' }), /^Put 3 of Manipulation \(black\) on top of the City deck/);
});

test('jekyll: the view drawn is the held seat that must act, else the first held, else the spectator\'s', () => {
  const view = (seat, toAct) => ({ seat, toAct });
  const snap = (you, views) => ({ you, views, legal: {}, replay: null });
  assert.equal(jk.pickView(snap([0, 1], { 0: view(0, ['hyde']), 1: view(1, ['hyde']) }))?.seat, 1);
  assert.equal(jk.pickView(snap([0, 1], { 0: view(0, []), 1: view(1, []) }))?.seat, 0);
  assert.equal(jk.pickView(snap([], { spectator: view(-1, ['jekyll']) }))?.seat, -1);
});

test('targets: a click on a place that is no target stands for a legal move sent there', async () => {
  const { candidateAt } = await import('../js/games/targets.js');
  const snap = {
    you: [1],
    legal: { 1: [{ kind: 'figure', figure: 'yellow', to: 'aB' }, { kind: 'search', circle: 12 }] },
  };
  // Where the two kinds above point (as a renderer's targetOf says).
  const of = (i) => (i.kind === 'figure' ? { crossing: String(i.to) } : i.kind === 'search' ? { circle: Number(i.circle) } : null);
  assert.deepEqual(candidateAt(snap, of, { kind: 'crossing', id: 'cD' }), { seat: 1, intent: { kind: 'figure', figure: 'yellow', to: 'cD' } });
  assert.deepEqual(candidateAt(snap, of, { kind: 'circle', id: 40 }), { seat: 1, intent: { kind: 'search', circle: 40 } });
  // No legal move has a target of that kind: no candidate.
  assert.equal(candidateAt({ you: [1], legal: { 1: [{ kind: 'search', circle: 12 }] } }, of, { kind: 'crossing', id: 'cD' }), null);
  // Another seat's moves are never used.
  assert.equal(candidateAt({ you: [2], legal: { 1: [{ kind: 'search', circle: 12 }] } }, of, { kind: 'circle', id: 3 }), null);
});

test('whitechapel: Jack\'s one marked woman is singular, several plural', () => {
  assert.equal(wc.markedList([3]), 'Your marked woman: circle 3');
  assert.equal(wc.markedList([3, 27]), 'Your marked women: circles 3, 27');
});
