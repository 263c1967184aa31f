package server

import "gaslamp/game"

// whitehallTutorial is the script of the Whitehall Mystery tutorial
// (registered by init; its hints are the catalogue keys
// "tutorial.whitehall.*", the first of the player's steps being 4: the client
// shows the introduction until then). The player holds the three
// investigators (yellow, blue and red, seats 1-3); Jack plays the script. The
// game has no chance: the seed is not used.
//
//   - 0-3: Jack writes down his discovery locations 1, 27, 122 and 188;
//   - 4-6: the figures go on starting crossings HZ, FP and HP;
//   - 7: Jack starts on 122; 8: he walks to 104 (8 circles possible);
//   - 9-11: yellow to HM, blue to FR, red to HY;
//   - 12-14: yellow searches 123 and 124 (no clue) and stops (122, the
//     start, would give a clue for nothing);
//   - 15-16: blue searches 121 (no clue), then 104: a clue, and Jack is on
//     104, the one circle a single walk from 122 left; 17: red, next to none
//     of them, does nothing;
//   - 18: Jack takes a coach through 122 to 139, past blue on FR (15 circles
//     possible);
//   - 19-21: yellow to HG, blue to FS, red to FP;
//   - 22: yellow searches 139: a clue, and only a coach's second circle can
//     be 139 (it is no neighbour of 104); 23: blue arrests Jack on 139.
//
// 17 player decisions (TestTutorialWhitehallScript replays it through the
// rules).
var whitehallTutorial = tutorialScript{game: "whitehall", seed: 1, seats: []game.Seat{1, 2, 3}, moves: rawMoves(
	`{"kind":"location","circle":1}`,
	`{"kind":"location","circle":27}`,
	`{"kind":"location","circle":122}`,
	`{"kind":"location","circle":188}`,
	`{"kind":"place","at":"HZ"}`,
	`{"kind":"place","at":"FP"}`,
	`{"kind":"place","at":"HP"}`,
	`{"kind":"reveal","circle":122}`,
	`{"kind":"walk","to":104}`,
	`{"kind":"figure","to":"HM"}`,
	`{"kind":"figure","to":"FR"}`,
	`{"kind":"figure","to":"HY"}`,
	`{"kind":"search","circle":123}`,
	`{"kind":"search","circle":124}`,
	`{"kind":"stop"}`,
	`{"kind":"search","circle":121}`,
	`{"kind":"search","circle":104}`,
	`{"kind":"pass"}`,
	`{"kind":"coach","via":122,"to":139}`,
	`{"kind":"figure","to":"HG"}`,
	`{"kind":"figure","to":"FS"}`,
	`{"kind":"figure","to":"FP"}`,
	`{"kind":"search","circle":139}`,
	`{"kind":"arrest","circle":139}`,
)}

func init() { tutorialScripts["whitehall"] = whitehallTutorial }
