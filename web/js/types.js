// Types of the wire protocol (docs/protocol.md) and of the board geometry
// files, as JSDoc typedefs for TypeScript's checker. This module exports
// nothing at run time; other modules import its types with
// `@typedef {import('./types.js').Name} Name`.

/**
 * Something a player reads: a message key and its arguments. An argument may
 * itself be a Text (rendered first).
 * @typedef {{key: string, args?: Record<string, unknown>}} Text
 */

/**
 * One option a game accepts (game.OptionSpec).
 * @typedef {Object} OptionSpec
 * @property {string} name
 * @property {'bool'|'choice'|string} kind
 * @property {string} default
 * @property {string[]} [choices]
 * @property {Text} label
 * @property {Text} [own] why the option is gaslamp's own, not the published game's
 * @property {string[]} [published] choices of an own option that are the published game's (shown without the mark)
 */

/**
 * One seat of a game (game.SeatInfo).
 * @typedef {Object} SeatInfo
 * @property {string} id
 * @property {string} side
 * @property {Text} name
 */

/**
 * One entry of GET /api/games.
 * @typedef {Object} GameInfo
 * @property {string} id
 * @property {Text} name
 * @property {string[]} sides
 * @property {OptionSpec[]} options
 * @property {SeatInfo[]} seats
 * @property {string[]} bots
 * @property {string[]} [levels]
 * @property {boolean} [tutorial] the game has a tutorial (POST /api/tutorials/GAME)
 */

/**
 * Who sits on a seat of a table; null for a free seat.
 * @typedef {Object} Player
 * @property {string} name
 * @property {boolean} bot
 * @property {string} [level] a bot's level (easy, normal, hard); its name is then the level
 * @property {boolean} connected
 * @property {boolean} [account] an account: the name links to its profile (/u/NAME)
 */

/**
 * One seat of a table as listed by the lobby and in `state.table`.
 * @typedef {Object} TableSeat
 * @property {number} seat
 * @property {string} id
 * @property {string} side
 * @property {Text} [name] the seat's name for players
 * @property {'human'|'bot'|string} [kind]
 * @property {Player|null} player
 */

/**
 * A table as the lobby lists it (GET /api/tables) and as `state.table` holds it.
 * @typedef {Object} TableInfo
 * @property {string} id
 * @property {string} game
 * @property {Record<string, string>} options
 * @property {'open'|'running'|'finished'|string} status
 * @property {TableSeat[]} seats
 * @property {string} created
 * @property {number} version
 * @property {number} [takeover_seconds]
 * @property {boolean} [hotseat] a hot-seat / teaching table: one person may play every seat
 * @property {Pace} [pace] the table's clock, when it has one
 * @property {ClockInfo[]} [clocks]
 * @property {number} [resigned] the seat that gave the game up
 * @property {number[]} [to_act] the seats that must act now (a running table)
 * @property {boolean} [rated] the result changes the players' ratings (accounts only)
 * @property {Finish} [finish] how a finished game ended, once recorded
 * @property {string} [tutorial] the game of a tutorial table: the client shows the hint of each step
 */

/**
 * How a finished game ended (the archive): the winning side ("" nobody), how
 * (rules, resigned, time, abandoned) and when.
 * @typedef {{winner: string, ended: 'rules'|'resigned'|'time'|'abandoned'|string, at: string}} Finish
 */

/**
 * The body of POST /api/tables.
 * @typedef {Object} CreateTableRequest
 * @property {string} game
 * @property {Record<string, string>} options
 * @property {{kind: 'human'|'bot', bot?: string, level?: string}[]} seats
 * @property {number} [takeover_seconds]
 * @property {boolean} [hotseat]
 * @property {Pace} [pace]
 * @property {number} [seat] the human seat the creator takes at once
 * @property {boolean} [rated]
 */

/**
 * GET /api/invites/{token}: what an invitation link is.
 * @typedef {Object} InviteInfo
 * @property {string} table
 * @property {string} game
 * @property {number} seat
 * @property {string} seat_id
 * @property {Text} name the seat's name
 * @property {string} inviter the table creator's display name ("" when unknown)
 * @property {'open'|'running'|'finished'|string} status
 * @property {'free'|'yours'|'taken'|'transfer'} state
 * @property {boolean} hotseat
 */

/**
 * The answer to POST /api/tables.
 * @typedef {Object} CreateTableResponse
 * @property {string} id
 * @property {Record<string, string>} invites seat -> "/join/<token>", for the human seats still free
 * @property {number} [seat] the seat the creator was given
 * @property {{code: string, text: Text}} [seat_error] why the creator's seat could not be given
 * @property {string} [rematch_of]
 */

/**
 * GET /api/me and POST /api/session.
 * @typedef {Object} Me
 * @property {string} id
 * @property {string} name
 * @property {string} [csrf]
 * @property {boolean} [account] an account, not a guest
 * @property {string} [lang] an account's chosen language, for its devices
 * @property {boolean} [no_chat] may not write in the chats (a guest, on a site where only accounts chat)
 */

/**
 * A move intent as the game's codec encodes it, e.g. {"kind":"walk","to":42}.
 * @typedef {{kind: string} & Record<string, unknown>} Intent
 */

/**
 * An event as one seat may see it (game.Event).
 * @typedef {Object} GameEvent
 * @property {string} type
 * @property {Text} text
 * @property {unknown} [data]
 */

/**
 * The result of a game (game.Outcome).
 * @typedef {Object} Outcome
 * @property {boolean} over
 * @property {string} [winner]
 * @property {Text} reason
 */

/**
 * Views keyed by seat number ("1") or "spectator". Each game defines its own
 * view shape; renderers narrow it.
 * @typedef {Record<string, unknown>} Views
 */

/**
 * Legal intents keyed by seat number.
 * @typedef {Record<string, Intent[]>} Legal
 */

/**
 * @typedef {Object} HistoryEntry
 * @property {number} v
 * @property {GameEvent[]} events
 */

/**
 * @typedef {Object} ChatMsg
 * @property {'chat'} t
 * @property {number} [seq] the line's number at its table
 * @property {string} [who] the sender's opaque handle (for mutes)
 * @property {string} from
 * @property {boolean} [account] the sender is an account still called from (their name links to their profile)
 * @property {number} [seat]
 * @property {string} text
 * @property {string} at
 */

/**
 * @typedef {Object} StateMsg
 * @property {'state'} t
 * @property {number} v
 * @property {TableInfo} table
 * @property {number[]} you
 * @property {Views} views
 * @property {Legal} legal
 * @property {Outcome} outcome
 * @property {HistoryEntry[]} history versions with no event for this connection are left out
 * @property {ChatMsg[]} chat
 * @property {{game: string, options?: Record<string, string>, seed: number, moves: {seat: number, move: Intent}[]}} [record]
 *   every move, once the game is over
 */

/**
 * One table version. A catch-up after a reconnection carries only the events;
 * the latest version also carries views, legal moves and the outcome.
 * @typedef {Object} UpdateMsg
 * @property {'update'} t
 * @property {number} v
 * @property {GameEvent[]} events
 * @property {Views} [views]
 * @property {Legal} [legal]
 * @property {Outcome} [outcome]
 * @property {TableInfo} [table]
 */

/**
 * @typedef {Object} AckMsg
 * @property {'ack'} t
 * @property {string} id
 * @property {number} v
 */

/**
 * @typedef {Object} ErrorMsg
 * @property {'error'} t
 * @property {string} [id]
 * @property {string} code
 * @property {Text} text
 * @property {number} [v]
 */

/**
 * The answer to a "why" question: why a clicked move is not legal, in words
 * safe for the seat that asked.
 * @typedef {Object} WhyMsg
 * @property {'why'} t
 * @property {string} id
 * @property {number} v
 * @property {string} code
 * @property {Text} text
 */

/**
 * @typedef {Object} PresenceMsg
 * @property {'presence'} t
 * @property {{seat: number, connected: boolean, bot: boolean, name?: string}[]} seats
 */

/**
 * @typedef {{t: 'pong'}} PongMsg
 */

/**
 * This session's seat was moved to another device (a one-time transfer).
 * @typedef {{t: 'seat-moved', seat: number}} SeatMovedMsg
 */

/**
 * One seat's clock: the time left when the server sent it and, while it
 * runs, its deadline (what a page counts down to).
 * @typedef {{seat: number, left_ms: number, running: boolean, deadline?: string, timed_out?: boolean, move_limit?: boolean, away_until?: string}} ClockInfo
 */

/**
 * A table's pace: a live clock (bank + increment) or a time per move.
 * @typedef {{kind: 'live'|'turn', bank_seconds?: number, increment_seconds?: number, move_seconds?: number, on_timeout?: string, away?: boolean}} Pace
 */

/**
 * The clocks after a move or a timeout.
 * @typedef {{t: 'clock', v: number, clocks: ClockInfo[]}} ClockMsg
 */

/**
 * Every message the server sends on a table's WebSocket.
 * @typedef {StateMsg|UpdateMsg|AckMsg|ErrorMsg|WhyMsg|ChatMsg|PresenceMsg|PongMsg|SeatMovedMsg|ClockMsg} ServerMsg
 */

/**
 * Every message the client sends.
 * @typedef {{t: 'hello', v: number}
 *   | {t: 'move', id: string, v: number, seat: number, move: Intent}
 *   | {t: 'why', id: string, v: number, seat: number, move: Intent}
 *   | {t: 'chat', text: string}
 *   | {t: 'ping'}} ClientMsg
 */

/**
 * @typedef {Object} GeoCircle
 * @property {number} id
 * @property {number} x
 * @property {number} y
 * @property {'white'|'black'|'blue'|string} color
 * @property {boolean} [red]
 * @property {string} [quadrant]
 */

/**
 * @typedef {Object} GeoCrossing
 * @property {string} label
 * @property {number} x
 * @property {number} y
 * @property {boolean} [start]
 */

/**
 * @typedef {Object} GeoWater
 * @property {number[]} circles
 * @property {[number, number][][]} outlines
 */

/**
 * A bounded face of the board's drawing: a house block or water, with the
 * circles (numbers) and crossings (labels) around it in order.
 * @typedef {Object} GeoBlock
 * @property {'land'|'water'|string} kind
 * @property {string[]} boundary
 */

/**
 * A board's drawing data, boards/{name}.json (web.Geometry in Go).
 * @typedef {Object} Geometry
 * @property {string} name
 * @property {number} aspect
 * @property {GeoCircle[]} circles
 * @property {GeoCrossing[]} crossings
 * @property {[string, string][]} edges
 * @property {GeoWater[]} [water]
 * @property {GeoBlock[]} [blocks]
 * @property {{x: number, y: number}} [split]
 * @property {Record<string, number[]>} [quadrants]
 */

export {};

/**
 * A rating in one game and side (GET /api/users/{name}, GET /api/leaderboard/{game}).
 * @typedef {Object} RatingInfo
 * @property {string} game
 * @property {string} side
 * @property {string} [name] the account (leaderboards)
 * @property {number} rating
 * @property {number} rd
 * @property {number} games
 * @property {number} wins
 * @property {{table: string, rating: number, at: string}[]} [history]
 */

/**
 * GET /api/users/{name}: an account's public profile.
 * @typedef {Object} Profile
 * @property {string} name
 * @property {string} since
 * @property {{game: string, side: string, played: number, won: number}[]} stats
 * @property {RatingInfo[]} ratings
 * @property {{table: string, game: string, side: string, won: boolean, rated: boolean, at: string, others?: (Player & {side: string})[]}[]} recent
 * @property {TableInfo[]} playing
 * @property {ChapterRecord[]} [chapters]
 */

/**
 * An account's record in one chapter of a co-operative game (profile).
 * @typedef {Object} ChapterRecord
 * @property {string} game
 * @property {number} chapter
 * @property {Text} name
 * @property {boolean} campaign whether the tables kept the campaign score (gaslamp's own)
 * @property {number} played
 * @property {number} won
 * @property {number} [best_city_tricks] the fewest tricks the City took in a won chapter
 * @property {number} best_stars
 */

/**
 * GET /api/leaderboard/{game}.
 * @typedef {Object} Leaderboard
 * @property {string} game
 * @property {number} min_games
 * @property {Record<string, RatingInfo[]>} sides
 */
