package server

import (
	"encoding/json"

	"gaslamp/game"
)

// whitechapelTutorial is the script of the Letters from Whitechapel
// tutorial (registered by init; its hints are the catalogue keys
// "tutorial.whitechapel.*", the first of the player's steps being 9: the
// client shows the introduction until then). The player is the
// Blue policeman (seat 1), the Head of the Investigation on night 1; Jack
// and the four other policemen play the script. Night 1: Jack hides at 98
// and places the women; Blue places the 7 patrol tokens (steps 9-15); Jack
// waits and Blue moves the 5 wretched (17-21), the one on 84 to 100; Jack
// turns over the yellow token and kills on 100; he walks to 123; Blue moves
// to J162 (25), searches 125 (no clue, 30) and 123 (clue, 31): Jack is on
// 123; yellow on J131 and Blue on J162 leave him one walk, to 122 by J132;
// Blue moves to J132 (37) and arrests on 122 (42): the police win. 17 player
// decisions (TestTutorialWhitechapelScript replays it through the rules).
var whitechapelTutorial = tutorialScript{game: "whitechapel", seed: 1, seats: []game.Seat{1}, moves: rawMoves(
	`{"kind":"hideout","circle":98}`,
	`{"kind":"woman","circle":84,"marked":true}`,
	`{"kind":"woman","circle":3,"marked":true}`,
	`{"kind":"woman","circle":158,"marked":false}`,
	`{"kind":"woman","circle":21,"marked":true}`,
	`{"kind":"woman","circle":147,"marked":true}`,
	`{"kind":"woman","circle":27,"marked":false}`,
	`{"kind":"woman","circle":149,"marked":true}`,
	`{"kind":"woman","circle":65,"marked":false}`,
	`{"kind":"patrol","at":"J165","token":"blue"}`,
	`{"kind":"patrol","at":"J107","token":"yellow"}`,
	`{"kind":"patrol","at":"J186","token":"brown"}`,
	`{"kind":"patrol","at":"J75","token":"red"}`,
	`{"kind":"patrol","at":"J44","token":"green"}`,
	`{"kind":"patrol","at":"J101","token":"fake"}`,
	`{"kind":"patrol","at":"J119","token":"fake"}`,
	`{"kind":"wait"}`,
	`{"kind":"wretched","from":3,"to":9}`,
	`{"kind":"wretched","from":21,"to":20}`,
	`{"kind":"wretched","from":84,"to":100}`,
	`{"kind":"wretched","from":147,"to":146}`,
	`{"kind":"wretched","from":149,"to":138}`,
	`{"kind":"reveal","at":"J107"}`,
	`{"kind":"kill","circle":100}`,
	`{"kind":"walk","to":123}`,
	`{"kind":"move","to":"J162"}`,
	`{"kind":"move","to":"J131"}`,
	`{"kind":"move","to":"J184"}`,
	`{"kind":"move","to":"J114"}`,
	`{"kind":"move","to":"J55"}`,
	`{"kind":"search","circle":125}`,
	`{"kind":"search","circle":123}`,
	`{"kind":"pass"}`,
	`{"kind":"pass"}`,
	`{"kind":"pass"}`,
	`{"kind":"pass"}`,
	`{"kind":"walk","to":122}`,
	`{"kind":"move","to":"J132"}`,
	`{"kind":"move","to":"J131"}`,
	`{"kind":"move","to":"J163"}`,
	`{"kind":"move","to":"J113"}`,
	`{"kind":"move","to":"J88"}`,
	`{"kind":"arrest","circle":122}`,
)}

func init() { tutorialScripts["whitechapel"] = whitechapelTutorial }

// rawMoves turns JSON intents into a script's moves.
func rawMoves(intents ...string) []json.RawMessage {
	out := make([]json.RawMessage, len(intents))
	for i, s := range intents {
		out[i] = json.RawMessage(s)
	}
	return out
}
