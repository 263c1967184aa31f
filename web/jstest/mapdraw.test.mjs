// Unit tests of the map drawing's geometry (js/mapdraw.js) on the real board
// geometry files, written by TestJavaScriptUnits into $GASLAMP_BOARDS (the
// tests skip when run by hand without it).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const { mapModel, southernRiver } = await import('../js/mapdraw.js');
const dir = process.env.GASLAMP_BOARDS;

/** @param {string} name */
async function geometry(name) {
  return JSON.parse(await readFile(path.join(/** @type {string} */ (dir), `${name}.json`), 'utf8'));
}

/** Twice the signed area of a polygon. */
function area2(pts) {
  let s = 0;
  for (let i = 0; i < pts.length; i++) {
    const [x1, y1] = pts[i];
    const [x2, y2] = pts[(i + 1) % pts.length];
    s += x1 * y2 - x2 * y1;
  }
  return s;
}

for (const name of ['whitehall', 'whitechapel']) {
  test(`mapdraw: the ${name} map: every face a block, every street once, a river`, { skip: !dir && 'GASLAMP_BOARDS is not set' }, async () => {
    const geo = await geometry(name);
    const m = mapModel(geo);
    const h = 1000 * geo.aspect;
    assert.equal(m.height, h);
    // Every bounded face becomes a block with at least three finite corners on the board.
    assert.equal(m.blocks.length, geo.blocks.length);
    for (const b of m.blocks) {
      assert.ok(b.points.length >= 3);
      for (const [x, y] of b.points) assert.ok(Number.isFinite(x) && Number.isFinite(y) && x >= 0 && x <= 1000 && y >= 0 && y <= h, `${name}: corner ${x},${y}`);
      assert.ok(Math.abs(area2(b.points)) > 1, `${name}: a block with no area`);
    }
    // Every edge is drawn, once: streets and landing stages together.
    const segs = [...m.streets, ...m.piers];
    const uniq = new Set(geo.edges.map(([p, q]) => (p < q ? `${p}|${q}` : `${q}|${p}`)));
    assert.equal(segs.length, uniq.size);
    const drawn = new Set(segs.map(([a, b]) => [a.join(','), b.join(',')].sort().join('|')));
    assert.equal(drawn.size, segs.length, `${name}: a street drawn twice`);
    // The Thames: Whitehall's from its water faces (and a channel to 66 and
    // 98), Whitechapel's derived below its southern nodes.
    const water = m.blocks.filter((b) => b.kind === 'water');
    if (name === 'whitehall') {
      assert.equal(water.length, 6);
      assert.equal(m.river, null);
      assert.equal(m.piers.length, geo.edges.filter(([p, q]) => [p, q].some((n) => geo.circles.find((c) => String(c.id) === n)?.color === 'blue')).length);
      assert.ok(m.piers.length > 0);
      assert.equal(m.channels.length, 1);
      assert.equal(m.channels[0].length, 3);
    } else {
      assert.equal(water.length, 0);
      assert.ok(m.river && m.river.length > 10, `${name}: no river`);
      const lowest = Math.max(...geo.circles.map((c) => c.y * geo.aspect), ...geo.crossings.map((c) => c.y * geo.aspect));
      for (const [, y] of m.river.slice(0, -2)) assert.ok(y >= lowest - 70 && y < h, `${name}: river edge at ${y}`);
      // No node is in the river: each lies above the band's top edge at its column.
      const top = m.river.slice(0, -2);
      for (const c of [...geo.circles, ...geo.crossings]) {
        const i = Math.round(c.x / 20);
        assert.ok(c.y * geo.aspect < top[Math.min(i, top.length - 1)][1], `${name}: ${c.id ?? c.label} in the river`);
      }
    }
  });
}

test('mapdraw: no river when the nodes reach the bottom edge', () => {
  assert.equal(southernRiver([[100, 995], [500, 990], [900, 998]], 1000, 1000), null);
  assert.equal(southernRiver([], 1000, 1000), null);
  const r = southernRiver([[100, 500], [500, 600], [900, 550]], 1000, 1000);
  assert.ok(r && r.every(([x, y]) => x >= 0 && x <= 1000 && y >= 516 && y <= 1000));
});
