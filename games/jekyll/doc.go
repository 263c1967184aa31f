// Package jekyll is the rules engine of Jekyll & Hyde vs Scotland Yard, a
// co-operative trick-taking game for two players against the City, and its
// exact round solver and bots. It registers the game "jekyll".
//
// # Seats, sides, options
//
// Seats 0 "jekyll" and 1 "hyde", both of side "players"; the side "city" holds
// no seat: the City's card is played by Apply itself, as an event. Options:
//
//   - chapter: 1..10 (default 4), see Chapters below.
//   - track-length: the last space of the track ("chapter" = the chapter's
//     own value: 12, spaces 0..12, in every chapter).
//   - start-jh, start-yard: start spaces of the Jekyll & Hyde pawn and of
//     Scotland Yard (chapter values: Jekyll & Hyde at 9 in chapters 1 and
//     2, 3 from chapter 3 on; Scotland Yard at 0). start-yard must be
//     behind start-jh, start-jh before the last space.
//
// The track and start spaces are the product's choice (RULINGS J8: no source
// gives them), kept per chapter in config.go and measured with "gaslamp
// arena --game jekyll" so that the classic chapter is hard but winnable and
// the teaching chapters easy; the
// README section "Jekyll & Hyde: track defaults" gives the measured win rates
// and the command.
//   - overshoot-to-yard: the steps the pawn cannot take past the last space
//     move Scotland Yard instead of losing (J7).
//   - campaign-score: "off" (the default) or the score carried into this
//     chapter: gaslamp's own campaign score (J10, see Campaign).
//
// The lobby's chapter picker shows each chapter's name (catalogue keys
// jekyll.option.chapter.N), never a bare number, and the option labels say
// which values are gaslamp's choice (J9, J11).
//
// # A chapter
//
// Two rounds, each a day and a night (RULINGS J1-J9, seed 003, DIGEST B).
// The turn-order token is set at random at the start of the chapter and
// carries over into round 2 as it stands.
//
// Day. The players may chat ("talk" phase) until both ask for the deal
// (move {"kind":"ready"}). The deal shuffles the cards of the chapter from
// the state's Rand: 12 to each seat, the rest set aside unseen (4 in the
// classic game). From the deal to the end of the round chat is closed:
// State.ChatOpen and View.ChatOpen say so, for the server to enforce. Both
// seats then give at once (ToAct holds both), one card per move
// ({"kind":"give","card":"red-8"}): 4 each, every 8 a seat holds among them
// (once a seat's gifts left equal its 8s, only 8s are legal). The 8 given
// cards are shuffled into the City deck.
//
// Night: 8 tricks. The City reveals its top card (an event), then the seat on
// the turn-order token plays ({"kind":"play","card":"potion-2"}), then the
// other. Follow (J4): a seat holding the City's colour plays that colour or a
// potion; after a City potion anything goes. Colour ranks (J5): the first
// colour seen in the round takes the weakest token, the next the middle one,
// the third the strongest (the City's card counts, in play order). A trick
// goes to the highest value of the strongest colour in it; potions never
// win; a trick of potions only goes to the City. The winner of a trick plays
// first in the next; when the City wins the order does not change.
//
// Reactions (J6): a potion and a coloured card played one right after the
// other in a trick (the City's card counts), in either order, make a
// reaction, applied at once by the seat that played the second card of the
// pair, by the colour of the coloured card:
//
//   - red: the trick the City won last (among those it still holds) goes
//     into that seat's tricks;
//   - blue: the ranks of two colours swap; with three colours ranked the seat
//     chooses ({"kind":"swap-ranks","a":"red","b":"blue"});
//   - black: the seat chooses a card of its hand
//     ({"kind":"swap-card","card":"black-3"}), which goes on top of the City
//     deck, and takes the top card into its hand. Only that seat sees the
//     two cards.
//
// Decisions where the rulings are silent:
//
//   - A card belongs to at most one reaction: with City potion, Jekyll red,
//     Hyde potion only Jekyll reacts.
//   - Two potions in a row make no reaction (as in the earlier Jekyll vs
//     Hyde, where they cancel); the second potion can still pair with the
//     coloured card after it.
//   - Reactions are not optional; a seat avoids one by not forming the pair.
//     A reaction with nothing to act on does nothing (an event says so): red
//     when the City holds no trick, black when the City deck is empty (the
//     last trick), blue when fewer than two colours are ranked. With exactly
//     two ranked colours, blue swaps them without a choice. A colour ranked
//     by the card that makes the reaction is ranked before the reaction.
//   - The reaction takes effect before the trick is decided (a blue swap can
//     change its winner); red only takes tricks already won.
//   - In chapters without reactions potions are plain cards that never win.
//   - Potions have no value for scoring (they are neither 8s nor 1-3).
//
// Scoring (J7), at the end of each round: the pawn moves as many spaces as
// the tricks of the seat with fewer tricks (red reactions count), plus one
// for each 8 among the players' won cards; then Scotland Yard moves one per
// card of value 1-3 among them. Passing the last space loses (or, with
// overshoot-to-yard, the extra steps move Scotland Yard; without a Scotland
// Yard pawn it still loses); Scotland Yard reaching or passing the pawn
// loses at once; after round 2 the players win only standing exactly on the
// last space.
//
// # Chapters
//
// 1-3 teach, 4 is the classic game (J9); 5-10 are this product's own
// challenges, named by their keys, never "Chapter 5" of the published game,
// each one rule change or goal added to the classic game:
//
//  1. first-steps: no potions (24 cards, none set aside), no Scotland Yard.
//  2. potions: potions are dealt but make no reaction; Scotland Yard is on
//     the track (J9: the chapter teaches the pawn and potions together;
//     chapter 3 sets the pawn aside to teach reactions alone).
//  3. reactions: reactions, no Scotland Yard pawn.
//  4. classic: everything.
//  5. looking-glass ("Through the Looking-Glass"): the first colour seen is
//     the strongest, the third the weakest.
//  6. hounds ("Lestrade's Hounds"): Scotland Yard moves one extra space at
//     the end of each round.
//  7. empty-cabinet ("The Empty Cabinet"): only potion-1 and potion-2 are in
//     the game; 2 cards are set aside.
//  8. pea-souper ("Pea-Souper"): the colour ranks are drawn at random at the
//     deal of each round instead of by first appearance (blue still swaps).
//  9. hyde-unbound ("Hyde Unbound"): Hyde always plays right after the City.
//  10. before-dawn ("Before Dawn"): the players must also win the last trick
//     of round 2.
//
// # Campaign
//
// The campaign score is gaslamp's own, not the published game's (J10): it
// exists only when the table sets campaign-score (a number, the score carried
// in); without it a chapter gives no stars and no feats, the outcome names
// none and View.Rules.CampaignScore is false. Every text that shows stars or
// feats says they are gaslamp's own.
//
// A campaign carries one number from chapter to chapter: its score in
// stars. A lost chapter gives 0; a won chapter gives 1 star plus one for
// each feat: "last-word" (the players won the last trick of both rounds) and
// "clean-hands" (no card of value 1-3 among their won cards in either
// round), so at most 3. The outcome's reason and the views give the new
// total, campaign-score plus the chapter's stars (State.CampaignScore), for
// the next chapter's table.
//
// # Views and knowledge
//
// A seat's view has its own hand, its gifts, the partner's hand and the City
// deck as counts, the trick on the table, the rank tokens, the tricks of the
// round, the track, the turn-order token, a pending reaction, the phase and a
// prompt. It also holds what the seat knows without seeing it: which seat
// cannot hold which colour (public: a failure to follow; no 8 after the
// gifts; forgotten when the seat swaps by a black reaction), where the cards
// it once held may be now (its gifts: the City deck, or the partner's hand
// once the partner swapped), and the card it put on top of the City deck.
// Determinize deals every unseen card at random under those constraints (and,
// during the day, no seat holds more 8s than gifts it has left). The set-
// aside cards are never shown before the end; at the end the view shows
// everything.
//
// # Solver and bots
//
// Solver (solve.go) finds the best value of a fully known night by depth-
// first search with a transposition table and bounds; see its doc. The
// "partner" bot samples with Determinize, keeps each world by the gift prior
// (giftprior.go: how well the partner's gifts fit the gift heuristic) and
// solves it, its first round valued by the chance of then landing exactly
// (Solver.FutureFirst; in the classic chapter the chance measured for two
// partner bots, Solver.FairFuture, solve_future.go) (bots.go);
// the opt-in "convention" bot also weighs each sample by how well the
// partner's public plays of the night fit it, under a shared tie-break
// signal both seats follow (convention.go);
// Cheater is the all-seeing pair for the arena's upper bound. RandomGame is
// the allocation-free playout.
package jekyll
