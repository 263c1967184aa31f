// Package whitechapelbot holds the baseline bot of Letters from
// Whitechapel: a simple hand-written player that plays sensibly, for solo
// games and as a yardstick for search bots.
//
// Importing the package registers the bot "baseline" for the game
// "whitechapel" ([Baseline]). One bot plays one seat, Jack or a policeman,
// from that seat's view only; game.BotConfig.Level ("easy", "normal",
// "hard") sets how often it plays at random, how much noise its scores get,
// how many trails it draws and how readily it arrests.
//
// Jack writes a hideout close to the red circles, puts the marked women on
// the red circles nearest to it, and kills the wretched nearest home that no
// patrol token watches, waiting (for more moves, and to turn over the patrol
// token nearest his victims) while the best victim is too far or too
// watched. In the hunt he walks home as soon as he can; otherwise he takes
// the move that keeps home within reach of the moves left, lands where few
// policemen can name his circle this turn, and saves his coaches and
// alleys.
//
// The police follow the public record with package hunt, exactly the counts
// a player could work out: the probability that Jack stands on each circle
// now, that his trail tonight passed each circle (by sampling trails), and
// that his hideout is each circle (hunt.Hideouts over the finished nights).
// The Head places the real patrol tokens on the crossings nearest the women
// and the probable hideout, and moves the wretched toward the real tokens
// and away from the hideout. A policeman moves where he can name the most
// of the probability of Jack's circle and trail not named by those who
// moved before him, near where Jack probably is and, once the hideout is
// well known, near it. He arrests on a circle likely enough (the level's
// threshold), else searches the circles whose answer is least certain while
// one would tell anything, else arrests wherever Jack may be at all.
package whitechapelbot
