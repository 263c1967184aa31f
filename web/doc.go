// Package web is gaslamp's browser client: plain ES modules, SVG and CSS with
// no build step and no framework, embedded into the binary with go:embed.
//
// [Static] returns the files to serve: the lobby (index.html), the table page
// (table.html), a board-only demo page (board.html), the stylesheet, the
// JavaScript modules under js/ and the site translations under i18n/. It also
// holds generated files, boards/whitehall.json and boards/whitechapel.json:
// the drawing geometry of each board (circles, crossings, streets, water,
// quadrant split), built from package board on first use, so that the client
// draws the boards from the same data the rules use and ships no artwork;
// and boards/{name}-diagrams.json, the rules pages' figures ([DiagramsOf]),
// taken from the board's movement tables.
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
//	js/pace.js             moves that arrive at once shown one at a time (none waits under reduced motion)
//	js/lastmove.js         the last move of each seat: which seat moved, what it touched on the board
//	js/help.js             the "?" dialog beside a table's prompt: the decision at hand explained
//	js/rules.js            rules.html: a game's rules, its figures, gaslamp's own choices
//	js/rulesections.js     the section of the rules page that explains each kind of move
//	js/notfound.js         notfound.html: served with 404 for an address no page has
//	js/rulefigs.js         the rules pages' figures, drawn by board.js or a game's renderer
//	js/board.js            SVG board drawn from a boards/*.json geometry file
//	js/panzoom.js          zoom and pan of a board by its viewBox (wheel, drag, pinch, +, −, fit)
//	js/games/registry.js   game id -> renderer factory; a generic fallback renderer
//	js/games/targets.js    the legal moves of a map game offered on the board (Whitehall, Whitechapel)
//	js/games/whitehall.js  the Whitehall Mystery renderer
//	js/games/pocket.js     the Mr Jack Pocket renderer
//	js/games/whitechapel.js the Letters from Whitechapel renderer (css/whitechapel.css)
//	js/games/jekyll.js     the Jekyll & Hyde vs Scotland Yard renderer (css/jekyll.css)
//
// A renderer may close the table chat (Renderer.chatClosed, Jekyll & Hyde from
// the deal to the end of a round): the page then disables #chat-input and
// #chat-send and says why in #chat-note.
//
// jstest/*.test.mjs are unit tests of the modules' logic for node's test
// runner; TestJavaScriptUnits runs them from go test when node is installed.
//
// The JavaScript is type-checked with TypeScript's checker from JSDoc
// annotations (npx tsc -p tsconfig.json at the repository root); nothing is
// compiled. The page CSP is 'self' only: no inline script or style, no external
// resource.
//
// # Stable selectors
//
// End-to-end tests rely on these; keep them stable.
//
// Every page:
//
//	#lang-select             the language switcher (en, fr, nl; stored in localStorage)
//	#name-dialog             the guest name prompt: #name-input, #name-submit, #name-skip (table page: "just watch")
//	#toasts .toast           error and info messages
//	#me-name                 the signed-in guest's name
//
// Lobby (index.html; ?join=/join/TOKEN is followed once a name is chosen):
//
//	#game-select, #options [data-option="NAME"]   the game and its options
//	#seat-kind-N, #seat-bot-N, #seat-level-N      seat N: "human" or "bot", which bot, which level
//	#takeover, #create-submit                     the takeover delay; create the table
//	#invites li[data-invite-seat="N"] a.invite-link   seat N's invite link; #open-new-table goes to the table
//	#open-tables, #running-tables li[data-table="ID"]  the lists; button[data-take-seat="N"], a[data-watch]
//
// Table page (table.html at /t/{id}):
//
//	body[data-version]       the last table version the page holds
//	body[data-connected]     "true" while the WebSocket is open
//	body[data-over]          "true" once the game is over
//	body.busy                a move was sent and is not acknowledged yet
//	#prompt                  whose turn it is and what to do (no live region: #announce says it when it
//	                         asks something new of the seat); [data-act="true"] when this page must act
//	#announce                a polite log for screen readers: the new moves, then a new prompt, once each
//	#legal button[data-intent]   every legal move (data-seat, data-kind, data-move = the intent's JSON)
//	#seats li[data-seat]     one row per seat (.mine, .to-act); button[data-take-seat], button[data-leave-seat]
//	#log li[data-v][data-type]   the event log; li.names-places when it names something on the board
//	                         (hover or focus marks it: .hl); li.seat-last[data-last-of="N M"] the latest
//	                         move of seats N, M (.seat-last-tag names them)
//	#board .seat-last[data-last-by]   what a seat's last move touched (lastmove.js); .layer-seat-last
//	                         its labels on an SVG board (clear of a tutorial hint's circles and the targets)
//	#chat-input, #chat-form, #chat-log li   table chat; #chat-form[data-chat-closed="true"] and
//	                         #chat-note while the game closes chat
//	#outcome[data-winner]    the result, once the game is over
//	#replay-first, #replay-prev, #replay-next, #replay-last, #replay-play, #replay-pos
//	#chooser-choices button[data-choice][data-kind]   the chooser shown when a click is ambiguous
//
// Boards (js/board.js):
//
//	svg.board[data-zoom]     1 while the whole board shows; .board-tools .zoom-in, .zoom-out, .zoom-fit
//	[data-circle="42"]       a circle; .target when it is a legal choice (focusable, Enter or Space chooses)
//	[data-crossing="HP"]     a crossing; .target when legal
//	[data-figure="yellow"]   a figure ("jack" for Jack's pawn, in his view and once the game is over)
//	[data-marker="clue"][data-marker-circle="42"]  markers: discovery, clue, false, miss, not-here, location,
//	                                               scene, woman, woman-marked, hideout
//	[data-token-crossing="J44"]                    a token lying on a crossing (Whitechapel's patrol tokens)
//	.trail-line[data-trail-round]                  Jack's trail
//
// Whitehall panels (js/games/whitehall.js):
//
//	#wh-actions button[data-action="pass"|"stop"|"area-arrest"|"newspaper"]  moves with no board target
//	#wh-status .track li[data-space][data-kind], .specials li[data-card]
//	#wh-trail .trail-sheet tr[data-round] [data-trail-cell]   Jack's trail sheet (his view; everyone once over)
//	#wh-deduction #wh-deduce-toggle                           the deduction overlay (when the table allows it)
//
// Mr Jack Pocket (js/games/pocket.js):
//
//	[data-cell="0".."8"][data-character]   a tile; .target when it can be turned or swapped
//	[data-place="1".."12"]                  a detective place; .target when a move ends there
//	[data-detective="holmes"]               a detective
//	#pk-actions button[data-action="alibi"|"joker"]   moves with no board target
//	#pk-preview                             a click opens the preview of what each detective would see;
//	#pk-preview button[data-option]         when the click could mean several moves, one of them
//	#pk-confirm, #pk-cancel                 play the previewed move, or drop it (Escape too)
//
// Letters from Whitechapel (js/games/whitechapel.js), on the board above:
//
//	[data-circle="42"].target, [data-crossing="J44"].target   every move but wait, stop and pass; a chooser
//	                                        (#chooser-choices) when one click could mean several (marked or
//	                                        unmarked woman, which patrol token, search or arrest, which coach)
//	#wc-actions button[data-action="wait"|"stop"|"pass"]   moves with no board target
//	[data-figure="blue"]...                 policemen (.head: the Head of the Investigation); [data-figure="wretched-42"];
//	                                        [data-figure="jack"] (his view; everyone once over)
//	[data-marker="woman"|"woman-marked"]    woman tokens face down (woman-marked only in Jack's view)
//	[data-marker="scene"], [data-marker="clue"], [data-marker="hideout"] (Jack; everyone once over)
//	[data-patrol="J44"][data-face="down"|"up"][data-patrol-token="blue"|"fake"|""]   patrol tokens
//	#wc-status [data-fact="night"|"head"|"time"|...], .wc-track li[data-space="0".."19"][data-label] (.toc, .jack),
//	           [data-special="coach"|"alley"], [data-moves-left]
//	#wc-sheet [data-hideout], tr[data-night] [data-trail-cell]   Jack's secret sheet (his view; everyone once over)
//	#wc-deduction #wc-overlay-locations|#wc-overlay-hideouts|#wc-overlay-off, [data-possible], [data-hideouts]
//	#wc-nights tr[data-night]               the public record of every night
//
// Jekyll & Hyde vs Scotland Yard (js/games/jekyll.js):
//
//	#jk-hand [data-card="red-8"]            the viewer's hand; button.target[data-action="give"|"play"|"swap-card"]
//	                                        when it can be played (a chooser if one card has several moves)
//	#jk-actions button[data-action="ready"|"swap-ranks"][data-a][data-b]   moves with no card
//	#jk-table [data-hand-of="hyde"][data-hand-count], [data-deck-count], .jk-ranks li[data-rank="1".."3"][data-colour],
//	          [data-first], .jk-plays li[data-play-by][data-position] [data-card] (.paired: a reaction)
//	#jk-track li[data-space] (.pawn, .yard, .last, .start), [data-pawn="jh"|"yard"]
//	#jk-banner[data-chat="open"|"closed"], #jk-pending[data-pending]
//	#jk-won [data-won-by="jekyll"|"hyde"|"city"][data-won] li[data-trick]
//	#jk-knowledge, #jk-rounds th[data-scored-round], #jk-reveal [data-stars][data-result] [data-reveal] [data-feat]
package web
