// Package pocket is the rules engine of Mr Jack Pocket (Hurrican, 2010), a
// two-player game of hidden identity on a 3x3 grid of district tiles,
// registered under the id "pocket".
//
// The rule set is DIGEST.md part A with the rulings P1-P4 of RULINGS.md:
//
//   - Setup (A4, A5): the nine tiles are shuffled into the grid (cells 0..8,
//     row by row from the top left) with random orientations; the top-left,
//     top-right and bottom-middle tiles are then turned so that Holmes (place
//     12), Watson (place 4) and Toby (place 8) face a wall. The twelve places
//     around the grid are numbered 1..12 clockwise from above the top-left
//     tile. Jack's identity is the top card of the shuffled alibi deck; the
//     other eight cards form the alibi pile.
//   - Turns 1..8 (A6, A7): on odd turns the four action tokens are thrown
//     (random faces from the state's generator), on even turns they are turned
//     over. Odd turns are played investigator, Jack, Jack, investigator; even
//     turns Jack, investigator, investigator, Jack. Each action is one Move: a
//     face of an unused token and its parameters.
//   - Witness call (A8) at the end of every turn, automatic: detectives look
//     down their row or column; walls facing them stop the line, walls at right
//     angles let it through, flipped tiles keep their streets (Joseph Lane's
//     flipped tile is a crossroads). Suspects on the wrong side of the answer
//     are cleared and the turn's time token goes to Jack (unseen) or to the
//     investigator (seen).
//   - End (A9 with P2): checked after each witness call; see endOfTurn.
//   - Alibi (A7 with P4): the investigator's Alibi card always clears its
//     character, the tile turned to its empty side (the seed's "il peut
//     retourner le quartier" says the card allows it; a cleared suspect is
//     never left standing); the card is shown to everyone. Jack's Alibi is
//     drawn secretly and its hourglasses count for him.
//
// # Moves
//
// Each action is one Move (a uint64 packing the face and its parameters; see
// Parse and the constructors RotateMove, ExchangeMove, JokerMove, AlibiMove,
// DetectiveMove). Its JSON intents are listed in codec.go, e.g.
// {"kind":"rotate","tile":4,"wall":"N"} or {"kind":"holmes","steps":2}.
//
// # Decisions where the rules are silent
//
//   - A rotate move names no token: when both Rotation faces are up, it uses
//     the first unused token showing Rotation (the two are interchangeable).
//   - P3 follows the tile, not the cell: after an Exchange the tile turned by
//     the first Rotation still cannot be turned by the second.
//   - Any tile may be rotated, flipped ones included; Joseph Lane's flipped
//     crossroads keeps a stored orientation that has no effect on sight.
//     Turning it changes nothing a player can see: the rotated event says
//     so (pocket.ev.rotated-open) and names no wall, and its view tile is
//     Open.
//   - P4's flip of an already flipped tile is a no-op (a character cleared
//     by a witness call can still be drawn).
//   - Jack's Alibi is public as an action (everyone sees that he drew, and
//     when), the card and its hourglasses are not.
//   - Goals are only checked after the witness call (A9): hourglasses from an
//     alibi drawn mid-turn count at the end of that turn.
//   - The chase of P2 is public (View.ChaseTurn): play visibly goes on.
//   - The alibi pile cannot run out (8 cards, at most 4 Alibi faces a game);
//     should it, an Alibi draws nothing.
//
// Seat 0 is Jack, seat 1 the investigator. Views are built field by field:
// only Jack's view holds his identity, his drawn alibi cards and his full
// hourglass count until the game is over. Visible previews what the
// detectives see from public facts; the view of the seat that must act
// carries that preview for each of its legal moves (View.Preview), so that
// the browser shows it before a player commits an action without computing a
// rule. Determinize samples the hidden facts for search bots, and RandomGame
// plays fast random games for benchmarks.
//
// # Bots
//
// The generic ISMCTS bot of package bot ("ismcts", levels easy, normal and
// hard) plays both seats; BenchmarkHardBotDecision measures a hard decision.
// The "endgame" bot (bots.go) is that search until the end is near, then an
// exact endgame search (solve.go: expectimax over the alibi draws and the
// throws, alpha-beta and a table of positions, within a node limit) once
// the turns and suspects left make it cheap; BenchmarkSolve measures it.
package pocket
