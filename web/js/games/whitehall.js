// The Whitehall Mystery renderer: the board with the figures, Jack (in his
// own view and once the game is over), the red discovery, yellow clue and blue
// false clue markers, the answers of searches and arrests, Jack's trail; the
// move track, the special movement cards, the powers, Jack's private trail
// sheet (a row per round), the deduction overlay when the table allows it;
// choosing by clicking the highlighted legal targets (a chooser when one click
// could mean several moves); and, once the game is over, the step-by-step
// replay.
//
// The view is games/whitehall's View (view.go); VIEW_FIELDS lists every field
// this file reads, and web_test.go checks them against a real encoded view.

import { el, keepButtons } from '../dom.js';
import { t } from '../i18n.js';
import { BoardView, likelyList, loadGeometry } from '../board.js';
import { register } from './registry.js';
import { offerOnBoard, previewOnBoard } from './targets.js';

/** @typedef {import('../types.js').Intent} Intent */
/** @typedef {import('../types.js').Text} Text */
/** @typedef {import('../types.js').Outcome} Outcome */
/** @typedef {import('../types.js').HistoryEntry} HistoryEntry */
/** @typedef {import('./registry.js').Snapshot} Snapshot */
/** @typedef {import('./registry.js').TableContext} TableContext */
/** @typedef {import('./registry.js').Choice} Choice */
/** @typedef {import('../board.js').Marker} Marker */
/** @typedef {import('../board.js').Figure} Figure */

/**
 * @typedef {Object} WhFigure
 * @property {number} seat
 * @property {string} id yellow, blue, red, green or brown
 * @property {string} name
 * @property {string} crossing "" before placement
 */

/**
 * @typedef {Object} WhCard
 * @property {number} left
 * @property {number} out
 */

/**
 * @typedef {Object} WhMove
 * @property {string} kind walk, coach, alley, boat or special
 * @property {number} cells
 * @property {string[]} occupied
 */

/**
 * @typedef {Object} WhObs
 * @property {number} time
 * @property {number} circle
 * @property {string} kind clue, no-clue or not-here
 */

/**
 * @typedef {Object} WhRound
 * @property {number} start
 * @property {number} [end]
 * @property {WhMove[]} moves
 * @property {WhObs[]} obs
 */

/**
 * games/whitehall View as JSON.
 * @typedef {Object} WhView
 * @property {number} seat
 * @property {{investigatorPowers: boolean, reid: string, swanson: string, falseClues: boolean,
 *   murdererAtLarge: boolean, newspaperFabrications: boolean, deduction: string}} options
 * @property {string} phase
 * @property {Text} prompt
 * @property {number[]} toAct
 * @property {string} [actor]
 * @property {number} round
 * @property {number} locationsChosen
 * @property {WhFigure[]} figures
 * @property {string[]} track
 * @property {{coach: WhCard, alley: WhCard, boat: WhCard, hidden: number}} cards
 * @property {number[]} reached
 * @property {number[]} clues
 * @property {number[]} falseClues
 * @property {number} blueMarkers
 * @property {number} cluesFound
 * @property {{smokerSpent: boolean, reidSpent: boolean, swansonSpent: boolean, speed: boolean}} powers
 * @property {{figure: string, scent: boolean, named: number[]}} [search]
 * @property {number} [guess]
 * @property {WhRound[]} rounds
 * @property {number[]} [locations] by quadrant bA, aA, aB, bB (Jack, or once over)
 * @property {number[][]} [trail] a row per round (Jack, or once over)
 * @property {number} [circle] Jack's circle (Jack, or once over)
 * @property {boolean} [announce]
 * @property {{circle: number, count: number}[]} [possible]
 * @property {number} [possibleTotal]
 * @property {Outcome} outcome
 */

/**
 * Every View field this renderer reads, as JSON paths ("[]" for array
 * elements). web_test.go checks each against a real encoded view; keep it in
 * step with the code.
 */
export const VIEW_FIELDS = [
  'seat', 'options.investigatorPowers', 'options.reid', 'options.swanson', 'options.falseClues',
  'options.murdererAtLarge', 'options.newspaperFabrications', 'options.deduction',
  'phase', 'prompt', 'toAct', 'actor', 'round', 'locationsChosen',
  'figures[].seat', 'figures[].id', 'figures[].name', 'figures[].crossing',
  'track', 'cards.coach.left', 'cards.coach.out', 'cards.alley.left', 'cards.alley.out',
  'cards.boat.left', 'cards.boat.out', 'cards.hidden',
  'reached', 'clues', 'falseClues', 'blueMarkers', 'cluesFound',
  'powers.smokerSpent', 'powers.reidSpent', 'powers.swansonSpent', 'powers.speed',
  'search.figure', 'search.scent', 'search.named',
  'rounds[].start', 'rounds[].end', 'rounds[].moves[].kind', 'rounds[].moves[].cells', 'rounds[].moves[].occupied',
  'rounds[].obs[].time', 'rounds[].obs[].circle', 'rounds[].obs[].kind',
  'locations', 'trail', 'circle', 'announce', 'possible[].circle', 'possible[].count', 'possibleTotal',
  'outcome.over',
];

/**
 * Every move intent this renderer knows, with the fields it reads. Any other
 * kind still shows as a button (plain words). web_test.go checks these
 * against the game's encoded legal moves.
 */
export const INTENT_FIELDS = {
  location: ['circle'], place: ['at'], reveal: ['circle'], newspaper: ['card'],
  walk: ['to'], coach: ['via', 'to'], alley: ['to'], boat: ['to'],
  figure: ['to'], speed: ['to'], 'false-clue': ['circle'], search: ['circle'], scent: ['circle'],
  arrest: ['circle'], 'area-arrest': [], guess: ['circle'], stop: [], pass: [],
};

/** The 15 spaces of the move track. */
const TRACK_SPACES = 15;
const ROUNDS = 3;
const DEDUCE_KEY = 'gaslamp.whitehall.deduction';

/**
 * The letter on a figure's pawn: its colour's initial in the player's
 * language, so that colour is never the only cue.
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
  }
  return id.slice(0, 1).toUpperCase();
}

/**
 * The translated name of a track space or move kind.
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
    case 'boat':
      return t('web.wh.kind.boat');
    case 'special':
      return t('web.wh.kind.special');
  }
  return kind;
}

/**
 * A one- or two-letter tag of a special kind, for the trail sheet ("" for a
 * walk).
 * @param {string} kind
 */
function kindTag(kind) {
  switch (kind) {
    case 'coach':
      return t('web.wh.short.coach');
    case 'alley':
      return t('web.wh.short.alley');
    case 'boat':
      return t('web.wh.short.boat');
    case 'special':
      return '?';
  }
  return '';
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
 * @param {WhView|null} v the view (for "stay" and names)
 * @param {number} seat
 */
function describe(i, v, seat) {
  switch (i.kind) {
    case 'location':
      return t('web.wh.do.location', { circle: num(i, 'circle') });
    case 'reveal':
      return t('web.wh.do.reveal', { circle: num(i, 'circle') });
    case 'place':
      return t('web.wh.do.place', { crossing: str(i, 'at') });
    case 'newspaper':
      return str(i, 'card') === 'boat' ? t('web.wh.do.newspaper-boat') : t('web.wh.do.newspaper-alley');
    case 'walk':
      return t('web.wh.do.walk', { circle: num(i, 'to') });
    case 'coach':
      return t('web.wh.do.coach', { via: num(i, 'via'), circle: num(i, 'to') });
    case 'alley':
      return t('web.wh.do.alley', { circle: num(i, 'to') });
    case 'boat':
      return t('web.wh.do.boat', { circle: num(i, 'to') });
    case 'figure': {
      const here = v?.figures.find((f) => f.seat === seat)?.crossing;
      return here === str(i, 'to') ? t('web.wh.do.stay', { crossing: str(i, 'to') }) : t('web.wh.do.figure', { crossing: str(i, 'to') });
    }
    case 'speed':
      return t('web.wh.do.speed', { crossing: str(i, 'to') });
    case 'false-clue':
      return t('web.wh.do.false-clue', { circle: num(i, 'circle') });
    case 'search':
      return t('web.wh.do.search', { circle: num(i, 'circle') });
    case 'scent':
      return t('web.wh.do.scent', { circle: num(i, 'circle') });
    case 'arrest':
      return t('web.wh.do.arrest', { circle: num(i, 'circle') });
    case 'area-arrest':
      return t('web.wh.do.area-arrest');
    case 'guess':
      return t('web.wh.do.guess', { circle: num(i, 'circle') });
    case 'stop':
      return t('web.wh.do.stop');
    case 'pass':
      return v?.phase === 'newspaper' ? t('web.wh.do.pass-newspaper') : v?.phase === 'false-clue' ? t('web.wh.do.pass-false-clue') : t('web.wh.do.pass');
  }
  return Object.entries(i).map(([k, x]) => `${k}=${String(x)}`).join(' ');
}

/**
 * Where a click on the board selects an intent: its circle or crossing.
 * @param {Intent} i
 * @returns {{circle: number}|{crossing: string}|null}
 */
function targetOf(i) {
  switch (i.kind) {
    case 'location':
    case 'reveal':
    case 'false-clue':
    case 'search':
    case 'scent':
    case 'arrest':
    case 'guess':
      return { circle: num(i, 'circle') };
    case 'walk':
    case 'coach':
    case 'alley':
    case 'boat':
      return { circle: num(i, 'to') };
    case 'place':
      return { crossing: str(i, 'at') };
    case 'figure':
    case 'speed':
      return { crossing: str(i, 'to') };
  }
  return null;
}

/**
 * The view to draw: a replay frame (Jack's view then, with the public
 * deduction), else Jack's when this connection holds
 * Jack (seat 0), else the first held seat's, else the spectator's.
 * @param {Snapshot} snap
 * @returns {WhView|null}
 */
function pickView(snap) {
  if (snap.replay?.view) {
    // A replay frame: Jack's view of that moment (his trail so far), with the
    // public deduction of that moment.
    const spec = /** @type {WhView} */ (snap.replay.view);
    const jack = /** @type {WhView|undefined} */ (snap.views['0']);
    return jack ? { ...jack, possible: spec.possible, possibleTotal: spec.possibleTotal } : spec;
  }
  const keys = [...(snap.you.includes(0) ? ['0'] : []), ...snap.you.map(String), 'spectator'];
  for (const k of keys) {
    const v = snap.views[k];
    if (v && typeof v === 'object') return /** @type {WhView} */ (v);
  }
  const any = Object.values(snap.views)[0];
  return any && typeof any === 'object' ? /** @type {WhView} */ (any) : null;
}

/**
 * The event data of e as a record (events carry their arguments there).
 * @param {import('../types.js').GameEvent} e
 * @returns {Record<string, unknown>}
 */
function data(e) {
  return e.data && typeof e.data === 'object' ? /** @type {Record<string, unknown>} */ (e.data) : {};
}

/**
 * A past position of a finished game, rebuilt from the final (full) view and
 * the events up to a version, for the replay when the server has no frames:
 * figures from their placed/moved events, Jack's trail cut at the space his
 * last move reached, the markers as they stood then.
 * @param {WhView} fin the final view (the game is over: everything is shown)
 * @param {HistoryEntry[]} history the events up to the version shown
 * @returns {WhView}
 */
export function replayView(fin, history) {
  /** @type {Record<string, string>} */
  const at = {};
  let round = 0;
  let space = 0;
  /** @type {number[]} */
  const reached = [];
  /** @type {number[]} */
  let clues = [];
  /** @type {number[]} */
  let falseClues = [];
  /** @type {WhObs[]} */
  let obs = [];
  for (const h of history) {
    for (const e of h.events) {
      const d = data(e);
      switch (e.type) {
        case 'whitehall.placed':
        case 'whitehall.moved':
          if (typeof d.figure === 'string' && typeof d.crossing === 'string') at[d.figure] = d.crossing;
          break;
        case 'whitehall.start':
          reached.push(Number(d.circle));
          round = 1;
          space = 0;
          break;
        case 'whitehall.announced':
          if (!reached.includes(Number(d.circle))) reached.push(Number(d.circle));
          break;
        case 'whitehall.round':
          round = Number(d.round);
          space = 0;
          clues = [];
          falseClues = [];
          obs = [];
          break;
        case 'whitehall.jack-moved':
          space = Math.max(space, Number(d.space));
          break;
        case 'whitehall.search':
          if (e.text.key.endsWith('.clue')) {
            clues.push(Number(d.circle));
            obs.push({ time: space, circle: Number(d.circle), kind: 'clue' });
          } else if (e.text.key.endsWith('.no-clue')) {
            obs.push({ time: space, circle: Number(d.circle), kind: 'no-clue' });
          }
          break;
        case 'whitehall.arrest':
          if (d.circle !== undefined) obs.push({ time: space, circle: Number(d.circle), kind: 'not-here' });
          break;
        case 'whitehall.false-clue':
          if (d.circle !== undefined) falseClues.push(Number(d.circle));
          break;
      }
    }
  }
  const trail = (fin.trail ?? []).slice(0, round).map((row, r) => (r === round - 1 ? row.slice(0, space + 1) : row));
  const cur = trail.length ? trail[trail.length - 1] : [];
  const rounds = fin.rounds.slice(0, round).map((rv, r) => {
    if (r < round - 1) return rv;
    /** @type {WhMove[]} */
    const moves = [];
    let cells = 0;
    for (const m of rv.moves) {
      if (cells + m.cells > space) break;
      moves.push(m);
      cells += m.cells;
    }
    return { start: rv.start, moves, obs };
  });
  /** @type {Record<string, number>} */
  const used = { coach: 0, alley: 0, boat: 0 };
  for (const rv of rounds) for (const m of rv.moves) if (m.kind in used) used[m.kind]++;
  /** @param {string} k */
  const card = (k) => ({ left: Math.max(0, 2 - used[k]), out: used[k] });
  const last = rounds[rounds.length - 1];
  /** @type {string[]} */
  const track = [];
  for (const m of last?.moves ?? []) for (let i = 0; i < m.cells; i++) track.push(m.kind);
  return {
    ...fin,
    phase: 'replay',
    round,
    figures: fin.figures.map((f) => ({ ...f, crossing: at[f.id] ?? '' })),
    reached,
    clues,
    falseClues,
    rounds,
    trail,
    track,
    cards: { coach: card('coach'), alley: card('alley'), boat: card('boat'), hidden: 0 },
    circle: cur.length ? cur[cur.length - 1] : 0,
    search: undefined,
    actor: undefined,
    possible: undefined,
  };
}

/**
 * The Whitehall renderer.
 * @param {TableContext} ctx
 */
async function whitehall(ctx) {
  const actions = el('div', { id: 'wh-actions', class: 'wh-actions', role: 'group' });
  const boardBox = el('div', { class: 'wh-board' });
  ctx.board.replaceChildren(actions, boardBox);
  const geo = await loadGeometry('whitehall');
  const board = new BoardView(boardBox, geo);

  const status = el('section', { id: 'wh-status', class: 'panel' });
  const trailBox = el('section', { id: 'wh-trail', class: 'panel', hidden: true });
  const deduceBox = el('section', { id: 'wh-deduction', class: 'panel', hidden: true });
  const legend = el('section', { id: 'wh-legend', class: 'panel' });
  ctx.panel.replaceChildren(status, trailBox, deduceBox, legend);

  let showDeduction = true;
  try {
    showDeduction = localStorage.getItem(DEDUCE_KEY) !== 'off';
  } catch {
    // default on
  }
  /** @type {Snapshot|null} */
  let last = null;


  board.onPick = null;

  /**
   * @param {Snapshot} snap
   * @param {WhView} v
   */
  function drawTargets(snap, v) {
    const buttons = offerOnBoard(board, snap, ctx, targetOf, (i, seat) => describe(i, v, seat));
    keepButtons(actions, buttons.map((c, i) => ({
      key: `${c.seat}:${JSON.stringify(c.intent)}`,
      attrs: { class: c.intent.kind === 'pass' || c.intent.kind === 'stop' ? '' : 'primary', 'data-action': String(c.intent.kind), 'data-choice': String(i) },
      label: c.label,
      click: () => ctx.play(c.seat, c.intent),
    })));
    actions.hidden = buttons.length === 0;
    // A search in progress: the circles already named are marked.
    board.setClass('selected', v.search?.named ?? []);
  }

  /**
   * @param {WhView} v
   * @param {boolean} over
   */
  function drawBoard(v, over) {
    /** @type {Figure[]} */
    const figs = v.figures.filter((f) => f.crossing).map((f) => ({
      id: f.id, crossing: f.crossing, letter: letter(f.id), cls: f.id, title: f.name,
      acting: v.actor === f.id && !over,
    }));
    if (v.circle) figs.push({ id: 'jack', circle: v.circle, letter: 'J', cls: 'jack', title: t('web.wh.jack-here', { circle: v.circle }) });
    board.setFigures(figs);

    /** @type {Marker[]} */
    const markers = [];
    v.reached.forEach((c, i) => markers.push({ circle: c, kind: 'discovery', label: String(i + 1), title: t('web.wh.marker.discovery') }));
    for (const c of v.clues) markers.push({ circle: c, kind: 'clue', title: t('web.wh.marker.clue') });
    for (const c of v.falseClues) markers.push({ circle: c, kind: 'false', title: t('web.wh.marker.false-clue') });
    const cur = v.rounds[v.rounds.length - 1];
    for (const o of cur?.obs ?? []) {
      if (o.kind === 'no-clue') markers.push({ circle: o.circle, kind: 'miss', title: t('web.wh.marker.no-clue') });
      else if (o.kind === 'not-here') markers.push({ circle: o.circle, kind: 'not-here', title: t('web.wh.marker.not-here') });
    }
    if (v.guess) markers.push({ circle: v.guess, kind: 'not-here', title: t('web.wh.marker.guess') });
    const reached = new Set(v.reached);
    for (const c of v.locations ?? []) {
      if (c && !reached.has(c)) markers.push({ circle: c, kind: 'location', label: '?', title: t('web.wh.marker.location') });
    }
    board.setMarkers(markers);

    // Jack's trail: his current round in his view, every round once over.
    const trail = v.trail ?? [];
    board.setPaths(over ? trail : trail.slice(-1));

    // The deduction overlay.
    const probs = new Map();
    if (showDeduction && v.possible && v.possibleTotal) {
      for (const p of v.possible) probs.set(p.circle, p.count / v.possibleTotal);
    }
    board.setShade(probs.size ? probs : null);
  }

  /**
   * The round, the move track, the special cards, the markers held, the
   * powers.
   * @param {WhView} v
   */
  function drawStatus(v) {
    const track = el('ol', { class: 'track', 'aria-label': t('web.wh.track') });
    for (let i = 0; i < TRACK_SPACES; i++) {
      const kind = v.track[i];
      const now = !kind && i === v.track.length && !v.outcome.over && v.round > 0;
      track.append(el('li', { class: kind ? 'done' : now ? 'now' : '', 'data-space': i + 1, 'data-kind': kind ?? '' },
        el('span', {}, String(i + 1)),
        kind ? el('span', { class: 'kind' }, kindName(kind)) : null));
    }
    const cards = el('ul', { class: 'specials', 'aria-label': t('web.wh.cards') });
    for (const [kind, c] of /** @type {[string, WhCard][]} */ ([['coach', v.cards.coach], ['alley', v.cards.alley], ['boat', v.cards.boat]])) {
      cards.append(el('li', { class: c.left === 0 ? 'used' : '', 'data-card': kind },
        t('web.wh.card-count', { card: kindName(kind), left: c.left, out: c.out })));
    }
    if (v.cards.hidden > 0) cards.append(el('li', { 'data-card': 'hidden' }, t('web.wh.cards-hidden', { n: v.cards.hidden })));

    const facts = el('dl', { class: 'kv' });
    /**
     * @param {string} k
     * @param {string} val
     */
    const fact = (k, val) => facts.append(el('dt', {}, k), el('dd', {}, val));
    fact(t('web.wh.round'), v.round > 0 ? t('web.wh.round-of', { round: v.round, rounds: ROUNDS }) : t('web.wh.setup'));
    fact(t('web.wh.reached'), v.reached.length ? v.reached.join(', ') : '—');
    fact(t('web.wh.clues-found'), String(v.cluesFound));
    if (v.options.falseClues) fact(t('web.wh.blue-markers'), String(v.blueMarkers));
    if (v.options.investigatorPowers) fact(t('web.wh.power.smoker'), v.powers.smokerSpent ? t('web.wh.power.spent') : t('web.wh.power.ready'));
    if (v.options.reid && v.options.reid !== 'none') fact(t('web.wh.power.reid'), v.powers.reidSpent ? t('web.wh.power.spent') : t('web.wh.power.ready'));
    if (v.options.swanson && v.options.swanson !== 'none') fact(t('web.wh.power.swanson'), v.powers.swansonSpent ? t('web.wh.power.spent') : t('web.wh.power.ready'));
    if (v.options.murdererAtLarge) fact(t('web.wh.rule'), t('web.wh.rule.murderer'));
    if (v.search) fact(t('web.wh.searching'), v.search.named.length ? v.search.named.join(', ') : '—');
    if (v.round === 0 && v.phase === 'locations') fact(t('web.wh.locations-chosen'), t('web.wh.of-four', { n: v.locationsChosen }));

    status.replaceChildren(
      el('h2', {}, t('web.wh.status')),
      facts,
      el('h3', {}, t('web.wh.track')),
      track,
      el('h3', {}, t('web.wh.cards')),
      cards,
    );
  }

  /**
   * Jack's private trail sheet, a row per round: only in Jack's view and once
   * the game is over.
   * @param {WhView} v
   * @param {boolean} revealed the game is over (or replayed): the sheet is public
   */
  function drawTrail(v, revealed) {
    trailBox.hidden = !v.trail;
    if (!v.trail) return;
    const rows = v.trail.map((row, r) => {
      const rv = v.rounds[r];
      /** @type {string[]} kinds of the cells 1.. of the row */
      const kinds = [];
      for (const m of rv?.moves ?? []) for (let i = 0; i < m.cells; i++) kinds.push(m.kind);
      const cells = el('td', {});
      row.forEach((c, i) => {
        const kind = i === 0 ? 'start' : kinds[i - 1] ?? 'walk';
        const tag = i === 0 ? '' : kindTag(kind);
        cells.append(el('span', {
          class: `step${tag ? ' special' : ''}`,
          'data-trail-cell': i,
          title: i === 0 ? t('web.wh.marker.start') : t('web.wh.cell', { space: i, kind: kindName(kind) }),
        }, tag ? `${c}·${tag}` : String(c)));
      });
      return el('tr', { 'data-round': r + 1 },
        el('th', { scope: 'row' }, String(r + 1)),
        cells,
        el('td', {}, rv?.end ? String(rv.end) : ''));
    });
    const reached = new Set(v.reached);
    const locs = (v.locations ?? []).filter((c) => c > 0);
    trailBox.replaceChildren(
      el('h2', {}, revealed ? t('web.wh.trail-revealed') : t('web.wh.trail-sheet')),
      ...(v.announce ? [el('p', { class: 'announce', role: 'status' }, t('web.wh.announce'))] : []),
      ...(locs.length ? [el('p', {}, t('web.wh.your-locations', {
        list: locs.map((c) => (reached.has(c) ? t('web.wh.location-reached', { circle: c }) : String(c))).join(', '),
      }))] : []),
      el('table', { class: 'trail-sheet' },
        el('thead', {}, el('tr', {},
          el('th', { scope: 'col' }, t('web.wh.round')),
          el('th', { scope: 'col' }, t('web.wh.trail')),
          el('th', { scope: 'col' }, t('web.wh.reached-col')))),
        el('tbody', {}, ...rows)),
    );
  }

  /**
   * The deduction overlay's switch and summary, when the table allows it.
   * @param {WhView} v
   */
  function drawDeduction(v) {
    const allowed = v.options.deduction === 'on' && v.possible !== undefined;
    deduceBox.hidden = !allowed;
    if (!allowed) return;
    const box = el('input', { type: 'checkbox', id: 'wh-deduce-toggle', checked: showDeduction });
    box.addEventListener('change', () => {
      showDeduction = box.checked;
      try {
        localStorage.setItem(DEDUCE_KEY, showDeduction ? 'on' : 'off');
      } catch {
        // not persisted
      }
      if (last) update(last);
    });
    const top = [...(v.possible ?? [])].sort((a, b) => b.count - a.count).slice(0, 5);
    const total = v.possibleTotal ?? 0;
    deduceBox.replaceChildren(
      el('h2', {}, t('web.wh.deduction')),
      el('div', { class: 'field check' }, box, el('label', { for: 'wh-deduce-toggle' }, t('web.wh.deduction-show'))),
      el('p', {}, t('web.wh.deduction-summary', { n: v.possible?.length ?? 0 })),
      ...(top.length && total ? [el('p', { class: 'likely' }, t('web.wh.deduction-top', {
        list: likelyList(top.map((p) => ({ circle: p.circle, weight: p.count })), total),
      }))] : []),
    );
  }

  /** The legend of shapes and colours. */
  function drawLegend() {
    /**
     * @param {string} cls
     * @param {import('../dom.js').Attrs} attrs
     * @param {string} shape
     * @param {string} text
     */
    const item = (cls, attrs, shape, text) => {
      const s = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      s.setAttribute('viewBox', '-10 -10 20 20');
      s.setAttribute('aria-hidden', 'true');
      const g = document.createElementNS('http://www.w3.org/2000/svg', 'g');
      g.setAttribute('class', cls);
      const e = document.createElementNS('http://www.w3.org/2000/svg', shape);
      for (const [k, val] of Object.entries(attrs)) e.setAttribute(k, String(val));
      g.append(e);
      s.append(g);
      return el('li', {}, s, ' ', text);
    };
    legend.replaceChildren(
      el('h2', {}, t('web.wh.legend')),
      el('ul', { class: 'legend' },
        item('marker marker-discovery', { points: '0,-8 8,0 0,8 -8,0' }, 'polygon', t('web.wh.marker.discovery')),
        item('marker marker-clue', { points: '0,-8 7,5 -7,5' }, 'polygon', t('web.wh.marker.clue')),
        item('marker marker-false', { d: 'M-6,-6L6,6M6,-6L-6,6' }, 'path', t('web.wh.marker.false-clue')),
        item('marker marker-miss', { r: 5 }, 'circle', t('web.wh.marker.no-clue')),
        item('crossing start', { x: -5, y: -5, width: 10, height: 10, class: 'sq' }, 'rect', t('web.wh.legend.start')),
        item('circle black', { r: 8, class: 'disc' }, 'circle', t('web.wh.legend.black')),
        item('circle blue', { r: 8, class: 'disc' }, 'circle', t('web.wh.legend.blue')),
      ),
    );
  }

  /** @param {Snapshot} snap */
  function update(snap) {
    last = snap;
    let v = pickView(snap);
    if (!v) return;
    if (snap.replay && !snap.replay.view && v.outcome.over) v = replayView(v, snap.history);
    const over = !!v.outcome.over && !snap.replay;
    drawTargets(snap, v);
    drawBoard(v, over || !!snap.replay);
    drawStatus(v);
    drawTrail(v, !!v.outcome.over || !!snap.replay);
    drawDeduction(v);
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

register('whitehall', whitehall);
