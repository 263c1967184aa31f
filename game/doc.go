// Package game is the engine contract that every gaslamp game implements, plus the
// few things all games share: seats, moves as small values, a seeded random
// generator kept inside the state, a stable vocabulary of rejection reasons,
// translatable texts, events with an audience, options, a registry of games and
// bots, and replay of recorded games.
//
// # The contract
//
// A game is a [Rules] value registered under a stable id ("whitehall",
// "whitechapel", "pocket", "jekyll"). Rules.New builds a [State] from [Options]
// and a seed; all randomness afterwards comes from a [Rand] kept in the state, so
// that (game, options, seed, moves) replays to the same state byte for byte
// ([State.Snapshot]).
//
// A State says which seats must act now ([State.ToAct], a [SeatSet], so that
// several seats may act at once), lists the legal moves of a seat
// ([State.Legal], appending [Move] values to a caller's buffer: no allocation in a
// playout loop) and applies one ([State.Apply]). Apply either changes the state
// and appends the events it caused to a [Log] (which may be nil for bots), or
// returns an [*Error] saying why the move is refused, and then changes nothing.
//
// A Move is a uint64 whose meaning is private to its game. JSON exists only at the
// edge: Rules.EncodeMove and Rules.DecodeMove turn a move into a small intent such
// as {"kind":"walk","to":42} and back. DecodeMove parses without judging; Apply
// judges.
//
// [State.View] builds, field by field, exactly what one seat may know; a
// spectator is the seat [Spectator] and sees only public facts. Events carry an
// [Audience]; the server sends each seat the events it may see and, for the
// others, only the version number, so a gap always means "lost", never "secret".
// [State.Outcome] tells whether the game is over, which side won and why, as a
// [Text] the client translates.
//
// Bots never receive a State: they get a View and the legal moves, and a search
// bot asks Rules.Determinize for full states consistent with that view.
//
// # How the four games map onto it
//
// Whitehall Mystery: seats Jack, Yellow, Blue, Red (or Green/Brown with the
// investigator powers); one person may hold several seats. Each choice is one
// small move: a discovery location, a figure's crossing, Jack's walk or special
// move, a figure's destination, one circle named in a search (the search goes on
// circle by circle until a hit or a stop move). Jack's trail lives only in Jack's
// view until the game ends.
//
// Letters from Whitechapel (a four-night map game with several seats on one side):
// seats Jack and the five policemen; the Head of the Investigation is the seat
// whose turn it is to place patrols and move the wretched, so "who acts" changes
// night by night; patrol tokens, women and the hideout are hidden fields filled in
// by Determinize.
//
// Mr Jack Pocket (a two-player tile game with a hidden identity and chance):
// seats Jack and Investigator; the thrown action tokens come from the state's
// Rand; the identity card and Jack's drawn alibis are Jack's private fields, and
// Determinize samples an identity among the suspects still in play.
//
// Jekyll & Hyde vs Scotland Yard (a co-operative card game with hidden hands and
// an automated third party): seats Jekyll and Hyde, one side "players" against
// the side "city", which holds no seat; the City's card is played by Apply itself
// as an event, hands are private fields and the City deck is hidden from both, so
// Determinize deals the unseen cards at random. Simultaneous choices (giving 4
// cards to the City) are two seats in ToAct at once.
package game
