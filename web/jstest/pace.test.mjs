// Unit tests of the table's pacing of updates (js/pace.js), with a fake
// clock and node's timers, run by node's test runner.

import { test } from 'node:test';
import assert from 'node:assert/strict';

const { Pacer, STEP_MS } = await import('../js/pace.js');

/** A pacer of gap ms whose applied items are logged with the fake time. */
function setup(gap) {
  let now = 0;
  const shown = [];
  const p = new Pacer((x) => shown.push([x, now]), () => gap, () => now);
  return { p, shown, advance: (ms) => { now += ms; }, at: () => now };
}

/** Runs the timers that are due, the fake clock moved on by ms. */
async function tick(s, ms, t) {
  s.advance(ms);
  t.mock.timers.tick(ms);
  await new Promise((r) => setImmediate(r));
}

test('pace: moves that arrive together show one at a time, a gap apart', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const s = setup(900);
  s.p.push('a');
  s.p.push('b');
  s.p.push('c');
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(s.shown, [['a', 0]], 'the first at once, the others wait');
  assert.equal(s.p.waiting, 2);
  await tick(s, 899, t);
  assert.equal(s.shown.length, 1, 'nothing before the gap');
  await tick(s, 1, t);
  assert.deepEqual(s.shown.at(-1), ['b', 900]);
  await tick(s, 900, t);
  assert.deepEqual(s.shown.map((x) => x[0]), ['a', 'b', 'c']);
  assert.equal(s.p.waiting, 0);
  // A move that comes alone, well after the last, shows at once.
  await tick(s, 5000, t);
  s.p.push('d');
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(s.shown.at(-1), ['d', 6800]);
});

test('pace: a catch-up shows everything waiting at once, in order', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const s = setup(900);
  s.p.push('a');
  s.p.push('b');
  s.p.push('catch-up', true);
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(s.shown.map((x) => x[0]), ['a', 'b', 'catch-up']);
  assert.ok(s.shown.every(([, at]) => at === 0));
});

test('pace: a full state drops what waits; no gap means no wait', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const s = setup(900);
  s.p.push('a');
  s.p.push('b');
  s.p.clear();
  await tick(s, 2000, t);
  assert.deepEqual(s.shown.map((x) => x[0]), ['a']);
  const still = setup(0);
  for (const x of ['a', 'b', 'c']) still.p.push(x);
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(still.shown.map((x) => x[0]), ['a', 'b', 'c'], 'reduced motion: nothing waits');
  assert.ok(STEP_MS >= 600, 'a step is the glide and a pause');
});
