// Package whitechapel is the rules engine of Letters from Whitechapel (seed
// 001, shared/rules/RULINGS.md L1-L9 and the published revised edition as
// DIGEST.md part C records it), registered with package game as
// "whitechapel", with playout helpers for benchmarks: uniformly random games
// (RandomGame, Playout), which mostly end in night 1, and games where Jack
// heads home (GuidedGame, GuidedPlayout), which mostly last the four nights.
// The generic bots of package bot ("random", "ismcts") play it; the
// baseline bot is in whitechapelbot.
//
// # Seats, phases and moves
//
// Seat 0 is Jack (side "jack"); seats 1-5 are the policemen blue, yellow,
// brown, red and green (side "police"; 1 to 5 people share them, which is
// the server's business). The game goes through explicit phases, each with
// a stable id in the view and a prompt:
//
//	hideout   Jack writes his hideout: any circle that is not red (L3)
//	women     Jack places the night's woman tokens face down on red circles,
//	          one per move, marked or not (C5.2); the others learn only
//	          how many are left, and the circles as a whole, in circle
//	          order, with the last token (L10)
//	patrol    the Head of the Investigation places the 7 patrol tokens face
//	          down, one per move: a colour or a fake on a crossing (C5.3)
//	kill      Jack kills a wretched or waits; on V he must kill (C5.5)
//	wretched  the Head moves one wretched (C5.6)
//	reveal    Jack turns over a face-down patrol token (C5.7)
//	second    night 3: Jack kills his second victim (L6)
//	jack      Jack's walk, coach or alley (C8.1)
//	move      one policeman moves 0-2 steps (C8.3)
//	action    one policeman searches, arrests or passes (C8.4)
//	search    the search goes on: the next circle, or stop (L5, W15)
//	over      the game is over
//
// Preparing the scene (C5.1: the night's coaches and alleys), the choice of
// the victims (C5.4), the crime scenes (C5.8) and the alarm (C5.9) are done
// by the rules between those phases. A move is a game.Move packing a
// MoveKind and its arguments (constructors Hideout, Woman, Patrol, Kill,
// Wait, Wretched, Reveal, Walk, Coach, Alley, Police, Search, Arrest, Stop,
// Pass; accessors KindOf, To, Arg); on the wire it is a small JSON intent
// (codec.go), crossings by label ("J44").
//
// # Hidden information
//
// Jack's hideout, his trail, his circle and which woman tokens are marked
// are his secrets: they are only in his View and in his events (audience
// Only(0)); the others get a public twin. The identities of the face-down
// patrol tokens are the police's secret: they are in the policemen's views
// and events, not in Jack's or the spectators'. Every view carries the
// public record of every night (the crime scenes, the Time of the Crime,
// Jack's moves with the policemen's crossings, every answer: clue, no-clue,
// not-here, and whether he got home), which converts directly to a
// hunt.Night. With deduction=on the police's and spectators' views also
// carry, from every public fact (issue 15), tonight's possible circles and,
// once Jack got home at least once, the possible hideouts, each with its
// weight (hunt.Hideouts over the finished nights extended by tonight's
// record, hunt.HideoutSolution.With and Tonight): a hideout must allow
// every finished night and tonight so far (no walk of tonight landed on
// it), and tonight's circles are weighed over the hideouts still possible.
// TestDeductionUsesEveryPublicFact checks both against a brute force. When
// the game is over every view shows everything. Determinize fills in what a view does not show (see
// Rules.Determinize).
//
// # Decisions on open points
//
//   - The night ends at once when Jack's walk lands on his hideout, before
//     the police move (C8.2 comes before C8.3); a coach or an alley landing
//     there does not end it (L4). He does not reveal the hideout.
//   - The move track has 20 spaces, V..I then 1..15: Jack's pawn starts on
//     the Time of the Crime, so he has 14 + T moves (15 on I, 19 on V); a
//     coach takes 2 and needs 2 left. The move that fills the last space
//     without reaching home loses at once (L4).
//   - The double event (night 3): Jack kills one wretched, then (phase
//     second) another, anywhere; the second crime scene is cell 1 of the
//     trail and takes a track space, then the police move (L6). The order
//     of the kills is public, like the crime scenes.
//   - The Head of the Investigation goes round the colours in seat order,
//     blue on night 1 (L7). Each turn the policemen move, then act, in
//     tonight's order: the Head first, then the others in seat order.
//   - Patrol tokens (C5.3): the Head chooses which token (colour or fake)
//     goes where. Night 1: the 7 yellow-bordered crossings. Nights 2-4: the
//     policemen leave the board; each crossing where one ended the previous
//     night gets a token, and 2 go on yellow-bordered crossings that are
//     not among those; placements that would leave no room are not offered.
//     A real token turned over stays face up and shows its colour; at the
//     alarm each real token becomes that colour's policeman.
//   - Women (C5.2): red circles without a woman token and without a crime
//     scene of any night; Jack places every token of the night.
//   - The victims are chosen when the last patrol token is placed: the
//     wretched stand where the marked tokens were; they move, when Jack
//     waits, one at a time in the order of their circles.
//   - A wretched's move (C5.6) is a walk to a walking neighbour along
//     streets that pass no patrol token (face down or up), ending on no
//     circle next to a patrol token (a circle joined by one street segment
//     to its crossing, board.Board.NearSet), on no other wretched and on no
//     crime scene. A wretched with no such move stays, and must move
//     otherwise.
//   - Police movement: 0-2 steps, passing other policemen, never ending on
//     one's crossing (C8.3). Searches skip circles with a clue and tonight's
//     crime scenes; a clue ends the search; the policeman may stop after
//     any circle. Arrests may name any adjacent circle.
//   - Jack's walk may not pass a crossing holding a policeman; coaches pass
//     them; alleys (board AlleySet) cannot be blocked. Unused coaches and
//     alleys are lost at the end of the night. With no legal move at the
//     start of his turn, Jack loses (C8.1).
//   - Clue markers go at the end of the night; crime scenes and policemen
//     stay (until the next night's patrols replace the policemen).
//
// # Sources
//
// The rules come from RULINGS L1-L11, seed 001 and DIGEST part C. Where
// DIGEST C rests on one source (L11), that source is ACES (the public
// implementation aceszhenwei/Letters-From-Whitechapel, docs/game-rules.md
// and js/core/rules.js, which says it follows the revised rulebook):
//
//   - patrol placement in nights 2-4 (C5.3): ACES, and now a second,
//     independent source that agrees: the review "Gaming Unplugged:
//     Surviving Letters from Whitechapel" (snackbar-games.com, 2011) says
//     the lead investigator places the tokens on the yellow-bordered
//     crossings on night 1 and, on later nights, on the investigator pawns'
//     last locations plus two of the yellow ones;
//   - the Wretched's moves (C5.6): ACES;
//   - the police's order of movement and action, the Head first then seat
//     order: ACES (the Head's tile only decides who places the patrols);
//   - the night ending only on a walk home, a coach or alley landing there
//     not ending it (C8.2, L4): ACES, and the revised rulebook as quoted in
//     a BoardGameGeek thread that ACES's docs/human-strategy report
//     summarises ("Page 19 ... red outlined box"); the same report cites the
//     publisher's FAQ that a wretched killed on the hideout means Jack steps
//     off and back, which these rules give (the kill is no walk);
//   - the hideout not revealed when Jack gets home: ACES;
//   - the double event with no limit between the two victims (C7, L6):
//     ACES.
//
// Issue 15 asked to check these against the published revised rulebook.
// Its public copies (docslib.org/doc/5736885, docslib.org/doc/5374173,
// fdocuments.in/document/letters-from-whitechapel-rulebook.html,
// issuu.com/sirchestercobblepot/docs/lfw_rules_letter_en,
// zbook.org/read/97eb0_rulebook-fantasy-flight-games.html,
// ultraboardgames.com/letters-from-whitechapel/game-rules.php) were found,
// but the stored copies this project could read hold only their first
// pages (credits, contents of the box); the rules above are therefore still
// single-source and unchanged, patrol placement aside. A second search
// (pages, docs, code and issues: "Letters from Whitechapel rulebook optional
// rules", "Jack's letters", "Area arrest", "Catch me if you can
// Whitechapel", "I know your address", "Dear Boss expansion", the patrol
// placement of the second night) found again only those first pages, the
// Letters from Hell rulebook's first pages (vdocuments.site), reviews and
// the R package whitechapelR (movement tracking only).
//
// # Known gaps
//
// The optional rules of the published game (Jack's Letters, False Clues,
// Rushing, Area Arrests, Catch Me If You Can, I Know Your Address) stay out
// (L9): their names are known (DIGEST C9; the rulebook's box contents list
// the 4 Jack's Letter tiles and 3 False Clue markers), but no source we
// could read gives their text (the rulebook copies above stop before them;
// the FFG preview ffg-forum-archive.entropicdreams.com/topic/83583 is cut
// before its optional-rules paragraph; the Esoteric Order of Gamers summary
// scribd.com/document/594152602 shows its first page only; the second
// search above found no more, and the one public implementation with rules
// notes, ACES, lists the six as not implemented). No option names them, and
// none is invented.
package whitechapel
