// Package bot holds the search bots that work on any game through the engine
// contract (package game): they are given a seat's [game.View] and its legal
// moves, never a [game.State], and they draw hidden worlds consistent with the
// view through [game.Rules.Determinize].
//
// Importing the package registers two bots for every game ("*"):
//
//   - "random" ([Random]): a uniform choice among the legal moves, from a
//     generator seeded by [game.BotConfig.Seed].
//   - "ismcts" ([ISMCTS]): information-set Monte Carlo tree search with
//     determinization (single-observer ISMCTS, Cowling, Powley and Whitehouse
//     2012). Each iteration draws a full state from the view, walks down one
//     shared tree choosing the moves of whichever seat acts by UCB1 with
//     availability counts, adds one node, finishes the game with a rollout
//     policy (uniformly random by default) and credits every node on the way
//     with 1 when the side of the seat that made its move won, 0 when it lost
//     and 1/2 for a draw. The bot plays the most visited move at the root.
//     A game may give its own rollout policy ([Rollout]) and keep only its
//     own side's moves in the tree ([Search].SideOnly), the policy then
//     playing the opponents there too.
//
// A search stops after an iteration cap set by [game.BotConfig.Level] (easy,
// normal, hard; see [LevelIterations]) or when the time budget
// ([game.BotConfig.Budget]) runs out, whichever comes first. With a fixed
// iteration cap and no time budget ([NewISMCTS] with Budget < 0) a bot is fully
// deterministic for a given seed: the same view and legal moves give the same
// move.
//
// Variety: the registered search bots play any root move visited at least
// 90% as often as the most visited one ([DefaultVariety]), drawn from the
// bot's generator, so that two tables (whose bots' seeds come from the
// server's secret stream) play differently where the search cannot tell the
// moves apart, while one seed replays exactly.
//
// Levels in words (easy, normal, hard) are picked per game and side with
// [game.RegisterLevel]; a level may give the search its iterations as a
// number ("50000", see [LevelIterations]).
//
// Sides come from [game.Rules.Seats]. A view that has an Options() method
// ([OptionsView]) lets the bot call Seats with the table's options; otherwise it
// is called with none.
package bot
