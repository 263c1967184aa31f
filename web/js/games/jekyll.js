// The Jekyll & Hyde vs Scotland Yard renderer: the chapter's name and goal;
// the track with the Jekyll & Hyde pawn and Scotland Yard's; the viewer's
// hand face up and the partner's as backs; the City deck; the trick on the
// table with who played what (reaction pairs marked); the colour-rank tokens
// as the colours appear; the tricks won by each player and by the City; the
// turn-order token; the day's gifts to the City; reaction choices (swap two
// ranks, swap a card with the top of the City deck); what the viewer knows
// without seeing it; each round's scoring; and everything once the chapter is
// over. Choosing: click a highlighted card of your hand (give, play or swap
// it), or a button (ask for the deal, which ranks to swap).
//
// Colour is never the only cue (RULINGS J1 and the seed's stickers): a potion
// shows "+", Mr Hyde "✕", Dr Jekyll "○", the City "⌂", and every coloured
// card shows its colour's name and a shape (Cunning ◆, Fear ▲,
// Manipulation ■).
//
// Chat: the view says whether the players may chat (the day before the deal);
// while it is closed the table page disables the chat input and says why
// (Renderer.chatClosed).
//
// The view is games/jekyll's View (view.go); VIEW_FIELDS lists every field
// this file reads, and viewfields_test.go checks them.

import { el, keepButtons } from '../dom.js';
import { currentLang, has, render, t } from '../i18n.js';
import { register } from './registry.js';

/** @typedef {import('../types.js').Intent} Intent */
/** @typedef {import('../types.js').Text} Text */
/** @typedef {import('./registry.js').Snapshot} Snapshot */
/** @typedef {import('./registry.js').TableContext} TableContext */
/** @typedef {import('./registry.js').Choice} Choice */

/**
 * @typedef {Object} JkPlay
 * @property {string} by jekyll, hyde or city
 * @property {string} card
 */

/**
 * @typedef {Object} JkTrick
 * @property {number} number
 * @property {JkPlay[]} cards in play order, the City's first
 * @property {string} [owner] jekyll, hyde or city (completed tricks)
 * @property {boolean} [taken] taken from the City by a red reaction
 * @property {number[]} [paired] positions of the cards that made reactions
 */

/**
 * @typedef {Object} JkRound
 * @property {number[]} tricks
 * @property {number} eights
 * @property {number} low
 * @property {number} pawnGain
 * @property {number} yardGain
 * @property {number} pawn
 * @property {number} yard
 * @property {string} lastTrick
 * @property {string} [result]
 */

/**
 * games/jekyll View as JSON.
 * @typedef {Object} JkView
 * @property {number} seat 0 jekyll, 1 hyde, -1 spectator
 * @property {{chapter: number, key: string, name: Text, goal: Text, potions: number, reactions: boolean,
 *   yard: boolean, last: number, startJH: number, startYard: number, overshootToYard: boolean, campaignStart: number, campaignScore?: boolean}} rules
 * @property {number} round
 * @property {string} phase talk, give, night, over
 * @property {boolean} chat
 * @property {Text} prompt
 * @property {string[]} toAct
 * @property {number} pawn
 * @property {number} yard
 * @property {string} first
 * @property {string[]} [ready]
 * @property {number[]} given
 * @property {number[]} handCount
 * @property {number} deckCount
 * @property {number} aside
 * @property {string[]} [hand]
 * @property {string[]} [gifts]
 * @property {{card: string, where: string[]}[]} [tracked]
 * @property {string} [topKnown]
 * @property {string[][]} lacks
 * @property {{colour: string, token: number}[]} ranks
 * @property {JkTrick} [trick]
 * @property {JkTrick[]} tricks
 * @property {number[]} won jekyll, hyde, city
 * @property {{seat: string, kind: string, choices?: string[]}} [pending]
 * @property {JkRound[]} rounds
 * @property {string} [result]
 * @property {number} stars
 * @property {string[]} [feats]
 * @property {number} campaign
 * @property {{hands: string[][], deck: string[], aside: string[], gifts: string[][]}} [reveal]
 */

/** Every View field this renderer reads (checked by viewfields_test.go). */
export const VIEW_FIELDS = [
  'seat', 'rules.chapter', 'rules.name', 'rules.goal', 'rules.potions', 'rules.reactions', 'rules.yard', 'rules.last',
  'rules.startJH', 'rules.startYard', 'rules.overshootToYard', 'rules.campaignScore',
  'round', 'phase', 'chat', 'prompt', 'toAct', 'pawn', 'yard', 'first', 'ready', 'given', 'handCount', 'deckCount', 'aside',
  'hand', 'gifts', 'tracked[].card', 'tracked[].where', 'topKnown', 'lacks', 'ranks[].colour', 'ranks[].token',
  'trick.number', 'trick.cards[].by', 'trick.cards[].card', 'trick.paired',
  'tricks[].number', 'tricks[].cards[].by', 'tricks[].cards[].card', 'tricks[].owner', 'tricks[].taken',
  'won', 'pending.seat', 'pending.kind',
  'rounds[].tricks', 'rounds[].eights', 'rounds[].low', 'rounds[].pawnGain', 'rounds[].yardGain', 'rounds[].pawn',
  'rounds[].yard', 'rounds[].lastTrick',
  'result', 'stars', 'feats', 'campaign', 'reveal.hands', 'reveal.deck', 'reveal.aside', 'reveal.gifts',
];

/** Every intent this renderer knows, with its fields (checked by viewfields_test.go). */
export const INTENT_FIELDS = {
  ready: [], give: ['card'], play: ['card'], 'swap-ranks': ['a', 'b'], 'swap-card': ['card'],
};

/** The seats by id, and their numbers. */
const SEATS = ['jekyll', 'hyde'];
const COLOURS = ['red', 'blue', 'black'];

/**
 * The symbol of a seat or the City (the seed's stickers: round for Jekyll,
 * X for Hyde).
 * @param {string} who jekyll, hyde or city
 */
export function symbolOf(who) {
  switch (who) {
    case 'jekyll':
      return '○';
    case 'hyde':
      return '✕';
    case 'city':
      return '⌂';
  }
  return '';
}

/**
 * The shape shown with a colour, so that colour is never the only cue.
 * @param {string} colour red, blue, black or potion
 */
export function glyphOf(colour) {
  switch (colour) {
    case 'red':
      return '◆';
    case 'blue':
      return '▲';
    case 'black':
      return '■';
    case 'potion':
      return '+';
  }
  return '?';
}

/**
 * A card id ("red-8", "potion-2") as its colour (or "potion") and value.
 * @param {string} id
 * @returns {{colour: string, value: number}}
 */
export function parseCard(id) {
  const i = id.lastIndexOf('-');
  return { colour: i > 0 ? id.slice(0, i) : id, value: Number(id.slice(i + 1)) || 0 };
}

/**
 * Sorts card ids as a hand is held: red, blue, black, potions, each by value.
 * @param {string[]} cards
 */
export function sortCards(cards) {
  const order = (/** @type {string} */ c) => {
    const k = COLOURS.indexOf(c);
    return k < 0 ? 3 : k;
  };
  return [...cards].sort((a, b) => {
    const x = parseCard(a);
    const y = parseCard(b);
    return order(x.colour) - order(y.colour) || x.value - y.value;
  });
}

/**
 * A colour's name with its colour in words: "Cunning (red)".
 * @param {string} colour
 */
function colourName(colour) {
  switch (colour) {
    case 'red':
      return t('web.jk.colour.red');
    case 'blue':
      return t('web.jk.colour.blue');
    case 'black':
      return t('web.jk.colour.black');
    case 'potion':
      return t('web.jk.potion');
  }
  return colour;
}

/**
 * A colour's short name, for card faces: "Cunning".
 * @param {string} colour
 */
function shortName(colour) {
  switch (colour) {
    case 'red':
      return t('web.jk.short.red');
    case 'blue':
      return t('web.jk.short.blue');
    case 'black':
      return t('web.jk.short.black');
    case 'potion':
      return t('web.jk.potion');
  }
  return colour;
}

/**
 * A card in words: "8 of Cunning (red)", "+ Potion 2".
 * @param {string} id
 */
export function cardName(id) {
  const c = parseCard(id);
  if (c.colour === 'potion') return t('web.jk.card.potion', { n: c.value });
  return t('web.jk.card', { value: c.value, colour: colourName(c.colour) });
}

/**
 * A seat's (or the City's) name with its symbol: "✕ Mr Hyde".
 * @param {string} who
 */
function whoName(who) {
  switch (who) {
    case 'jekyll':
      return `${symbolOf(who)} ${t('web.jk.seat.jekyll')}`;
    case 'hyde':
      return `${symbolOf(who)} ${t('web.jk.seat.hyde')}`;
    case 'city':
      return `${symbolOf(who)} ${t('web.jk.city')}`;
  }
  return who;
}

/**
 * A card face (HTML): value, shape, colour name.
 * @param {string} id
 * @param {{tag?: 'span'|'button', small?: boolean, attrs?: import('../dom.js').Attrs, label?: string}} [opts]
 *   label: the words a screen reader says instead of the card's name (a
 *   button's action), so that its name holds its visible text
 */
function cardEl(id, opts = {}) {
  const c = parseCard(id);
  const potion = c.colour === 'potion';
  const attrs = {
    class: `jk-card c-${c.colour}${opts.small ? ' small' : ''}`,
    'data-card': id,
    title: cardName(id),
    ...(opts.attrs ?? {}),
  };
  const face = [
    el('span', { class: 'v', 'aria-hidden': 'true' }, potion ? '+' : String(c.value)),
    el('span', { class: 'g', 'aria-hidden': 'true' }, potion ? String(c.value) : glyphOf(c.colour)),
    opts.small ? null : el('span', { class: 'n', 'aria-hidden': 'true' }, shortName(c.colour)),
    el('span', { class: 'sr-only' }, opts.label ?? cardName(id)),
  ];
  return opts.tag === 'button' ? el('button', { type: 'button', ...attrs }, ...face) : el('span', attrs, ...face);
}

/**
 * A legal intent in words.
 * @param {Intent} i
 */
export function describe(i) {
  const card = String(i.card ?? '');
  switch (i.kind) {
    case 'ready':
      return t('web.jk.do.ready');
    case 'give':
      return t('web.jk.do.give', { card: cardName(card) });
    case 'play':
      return t('web.jk.do.play', { card: cardName(card) });
    case 'swap-ranks':
      return t('web.jk.do.swap-ranks', { a: colourName(String(i.a)), b: colourName(String(i.b)) });
    case 'swap-card':
      return t('web.jk.do.swap-card', { card: cardName(card) });
  }
  return Object.entries(i).map(([k, x]) => `${k}=${String(x)}`).join(' ');
}

/**
 * The view to draw: during a replay, the held seat's view of that moment
 * (else Jekyll's, else the spectator's); live, the first held seat that must
 * act, else the first held seat, else the spectator's.
 * @param {Snapshot} snap
 * @returns {JkView|null}
 */
export function pickView(snap) {
  /** @param {string} k */
  const get = (k) => {
    const v = snap.views[k];
    return v && typeof v === 'object' ? /** @type {JkView} */ (v) : null;
  };
  if (snap.replay) {
    for (const k of [...snap.you.map(String), '0']) {
      const v = get(k);
      if (v) return v;
    }
    if (snap.replay.view && typeof snap.replay.view === 'object') return /** @type {JkView} */ (snap.replay.view);
  }
  for (const s of snap.you) {
    const v = get(String(s));
    if (v && v.toAct.includes(SEATS[s])) return v;
  }
  for (const k of [...snap.you.map(String), 'spectator']) {
    const v = get(k);
    if (v) return v;
  }
  const any = Object.values(snap.views)[0];
  return any && typeof any === 'object' ? /** @type {JkView} */ (any) : null;
}

/**
 * The Jekyll & Hyde renderer.
 * @param {TableContext} ctx
 */
async function jekyll(ctx) {
  const chapter = el('section', { id: 'jk-chapter', class: 'panel jk-chapter' });
  const banner = el('p', { id: 'jk-banner', class: 'jk-banner', role: 'status' });
  const pending = el('p', { id: 'jk-pending', class: 'jk-pending', role: 'status', hidden: true });
  const actions = el('div', { id: 'jk-actions', class: 'wh-actions', role: 'group' });
  const track = el('section', { id: 'jk-track', class: 'jk-track-box' });
  const tableBox = el('section', { id: 'jk-table', class: 'jk-table' });
  const handBox = el('section', { id: 'jk-hand', class: 'jk-hand-box' });
  const root = el('div', { class: 'jk' }, banner, pending, actions, track, tableBox, handBox);
  ctx.board.replaceChildren(root);

  const wonBox = el('section', { id: 'jk-won', class: 'panel' });
  const knowBox = el('section', { id: 'jk-knowledge', class: 'panel', hidden: true });
  const roundsBox = el('section', { id: 'jk-rounds', class: 'panel', hidden: true });
  const revealBox = el('section', { id: 'jk-reveal', class: 'panel', hidden: true });
  ctx.panel.replaceChildren(chapter, wonBox, knowBox, roundsBox, revealBox);
  /** @type {Snapshot|null} the snapshot drawn last */
  let last = null;

  /**
   * The chapter, the round and the phase.
   * @param {JkView} v
   */
  function drawChapter(v) {
    const phase = v.phase === 'talk' ? t('web.jk.phase.talk') : v.phase === 'give' ? t('web.jk.phase.give')
      : v.phase === 'night' ? t('web.jk.phase.night') : t('web.jk.phase.over');
    /** @type {string[]} */
    const rules = [
      v.rules.potions ? t('web.jk.rule.potions', { n: v.rules.potions }) : t('web.jk.rule.no-potions'),
      v.rules.potions ? (v.rules.reactions ? t('web.jk.rule.reactions') : t('web.jk.rule.no-reactions')) : '',
      v.rules.yard ? t('web.jk.rule.yard') : t('web.jk.rule.no-yard'),
      v.rules.yard && v.rules.overshootToYard ? t('web.jk.rule.overshoot') : '',
    ].filter(Boolean);
    chapter.replaceChildren(
      el('h2', { 'data-chapter': v.rules.chapter }, render(v.rules.name)),
      el('p', { class: 'jk-goal' }, render(v.rules.goal)),
      el('p', { class: 'jk-rules' }, rules.join(' · ')),
      el('p', { class: 'jk-where', 'data-round': v.round, 'data-phase': v.phase },
        t('web.jk.round-of', { round: v.round, rounds: 2 }), ' · ', phase),
      ...(v.phase === 'talk' && v.ready?.length
        ? [el('p', { class: 'jk-ready', 'data-ready': v.ready.join(',') }, t('web.jk.ready', { list: v.ready.map(whoName).join(', ') }))]
        : []),
    );
  }

  /**
   * The chat banner (the day's talk, the night's silence) and a pending
   * reaction; none once the game is over (a chapter given up during the day
   * still said "Day: talk your plan over").
   * @param {JkView} v
   * @param {boolean} over the game is over (and not replayed)
   */
  function drawBanner(v, over) {
    const text = over ? '' : v.phase === 'talk' ? t('web.jk.day-talk') : !v.chat && v.phase !== 'over' ? t('web.jk.silence') : '';
    // Both are live regions (role status): written only when their words
    // change, else a screen reader reads them again at every card played.
    if (banner.textContent !== text) banner.textContent = text;
    banner.hidden = !text;
    banner.dataset.chat = v.chat ? 'open' : 'closed';
    pending.hidden = !v.pending;
    if (v.pending) {
      const who = whoName(v.pending.seat);
      const words = v.pending.kind === 'swap-ranks' ? t('web.jk.pending.swap-ranks', { who }) : t('web.jk.pending.swap-card', { who });
      if (pending.textContent !== words) pending.textContent = words;
      pending.dataset.pending = v.pending.kind;
    }
  }

  /**
   * The track with both pawns.
   * @param {JkView} v
   */
  function drawTrack(v) {
    const last = v.rules.last;
    const list = el('ol', { class: 'jk-track', 'aria-label': t('web.jk.track') });
    for (let i = 0; i <= last; i++) {
      const pawn = i === Math.min(v.pawn, last);
      const yard = v.rules.yard && i === Math.min(v.yard, last);
      /** @type {string[]} */
      const titles = [t('web.jk.space', { n: i })];
      if (i === last) titles.push(t('web.jk.last-space'));
      if (i === v.rules.startJH) titles.push(t('web.jk.start-pawn'));
      if (v.rules.yard && i === v.rules.startYard) titles.push(t('web.jk.start-yard'));
      if (pawn) titles.push(t('web.jk.pawn'));
      if (yard) titles.push(t('web.jk.yard'));
      list.append(el('li', {
        class: [i === last ? 'last' : '', pawn ? 'pawn' : '', yard ? 'yard' : '',
          i === v.rules.startJH || (v.rules.yard && i === v.rules.startYard) ? 'start' : ''].filter(Boolean).join(' '),
        'data-space': i, title: titles.join(' · '),
      },
      el('span', { class: 'n' }, String(i)),
      pawn ? el('span', { class: 'jk-pawn', 'data-pawn': 'jh', 'aria-label': t('web.jk.pawn') }, '○✕') : null,
      yard ? el('span', { class: 'jk-yard', 'data-pawn': 'yard', 'aria-label': t('web.jk.yard') }, t('web.jk.yard-short')) : null));
    }
    track.replaceChildren(
      el('h3', {}, t('web.jk.track')),
      list,
      el('p', { class: 'jk-track-note' },
        v.rules.yard ? t('web.jk.track-note', { pawn: v.pawn, yard: v.yard, last }) : t('web.jk.track-note-noyard', { pawn: v.pawn, last })),
    );
  }

  /**
   * The partner's hand, the City deck, the rank tokens, the turn-order token
   * and the trick on the table.
   * @param {JkView} v
   */
  function drawTable(v) {
    const me = v.seat === 0 || v.seat === 1 ? SEATS[v.seat] : '';
    /** @type {HTMLElement[]} */
    const hands = [];
    for (let s = 0; s < 2; s++) {
      if (SEATS[s] === me) continue;
      const n = v.handCount[s] ?? 0;
      const backs = el('span', { class: 'jk-backs', 'aria-hidden': 'true' });
      for (let i = 0; i < Math.min(n, 12); i++) backs.append(el('span', { class: 'jk-back' }));
      hands.push(el('div', { class: 'jk-other', 'data-hand-of': SEATS[s], 'data-hand-count': n },
        el('span', { class: `jk-who w-${SEATS[s]}` }, whoName(SEATS[s])),
        backs,
        el('span', { class: 'jk-count' }, t('web.jk.cards-in-hand', { n }))));
    }
    const deck = el('div', { class: 'jk-deck', 'data-deck-count': v.deckCount },
      el('span', { class: 'jk-who w-city' }, whoName('city')),
      el('span', { class: 'jk-back big', 'aria-hidden': 'true' }, v.deckCount ? String(v.deckCount) : ''),
      el('span', { class: 'jk-count' }, v.phase === 'talk' || v.phase === 'give' ? t('web.jk.deck-day', { n: v.given[0] + v.given[1] }) : t('web.jk.deck-count', { n: v.deckCount })));

    const ranks = el('ol', { class: 'jk-ranks', 'aria-label': t('web.jk.ranks') });
    for (let tok = 1; tok <= 3; tok++) {
      const r = v.ranks.find((x) => x.token === tok);
      const label = tok === 1 ? t('web.jk.rank.weak') : tok === 3 ? t('web.jk.rank.strong') : t('web.jk.rank.middle');
      ranks.append(el('li', { class: `jk-rank${r ? ` c-${r.colour}` : ' empty'}`, 'data-rank': tok, 'data-colour': r?.colour ?? '' },
        el('span', { class: 'jk-rank-n' }, `${tok} · ${label}`),
        el('span', { class: 'jk-rank-c' }, r ? `${glyphOf(r.colour)} ${colourName(r.colour)}` : '—')));
    }

    const order = el('p', { class: 'jk-order', 'data-first': v.first }, t('web.jk.first', { who: whoName(v.first) }));

    /** @type {HTMLElement|null} */
    let trick = null;
    if (v.trick) {
      const paired = new Set(v.trick.paired ?? []);
      const plays = el('ol', { class: 'jk-plays', 'data-trick': v.trick.number });
      const expected = ['city', v.first, v.first === 'jekyll' ? 'hyde' : 'jekyll'];
      for (let p = 0; p < 3; p++) {
        const play = v.trick.cards[p];
        const by = play?.by ?? expected[p];
        plays.append(el('li', { class: `jk-play${play ? '' : ' waiting'}${paired.has(p) ? ' paired' : ''}`, 'data-play-by': by, 'data-position': p },
          el('span', { class: `jk-who w-${by}` }, whoName(by)),
          play ? cardEl(play.card) : el('span', { class: 'jk-card empty', 'aria-hidden': 'true' }),
          paired.has(p) ? el('span', { class: 'jk-reaction' }, t('web.jk.reaction')) : null));
      }
      trick = el('div', { class: 'jk-trick' }, el('h3', {}, t('web.jk.trick', { n: v.trick.number })), plays);
    }
    // The trick sits beside the City's deck, its cards' source, so that on a
    // laptop the hand below stays within the window.
    tableBox.replaceChildren(
      el('div', { class: 'jk-row' }, ...hands, deck, trick),
      el('div', { class: 'jk-row' }, el('div', {}, el('h3', {}, t('web.jk.ranks')), ranks), order),
    );
  }

  /**
   * Why a click on a card of the hand that is no choice does nothing: the
   * move it would stand for (a legal move with that card instead) goes to the
   * server, which says why.
   * @param {string} id
   */
  function missCard(id) {
    if (!last || last.replay) return;
    for (const seat of last.you) {
      for (const intent of last.legal[String(seat)] ?? []) {
        if (typeof intent.card === 'string') {
          ctx.why({ seat, intent: { ...intent, card: id } });
          return;
        }
      }
    }
    ctx.why(null);
  }

  /**
   * Marks the card (or the button) of the move waiting for confirmation.
   * @param {{seat: number, intent: Intent}|null} p
   */
  function preview(p) {
    for (const e of ctx.board.querySelectorAll('.jk-chosen')) e.classList.remove('jk-chosen');
    if (!p) return;
    const card = typeof p.intent.card === 'string' ? p.intent.card : '';
    if (card) handBox.querySelector(`button[data-card="${CSS.escape(card)}"]`)?.classList.add('jk-chosen');
    for (const b of actions.querySelectorAll('button[data-action]')) {
      const e = /** @type {HTMLElement} */ (b);
      if (e.dataset.action !== p.intent.kind) continue;
      if (card && e.dataset.card !== card) continue;
      if (p.intent.kind === 'swap-ranks' && (e.dataset.a !== String(p.intent.a) || e.dataset.b !== String(p.intent.b))) continue;
      e.classList.add('jk-chosen');
    }
  }

  /** What the hand was last drawn from (see drawHand). */
  let handFrom = '';

  /**
   * The viewer's hand and gifts; the legal cards are targets.
   * @param {JkView} v
   * @param {Map<string, Choice[]>} byCard
   */
  function drawHand(v, byCard) {
    if (!v.hand) {
      handBox.hidden = true;
      handBox.replaceChildren(); // no stale (clickable) cards behind the hidden box
      handFrom = '';
      return;
    }
    handBox.hidden = false;
    // A redraw from the same hand, choices and language (a presence change,
    // a clock) leaves the cards as they are: a click pressed on a card during
    // the redraw, and the keyboard focus on it, are not lost with a replaced
    // element.
    const from = JSON.stringify([currentLang(), v.seat, v.hand, v.gifts, v.phase, v.given,
      [...byCard].map(([id, cs]) => [id, cs.map((c) => [c.seat, c.intent, c.label])])]);
    if (from === handFrom && handBox.childElementCount > 0) return;
    handFrom = from;
    const me = SEATS[v.seat];
    const choosing = byCard.size > 0;
    const cards = el('div', { class: `jk-hand${choosing ? ' choosing' : ''}`, 'data-hand-of': me });
    for (const id of sortCards(v.hand)) {
      const choices = byCard.get(id);
      if (choices && choices.length) {
        const b = cardEl(id, { tag: 'button', label: choices[0].label, attrs: { class: `jk-card c-${parseCard(id).colour} target`, 'data-action': choices[0].intent.kind, title: choices[0].label } });
        b.addEventListener('click', () => {
          if (choices.length === 1) ctx.play(choices[0].seat, choices[0].intent);
          else ctx.choose(cardName(id), choices);
        });
        cards.append(b);
      } else {
        const card = cardEl(id);
        card.addEventListener('click', () => missCard(id));
        cards.append(card);
      }
    }
    /** @type {Node[]} */
    const extra = [];
    if (v.gifts && v.gifts.length) {
      extra.push(el('p', { class: 'jk-gifts-title' }, t('web.jk.your-gifts')),
        el('div', { class: 'jk-gifts', 'data-gifts': me }, ...sortCards(v.gifts).map((c) => cardEl(c, { small: true }))));
    }
    if (v.phase === 'give') {
      extra.push(el('p', { class: 'jk-given' }, t('web.jk.given', {
        jekyll: `${symbolOf('jekyll')} ${v.given[0]}`, hyde: `${symbolOf('hyde')} ${v.given[1]}`,
      })));
    }
    handBox.replaceChildren(el('h3', {}, t('web.jk.your-hand', { who: whoName(me) })), cards, ...extra);
  }

  /**
   * The won tricks of each player and of the City.
   * @param {JkView} v
   */
  function drawWon(v) {
    const cols = ['jekyll', 'hyde', 'city'].map((who, k) => {
      const tricks = v.tricks.filter((tr) => tr.owner === who);
      return el('div', { class: 'jk-won-col', 'data-won-by': who, 'data-won': v.won[k] ?? 0 },
        el('h3', {}, t('web.label-value', { label: whoName(who), value: String(v.won[k] ?? 0) })),
        el('ul', { class: 'jk-won-list' }, ...tricks.map((tr) => el('li', { 'data-trick': tr.number, class: tr.taken ? 'taken' : '' },
          el('span', { class: 'jk-trick-n' }, `#${tr.number}`),
          ...tr.cards.map((c) => cardEl(c.card, { small: true, attrs: { title: `${cardName(c.card)} · ${whoName(c.by)}` } })),
          tr.taken ? el('span', { class: 'jk-taken' }, t('web.jk.taken')) : null))));
    });
    wonBox.replaceChildren(el('h2', {}, t('web.jk.won', { round: v.round })), el('div', { class: 'jk-won' }, ...cols));
  }

  /**
   * What the viewer knows without seeing: who lacks what, where its former
   * cards may be, the top of the City deck.
   * @param {JkView} v
   */
  function drawKnowledge(v) {
    /** @type {Node[]} */
    const items = [];
    v.lacks.forEach((l, s) => {
      if (!l || l.length === 0) return;
      const list = l.map((x) => (x === '8' ? t('web.jk.no-eight') : colourName(x))).join(', ');
      items.push(el('li', { 'data-lacks': SEATS[s] }, t('web.jk.lacks', { who: whoName(SEATS[s]), list })));
    });
    if (v.topKnown) items.push(el('li', { 'data-top-known': v.topKnown }, t('web.jk.top-known', { card: cardName(v.topKnown) })));
    for (const tr of v.tracked ?? []) {
      const where = tr.where.map((w) => (w === 'deck' ? t('web.jk.where.deck') : t('web.jk.where.hand', { who: whoName(w) }))).join(t('web.jk.or'));
      items.push(el('li', { 'data-tracked': tr.card }, t('web.jk.tracked', { card: cardName(tr.card), where })));
    }
    if (v.aside > 0 && v.phase !== 'talk') items.push(el('li', {}, t('web.jk.aside', { n: v.aside })));
    knowBox.hidden = items.length === 0;
    knowBox.replaceChildren(el('h2', {}, t('web.jk.knowledge')), el('ul', { class: 'jk-know' }, ...items));
  }

  /**
   * Each scored round.
   * @param {JkView} v
   */
  function drawRounds(v) {
    roundsBox.hidden = v.rounds.length === 0;
    if (roundsBox.hidden) return;
    /** @type {[string, (r: JkView['rounds'][number]) => string|HTMLElement][]} */
    const rows = [
      [`${symbolOf('jekyll')}/${symbolOf('hyde')}`, (r) => `${r.tricks[0]}/${r.tricks[1]}`],
      [t('web.jk.col.eights'), (r) => String(r.eights)],
      [t('web.jk.col.low'), (r) => String(r.low)],
      [t('web.jk.col.pawn'), (r) => `+${r.pawnGain} → ${r.pawn}`],
      ...(v.rules.yard ? [/** @type {[string, (r: JkView['rounds'][number]) => string]} */ ([t('web.jk.col.yard'), (r) => `+${r.yardGain} → ${r.yard}`])] : []),
      [t('web.jk.col.last'), (r) => el('span', { title: whoName(r.lastTrick) }, symbolOf(r.lastTrick))],
    ];
    roundsBox.replaceChildren(
      el('h2', {}, t('web.jk.scoring')),
      // One column per round (two at most) and one row per count: the
      // labels wrap in any language, where seven columns did not fit the
      // side column and hid the last ones.
      el('div', { class: 'table-scroll' }, el('table', { class: 'trail-sheet jk-scores' },
        el('thead', {}, el('tr', {},
          el('th', { scope: 'col' }, t('web.jk.col.round')),
          ...v.rounds.map((_, i) => el('th', { scope: 'col', 'data-scored-round': i + 1 }, String(i + 1))))),
        el('tbody', {}, ...rows.map(([label, cell]) => el('tr', {},
          el('th', { scope: 'row' }, label),
          ...v.rounds.map((r) => el('td', {}, cell(r)))))),
      )),
    );
  }

  /**
   * The end of the chapter: stars, feats, campaign, every card.
   * @param {JkView} v
   */
  function drawReveal(v) {
    revealBox.hidden = !v.reveal;
    if (!v.reveal) return;
    const rv = v.reveal;
    /**
     * @param {string} title
     * @param {string[]} cards
     * @param {string} key
     */
    const row = (title, cards, key) => el('div', { class: 'jk-reveal-row', 'data-reveal': key },
      el('h3', {}, title),
      cards.length ? el('div', { class: 'jk-gifts' }, ...sortCards(cards).map((c) => cardEl(c, { small: true }))) : el('p', { class: 'empty' }, '—'));
    revealBox.replaceChildren(
      el('h2', {}, t('web.jk.over')),
      // Stars and the campaign total are gaslamp's own (J10): only with
      // the campaign-score option.
      v.rules.campaignScore
        ? el('p', { class: 'jk-stars', 'data-stars': v.stars, 'data-result': v.result ?? '' },
          t('web.jk.stars', { n: v.stars, campaign: v.campaign }))
        : el('p', { class: 'jk-result', 'data-result': v.result ?? '' }),
      ...(v.feats ?? []).map((f) => el('p', { 'data-feat': f }, has(`jekyll.feat.${f}`) ? render({ key: `jekyll.feat.${f}` }) : f)),
      row(t('web.jk.reveal.hand', { who: whoName('jekyll') }), rv.hands[0] ?? [], 'hand-jekyll'),
      row(t('web.jk.reveal.hand', { who: whoName('hyde') }), rv.hands[1] ?? [], 'hand-hyde'),
      row(t('web.jk.reveal.gifts', { who: whoName('jekyll') }), rv.gifts[0] ?? [], 'gifts-jekyll'),
      row(t('web.jk.reveal.gifts', { who: whoName('hyde') }), rv.gifts[1] ?? [], 'gifts-hyde'),
      row(t('web.jk.reveal.deck'), rv.deck, 'deck'),
      row(t('web.jk.reveal.aside'), rv.aside, 'aside'),
    );
  }

  /** @param {Snapshot} snap */
  function update(snap) {
    last = snap;
    const v = pickView(snap);
    if (!v) return;
    /** @type {Map<string, Choice[]>} */
    const byCard = new Map();
    /** @type {Choice[]} */
    const buttons = [];
    if (!snap.replay) {
      for (const seat of snap.you) {
        for (const intent of snap.legal[String(seat)] ?? []) {
          const c = { seat, intent, label: describe(intent) };
          const card = typeof intent.card === 'string' ? intent.card : '';
          if (card && seat === v.seat) byCard.set(card, [...(byCard.get(card) ?? []), c]);
          else buttons.push(c);
        }
      }
    }
    drawChapter(v);
    drawBanner(v, !!snap.outcome?.over && !snap.replay);
    drawTrack(v);
    drawTable(v);
    drawHand(v, byCard);
    drawWon(v);
    drawKnowledge(v);
    drawRounds(v);
    drawReveal(v);
    keepButtons(actions, buttons.map((c, i) => {
      /** @type {Record<string, string>} */
      const attrs = { class: 'primary', 'data-action': String(c.intent.kind), 'data-choice': String(i) };
      if (c.intent.kind === 'swap-ranks') {
        attrs['data-a'] = String(c.intent.a);
        attrs['data-b'] = String(c.intent.b);
      }
      if (typeof c.intent.card === 'string') attrs['data-card'] = c.intent.card;
      const label = c.intent.kind === 'swap-ranks'
        ? `${glyphOf(String(c.intent.a))} ⇄ ${glyphOf(String(c.intent.b))} ${c.label}`
        : snap.you.length > 1 ? t('web.label-value', { label: whoName(SEATS[c.seat] ?? ''), value: c.label }) : c.label;
      return { key: `${c.seat}:${JSON.stringify(c.intent)}`, attrs, label, click: () => ctx.play(c.seat, c.intent) };
    }));
    actions.hidden = buttons.length === 0;
  }

  return {
    board: true,
    update,
    preview,
    /**
     * @param {number} _seat
     * @param {Intent} intent
     */
    describe(_seat, intent) {
      return describe(intent);
    },
    /** @param {Snapshot} snap */
    toAct(snap) {
      const v = pickView(snap);
      return (v?.toAct ?? []).map((id) => SEATS.indexOf(id)).filter((s) => s >= 0);
    },
    /**
     * Marks the cards of the trick on the table that a log line names.
     * @param {number[]} _circles
     * @param {string[]} _crossings
     * @param {import('./registry.js').Named} [named]
     */
    highlight(_circles, _crossings, named) {
      const cards = new Set(named?.cards ?? []);
      for (const n of ctx.board.querySelectorAll('.jk-plays [data-card]')) n.classList.toggle('hl', cards.has(/** @type {HTMLElement} */ (n).dataset.card ?? ''));
    },
    /** @param {Snapshot} snap */
    chatClosed(snap) {
      if (snap.replay || snap.outcome?.over) return '';
      const v = pickView(snap);
      return v && !v.chat && v.phase !== 'over' ? t('web.jk.chat-closed') : '';
    },
  };
}

register('jekyll', jekyll);
