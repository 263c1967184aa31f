// Package testgame is a tiny game for the server's tests, registered under the
// id "srvtest" when imported. Two seats, "north" and "south", each hold a secret
// word "sec-NNNNNN" that only they may see until the game ends, so a test can
// search every frame a connection receives for another seat's secret. The
// seats take turns; each move is a pick of 1, 2 or 3 (added to a public total)
// or a peek (a private event repeating the mover's own secret). The game ends
// after Length moves (option "length", default 6); the seat with the larger
// secret number wins.
package testgame
