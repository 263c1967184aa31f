package game

// ChapterResult is how a finished chapter of a co-operative campaign game
// (Jekyll & Hyde: the partners play against the game) ends, for its
// players' records: such a game has no rating, each account keeps per
// chapter the games played and won and its best result.
type ChapterResult struct {
	Chapter  int    // the chapter's number
	Key      string // the chapter's key: its name is the game's message "<game>.chapter.<key>"
	Campaign bool   // the table kept the campaign score (stars)
	Won      bool   // the players won the chapter by its rules
	// CityTricks are the tricks the game's side took in the rounds played:
	// the fewer, the better a won chapter.
	CityTricks int
	Stars      int // campaign stars given (0 without the campaign score)
}

// ChapterRecorder is implemented by the states of co-operative campaign
// games: ChapterResult describes the chapter as it stands (the result of a
// game that is over).
type ChapterRecorder interface {
	ChapterResult() ChapterResult
}
