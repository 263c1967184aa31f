// Package web is gaslamp's browser client: plain ES modules, SVG and CSS with
// no build step and no framework, embedded into the binary with go:embed.
//
// [Static] returns the files to serve: the lobby (index.html), the table page
// (table.html), a board-only demo page (board.html), the stylesheet, the
// JavaScript modules under js/ and the site translations under i18n/. It also
// holds two generated files, boards/whitehall.json and boards/whitechapel.json:
// the drawing geometry of each board (circles, crossings, streets, water,
// quadrant split), built from package board on first use, so that the client
// draws the boards from the same data the rules use and ships no artwork.
//
// [Messages] returns the site texts (lobby, table page, renderers' labels and the
// shared error codes) in English, French and Dutch. The server merges them with
// every game's catalogue and serves the result as /i18n/{lang}.json, a flat JSON
// object from message key to template ("Jack reached {circle}").
//
// # Client layout
//
//	js/types.js            JSDoc typedefs of the wire protocol (docs/protocol.md)
//	js/i18n.js             catalogue loading, t(key, args), Text rendering, language switcher
//	js/net.js              fetch helpers (X-CSRF-Token), the table WebSocket client
//	js/dom.js              small DOM helpers (no innerHTML from strings)
//	js/ident.js            the guest display-name prompt
//	js/lobby.js            index.html: create tables, invites, open and running tables
//	js/table.js            table.html: seats, prompt, log, chat, outcome, replay, toasts
//	js/board.js            SVG board drawn from a boards/*.json geometry file
//	js/games/registry.js   game id -> renderer factory; a generic fallback renderer
//	js/games/whitehall.js  the Whitehall Mystery renderer
//
// The JavaScript is type-checked with TypeScript's checker from JSDoc
// annotations (npx tsc -p tsconfig.json at the repository root); nothing is
// compiled. The page CSP is 'self' only: no inline script or style, no external
// resource.
//
// # Stable selectors
//
// End-to-end tests rely on these; keep them stable:
//
//	body[data-version]       the last table version the page holds
//	body[data-connected]     "true" while the WebSocket is open
//	body[data-over]          "true" once the game is over
//	#prompt                  whose turn it is and what to do (aria-live)
//	#seats li[data-seat]     one row per seat; button[data-take-seat] takes it
//	[data-circle="42"]       a circle on the board; .target when it is a legal choice
//	[data-crossing="HP"]     a crossing on the board; .target when legal
//	[data-figure="yellow"]   a figure on the board
//	#chooser button[data-choice]  the chooser shown when a click is ambiguous
//	#legal button[data-intent]    every legal move as a button (also for keyboards)
//	#chat-input, #chat-form  table chat
//	#log                     the event log
//	#outcome                 the result, once the game is over
//	#replay-*                replay controls (first, prev, next, last)
package web
