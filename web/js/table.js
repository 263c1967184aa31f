// The table page (table.html, served at /t/{id}): the generic shell around a
// game's renderer. It keeps the table as this connection sees it (from the
// WebSocket's state and update messages), shows the seats and presence, whose
// turn it is and what to do (#prompt), the event log through the translation
// catalogue, the chat, the outcome, error toasts and, once the game is over,
// the step-by-step replay.

import { el, byId } from './dom.js';
import { currentLang, initI18n, isText, languageSwitcher, onLangChange, render, resultBanner, t, has, pointerKey } from './i18n.js';
import { api, HttpError, me, MoveError, TableSocket } from './net.js';
import { ensureIdentity, askName, toast } from './ident.js';
import { rendererFor, plainIntent } from './games/registry.js';
import { isHost, replaceButton, removeButton, transferButton } from './seatmove.js';
import { loadMutes, isMuted, chatActions, unmuteButton, reportDialog } from './moderation.js';
import { clockBadge, clocksKey, hurryText, paceLabel, paceShort, setClocks, setPace, startTicker } from './clock.js';
import { pushButton } from './push.js';
import { openAccountDialog } from './account.js';
import { askConfirm } from './confirm.js';
import { initHelp, updateHelp } from './help.js';
import { rulesSection } from './rulesections.js';
import { animateMoves, LastMoves, piecePositions } from './motion.js';
import { Pacer } from './pace.js';
import { lastBySeat, markLastMoves, namedPlaces, namesSomething, noneNamed } from './lastmove.js';
import { playerName, profileHref } from './players.js';
import { readingOrder } from './board.js';
import './games/index.js';

/** @typedef {import('./types.js').StateMsg} StateMsg */
/** @typedef {import('./types.js').UpdateMsg} UpdateMsg */
/** @typedef {import('./types.js').ErrorMsg} ErrorMsg */
/** @typedef {import('./types.js').ChatMsg} ChatMsg */
/** @typedef {import('./types.js').PresenceMsg} PresenceMsg */
/** @typedef {import('./types.js').TableInfo} TableInfo */
/** @typedef {import('./types.js').GameInfo} GameInfo */
/** @typedef {import('./types.js').Intent} Intent */
/** @typedef {import('./types.js').Text} Text */
/** @typedef {import('./types.js').Me} Me */
/** @typedef {import('./games/registry.js').Snapshot} Snapshot */
/** @typedef {import('./games/registry.js').Renderer} Renderer */
/** @typedef {import('./games/registry.js').Choice} Choice */
/** @typedef {import('./games/registry.js').Replay} Replay */

const MAX_LOG = 400;
const MAX_CHAT = 200;
const REPLAY_EVERY_MS = 900;

/** The table id: /t/{id}, or ?t={id} when the page is opened another way. */
function tableId() {
  const m = location.pathname.match(/\/t\/([^/]+)/);
  if (m) return decodeURIComponent(m[1]);
  return new URLSearchParams(location.search).get('t') ?? '';
}

/** Everything the page knows about its table. */
const st = {
  /** @type {TableInfo|null} */
  table: null,
  /** @type {number[]} */
  you: [],
  /** @type {import('./types.js').Views} */
  views: {},
  /** @type {import('./types.js').Legal} */
  legal: {},
  /** @type {import('./types.js').Outcome|null} */
  outcome: null,
  /** @type {import('./types.js').HistoryEntry[]} */
  history: [],
  /** @type {ChatMsg[]} */
  chat: [],
  version: -1,
  /** @type {Map<number, {connected: boolean, bot: boolean}>} */
  presence: new Map(),
  /** A move sent and not yet acknowledged. */
  busy: false,
  /** @type {Replay|null} */
  replay: null,
  /** @type {{v: number, view: unknown, views?: Record<string, unknown>}[]|null} views by version, for the replay */
  frames: null,
  /** @type {number|undefined} */
  replayTimer: undefined,
};

/** @type {GameInfo[]} */
let games = [];
/** @type {Renderer|null} */
let renderer = null;
/** @type {string} */
let rendererGame = '';
/** @type {TableSocket} */
let socket;
/** @type {Me|null} */
let who = null;
/** The chat note's way to an account, for a guest on a site where only accounts chat. @type {HTMLButtonElement|null} */
let chatRegister = null;
/** The first look-up of who is signed in; a seat click waits for it before asking a name. @type {Promise<Me|null>} */
let signedIn = Promise.resolve(null);

/** @returns {Snapshot|null} the snapshot to draw (live, or the replay step). */
function snapshot() {
  if (!st.table) return null;
  if (st.replay) {
    const v = st.replay.version;
    const frame = st.frames?.find((f) => f.v === v);
    return {
      table: st.table,
      you: st.you,
      views: frame ? { ...(frame.views ?? {}), spectator: frame.view } : st.views,
      legal: {},
      outcome: st.replay.step >= st.replay.steps ? st.outcome : null,
      history: st.history.filter((h) => h.v <= v),
      version: v,
      replay: { ...st.replay, view: frame?.view },
    };
  }
  return {
    table: st.table,
    you: st.you,
    views: st.views,
    legal: st.legal,
    outcome: st.outcome,
    history: st.history,
    version: st.version,
    replay: null,
  };
}

/**
 * The name of seat n for players.
 * @param {number} n
 */
function seatName(n) {
  const seat = st.table?.seats.find((s) => s.seat === n);
  if (seat?.name?.key) return render(seat.name);
  const g = games.find((x) => x.id === st.table?.game);
  const info = g?.seats.find((x) => x.id === seat?.id) ?? g?.seats[n];
  if (info) return render(info.name);
  return seat?.id ?? String(n);
}

/**
 * The short name of seat n for the board's labels of the last moves
 * ("web.seat-short.GAME.SEAT": Whitehall's "Blue" for "Blue investigator
 * (Arthur Ferris)", the colour of the pawn beside it), else its name.
 * @param {number} n
 */
function seatShortName(n) {
  const seat = st.table?.seats.find((s) => s.seat === n);
  const key = `web.seat-short.${st.table?.game}.${seat?.id}`;
  return seat && has(key) ? t(key) : seatName(n);
}

/** The seats this connection may play now, with their legal moves. */
function myLegal() {
  /** @type {{seat: number, intent: Intent}[]} */
  const out = [];
  if (st.replay) return out;
  for (const seat of st.you) {
    for (const intent of st.legal[String(seat)] ?? []) out.push({ seat, intent });
  }
  return out;
}

/**
 * Sends a move and waits for its ack; refused moves show a toast.
 * @param {number} seat
 * @param {Intent} intent
 */
async function play(seat, intent) {
  if (st.busy) return;
  st.busy = true;
  document.body.classList.add('busy');
  try {
    await socket.sendMove(seat, intent);
  } catch (e) {
    if (e instanceof MoveError) {
      // The error handler already showed it.
    } else {
      toast(t('web.error.not-sent'));
    }
  } finally {
    st.busy = false;
    document.body.classList.remove('busy');
    // The update came before the ack and drew the page while busy: only
    // what depends on busy is drawn again now (the turn signals and the
    // keyboard focus), not the whole page a second time.
    drawTurn();
  }
}

/** Draws what a move's ack changes: the turn signals and the play focus. */
function drawTurn() {
  if (!st.table) return;
  signalTurn(myLegal().length > 0 && !st.busy);
  keepPlayFocus();
}

/**
 * The move waiting for the player's confirmation. No move of these games can
 * be taken back, so every choice, whether made on the board, in the list of
 * choices or in the chooser, in every game, follows one rule: it is first
 * shown (the renderer previews it on the board, and #move-confirm names it
 * near the prompt), then played on Confirm (or Enter); Cancel (or Escape)
 * drops it. Only a seat's one and only legal move (e.g. "ready") plays at
 * once: there is nothing to choose.
 * @type {{seat: number, intent: Intent, label: string}|null}
 */
let pending = null;

/**
 * Proposes a legal move: it waits for the player's confirmation.
 * @param {number} seat
 * @param {Intent} intent
 */
function propose(seat, intent) {
  const snap = snapshot();
  if (st.busy || !snap || snap.replay) return;
  showWhy('');
  if (myLegal().length === 1) {
    // The only move there is: nothing to choose, nothing to get wrong.
    pending = null;
    play(seat, intent);
    return;
  }
  const label = renderer ? renderer.describe(seat, intent, snap) : plainIntent(intent);
  pending = { seat, intent, label };
  drawConfirm(snap);
  const focusOk = () => {
    if (pending) byId('move-confirm-ok').focus({ preventScroll: true });
  };
  // Chosen with a key (Enter on a board target): the focus moves on once the
  // key is up, so that the same key press does not also confirm.
  if (window.event instanceof KeyboardEvent && window.event.type === 'keydown') document.addEventListener('keyup', focusOk, { once: true });
  else focusOk();
}

/** Plays the move waiting for confirmation. */
function confirmMove() {
  const p = pending;
  if (!p) return;
  pending = null;
  const snap = snapshot();
  if (snap) drawConfirm(snap);
  play(p.seat, p.intent);
}

/** Drops the move waiting for confirmation; the focus goes back to the moves. */
function cancelMove() {
  if (!pending) return;
  pending = null;
  const snap = snapshot();
  if (snap) drawConfirm(snap);
  const m = firstMove();
  if (m) focusInView(m);
}

/**
 * Shows (or hides) the confirmation of the pending move, and has the renderer
 * preview it on the board. A pending move that is no longer legal (the table
 * moved on) is dropped.
 * @param {Snapshot} snap
 */
function drawConfirm(snap) {
  if (pending) {
    const p = pending;
    const still = myLegal().some(({ seat, intent }) => seat === p.seat && JSON.stringify(intent) === JSON.stringify(p.intent));
    if (!still || snap.replay) pending = null;
  }
  const box = byId('move-confirm');
  box.hidden = !pending;
  if (pending) {
    // Described again at each draw: the words follow a change of language
    // made while the move waits.
    try {
      if (renderer) pending.label = renderer.describe(pending.seat, pending.intent, snap);
    } catch (e) {
      console.error(e);
    }
  }
  const what = pending ? t('web.move.confirm-what', { move: pending.label }) : '';
  const whatBox = byId('move-confirm-what');
  if (whatBox.textContent !== what) whatBox.textContent = what;
  document.body.dataset.confirming = String(!!pending);
  try {
    renderer?.preview?.(pending ? { seat: pending.seat, intent: pending.intent } : null, snap);
  } catch (e) {
    console.error(e);
  }
}

/**
 * Enter confirms the pending move and Escape cancels it, unless the focus is
 * on a control of its own (a button, a field, a board target) or a dialog is
 * open.
 * @param {KeyboardEvent} ev
 */
function confirmKeys(ev) {
  if (!pending || ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
  if (ev.key !== 'Enter' && ev.key !== 'Escape') return;
  if (document.querySelector('dialog[open]')) return;
  const a = document.activeElement;
  const own = a instanceof Element && a.closest('button, input, select, textarea, a[href], summary, [role="button"], [contenteditable="true"]');
  if (ev.key === 'Enter' && own) return;
  if (ev.key === 'Escape' && own && own.matches('input, select, textarea, [contenteditable="true"]')) return;
  ev.preventDefault();
  if (ev.key === 'Enter') confirmMove();
  else cancelMove();
}

/** The table version the reason shown in #why is about. */
let whyVersion = -1;

/**
 * Shows why a click did nothing ("" clears it), near the prompt (#why is
 * aria-live polite).
 * @param {string} text
 * @param {string} [key] the reason's message key (data-why, for tests)
 */
function showWhy(text, key = '') {
  const w = byId('why');
  w.textContent = text;
  w.dataset.why = text ? key : '';
  whyVersion = st.version;
}

/**
 * Explains a click on something that is not one of the player's choices:
 * candidate is the move that click would stand for (asked of the server,
 * which judges it from this seat's view only), or null when it stands for no
 * move of the seat.
 * @param {{seat: number, intent: Intent}|null} candidate
 * @param {string} [hint] the reason to give (translated) when candidate is null
 */
async function explain(candidate, hint = '') {
  if (!st.table || st.replay || st.outcome?.over || st.busy) return;
  if (st.table.status !== 'running') {
    showWhy(t('web.why.not-started'), 'web.why.not-started');
    return;
  }
  if (st.you.length === 0) {
    showWhy(t('web.why.watching'), 'web.why.watching');
    return;
  }
  const snap = snapshot();
  if (myLegal().length === 0) {
    const acting = snap ? (renderer?.toAct?.(snap) ?? []) : [];
    if (acting.length) showWhy(t('web.why.not-your-turn', { seats: acting.map(seatName).join(', ') }), 'web.why.not-your-turn');
    else showWhy(t('web.why.wait'), 'web.why.wait');
    return;
  }
  if (!candidate) {
    showWhy(hint || t('web.why.not-a-choice'), hint ? 'hint' : 'web.why.not-a-choice');
    return;
  }
  const v = st.version;
  const m = await socket.askWhy(candidate.seat, candidate.intent);
  if (st.version !== v) return;
  if (m && m.text && m.code !== 'malformed-move' && has(m.text.key) && m.text.key !== 'err.illegal-move') showWhy(render(m.text), m.text.key);
  else showWhy(t('web.why.not-a-choice'), 'web.why.not-a-choice');
}

/**
 * Shows the chooser dialog with several moves for one click.
 * @param {string} title
 * @param {Choice[]} choices
 */
function choose(title, choices) {
  const dialog = byId('chooser', HTMLDialogElement);
  byId('chooser-title').textContent = title;
  const box = byId('chooser-choices');
  box.replaceChildren(...choices.map((c, i) => {
    const b = el('button', { type: 'button', 'data-choice': i, 'data-kind': c.intent.kind }, c.label);
    b.addEventListener('click', () => {
      dialog.close();
      propose(c.seat, c.intent);
    });
    return b;
  }));
  dialog.showModal();
  /** @type {HTMLElement|null} */ (box.querySelector('button'))?.focus();
}

/** Whether the signed-in person created this table (may replace absent players). */
let host = false;
/** Whether the page last showed that this player must act. */
let myTurnShown = false;
const SOUND_KEY = 'gaslamp.sound';

/** @returns {boolean} whether the player asked for a sound on their turn */
function soundOn() {
  try {
    return localStorage.getItem(SOUND_KEY) === 'on';
  } catch {
    return false;
  }
}

/** @type {AudioContext|null} */
let audio = null;

/** Two soft notes: your turn. */
function chime() {
  try {
    audio ??= new AudioContext();
    const now = audio.currentTime;
    [660, 880].forEach((f, i) => {
      const ctx = /** @type {AudioContext} */ (audio);
      const o = ctx.createOscillator();
      const g = ctx.createGain();
      o.frequency.value = f;
      g.gain.setValueAtTime(0.0001, now + i * 0.18);
      g.gain.exponentialRampToValueAtTime(0.15, now + i * 0.18 + 0.02);
      g.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.18 + 0.25);
      o.connect(g).connect(ctx.destination);
      o.start(now + i * 0.18);
      o.stop(now + i * 0.18 + 0.3);
    });
  } catch {
    // No sound on this browser.
  }
}

/**
 * Marks the tab when this player must act: the title starts with "▶ Your
 * turn", the favicon turns orange, and a chime sounds when the turn begins
 * (if the player turned the sound on).
 * @param {boolean} mine
 */
function signalTurn(mine) {
  const name = byId('table-title').textContent;
  document.title = mine ? `▶ ${t('web.title.your-turn')} · ${name} · gaslamp` : `${name} · gaslamp`;
  document.body.dataset.myTurn = String(mine);
  const icon = document.getElementById('favicon');
  if (icon) icon.setAttribute('href', mine ? '/static/favicon-turn.svg' : '/static/favicon.svg');
  if (mine && !myTurnShown && soundOn()) chime();
  if (mine !== myTurnShown) document.dispatchEvent(new Event('gaslamp:turns')); // the header's count
  myTurnShown = mine;
}

/** Wires the sound toggle (off by default; remembered in this browser). */
function bindSound() {
  const b = byId('sound-toggle');
  const show = () => {
    const on = soundOn();
    b.setAttribute('aria-pressed', String(on));
    b.textContent = '♪';
  };
  b.addEventListener('click', () => {
    try {
      localStorage.setItem(SOUND_KEY, soundOn() ? 'off' : 'on');
    } catch {
      // Not remembered; nothing to do.
    }
    show();
    if (soundOn()) chime();
  });
  show();
}

/**
 * Shows a standing notice under the header (kind: "lost", "moved"), or hides
 * the notice of that kind when text is "".
 * @param {string} kind
 * @param {string} text
 */
function notice(kind, text) {
  const n = byId('notice');
  if (!text) {
    if (n.dataset.kind === kind) {
      n.hidden = true;
      n.dataset.kind = '';
    }
    return;
  }
  n.textContent = text;
  n.dataset.kind = kind;
  n.hidden = false;
}

/** Whether the socket was open once, and whether it is lost now. */
const conn = { opened: false, lost: false };

/** Draws the whole page from st. */
function draw() {
  const snap = snapshot();
  if (!snap || !st.table) return;
  // The pieces' places are read before anything is written, while the
  // layout of the last frame still holds (no forced layout).
  const board = byId('board');
  const before = piecePositions(board);
  document.body.dataset.version = String(st.version);
  document.body.dataset.tutorial = String(!!st.table?.tutorial);
  document.body.dataset.over = String(!!st.outcome?.over);
  const g = games.find((x) => x.id === st.table?.game);
  const title = byId('table-title');
  // The name gives way (an ellipsis) on a narrow header; the badges after
  // it (hot-seat, pace, rated) keep their words. The spaces between them
  // are for the heading's text (a flex box lays out no blank text).
  title.replaceChildren(el('span', { class: 'table-name' }, g ? render(g.name) : st.table.game));
  const help = byId('rules-help', HTMLAnchorElement);
  const section = rulesSection(st.table.game, myLegal()[0]?.intent.kind);
  help.href = `/rules/${encodeURIComponent(st.table.game)}${section ? `#rules-s${section}` : ''}`;
  help.hidden = false;
  updateHelp(st.table.game, myLegal().map((l) => l.intent.kind));
  signalTurn(myLegal().length > 0 && !st.busy);
  if (st.table.hotseat) {
    // Marked to everyone: one person may see every side's secrets here.
    title.append(' ', el('span', { class: 'badge hotseat', title: t('web.table.hotseat-note') }, t('web.table.hotseat')));
  }
  if (st.table.pace) {
    // A phone's header shows the pace's short form ("10+5"), the name keeping
    // its room; the words stay for screen readers and as the badge's title.
    const words = paceLabel(st.table.pace);
    title.append(' ', el('span', { class: 'badge pace', 'data-pace': st.table.pace.kind, title: words },
      el('span', { class: 'pace-long' }, words), el('span', { class: 'pace-short', 'aria-hidden': 'true' }, paceShort(st.table.pace))));
  }
  if (st.table.rated) {
    title.append(' ', el('span', { class: 'badge rated', title: t('web.table.rated-note') }, t('web.table.rated')));
  }
  // What just happened is announced before the prompt changes: a screen
  // reader says "Mr Hyde plays the 4 of Fear (blue)", then what to do now.
  drawPrompt(snap, newEvents(snap));
  drawClockStrip();
  drawTutorial();
  drawLegal(snap);
  drawSeats(snap);
  const last = lastBySeat(snap.history, st.table, primaryView(snap));
  drawLog(snap, last);
  drawOutcome();
  drawReplay();
  try {
    renderer?.update(snap);
  } catch (e) {
    console.error(e);
  }
  drawConfirm(snap);
  drawMotion(board, before, snap);
  markLastMoves(board, [...last].map(([seat, m]) => ({ name: seatShortName(seat), named: merged(m.events) })), labelKeep(board));
  if (whyVersion !== st.version) showWhy('');
  drawChatClosed(snap);
  if (logScroll) {
    // After the board's reads, so that the layout is computed once.
    logScroll = false;
    const list = byId('log');
    list.scrollTop = list.scrollHeight;
  }
  keepPlayFocus();
}

/**
 * Keeps the page's scroll-padding-top at the height of what sticks to the
 * top of a narrow screen (the prompt, a tutorial's hint, the replay's step
 * buttons), so that what is
 * scrolled into view (a control reached with Tab, a panel) is not left under
 * it.
 */
function watchStickyTop() {
  const ro = new ResizeObserver(setStickyPad);
  for (const b of stickyBoxes()) ro.observe(b);
  // A box that stops sticking keeps its size: the body's state is watched too.
  new MutationObserver(setStickyPad).observe(document.body, { attributes: true, attributeFilter: ['data-over', 'class'] });
}

/** What may stick to the top of the page. */
function stickyBoxes() {
  return [byId('prompt-box'), byId('tutorial'), byId('replay-bar')];
}

/** Sets the page's scroll-padding-top to the height of what sticks to its top now. */
function setStickyPad() {
  let h = 0;
  for (const b of stickyBoxes()) {
    if (!b.hidden && getComputedStyle(b).position === 'sticky') h = Math.max(h, b.getBoundingClientRect().height);
  }
  const pad = h > 0 ? `${Math.ceil(h) + 8}px` : '';
  if (document.documentElement.style.scrollPaddingTop !== pad) document.documentElement.style.scrollPaddingTop = pad;
}

/**
 * What the last moves' labels keep clear of on the board (markLastMoves):
 * never the circles, crossings and places a tutorial's hint names (a label
 * once hid the circle the hint asked the player to click), and the player's
 * legal targets when they have another place.
 * @param {HTMLElement} board
 * @returns {{hard: Element[], soft: Element[]}}
 */
function labelKeep(board) {
  const hint = st.table?.tutorial ? document.querySelector('#tutorial .tutorial-hint')?.textContent ?? '' : '';
  /** @type {string[]} */
  const sel = [];
  for (const w of new Set(hint.match(/[\p{L}\p{N}]+/gu) ?? [])) {
    if (/^\d+$/.test(w)) sel.push(`[data-circle="${w}"]`, `[data-place="${w}"]`);
    else if (/^[A-Z]+\d*$/.test(w)) sel.push(`[data-crossing="${w}"]`);
  }
  const hard = sel.length > 0 ? [...board.querySelectorAll(sel.join(', '))].filter((e) => !e.closest('.layer-seat-last, .layer-preview')) : [];
  return { hard, soft: [...board.querySelectorAll('.target')] };
}

/** Whether the log changed since the last draw (it then scrolls to its end). */
let logScroll = false;

/** The last move of each piece, marked on the board. */
const lastMoves = new LastMoves();
/** The version (or replay step) the board was last drawn at. */
let motionAt = '';

/**
 * Moves the pieces that changed place since before (see motion.js), and
 * marks the last move of each: recorded when the table's version (or the
 * replay's step) changed, redrawn otherwise (the renderer may have drawn its
 * board anew).
 * @param {HTMLElement} board
 * @param {Map<string, {el: Element, at: {x: number, y: number}}>} before
 * @param {Snapshot} snap
 */
function drawMotion(board, before, snap) {
  const at = snap.replay ? `r${snap.replay.step}` : `v${snap.version}`;
  const moved = animateMoves(board, before);
  if (at !== motionAt) {
    if (snap.replay || motionAt.startsWith('r')) lastMoves.clear();
    motionAt = at;
    lastMoves.record(board, moved);
  } else {
    lastMoves.draw(board);
  }
}

/**
 * Whether the keyboard focus was last on a move (the board, the moves, the
 * chooser), or the player just gave up their seat: where the focus goes
 * when a redraw drops it (keepPlayFocus).
 */
let playFocus = false;

/**
 * The first move a keyboard user can take now: a board target, else an
 * enabled button of the board (an action), else one of #legal.
 * @returns {HTMLElement|SVGElement|null}
 */
function firstMove() {
  for (const sel of ['#board .target[tabindex="0"]', '#board button:not([disabled]):not([hidden] button):not(.board-tools button)', '#legal button[data-intent]']) {
    for (const e of document.querySelectorAll(sel)) {
      // One the player can reach (not in the closed list of choices).
      if ((e instanceof HTMLElement || e instanceof SVGElement) && (!e.checkVisibility || e.checkVisibility())) return e;
    }
  }
  return null;
}

/**
 * A move played from the keyboard redraws the board and drops its focus
 * (the focused element is gone): when it is the player's move again, the
 * focus goes to the first move, so that play goes on with Tab, the arrows
 * and Enter without going through the page again.
 */
function keepPlayFocus() {
  const a = document.activeElement;
  if (!playFocus || (a && a !== document.body)) return;
  if (st.outcome?.over && !st.replay) {
    // The game ended while playing from the keyboard: the focus goes to the
    // result's headline (a screen reader reads it), not to the page's body.
    const h = document.querySelector('#outcome h2');
    if (h instanceof HTMLElement) focusInView(h, byId('outcome'));
    return;
  }
  if (myLegal().length === 0 || st.busy) return;
  const m = pending ? byId('move-confirm-ok') : firstMove();
  if (m) focusInView(m);
}

/**
 * Gives the focus to a move and scrolls the page, if need be, just enough
 * to show it (below the sticky prompt, whose height scroll-padding-top
 * follows): on a phone the map is taller than the screen, and the next
 * move's target may lie above or below what the player was looking at.
 * @param {HTMLElement|SVGElement} m
 * @param {Element} [shown] what to show with it (the result's whole panel)
 */
function focusInView(m, shown = m) {
  m.focus({ preventScroll: true });
  // The prompt may have just grown with the new move's words: the
  // ResizeObserver would set the padding only after this scroll.
  setStickyPad();
  shown.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/**
 * The keys that move the focus among a board's targets (a map's targets
 * share one Tab stop, board.js): an arrow to the nearest target in that
 * direction (as drawn on the screen), Home to the first in reading order
 * (top to bottom, left to right), End to the last.
 * @param {KeyboardEvent} ev
 */
function arrowToTarget(ev) {
  /** @type {Record<string, [number, number]>} */
  const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const d = dirs[ev.key];
  const from = ev.target;
  if (!(d || ev.key === 'Home' || ev.key === 'End') || ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey ||
    !(from instanceof SVGElement) || !from.classList.contains('target')) return;
  const svg = from.ownerSVGElement;
  if (!svg) return;
  /** @param {Element} e */
  const centre = (e) => {
    const r = e.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  };
  const targets = [...svg.querySelectorAll('.target[tabindex]')];
  /** @type {Element|null} */
  let best = null;
  if (!d) {
    // Rows of about a target's height, each read from left to right.
    const order = readingOrder(targets.map((e) => ({ e, x: centre(e)[0], y: centre(e)[1] })), Math.max(8, from.getBoundingClientRect().height));
    best = (ev.key === 'Home' ? order[0] : order[order.length - 1])?.e ?? null;
  } else {
    const [fx, fy] = centre(from);
    let bestScore = Infinity;
    for (const e of targets) {
      if (e === from) continue;
      const [x, y] = centre(e);
      const along = (x - fx) * d[0] + (y - fy) * d[1];
      if (along <= 1) continue;
      const across = Math.abs((x - fx) * d[1] + (y - fy) * d[0]);
      // Ahead first, then close to the line of the arrow.
      const score = along + 2 * across;
      if (score < bestScore) {
        bestScore = score;
        best = e;
      }
    }
  }
  ev.preventDefault();
  if (best instanceof SVGElement) best.focus({ preventScroll: true });
}

/**
 * Disables the chat input, and says why, while the game closes chat (e.g.
 * Jekyll & Hyde's night; the server refuses chat then with chat-closed), or
 * for a guest on a site where only accounts chat.
 * @param {Snapshot} snap
 */
function drawChatClosed(snap) {
  let why = '';
  try {
    why = renderer?.chatClosed?.(snap) ?? '';
  } catch (e) {
    console.error(e);
  }
  const accountOnly = !why && !!who?.no_chat;
  if (accountOnly) why = t('web.chat.accounts-only');
  const note = byId('chat-note');
  note.textContent = why;
  note.hidden = !why;
  note.dataset.why = accountOnly ? 'account' : 'game';
  if (accountOnly) {
    // The header's account button is not shown on a narrow table page.
    chatRegister ??= el('button', { type: 'button', id: 'chat-register' });
    chatRegister.textContent = t('web.account.register');
    note.append(' ', chatRegister);
  }
  byId('chat-input', HTMLInputElement).disabled = !!why;
  byId('chat-send', HTMLButtonElement).disabled = !!why;
  byId('chat-form').dataset.chatClosed = String(!!why);
}

/**
 * The view a prompt is read from: the first held seat that must act, else the
 * first held seat, else the spectator's.
 * @param {Snapshot} snap
 * @returns {Record<string, unknown>|null}
 */
function primaryView(snap) {
  const acting = snap.you.find((s) => (snap.legal[String(s)] ?? []).length > 0);
  const seat = acting ?? snap.you.find((s) => String(s) in snap.views);
  const v = seat !== undefined ? snap.views[String(seat)] : snap.views.spectator ?? Object.values(snap.views)[0];
  return v && typeof v === 'object' ? /** @type {Record<string, unknown>} */ (v) : null;
}

/**
 * Whose turn it is and what to do, always in words; and the announcement of
 * the moves that led to it (said), with the prompt when it asks something
 * new of the seat.
 * @param {Snapshot} snap
 * @param {string[]} said the new events' words
 */
function drawPrompt(snap, said) {
  const p = byId('prompt');
  const mine = myLegal();
  p.classList.toggle('act', mine.length > 0);
  /** @type {string} */
  let text = '';
  // What the prompt asks of this seat, in no language: said again only
  // when it changes ('' while the seat waits).
  let ask = '';
  if (snap.replay) {
    text = t('web.replay.showing', { step: snap.replay.step, steps: snap.replay.steps });
  } else if (snap.outcome?.over) {
    text = t('web.prompt.over');
  } else if (st.table?.status === 'open') {
    text = t('web.prompt.waiting-players');
  } else {
    const v = primaryView(snap);
    const fromView = v && isText(v.prompt) ? render(v.prompt) : '';
    const asked = renderer?.prompt ? renderer.prompt(snap) : null;
    const fromRenderer = render(asked);
    text = fromView || fromRenderer;
    if (mine.length > 0) ask = JSON.stringify(fromView ? v?.prompt : fromRenderer ? asked : 'your-turn');
    if (!text) {
      const acting = renderer?.toAct?.(snap) ?? [];
      if (mine.length > 0) text = t('web.prompt.your-turn');
      else if (acting.length > 0) text = t('web.prompt.waiting-for', { seats: acting.map(seatName).join(', ') });
      else text = st.table?.status === 'open' ? t('web.prompt.waiting-players') : t('web.prompt.waiting');
    }
  }
  // The prompt is no live region: it changed with every move of the others
  // ("Sergeant Red: move…", then Blue's), and a screen reader read it out
  // each time though nothing was asked of the player. It is said through
  // #announce, after the moves that led to it and in the same line, only
  // when it asks something new of this seat: when it becomes the seat's
  // move, or the decision changes. Not when the page opens, nor during a
  // replay. Said before the prompt is written, so that a screen reader
  // hears what happened, then what to do.
  if (!snap.replay) {
    announce(promptAsk !== null && ask !== '' && ask !== promptAsk ? [...said, text] : said);
    promptAsk = ask;
  }
  // Written only when it changed (the page redraws for many other reasons:
  // a player's presence, a clock, the chat closing).
  if (p.textContent !== text) p.textContent = text;
  p.dataset.act = String(mine.length > 0);
}

/** What the prompt last asked of the seat ('' nothing; null: not drawn yet). */
/** @type {string|null} */
let promptAsk = null;

/**
 * Every legal move as a button (keyboard users, unknown games, tests).
 * @param {Snapshot} snap
 */
function drawLegal(snap) {
  const box = byId('legal-box', HTMLDetailsElement);
  const list = byId('legal');
  const mine = myLegal();
  box.hidden = mine.length === 0;
  if (renderer && !renderer.board) box.open = true;
  byId('legal-summary').textContent = t('web.legal.summary', { n: mine.length });
  const multi = st.you.length > 1;
  const items = mine.map(({ seat, intent }) => {
    const words = renderer ? renderer.describe(seat, intent, snap) : plainIntent(intent);
    return { seat, intent, move: JSON.stringify(intent), text: multi ? `${seatName(seat)}: ${words}` : words };
  });
  // The same choices as drawn already (a redraw for another reason: a
  // presence change, the language): the buttons stay, only their words are
  // brought up to date, so that a click pressed during the redraw and the
  // keyboard focus on a choice are not lost with a replaced button.
  const old = [...list.children];
  const same = old.length === items.length && items.every((it, i) => {
    const b = old[i];
    return b instanceof HTMLElement && b.dataset.move === it.move && b.dataset.seat === String(it.seat);
  });
  if (same) {
    items.forEach((it, i) => {
      if (old[i].textContent !== it.text) old[i].textContent = it.text;
    });
    return;
  }
  list.replaceChildren(...items.map(({ seat, intent, move, text }, i) => {
    const b = el('button', {
      type: 'button', class: 'small', 'data-intent': i, 'data-seat': seat, 'data-kind': intent.kind,
      'data-move': move,
    }, text);
    b.addEventListener('click', () => propose(seat, intent));
    return b;
  }));
}

/** What the list of seats was last drawn from (see drawSeats). */
let seatsDrawn = '';

/**
 * The seats: who sits there, whether they are here, whose turn it is.
 * @param {Snapshot} snap
 */
function drawSeats(snap) {
  const list = byId('seats');
  const open = st.table?.status === 'open';
  const running = st.table?.status === 'running' && !st.outcome?.over;
  // Whose turn it is, while the game runs (or at a replay's step): a table
  // still waiting for players, or a game over, has no one to move.
  const acting = new Set(running || (snap.replay && !snap.outcome?.over) ? renderer?.toAct?.(snap) ?? [] : []);
  for (const s of snap.you) if ((snap.legal[String(s)] ?? []).length > 0) acting.add(s);
  // A redraw that changes nothing the list shows (a move of another seat's,
  // a presence frame of a seat that stays) leaves its rows and buttons as
  // they are: a click pressed on "Resign" or "Take seat" during the redraw
  // is not lost with a replaced button.
  const key = JSON.stringify([currentLang(), st.table?.seats, [...st.presence], [...acting], snap.you, st.you, open, running,
    !!snap.replay, host, who?.id ?? null, clocksKey()]);
  if (key === seatsDrawn && list.childElementCount > 0) return;
  seatsDrawn = key;
  list.replaceChildren(...(st.table?.seats ?? []).map((s) => {
    const pres = st.presence.get(s.seat);
    const connected = pres ? pres.connected : !!s.player?.connected;
    const bot = pres ? pres.bot : !!s.player?.bot;
    const mine = snap.you.includes(s.seat);
    const li = el('li', {
      'data-seat': s.seat,
      'data-seat-id': s.id,
      class: [mine ? 'mine' : '', acting.has(s.seat) ? 'to-act' : ''].join(' ').trim(),
    },
    el('span', {
      class: `presence${connected || bot ? ' on' : ''}`,
      role: 'img',
      'aria-label': bot ? t('web.presence.bot') : connected ? t('web.presence.here') : t('web.presence.away'),
      title: bot ? t('web.presence.bot') : connected ? t('web.presence.here') : t('web.presence.away'),
    }),
    el('span', { class: 'seat-who' },
      el('span', { class: `seat-name side-${s.side}` }, seatName(s.seat),
        acting.has(s.seat) ? el('span', { class: 'sr-only' }, ` (${t('web.seat.to-act')})`) : null),
      s.player
        ? el('span', { class: 'player' }, playerName(s.player, bot),
          mine ? ` ${t('web.seat.you')}` : '')
        : el('span', { class: 'free' }, t('web.seat.free'))));
    /** @type {HTMLElement[]} the seat's buttons */
    const buttons = [];
    if (!s.player && s.kind !== 'bot' && open) {
      const b = el('button', { type: 'button', class: 'small', 'data-take-seat': s.seat }, t('web.lobby.take-seat'));
      b.addEventListener('click', () => takeSeat(s.seat));
      buttons.push(b);
    } else if (mine && open) {
      const b = el('button', { type: 'button', class: 'small', 'data-leave-seat': s.seat }, t('web.table.leave-seat'));
      b.addEventListener('click', () => leaveSeat(s.seat));
      buttons.push(b);
    } else if (mine && running && st.table && !snap.replay) {
      if (!bot) {
        const b = el('button', { type: 'button', class: 'small', 'data-leave-to-bot': s.seat }, t('web.table.leave-to-bot'));
        b.addEventListener('click', () => leaveToBot(s.seat));
        buttons.push(transferButton(st.table.id, s.seat), b);
      }
      const r = el('button', { type: 'button', class: 'small danger', 'data-resign': s.seat }, t('web.table.resign'));
      r.addEventListener('click', () => resign(s.seat));
      buttons.push(r);
    } else if (!mine && host && running && st.table && s.kind !== 'bot' && !connected) {
      buttons.push(replaceButton(st.table.id, s.seat));
    } else if (!mine && host && open && st.table && s.kind !== 'bot' && s.player) {
      buttons.push(removeButton(st.table.id, s.seat, s.player.name));
    }
    if (!mine && who && s.player && s.kind !== 'bot' && st.table && !st.you.includes(s.seat)) {
      const table = st.table.id;
      const name = s.player.name;
      const rep = el('button', { type: 'button', class: 'link small', 'data-report-seat': s.seat, 'aria-label': t('web.mod.report-player', { name }) }, t('web.mod.report'));
      rep.addEventListener('click', () => reportDialog(table, { from: name, seat: s.seat }));
      buttons.push(rep);
    }
    // One button sits beside the seat's name; several go on a line of their
    // own under it, where they wrap: beside the name they would squeeze it
    // to a few letters a line in the side panel ("Dokter Jek/yll").
    if (buttons.length === 1) li.append(buttons[0]);
    else if (buttons.length > 1) li.append(el('div', { class: 'seat-actions' }, ...buttons));
    const clock = clockBadge(s.seat);
    if (clock) li.querySelector('.seat-who')?.append(' ', clock);
    return li;
  }));
}

/**
 * The clocks of a running timed game beside the prompt, where a player
 * looks while playing (the seats' list, which has them too, lies under the
 * fold on a laptop and far down on a phone). The viewer's own come first.
 * The ticker updates them with the list's. The strip is for the eyes: the
 * seats' list carries the clocks for screen readers, labelled.
 */
function drawClockStrip() {
  const strip = byId('clock-strip');
  const running = st.table?.status === 'running' && !st.outcome?.over && !st.replay;
  const key = JSON.stringify([running, currentLang(), st.table?.seats?.map((s) => s.player?.name ?? ''), st.you, clocksKey()]);
  if (strip.dataset.key === key) return;
  strip.dataset.key = key;
  const seats = running ? (st.table?.seats ?? []).map((s) => s.seat) : [];
  seats.sort((a, b) => Number(!st.you.includes(a)) - Number(!st.you.includes(b)));
  const parts = [];
  for (const seat of seats) {
    const badge = clockBadge(seat);
    if (!badge) continue;
    parts.push(el('span', { class: `clock-seat${st.you.includes(seat) ? ' mine' : ''}`, 'data-strip-seat': seat },
      el('span', { class: 'clock-who' }, st.you.includes(seat) && st.you.length === 1 ? t('web.clock.you') : seatName(seat)), badge));
  }
  strip.replaceChildren(...parts);
  strip.hidden = parts.length === 0;
  strip.setAttribute('aria-hidden', 'true');
}

/**
 * Everything a few events name on the board.
 * @param {import('./types.js').GameEvent[]} events
 * @returns {import('./games/registry.js').Named}
 */
function merged(events) {
  const out = noneNamed();
  for (const ev of events) {
    const n = namedPlaces(ev.text, ev.data);
    out.circles.push(...n.circles);
    out.crossings.push(...n.crossings);
    out.characters.push(...n.characters);
    out.detectives.push(...n.detectives);
    out.places.push(...n.places);
    out.cards?.push(...(n.cards ?? []));
  }
  return out;
}

/**
 * The event log, newest last: the newest entry tagged, and the latest move
 * of each seat (lastmove.js) tagged with the seat's name.
 * @param {Snapshot} snap
 * @param {Map<number, {v: number, events: import('./types.js').GameEvent[]}>} last
 */
function drawLog(snap, last) {
  const list = byId('log');
  // Only the newest MAX_LOG entries are shown: those alone are looked at,
  // each built once (logItem) and only retagged afterwards, so that a
  // redraw costs the same at move 10 and at move 500.
  /** @type {{h: {v: number, events: import('./types.js').GameEvent[]}, ev: import('./types.js').GameEvent}[]} */
  const picked = [];
  for (let i = snap.history.length - 1; i >= 0 && picked.length < MAX_LOG; i--) {
    const h = snap.history[i];
    for (let j = h.events.length - 1; j >= 0 && picked.length < MAX_LOG; j--) picked.push({ h, ev: h.events[j] });
  }
  picked.reverse();
  const newest = snap.history[snap.history.length - 1];
  const items = picked.map(({ h, ev }) => {
    const li = logItem(h, ev);
    const latest = h === newest;
    const seats = [...last].filter(([, m]) => m.v === h.v && m.events.includes(ev)).map(([seat]) => seat);
    const names = seats.map((seat) => seatName(seat));
    const tags = JSON.stringify([latest, seats, names]);
    if (logTags.get(li) !== tags) {
      logTags.set(li, tags);
      li.classList.toggle('latest', latest);
      li.classList.toggle('seat-last', seats.length > 0);
      if (seats.length) li.dataset.lastOf = seats.join(' ');
      else delete li.dataset.lastOf;
      for (const tag of li.querySelectorAll(':scope > .latest-tag, :scope > .seat-last-tag')) tag.remove();
      if (latest) li.append(el('span', { class: 'latest-tag' }, t('web.log.latest')));
      li.append(...names.map((seat) => el('span', { class: 'seat-last-tag' }, t('web.log.last-of', { seat }))));
    }
    return li;
  });
  const shown = list.children;
  if (shown.length !== items.length || items.some((li, i) => shown[i] !== li)) {
    // The entries that stay are left in place (the oldest leave at the top,
    // the new come at the end): the keyboard focus on an entry (which marks
    // the places it names) is not lost when another player moves.
    /** @type {Set<Element>} */
    const keep = new Set(items);
    for (const c of [...shown]) if (!keep.has(c)) c.remove();
    items.forEach((li, i) => {
      if (shown[i] !== li) list.insertBefore(li, shown[i] ?? null);
    });
    logScroll = true;
  }
}

/** The table version up to which the events were announced (-1: not yet drawn). */
let announcedV = -1;
/** The most events one announcement reads out; older ones are counted. */
const MAX_ANNOUNCED = 4;
/** The announcements kept in #announce (older ones are dropped, unread again). */
const KEEP_ANNOUNCED = 3;

/**
 * What to announce to a screen reader of what happened since the last draw,
 * once: the new events of the log (another player's or a bot's move, the
 * player's own), the newest MAX_ANNOUNCED of them, the others counted; the
 * prompt adds to them (drawPrompt) and writes them. #announce is a polite
 * live region that is only added to; the log itself is no live region (it
 * is drawn again when the language changes and would be read out whole).
 * Nothing is announced when the page opens, nor during a replay (its step
 * is announced by the replay's controls).
 * @param {Snapshot} snap
 * @returns {string[]}
 */
function newEvents(snap) {
  if (snap.replay) return [];
  if (announcedV < 0) {
    announcedV = snap.version;
    return [];
  }
  /** @type {string[]} */
  const texts = [];
  for (const h of snap.history) {
    if (h.v <= announcedV) continue;
    for (const ev of h.events) texts.push(render(ev.text));
  }
  announcedV = Math.max(announcedV, snap.version);
  if (texts.length === 0) return [];
  const said = texts.slice(-MAX_ANNOUNCED);
  const more = texts.length - said.length;
  return [...(more > 0 ? [t('web.announce.more', { n: more })] : []), ...said];
}

/**
 * Adds a line to #announce (the older ones dropped).
 * @param {string[]} words
 */
function announce(words) {
  if (words.length === 0) return;
  const box = byId('announce');
  box.append(el('p', {}, words.join(' ')));
  while (box.childElementCount > KEEP_ANNOUNCED) box.firstElementChild?.remove();
}

/** The log's entries as built, by event (dropped when the language changes). */
let logItems = new WeakMap();
/** What each built entry is tagged with (latest, the seats whose last move it is). */
let logTags = new WeakMap();

/**
 * The log entry of one event, built once: its version, its text, and the
 * places it names marked on the board while it is hovered or focused.
 * @param {{v: number}} h
 * @param {import('./types.js').GameEvent} ev
 * @returns {HTMLElement}
 */
function logItem(h, ev) {
  const known = logItems.get(ev);
  if (known) return known;
  const named = namedPlaces(ev.text, ev.data);
  const li = el('li', { 'data-v': h.v, 'data-type': ev.type }, el('span', { class: 'v' }, `#${h.v}`), render(ev.text));
  if (namesSomething(named)) {
    li.classList.add('names-places');
    li.tabIndex = 0;
    const on = () => renderer?.highlight?.(named.circles, named.crossings, named);
    const off = () => renderer?.highlight?.([], [], noneNamed());
    li.addEventListener('mouseenter', on);
    li.addEventListener('focus', on);
    li.addEventListener('mouseleave', off);
    li.addEventListener('blur', off);
  }
  logItems.set(ev, li);
  return li;
}

/**
 * A tutorial table's hint: what to do at this step and why
 * ("tutorial.GAME.step.N", N the table's version, with the introduction
 * until the player's first step is played), a word while the scripted side
 * plays (the game's own "tutorial.GAME.wait", else a general one), and at
 * the end a summary
 * with links to the rules and to a game against a bot.
 */
function drawTutorial() {
  const box = byId('tutorial');
  const game = st.table?.tutorial;
  box.hidden = !game;
  if (!game || !st.table) return;
  const title = el('h2', { id: 'tutorial-title' }, t('web.tutorial.title'));
  if (st.outcome?.over) {
    const bot = el('button', { type: 'button', id: 'tutorial-bot', class: 'primary' }, t('web.tutorial.play-bot'));
    bot.addEventListener('click', () => playBot(game));
    box.replaceChildren(title, el('p', { class: 'tutorial-hint', 'data-step': 'done' }, t(`tutorial.${game}.done`)),
      el('p', { class: 'outcome-actions' }, bot,
        el('a', { href: `/rules/${encodeURIComponent(game)}`, id: 'tutorial-rules', class: 'button' }, t('web.tutorial.rules')),
        el('a', { href: '/', class: 'button' }, t('web.outcome.lobby'))));
    return;
  }
  const key = `tutorial.${game}.step.${st.version}`;
  /** @type {HTMLElement[]} */
  const parts = [title];
  // The introduction stays until the player's first step is played: the
  // first step with a hint (0, or later when the other side opens the game).
  let first = true;
  for (let n = 0; n < st.version && first; n++) first = !has(`tutorial.${game}.step.${n}`);
  if (first) parts.push(tutorialIntro(game));
  const mine = myLegal().length > 0;
  parts.push(el('p', { class: 'tutorial-hint', 'data-step': String(st.version) },
    mine && has(key) ? t(pointerKey(key)) : mine ? t('web.prompt.your-turn')
      : has(`tutorial.${game}.wait`) ? t(`tutorial.${game}.wait`) : t('web.tutorial.wait')));
  box.replaceChildren(...parts);
}

/**
 * Whether the player opened (true) or closed (false) the tutorial's
 * introduction; undefined until they touch it.
 * @type {boolean|undefined}
 */
let introOpen;

/**
 * The tutorial's introduction, in a box that opens and closes: open on a
 * wide screen, closed on a narrow one (a phone), where the text, above the
 * board, pushed the map down to the bottom of the first screen. The
 * player's own choice is kept across redraws.
 * @param {string} game
 * @returns {HTMLElement}
 */
function tutorialIntro(game) {
  const box = el('details', { class: 'tutorial-about' },
    el('summary', {}, t('web.tutorial.intro')),
    el('p', { class: 'tutorial-intro' }, t(`tutorial.${game}.intro`)));
  const shown = introOpen ?? !narrowTable().matches;
  box.open = shown;
  // The toggle event that opening it here fires is not the player's choice:
  // a window narrowed later closes it still.
  box.addEventListener('toggle', () => {
    if (introOpen !== undefined || box.open !== shown) introOpen = box.open;
  });
  return box;
}

/**
 * On a tutorial table, a click on the board away from what the step offers
 * says where the hint is (a drag never reaches here: panzoom.js swallows it).
 */
function bindTutorialMisses() {
  byId('board').addEventListener('click', (ev) => {
    if (!st.table?.tutorial || st.outcome?.over || myLegal().length === 0) return;
    const on = ev.target instanceof Element ? ev.target : null;
    if (on?.closest('.target, button, a, input, select, summary, [role="dialog"]')) return;
    toast(t(pointerKey('web.tutorial.off-target')), 'info');
  });
}

/**
 * Starts a game of a tutorial's game against a bot at the easy level, the
 * player on the tutorial's side.
 * @param {string} game
 */
async function playBot(game) {
  const seats = st.table?.seats ?? [];
  const mySeat = st.you[0] ?? 0;
  try {
    const res = /** @type {{id: string}} */ (await api('/api/tables', { method: 'POST', body: {
      game, seat: mySeat,
      seats: seats.map((s) => (s.seat === mySeat ? { kind: 'human' } : { kind: 'bot', level: 'easy' })),
    } }));
    location.assign(`/t/${encodeURIComponent(res.id)}`);
  } catch (e) {
    toast(e instanceof HttpError && e.text ? render(e.text) : t('web.error.network'));
  }
}

/**
 * @typedef {{seat: number, name: string, rated: boolean, before?: number, after?: number}} TableRating
 */

/** @type {{table: string, tries: number, asking: boolean, ratings: TableRating[]|null}} what the server said of the finished table's ratings, and whether it is being asked */
const endRatings = { table: '', tries: 0, asking: false, ratings: null };

/**
 * The finished rated table's ratings line: each player's rating before and
 * after the game, or that it was not rated (it ended before every side
 * moved). Asked of the server once the game is over, again a few times
 * while its results are being stored.
 */
function ratingsLine() {
  const line = el('ul', { class: 'outcome-ratings', id: 'outcome-ratings' });
  const id = st.table?.id ?? '';
  if (endRatings.table !== id) Object.assign(endRatings, { table: id, tries: 0, asking: false, ratings: null });
  const r = endRatings.ratings;
  if (r) {
    if (r.length > 0 && r.every((x) => !x.rated)) line.append(el('li', {}, t('web.outcome.not-rated')));
    else {
      line.append(...r.filter((x) => x.rated).map((x) => {
        const diff = (x.after ?? 0) - (x.before ?? 0);
        return el('li', { 'data-rating-seat': x.seat },
          t('web.outcome.rating', { name: x.name, before: x.before ?? 0, after: x.after ?? 0, diff: `${diff >= 0 ? '+' : '−'}${Math.abs(diff)}` }));
      }));
    }
    return line;
  }
  // One question at a time (the page redraws often), again a second after
  // a "pending" answer, ten at most.
  if (!endRatings.asking && endRatings.tries < 10) {
    endRatings.asking = true;
    endRatings.tries++;
    window.setTimeout(() => {
      api(`/api/tables/${encodeURIComponent(id)}/ratings`).then((res) => {
        const v = /** @type {{pending: boolean, ratings: TableRating[]}} */ (res);
        if (endRatings.table !== id) return;
        endRatings.asking = false;
        if (!v.pending) endRatings.ratings = v.ratings;
        drawOutcome();
      }, () => {
        if (endRatings.table === id) endRatings.asking = false;
      });
    }, endRatings.tries === 1 ? 0 : 1000);
  }
  return line;
}

/** The result, once the game is over. */
function drawOutcome() {
  const box = byId('outcome');
  const o = st.outcome;
  box.hidden = !o?.over;
  if (!o?.over) return;
  if (st.table?.tutorial) {
    // The tutorial's summary offers what comes next.
    const parts = [el('h2', { tabindex: '-1' }, o.winner ? winnerBanner(o.winner) : t('web.outcome.draw')), el('p', {}, render(o.reason))];
    if (!sameNodes(box, parts)) box.replaceChildren(...parts);
    box.dataset.winner = o.winner ?? '';
    return;
  }
  const rematch = el('button', { type: 'button', id: 'rematch', class: 'primary' }, t('web.outcome.rematch'));
  rematch.addEventListener('click', () => askRematch('same'));
  // A game of two opposing sides offers the rematch with the sides swapped.
  const sides = new Set((st.table?.seats ?? []).map((x) => x.side));
  const swap = el('button', { type: 'button', id: 'rematch-swap' }, t('web.outcome.rematch-swap'));
  swap.addEventListener('click', () => askRematch('swap'));
  // Only the game's players may ask for a rematch (a spectator's would be a
  // table kept for others).
  const played = st.you.length > 0;
  const parts = [
    el('h2', { tabindex: '-1' }, o.winner ? winnerBanner(o.winner) : t('web.outcome.draw')),
    el('p', {}, render(o.reason)),
    ...(st.table?.rated && !st.replay ? [ratingsLine()] : []),
    el('p', { class: 'outcome-actions' }, ...(played ? [rematch, ...(sides.size === 2 ? [swap] : [])] : []),
      el('a', { href: '/', id: 'back-to-lobby', class: 'button' }, t('web.outcome.lobby'))),
  ];
  // Drawn again only when it changed (the ratings came, the language): the
  // box is a live region, read out again at every replacement, and the
  // keyboard focus on its Rematch button would be lost with the button.
  if (!sameNodes(box, parts)) box.replaceChildren(...parts);
  box.dataset.winner = o.winner ?? '';
}

/**
 * Whether box's children are already nodes equal to parts (the same
 * elements, attributes and words; listeners aside).
 * @param {Element} box
 * @param {Element[]} parts
 */
function sameNodes(box, parts) {
  return box.children.length === parts.length && parts.every((e, i) => e.isEqualNode(box.children[i]));
}

/**
 * The end of a game's headline ("The investigators won!"; "You lost the
 * chapter: the City won." to a Jekyll & Hyde player).
 * @param {string} side the winning side
 */
function winnerBanner(side) {
  const mine = st.you.map((s) => st.table?.seats.find((x) => x.seat === s)?.side ?? '');
  return resultBanner(st.table?.game, side, sideName(side), mine);
}

/**
 * A side's name: "<game>.side.<side>" from the game's catalogue, else
 * "web.side.<side>", else the id.
 * @param {string} side
 */
function sideName(side) {
  for (const key of [`${st.table?.game}.side.${side}`, `web.side.${side}`]) {
    if (has(key)) return render({ key });
  }
  return side;
}

/** The replay controls. */
function drawReplay() {
  const panel = byId('replay');
  panel.hidden = !st.outcome?.over;
  placeReplaySteps();
  if (panel.hidden) return;
  if (st.table) byId('replay-export', HTMLAnchorElement).href = `/api/tables/${encodeURIComponent(st.table.id)}/export`;
  const steps = replaySteps().length - 1;
  const step = st.replay ? st.replay.step : steps;
  byId('replay-pos').textContent = t('web.replay.position', { step, steps });
  byId('replay-first', HTMLButtonElement).disabled = step <= 0;
  byId('replay-prev', HTMLButtonElement).disabled = step <= 0;
  byId('replay-next', HTMLButtonElement).disabled = step >= steps;
  byId('replay-last', HTMLButtonElement).disabled = step >= steps;
  byId('replay-play').textContent = st.replayTimer !== undefined ? t('web.replay.pause') : t('web.replay.play');
  // A game over before its first move (resigned at once) has nothing to play.
  byId('replay-play', HTMLButtonElement).disabled = steps <= 0;
  const scrub = byId('replay-scrub', HTMLInputElement);
  scrub.disabled = steps <= 0;
  scrub.max = String(steps);
  scrub.value = String(step);
  scrub.setAttribute('aria-valuetext', t('web.replay.position', { step, steps }));
  drawJumps(step);
}

/**
 * Puts the replay's step buttons («, ‹, the step, ›, ») where they are used
 * with the board in sight: on a narrow screen in a bar just above the board
 * that sticks to the top of the window (the replay's panel lies far below
 * the board, so each step scrolled the board away); on a wide one in the
 * replay's panel, beside the board.
 */
function placeReplaySteps() {
  const row = byId('replay-steps');
  const bar = byId('replay-bar');
  const inBar = narrowTable().matches && !byId('replay').hidden;
  bar.hidden = !inBar;
  const home = inBar ? bar : byId('replay');
  if (row.parentElement === home) return;
  if (inBar) bar.append(row);
  else byId('replay-title').after(row);
}

/** @type {MediaQueryList|undefined} */
let narrowQuery;
/** @returns {MediaQueryList} the table page's one-column layout (gaslamp.css). */
function narrowTable() {
  narrowQuery ??= window.matchMedia('(max-width: 900px)');
  return narrowQuery;
}

/**
 * The round (night, turn) each step of the replay is in, read from the
 * frames' public view: Whitehall and Jekyll count rounds, Whitechapel
 * nights, Pocket turns.
 * @returns {{key: string, n: number}[]} per step
 */
function replayChapters() {
  const vs = replaySteps();
  /** @type {{key: string, n: number}[]} */
  const out = [];
  let last = { key: '', n: 0 };
  for (const v of vs) {
    const view = /** @type {Record<string, unknown>|undefined} */ (st.frames?.find((f) => f.v === v)?.view);
    for (const [field, key] of [['night', 'web.replay.night'], ['round', 'web.replay.round'], ['turn', 'web.replay.turn']]) {
      const n = view?.[field];
      if (typeof n === 'number' && n > 0) {
        last = { key, n };
        break;
      }
    }
    out.push(last);
  }
  return out;
}

/**
 * The "Jump to" choices: the first step of each round, night or turn.
 * @param {number} step the step shown
 */
function drawJumps(step) {
  const select = byId('replay-jump', HTMLSelectElement);
  const chapters = replayChapters();
  /** @type {HTMLOptionElement[]} */
  const options = [el('option', { value: '0' }, t('web.replay.start'))];
  let current = '0';
  chapters.forEach((c, i) => {
    if (!c.key || (i > 0 && chapters[i - 1].key === c.key && chapters[i - 1].n === c.n)) return;
    options.push(el('option', { value: String(i) }, t(c.key, { n: c.n })));
  });
  for (const o of options) if (Number(o.value) <= step) current = o.value;
  options.push(el('option', { value: String(chapters.length - 1) }, t('web.replay.end')));
  if (step >= chapters.length - 1) current = String(chapters.length - 1);
  select.replaceChildren(...options);
  select.value = current;
}

/** The delay between two steps when the replay plays, at the chosen speed. */
function replayDelay() {
  const speed = Number(byId('replay-speed', HTMLSelectElement).value) || 1;
  return REPLAY_EVERY_MS / speed;
}

/** The versions a replay steps through: 0, then every version in the history. */
function replaySteps() {
  const vs = new Set([0]);
  for (const h of st.history) vs.add(h.v);
  if (st.frames) for (const f of st.frames) vs.add(f.v);
  return [...vs].sort((a, b) => a - b);
}

/**
 * Shows step of the replay (the last step is the live final state).
 * @param {number} step
 */
function replayTo(step) {
  const vs = replaySteps();
  const steps = vs.length - 1;
  const s = Math.max(0, Math.min(steps, step));
  st.replay = s >= steps ? null : { step: s, steps, version: vs[s] };
  if (s >= steps) stopReplayTimer();
  draw();
}

function stopReplayTimer() {
  if (st.replayTimer !== undefined) clearInterval(st.replayTimer);
  st.replayTimer = undefined;
}

/** Wires the replay buttons. */
function bindReplay() {
  const cur = () => (st.replay ? st.replay.step : replaySteps().length - 1);
  byId('replay-first').addEventListener('click', () => replayTo(0));
  byId('replay-prev').addEventListener('click', () => replayTo(cur() - 1));
  byId('replay-next').addEventListener('click', () => replayTo(cur() + 1));
  byId('replay-last').addEventListener('click', () => replayTo(Infinity));
  byId('replay-play').addEventListener('click', () => {
    if (st.replayTimer !== undefined) {
      stopReplayTimer();
      drawReplay();
      return;
    }
    if (!st.replay) replayTo(0);
    st.replayTimer = window.setInterval(() => replayTo(cur() + 1), replayDelay());
    drawReplay();
  });
  byId('replay-speed').addEventListener('change', () => {
    if (st.replayTimer === undefined) return;
    clearInterval(st.replayTimer);
    st.replayTimer = window.setInterval(() => replayTo(cur() + 1), replayDelay());
  });
  byId('replay-scrub').addEventListener('input', () => replayTo(Number(byId('replay-scrub', HTMLInputElement).value)));
  byId('replay-jump').addEventListener('change', () => replayTo(Number(byId('replay-jump', HTMLSelectElement).value)));
  narrowTable().addEventListener('change', placeReplaySteps);
}

/**
 * Fetches the views of every version of a finished table (GET
 * /api/tables/{id}/replay -> [{v, view, views}]: the spectator's view and
 * every seat's); without them the replay steps the log and the renderer
 * rebuilds what it can from the final view and the events.
 */
async function loadFrames() {
  if (st.frames || !st.table) return;
  try {
    const frames = await api(`/api/tables/${encodeURIComponent(st.table.id)}/replay`);
    if (Array.isArray(frames)) st.frames = /** @type {{v: number, view: unknown, views?: Record<string, unknown>}[]} */ (frames);
  } catch {
    st.frames = [];
  }
}

/**
 * Takes a free seat, then reconnects to get that seat's view.
 * @param {number} seat
 */
async function takeSeat(seat) {
  if (!who) who = await signedIn;
  if (!who) who = await askName(true);
  if (!who || !st.table) return;
  try {
    await api(`/api/tables/${encodeURIComponent(st.table.id)}/seats/${seat}`, { method: 'POST' });
    reconnect();
  } catch (e) {
    toast(e instanceof HttpError && e.text ? render(e.text) : t('web.error.take-seat'));
  }
}

/**
 * Leaves a seat of an open table.
 * @param {number} seat
 */
async function leaveSeat(seat) {
  if (!st.table) return;
  try {
    await api(`/api/tables/${encodeURIComponent(st.table.id)}/seats/${seat}`, { method: 'DELETE' });
    reconnect();
  } catch (e) {
    toast(e instanceof HttpError && e.text ? render(e.text) : t('web.error.network'));
  }
}

/**
 * Leaves a seat of a running game to a bot, once the player confirms.
 * @param {number} seat
 */
async function leaveToBot(seat) {
  if (!st.table || !window.confirm(t('web.table.leave-to-bot-confirm', { seat: seatName(seat) }))) return;
  try {
    await api(`/api/tables/${encodeURIComponent(st.table.id)}/seats/${seat}/bot`, { method: 'POST' });
    toast(t('web.table.left-to-bot', { seat: seatName(seat) }), 'info');
  } catch (e) {
    toast(e instanceof HttpError && e.text ? render(e.text) : t('web.error.network'));
  }
}

/**
 * Gives the game up for seat, once confirmed: the other side wins.
 * @param {number} seat
 */
async function resign(seat) {
  if (!st.table) return;
  const ok = await askConfirm({
    id: 'resign-dialog', title: t('web.table.resign-title'), danger: true,
    text: t('web.table.resign-confirm', { seat: seatName(seat) }), ok: t('web.table.resign-ok'),
  });
  if (!ok) return;
  try {
    await api(`/api/tables/${encodeURIComponent(st.table.id)}/seats/${seat}/resign`, { method: 'POST' });
    // The resign button goes with the redraw: the focus then goes to the
    // result, scrolled into view (on a phone it is far above the seats).
    playFocus = true;
    keepPlayFocus();
  } catch (e) {
    toast(e instanceof HttpError && e.text ? render(e.text) : t('web.error.network'));
  }
}

/**
 * Asks for a rematch of the finished table: a new table like it, with the
 * same sides or the sides swapped, where the server seats this player at
 * the seat kept for them (or, a spectator, the first free one), then goes
 * there.
 * @param {'same'|'swap'} sides
 */
async function askRematch(sides) {
  if (!st.table) return;
  if (!who) who = await signedIn;
  if (!who) who = await askName(true);
  if (!who) return;
  try {
    const res = /** @type {{id: string, seat?: number}} */ (await api(`/api/tables/${encodeURIComponent(st.table.id)}/rematch`, { method: 'POST', body: { sides } }));
    if (res.seat === undefined) {
      const seat = st.table.seats.find((x) => x.kind !== 'bot')?.seat ?? 0;
      await api(`/api/tables/${encodeURIComponent(res.id)}/seats/${seat}`, { method: 'POST' }).catch(() => {});
    }
    location.assign(`/t/${encodeURIComponent(res.id)}`);
  } catch (e) {
    toast(e instanceof HttpError && e.text ? render(e.text) : t('web.error.network'));
  }
}

/** Drops the socket and opens a new one from scratch (seats changed). */
function reconnect() {
  socket?.close();
  socket = new TableSocket(tableId(), handlers);
  socket.connect();
}

/**
 * Makes sure the renderer of the table's game is mounted.
 * @param {string} game
 */
async function ensureRenderer(game) {
  if (renderer && rendererGame === game) return;
  rendererGame = game;
  renderer = await rendererFor(game, {
    game,
    board: byId('board'),
    panel: byId('game-panel'),
    play: propose,
    choose,
    why: explain,
  });
}

/**
 * A refusal's words: its Text when the catalogue has it, else the code's.
 * @param {ErrorMsg} m
 */
function errorText(m) {
  if (m.text && has(m.text.key)) return render(m.text);
  const key = `err.${m.code}`;
  return has(key) ? t(key) : t('web.error.code', { code: m.code });
}

/**
 * Applies one update to the table and draws it.
 * @param {UpdateMsg} m
 */
async function applyUpdate(m) {
  if (m.table) {
    st.table = m.table;
    setPace(m.table.pace);
  }
  st.views = m.views ?? st.views;
  st.legal = m.legal ?? {};
  st.outcome = m.outcome ?? st.outcome;
  st.version = m.v;
  if (m.events && m.events.length) st.history.push({ v: m.v, events: m.events });
  if (st.outcome?.over) await loadFrames();
  draw();
}

/** The viewer's seats already told that their time ran out (a bot plays their move). */
const timedOutSaid = new Set();

/** The updates, shown one at a time when several come at once (pace.js). */
const pacer = new Pacer(applyUpdate);
/** Whether a reconnection's catch-up is arriving (updates without views, then the last full one). */
let catchingUp = false;

/** @type {import('./net.js').SocketHandlers} */
const handlers = {
  async onState(m) {
    // A full state replaces whatever updates still wait to be shown.
    pacer.clear();
    catchingUp = false;
    st.table = m.table;
    setPace(m.table.pace);
    st.you = m.you ?? [];
    st.views = m.views ?? {};
    st.legal = m.legal ?? {};
    st.outcome = m.outcome ?? null;
    st.history = m.history ?? [];
    st.chat = m.chat ?? [];
    st.version = m.v;
    st.presence.clear();
    setClocks(m.table?.clocks);
    await ensureRenderer(m.table.game);
    drawChat();
    if (st.outcome?.over) await loadFrames();
    draw();
  },
  onUpdate(m) {
    // A catch-up after a reconnection shows at once, its last (full) update
    // included; moves played live are paced.
    const catchUp = !m.views;
    pacer.push(m, catchUp || catchingUp);
    catchingUp = catchUp;
  },
  onError(m) {
    toast(errorText(m));
  },
  onChat(m) {
    st.chat.push(m);
    if (st.chat.length > MAX_CHAT) st.chat.splice(0, st.chat.length - MAX_CHAT);
    drawChat();
  },
  onPresence(m) {
    for (const s of m.seats) st.presence.set(s.seat, { connected: s.connected, bot: s.bot });
    draw();
  },
  onClock(m) {
    setClocks(m.clocks);
    // A seat of the viewer's whose time ran out is played by a bot for this
    // move: said once, as it happens.
    for (const c of m.clocks) {
      if (!st.you.includes(c.seat)) continue;
      if (c.timed_out && !timedOutSaid.has(c.seat) && !st.outcome?.over) {
        toast(t('web.clock.timed-out-bot', { seat: seatName(c.seat) }), 'info');
      }
      if (c.timed_out) timedOutSaid.add(c.seat);
      else timedOutSaid.delete(c.seat);
    }
    draw();
  },
  onSeatMoved(m) {
    notice('moved', t('web.seat.moved-to-device', { seat: seatName(m.seat) }));
  },
  onConnection(open) {
    if (open) {
      if (conn.lost) {
        notice('lost', '');
        // "Back at the table" only if this device is still signed in: a
        // password changed or the sessions ended elsewhere closed the socket,
        // and it came back as a spectator's.
        const had = who;
        me().then((m) => {
          if (m || !had) {
            toast(t('web.conn.back'), 'info');
            return;
          }
          who = null;
          signedIn = Promise.resolve(null);
          notice('signed-out', t('web.conn.signed-out'));
          // Signed in again, the page starts afresh with the new session
          // (its socket was opened without one).
          askName(true).then((again) => {
            if (again) location.reload();
          });
        }, () => toast(t('web.conn.back'), 'info'));
      }
      conn.opened = true;
      conn.lost = false;
    } else if (conn.opened && !conn.lost) {
      conn.lost = true;
      notice('lost', t('web.conn.lost'));
    }
    document.body.dataset.connected = String(open);
    const c = byId('conn-status');
    c.classList.toggle('on', open);
    c.setAttribute('data-i18n', open ? 'web.conn.online' : 'web.conn.offline');
    c.textContent = open ? t('web.conn.online') : t('web.conn.offline');
  },
};

/** The chat lines. */
function drawChat() {
  const list = byId('chat-log');
  list.replaceChildren(...st.chat.map((c) => {
    // An account's name links to their profile; a guest's stays words.
    /** @type {(HTMLElement|string)[]} */
    const from = [c.account && c.from ? el('a', { href: profileHref(c.from), class: 'player-link' }, c.from) : c.from];
    if (c.seat !== undefined && c.seat !== null && c.seat >= 0) from.push(` (${seatName(c.seat)})`);
    if (c.who && isMuted(c.who)) {
      // A muted player's line is not shown; a note says whose it was.
      return el('li', { 'data-seat': c.seat ?? '', class: 'muted-line' },
        t('web.mod.muted-line', { name: c.from }), ' ', unmuteButton(c.who, c.from, drawChat));
    }
    return el('li', { 'data-seat': c.seat ?? '' },
      el('span', { class: 'from' }, ...from), c.text,
      c.who && st.table ? chatActions(st.table.id, c, !!who?.account, drawChat) : null);
  }));
  list.scrollTop = list.scrollHeight;
}

async function main() {
  await initI18n();
  languageSwitcher(byId('lang-select', HTMLSelectElement));
  watchStickyTop();
  bindReplay();
  bindSound();
  bindTutorialMisses();
  initHelp();
  document.addEventListener('focusin', (ev) => {
    playFocus = ev.target instanceof Element && !!ev.target.closest('#board, #legal, #chooser, #move-confirm');
  });
  byId('board').addEventListener('keydown', arrowToTarget);
  startTicker(() => st.you, (seat) => notice('clock', seat >= 0 ? hurryText() : ''));
  byId('chat-note').addEventListener('click', (ev) => {
    if (ev.target instanceof Element && ev.target.id === 'chat-register') openAccountDialog(who);
  });
  byId('chat-form', HTMLFormElement).addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const input = byId('chat-input', HTMLInputElement);
    const text = input.value.trim();
    if (!text) return;
    if (!who) who = await askName(true);
    if (!who) return;
    if (socket.sendChat(text)) input.value = '';
    else toast(t('web.error.not-sent'));
  });
  byId('chooser-cancel').addEventListener('click', () => byId('chooser', HTMLDialogElement).close());
  byId('move-confirm-ok').addEventListener('click', confirmMove);
  byId('move-confirm-cancel').addEventListener('click', cancelMove);
  document.addEventListener('keydown', confirmKeys);
  onLangChange(() => {
    logItems = new WeakMap();
    logTags = new WeakMap();
    draw();
    drawChat();
  });
  api('/api/games').then((g) => {
    games = /** @type {GameInfo[]} */ (g) ?? [];
    draw();
  }).catch(() => {});
  // Watch at once; a name chosen now needs a new connection to count.
  socket = new TableSocket(tableId(), handlers);
  socket.connect();
  signedIn = me().catch(() => null);
  const had = await signedIn;
  who = await ensureIdentity({ optional: true });
  // The seats offer what depends on who this is (take a seat, this is you):
  // drawn again now that it is known.
  draw();
  loadMutes(who).then(drawChat);
  if (!had && who) reconnect();
  if (who) {
    // "Your move" notifications, for a player who leaves the page.
    pushButton().then((b) => {
      if (b) byId('sound-toggle').before(b); // the toggle stays where it was
    }).catch(() => {});
    host = await isHost(tableId());
    if (host) draw();
  }
  // Who this is and whether they host the table are known: the page's
  // own redraws from them are done (tests wait for this mark).
  document.body.dataset.identity = who ? 'known' : 'none';
}

main();
