// Unit tests of js/net.js's TableSocket protocol logic, run by node's test
// runner (web/jstest_test.go runs them from go test when node is installed).

import { test } from 'node:test';
import assert from 'node:assert/strict';

globalThis.window = globalThis;
globalThis.addEventListener = () => {};
globalThis.removeEventListener = () => {};
globalThis.WebSocket = { OPEN: 1 };
globalThis.location = { protocol: 'http:', host: 'localhost' };

const { TableSocket, MoveError } = await import('../js/net.js');

/** A socket wired to a fake WebSocket that records what is sent. */
function rig() {
  const got = { state: [], update: [], error: [], chat: [], presence: [] };
  const s = new TableSocket('t_1', {
    onState: (m) => got.state.push(m),
    onUpdate: (m) => got.update.push(m),
    onError: (m) => got.error.push(m),
    onChat: (m) => got.chat.push(m),
    onPresence: (m) => got.presence.push(m),
    onConnection: () => {},
  });
  const sent = [];
  s.ws = { readyState: 1, send: (data) => sent.push(JSON.parse(data)), close() {} };
  return { s, got, sent };
}

test('a state sets the version; updates apply in order; old ones are ignored', () => {
  const { s, got, sent } = rig();
  s.receive({ t: 'state', v: 5, table: {}, you: [], views: {}, legal: {}, outcome: {}, history: [], chat: [] });
  assert.equal(s.version, 5);
  s.receive({ t: 'update', v: 6, events: [] });
  s.receive({ t: 'update', v: 6, events: [] });
  s.receive({ t: 'update', v: 4, events: [] });
  assert.equal(got.update.length, 1);
  assert.equal(s.version, 6);
  assert.equal(sent.length, 0);
});

test('a gap sends hello with the last version held', () => {
  const { s, got, sent } = rig();
  s.receive({ t: 'state', v: 2, table: {}, you: [], views: {}, legal: {}, outcome: {}, history: [], chat: [] });
  s.receive({ t: 'update', v: 4, events: [] });
  assert.equal(got.update.length, 0);
  assert.deepEqual(sent, [{ t: 'hello', v: 2 }]);
});

test('a move carries an id and the version seen; its ack resolves it', async () => {
  const { s, sent } = rig();
  s.receive({ t: 'state', v: 9, table: {}, you: [1], views: {}, legal: {}, outcome: {}, history: [], chat: [] });
  const p = s.sendMove(1, { kind: 'walk', to: 42 });
  assert.deepEqual(sent[0], { t: 'move', id: 'c1', v: 9, seat: 1, move: { kind: 'walk', to: 42 } });
  s.receive({ t: 'update', v: 10, events: [] });
  s.receive({ t: 'ack', id: 'c1', v: 10 });
  assert.equal(await p, 10);
});

test('a refused move rejects with the error; a stale one asks for a resync', async () => {
  const { s, got, sent } = rig();
  s.receive({ t: 'state', v: 3, table: {}, you: [0], views: {}, legal: {}, outcome: {}, history: [], chat: [] });
  const p = s.sendMove(0, { kind: 'stop' });
  s.receive({ t: 'error', id: 'c1', code: 'stale-move', text: { key: 'err.stale-move' }, v: 4 });
  await assert.rejects(p, (e) => e instanceof MoveError && e.msg.code === 'stale-move');
  assert.equal(got.error.length, 1);
  assert.deepEqual(sent[sent.length - 1], { t: 'hello', v: 3 });
});

test('a move cannot be sent while the socket is closed', async () => {
  const { s } = rig();
  s.ws = null;
  await assert.rejects(s.sendMove(0, { kind: 'pass' }), /disconnected/);
});

test('chat is cut to 500 characters', () => {
  const { s, sent } = rig();
  assert.equal(s.sendChat('x'.repeat(600)), true);
  assert.equal(sent[0].text.length, 500);
});

test('a socket closed for good reports no disconnection when its close event comes late', () => {
  const listeners = {};
  class FakeWS {
    constructor() {
      this.readyState = 0;
      FakeWS.last = this;
    }
    addEventListener(type, fn) { (listeners[type] ??= []).push(fn); }
    send() {}
    close() {}
  }
  FakeWS.OPEN = 1;
  const saved = globalThis.WebSocket;
  globalThis.WebSocket = FakeWS;
  try {
    const reports = [];
    const s = new TableSocket('t_1', {
      onState() {}, onUpdate() {}, onError() {}, onChat() {}, onPresence() {},
      onConnection: (up) => reports.push(up),
    });
    s.connect();
    for (const fn of listeners.open) fn();
    s.close(); // e.g. reconnect() after taking a seat: a new TableSocket takes over
    for (const fn of listeners.close) fn(); // the browser's close event arrives later
    assert.deepEqual(reports, [true]);
  } finally {
    globalThis.WebSocket = saved;
  }
});

test('leaving into the back/forward cache closes the socket; coming back opens it again', () => {
  const { s } = rig();
  const closed = [];
  let opened = 0;
  s.ws.close = (code) => closed.push(code);
  s.connect = () => { opened++; };
  s.onPageHide({ persisted: false });
  assert.deepEqual(closed, [], 'a page that is unloaded closes on its own');
  s.onPageHide({ persisted: true });
  assert.deepEqual(closed, [1001]);
  assert.equal(s.ws, null);
  assert.equal(s.retryTimer, undefined, 'no reconnection while the page is cached');
  s.onPageShow({ persisted: true });
  assert.equal(opened, 1);
  s.onPageShow({ persisted: true });
  assert.equal(opened, 1, 'one reconnection');
  s.close();
});
