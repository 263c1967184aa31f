// The Letters from Whitechapel renderer: the board drawn from its geometry
// (red circles, yellow-bordered crossings, streets) with the woman tokens face
// down on red circles (marked or not in Jack's view only), the wretched, the
// patrol tokens face down and face up (their identity as far as the viewer
// knows it), the crime scenes, the policemen, the clue markers and tonight's
// answers; the move track of 20 spaces (V..I, 1..15) with the Time of the
// Crime token and Jack's pawn; the coaches and alleys left; the Head of the
// Investigation; Jack's secret sheet (his trail per night, his hideout) in his
// view only, and for everyone once the game is over; the possible locations
// and possible hideouts for the police and the spectators when the view
// carries them. Choosing: click a highlighted circle or crossing (a chooser
// when one click could mean several moves: a marked or an unmarked woman,
// which patrol token, search or arrest, which coach), or a button for the
// moves with no board target (wait, stop, pass).
//
// The view is games/whitechapel's View (view.go); VIEW_FIELDS lists every
// field this file reads, and viewfields_test.go checks them against the Go
// type and real encoded views.

import { el, keepButtons } from '../dom.js';
import { t } from '../i18n.js';
import { BoardView, likelyList, loadGeometry } from '../board.js';
import { register } from './registry.js';
import { offerOnBoard, previewOnBoard } from './targets.js';

/** @typedef {import('../types.js').Intent} Intent */
/** @typedef {import('../types.js').Text} Text */
/** @typedef {import('../types.js').Outcome} Outcome */
/** @typedef {import('./registry.js').Snapshot} Snapshot */
/** @typedef {import('./registry.js').TableContext} TableContext */
/** @typedef {import('./registry.js').Choice} Choice */
/** @typedef {import('../board.js').Marker} Marker */
/** @typedef {import('../board.js').Figure} Figure */
/** @typedef {import('../board.js').Token} Token */

/**
 * @typedef {Object} WcPatrol
 * @property {string} crossing
 * @property {boolean} faceUp
 * @property {string} [token] a colour or "fake", when the viewer knows it
 */

/**
 * @typedef {Object} WcPoliceman
 * @property {number} seat
 * @property {string} id blue, yellow, brown, red or green
 * @property {string} crossing "" off the board
 */

/**
 * @typedef {Object} WcNight
 * @property {number} scene
 * @property {number} [second] the double event's second crime scene
 * @property {number} timeOfCrime 1 (I) .. 5 (V)
 * @property {{kind: string, cells: number}[]} moves
 * @property {{time: number, circle: number, kind: string}[]} obs
 * @property {boolean} home
 */

/**
 * games/whitechapel View as JSON.
 * @typedef {Object} WcView
 * @property {number} seat
 * @property {{deduction: string}} options
 * @property {string} phase
 * @property {Text} prompt
 * @property {number[]} toAct
 * @property {string} [actor]
 * @property {number} night
 * @property {string} head
 * @property {string[]} order
 * @property {number} timeOfCrime
 * @property {{start: number, used: number, left: number}} [track]
 * @property {number} coaches
 * @property {number} alleys
 * @property {number} womenLeft
 * @property {number[]} women
 * @property {number} patrolsLeft
 * @property {WcPatrol[]} patrols
 * @property {number[]} wretched
 * @property {number} [wretchedTurn]
 * @property {number[]} crimeScenes
 * @property {WcPoliceman[]} policemen
 * @property {number[]} clues
 * @property {{policeman: string, named: number[]}} [search]
 * @property {WcNight[]} nights
 * @property {number} [hideout] Jack, or once over
 * @property {number[]} [marked] Jack only
 * @property {number[][]} [trail] Jack, or once over
 * @property {number} [circle] Jack, or once over
 * @property {{circle: number, count: number}[]} [possible]
 * @property {number} [possibleTotal]
 * @property {{circle: number, weight: number}[]} [hideouts]
 * @property {Outcome} outcome
 */

/**
 * Every View field this renderer reads, as JSON paths ("[]" for array
 * elements). viewfields_test.go checks each against the game's View; keep it
 * in step with the code.
 */
export const VIEW_FIELDS = [
  'seat', 'options.deduction', 'phase', 'prompt', 'toAct', 'actor', 'night', 'head', 'order',
  'timeOfCrime', 'track.start', 'track.used', 'track.left', 'coaches', 'alleys',
  'womenLeft', 'women', 'patrolsLeft', 'patrols[].crossing', 'patrols[].faceUp', 'patrols[].token',
  'wretched', 'wretchedTurn', 'crimeScenes', 'policemen[].seat', 'policemen[].id', 'policemen[].crossing',
  'clues', 'search.policeman', 'search.named',
  'nights[].scene', 'nights[].second', 'nights[].timeOfCrime', 'nights[].moves[].kind', 'nights[].moves[].cells',
  'nights[].obs[].circle', 'nights[].obs[].kind', 'nights[].home',
  'hideout', 'marked', 'trail', 'circle',
  'possible[].circle', 'possible[].count', 'possibleTotal', 'hideouts[].circle', 'hideouts[].weight',
  'outcome.over',
];

/**
 * Every move intent this renderer knows, with its fields (checked by
 * viewfields_test.go against the game's encoded legal moves).
 */
export const INTENT_FIELDS = {
  hideout: ['circle'], woman: ['circle', 'marked'], patrol: ['at', 'token'], kill: ['circle'], wait: [],
  wretched: ['from', 'to'], reveal: ['at'], walk: ['to'], coach: ['via', 'to'], alley: ['to'],
  move: ['to'], search: ['circle'], arrest: ['circle'], stop: [], pass: [],
};

/** The 20 spaces of the move track: V..I, then 1..15. */
/**
 * Jack's marked women in words: "Your marked woman: circle 3", or the plural
 * for several (it read "circles 3" for the one of most nights).
 * @param {number[]} marked their circles
 * @returns {string}
 */
export function markedList(marked) {
  return t('web.wc.marked-list', { n: marked.length, list: marked.join(', ') });
}

export const TRACK_SPACES = 20;
const NIGHTS = 4;
const VICTIMS = 5;
const OVERLAY_KEY = 'gaslamp.whitechapel.overlay';
const ROMAN = ['I', 'II', 'III', 'IV', 'V'];

/**
 * The label of move-track space i (0..19): V, IV, III, II, I, then 1..15.
 * @param {number} i
 */
export function trackLabel(i) {
  return i < 5 ? ROMAN[4 - i] : String(i - 4);
}

/**
 * The track space of the Time of the Crime token (1 = I .. 5 = V), or -1.
 * @param {number} toc
 */
export function timeSpace(toc) {
  return toc >= 1 && toc <= 5 ? 5 - toc : -1;
}

/**
 * The Roman numeral of a Time of the Crime (1..5).
 * @param {number} toc
 */
export function roman(toc) {
  return ROMAN[toc - 1] ?? String(toc);
}

/**
 * A policeman's colour in words.
 * @param {string} id
 */
function colourName(id) {
  switch (id) {
    case 'blue':
      return t('web.wc.colour.blue');
    case 'yellow':
      return t('web.wc.colour.yellow');
    case 'brown':
      return t('web.wc.colour.brown');
    case 'red':
      return t('web.wc.colour.red');
    case 'green':
      return t('web.wc.colour.green');
  }
  return id;
}

/**
 * A policeman's name ("Blue policeman").
 * @param {string} id
 */
function policeName(id) {
  switch (id) {
    case 'blue':
      return t('web.wc.police.blue');
    case 'yellow':
      return t('web.wc.police.yellow');
    case 'brown':
      return t('web.wc.police.brown');
    case 'red':
      return t('web.wc.police.red');
    case 'green':
      return t('web.wc.police.green');
  }
  return id;
}

/**
 * The letter on a policeman's pawn or a face-up patrol token: the colour's
 * initial in the player's language (colour is never the only cue).
 * @param {string} id
 */
function letter(id) {
  switch (id) {
    case 'yellow':
      return t('web.wh.letter.yellow');
    case 'blue':
      return t('web.wh.letter.blue');
    case 'red':
      return t('web.wh.letter.red');
    case 'green':
      return t('web.wh.letter.green');
    case 'brown':
      return t('web.wh.letter.brown');
    case 'fake':
      return t('web.wc.letter.fake');
  }
  return '?';
}

/**
 * A patrol token's identity in words.
 * @param {string} token
 */
function tokenName(token) {
  switch (token) {
    case 'blue':
      return t('web.wc.token.blue');
    case 'yellow':
      return t('web.wc.token.yellow');
    case 'brown':
      return t('web.wc.token.brown');
    case 'red':
      return t('web.wc.token.red');
    case 'green':
      return t('web.wc.token.green');
    case 'fake':
      return t('web.wc.token.fake');
  }
  return token;
}

/**
 * A move kind of Jack's in words.
 * @param {string} kind
 */
function kindName(kind) {
  switch (kind) {
    case 'walk':
      return t('web.wh.kind.walk');
    case 'coach':
      return t('web.wh.kind.coach');
    case 'alley':
      return t('web.wh.kind.alley');
    case 'scene':
      return t('web.wc.kind.scene');
  }
  return kind;
}

/**
 * A number field of an intent.
 * @param {Intent} i
 * @param {string} f
 */
function num(i, f) {
  return Number(i[f]);
}

/**
 * A string field of an intent.
 * @param {Intent} i
 * @param {string} f
 */
function str(i, f) {
  return String(i[f] ?? '');
}

/**
 * A legal intent in words.
 * @param {Intent} i
 * @param {WcView|null} v the view (for the hideout, the policemen's places, the time)
 * @param {number} seat
 */
export function describe(i, v, seat) {
  switch (i.kind) {
    case 'hideout':
      return t('web.wc.do.hideout', { circle: num(i, 'circle') });
    case 'woman':
      return i.marked ? t('web.wc.do.woman-marked', { circle: num(i, 'circle') }) : t('web.wc.do.woman-unmarked', { circle: num(i, 'circle') });
    case 'patrol':
      return t('web.wc.do.patrol', { token: tokenName(str(i, 'token')), crossing: str(i, 'at') });
    case 'kill':
      return v?.phase === 'second' ? t('web.wc.do.second', { circle: num(i, 'circle') }) : t('web.wc.do.kill', { circle: num(i, 'circle') });
    case 'wait':
      return v && v.timeOfCrime >= 1 && v.timeOfCrime < 5 ? t('web.wc.do.wait', { time: roman(v.timeOfCrime + 1) }) : t('web.wc.do.wait-plain');
    case 'wretched':
      return t('web.wc.do.wretched', { from: num(i, 'from'), circle: num(i, 'to') });
    case 'reveal':
      return t('web.wc.do.reveal', { crossing: str(i, 'at') });
    case 'walk':
      return v?.hideout && v.hideout === num(i, 'to') ? t('web.wc.do.walk-home', { circle: num(i, 'to') }) : t('web.wh.do.walk', { circle: num(i, 'to') });
    case 'coach':
      return t('web.wh.do.coach', { via: num(i, 'via'), circle: num(i, 'to') });
    case 'alley':
      return t('web.wh.do.alley', { circle: num(i, 'to') });
    case 'move': {
      const here = v?.policemen.find((p) => p.seat === seat)?.crossing;
      return here === str(i, 'to') ? t('web.wh.do.stay', { crossing: str(i, 'to') }) : t('web.wh.do.figure', { crossing: str(i, 'to') });
    }
    case 'search':
      return t('web.wh.do.search', { circle: num(i, 'circle') });
    case 'arrest':
      return t('web.wh.do.arrest', { circle: num(i, 'circle') });
    case 'stop':
      return t('web.wh.do.stop');
    case 'pass':
      return t('web.wh.do.pass');
  }
  return Object.entries(i).map(([k, x]) => `${k}=${String(x)}`).join(' ');
}

/**
 * Where a click on the board selects an intent: its circle or crossing, or
 * null for a move with no board target (a button).
 * @param {Intent} i
 * @returns {{circle: number}|{crossing: string}|null}
 */
export function targetOf(i) {
  switch (i.kind) {
    case 'hideout':
    case 'woman':
    case 'kill':
    case 'search':
    case 'arrest':
      return { circle: num(i, 'circle') };
    case 'wretched':
    case 'walk':
    case 'coach':
    case 'alley':
      return { circle: num(i, 'to') };
    case 'patrol':
    case 'reveal':
      return { crossing: str(i, 'at') };
    case 'move':
      return { crossing: str(i, 'to') };
  }
  return null;
}

/**
 * The kinds of the cells of one night's trail row: the crime scene(s), then
 * each move's cells (a coach has two).
 * @param {WcNight|undefined} night
 * @returns {string[]}
 */
export function cellKinds(night) {
  if (!night) return [];
  const kinds = ['scene'];
  if (night.second) kinds.push('scene');
  for (const m of night.moves) for (let c = 0; c < m.cells; c++) kinds.push(m.kind);
  return kinds;
}

/**
 * The view to draw: a replay frame (Jack's view of that moment, the game
 * being over, with the public deduction), else Jack's when this connection
 * holds him, else the first held seat's, else the spectator's.
 * @param {Snapshot} snap
 * @returns {WcView|null}
 */
function pickView(snap) {
  if (snap.replay?.view) {
    const spec = /** @type {WcView} */ (snap.replay.view);
    const jack = /** @type {WcView|undefined} */ (snap.views['0']);
    return jack ? { ...jack, possible: spec.possible, possibleTotal: spec.possibleTotal, hideouts: spec.hideouts } : spec;
  }
  const keys = [...(snap.you.includes(0) ? ['0'] : []), ...snap.you.map(String), 'spectator'];
  for (const k of keys) {
    const v = snap.views[k];
    if (v && typeof v === 'object') return /** @type {WcView} */ (v);
  }
  const any = Object.values(snap.views)[0];
  return any && typeof any === 'object' ? /** @type {WcView} */ (any) : null;
}

/**
 * Whether tonight already has its public record (the first kill is done).
 * @param {WcView} v
 */
function tonightKilled(v) {
  return v.nights.length >= v.night && v.night > 0;
}

/**
 * The Letters from Whitechapel renderer.
 * @param {TableContext} ctx
 */
async function whitechapel(ctx) {
  const actions = el('div', { id: 'wc-actions', class: 'wh-actions', role: 'group' });
  const boardBox = el('div', { class: 'wh-board' });
  ctx.board.replaceChildren(actions, boardBox);
  const geo = await loadGeometry('whitechapel');
  const board = new BoardView(boardBox, geo);

  const status = el('section', { id: 'wc-status', class: 'panel' });
  const sheet = el('section', { id: 'wc-sheet', class: 'panel', hidden: true });
  const deduce = el('section', { id: 'wc-deduction', class: 'panel', hidden: true });
  const nightsBox = el('section', { id: 'wc-nights', class: 'panel', hidden: true });
  const legend = el('section', { id: 'wc-legend', class: 'panel' });
  ctx.panel.replaceChildren(status, sheet, deduce, nightsBox, legend);

  /** @type {'locations'|'hideouts'|'off'} */
  let overlay = 'locations';
  try {
    const o = localStorage.getItem(OVERLAY_KEY);
    if (o === 'hideouts' || o === 'off') overlay = o;
  } catch {
    // default: the possible locations
  }
  /** @type {Snapshot|null} */
  let last = null;

  /**
   * The legal moves of the seats this connection holds: on the board, or as
   * buttons.
   * @param {Snapshot} snap
   * @param {WcView} v
   */
  function drawTargets(snap, v) {
    const buttons = offerOnBoard(board, snap, ctx, targetOf, (i, seat) => describe(i, v, seat));
    keepButtons(actions, buttons.map((c, i) => ({
      key: `${c.seat}:${JSON.stringify(c.intent)}`,
      attrs: { class: c.intent.kind === 'wait' ? 'primary' : '', 'data-action': String(c.intent.kind), 'data-choice': String(i) },
      label: c.label,
      click: () => ctx.play(c.seat, c.intent),
    })));
    actions.hidden = buttons.length === 0;
    board.setClass('selected', v.search?.named ?? []);
  }

  /**
   * The board: pieces, tokens, markers, Jack's trail, the overlay.
   * @param {WcView} v
   * @param {boolean} revealed the game is over (or replayed)
   */
  function drawBoard(v, revealed) {
    const acting = !v.outcome.over;
    /** @type {Figure[]} */
    const figs = [];
    for (const p of v.policemen) {
      if (!p.crossing) continue;
      const head = p.id === v.head;
      figs.push({
        id: p.id, crossing: p.crossing, letter: letter(p.id), cls: `${p.id}${head ? ' head' : ''}`,
        title: head ? t('web.wc.head-title', { who: policeName(p.id) }) : policeName(p.id),
        acting: acting && v.actor === p.id,
      });
    }
    for (const c of v.wretched) {
      figs.push({
        id: `wretched-${c}`, circle: c, letter: t('web.wc.letter.wretched'), cls: 'wretched',
        title: t('web.wc.wretched-on', { circle: c }), acting: acting && v.wretchedTurn === c,
      });
    }
    if (v.circle) figs.push({ id: 'jack', circle: v.circle, letter: 'J', cls: 'jack', title: t('web.wh.jack-here', { circle: v.circle }) });
    board.setFigures(figs);

    /** @type {Token[]} */
    const tokens = v.patrols.map((p) => {
      const known = p.token ?? '';
      const title = p.faceUp
        ? t('web.wc.patrol.up', { crossing: p.crossing, token: tokenName(known) })
        : known ? t('web.wc.patrol.down-known', { crossing: p.crossing, token: tokenName(known) }) : t('web.wc.patrol.down', { crossing: p.crossing });
      return {
        crossing: p.crossing,
        cls: `patrol ${p.faceUp ? 'up' : 'down'}${known ? ` tok-${known}` : ''}`,
        label: known ? letter(known) : '?',
        title,
        data: { patrol: p.crossing, face: p.faceUp ? 'up' : 'down', 'patrol-token': known },
      };
    });
    board.setTokens(tokens);

    /** @type {Marker[]} */
    const markers = [];
    v.crimeScenes.forEach((c, i) => markers.push({ circle: c, kind: 'scene', label: String(i + 1), title: t('web.wc.marker.scene', { n: i + 1 }) }));
    const marked = new Set(v.marked ?? []);
    const jackKnows = v.marked !== undefined;
    for (const c of v.women) {
      if (jackKnows && marked.has(c)) markers.push({ circle: c, kind: 'woman-marked', label: '✓', title: t('web.wc.marker.woman-marked') });
      else if (jackKnows) markers.push({ circle: c, kind: 'woman', label: '·', title: t('web.wc.marker.woman-unmarked') });
      else markers.push({ circle: c, kind: 'woman', label: '?', title: t('web.wc.marker.woman') });
    }
    for (const c of v.clues) markers.push({ circle: c, kind: 'clue', title: t('web.wc.marker.clue') });
    if (tonightKilled(v)) {
      for (const o of v.nights[v.night - 1].obs) {
        if (o.kind === 'no-clue') markers.push({ circle: o.circle, kind: 'miss', title: t('web.wh.marker.no-clue') });
        else if (o.kind === 'not-here') markers.push({ circle: o.circle, kind: 'not-here', title: t('web.wh.marker.not-here') });
      }
    }
    if (v.hideout) markers.push({ circle: v.hideout, kind: 'hideout', title: revealed ? t('web.wc.marker.hideout-revealed') : t('web.wc.marker.hideout') });
    board.setMarkers(markers);

    // Jack's trail: tonight's in his view, every night's once revealed.
    const trail = v.trail ?? [];
    board.setPaths(revealed ? trail : tonightKilled(v) ? trail.slice(-1) : []);

    // The overlay: possible locations, or possible hideouts.
    /** @type {Map<number, number>} */
    const probs = new Map();
    if (overlay === 'locations' && v.possible && v.possibleTotal) {
      for (const p of v.possible) probs.set(p.circle, p.count / v.possibleTotal);
    } else if (overlay === 'hideouts' && v.hideouts) {
      const total = v.hideouts.reduce((a, h) => a + h.weight, 0);
      if (total > 0) for (const h of v.hideouts) probs.set(h.circle, h.weight / total);
    }
    board.setShade(probs.size ? probs : null);
  }

  /**
   * The night, the Head, the Time of the Crime, the move track, the tokens
   * left.
   * @param {WcView} v
   */
  function drawStatus(v) {
    const facts = el('dl', { class: 'kv' });
    /**
     * @param {string} k
     * @param {string|Node} val
     * @param {string} [id]
     */
    const fact = (k, val, id) => facts.append(el('dt', {}, k), el('dd', id ? { 'data-fact': id } : {}, val));
    fact(t('web.wc.night'), t('web.wc.night-of', { night: v.night, nights: NIGHTS }), 'night');
    fact(t('web.wc.head'), el('span', { class: `wc-colour wc-${v.head}` }, el('b', {}, letter(v.head)), ' ', policeName(v.head)), 'head');
    if (v.order.length) fact(t('web.wc.order'), v.order.map(colourName).join(' → '), 'order');
    fact(t('web.wc.time'), v.timeOfCrime ? roman(v.timeOfCrime) : '—', 'time');
    fact(t('web.wc.victims'), t('web.wc.of', { n: v.crimeScenes.length, of: VICTIMS }), 'victims');
    if (v.phase === 'women') fact(t('web.wc.women-left'), String(v.womenLeft), 'women-left');
    if (v.phase === 'women' || v.phase === 'patrol') fact(t('web.wc.patrols-left'), String(v.patrolsLeft), 'patrols-left');
    if (v.search) {
      fact(t('web.wc.searching', { who: policeName(v.search.policeman) }), v.search.named.length ? v.search.named.join(', ') : '—', 'search');
    }

    const specials = el('ul', { class: 'specials', 'aria-label': t('web.wc.specials') },
      el('li', { class: v.coaches === 0 ? 'used' : '', 'data-special': 'coach' }, t('web.wc.coaches-left', { n: v.coaches })),
      el('li', { class: v.alleys === 0 ? 'used' : '', 'data-special': 'alley' }, t('web.wc.alleys-left', { n: v.alleys })));

    const track = el('ol', { class: 'track wc-track', 'aria-label': t('web.wh.track') });
    const toc = timeSpace(v.timeOfCrime);
    const pawn = v.track ? v.track.start + v.track.used : -1;
    for (let i = 0; i < TRACK_SPACES; i++) {
      const cls = [
        i < 5 ? 'time' : '',
        v.track && i < v.track.start ? 'before' : '',
        v.track && i > v.track.start && i <= pawn ? 'done' : '',
        i === toc ? 'toc' : '',
        i === pawn && !v.outcome.over ? 'now' : '',
        i === pawn ? 'jack' : '',
      ].filter(Boolean).join(' ');
      /** @type {string[]} */
      const titles = [t('web.wc.space', { label: trackLabel(i) })];
      if (i === toc) titles.push(t('web.wc.toc-here'));
      if (i === pawn) titles.push(t('web.wc.pawn-here'));
      track.append(el('li', { class: cls, 'data-space': i, 'data-label': trackLabel(i), title: titles.join(' · ') },
        el('span', {}, trackLabel(i)),
        i === toc ? el('span', { class: 'toc-token', 'aria-hidden': 'true' }, '⧗') : null,
        i === pawn ? el('span', { class: 'kind' }, 'J') : null));
    }
    /** @type {(Node|string)[]} */
    const trackInfo = [];
    if (v.track) trackInfo.push(el('p', { class: 'wc-moves-left', 'data-moves-left': v.track.left }, t('web.wc.moves-left', { n: v.track.left })));

    status.replaceChildren(
      el('h2', {}, t('web.wc.status')),
      facts,
      el('h3', {}, t('web.wh.track')),
      track,
      ...trackInfo,
      el('h3', {}, t('web.wc.specials')),
      specials,
    );
  }

  /**
   * Jack's secret sheet: his hideout and a row per night. Only in his view
   * and once the game is over (the view carries the trail then).
   * @param {WcView} v
   * @param {boolean} revealed
   */
  function drawSheet(v, revealed) {
    const show = v.seat === 0 || v.trail !== undefined || v.hideout !== undefined || v.marked !== undefined;
    sheet.hidden = !show;
    if (!show) return;
    const rows = (v.trail ?? []).map((row, n) => {
      const night = v.nights[n];
      const kinds = cellKinds(night);
      const cells = el('td', {});
      row.forEach((c, i) => {
        const kind = kinds[i] ?? 'walk';
        const tag = kind === 'scene' ? '✕' : kind === 'coach' ? t('web.wh.short.coach') : kind === 'alley' ? t('web.wh.short.alley') : '';
        cells.append(el('span', {
          class: `step${tag ? ' special' : ''}${kind === 'scene' ? ' scene' : ''}`,
          'data-trail-cell': i,
          title: t('web.wc.cell', { n: i, kind: kindName(kind), circle: c }),
        }, tag ? `${c}·${tag}` : String(c)));
      });
      return el('tr', { 'data-night': n + 1 },
        el('th', { scope: 'row' }, String(n + 1)),
        cells,
        el('td', { 'data-home': String(!!night?.home) }, night?.home ? t('web.wc.home-yes') : '—'));
    });
    const marked = v.marked ?? [];
    sheet.replaceChildren(
      el('h2', {}, revealed ? t('web.wc.sheet-revealed') : t('web.wc.sheet')),
      el('p', { 'data-hideout': v.hideout ?? '' }, v.hideout ? t('web.wc.hideout-is', { circle: v.hideout }) : t('web.wc.hideout-none')),
      ...(marked.length && v.women.length ? [el('p', { 'data-marked': marked.join(',') }, markedList(marked))] : []),
      ...(rows.length ? [el('table', { class: 'trail-sheet' },
        el('thead', {}, el('tr', {},
          el('th', { scope: 'col' }, t('web.wc.night')),
          el('th', { scope: 'col' }, t('web.wh.trail')),
          el('th', { scope: 'col' }, t('web.wc.home')))),
        el('tbody', {}, ...rows))] : []),
    );
  }

  /**
   * The overlay's switch and its summary, when the view carries the
   * deduction (police and spectators at a table that allows it).
   * @param {WcView} v
   */
  function drawDeduction(v) {
    const hasLoc = v.possible !== undefined && v.possible.length > 0;
    const hasHide = v.hideouts !== undefined && v.hideouts.length > 0;
    // The table allows the aids, the viewer is not Jack, nothing to show yet.
    const later = v.options.deduction === 'on' && v.seat !== 0 && !v.outcome.over;
    deduce.hidden = !hasLoc && !hasHide && !later;
    if (deduce.hidden) return;
    if (!hasLoc && !hasHide) {
      deduce.replaceChildren(el('h2', {}, t('web.wc.deduction')), el('p', { class: 'empty' }, t('web.wc.deduction-later')));
      return;
    }
    /**
     * @param {'locations'|'hideouts'|'off'} value
     * @param {string} label
     * @param {boolean} enabled
     */
    const radio = (value, label, enabled) => {
      const r = el('input', { type: 'radio', name: 'wc-overlay', id: `wc-overlay-${value}`, value, checked: overlay === value, disabled: !enabled });
      r.addEventListener('change', () => {
        if (!r.checked) return;
        overlay = value;
        try {
          localStorage.setItem(OVERLAY_KEY, value);
        } catch {
          // not persisted
        }
        if (last) update(last);
      });
      return el('div', { class: 'field check' }, r, el('label', { for: `wc-overlay-${value}` }, label));
    };
    /** @type {Node[]} */
    const out = [el('h2', {}, t('web.wc.deduction'))];
    out.push(el('fieldset', { class: 'wc-overlay' },
      el('legend', {}, t('web.wc.overlay')),
      radio('locations', t('web.wc.overlay.locations'), hasLoc),
      radio('hideouts', t('web.wc.overlay.hideouts'), hasHide),
      radio('off', t('web.wc.overlay.off'), true)));
    if (hasLoc && v.possibleTotal) {
      const total = v.possibleTotal;
      const top = [...(v.possible ?? [])].sort((a, b) => b.count - a.count).slice(0, 5);
      out.push(el('p', { 'data-possible': v.possible?.length ?? 0 }, t('web.wc.possible-summary', { n: v.possible?.length ?? 0 })));
      out.push(el('p', { class: 'likely' }, t('web.wh.deduction-top', {
        list: likelyList(top.map((p) => ({ circle: p.circle, weight: p.count })), total),
      })));
    }
    if (hasHide) {
      const hs = v.hideouts ?? [];
      const total = hs.reduce((a, h) => a + h.weight, 0);
      const top = [...hs].sort((a, b) => b.weight - a.weight).slice(0, 5);
      out.push(el('p', { 'data-hideouts': hs.length }, t('web.wc.hideouts-summary', { n: hs.length })));
      if (total > 0) {
        out.push(el('p', { class: 'likely' }, t('web.wc.hideouts-top', {
          list: likelyList(top, total),
        })));
      }
    }
    deduce.replaceChildren(...out);
  }

  /**
   * The public record of every night: crime scene(s), Time of the Crime,
   * moves, home.
   * @param {WcView} v
   */
  function drawNights(v) {
    nightsBox.hidden = v.nights.length === 0;
    if (nightsBox.hidden) return;
    const rows = v.nights.map((n, i) => {
      const moves = n.moves.length;
      const coaches = n.moves.filter((m) => m.kind === 'coach').length;
      const alleys = n.moves.filter((m) => m.kind === 'alley').length;
      return el('tr', { 'data-night': i + 1 },
        el('th', { scope: 'row' }, String(i + 1)),
        el('td', {}, n.second ? `${n.scene}, ${n.second}` : String(n.scene)),
        el('td', {}, roman(n.timeOfCrime)),
        el('td', {}, t('web.wc.moves-summary', { n: moves, coaches, alleys })),
        el('td', {}, n.home ? t('web.wc.home-yes') : '—'));
    });
    nightsBox.replaceChildren(
      el('h2', {}, t('web.wc.nights')),
      el('table', { class: 'trail-sheet wc-nights' },
        el('thead', {}, el('tr', {},
          el('th', { scope: 'col' }, t('web.wc.night')),
          el('th', { scope: 'col' }, t('web.wc.scene')),
          el('th', { scope: 'col' }, t('web.wc.time-short')),
          el('th', { scope: 'col' }, t('web.wc.moves')),
          el('th', { scope: 'col' }, t('web.wc.home')))),
        el('tbody', {}, ...rows)));
  }

  /** The legend of shapes. */
  function drawLegend() {
    /**
     * @param {string} cls
     * @param {Record<string, string|number>} attrs
     * @param {string} shape
     * @param {string} text
     * @param {string} [label]
     */
    const item = (cls, attrs, shape, text, label) => {
      const s = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      s.setAttribute('viewBox', '-10 -10 20 20');
      s.setAttribute('aria-hidden', 'true');
      const g = document.createElementNS('http://www.w3.org/2000/svg', 'g');
      g.setAttribute('class', cls);
      const e = document.createElementNS('http://www.w3.org/2000/svg', shape);
      for (const [k, val] of Object.entries(attrs)) e.setAttribute(k, String(val));
      g.append(e);
      if (label) {
        const tx = document.createElementNS('http://www.w3.org/2000/svg', 'text');
        tx.setAttribute('class', cls.startsWith('token') ? 'token-label' : 'marker-label');
        tx.setAttribute('text-anchor', 'middle');
        tx.setAttribute('dy', '0.35em');
        tx.textContent = label;
        g.append(tx);
      }
      s.append(g);
      return el('li', {}, s, ' ', text);
    };
    const octagon = { points: '-4,-9 4,-9 9,-4 9,4 4,9 -4,9 -9,4 -9,-4' };
    legend.replaceChildren(
      el('h2', {}, t('web.wh.legend')),
      el('ul', { class: 'legend' },
        item('circle white red', { r: 8, class: 'disc' }, 'circle', t('web.wc.legend.red')),
        item('crossing start', { x: -5, y: -5, width: 10, height: 10, class: 'sq' }, 'rect', t('web.wc.legend.yellow')),
        item('marker marker-woman', { x: -6, y: -7, width: 12, height: 14, rx: 3 }, 'rect', t('web.wc.marker.woman'), '?'),
        item('marker marker-scene', { r: 7 }, 'circle', t('web.wc.legend.scene'), '1'),
        item('token patrol down', octagon, 'polygon', t('web.wc.legend.patrol-down'), '?'),
        item('token patrol up tok-blue', octagon, 'polygon', t('web.wc.legend.patrol-up'), t('web.wh.letter.blue')),
        item('marker marker-clue', { points: '0,-8 7,5 -7,5' }, 'polygon', t('web.wc.marker.clue')),
        item('marker marker-miss', { r: 5 }, 'circle', t('web.wh.marker.no-clue')),
        item('marker marker-not-here', { r: 5 }, 'circle', t('web.wh.marker.not-here')),
      ),
    );
  }

  /** @param {Snapshot} snap */
  function update(snap) {
    last = snap;
    const v = pickView(snap);
    if (!v) return;
    const revealed = !!v.outcome.over || !!snap.replay;
    drawTargets(snap, v);
    drawBoard(v, revealed);
    drawStatus(v);
    drawSheet(v, revealed);
    drawDeduction(v);
    drawNights(v);
    drawLegend();
  }

  return {
    board: true,
    update,
    /** @param {{seat: number, intent: Intent}|null} p */
    preview(p) {
      previewOnBoard(board, p, targetOf);
    },
    /**
     * @param {number[]} circles
     * @param {string[]} crossings
     */
    highlight(circles, crossings) {
      board.setClass('hl', circles, crossings);
    },
    /**
     * @param {number} seat
     * @param {Intent} intent
     * @param {Snapshot} snap
     */
    describe(seat, intent, snap) {
      return describe(intent, pickView(snap), seat);
    },
    /** @param {Snapshot} snap */
    toAct(snap) {
      return pickView(snap)?.toAct ?? [];
    },
  };
}

register('whitechapel', whitechapel);
