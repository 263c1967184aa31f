// Unit tests of the last move of each seat (js/lastmove.js): which seat
// made the move an event records, in each of the four games (events as
// games/*/events.go and games/jekyll/apply.go write them), and the latest
// entry of each seat. Run by node's test runner.

import { test } from 'node:test';
import assert from 'node:assert/strict';

const store = new Map();
globalThis.localStorage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) };
globalThis.navigator = { languages: ['en'], language: 'en' };
globalThis.document = { documentElement: {} };
globalThis.fetch = async () => ({ ok: false, json: async () => ({}) });

const { actorOf, labelSpot, lastBySeat, namedPlaces, namesSomething } = await import('../js/lastmove.js');

const seats = (ids) => ({ seats: ids.map(([id, side], seat) => ({ seat, id, side })) });
const T = (key, args) => ({ key, args });

test('lastmove: Whitehall, by figure, by the name the view gives, Jack by the event', () => {
  const table = seats([['jack', 'jack'], ['yellow', 'investigators'], ['blue', 'investigators']]);
  const view = { figures: [{ seat: 1, id: 'yellow', name: 'Jasper T.C. Waring' }, { seat: 2, id: 'blue', name: 'Arthur Ferris' }] };
  assert.equal(actorOf({ type: 'whitehall.moved', text: T('whitehall.ev.moved', { who: 'Arthur Ferris', crossing: 'C12' }), data: { figure: 'blue', crossing: 'C12' } }, table, view), 2);
  assert.equal(actorOf({ type: 'whitehall.search', text: T('whitehall.ev.no-clue', { who: 'Jasper T.C. Waring', circle: 40 }) }, table, view), 1);
  assert.equal(actorOf({ type: 'whitehall.jack-moved', text: T('whitehall.ev.jack-walk', { move: 3 }) }, table, view), 0);
  assert.equal(actorOf({ type: 'whitehall.round', text: T('whitehall.ev.round', { round: 2, circle: 12 }) }, table, view), -1);
});

test('lastmove: Whitechapel, the colour of who, the Head for patrols and wretched, Jack revealing a token', () => {
  const table = seats([['jack', 'jack'], ['blue', 'police'], ['yellow', 'police']]);
  const view = { head: 'yellow' };
  assert.equal(actorOf({ type: 'whitechapel.search', text: T('whitechapel.ev.clue', { who: T('whitechapel.colour.blue'), circle: 5 }) }, table, view), 1);
  assert.equal(actorOf({ type: 'whitechapel.patrol', text: T('whitechapel.ev.patrol', { crossing: 'J44', left: 6 }) }, table, view), 2);
  assert.equal(actorOf({ type: 'whitechapel.wretched', text: T('whitechapel.ev.wretched', { from: 3, circle: 4 }) }, table, view), 2);
  // The token's colour is "who" here, but Jack turned it over.
  assert.equal(actorOf({ type: 'whitechapel.reveal', text: T('whitechapel.ev.reveal-real', { crossing: 'J44', who: T('whitechapel.colour.blue') }) }, table, view), 0);
});

test('lastmove: Pocket by side, Jekyll & Hyde by seat; a trick is no one\'s move', () => {
  const pocket = seats([['jack', 'jack'], ['investigator', 'investigator']]);
  assert.equal(actorOf({ type: 'pocket.rotated', text: T('pocket.ev.rotated', {}), data: { side: 'investigator', cell: 2 } }, pocket, null), 1);
  assert.equal(actorOf({ type: 'pocket.alibi-shown', text: T('pocket.ev.alibi-shown', {}) }, pocket, null), 1);
  assert.equal(actorOf({ type: 'pocket.witness', text: T('pocket.ev.witness', {}), data: { turn: 1 } }, pocket, null), -1);
  const jekyll = seats([['jekyll', 'players'], ['hyde', 'players']]);
  assert.equal(actorOf({ type: 'jekyll.played', text: T('jekyll.ev.played', {}), data: { seat: 'hyde', card: 'red-8' } }, jekyll, null), 1);
  assert.equal(actorOf({ type: 'jekyll.trick', text: T('jekyll.ev.trick-won', {}), data: { seat: 'hyde' } }, jekyll, null), -1);
  assert.deepEqual(namedPlaces(T('jekyll.ev.played', {}), { seat: 'hyde', card: 'red-8' }).cards, ['red-8']);
  // Pocket names its characters as complements ("the tile of Madame"): the
  // tiles are what the move touched.
  const rotated = T('pocket.ev.rotated', { side: T('pocket.subject.investigator', {}), of: T('pocket.of.madame', {}) });
  assert.deepEqual(namedPlaces(rotated).characters, ['madame']);
  const swapped = T('pocket.ev.exchanged', { side: T('pocket.subject.jack', {}), ofA: T('pocket.of.gull', {}), ofB: T('pocket.of.lane', {}) });
  assert.deepEqual(namedPlaces(swapped).characters, ['gull', 'lane']);
  assert.deepEqual(namedPlaces(T('pocket.ev.moved', { detective: T('pocket.detective.toby', {}), place: 4 })).detectives, ['toby']);
});

test('lastmove: the latest entry of each seat, with only that seat\'s events', () => {
  const table = seats([['jekyll', 'players'], ['hyde', 'players']]);
  const ev = (seat, card) => ({ type: 'jekyll.played', text: T('jekyll.ev.played', {}), data: { seat, card } });
  const history = [
    { v: 1, events: [ev('jekyll', 'red-1')] },
    { v: 2, events: [ev('hyde', 'blue-2')] },
    { v: 3, events: [ev('jekyll', 'black-3'), { type: 'jekyll.trick', text: T('jekyll.ev.trick-city', {}) }] },
  ];
  const last = lastBySeat(history, table, null);
  assert.equal(last.get(0).v, 3);
  assert.deepEqual(last.get(0).events.map((e) => e.data.card), ['black-3']);
  assert.equal(last.get(1).v, 2);
  assert.ok(namesSomething(namedPlaces(T('x.ev.y', { circle: 4 }))));
  assert.ok(!namesSomething(namedPlaces(T('x.ev.y', { n: 4 }))));
});

test('lastmove: a label stays inside the board\'s view, under a thing on its top edge', () => {
  const view = { x: 0, y: 0, width: 1000, height: 600 };
  // In the middle: above the thing.
  assert.deepEqual(labelSpot({ x: 500, top: 300, bottom: 320 }, 40, view), { x: 500, y: 297 });
  // A circle on the map's top edge (Whitechapel's 3): its label went above
  // the view, cut off; it goes under the circle.
  const edge = labelSpot({ x: 300, top: 4, bottom: 24 }, 40, view);
  assert.equal(edge.x, 300);
  assert.ok(edge.y - 13 >= view.y, `the label's top ${edge.y - 13} is above the view`);
  assert.ok(edge.y - 13 >= 24, 'the label covers the circle');
  // On the left and right edges it moves in.
  assert.equal(labelSpot({ x: 5, top: 300, bottom: 320 }, 40, view).x, 20);
  assert.equal(labelSpot({ x: 998, top: 300, bottom: 320 }, 40, view).x, 980);
  // Without a view (not drawn yet), as before.
  assert.deepEqual(labelSpot({ x: 5, top: 2, bottom: 20 }, 40, null), { x: 5, y: -1 });
});

test('lastmove: a label keeps clear of what the hint names, and of the targets when it can', () => {
  const view = { x: 0, y: 0, width: 1000, height: 600 };
  const e = { x: 500, top: 300, bottom: 320, left: 490, right: 510 };
  const above = { x1: 480, y1: 270, x2: 500, y2: 290 }; // a circle just above the thing
  const below = { x1: 480, y1: 325, x2: 520, y2: 345 };
  const left = { x1: 400, y1: 300, x2: 480, y2: 320 };
  // The circle a tutorial's hint names is above: the label goes under.
  assert.deepEqual(labelSpot(e, 40, view, { hard: [above], soft: [] }), { x: 500, y: 336 });
  // Above and under taken: to the left, else to the right.
  assert.deepEqual(labelSpot(e, 40, view, { hard: [above, below], soft: [] }), { x: 467, y: 316.5 });
  assert.deepEqual(labelSpot(e, 40, view, { hard: [above, below, left], soft: [] }), { x: 533, y: 316.5 });
  // Nowhere clear of the named circles: no label.
  assert.equal(labelSpot(e, 40, view, { hard: [above, below, { x1: 400, y1: 290, x2: 600, y2: 330 }], soft: [] }), null);
  // A legal target is covered only when there is no other place.
  assert.deepEqual(labelSpot(e, 40, view, { hard: [], soft: [above] }), { x: 500, y: 336 });
  assert.deepEqual(labelSpot(e, 40, view, { hard: [above, below, left], soft: [{ x1: 0, y1: 0, x2: 1000, y2: 600 }] }), { x: 533, y: 316.5 });
});
