// Package whitehall is the rules engine of Whitehall Mystery (seed 000 and
// shared/rules/RULINGS.md W1-W23), registered with package game as
// "whitehall", with a random bot ("random") and a playout helper for
// benchmarks (RandomGame, Playout).
//
// # Seats, phases and moves
//
// Seat 0 is Jack (side "jack"); seats 1-3 are the investigators' figures in
// priority order (yellow 1, blue 2, red 3, green 4 = Edmund Reid, brown 5 =
// Donald Swanson; the reid and swanson options replace a base figure). The
// game goes through explicit phases, each with a stable id in the view:
//
//	locations   Jack picks 4 white circles, one per quadrant (W1), one move each
//	place       each figure in priority order takes a yellow starting crossing (W2)
//	reveal      Jack names his start among his locations (W3)
//	newspaper   start of rounds 2 and 3: Jack may take back a used Alley or Boat card (W23)
//	jack        Jack's move: walk, coach, alley or boat (W4-W11)
//	move        each figure in priority order moves 0-2 steps (W13; 3 with Smoker's Speed)
//	false-clue  Jack may place a false clue marker (W21)
//	action      each figure in order: search, arrest, Reid's area arrest,
//	            Swanson's guess, or nothing (W14, W16, W20)
//	search      the searching figure names its next adjacent circle, or stops (W15)
//	over        the game is over
//
// A move is a game.Move packing a MoveKind and its arguments (see MoveKind;
// constructors Walk, Coach, Figure, Search, ... and accessors KindOf, To,
// Via). On the wire it is a small JSON intent (codec.go), crossings by label.
// Searches and arrests are resolved by the rules at once: the state holds
// Jack's trail.
//
// # Hidden information
//
// Jack's locations, his trail rows, his circle, a pending announcement and,
// with murderer-at-large, the types of this round's face-down cards are his
// secrets: they are only in his View and in his events (audience Only(0)),
// the others get a public twin (AllBut(0)). Every view carries the public
// record of every round (Jack's moves with the crossings the figures held,
// and every answer: clue, no-clue, not-here), which converts directly to a
// hunt.Round (RoundView.Hunt). With deduction=on the investigators' and
// spectators' views also carry hunt's possible circles with their trail
// counts (face-down cards resolved over the Alley/Boat assignments Jack's
// cards allow), computed when a view is built, never in Apply. When the game is over every view shows
// everything. Determinize rebuilds the exact state from Jack's view and draws
// a consistent world from anyone else's (see Rules.Determinize).
//
// # Decisions on open points
//
//   - Reid and Swanson always come with their powers; investigator-powers is
//     Smoker, so it needs the yellow investigator. At most one of Reid and
//     Swanson is in a game (W20). Bad combinations are refused
//     (CodeBadOptions).
//   - Smoker's Speed is a move of its own, offered only to crossings exactly
//     3 steps away. Scent is declared either before the search (a search move
//     of its own) or when yellow's search finds its first clue (W20): the
//     search then stops unless the next circle is named with Scent. Each
//     power is spent when used, hit or miss. Reid's area arrest names every
//     adjacent circle not under a false clue.
//   - Swanson may name any white circle without a red marker, false clue or
//     not (his guess is neither a search nor an arrest). A location Jack
//     walked onto this turn counts as reached (W20): naming it is a failed
//     guess, and Jack announces it at the end of the turn. Swanson, priority
//     5, always acts last, so a failed guess is followed by the end of the
//     turn: the circle is then either announced or no unreached location.
//   - Searches may be stopped at any time after the first circle (the
//     figure names one circle per move); Scent answers every circle named.
//   - A walk refused because figures cut every street to the circle says so
//     (whitehall.err.blocked), whatever lies there; only a walk the figures
//     leave open onto an unreached location under a false clue is refused
//     for the false clue.
//   - The powers of Waring, Ferris and Bond (W20) are a known gap: their
//     text is printed only on their cards and no source we found gives it.
//   - W12's 15-move limit ends the game right after the move that fills the
//     15th track space without reaching a location, before the figures move.
//   - W11 is checked whenever Jack must move (after the reveal, at each turn
//     and at the start of a round).
//   - False clues (W21): every 5th clue marker of the game gives one, held at
//     most 3; placed at the start of the actions on any circle without one.
//     Since the announcement of W12 is mandatory and W21 forbids announcing
//     under a false clue, Jack may neither cover the location he must
//     announce this turn nor walk onto an unreached location under a false
//     clue (a special move cannot end there anyway). Unused markers are lost
//     at the end of the round.
//   - murderer-at-large (W22): a face-down card shows as "special" with its
//     1 or 2 track spaces (2 is always a coach) until the end of the round,
//     when its type is announced; the card counts show the face-down cards
//     apart (CardsView.Hidden).
//   - newspaper-fabrications (W23): offered only when an Alley or Boat card
//     is out; a coach cannot be taken back.
//   - The seed is not used: Whitehall Mystery has no chance.
package whitehall
