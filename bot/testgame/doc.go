// Package testgame is a tiny imperfect-information card game that implements
// the whole engine contract, for testing the generic bots and the command-line
// tools without a real game.
//
// Two seats, "west" and "east", each on their own side, are dealt Hand cards
// (5 by default) from a deck numbered 1..13; the other cards stay unseen. Odd and
// even cards are the two suits. West leads the first trick; the follower must
// play a card of the led suit if it holds one; the highest card of the led suit
// wins the trick and its winner leads the next. The side that takes more tricks
// wins. Each seat sees its own hand, the cards played and the counts of cards
// in hand; Determinize deals the unseen cards at random.
//
// Importing the package registers the game under the id "testgame".
package testgame
