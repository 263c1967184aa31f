// The registry of game renderers: game id -> factory. The table page asks it
// for the renderer of its table's game; a game with no renderer of its own gets
// the generic one, which draws nothing and leaves play to the buttons of the
// #legal list. Whitehall registers itself in whitehall.js; Pocket, Whitechapel
// and Jekyll renderers register the same way.

/** @typedef {import('../types.js').Text} Text */
/** @typedef {import('../types.js').Intent} Intent */
/** @typedef {import('../types.js').TableInfo} TableInfo */
/** @typedef {import('../types.js').Views} Views */
/** @typedef {import('../types.js').Legal} Legal */
/** @typedef {import('../types.js').Outcome} Outcome */
/** @typedef {import('../types.js').HistoryEntry} HistoryEntry */

/**
 * What a renderer is given to draw: the table as this connection sees it at
 * one version (or, during a replay, at a past version).
 * @typedef {Object} Snapshot
 * @property {TableInfo} table
 * @property {number[]} you the seats this connection holds
 * @property {Views} views by seat number, or "spectator" (during a replay with
 *   the server's frames: every seat's view at that version)
 * @property {Legal} legal by seat number (empty during a replay)
 * @property {Outcome|null} outcome
 * @property {HistoryEntry[]} history every event seen, by version
 * @property {number} version
 * @property {Replay|null} replay set while a past step of a finished game is shown
 */

/**
 * A replay position: step (0..steps) of the finished game; view, when the
 * server gave the views of that version (the spectator's; every seat's are in
 * Snapshot.views).
 * @typedef {Object} Replay
 * @property {number} step versions shown (history entries with v <= version)
 * @property {number} steps the last step
 * @property {number} version the table version shown
 * @property {unknown} [view] the public view at that version, when known
 */

/**
 * One choice in the chooser: a label and the intent it plays for seat.
 * @typedef {{label: string, seat: number, intent: Intent}} Choice
 */

/**
 * What the table page lends a renderer.
 * @typedef {Object} TableContext
 * @property {string} game
 * @property {HTMLElement} board the board's container
 * @property {HTMLElement} panel the container of the game's side panels
 * @property {(seat: number, intent: Intent) => void} play proposes a move (one of legal): the page
 *   asks the player to confirm it (and has the renderer preview it) before sending it
 * @property {(title: string, choices: Choice[]) => void} choose asks which of several moves
 * @property {(candidate: {seat: number, intent: Intent}|null, hint?: string) => void} why explains,
 *   near the prompt, a click on something that is not a choice: candidate is the move the click
 *   would stand for (the server says why it is not legal), null when it stands for none (hint,
 *   translated, then says why)
 */

/**
 * A game's renderer.
 * @typedef {Object} Renderer
 * @property {(snap: Snapshot) => void} update draws a snapshot
 * @property {(seat: number, intent: Intent, snap: Snapshot) => string} describe
 *   a legal intent in words (for the #legal buttons and the chooser)
 * @property {(snap: Snapshot) => number[]} [toAct] the seats that must act now, when the view tells
 * @property {(snap: Snapshot) => Text|null} [prompt] what to do now, when the view has no prompt field
 * @property {boolean} [board] whether it draws its own board (the #legal list then starts closed)
 * @property {(circles: number[], crossings: string[], named?: Named) => void} [highlight] marks on the board
 *   what a hovered or focused log line names (empty lists clear it)
 * @property {(p: {seat: number, intent: Intent}|null, snap: Snapshot) => void} [preview] shows on
 *   the board what the move waiting for confirmation would do (null: none waits); called after
 *   every update
 * @property {(snap: Snapshot) => string} [chatClosed] why the game closes the table chat now
 *   (translated), or "" while it is open; the page then disables the chat input and shows why
 */

/**
 * What a log line names on the board: its circles and crossings, the
 * characters, detectives and places of a tile game (ids as in its view), and
 * the cards of a card game ("red-8", Jekyll & Hyde).
 * @typedef {{circles: number[], crossings: string[], characters: string[], detectives: string[], places: number[], cards?: string[]}} Named
 */

/** @typedef {(ctx: TableContext) => Promise<Renderer>} RendererFactory */

/** @type {Map<string, RendererFactory>} */
const factories = new Map();

/**
 * Registers the renderer of game id.
 * @param {string} id
 * @param {RendererFactory} factory
 */
export function register(id, factory) {
  factories.set(id, factory);
}

/**
 * The renderer of a game, or the generic one.
 * @param {string} id
 * @param {TableContext} ctx
 * @returns {Promise<Renderer>}
 */
export async function rendererFor(id, ctx) {
  const f = factories.get(id) ?? generic;
  return f(ctx);
}

/**
 * An intent in plain words: its kind and fields, e.g. "walk to=42".
 * @param {Intent} intent
 * @returns {string}
 */
export function plainIntent(intent) {
  const rest = Object.entries(intent)
    .filter(([k]) => k !== 'kind')
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join('/') : String(v)}`);
  return [intent.kind, ...rest].join(' ');
}

/**
 * The generic renderer: no board; every legal move is a button.
 * @type {RendererFactory}
 */
async function generic(ctx) {
  ctx.board.replaceChildren();
  return {
    update() {},
    describe(_seat, intent) {
      return plainIntent(intent);
    },
  };
}
