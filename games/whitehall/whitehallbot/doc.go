// Package whitehallbot holds the bots of Whitehall Mystery: the baseline,
// simple hand-written players that play sensibly, for solo games and as a
// yardstick, and the stronger search bot.
//
// Importing the package registers two bots for the game "whitehall":
// "baseline" ([Baseline]) and "ismcts" ([Search], which takes the place of the
// generic ISMCTS of package bot, whose random rollouts cannot tell Jack's
// moves apart: a random Jack never reaches a location). One bot plays one
// seat, Jack or a figure, from that seat's view only.
//
// Jack writes down four locations whose tour is short (no leg longer than a
// round allows) and far from the figures' starting crossings, and starts from
// the one the placed figures are farthest from. Each turn he heads for the
// first location of the shortest tour through those he has not reached,
// weighing progress against danger (how few steps the nearest figures need to
// name the circle he lands on), and plays a special card only when every walk
// is too slow, blocked or lands next to a figure. He protects his circle with
// a false clue when a figure stands next to it, and takes back an Alley card
// when the newspaper lets him.
//
// The investigators place their figures to cover the white circles. They
// follow the public record of the round with package hunt (exactly the counts
// a player could work out), which gives the probability that Jack stands on
// each circle now and, by sampling trails, that his trail passed each circle.
// A figure moves where it can name the most of that probability not already
// covered by the figures that moved before it, where it cuts off the most of
// the walks Jack may take next, and toward where he probably is. It arrests on
// a circle holding 30% of the probability or more, or on the likeliest circle
// when the figures still to act can name 60% together (each failed arrest
// raises the odds of the others); else it searches the circle whose answer
// tells most about where Jack is (estimated from the sampled trails), going
// on while an answer would tell anything; else it arrests wherever Jack may be
// at all.
//
// The search bot ([Search]) is a hybrid. Its Jack searches his moves with
// ISMCTS, rollouts playing both sides like simple players. Its figures play
// the baseline's policy with a sharper belief: hunt's trails weighted by a
// model of a Jack who heads for his locations away from the figures
// ([jackModel]). Measured with gaslamp arena against the baseline (seeds
// from 1, no time limit: --budget -1ns), where the baseline's Jack wins 68%
// of 1,000 games against the baseline's figures: the search bot's Jack wins
// 40% at level easy, 87% at normal (1,000 games each) and 96% at hard (200
// games); the baseline's Jack wins 37% against the search bot's figures at
// easy, 13% at normal and 7% at hard (1,000 games each) with the hard model
// of before; the hard model now weighs a circle's danger as much as a walk
// of progress, and the baseline's Jack wins 2 of 100 games against it
// (seeds 1..100, and 2 of 100 on seeds 1001..1100).
package whitehallbot
