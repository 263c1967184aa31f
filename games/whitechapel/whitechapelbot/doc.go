// Package whitechapelbot holds the bots of Letters from Whitechapel: the
// baseline, a hand-written player that plays sensibly, and the search bot
// of the Normal and Hard levels of Jack and the police, which plays a
// seat's moves in the hunt by playing them out.
//
// Importing the package registers the bots "baseline" ([Baseline]) and
// "search" ([Search]) for the game "whitechapel", and the levels in words
// (levels.go). One bot plays one seat, Jack or a policeman,
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
// one would tell anything, else arrests wherever Jack may be at all. At
// Hard the police also discount the circles from which Jack could not walk
// to a likely hideout in the moves his track has left (public: the track
// is on the board), since a Jack there has all but lost.
//
// The search bot, as Jack, takes his six best moves by the baseline's
// score and plays each out to the end of the night in worlds drawn from his
// view (Rules.Determinize: Jack knows all but the identities of face-down
// patrol tokens), Jack by the Hard baseline and the police by the Normal
// baseline, which reads only the public record as real police would (it
// draws 20 trails instead of 150, the drawing being most of a rollout's
// time). A bandit (UCB1) spends the rollouts, and the move that got him
// home most often is played. As a policeman it takes his four best
// movements by the Hard baseline's score, the Hard baseline's own choice
// first, and plays them all out in the same worlds drawn from his view
// (Jack's hideout and trail drawn from the public record), each world once
// per candidate with the same seeds, the police by the Hard baseline (20
// trails); it leaves the baseline's choice only for a candidate that
// caught Jack in at least 2 (and 15% of the worlds) more of those nights.
// Every other decision is the Hard baseline's. Its level is its cap of
// rollouts per decision; its budget stops it sooner. A level "normal-N" or
// "hard-N" (N the cap) makes a policeman's search the shortfall search
// over that level's baseline instead: the same paired worlds, the police
// in the rollouts by that baseline, each rollout cut after three moves of
// Jack's and scored by how much of his track he has used or would use
// walking home past the policemen, another candidate played for a mean
// gain over half a standard error. The police's Normal and Hard levels are
// that search ("search:normal-60" and "search:hard-60", levels.go); Easy is
// the baseline (docs/bots.md).
package whitechapelbot
