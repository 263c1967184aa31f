// Package pocket is the rules engine of Mr Jack Pocket (Hurrican, 2010), a
// two-player game of hidden identity on a 3x3 grid of district tiles,
// registered under the id "pocket".
//
// The rule set is DIGEST.md part A with the rulings P1-P3 of RULINGS.md:
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
//
// Seat 0 is Jack, seat 1 the investigator. Views are built field by field:
// only Jack's view holds his identity, his drawn alibi cards and his full
// hourglass count until the game is over. Visible previews what the
// detectives see from public facts, Determinize samples the hidden facts for
// search bots, and RandomGame plays fast random games for benchmarks.
package pocket
